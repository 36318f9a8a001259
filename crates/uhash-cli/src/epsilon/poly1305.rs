//! Poly1305's polynomial over a small prime (Bernstein, *The Poly1305-AES
//! message-authentication code*, FSE 2005, §2 and §3).
//!
//! **Definition, scaled down** (`uhash_ref::poly1305::poly_mod_prime`, which
//! at 8-bit units, 16-unit chunks and 2^130 − 5 is `poly1305_mod_p`): the
//! chunk width b (even) replaces 128 bits; a message is up to 2q units of
//! b/2 bits (the reduced "byte": two per chunk instead of sixteen); chunk i
//! read little-endian plus 2^(bits in the chunk) is c_i ("append a 1"); the
//! prime is the largest one below 2^(b+2), as 2^130 − 5 is the largest below
//! 2^130; the authenticator's hash part is
//!
//! H_r(m) = ((c_1 r^q + … + c_q r) mod p) mod 2^b.
//!
//! **Clamping.** The real r clears the top four bits of each 32-bit limb
//! and the bottom two bits of limbs 1–3 (2^106 of 2^128 values). With two
//! units the idea is scaled as far as it goes: the top bit of each unit and
//! the bottom bit of unit 1 are cleared (2^(b−3) values). Theorem 3.3 holds
//! for **any** set R of r values, so the lab measures both R = clamped and
//! R = all of [0, 2^b).
//!
//! **Bound** (Thm. 3.3): for distinct messages of at most q chunks and any
//! g, at most U·q values r ∈ R satisfy H_r(m) = H_r(m′) + g, U the number of
//! integers in (−p, p) congruent to g mod 2^b (8 for 2^130 − 5 and 2^128;
//! here [`super::wrap_count`], also 8): ε = U·q/#R.

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, VarMsgs, all_pairs, prime_below};

/// The reduced Poly1305 polynomial.
#[derive(Clone, Debug)]
pub struct Poly {
    /// Chunk bits (even).
    pub b: u32,
    /// The largest prime below 2^(b+2).
    pub p: u64,
    /// The messages.
    pub msgs: VarMsgs,
    /// r from the clamped set.
    pub clamp: bool,
}

impl Poly {
    /// Messages of at most `chunks` chunks.
    pub fn new(b: u32, chunks: u32, clamp: bool) -> Self {
        Poly {
            b,
            p: prime_below(b + 2),
            msgs: VarMsgs {
                unit_bits: b / 2,
                max_units: 2 * chunks,
            },
            clamp,
        }
    }

    /// The free bit positions of a clamped r (unit 0: bits 0 … u−2; unit 1:
    /// bits u+1 … 2u−2).
    fn free_bits(&self) -> Vec<u32> {
        let u = self.b / 2;
        (0..u - 1).chain(u + 1..2 * u - 1).collect()
    }

    /// The r of key index `key`.
    pub fn r(&self, key: u64) -> u64 {
        if !self.clamp {
            return key;
        }
        self.free_bits()
            .iter()
            .enumerate()
            .fold(0, |r, (i, &bit)| r | (((key >> i) & 1) << bit))
    }

    /// H_r(m) for the units of m.
    pub fn hash(&self, r: u64, units: &[u64]) -> u64 {
        let u = self.msgs.unit_bits;
        let mut acc = 0u64;
        for chunk in units.chunks(2) {
            let c = chunk
                .iter()
                .enumerate()
                .fold(0, |v, (j, &x)| v | (x << (u * j as u32)))
                + (1 << (u * chunk.len() as u32));
            acc = ((acc + c) * r) % self.p;
        }
        acc & ((1 << self.b) - 1)
    }
}

impl Construction for Poly {
    fn key_count(&self) -> u64 {
        if self.clamp {
            1 << (self.b - 3)
        } else {
            1 << self.b
        }
    }
    fn message_count(&self) -> u64 {
        self.msgs.count()
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let (units, len) = self.msgs.decode(msg);
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.hash(self.r(key0 + i as u64), &units[..len]) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let u = self.msgs.unit_bits;
        let v = [0, 1, (1 << (u - 1)), (1 << u) - 1];
        all_pairs(&self.msgs.structured(&v, 2))
    }
    fn show(&self, msg: u64) -> String {
        self.msgs.show(msg)
    }
}

/// The specs at width b (even, 4..=16): q = 1 and 2 chunks, r clamped and
/// not.
pub fn specs(b: u32) -> Vec<Spec> {
    if !b.is_multiple_of(2) || !(4..=16).contains(&b) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for q in [1u32, 2] {
        for clamp in [true, false] {
            let c = Poly::new(b, q, clamp);
            let u = super::wrap_count(c.p, b) as f64;
            let keys = c.key_count();
            let bound = Bound::custom(
                "paper",
                u * f64::from(q) / keys as f64,
                format!("{}·{q}·2^-{}", super::report::num(u), keys.trailing_zeros()),
                "Poly1305 Thm. 3.3: U·q/#R",
            );
            out.push(Spec {
                family: "poly1305",
                panel: "Poly1305 polynomial (p < 2^(b+2))",
                name: "Poly1305".into(),
                params: format!("q≤{q}, r {}", if clamp { "clamped" } else { "all" }),
                x: b,
                exp: b,
                cons: Box::new(c),
                extras: Extras::default(),
                stats: vec![
                    (Stat::Delta, vec![bound.clone()]),
                    (Stat::Collision, vec![bound]),
                ],
            });
        }
    }
    out
}
