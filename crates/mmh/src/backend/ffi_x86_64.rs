//! The x86-64 assembly kernels (`uhash-asm`, `x86_64/mmh.S`) as the
//! `avx512-asm` and `avx2-asm` backends of [`crate::kernels::Engine32`]: one
//! MMH32 or NH window in assembly, more windows through the same ISA's
//! intrinsics; RFC 4418's NH in assembly for 1 to 4 windows (kernels of one
//! and two windows).
//!
//! Measured (x86-64 with AVX-512, TSC cycles/byte at 2.7 GHz, criterion
//! medians of one run, an earlier session: `cargo bench -p uhash-bench
//! --features asm --bench throughput -- '^mmh/(MMH32|NH)/'`): the inner
//! loops are nearly the same instructions as the intrinsics kernels (the
//! compiler emits their `vpmuludq`/`vpsrlq`/`vpshufd` one for one); the
//! intrinsics add two `prefetcht0` per 128 bytes and the assembly has a
//! shorter prologue. MMH32 at 1 KiB is not faster in assembly, so
//! `detect()` keeps the intrinsics.

use uhash_asm::mmh::x86_64 as asm;
use uhash_asm::{Avx2Asm, Avx512Asm};

one_window_asm!(
    Avx512Asm,
    mmh32 = asm::mmh32_sum_avx512,
    nh = asm::nh_sum_avx512,
    umac = (asm::nh_umac_sum_avx512, asm::nh_umac_sum2_avx512),
    more = |w| w.isa()
);
one_window_asm!(
    Avx2Asm,
    mmh32 = asm::mmh32_sum_avx2,
    nh = asm::nh_sum_avx2,
    umac = (asm::nh_umac_sum_avx2, asm::nh_umac_sum2_avx2),
    more = |w| w.isa()
);
