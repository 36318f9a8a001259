//! The DFC decorrelation module over a small prime of the same shape, and
//! the Horner hash built on it.
//!
//! **Definitions.** The module (Noilhan §2, "ax + b mod 2^64 + 13 mod
//! 2^64") with b-bit words: h_{a,c}(x) = ((a·x + c) mod p) mod 2^b, p the
//! smallest prime above 2^b — the shape of 2^64 + 13, the smallest prime
//! above 2^64 (`uhash_ref::dfc::dfc_module_b`). The key (a, c) is uniform in
//! [0, 2^b)², x ∈ [0, 2^b). The Horner hash (`dfc-decorr`'s `DfcHash`,
//! `uhash_ref::dfc::horner_hash_units`) scaled down: a message is up to 2ℓ
//! units of b/2 bits (the reduced "byte"), blocks are two units (the last
//! zero-padded), the number of units is appended as a length block, acc ←
//! (a·acc + m_i) mod p, output ((a·acc + c) mod p) mod 2^b.
//!
//! **Bounds.** The seed paper states none (it is about speed); the DFC
//! design claims pairwise decorrelation. Checked here:
//!
//! * module, Δ (and collisions): 3·2^-b — `crates/dfc-decorr/src/hash.rs`'s
//!   argument with one block: D(a) = a·(x − x′) has one root per integer
//!   difference t ≡ δ (mod 2^b) in (−p, p), of which there are ≤ 3;
//! * module, joint Pr[h(x) = y ∧ h(x′) = y′] ≤ 4·2^(−2b) (derived here:
//!   each of y, y′ lifts to ≤ 2 residues in [0, p), and each residue pair
//!   fixes (a, c) mod p, as x ≠ x′);
//! * Horner hash with messages of at most ℓ blocks: 3(ℓ+1)·2^-b
//!   (`crates/dfc-decorr/src/hash.rs`, "Collision bound").

use super::engine::{Construction, Group};
use super::{Bound, Extras, Spec, Stat, VarMsgs, all_pairs, edge_values, prime_above};

/// The module h_{a,c}(x) = ((a·x + c) mod p) mod 2^b.
#[derive(Clone, Debug)]
pub struct DfcModule {
    /// Word bits.
    pub b: u32,
    /// The smallest prime above 2^b.
    pub p: u64,
}

impl DfcModule {
    /// The module at width b.
    pub fn new(b: u32) -> Self {
        DfcModule {
            b,
            p: prime_above(b),
        }
    }

    /// ((a·x + c) mod p) mod 2^b.
    pub fn hash(&self, a: u64, c: u64, x: u64) -> u64 {
        ((a * x + c) % self.p) & ((1 << self.b) - 1)
    }
}

impl Construction for DfcModule {
    fn key_count(&self) -> u64 {
        1 << (2 * self.b)
    }
    fn message_count(&self) -> u64 {
        1 << self.b
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let mask = (1u64 << self.b) - 1;
        for (i, o) in out.iter_mut().enumerate() {
            let key = key0 + i as u64;
            *o = self.hash(key & mask, key >> self.b, msg) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        all_pairs(&edge_values(self.b, self.p))
    }
}

/// The Horner hash over blocks of two b/2-bit units.
#[derive(Clone, Debug)]
pub struct DfcHorner {
    /// Block bits (even).
    pub b: u32,
    /// The smallest prime above 2^b.
    pub p: u64,
    /// The messages.
    pub msgs: VarMsgs,
}

impl DfcHorner {
    /// Messages of at most `blocks` blocks of two b/2-bit units.
    pub fn new(b: u32, blocks: u32) -> Self {
        DfcHorner {
            b,
            p: prime_above(b),
            msgs: VarMsgs {
                unit_bits: b / 2,
                max_units: 2 * blocks,
            },
        }
    }

    /// The hash of `units` under (a, c).
    pub fn hash(&self, a: u64, c: u64, units: &[u64]) -> u64 {
        let u = self.msgs.unit_bits;
        let mut acc = 0u64;
        for block in units.chunks(2) {
            let m = block
                .iter()
                .enumerate()
                .fold(0, |v, (j, &x)| v | (x << (u * j as u32)));
            acc = (a * acc + m) % self.p;
        }
        acc = (a * acc + units.len() as u64) % self.p;
        ((a * acc + c) % self.p) & ((1 << self.b) - 1)
    }
}

impl Construction for DfcHorner {
    fn key_count(&self) -> u64 {
        1 << (2 * self.b)
    }
    fn message_count(&self) -> u64 {
        self.msgs.count()
    }
    fn group(&self) -> Group {
        Group::cyclic(1 << self.b)
    }
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]) {
        let (units, len) = self.msgs.decode(msg);
        let mask = (1u64 << self.b) - 1;
        for (i, o) in out.iter_mut().enumerate() {
            let key = key0 + i as u64;
            *o = self.hash(key & mask, key >> self.b, &units[..len]) as u32;
        }
    }
    fn candidates(&self) -> Vec<(u64, u64)> {
        let u = self.msgs.unit_bits;
        let v = [0, 1, (1 << u) - 1];
        all_pairs(&self.msgs.structured(&v, 2))
    }
    fn show(&self, msg: u64) -> String {
        self.msgs.show(msg)
    }
}

/// The specs at width b: the module (b ≤ 10), the Horner hash with ℓ = 1
/// (even b ≤ 10) and ℓ = 2 (even b ≤ 8).
pub fn specs(b: u32) -> Vec<Spec> {
    let mut out = Vec::new();
    if (2..=10).contains(&b) {
        let delta = Bound::pow2(
            "ours",
            super::wrap_count(prime_above(b), b) as f64,
            b,
            "dfc-decorr hash.rs argument, one block: 3·2^-b",
        );
        out.push(Spec {
            family: "dfc",
            panel: "DFC module and Horner hash",
            name: "DFC module".into(),
            params: "p = next prime > 2^b".into(),
            x: b,
            exp: b,
            cons: Box::new(DfcModule::new(b)),
            extras: Extras {
                joint: true,
                dist: false,
            },
            stats: vec![
                (Stat::Delta, vec![delta.clone()]),
                (Stat::Collision, vec![delta]),
                (
                    Stat::Joint,
                    vec![Bound::pow2(
                        "ours",
                        4.0,
                        2 * b,
                        "derived in src/epsilon/dfc.rs: 4·2^(-2b)",
                    )],
                ),
            ],
        });
    }
    for blocks in [1u32, 2] {
        let max_b = if blocks == 1 { 10 } else { 8 };
        if b.is_multiple_of(2) && (2..=max_b).contains(&b) {
            let n = super::wrap_count(prime_above(b), b) as f64;
            let bound = Bound::pow2(
                "ours",
                n * f64::from(blocks + 1),
                b,
                "crates/dfc-decorr/src/hash.rs: 3(ℓ+1)·2^-b",
            );
            out.push(Spec {
                family: "dfc",
                panel: "DFC module and Horner hash",
                name: "DFC Horner hash".into(),
                params: format!("ℓ≤{blocks} blocks of 2 units"),
                x: b,
                exp: b,
                cons: Box::new(DfcHorner::new(b, blocks)),
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
