//! Poly1305 with AVX-512F: 8 lanes, radix 2^26 (`vpmuludq`), powers r^1..r^8
//! computed per message. The arithmetic and its bounds are in the shared
//! `radix26.rs` (its macros, expanded here).

use super::limbs26::M26;
use super::radix26;
use crate::kernels::{Kernels, PowerCache};
use core::arch::x86_64::*;
use uhash_core::backend::Avx512;

const LANES: usize = 8;
type V = __m512i;

macro_rules! vadd {
    ($a:expr, $b:expr) => {
        _mm512_add_epi64($a, $b)
    };
}
macro_rules! vmul {
    ($a:expr, $b:expr) => {
        _mm512_mul_epu32($a, $b)
    };
}
macro_rules! vand {
    ($a:expr, $b:expr) => {
        _mm512_and_si512($a, $b)
    };
}
macro_rules! vor {
    ($a:expr, $b:expr) => {
        _mm512_or_si512($a, $b)
    };
}
macro_rules! vsrl {
    ($a:expr, $n:literal) => {
        _mm512_srli_epi64::<$n>($a)
    };
}
macro_rules! vsll {
    ($a:expr, $n:literal) => {
        _mm512_slli_epi64::<$n>($a)
    };
}
macro_rules! vset1 {
    ($x:expr) => {
        _mm512_set1_epi64($x as i64)
    };
}
macro_rules! vload {
    ($p:expr) => {{
        let p: *const u64 = $p;
        // SAFETY: callers pass a pointer to LANES readable u64.
        unsafe { _mm512_loadu_si512(p.cast()) }
    }};
}
macro_rules! vstore {
    ($p:expr, $v:expr) => {{
        let p: *mut u64 = $p;
        // SAFETY: callers pass a pointer to LANES writable u64.
        unsafe { _mm512_storeu_si512(p.cast(), $v) }
    }};
}
/// Eight blocks (128 bytes) as 26-bit limbs plus 2^128, lane t = block t.
macro_rules! load_blocks {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the block loop reads 16·LANES bytes inside the data.
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(64).cast()),
            )
        };
        let lo = _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), b);
        let hi = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), b);
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

impl Kernels for Avx512 {
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
            // SAFETY: the witness `self` proves the `Avx512` features were
            // detected.
            unsafe { blocks_avx512(h, r, data) }
        });
    }
}

uhash_core::avx512_fn! {
    /// Absorbs the longest prefix of `data` that is a whole number of
    /// vector steps and returns its length (`h`, `r` as in the scalar
    /// block interface of [`crate::kernels`]).
    ///
    /// # Safety
    /// The CPU must support the [`Avx512`] feature set.
    unsafe fn blocks_avx512(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        radix26_blocks!(h, r, data)
    }
}
