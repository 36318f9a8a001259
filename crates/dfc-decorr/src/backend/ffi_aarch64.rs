//! **aarch64-asm** — the hand-written AArch64 assembly of `uhash-asm`
//! (`asm/aarch64/dfc.S`, feature `asm`): the product by `mul` + `umulh`
//! (the paper's Alpha `umulq`/`umulh`, §5.3), the §2 complement reduction
//! as [`uhash_base::p64::reduce_complement`] writes it, with an `sbc`
//! borrow mask for the final fold: no branch, no table. AArch64 multiplies
//! in fixed time.
//!
//! The [`Aarch64Asm`] witness proves that this build assembled the kernels
//! (base AArch64 instructions only, nothing to detect). `module` costs a
//! call per value; `module_batch` runs the whole loop in assembly.

use crate::kernels::{Kernels, check_lengths};
use uhash_asm::Aarch64Asm;
use uhash_asm::dfc::aarch64::{dfc_module_a64, dfc_module_batch_a64};
use uhash_base::Error;

/// `aarch64-asm`: both operations in assembly.
impl Kernels for Aarch64Asm {
    #[inline]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        // SAFETY: an `Aarch64Asm` value (`self`) exists only if this build
        // assembled the kernels for this target (base instructions only);
        // the kernel takes values only.
        unsafe { dfc_module_a64(a, b, x) }
    }

    fn module_batch(self, a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) -> Result<(), Error> {
        check_lengths(a, b, x, y)?;
        // SAFETY: `self` proves the kernels were assembled; the four slices
        // hold n words each (checked), `y` is a unique borrow, so it
        // overlaps none of the inputs; the kernel reads n words of a, b, x
        // and writes n words of y, nothing else.
        unsafe {
            dfc_module_batch_a64(a.as_ptr(), b.as_ptr(), x.as_ptr(), y.as_mut_ptr(), y.len())
        };
        Ok(())
    }
}
