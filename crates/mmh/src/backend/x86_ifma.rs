//! MMH64 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`).
//!
//! Each 64-bit word is split into 52 + 12 bits, m = m₀ + 2^52·m₁ and
//! x = x₀ + 2^52·x₁, so
//! m·x = m₀x₀ + 2^52·(m₀x₁ + m₁x₀) + 2^104·m₁x₁, where IFMA gives the low and
//! high 52 bits of each 52×52-bit product:
//! * weight 1: lo(m₀x₀);
//! * weight 2^52: hi(m₀x₀) + lo(m₀x₁) + lo(m₁x₀);
//! * weight 2^104: hi(m₀x₁) + hi(m₁x₀) + lo(m₁x₁) (m₁x₁ < 2^24 has no high
//!   part).
//!
//! Seven accumulators (one per product term, each adding < 2^52 per step)
//! are summed into a `u128` every 512 steps, before any 64-bit lane of an
//! 8-lane horizontal sum can overflow (512·8·2^52 = 2^64): the result is the
//! exact sum mod 2^128.

use core::arch::x86_64::*;
use uhash_base::backend::Ifma;

/// Steps (of 8 words) between folds into the `u128` total.
const BATCH: usize = 512;

uhash_base::ifma_fn! {
    /// Σ mᵢxᵢ mod 2^128 over 64-bit little-endian words (see
    /// `soft::mmh64_sum`).
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn mmh64_sum_ifma(key: &[u64], msg: &[u8]) -> u128 {
        let words = (msg.len() / 8).min(key.len());
        let mp = msg.as_ptr();
        let kp = key.as_ptr();
        let m52 = _mm512_set1_epi64(((1u64 << 52) - 1) as i64);
        let mut total = 0u128;
        let mut i = 0usize;
        while i < words {
            let end = words.min(i + 8 * BATCH);
            let z = _mm512_setzero_si512();
            let (mut c0, mut c1a, mut c1b, mut c1c) = (z, z, z, z);
            let (mut c2a, mut c2b, mut c2c) = (z, z, z);
            while i < end {
                let w = end - i;
                let (m, x) = if w >= 8 {
                    // SAFETY: words i..i+8 exist in the message and the key
                    // (i + 8 ≤ end ≤ words).
                    unsafe {
                        (
                            _mm512_loadu_si512(mp.add(8 * i).cast()),
                            _mm512_loadu_si512(kp.add(i).cast()),
                        )
                    }
                } else {
                    let mask = ((1u32 << w) - 1) as __mmask8;
                    // SAFETY: masked loads of words i..i+w (< 8), inside both
                    // slices; masked-off lanes are not read and cannot fault.
                    unsafe {
                        (
                            _mm512_maskz_loadu_epi64(mask, mp.add(8 * i).cast()),
                            _mm512_maskz_loadu_epi64(mask, kp.add(i).cast()),
                        )
                    }
                };
                let m0 = _mm512_and_si512(m, m52);
                let m1 = _mm512_srli_epi64::<52>(m);
                let x0 = _mm512_and_si512(x, m52);
                let x1 = _mm512_srli_epi64::<52>(x);
                c0 = _mm512_madd52lo_epu64(c0, m0, x0);
                c1a = _mm512_madd52hi_epu64(c1a, m0, x0);
                c1b = _mm512_madd52lo_epu64(c1b, m0, x1);
                c1c = _mm512_madd52lo_epu64(c1c, m1, x0);
                c2a = _mm512_madd52hi_epu64(c2a, m0, x1);
                c2b = _mm512_madd52hi_epu64(c2b, m1, x0);
                c2c = _mm512_madd52lo_epu64(c2c, m1, x1);
                i += 8;
            }
            i = end;
            // Every lane is below 512·2^52 = 2^61, so each 8-lane sum fits 64 bits.
            macro_rules! r {
                ($v:expr) => {
                    u128::from(_mm512_reduce_add_epi64($v) as u64)
                };
            }
            let w0 = r!(c0);
            let w52 = r!(c1a) + r!(c1b) + r!(c1c);
            let w104 = r!(c2a) + r!(c2b) + r!(c2c);
            total = total
                .wrapping_add(w0)
                .wrapping_add(w52 << 52)
                .wrapping_add(w104 << 104);
        }
        total
    }
}

impl crate::kernels::Kernels64 for Ifma {
    /// Σ mᵢxᵢ mod 2^128 (`soft::mmh64_sum`).
    #[inline]
    fn mmh64_sum(self, key: &[u64], msg: &[u8]) -> u128 {
        // SAFETY: `self` exists only if run-time detection found every feature of
        // the `Ifma` set, the list `ifma_fn!` compiled the function with.
        unsafe { mmh64_sum_ifma(key, msg) }
    }
}
