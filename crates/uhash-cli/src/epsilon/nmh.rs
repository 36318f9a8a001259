//! NMH with b-bit words (Halevi–Krawczyk, *MMH*, §5, Def. 10 with 32
//! replaced by b, as `uhash_ref::mmh::nmh_b`):
//!
//! h_x(m) = [[[Σ_{i=1}^{k/2} (m_{2i−1} ± x_{2i−1})(m_{2i} ± x_{2i})] mod 2^(2b)] mod p_b] mod 2^b,
//!
//! ± addition mod 2^b, p_b the smallest prime above 2^b, k even.
//!
//! **Bounds.** The paper: "ε close to 2^-32" (no proof, no figure). Ours,
//! `crates/mmh/src/lib.rs` §NMH32 and `crates/mmh/src/fixed.rs` (`nmh32`):
//! ε = 12·2^-b-AΔU mod 2^b (2 intervals × 2 carry differences × 3 wraps),
//! which the lab checks; 2^-b is shown beside it as the paper's "close to".
//!
//! With k = 2 the single product is below 2^(2b), so no carry is dropped;
//! k = 4 (two pairs) has carries out of the 2b-bit sum.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, all_pairs, edge_values, prime_above, unpack, vectors};

/// NMH_b over k words.
#[derive(Clone, Debug)]
pub struct Nmh {
    /// Word bits.
    pub b: u32,
    /// Message words (even).
    pub k: u32,
    /// p_b.
    pub p: u64,
}

impl Nmh {
    /// NMH_b with k (even) words.
    pub fn new(b: u32, k: u32) -> Self {
        Nmh {
            b,
            k,
            p: prime_above(b),
        }
    }

    /// h_x(m) for word vectors.
    pub fn hash(&self, x: &[u64], m: &[u64]) -> u64 {
        let mask = (1u64 << self.b) - 1;
        let sum: u128 = x
            .chunks(2)
            .zip(m.chunks(2))
            .map(|(x, m)| u128::from(((m[0] + x[0]) & mask) * ((m[1] + x[1]) & mask)))
            .sum();
        let s = (sum & ((1u128 << (2 * self.b)) - 1)) as u64;
        (s % self.p) & mask
    }
}

impl Construction for Nmh {
    fn key_count(&self) -> u64 {
        1 << (self.b * self.k)
    }
    fn message_count(&self) -> u64 {
        1 << (self.b * self.k)
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
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
        let mut v = edge_values(self.b, self.p);
        if self.k > 2 {
            v.truncate(6);
            v.push((1 << self.b) - 1);
        }
        all_pairs(&vectors(&v, self.b, self.k as usize))
    }
    fn show(&self, msg: u64) -> String {
        let w = unpack(msg, self.b, self.k as usize);
        let s: Vec<String> = w[..self.k as usize].iter().map(u64::to_string).collect();
        format!("⟨{}⟩", s.join(", "))
    }
}

/// The bounds at width b.
pub fn bounds(b: u32) -> Vec<Bound> {
    let n = super::wrap_count(prime_above(b), b) as f64;
    vec![
        Bound::pow2(
            "ours",
            4.0 * n,
            b,
            "crates/mmh/src/lib.rs §NMH32: 12·2^-b (4 solutions × N wraps)",
        ),
        Bound::pow2("claim", 1.0, b, "MMH §5: \"ε close to 2^-32\" (no proof)"),
    ]
}

/// The specs at width b (2..=10; k = 4 from b = 2 to 4).
pub fn specs(b: u32) -> Vec<Spec> {
    if !(2..=10).contains(&b) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for k in [2u32, 4] {
        if k == 4 && b > 4 {
            continue;
        }
        out.push(Spec {
            family: "nmh",
            panel: "NMH_b",
            name: "NMH_b".into(),
            params: format!("k={k}"),
            x: b,
            exp: b,
            cons: Box::new(Nmh::new(b, k)),
            extras: Extras::default(),
            stats: vec![(Stat::Delta, bounds(b)), (Stat::Collision, bounds(b))],
        });
    }
    out
}
