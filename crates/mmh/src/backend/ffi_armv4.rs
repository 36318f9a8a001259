//! The 32-bit ARM assembly kernel (`uhash-asm`, `armv4/mmh.S`: one UMLAL
//! per word) as the `armv4-asm` backend of [`crate::kernels::Engine32`]:
//! one MMH32 window in assembly; NH and more windows run the portable code
//! (ARMv4 has no SIMD unit).

use uhash_asm::Armv4Asm;
use uhash_asm::mmh::armv4 as asm;

one_window_asm!(
    Armv4Asm,
    mmh32 = asm::mmh32_sum_armv4,
    more = |_w| uhash_base::backend::Soft
);
