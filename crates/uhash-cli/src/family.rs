//! The one registry of the families: what the tool, the kat driver, the
//! benchmarks and the tests iterate.
//!
//! Each family of the workspace is one file here, `family/<crate>.rs`,
//! holding everything the tool knows of it: its `uhash kat` rows with both
//! handlers (production from the family crate through the facade,
//! reference from `uhash-ref`), the engines `--backend` chooses from, and
//! its rows of the algorithm table of `uhash mac`/`hash`/`keygen`. That
//! file ends in one [`Family`] value, and [`FAMILIES`] lists those values:
//! adding a family to the tool is its file and one entry below
//! (ARCHITECTURE.md, "Recipe: add a family"). The other per-family lists —
//! the fuzz targets, the benchmarks' constant-time registry — are checked
//! against this one by tests (`tests/suite/registry.rs` here, `ct` in
//! uhash-bench): a family missing from one of them fails.

use crate::alg::row::Alg;
use crate::kat::backends::Engines;
use crate::kat::table::FnEntry;

pub mod base;
pub mod dfc_decorr;
pub mod digest_mw;
pub mod mmh;
pub mod nhpoly1305;
pub mod poly1305_aes;
pub mod sqh;
pub mod umac;

/// What the tool knows of one family.
#[derive(Debug)]
pub struct Family {
    /// The package (`uhash-mmh`, `poly1305-aes`, …; `uhash-base` for the
    /// shared constructions).
    pub package: &'static str,
    /// The engines its production answers run on (`uhash kat --backend`).
    pub engines: &'static [Engines],
    /// Its rows of the `uhash kat` dispatch table.
    pub kat: &'static [FnEntry],
    /// Its rows of the algorithm table (`uhash mac`/`hash`/`keygen`).
    pub algs: &'static [Alg],
    /// Its cargo-fuzz target (`fuzz/fuzz_targets/<name>.rs`): every backend
    /// against the portable one, and that against the reference, on inputs
    /// the fuzzer draws (fuzz/README.md). A target `<name>_long`, where
    /// there is one, is the family's long-message tier.
    pub fuzz_target: &'static str,
    /// Its entries in the ε lab (`uhash epsilon NAME`, docs/epsilon.md):
    /// its constructions at reduced widths beside their bounds. Empty for
    /// the families whose lab entries are still in the lab's own list
    /// (`epsilon::FAMILIES`).
    pub epsilon: &'static [crate::epsilon::Entry],
}

/// Every family, in the order `uhash algs` and `uhash kat` list them.
pub static FAMILIES: &[&Family] = &[
    &poly1305_aes::FAMILY,
    &mmh::FAMILY,
    &sqh::FAMILY,
    &digest_mw::FAMILY,
    &dfc_decorr::FAMILY,
    &umac::FAMILY,
    &nhpoly1305::FAMILY,
    &base::FAMILY,
];

/// Every engine of every family, each once.
pub fn engines() -> impl Iterator<Item = Engines> {
    let mut seen: Vec<Engines> = Vec::new();
    for f in FAMILIES {
        for &e in f.engines {
            if !seen.contains(&e) {
                seen.push(e);
            }
        }
    }
    seen.into_iter()
}
