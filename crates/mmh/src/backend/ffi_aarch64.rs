//! The AArch64 assembly kernels (`uhash-asm`, `aarch64/mmh.S`) as the
//! `neon-asm` backend of [`crate::kernels::Engine32`]: one MMH32 or NH
//! window in assembly (`umlal`), more windows through the NEON intrinsics;
//! RFC 4418's NH in assembly for 1 to 4 windows.

use uhash_asm::NeonAsm;
use uhash_asm::mmh::aarch64 as asm;

one_window_asm!(
    NeonAsm,
    mmh32 = asm::mmh32_sum_neon,
    nh = asm::nh_sum_neon,
    umac = (asm::nh_umac_sum_neon, asm::nh_umac_sum2_neon),
    more = |w| w.isa()
);
