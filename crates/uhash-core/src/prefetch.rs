//! How the x86 vector kernels read a long message ahead of the step that
//! hashes it (Poly1305's IFMA and radix-2^26 loops, the MMH/NH kernels).
//!
//! A long message comes from memory (a file mapped or read by `uhash mac`),
//! where a kernel left to the hardware prefetcher stalls: the prefetcher
//! starts over at every 4 KiB page, and the pages of a file in the page
//! cache are seldom next to each other in physical memory. Each step of
//! such a kernel asks for each 64-byte line it will take twice: [`FAR`]
//! bytes ahead into L2 (`prefetcht1`), one page ahead, which keeps enough
//! lines in flight to keep the memory busy, and again, closer, into L1
//! (`prefetcht0`), so that the loads find the line there and not in L2:
//!
//! * [`ahead`], for Poly1305's loops, [`NEAR`] bytes ahead;
//! * [`near`], for the MMH/NH kernels, which take a line in a few cycles
//!   and are bound by their loads, [`NEAR_LOADS`] bytes ahead.
//!
//! Measured with `uhash mac --io map` on 1 GiB files (2-core Intel Xeon VM
//! with IFMA, benches/README.md "Memory speed"; medians of 7 runs in turns,
//! seconds, one thread / two threads). How much the L2 request gains
//! depends on how scattered the file's pages are in physical memory (the
//! hardware prefetchers do well on contiguous pages): with the L2 request
//! one page ahead, against the scheme before (Poly1305 L2 at 32 KiB and L1
//! at 1 KiB, MMH/NH only L1 at 2 KiB):
//!
//! | file (pages in physically contiguous runs of ≥ 16) | poly1305-aes | nhx4-mac | mmh32x4-mac |
//! |---|---|---|---|
//! | tmpfs, 26–30 % | 0.144 / 0.080 → 0.142 / 0.079 | 0.152 / 0.090 → 0.143 / 0.081 | 0.154 / 0.090 → 0.141 / 0.080 |
//! | tmpfs, 84–91 % | 0.128 / 0.070 → 0.125 / 0.066 | 0.128 / 0.075 → 0.126 / 0.070 | 0.129 / 0.074 → 0.125 / 0.068 |
//! | ext4 just written, 100 % (runs of 512) | 0.104 / 0.053 → 0.097 / 0.050 | 0.090 / 0.053 → 0.095 / 0.053 | not measured |
//!
//! Before that, nhx4-mac on the first file went from 0.160 / 0.094 to
//! 0.153–0.154 / 0.083–0.084 with the L2 request 8, 16 or 32 KiB ahead and
//! to 0.147 / 0.082 with 4 KiB; on the just-written file 32 KiB made it 18 %
//! / 11 % slower (4 KiB: 6 % / 3 %). The L2 request alone lost to both
//! (nhx4-mac 0.151 / 0.083 against 0.144 / 0.081 on the first file), and
//! so did the L2 request on every other line only (mmh32x4-mac 0.148 /
//! 0.085 against 0.141 / 0.082 on the first file, nhx4-mac equal); a
//! second L2 request 64 KiB ahead (Poly1305, with the one at 32 KiB) did
//! about as well on tmpfs and less well on the just-written file (0.100 /
//! 0.053). Read from a 1 GiB buffer already in memory (`threads --mib
//! 1024`), where a plain read takes 72–75 / 37–39 ms: nhx4-mac 109 / 55–58
//! → 89–90 / 46–47 ms, mmh32x4-mac 106–108 / 54–58 → 92–93 / 48–49,
//! Poly1305 equal. In cache (`summary --quick`, 64 KiB) the MACs did not
//! move; the one-window NH kernel alone (`mmh-long/NH-kernel`) pays for its
//! second request per line, 0.025 → 0.029 cycles/byte.
//!
//! Earlier, on another 2-core VM, one thread: the first `prefetcht0` of the
//! IFMA loop took 0.234 s to 0.204 s (2 KiB ahead), 0.198 s (8 KiB) and
//! 0.193 s (16 KiB); of the AVX2 loop 0.383 → 0.317 s; of the AVX2 MMH/NH
//! kernels (2 KiB) nhx4-mac 0.281 → 0.226 s and mmh32x4-mac 0.313 → 0.270 s.

#![allow(unsafe_code)] // prefetch instructions (an `unsafe fn` at the MSRV).

/// Messages at least this long are read ahead; a shorter one is taken to
/// be in cache, where a prefetch per line only takes load slots (4 % at
/// 8 KiB in cache for the MMH/NH kernels with one request per line), and
/// lines past its end would be fetched for nothing.
pub const MIN_BYTES: usize = 16 * 1024;

/// Bytes ahead of the current step that [`ahead`] and [`near`] ask for a
/// line in L2: one page.
pub const FAR: usize = 4 * 1024;

/// Bytes ahead of the current step that [`ahead`] asks for a line in L1.
pub const NEAR: usize = 1024;

/// Bytes ahead of the current step that [`near`] asks for a line in L1.
pub const NEAR_LOADS: usize = 2048;

/// Asks for the 64-byte lines at `p + FAR` (into L2) and `p + NEAR` (into
/// L1); on other architectures, nothing. The addresses are computed with
/// wrapping arithmetic and may lie past the message or outside any
/// mapping: a prefetch never faults and reads nothing the program sees.
/// A kernel calls it once per 64 bytes it takes, with the address of
/// those bytes.
#[inline(always)]
pub fn ahead(p: *const u8) {
    twice(p, NEAR);
}

/// Asks for the 64-byte lines at `p + FAR` (into L2) and `p + NEAR_LOADS`
/// (into L1); on other architectures, nothing. Called as [`ahead`] is.
#[inline(always)]
pub fn near(p: *const u8) {
    twice(p, NEAR_LOADS);
}

/// The two requests of [`ahead`] and [`near`]: the line at `p + FAR` into
/// L2, the line at `p + l1` into L1.
#[inline(always)]
fn twice(p: *const u8, l1: usize) {
    line::<T1>(p.wrapping_add(FAR));
    line::<T0>(p.wrapping_add(l1));
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
