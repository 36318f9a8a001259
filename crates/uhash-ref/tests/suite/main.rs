//! The integration tests of this crate, one binary (a test binary per file
//! would link the crate and its dependencies once each). `wipe.rs` stays a
//! binary of its own: its global allocator scans what every test frees.

mod consistency;
mod dfc_nist;
mod errors;
mod hand;
mod primes;
mod small_width;
mod umac;
mod vectors;
