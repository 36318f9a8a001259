//! **armv4-asm** — the hand-written 32-bit ARM assembly of `uhash-asm`
//! (`asm/armv4/dfc.S`, feature `asm`, ARM state, ARMv4T instructions): the
//! product from four UMULL/UMLAL (the paper's "64-bit C", §5.2), the §2
//! complement reduction as [`uhash_base::p64::reduce_complement`] writes
//! it, with an `sbc` borrow mask for the final fold: no branch, no table.
//!
//! On ARM7TDMI-class cores the multiplier terminates early on small Rs
//! operands, so there the module is not constant time in x (the paper's §4
//! caveat); ARM9E and later multiply in fixed time.
//!
//! The [`Armv4Asm`] witness proves that this build assembled the kernels
//! (ARM-state code, nothing to detect). `module` costs a call per value;
//! `module_batch` runs the whole loop in assembly.

use crate::kernels::{Kernels, check_lengths};
use uhash_asm::Armv4Asm;
use uhash_asm::dfc::armv4::{dfc_module_armv4, dfc_module_batch_armv4};
use uhash_base::Error;

/// `armv4-asm`: both operations in assembly.
impl Kernels for Armv4Asm {
    #[inline]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        // SAFETY: an `Armv4Asm` value (`self`) exists only if this build
        // assembled the kernels for this target (ARM-state code, ARMv4T
        // instructions); the kernel takes values only.
        unsafe { dfc_module_armv4(a, b, x) }
    }

    fn module_batch(self, a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) -> Result<(), Error> {
        check_lengths(a, b, x, y)?;
        // SAFETY: `self` proves the kernels were assembled; the four slices
        // hold n words each (checked), `y` is a unique borrow, so it
        // overlaps none of the inputs; the kernel reads n words of a, b, x
        // and writes n words of y, nothing else.
        unsafe {
            dfc_module_batch_armv4(a.as_ptr(), b.as_ptr(), x.as_ptr(), y.as_mut_ptr(), y.len())
        };
        Ok(())
    }
}
