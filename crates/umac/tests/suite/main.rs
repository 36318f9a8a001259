//! The integration tests of this crate, one binary (a test binary per file
//! would link the crate and its dependencies once each). `wipe.rs` stays a
//! binary of its own: its global allocator scans what every test frees.

#[macro_use]
mod common;
mod api;
mod long;
mod reference;
mod speed;
mod vectors;
