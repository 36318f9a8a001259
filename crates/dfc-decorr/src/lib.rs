#![doc = include_str!("../README.md")]
//! # dfc-decorr
//!
//! The decorrelation module of the AES candidate DFC,
//! y = ((a·x + b) mod (2^64 + 13)) mod 2^64 (Noilhan, *Software Optimization
//! of Decorrelation Module*), in every implementation strategy the paper
//! studies; a universal hash and a Wegman–Carter MAC built on it; and the DFC
//! block cipher, whose round function runs the module.
//!
//! | item | what | file |
//! |---|---|---|
//! | [`module()`], [`Engine`] ([`Kernels`]) | the module, with the default strategy or a chosen one | `module.rs`, `kernels.rs`, `backend/` |
//! | [`DfcHash`], [`DfcMac`] | the Horner hash over Z_(2^64+13) and its Wegman–Carter MAC | `hash.rs`, `hash/state.rs` |
//! | [`cipher::Dfc`] | the DFC block cipher (v1), [`cipher::CipherEngine`] | `cipher.rs`, `cipher/` |
//!
//! Every strategy of the module is a backend of one [`Engine`]
//! (`uhash_base::engine!`): `native` (the default), `fold`, `mulx` (x86-64
//! BMI2/ADX), `words32`, `limbs16`, `float`, `float16x32`, and with
//! feature `asm` the hand-written `mulx-asm` (x86-64), `aarch64-asm` and
//! `armv4-asm` (`Backend::Asm` picks the one of this target). The cipher
//! runs any of them in its rounds ([`cipher::Dfc::new_from_key_with`];
//! [`Engine::with`] runs code generic over the strategy).
//!
//! # Features
//! * `asm`: the assembly backends (crate `uhash-asm`; needs an assembler at
//!   build time).
//! * `std`: `std::io::Write` on [`DfcHash`] and on the MAC's streaming
//!   state.
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod backend;
pub mod cipher;
pub mod hash;
pub mod kernels;
pub mod module;

pub use hash::{DfcHash, DfcMac, DfcState};
pub use kernels::{Engine, Kernels, Strategy, WithStrategy};
pub use module::{module, module_batch_with, module_with};
pub use uhash_base::{Backend, Error, Generate, Nonce, Tag};
pub use universal_hash;
