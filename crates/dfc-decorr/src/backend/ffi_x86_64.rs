//! **mulx-asm** — the hand-written x86-64 assembly of `uhash-asm`
//! (`asm/x86_64/dfc.S`, feature `asm`): the product by BMI2 `mulx`, b added
//! with `add`/`adc`, the paper's §2 complement reduction exactly as
//! [`uhash_base::p64::reduce_complement`] writes it (R + 13·¬Q + 182, then
//! the final fold with an `sbb` borrow mask instead of the paper's small
//! table): no branch, no table.
//!
//! The [`MulxAsm`] witness proves that this build assembled the kernels and
//! that the CPU has BMI2 and ADX (its [`isa`](MulxAsm::isa),
//! [`Mulx`](uhash_base::backend::Mulx)). An assembly function cannot be
//! inlined, so `module` costs a call per value, like the `mulx` backend;
//! `module_batch` runs the whole loop in assembly.
//!
//! Measured on x86-64 (one run, `cargo bench -p uhash-bench --features asm
//! --bench dfc_module -- '(native|mulx)'`, TSC cycles per call at
//! 2.7 GHz, criterion medians): throughput (1024 independent calls through
//! the batch function) native 6.8, mulx 10.4, mulx-asm 9.4; latency
//! (dependent chain) native 17.3, mulx 16.6, mulx-asm 16.4. The assembly is
//! not the default. The compiled `native` batch loop (checked with
//! `objdump`) is the same algorithm with two `mul`s, but indexes the four
//! arrays with one counter where the kernel advances four pointers, and
//! folds 13h with `lea`/`shl` and the final correction into fewer
//! instructions; with independent calls the front end is the limit, so
//! fewer µops win. The dependent chain is product → ·13 → fold in every
//! version, hence equal latencies.

use crate::kernels::{Kernels, check_lengths};
use uhash_asm::MulxAsm;
use uhash_asm::dfc::x86_64::{dfc_module_batch_mulx, dfc_module_mulx};
use uhash_base::Error;

/// `mulx-asm`: both operations in assembly.
impl Kernels for MulxAsm {
    #[inline]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        // SAFETY: a `MulxAsm` value (`self`) exists only if this build
        // assembled the kernels and the CPU has BMI2 (`mulx`) and ADX; the
        // kernel takes values only.
        unsafe { dfc_module_mulx(a, b, x) }
    }

    fn module_batch(self, a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) -> Result<(), Error> {
        check_lengths(a, b, x, y)?;
        // SAFETY: `self` proves the kernels and the CPU features (above);
        // the four slices hold n words each (checked), `y` is a unique
        // borrow, so it overlaps none of the inputs; the kernel reads n
        // words of a, b, x and writes n words of y, nothing else.
        unsafe {
            dfc_module_batch_mulx(a.as_ptr(), b.as_ptr(), x.as_ptr(), y.as_mut_ptr(), y.len())
        };
        Ok(())
    }
}
