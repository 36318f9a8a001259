//! AVX2 kernels (`vpmuludq` on 256-bit vectors, blocks of 8 words): the
//! scheme of `x86_mw_kernels!` (in `backend.rs`), offset 0 by `vpmulld`
//! (for n = 1: 3 multiplications, 3 additions and 1 shift per block instead
//! of 4, 4 and 1), one load per key window.

use core::arch::x86_64::*;

x86_mw_kernels! {
    uhash_base::backend::Avx2, avx2_fn, __m256i, words = 8,
    ops = {
        zero = _mm256_setzero_si256, load = _mm256_loadu_si256, store = _mm256_storeu_si256,
        add = _mm256_add_epi32, mullo = _mm256_mullo_epi32, mul = _mm256_mul_epu32,
        srli = _mm256_srli_epi64,
    },
    kernels = [mw_1 = 1, mw_2 = 2, mw_3 = 3, mw_4 = 4, mw_5 = 5, mw_6 = 6, mw_7 = 7, mw_8 = 8],
}
