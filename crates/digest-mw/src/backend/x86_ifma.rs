//! AVX-512 IFMA kernels: digest (one output) by the AVX-512 scheme
//! ([`mw_one!`], in `x86_avx512.rs`) with d₀'s low halves summed by
//! `vpmadd52luq` (8 µops per 16-word block against 9 with `vpmulld`); two
//! and more outputs run the AVX-512 kernels, whose features the `Ifma` set
//! includes.

use super::x86_avx512::{mw_2, mw_3, mw_4, mw_5, mw_6, mw_7, mw_8, mw_one};
use core::arch::x86_64::*;

mw_one!(mw_1_ifma, ifma_fn, lo = ifma);

simd_kernels_impl!(
    uhash_base::backend::Ifma,
    [
        mw_1_ifma = 1,
        mw_2 = 2,
        mw_3 = 3,
        mw_4 = 4,
        mw_5 = 5,
        mw_6 = 6,
        mw_7 = 7,
        mw_8 = 8,
    ]
);
