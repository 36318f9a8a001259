//! The AArch64 assembly kernels (`uhash-asm`, `aarch64/digest.S`:
//! `digest_mw<n>_neon`, n = 1..=8; offset 0 by `mla`, the others by
//! `umull`/`umull2`, the last 0..3 words in scalar code) as the `neon-asm`
//! backend of [`crate::kernels::Engine`]; more than 8 outputs run the NEON
//! intrinsics (which give them to the portable code). Tested under
//! qemu-user only, so `detect()` keeps the intrinsics.

use uhash_asm::NeonAsm;
use uhash_asm::digest::aarch64 as asm;

mw_asm!(NeonAsm, table = asm::MW_NEON, more = |w| w.isa());
