//! The library behind the `uhash` command-line tool (package `uhash-cli`).
//!
//! The tool's commands are thin over three modules, which the fuzz targets
//! and the benchmarks use too:
//!
//! | module | what |
//! |---|---|
//! | [`alg`] | the algorithm table of `uhash mac`/`verify`/`hash`/`keygen`: name → key, nonce and output sizes, constructor |
//! | [`kat`] | the known-answer driver behind `uhash kat` (JSON Lines, `docs/kat.md`), production and reference |
//! | [`epsilon`] | the ε lab behind `uhash epsilon`: measured collision and differential probabilities against the papers' bounds |
//! | [`family`] | the registry: one file per family with its kat rows and handlers, engines and algorithm rows; [`family::FAMILIES`] lists them |
//!
//! Applications that hash or MAC should depend on the library crates (the
//! facade `uhash` or a family crate), not on this one.
#![forbid(unsafe_code)]

pub mod alg;
pub mod epsilon;
pub mod family;
pub mod kat;
