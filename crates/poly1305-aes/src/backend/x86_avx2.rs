//! Poly1305 with AVX2: 4 lanes, radix 2^26 (`vpmuludq`), powers r^1..r^4
//! computed per message. The arithmetic and its bounds are in the shared
//! `radix26.rs` (its macros, expanded here).

use super::limbs26::M26;
use super::radix26;
use crate::kernels::{Kernels, PowerCache};
use core::arch::x86_64::*;
use uhash_core::backend::Avx2;

const LANES: usize = 4;
type V = __m256i;

macro_rules! vadd {
    ($a:expr, $b:expr) => {
        _mm256_add_epi64($a, $b)
    };
}
macro_rules! vmul {
    ($a:expr, $b:expr) => {
        _mm256_mul_epu32($a, $b)
    };
}
macro_rules! vand {
    ($a:expr, $b:expr) => {
        _mm256_and_si256($a, $b)
    };
}
macro_rules! vor {
    ($a:expr, $b:expr) => {
        _mm256_or_si256($a, $b)
    };
}
macro_rules! vsrl {
    ($a:expr, $n:literal) => {
        _mm256_srli_epi64::<$n>($a)
    };
}
macro_rules! vsll {
    ($a:expr, $n:literal) => {
        _mm256_slli_epi64::<$n>($a)
    };
}
macro_rules! vset1 {
    ($x:expr) => {
        _mm256_set1_epi64x($x as i64)
    };
}
macro_rules! vload {
    ($p:expr) => {{
        let p: *const u64 = $p;
        // SAFETY: callers pass a pointer to LANES readable u64.
        unsafe { _mm256_loadu_si256(p.cast()) }
    }};
}
macro_rules! vstore {
    ($p:expr, $v:expr) => {{
        let p: *mut u64 = $p;
        // SAFETY: callers pass a pointer to LANES writable u64.
        unsafe { _mm256_storeu_si256(p.cast(), $v) }
    }};
}
/// `x` unchanged, but opaque to the optimiser. Without it LLVM tracks the
/// accumulator limbs' known bits through the carries, cannot prove them
/// below 2^32, and turns `vpmuludq` into a 64×32-bit multiplication (two
/// `vpmuludq`, a shift and an add); the barrier emits no instruction.
macro_rules! vopaque {
    ($x:expr) => {{
        let mut x: V = $x;
        // SAFETY: an empty template: no instruction, no memory, no flags;
        // the register keeps its value.
        unsafe {
            core::arch::asm!("/* {0} */", inout(ymm_reg) x, options(pure, nomem, nostack, preserves_flags));
        }
        x
    }};
}

/// Four blocks (64 bytes) as 26-bit limbs plus 2^128, lane t = block t.
macro_rules! load_blocks {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the block loop reads 16·LANES bytes inside the data.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(p.cast()),
                _mm256_loadu_si256(p.add(32).cast()),
            )
        };
        // unpack gives lanes [0, 2, 1, 3]; the 64-bit permute restores the order
        let lo = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_unpacklo_epi64(a, b));
        let hi = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_unpackhi_epi64(a, b));
        let m = vset1!(M26);
        [
            vand!(lo, m),
            vand!(vsrl!(lo, 26), m),
            vand!(vor!(vsrl!(lo, 52), vsll!(hi, 12)), m),
            vand!(vsrl!(hi, 14), m),
            vor!(vsrl!(hi, 40), vset1!(1u64 << 24)),
        ]
    }};
}

impl Kernels for Avx2 {
    #[inline]
    fn absorb(
        self,
        h: &mut [u64; 3],
        r: &[u64; 2],
        cache: PowerCache<'_>,
        data: &[u8],
        last: bool,
    ) {
        let _ = (cache, last);
        radix26::absorb(self, h, r, data, |h, r, data| {
            // SAFETY: the witness `self` proves the `Avx2` features were
            // detected.
            unsafe { blocks_avx2(h, r, data) }
        });
    }
}

uhash_core::avx2_fn! {
    /// Absorbs the longest prefix of `data` that is a whole number of
    /// vector steps and returns its length (`h`, `r` as in the scalar
    /// block interface of [`crate::kernels`]).
    ///
    /// # Safety
    /// The CPU must support the [`Avx2`] feature set.
    unsafe fn blocks_avx2(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        radix26_blocks_x2!(h, r, data)
    }
}
