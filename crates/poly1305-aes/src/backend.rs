//! The backends: one file per instruction set, each implementing
//! [`crate::kernels::Kernels`] for its witness type (the engine's list is
//! in `kernels.rs`). `unsafe` (intrinsics, assembly calls) lives only
//! here, each block with a `// SAFETY:` comment.
#![allow(unsafe_code)]

pub(crate) mod soft;
pub(crate) mod soft32;
// Exact only where f64 arithmetic is IEEE binary64: the engine's entry
// is compiled out elsewhere (see `float.rs`).
pub(crate) mod float;

#[allow(dead_code)] // unused on targets without a radix-2^26 path
pub(crate) mod limbs26;
#[macro_use]
pub(crate) mod radix26;
#[macro_use]
pub(crate) mod radix26_sum;

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod aarch64_neon;
pub(crate) mod bytes16;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_avx512;
// `ifma_kernels!` is used by `ffi_x86_64.rs` too.
#[cfg(target_arch = "x86_64")]
#[macro_use]
pub(crate) mod x86_ifma;

#[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
mod ffi_aarch64;
#[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
mod ffi_armv4;
#[cfg(all(feature = "asm", target_arch = "x86_64"))]
mod ffi_x86_64;
