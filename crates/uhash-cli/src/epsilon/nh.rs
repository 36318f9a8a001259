//! NH with w-bit words and its Toeplitz form (Black, Halevi, Krawczyk,
//! Krovetz, Rogaway, *UMAC*, CRYPTO 1999; restated by Nguyen–Roscoe §4.2;
//! `uhash_ref::nh::nh_w`):
//!
//! NH_K(M) = Σ_{i=1}^{l/2} ((m_{2i−1} + k_{2i−1}) mod 2^w)·((m_{2i} + k_{2i}) mod 2^w) mod 2^(2w),
//!
//! over adjacent pairs; Toeplitz NH: output r uses the key shifted by 2r
//! words (key l + 2(n − 1) words), output ⟨d_1, …, d_n⟩.
//!
//! **Bounds.** NH is 2^-w-AU (UMAC Thm. 1; Nguyen–Roscoe Table 1:
//! εc = 2^-b for a 2b-bit output) — collisions only: NH is not AΔU
//! (`crates/mmh/src/lib.rs` §NH), so its Δ statistic is printed without a
//! bound, to show how far from Δ-universal it is. Toeplitz NH with n
//! outputs: 2^(−wn) (UMAC's Toeplitz theorem; `crates/mmh/src/lib.rs`).
//!
//! The lab measures NH with l = 2 words and Toeplitz NH with l = 4 words
//! (with l = 2 the two rows would use disjoint keys) and n = 2.
//! [`Nh::unshifted`] is the broken Toeplitz variant with no key shift (both
//! rows equal), which the tests use to show the harness sees violations.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, all_pairs, edge_values, unpack, vectors};

/// NH_w over l words with n outputs, key shifted by `shift` words per output.
#[derive(Clone, Debug)]
pub struct Nh {
    /// Word bits.
    pub w: u32,
    /// Message words (even).
    pub l: u32,
    /// Outputs.
    pub n: u32,
    /// Key shift per output (2 for the Toeplitz construction).
    pub shift: u32,
}

impl Nh {
    /// NH_w (one output) over l words.
    pub fn new(w: u32, l: u32) -> Self {
        Nh {
            w,
            l,
            n: 1,
            shift: 2,
        }
    }

    /// Toeplitz NH_w, n outputs, key shifted by two words per output.
    pub fn toeplitz(w: u32, l: u32, n: u32) -> Self {
        Nh { w, l, n, shift: 2 }
    }

    /// The broken variant: n outputs under the same key.
    pub fn unshifted(w: u32, l: u32, n: u32) -> Self {
        Nh { w, l, n, shift: 0 }
    }

    fn key_words(&self) -> u32 {
        self.l + self.shift * (self.n - 1)
    }

    /// One NH value.
    pub fn row(&self, k: &[u64], m: &[u64]) -> u64 {
        let mask = (1u64 << self.w) - 1;
        let sum: u64 = k
            .chunks(2)
            .zip(m.chunks(2))
            .map(|(k, m)| ((m[0] + k[0]) & mask) * ((m[1] + k[1]) & mask))
            .fold(0u64, u64::wrapping_add);
        sum & ((1u64 << (2 * self.w)) - 1)
    }
}

impl Construction for Nh {
    fn key_count(&self) -> u64 {
        1 << (self.w * self.key_words())
    }
    fn message_count(&self) -> u64 {
        1 << (self.w * self.l)
    }
    fn group(&self) -> Group {
        Group {
            q: 1 << (2 * self.w),
            n: self.n,
        }
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let l = self.l as usize;
        let m = unpack(msg, self.w, l);
        let kw = self.key_words() as usize;
        for (i, o) in out.iter_mut().enumerate() {
            let k = unpack(key0 + i as u64, self.w, kw);
            let mut v = 0;
            for r in 0..self.n as usize {
                let s = r * self.shift as usize;
                v |= self.row(&k[s..s + l], &m[..l]) << (2 * self.w * r as u32);
            }
            *o = v as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let mut v = edge_values(self.w, 1 << self.w);
        if self.l > 2 {
            v = vec![0, 1, (1 << (self.w - 1)), (1 << self.w) - 1];
        }
        all_pairs(&vectors(&v, self.w, self.l as usize))
    }
    fn show(&self, msg: u64) -> String {
        let w = unpack(msg, self.w, self.l as usize);
        let s: Vec<String> = w[..self.l as usize].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

/// The specs at width w (2..=8; Toeplitz up to 3).
pub fn specs(w: u32) -> Vec<Spec> {
    if !(2..=8).contains(&w) {
        return Vec::new();
    }
    let mut out = vec![Spec {
        family: "nh",
        panel: "NH_w (l = 2) and Toeplitz NH_w (l = 4, n = 2)",
        name: "NH_w".into(),
        params: "l=2".into(),
        x: w,
        exp: w,
        cons: Box::new(Nh::new(w, 2)),
        extras: Extras::default(),
        stats: vec![
            (
                Stat::Collision,
                vec![Bound::pow2("paper", 1.0, w, "UMAC Thm. 1 (NR Table 1)")],
            ),
            (Stat::Delta, Vec::new()),
        ],
    }];
    if w <= 3 {
        out.push(Spec {
            family: "nh",
            panel: "NH_w (l = 2) and Toeplitz NH_w (l = 4, n = 2)",
            name: "Toeplitz NH_w".into(),
            params: "l=4, n=2".into(),
            x: w,
            exp: 2 * w,
            cons: Box::new(Nh::toeplitz(w, 4, 2)),
            extras: Extras::default(),
            stats: vec![(
                Stat::Collision,
                vec![Bound::pow2(
                    "paper",
                    1.0,
                    2 * w,
                    "UMAC Toeplitz thm. (NR Table 1: 2^(−nb))",
                )],
            )],
        });
    }
    out
}
