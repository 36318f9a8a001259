//! The integration tests of this crate, one binary (a test binary per file
//! would link the crate and its dependencies once each). `wipe.rs` stays a
//! binary of its own: its global allocator scans what every test frees.

mod feature_macros;
mod kdf;
mod long_mac;
mod reference;
mod umac_primes;
