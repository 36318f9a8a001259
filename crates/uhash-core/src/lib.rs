#![doc = include_str!("../README.md")]
//! # uhash-base
//!
//! The arithmetic every `uhash` family stands on, written once, scalar,
//! `no_std`, without allocation (except the `keybuf` module, feature `alloc`, and the
//! `nonce_file` module, feature `nonce-file`, which needs `std`), and constant-time: no branch and no memory
//! index depends on a key, a message or a tag.
//!
//! | module | what |
//! |---|---|
//! | [`p32`] | reduction modulo 2^32+15 (MMH §3.1, with the Appendix A edge case fixed) |
//! | [`p64`] | reduction modulo 2^64+13: the DFC paper's complement method (§2) and a `u128` fold |
//! | [`p64mul`] | products modulo 2^64+13 of 65-bit residues and unreduced sums of them (the split Horner evaluation of the DFC hash) |
//! | [`p130`] | field arithmetic modulo 2^130−5 (Poly1305; level 2 of long-message hashing) |
//! | [`p36m5`], [`p64m59`], [`p128m159`] | reduction and Horner steps modulo 2^36−5, 2^64−59, 2^128−159 (UMAC's L3 and POLY, RFC 4418) |
//! | [`pw`] | arithmetic modulo the Square Hash primes p_w, the smallest primes above 2^(32w), w = 1..5 |
//! | [`wide`] | widening multiplies |
//! | [`toeplitz`] | Toeplitz key windows (MMH §2.4, digestMW, NH) |
//! | [`kdf`] | key expansion: AES-128-CTR from a 16-byte seed, domain-separated labels |
//! | [`long`] | messages of any length: family kernel → polynomial mod 2^130−5 → MMH to the lane width, with its collision bound; [`long::SeededHash`], the ready-made hash type of a family (byte API, `UniversalHash` + `KeyInit`, `MacHash`) |
//! | [`mac`] | the Wegman–Carter MAC over any of them, one-shot and streaming, constant-time verification |
//! | [`block`] | streaming input: the pending partial block of a state, topped up from the next bytes |
//! | [`nonce`], [`tag`] | [`Nonce<N>`] and [`Tag<N>`], the nonce and tag types of every MAC |
//! | `nonce_file` (feature `nonce-file`) | a crash-safe nonce sequence in a file bound to one key, algorithm and nonce width |
//! | [`ct`] | branch-free selection helpers |
//! | [`strong`] | Lemma 1 of Square Hash: Δ-universal → strongly universal by adding a uniform group element, for any family |
//! | [`secret`] | key-holding wrapper: zeroized on drop, `Debug` never prints it |
//! | [`prefetch`] | how the x86 vector kernels read a long message ahead of use (L2 far, L1 near) |
//! | [`backend`] | backend names, CPU-feature witnesses (one list per feature set for detection and `#[target_feature]`) |
//! | [`engine`](mod@engine), [`engine!`] | one dispatch mechanism for every family: for the engine enum a family writes, detection, forcing and the kernel trait's dispatch |
//! | [`error`] | the typed errors every crate returns |
//!
//! SIMD representations do not live here: they belong in each family's
//! backend files, inside `#[target_feature]` functions (see
//! [`backend`] for the macros that keep detection and compilation in step).
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub mod aesni;
pub mod backend;
pub mod block;
pub mod ct;
pub mod engine;
pub mod error;
pub mod kdf;
#[cfg(feature = "alloc")]
pub mod keybuf;
pub mod long;
pub mod mac;
pub mod nonce;
#[cfg(feature = "nonce-file")]
pub mod nonce_file;
pub mod p128m159;
pub mod p130;
pub mod p32;
pub mod p36m5;
pub mod p64;
pub mod p64m59;
pub mod p64mul;
pub mod pieces;
pub mod prefetch;
pub mod pw;
pub mod secret;
pub mod strong;
pub mod tag;
pub mod toeplitz;
pub mod wide;
pub mod wiped;

pub use backend::Backend;
pub use crypto_common;
#[cfg(feature = "rand_core")]
pub use crypto_common::Generate;
pub use error::Error;
pub use nonce::Nonce;
pub use secret::Secret;
pub use subtle;
pub use tag::Tag;
pub use zeroize;
