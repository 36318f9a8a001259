//! The backends: one file per strategy of the decorrelation module
//! (implementing [`Kernels`](crate::Kernels) for its witness type) and per
//! instruction set of the cipher (implementing
//! [`CipherKernels`](crate::cipher::CipherKernels)). Only the files that
//! call `#[target_feature]` code or assembly may use `unsafe`, each block
//! with its `// SAFETY:` argument from the witness.
//!
//! | file | backend | kernels |
//! |---|---|---|
//! | `native.rs` | `native` (default) | module |
//! | `fold.rs` | `fold` | module |
//! | `words32.rs` | `words32` | module |
//! | `limbs16.rs` | `limbs16` | module |
//! | `float.rs` | `float` | module |
//! | `float16x32.rs` | `float16x32` | module |
//! | `reduce32.rs` | (the reduction in 32-bit words / 16-bit digits of `words32`, `limbs16`, `float`, `float16x32`) | — |
//! | `x86_mulx.rs` | `mulx` (x86-64 BMI2/ADX) | module |
//! | `ffi_x86_64.rs` | `mulx-asm` (feature `asm`) | module |
//! | `ffi_aarch64.rs` | `aarch64-asm` (feature `asm`) | module |
//! | `ffi_armv4.rs` | `armv4-asm` (feature `asm`) | module |
//! | `soft.rs` | `soft` (default off x86-64 AVX-512) | cipher |
//! | `x86_avx512.rs` | `avx512` (x86-64 AVX-512 F/BW/VL) | cipher |

pub mod float;
pub mod float16x32;
pub mod fold;
pub mod limbs16;
pub mod native;
pub mod reduce32;
mod soft;
pub mod words32;

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // `#[target_feature]` calls, behind the `Avx512` witness.
mod x86_avx512;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // `#[target_feature]` calls, behind the `Mulx` witness.
mod x86_mulx;

#[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
#[allow(unsafe_code)] // assembly calls, behind the `Aarch64Asm` witness.
mod ffi_aarch64;
#[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
#[allow(unsafe_code)] // assembly calls, behind the `Armv4Asm` witness.
mod ffi_armv4;
#[cfg(all(feature = "asm", target_arch = "x86_64"))]
#[allow(unsafe_code)] // assembly calls, behind the `MulxAsm` witness.
mod ffi_x86_64;
