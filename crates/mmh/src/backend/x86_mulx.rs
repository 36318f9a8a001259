//! MMH64 with BMI2 `mulx` (and ADX): the portable inner product compiled
//! with the `Mulx` feature set, so that every 64×64 → 128-bit product is one
//! `mulx` and the 128-bit accumulation an `add`/`adc` pair.

use uhash_base::backend::Mulx;

uhash_base::mulx_fn! {
    /// Σ mᵢxᵢ mod 2^128 (see `soft::mmh64_sum`).
    ///
    /// # Safety
    /// The CPU must support the [`Mulx`] feature set.
    unsafe fn mmh64_sum_mulx(key: &[u64], msg: &[u8]) -> u128 {
        crate::backend::soft::mmh64_sum(key, msg)
    }
}

impl crate::kernels::Kernels64 for Mulx {
    /// Σ mᵢxᵢ mod 2^128 (`soft::mmh64_sum`).
    #[inline]
    fn mmh64_sum(self, key: &[u64], msg: &[u8]) -> u128 {
        // SAFETY: `self` exists only if run-time detection found every feature of
        // the `Mulx` set, the list `mulx_fn!` compiled the function with.
        unsafe { mmh64_sum_mulx(key, msg) }
    }
}
