//! The AArch64 assembly kernels (`uhash-asm`, `aarch64/mmh.S`) as the
//! `neon-asm` backend of [`crate::kernels::Engine32`]: one MMH32 or NH
//! window in assembly (`umlal`), more windows through the NEON intrinsics.

use uhash_asm::NeonAsm;
use uhash_asm::mmh::aarch64 as asm;

one_window_asm!(
    NeonAsm,
    mmh32 = asm::mmh32_sum_neon,
    nh = asm::nh_sum_neon,
    more = |w| w.isa()
);
