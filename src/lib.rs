#![doc = include_str!("../README.md")]
//!
//! # The facade
//!
//! This crate re-exports the family crates under short module names, each
//! behind the feature of its name (all on by default), so that an
//! application can depend on `uhash` alone. It is `no_std` (the families'
//! `std` features pass through) and its default build pulls in no
//! dependency of the command-line tool: the `uhash` tool is the package
//! `uhash-cli` (`cargo install uhash-cli`).
//!
//! | module | crate | feature | contents |
//! |---|---|---|---|
//! | [`base`] | `uhash-base` | always | shared constant-time arithmetic: reductions, widening multiplies, Toeplitz key windows, keys, errors, backend selection, the long-message construction and the Wegman–Carter MAC |
//! | `mmh` | `uhash-mmh` | `mmh` | MMH32, Toeplitz MMH32, NMH32, MMH64 and NH: fixed-length functions, long-message hashes with `UniversalHash`, Wegman–Carter MACs |
//! | `sqh` | `sqh` | `sqh` | Square Hash (Etzel–Patel–Ramzan): every variant for w = 1..5, long-message hashes and MACs |
//! | `digest_mw` | `digest-mw` | `digest-mw` | Nguyen–Roscoe digest, trunc, digestMW and digest′, long-message hashes and MACs |
//! | `poly1305_aes` | `poly1305-aes` | `poly1305-aes` | Poly1305 and Poly1305-AES (Bernstein), nonce sequences, batches |
//! | `dfc_decorr` | `dfc-decorr` | `dfc-decorr` | the DFC decorrelation module in every strategy, its Horner hash and MAC, the DFC cipher |
//! | `umac` | `umac` | `umac` | UMAC-32/64/96/128 (RFC 4418) |
//! | `nhpoly1305` | `nhpoly1305` | `nhpoly1305` | Adiantum's NH and NHPoly1305 (Linux's `nhpoly1305`) |
//!
//! Features `std`, `rayon`, `getrandom` and `asm` pass through to the
//! enabled families.
#![no_std]
#![forbid(unsafe_code)]

#[cfg(feature = "dfc-decorr")]
pub use dfc_decorr;
#[cfg(feature = "digest-mw")]
pub use digest_mw;
#[cfg(feature = "nhpoly1305")]
pub use nhpoly1305;
#[cfg(feature = "poly1305-aes")]
pub use poly1305_aes;
#[cfg(feature = "sqh")]
pub use sqh;
pub use uhash_base as base;
#[cfg(feature = "mmh")]
pub use uhash_mmh as mmh;
#[cfg(feature = "umac")]
pub use umac;
