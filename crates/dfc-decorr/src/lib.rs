//! # dfc-decorr
//!
//! The decorrelation module of the AES candidate DFC,
//! y = ((a·x + b) mod (2^64 + 13)) mod 2^64 (Noilhan, *Software Optimization
//! of Decorrelation Module*), in every implementation strategy the paper
//! studies; a universal hash and a Wegman–Carter MAC built on it; and the DFC
//! block cipher, whose round function runs the module.
#![no_std]
#![deny(unsafe_code)]

pub mod cipher;
pub mod hash;
pub mod module;

pub use hash::{DfcHash, DfcMac};
pub use module::{Strategy, module_with};
