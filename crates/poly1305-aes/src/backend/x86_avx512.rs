//! Poly1305 with AVX-512F: 8 lanes, radix 2^26 (`vpmuludq`), powers
//! r^1..r^8 and r^8, r^16, r^24, r^32 computed per message, one
//! accumulator that takes four vectors of blocks (512 bytes) per carry
//! (`radix26_blocks_sum!`, `radix26_sum.rs`, as AVX2). The arithmetic and
//! its bounds are in the shared `radix26.rs` (its macros, expanded here).

use super::limbs26::M26;
use crate::kernels::Kernels;
use core::arch::x86_64::*;
use uhash_base::backend::Avx512;

const LANES: usize = 8;
type V = __m512i;

x86_ops26!(
    $,
    _mm512_add_epi64,
    _mm512_mul_epu32,
    _mm512_and_si512,
    _mm512_or_si512,
    _mm512_srli_epi64,
    _mm512_slli_epi64,
    _mm512_set1_epi64,
    _mm512_loadu_si512,
    _mm512_storeu_si512,
    zmm_reg
);

/// The block that [`load_blocks!`] puts in each lane: block t in lane t.
const LANE_BLOCK: [usize; LANES] = [0, 1, 2, 3, 4, 5, 6, 7];

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
        split26!(lo, hi)
    }};
}

impl Kernels for Avx512 {
    radix26_absorb!(|h, r, data| {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { blocks_avx512(h, r, data) }
    });
}

uhash_base::avx512_fn! {
    /// Absorbs the longest prefix of `data` that is a whole number of
    /// vector steps and returns its length (`h`, `r` as in the scalar
    /// block interface of [`crate::kernels`]).
    ///
    /// # Safety
    /// The CPU must support the [`Avx512`] feature set.
    unsafe fn blocks_avx512(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        radix26_blocks_sum!(h, r, data, 4)
    }
}
