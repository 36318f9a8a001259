//! The 32-bit ARM assembly kernel (`uhash-asm`, `armv4/digest.S`:
//! `digest_armv4`, MLA + UMULL + ADD per word, each key word loaded once)
//! as the `armv4-asm` backend of [`crate::kernels::Engine`]: digest
//! (n = 1) in assembly; more outputs run the portable code (ARMv4 has no
//! SIMD unit).

use uhash_asm::Armv4Asm;
use uhash_asm::digest::armv4 as asm;

mw_asm!(
    Armv4Asm,
    digest = asm::digest_armv4,
    more = |_w| uhash_base::backend::Soft
);
