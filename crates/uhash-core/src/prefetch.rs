//! How the x86 vector kernels read a long message ahead of the step that
//! hashes it (Poly1305's IFMA and radix-2^26 loops, the MMH/NH kernels).
//!
//! A long message comes from memory (a file mapped or read by `uhash mac`),
//! where a kernel left to the hardware prefetcher stalls: the prefetcher
//! starts over at every 4 KiB page. Each step of such a kernel asks for
//! each 64-byte line it will take, in one of two ways:
//!
//! * [`ahead`], for Poly1305's loops, whose long multiply chains keep the
//!   core from running far enough ahead to have many lines in flight:
//!   [`FAR`] bytes ahead into L2 (`prefetcht1`), enough lines in flight to
//!   keep the memory busy, and [`NEAR`] bytes ahead into L1 (`prefetcht0`),
//!   so that the loads find the line there and not in L2.
//! * [`near`], for the MMH/NH kernels, which take a line in a few cycles
//!   and are bound by their loads: one `prefetcht0` [`NEAR_ONLY`] bytes
//!   ahead (a second prefetch per line took load slots and lost).
//!
//! Measured on a 1 GiB file in tmpfs hashed by `uhash mac --io map` (2-core
//! Intel Xeon VM with IFMA, benches/README.md "Memory speed"; medians of 9 runs
//! alternating the builds, seconds, one thread / two threads): Poly1305-AES
//! (IFMA) with one `prefetcht0` 8 KiB ahead (the scheme before) 0.161 / 0.091,
//! no prefetch 0.170 / 0.088, `prefetcht1` alone 8–64 KiB ahead 0.157–0.160 /
//! 0.081–0.084, [`ahead`] (L2 at 32 KiB, L1 at 1 KiB) 0.139 / 0.075 (L1 at
//! 512 B, 2 KiB or 4 KiB and L2 at 16 or 64 KiB: within 4 % of it on one
//! thread, 6 % on two). nhx4-mac and mmh32x4-mac (medians of 15) with [`near`]
//! 0.139 / 0.078 and 0.141 / 0.079, with [`ahead`] 0.145 / 0.078 and 0.150 /
//! 0.080; (medians of 9) with `prefetcht0` 4 KiB ahead 0.160 / 0.089 and 0.150
//! / 0.088, with `prefetcht1` alone 32 KiB ahead 0.158 / 0.082 and 0.152 /
//! 0.083. Poly1305 with detection capped (`--cfg uhash_backend=…`): AVX-512F
//! 0.186 / 0.098 → 0.164 / 0.087 with [`ahead`], AVX2 0.199 / 0.106 → 0.186 /
//! 0.097. Earlier, on another 2-core VM, one thread: the first `prefetcht0` of
//! the IFMA loop took 0.234 s to 0.204 s (2 KiB ahead), 0.198 s (8 KiB) and
//! 0.193 s (16 KiB); of the AVX2 loop 0.383 → 0.317 s; of the AVX2 MMH/NH
//! kernels (2 KiB) nhx4-mac 0.281 → 0.226 s and mmh32x4-mac 0.313 → 0.270 s.

#![allow(unsafe_code)] // prefetch instructions (an `unsafe fn` at the MSRV).

/// Messages at least this long are read ahead; a shorter one is taken to
/// be in cache, where a prefetch per line only takes load slots (4 % at
/// 8 KiB in cache for the MMH/NH kernels), and lines past its end would be
/// fetched for nothing.
pub const MIN_BYTES: usize = 16 * 1024;

/// Bytes ahead of the current step that [`ahead`] asks for a line in L2.
pub const FAR: usize = 32 * 1024;

/// Bytes ahead of the current step that [`ahead`] asks for a line in L1.
pub const NEAR: usize = 1024;

/// Bytes ahead of the current step that [`near`] asks for a line in L1.
pub const NEAR_ONLY: usize = 2048;

/// Asks for the 64-byte lines at `p + FAR` (into L2) and `p + NEAR` (into
/// L1); on other architectures, nothing. The addresses are computed with
/// wrapping arithmetic and may lie past the message or outside any
/// mapping: a prefetch never faults and reads nothing the program sees.
/// A kernel calls it once per 64 bytes it takes, with the address of
/// those bytes.
#[inline(always)]
pub fn ahead(p: *const u8) {
    line::<T1>(p.wrapping_add(FAR));
    line::<T0>(p.wrapping_add(NEAR));
}

/// Asks for the 64-byte line at `p + NEAR_ONLY` (into L1); on other
/// architectures, nothing. Called as [`ahead`] is.
#[inline(always)]
pub fn near(p: *const u8) {
    line::<T0>(p.wrapping_add(NEAR_ONLY));
}

/// The `_mm_prefetch` hints used here: `_MM_HINT_T0` (into L1) and
/// `_MM_HINT_T1` (into L2), named here for every architecture.
const T0: i32 = 3;
const T1: i32 = 2;

/// One prefetch of the line at `p` with hint `HINT`; on other
/// architectures, nothing.
#[inline(always)]
fn line<const HINT: i32>(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, whatever the address, and SSE (the
    // instruction's feature) is part of x86_64. (The block is for the
    // MSRV, where `_mm_prefetch` is an `unsafe fn`.)
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<HINT>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    /// The hints are `core::arch`'s: T0 into L1, T1 into L2.
    #[test]
    fn hints_are_core_arch_ones() {
        use core::arch::x86_64::{_MM_HINT_T0, _MM_HINT_T1};
        assert_eq!((super::T0, super::T1), (_MM_HINT_T0, _MM_HINT_T1));
    }
}
