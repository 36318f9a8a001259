//! The long-message composite of `uhash-base::long` at a reduced size.
//!
//! **Definition** (`crates/uhash-core/src/long.rs` §Definition and
//! `uhash_ref::long::long_hash`, with every width scaled to b and one lane):
//! a message is 0 to 4 words of b bits; it is cut into c = ⌈len/2⌉ chunks of
//! C = 2 words, the last zero-padded;
//!
//! 1. level 1: y_j = MMH_b(k1, chunk_j) (k1: 2 words);
//! 2. level 2: z = (y_1·k2^(c+1) + … + y_c·k2^2 + len·k2) mod q,
//!    q the largest prime below 2^(b+2) (as 2^130 − 5 below 2^130), k2 a
//!    b-bit key (as the 128-bit key below 2^130 − 5);
//! 3. level 3: the output is MMH_b(k3, ⟨z_0, z_1⟩) over the two b-bit words
//!    of z (as MMH32 over the five 32-bit words of z), k3: 2 words.
//!
//! Keys: k1, k2, k3 uniform and independent, 2^(5b) in all.
//!
//! **Bound** (`uhash-base::long` §Collision bound, one lane):
//! ε₁ + ε₂ + ε₃ with ε₁ = 6·2^-b (MMH_b's collision bound on one chunk),
//! ε₂ = (c+1)/2^b for c ≤ 2 chunks (at most c + 1 roots of the level-2
//! polynomial among 2^b keys), ε₃ = 6·2^-b (Thm. 8 for level 3):
//! **15·2^-b**.
//!
//! All 2^(5b) keys are enumerated per pair, fast: the pairs (z, z′) are
//! counted over (k1, k2) first and each distinct pair's level-3 differences
//! over k3 are then added with its count ([`Construction::pair_hist`]).

use std::collections::HashMap;

use super::engine::{Construction, Group};
use super::mmh::{Mmh, Variant};
use super::{Bound, Extras, Spec, Stat, VarMsgs, all_pairs, prime_below};

/// The composite with b-bit words.
#[derive(Clone, Debug)]
pub struct Long {
    /// Word bits.
    pub b: u32,
    /// The level-2 prime.
    pub q: u64,
    mmh1: Mmh,
    /// The messages (units are words).
    pub msgs: VarMsgs,
    /// Level-3 outputs: l3[z·2^(2b) + k3].
    l3: Vec<u32>,
}

impl Long {
    /// The composite at width b (messages of up to 4 words).
    pub fn new(b: u32) -> Self {
        let q = prime_below(b + 2);
        let mmh = Mmh::new(b, 2, Variant::Mmh);
        let k3s = 1u64 << (2 * b);
        let mask = (1u64 << b) - 1;
        let mut l3 = Vec::with_capacity((q * k3s) as usize);
        for z in 0..q {
            for k3 in 0..k3s {
                l3.push(mmh.hash(&[k3 & mask, k3 >> b], &[z & mask, z >> b]) as u32);
            }
        }
        Long {
            b,
            q,
            mmh1: mmh,
            msgs: VarMsgs {
                unit_bits: b,
                max_units: 4,
            },
            l3,
        }
    }

    /// z (levels 1 and 2) for key words k1 = (x1, x2) and k2.
    pub fn level2(&self, x: [u64; 2], k2: u64, words: &[u64]) -> u64 {
        let mut z = 0u64;
        for chunk in words.chunks(2) {
            let m = [chunk[0], chunk.get(1).copied().unwrap_or(0)];
            let y = self.mmh1.hash(&x, &m);
            // Horner: z ← (z + y)·k2, giving y_1·k2^(c+1) + … after the
            // length step below.
            z = ((z + y) * k2) % self.q;
        }
        ((z + words.len() as u64) * k2) % self.q
    }

    /// The full output for a key index (k1 low, then k2, then k3).
    pub fn hash(&self, key: u64, words: &[u64]) -> u64 {
        let (b, mask) = (self.b, (1u64 << self.b) - 1);
        let x = [key & mask, (key >> b) & mask];
        let k2 = (key >> (2 * b)) & mask;
        let k3 = key >> (3 * b);
        let z = self.level2(x, k2, words);
        u64::from(self.l3[((z << (2 * b)) + k3) as usize])
    }
}

impl Construction for Long {
    fn key_count(&self) -> u64 {
        1 << (5 * self.b)
    }
    fn message_count(&self) -> u64 {
        self.msgs.count()
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let (w, len) = self.msgs.decode(msg);
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.hash(key0 + i as u64, &w[..len]) as u32;
        }
    }
    fn pair_hist(&self, m1: u64, m2: u64, hist: &mut [u64]) -> bool {
        let b = self.b;
        let mask = (1u64 << b) - 1;
        let (w1, l1) = self.msgs.decode(m1);
        let (w2, l2) = self.msgs.decode(m2);
        let mut pairs: HashMap<(u64, u64), u64> = HashMap::new();
        for k12 in 0..1u64 << (3 * b) {
            let x = [k12 & mask, (k12 >> b) & mask];
            let k2 = k12 >> (2 * b);
            let z1 = self.level2(x, k2, &w1[..l1]);
            let z2 = self.level2(x, k2, &w2[..l2]);
            *pairs.entry((z1, z2)).or_insert(0) += 1;
        }
        let k3s = 1usize << (2 * b);
        let g = self.group();
        for ((z1, z2), n) in pairs {
            if z1 == z2 {
                hist[0] += n * k3s as u64;
                continue;
            }
            let r1 = &self.l3[z1 as usize * k3s..(z1 as usize + 1) * k3s];
            let r2 = &self.l3[z2 as usize * k3s..(z2 as usize + 1) * k3s];
            for (&a, &c) in r1.iter().zip(r2) {
                hist[g.diff(u64::from(a), u64::from(c)) as usize] += n;
            }
        }
        true
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let v = [0, 1, (1 << self.b) - 1];
        all_pairs(&self.msgs.structured(&v, 2))
    }
    fn show(&self, msg: u64) -> String {
        self.msgs.show(msg)
    }
}

/// The specs at width b (3..=6).
pub fn specs(b: u32) -> Vec<Spec> {
    if !(3..=6).contains(&b) {
        return Vec::new();
    }
    let bound = Bound::custom(
        "ours",
        15.0 * (-f64::from(b)).exp2(),
        format!("(6 + 3 + 6)·2^-{b}"),
        "uhash-base long.rs: ε₁ + ε₂ + ε₃, c ≤ 2",
    );
    vec![Spec {
        family: "long",
        panel: "long-message composite (1 lane)",
        name: "long(MMH_b)".into(),
        params: "C=2 words, ≤4 words".into(),
        x: b,
        exp: b,
        cons: Box::new(Long::new(b)),
        extras: Extras::default(),
        stats: vec![
            (Stat::Delta, vec![bound.clone()]),
            (Stat::Collision, vec![bound]),
        ],
    }]
}
