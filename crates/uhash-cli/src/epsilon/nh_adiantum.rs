//! Adiantum's NH with w-bit words (Crowley, Biggers, *Adiantum*, ToSC
//! 2018(4), the "NH" subsection; `crates/nhpoly1305`,
//! `uhash_ref::nhpoly1305::nh_adiantum_w`):
//!
//! S_p = Σ_u Σ_{j=0,1} ((m_{4u+j} + k_{4u+j+4p}) mod 2^w)·((m_{4u+j+2} + k_{4u+j+2+4p}) mod 2^w) mod 2^(2w),
//!
//! over units of 4 words (word j of a unit paired with word j + 2), for
//! passes p = 0 … r − 1, each pass's key one unit (4 words) further; the
//! output ⟨S_0, …, S_{r−1}⟩ in (Z/2^(2w))^r. The real function is w = 32,
//! r = 4 passes, up to 64 units.
//!
//! **Bound.** For distinct messages of equal length, ε = 2^(−r·w) (the
//! paper's NH subsection, citing UMAC's 2^-w per pass and its Toeplitz
//! argument; `crates/nhpoly1305/src/lib.rs` §Bounds): 2^-128 at full width.
//! Collisions only: NH is not AΔU (as for UMAC's NH, [`super::nh`]), so its
//! Δ statistic is printed without a bound.
//!
//! **What is enumerated.** Every key of 4n + 4(r − 1) words for messages of
//! n units: at w = 1 the real r = 4 passes (n = 1: 2^16 keys; n = 2:
//! 2^20), at w = 2 r ≤ 3 passes with n = 1 and r ≤ 2 with n = 2, at w = 3
//! r ≤ 2 with n = 1, up to w = 6 one pass (n = 1). With n = 1 the passes use
//! disjoint key words; n = 2 is where the one-unit shift makes them share
//! key words (the Toeplitz case). [`NhAdiantum::unshifted`] is the broken
//! variant whose passes all use the same key, which the tests use to show
//! the harness sees the bound exceeded.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, all_pairs, pack, unpack_n, vectors};

/// The most words [`NhAdiantum::words`] unpacks (a key of 2 units and 4
/// passes is 20).
pub const MAX_WORDS: usize = 32;

/// The plot panel of the NH rows.
const PANEL: &str = "Adiantum NH_w (units of 4 words, r passes)";

/// Adiantum's NH_w over `units` units with `passes` passes, the key shifted
/// by `shift` words per pass (4 in Adiantum).
#[derive(Clone, Debug)]
pub struct NhAdiantum {
    /// Word bits.
    pub w: u32,
    /// Message units (4 words each).
    pub units: u32,
    /// Passes (outputs).
    pub passes: u32,
    /// Key shift per pass in words (4: one unit).
    pub shift: u32,
}

impl NhAdiantum {
    /// Adiantum's NH_w: `units` units, `passes` passes, key shifted by one
    /// unit per pass.
    pub fn new(w: u32, units: u32, passes: u32) -> Self {
        NhAdiantum {
            w,
            units,
            passes,
            shift: 4,
        }
    }

    /// The broken variant: every pass under the same key.
    pub fn unshifted(w: u32, units: u32, passes: u32) -> Self {
        NhAdiantum {
            w,
            units,
            passes,
            shift: 0,
        }
    }

    /// Message words.
    pub fn msg_words(&self) -> u32 {
        4 * self.units
    }

    /// Key words: the message's plus the shift of the last pass.
    pub fn key_words(&self) -> u32 {
        self.msg_words() + self.shift * (self.passes - 1)
    }

    /// The `count` (at most [`MAX_WORDS`]) little-endian `w`-bit words of
    /// an index.
    pub fn words(&self, index: u64, count: u32) -> [u64; MAX_WORDS] {
        assert!(count as usize <= MAX_WORDS, "{count} words");
        unpack_n(index, self.w, count as usize)
    }

    /// One pass: the NH sum of message words `m` under key words
    /// `k[..m.len()]`.
    pub fn pass(&self, k: &[u64], m: &[u64]) -> u64 {
        let mask = (1u64 << self.w) - 1;
        let mut sum = 0u64;
        for (ku, mu) in k[..m.len()].chunks(4).zip(m.chunks(4)) {
            for j in 0..2 {
                let a = (mu[j] + ku[j]) & mask;
                let b = (mu[j + 2] + ku[j + 2]) & mask;
                sum = sum.wrapping_add(a * b);
            }
        }
        sum & ((1u64 << (2 * self.w)) - 1)
    }

    /// The sums S_0 … S_{passes−1} (passes ≤ 4) of message words `m` under
    /// key words `k` (at least `m.len() + shift·(passes − 1)` of them).
    pub fn sums(&self, k: &[u64], m: &[u64]) -> [u64; 4] {
        assert!(self.passes <= 4 && k.len() >= m.len() + (self.shift * (self.passes - 1)) as usize);
        let mut out = [0u64; 4];
        for (p, s) in out.iter_mut().enumerate().take(self.passes as usize) {
            *s = self.pass(&k[p * self.shift as usize..], m);
        }
        out
    }

    /// The sums packed, S_p in bits 2wp … 2w(p+1) − 1.
    pub fn packed(&self, k: &[u64], m: &[u64]) -> u64 {
        pack(&self.sums(k, m)[..self.passes as usize], 2 * self.w)
    }
}

impl Construction for NhAdiantum {
    fn key_count(&self) -> u64 {
        1 << (self.w * self.key_words())
    }
    fn message_count(&self) -> u64 {
        1 << (self.w * self.msg_words())
    }
    fn group(&self) -> Group {
        Group {
            q: 1 << (2 * self.w),
            n: self.passes,
        }
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let words = self.msg_words();
        let m = self.words(msg, words);
        let m = &m[..words as usize];
        // Pass p reads the key words shift·p … shift·p + 4n − 1, a window of
        // the key index: with a table of one pass over every window (at
        // most 2^16 of them, not more than the keys asked for), each key
        // costs one lookup per pass.
        let window = self.w * words;
        if window <= 16 && out.len() as u64 >= 1 << window {
            let table: Vec<u64> = (0..1u64 << window)
                .map(|x| self.pass(&self.words(x, words)[..words as usize], m))
                .collect();
            let mask = (1u64 << window) - 1;
            for (i, o) in out.iter_mut().enumerate() {
                let key = key0 + i as u64;
                *o = (0..self.passes).fold(0u64, |v, p| {
                    let x = (key >> (self.w * self.shift * p)) & mask;
                    v | (table[x as usize] << (2 * self.w * p))
                }) as u32;
            }
            return;
        }
        for (i, o) in out.iter_mut().enumerate() {
            let k = self.words(key0 + i as u64, self.key_words());
            *o = self.packed(&k[..self.key_words() as usize], m) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        candidates(self.w, self.msg_words())
    }
    fn show(&self, msg: u64) -> String {
        let w = self.words(msg, self.msg_words());
        let s: Vec<String> = w[..self.msg_words() as usize]
            .iter()
            .map(u64::to_string)
            .collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

/// Every pair of `words`-word messages over the edge values: 0, 1, 2^(w−1),
/// 2^w − 1 for one unit (at most 256 messages), 0 and 1 for more (256 at
/// two units; four values would be 2^31 pairs).
pub fn candidates(w: u32, words: u32) -> Vec<(u64, u64)> {
    let mut v = if words <= 4 {
        vec![0, 1, 1 << (w - 1), (1 << w) - 1]
    } else {
        vec![0, 1]
    };
    v.sort_unstable();
    v.dedup();
    all_pairs(&vectors(&v, w, words as usize))
}

/// The (units, passes) measured at width w: every shape whose keys (at
/// most 2^24) can be enumerated, the real 4 passes at w = 1.
pub fn shapes(w: u32) -> Vec<(u32, u32)> {
    match w {
        1 => vec![(1, 4), (2, 4)],
        2 => vec![(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)],
        3 => vec![(1, 1), (1, 2)],
        4..=6 => vec![(1, 1)],
        _ => Vec::new(),
    }
}

/// The NH collision bound 2^(−passes·w) (its source names r, so that the
/// plot draws one bound line per pass count).
pub fn bound(w: u32, passes: u32) -> Bound {
    let source = match passes {
        1 => "Adiantum §NH: 2^(−rw), r = 1 (UMAC Thm. 1)",
        2 => "Adiantum §NH: 2^(−rw), r = 2 (UMAC Thm. 1 per pass, Toeplitz passes)",
        3 => "Adiantum §NH: 2^(−rw), r = 3 (UMAC Thm. 1 per pass, Toeplitz passes)",
        _ => "Adiantum §NH: 2^(−rw), r = 4 (UMAC Thm. 1 per pass, Toeplitz passes)",
    };
    Bound::pow2("paper", 1.0, passes * w, source).with_legend(&if passes == 1 {
        "2^-b".to_owned()
    } else {
        format!("2^-{passes}b")
    })
}

/// The specs at width w (1..=6).
pub fn specs(w: u32) -> Vec<Spec> {
    shapes(w)
        .into_iter()
        .map(|(units, passes)| Spec {
            family: "nhpoly1305",
            panel: PANEL,
            name: "Adiantum NH_w".into(),
            params: format!("n={units}, passes={passes}"),
            x: w,
            exp: passes * w,
            cons: Box::new(NhAdiantum::new(w, units, passes)),
            extras: Extras::default(),
            stats: vec![
                (Stat::Collision, vec![bound(w, passes)]),
                (Stat::Delta, Vec::new()),
            ],
        })
        .collect()
}
