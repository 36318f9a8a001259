//! AVX-512 kernels (`vpmuludq` on 512-bit vectors, blocks of 16 words): the
//! scheme of `x86_mw_kernels!` (in `backend.rs`), offset 0 by `vpmulld`.
//! Up to [`ALIGNR_MAX_N`] outputs one key load per block serves every
//! window (the shifted windows come from `valignd`, so an aligned key is
//! never read across a cache line); beyond, a load per window.

use core::arch::x86_64::*;

/// Up to this many outputs the key windows come from `valignd` (one
/// aligned key load per block); beyond, from loads (measured on Ice Lake:
/// with 5 and more windows the extra shuffles cost more than split loads).
const ALIGNR_MAX_N: usize = 4;

x86_mw_kernels! {
    uhash_core::backend::Avx512, avx512_fn, __m512i, words = 16,
    ops = {
        zero = _mm512_setzero_si512, load = _mm512_loadu_si512, store = _mm512_storeu_si512,
        add = _mm512_add_epi32, mullo = _mm512_mullo_epi32, mul = _mm512_mul_epu32,
        srli = _mm512_srli_epi64,
    },
    shared_windows = _mm512_alignr_epi32 up to ALIGNR_MAX_N,
    kernels = [mw_1 = 1, mw_2 = 2, mw_3 = 3, mw_4 = 4, mw_5 = 5, mw_6 = 6, mw_7 = 7, mw_8 = 8],
}
