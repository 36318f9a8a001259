//! # uhash — fast, provably secure universal hash functions and MACs
//!
//! This is the facade crate of the `uhash` workspace. It re-exports the
//! family crates under short module names, so that an application can depend
//! on `uhash` alone, and it owns the `uhash` command-line tool.
//!
//! | module | crate | contents |
//! |---|---|---|
//! | [`core`] | `uhash-core` | shared constant-time arithmetic: reductions, widening multiplies, Toeplitz key windows, keys, errors, backend selection |
//! | [`dfc_decorr`] | `dfc-decorr` | the DFC decorrelation module ((a·x + b) mod (2^64+13)) mod 2^64 in every strategy of Noilhan's paper, the Horner hash `DfcHash` and its MAC `DfcMac` |
//! | [`mmh`] | `mmh` | MMH32, Toeplitz MMH32, NMH32, MMH64 and NH exact to the papers: fixed-length functions, long-message hashes with `UniversalHash`, Wegman–Carter MACs; soft, AVX2, AVX-512, IFMA, mulx and NEON backends |
//! | [`digest_mw`] | `digest-mw` | Nguyen–Roscoe digest, trunc, digestMW and digest′ exact to the paper: fixed-length functions (b = 16, 32, 64), digest′ for manual authentication, long-message hashes with `UniversalHash`, Wegman–Carter MACs; soft, AVX2, AVX-512 and NEON backends |
//! | [`sqh`] | `sqh` | Square Hash (Etzel–Patel–Ramzan): SQH, SQHU, SQH\*, SQHasm, SQHasm2, SQHc, SQHc2, SQHE for w = 1..5, Toeplitz, long-message hashes and MACs; soft and AVX2 backends |
//! | [`kat`] | (this crate) | the known-answer driver behind `uhash kat` |
//! | [`epsilon`] | (this crate) | the ε lab behind `uhash epsilon`: measured collision probabilities at reduced widths beside the bounds |
//!
//! The other hash families (the Nguyen–Roscoe digest, Poly1305-AES) join
//! this list as their crates land.
//!
//! ## The `uhash` tool
//!
//! `uhash kat` reads one JSON call per line on stdin and writes one JSON
//! answer per line on stdout; see [`kat`] and `docs/kat.md` for the record
//! format, the names it knows and the byte layouts.
#![forbid(unsafe_code)]

pub use dfc_decorr;
pub use digest_mw;
pub use mmh;
pub use poly1305_aes;
pub use sqh;
pub use uhash_core as core;
pub use umac;

pub mod alg;
pub mod epsilon;
pub mod kat;
