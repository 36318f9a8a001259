//! MMH with b-bit words (Halevi–Krawczyk, *MMH*, FSE 1997) and its
//! half-way family H_b of Lemma 7.
//!
//! **Definition** (Def. 5 with 32 replaced by b, as `uhash_ref::mmh::mmh_b`;
//! §3: "the approach is general and can be used with different
//! parameters", §4: "the same analysis works for similar constructions using
//! word-length other than 32 bits"): for k words,
//!
//! MMH_b: h_x(m) = [[[Σ m_i x_i] mod 2^(2b)] mod p_b] mod 2^b,
//! H_b:   h̃_x(m) = [[Σ m_i x_i] mod 2^(2b)] mod p_b (Def. 6),
//!
//! with p_b the smallest prime above 2^b (footnote 4's choice for b = 32:
//! "2^32 + 15 is the smallest"); keys and messages are b-bit words.
//!
//! **Bounds.** Lemma 7: H_b is 2·2^-b-AΔU mod p_b (one product adds at most
//! one carry to the sum mod 2^(2b); the carry difference cannot take both
//! values ±1; x₁ < 2^b < p_b are distinct residues). Theorem 8: MMH_b is
//! 2·N·2^-b-AΔU mod 2^b, N the number of integers in (−p_b, p_b) congruent
//! to one δ mod 2^b ([`super::wrap_count`]; N = 3 whenever
//! p_b < 2^b + 2^(b−1), so 6·2^-b). Nothing in either proof depends on k
//! or on b = 32. Collisions are the case δ = 0.
//!
//! The lab measures k = 2 words: the smallest k with carries out of the
//! 2b-bit sum. [`Mmh::unreduced`] is a deliberately broken variant (no
//! `mod p_b`) that the tests use to show that the harness sees violations.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, all_pairs, edge_values, prime_above, unpack, vectors};

/// What the construction outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// MMH_b (Def. 5): the value mod p_b, then mod 2^b.
    Mmh,
    /// H_b (Def. 6): the value mod p_b.
    Hb,
    /// Broken on purpose: [Σ m_i x_i] mod 2^b, no prime at all.
    Unreduced,
}

/// MMH_b / H_b with k words of b bits.
#[derive(Clone, Debug)]
pub struct Mmh {
    /// Word bits.
    pub b: u32,
    /// Message words.
    pub k: u32,
    /// p_b.
    pub p: u64,
    /// Which output.
    pub variant: Variant,
}

impl Mmh {
    /// MMH_b with k words.
    pub fn new(b: u32, k: u32, variant: Variant) -> Self {
        Mmh {
            b,
            k,
            p: prime_above(b),
            variant,
        }
    }

    /// The deliberately broken variant (no mod p_b).
    pub fn unreduced(b: u32, k: u32) -> Self {
        Self::new(b, k, Variant::Unreduced)
    }

    /// h_x(m) for word vectors.
    pub fn hash(&self, x: &[u64], m: &[u64]) -> u64 {
        let sum: u128 = x.iter().zip(m).map(|(&x, &m)| u128::from(x * m)).sum();
        let s = (sum & ((1u128 << (2 * self.b)) - 1)) as u64;
        match self.variant {
            Variant::Mmh => (s % self.p) & ((1 << self.b) - 1),
            Variant::Hb => s % self.p,
            Variant::Unreduced => s & ((1 << self.b) - 1),
        }
    }
}

impl Construction for Mmh {
    fn key_count(&self) -> u64 {
        1 << (self.b * self.k)
    }
    fn message_count(&self) -> u64 {
        1 << (self.b * self.k)
    }
    fn group(&self) -> Group {
        match self.variant {
            Variant::Hb => Group::cyclic(self.p),
            _ => Group::cyclic(1 << self.b),
        }
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let k = self.k as usize;
        let m = unpack(msg, self.b, k);
        for (i, o) in out.iter_mut().enumerate() {
            let x = unpack(key0 + i as u64, self.b, k);
            *o = self.hash(&x[..k], &m[..k]) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let v = vectors(&edge_values(self.b, self.p), self.b, self.k as usize);
        all_pairs(&v)
    }
    fn show(&self, msg: u64) -> String {
        let w = unpack(msg, self.b, self.k as usize);
        let s: Vec<String> = w[..self.k as usize].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

/// The Thm. 8 bound 2·N·2^-b at width b.
pub fn theorem8(b: u32) -> Bound {
    let n = super::wrap_count(prime_above(b), b) as f64;
    Bound::pow2(
        "paper",
        2.0 * n,
        b,
        "MMH Thm. 8 (Lemma 7 × N wraps), b-bit words",
    )
}

/// The specs at width b (2..=12).
pub fn specs(b: u32) -> Vec<Spec> {
    if !(2..=12).contains(&b) {
        return Vec::new();
    }
    let t8 = theorem8(b);
    let lemma7 = Bound::pow2("paper", 2.0, b, "MMH Lemma 7 (mod p_b), b-bit words");
    vec![
        Spec {
            family: "mmh",
            panel: "MMH_b and H_b (k = 2)",
            name: "MMH_b".into(),
            params: "k=2".into(),
            x: b,
            exp: b,
            cons: Box::new(Mmh::new(b, 2, Variant::Mmh)),
            extras: Extras::default(),
            stats: vec![(Stat::Delta, vec![t8.clone()]), (Stat::Collision, vec![t8])],
        },
        Spec {
            family: "mmh",
            panel: "MMH_b and H_b (k = 2)",
            name: "H_b".into(),
            params: "k=2, mod p_b".into(),
            x: b,
            exp: b,
            cons: Box::new(Mmh::new(b, 2, Variant::Hb)),
            extras: Extras::default(),
            stats: vec![
                (Stat::Delta, vec![lemma7.clone()]),
                (Stat::Collision, vec![lemma7]),
            ],
        },
    ]
}
