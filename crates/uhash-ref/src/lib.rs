#![doc = include_str!("../README.md")]
//! # uhash-ref — the big-integer reference
//!
//! Every universal hash function of the `uhash` project, written as plainly
//! as its paper states it, with [`num_bigint::BigUint`] arithmetic: build the
//! integer sum, then apply each `mod` of the definition in turn. It is slow
//! and obvious on purpose, so that a reader can check it against the paper
//! line by line; every fast implementation in the project is property-tested
//! against it, and `uhash kat --impl reference` answers from it. It shares no
//! code with the fast crates.
//!
//! | module | paper |
//! |---|---|
//! | [`mmh`] | Halevi, Krawczyk, *MMH: Software Message Authentication in the Gbit/Second Rates*, FSE 1997 — MMH\*, MMH₃₂, 64-bit MMH, Toeplitz, NMH\*, NMH₃₂ |
//! | [`mmh_tree`] | the same paper, §2.4 — the hash tree of MMH for long messages (k-word key per level, length at the root) |
//! | [`nh`] | Black, Halevi, Krawczyk, Krovetz, Rogaway, *UMAC: Fast and Secure Message Authentication*, CRYPTO 1999 — NH (adjacent pairs) |
//! | [`nhpoly1305`] | Crowley, Biggers, *Adiantum: length-preserving encryption for entry-level processors*, ToSC 2018(4) — Adiantum's NH (stride 2, 4 passes), NHPoly1305 |
//! | [`digest`] | Nguyen, Roscoe, *Short-output universal hash functions and their use in fast and secure data authentication*, FSE 2012 — digest, trunc, digestMW, digest′ |
//! | [`poly1305`] | Bernstein, *The Poly1305-AES message-authentication code*, FSE 2005; RFC 8439 §2.5 |
//! | [`dfc`] | Noilhan, *Software Optimization of Decorrelation Module* (DFC) |
//! | [`umac`] | Krovetz (ed.), RFC 4418, *UMAC: Message Authentication Code using Universal Hashing* — KDF, PDF, NH (strided pairs), L1/L2/L3-HASH, POLY, UHASH, UMAC-32/64/96/128 |
//! | [`sqh`] | Etzel, Patel, Ramzan, *Square Hash*, CRYPTO 1999 — SQH, SQHU, SQH\*, SQHasm, SQHasm2, SQHc, SQHc2, SQHE, Toeplitz (as `docs/sqh-spec.md`) |
//! | [`sqh_words`] | Square Hash with the word size `l` as a parameter (the ε lab's reduced widths); equal to [`sqh`] for `l = 32` |
//! | [`reduce`] | the primes `2^32+15`, `2^64+13`, `2^130−5`, the Square Hash primes, and `x mod p` oracles |
//! | [`primes`] | Miller–Rabin and the smallest-prime-above-`2^b` search |
//! | [`splitmix64`] | SplitMix64, the seeded (not cryptographic) generator of the tests and the ε lab |
//!
//! ## Conventions
//!
//! * Words are passed as `u64` (or `u32` for the fixed 32-bit functions, or
//!   `BigUint` for the field versions). A `u64` word must be `< 2^b`; the
//!   function checks and returns [`RefError`] otherwise.
//! * Indices follow the papers: `m_1` is `msg[0]`, `x_1` / `k_1` is `key[0]`.
//! * Every message must be non-empty (`k >= 1`, `t >= 1`); the pair-based
//!   functions (NMH, NH) need an even `k >= 2`. The key may be longer than
//!   needed; only the prefix the definition reads is used and checked.
//! * No function panics: every input outside a definition's domain is an
//!   [`RefError`]. Functions whose domain is every input (Poly1305, the DFC
//!   module, the reductions) return plain values.
//! * Byte strings are converted with explicit little-endian arithmetic, never
//!   by reinterpreting memory, so results are the same on big-endian targets.
#![forbid(unsafe_code)]

mod error;
mod util;

pub mod dfc;
pub mod digest;
pub mod kdf;
pub mod long;
pub mod mac;
pub mod mmh;
pub mod mmh_tree;
pub mod nh;
pub mod nhpoly1305;
pub mod poly1305;
pub mod primes;
pub mod reduce;
pub mod splitmix64;
pub mod sqh;
pub mod sqh_words;
pub mod umac;

pub use error::RefError;
pub use num_bigint::BigUint;
