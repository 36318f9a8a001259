//! The x86-64 assembly kernels (`uhash-asm`, `x86_64/digest.S`:
//! `digest_mw<n>_avx2`, n = 1..=8) as the `avx2-asm` backend of
//! [`crate::kernels::Engine`]. Each computes the b = 32 digestMW sums of
//! `soft::mw32_sums` over the words both the message and the key windows
//! hold, including the tail (one masked block, no Rust tail loop); more
//! than 8 outputs run the AVX2 intrinsics (which give them to the portable
//! code). The other assembly backends of this family: `neon-asm`
//! (`ffi_aarch64.rs`, the same table for AArch64) and `armv4-asm`
//! (`ffi_armv4.rs`, n = 1).
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target and the CPU has AVX2 (the witness [`uhash_asm::Avx2Asm`] proves
//! both). It is never the default: `Engine::detect()` keeps the intrinsics
//! backends (see below).
//!
//! # What the kernels save
//! d_0 needs only the low halves of m_j·k_j, so the kernels form them with
//! one 32-bit multiply (`vpmulld`, NEON `mla`, ARM `MLA`) instead of two
//! 64-bit products. Vector operations per 64 bytes of message (n outputs;
//! loads not counted):
//!
//! | kernel | operations per 64 B | n = 1 | multiplications, n = 1 |
//! |---|---|---|---|
//! | AVX2 asm | 8n + 6 (1 shift, 1 + 2n mul, 1 + 2n add per 32 B) | 14 | 6 |
//! | AVX2 intrinsics, as measured below | 8n + 10 (offset 0 by two `vpmuludq`) | 18 | 8 |
//! | AVX2 and AVX-512 intrinsics now (`x86_mw_kernels!`, offset 0 by `vpmulld`) | 8n + 6 | 14 | 6 |
//! | NEON asm | 16n + 4 (`mla`, then `umull`, `umull2`, 2 `add` per offset) | 20 | 12 |
//! | NEON intrinsics | 16n + 16 | 32 | 16 |
//!
//! The asm also loads each key window K_2 … K_n once for both of its
//! products (n + 3 loads per 32 B instead of 2n + 3; with an aligned key
//! half of these loads split a cache line), and takes the last 1..8 words
//! in one masked block. ARMv4: MLA + UMULL + ADD per word, each key word
//! loaded once.
//!
//! There is no AVX-512 kernel: the machine this was written on (AMD EPYC,
//! Zen 3) has no AVX-512 and `qemu-x86_64` (7.2) does not emulate it, so
//! such a kernel could not have been tested. On AVX-512 CPUs the alias
//! `Backend::Asm` is `avx2-asm`, and `detect()` keeps the AVX-512
//! intrinsics (which now take offset 0 by `vpmulld` as these kernels do).
//!
//! # Measured (x86-64 AMD EPYC Zen 3, AVX2, no AVX-512; TSC cycles/byte at 2.7 GHz)
//! Against the AVX2 intrinsics before they took offset 0 by `vpmulld`
//! (the two were written on separate branches):
//!
//! Criterion medians of one run, `cargo bench -p uhash-bench --features asm
//! --bench digest_mw -- 'fixed/(avx2|asm)/n(1|2|4)/'` (the machine was
//! shared with other builds, so medians moved by up to ±30 % between
//! runs; a second run in brackets):
//!
//! | n | size | AVX2 intrinsics | AVX2 asm |
//! |---|---|---|---|
//! | 1 | 1 KiB | 0.115 [0.115] | 0.100 [0.096] |
//! | 1 | 8 KiB | 0.096 [0.103] | 0.089 [0.112] |
//! | 1 | 64 KiB | 0.091 [0.132] | 0.118 [0.117] |
//! | 2 | 1 KiB | 0.196 [0.199] | 0.178 [0.186] |
//! | 2 | 8 KiB | 0.125 [0.135] | 0.209 [0.123] |
//! | 2 | 64 KiB | 0.116 [0.141] | 0.115 [0.138] |
//! | 4 | 1 KiB | 0.274 [0.276] | 0.213 [0.223] |
//! | 4 | 8 KiB | 0.196 [0.194] | 0.169 [0.226] |
//! | 4 | 64 KiB | 0.181 [0.182] | 0.170 [0.220] |
//!
//! The minimum over 3000–20000 calls of the public `Engine::digest_mw`
//! (rdtsc around each call; less sensitive to the shared machine), in the
//! same process, TSC cycles/byte:
//!
//! | n | size | AVX2 intrinsics | AVX2 asm |
//! |---|---|---|---|
//! | 1 | 1 KiB | 0.119 | 0.071 |
//! | 1 | 8 KiB | 0.081 | 0.075 |
//! | 1 | 64 KiB | 0.080 | 0.074 |
//! | 2 | 1 KiB | 0.167 | 0.119 |
//! | 2 | 8 KiB | 0.108 | 0.093 |
//! | 2 | 64 KiB | 0.104 | 0.089 |
//! | 4 | 1 KiB | 0.239 | 0.167 |
//! | 4 | 8 KiB | 0.164 | 0.158 |
//! | 4 | 64 KiB | 0.198 | 0.159 |
//!
//! By the minimum the asm is faster at every n and size (4–40 %; the
//! most at 1 KiB, where the intrinsics kernels leave their last block,
//! whose next key window would pass the key's end, to the portable tail
//! loop and the asm takes it in one masked step). digest (n = 1) at 8 KiB:
//! 0.075 TSC cpb in assembly against 0.081 for the intrinsics. The
//! medians are mixed (asm faster in 13 of the 18 pairs). Variants tried
//! while writing the kernels (rdtsc minimum of the kernel alone, 8 KiB):
//! the s = 0 products by two `vpmuludq` as in the intrinsics, 0.084
//! instead of 0.069; windows loaded twice as before, n = 2 and 4 at 0.102
//! and 0.174 instead of 0.087 and 0.144; two blocks per iteration with two
//! accumulator sets, n = 1 about 4 % faster (within the noise here, not
//! kept). Not having measured the AArch64 and ARMv4 kernels on hardware
//! (they are tested under qemu-user only) nor the AVX-512 intrinsics
//! against them, `detect()` is unchanged.

use uhash_asm::Avx2Asm;
use uhash_asm::digest::x86_64 as asm;

mw_asm!(Avx2Asm, table = asm::MW_AVX2, more = |w| w.isa());
