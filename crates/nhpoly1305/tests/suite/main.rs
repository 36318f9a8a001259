//! The integration tests of this crate, one binary (a test binary per file
//! would link the crate and its dependencies once each). `wipe.rs` stays a
//! binary of its own: its global allocator scans what every test frees.

mod api;
mod reference;
mod vectors;

use nhpoly1305::Engine32;

/// Every NH engine this CPU and build run (UHASH_EXPECT_X86 /
/// UHASH_EXPECT_ASM: a backend the CPU has but the build lacks fails).
pub fn engines() -> Vec<Engine32> {
    let supported: Vec<Engine32> = Engine32::all_supported().collect();
    let backends: Vec<_> = supported.iter().map(|e| e.backend()).collect();
    let offered: Vec<_> = Engine32::BACKENDS.to_vec();
    uhash_testkit::expect::assert_supported("nhpoly1305", &offered, &backends);
    supported
}

/// A key of `N` bytes from `seed`.
pub fn key<const N: usize>(seed: u64) -> [u8; N] {
    uhash_testkit::data::bytes(N, seed).try_into().unwrap()
}
