//! The `*_fn!` macros are exported for the family crates: check that they
//! expand outside uhash-base and that the generated functions run when
//! their witness says the CPU has the features.
#![cfg(target_arch = "x86_64")]

use uhash_base::backend::{Avx2, Avx512, Ifma, Mulx};

uhash_base::avx2_fn! {
    /// # Safety
    /// AVX2 must be present.
    unsafe fn sum_avx2(a: &[u64; 4]) -> u64 {
        use core::arch::x86_64::*;
        // SAFETY: unaligned load of 32 readable bytes.
        let v = unsafe { _mm256_loadu_si256(a.as_ptr().cast()) };
        let mut out = [0u64; 4];
        // SAFETY: unaligned store of 32 writable bytes.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm256_add_epi64(v, v)) };
        out.iter().sum()
    }

    /// Several items in one invocation.
    unsafe fn double(x: u8) -> u8 {
        x * 2
    }
}

uhash_base::avx512_fn! {
    /// # Safety
    /// AVX-512 F must be present.
    unsafe fn sum_avx512(a: u64) -> u64 {
        use core::arch::x86_64::*;
        _mm512_reduce_add_epi64(_mm512_set1_epi64(a as i64)) as u64
    }
}

uhash_base::ifma_fn! {
    /// # Safety
    /// AVX-512 IFMA must be present.
    unsafe fn madd52lo(a: u64, b: u64) -> u64 {
        use core::arch::x86_64::*;
        let r = _mm512_madd52lo_epu64(_mm512_setzero_si512(), _mm512_set1_epi64(a as i64), _mm512_set1_epi64(b as i64));
        _mm512_reduce_add_epi64(r) as u64 / 8
    }
}

uhash_base::mulx_fn! {
    /// # Safety
    /// BMI2 must be present.
    unsafe fn mulx(a: u64, b: u64) -> u128 {
        a as u128 * b as u128
    }
}

#[test]
fn generated_functions_run_under_their_witness() {
    let mut ran = 0;
    if Avx2::detect().is_some() {
        // SAFETY: the witness proves AVX2 was detected.
        assert_eq!(unsafe { sum_avx2(&[1, 2, 3, 4]) }, 20);
        // SAFETY: as above.
        assert_eq!(unsafe { double(7) }, 14);
        ran += 1;
    }
    if Avx512::detect().is_some() {
        // SAFETY: the witness proves AVX-512 F/BW/VL were detected.
        assert_eq!(unsafe { sum_avx512(3) }, 24);
        ran += 1;
    }
    if Ifma::detect().is_some() {
        // SAFETY: the witness proves IFMA was detected.
        assert_eq!(unsafe { madd52lo(3, 5) }, 15);
        ran += 1;
    }
    if Mulx::detect().is_some() {
        // SAFETY: the witness proves BMI2/ADX were detected.
        assert_eq!(unsafe { mulx(u64::MAX, 2) }, (u64::MAX as u128) * 2);
        ran += 1;
    }
    // CI lists its CPU's flags: every set they cover must have run, unless
    // the build forces the portable path.
    let ci = std::env::var("UHASH_EXPECT_X86").unwrap_or_default();
    if !uhash_base::backend::forced_soft() && !ci.is_empty() {
        // Under `--cfg uhash_backend="avx2"` the AVX-512 sets are masked.
        let masked = uhash_base::backend::masked_by_build;
        let listed = [
            Avx2::listed_in(&ci) && !masked(Avx2::FEATURES),
            Avx512::listed_in(&ci) && !masked(Avx512::FEATURES),
            Ifma::listed_in(&ci) && !masked(Ifma::FEATURES),
            Mulx::listed_in(&ci) && !masked(Mulx::FEATURES),
        ];
        assert_eq!(ran, listed.iter().filter(|&&l| l).count());
    }
}
