//! **Mulx** — x86-64 BMI2/ADX: the product by `mulx`, b added by `adcx`.
//!
//! The paper's best results are assembly that uses the two instructions C
//! cannot reach: the high half of a 64×64 product and add-with-carry (§6:
//! "its optimization requires access to some low-level instructions (add
//! with carry, most significant bits of the multiplication)"). Rust reaches
//! both through intrinsics: [`_mulx_u64`] (BMI2, the full 128-bit product
//! without touching the flags) and [`_addcarryx_u64`] (ADX). The
//! reduction is the shared complement method
//! ([`uhash_base::p64::reduce_complement`]), compiled inside the
//! `#[target_feature]` function so that it too may use BMI2 (`shlx`,
//! flag-free shifts).
//!
//! Calling a `#[target_feature]` function is sound only once the features
//! have been detected, which the [`Mulx`] witness (`self` of the
//! [`Kernels`] impl) proves. Detection and the feature
//! list come from one macro in `uhash-base` ([`uhash_base::mulx_fn!`]), so
//! they cannot drift apart.
//!
//! A `#[target_feature]` function cannot be inlined into a caller compiled
//! without the features, so `module` costs a call per value;
//! `module_batch` runs the whole loop inside the feature-enabled code.

use crate::kernels::{Kernels, check_lengths};
use core::arch::x86_64::{_addcarryx_u64, _mulx_u64};
use uhash_base::Error;
use uhash_base::backend::Mulx;
use uhash_base::p64::reduce_complement;

uhash_base::mulx_fn! {
    /// One module evaluation with `mulx`/`adcx`.
    ///
    /// # Safety
    /// The CPU must support every feature of [`Mulx::FEATURES`].
    #[inline]
    unsafe fn module_bmi2(a: u64, b: u64, x: u64) -> u64 {
        let mut hi = 0u64;
        let lo = _mulx_u64(a, x, &mut hi);
        let mut r = 0u64;
        // SAFETY: the caller guarantees ADX (`Mulx::FEATURES`). (The block
        // is for the MSRV: in Rust 1.89 `_addcarryx_u64` is an `unsafe fn`;
        // later releases made it safe, hence the `allow`.)
        #[allow(unused_unsafe)]
        let carry = unsafe { _addcarryx_u64(0, lo, b, &mut r) };
        // hi ≤ 2^64 − 2 when a, x < 2^64, so the carry cannot overflow it.
        let q = hi + u64::from(carry);
        reduce_complement(u128::from(q) << 64 | u128::from(r)) as u64
    }

    /// [`module_bmi2`] over the common length of the slices.
    ///
    /// # Safety
    /// The CPU must support every feature of [`Mulx::FEATURES`].
    unsafe fn batch_bmi2(a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) {
        for (((yi, &ai), &bi), &xi) in y.iter_mut().zip(a).zip(b).zip(x) {
            // SAFETY: this function runs with the Mulx features enabled, which
            // its own contract guarantees.
            *yi = unsafe { module_bmi2(ai, bi, xi) };
        }
    }
}

/// `mulx`: the module and the whole batch loop inside the BMI2/ADX code.
/// The witness proves the CPU has BMI2 and ADX. Constant time.
impl Kernels for Mulx {
    #[inline]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        // SAFETY: a `Mulx` value (`self`) exists only if run-time detection
        // found every feature `module_bmi2` is compiled with.
        unsafe { module_bmi2(a, b, x) }
    }

    fn module_batch(self, a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) -> Result<(), Error> {
        check_lengths(a, b, x, y)?;
        // SAFETY: the witness `self` proves the features were detected.
        unsafe { batch_bmi2(a, b, x, y) };
        Ok(())
    }
}
