//! The backends, one file per instruction set, each implementing
//! [`crate::kernels::Kernels`] for its witness type. `unsafe` code lives
//! here only, each block with its `// SAFETY:` reason.
//!
//! The SIMD backends compile one kernel function per (W, EXACT) pair and
//! operation (their feature macros take no generic functions); the list of
//! pairs and the `impl Kernels` that dispatches to them are written once,
//! in `simd_backend!`. The AVX2 and AVX-512 kernels share one body
//! (`x86_simd.rs`), instantiated for 256- and 512-bit vectors.
#![allow(unsafe_code)]

/// The kernel functions of a SIMD backend for W = 1..=5 and EXACT ∈
/// {true, false}, and `impl Kernels for $wit` dispatching to them.
///
/// `$kernels! { $args; $($c2, $sq = W, EXACT;)+ }` (the ISA file's macro,
/// given `$args`) must define, for each line, the `unsafe` functions
/// `$c2(key, msg) -> [u64; COLS]` (`soft::c2_columns::<W, EXACT>`) and
/// `$sq(key, msg) -> [u128; COLS]` (`soft::sum_squares::<W, EXACT>`),
/// compiled with exactly the features of `$wit`'s set. (Unused on targets
/// without a SIMD backend.)
#[allow(unused_macros)]
macro_rules! simd_backend {
    ($wit:ty, $kernels:ident, $args:tt) => {
        simd_backend!(@ $wit, $kernels, $args,
            c2_1t, sq_1t = 1, true;
            c2_1f, sq_1f = 1, false;
            c2_2t, sq_2t = 2, true;
            c2_2f, sq_2f = 2, false;
            c2_3t, sq_3t = 3, true;
            c2_3f, sq_3f = 3, false;
            c2_4t, sq_4t = 4, true;
            c2_4f, sq_4f = 4, false;
            c2_5t, sq_5t = 5, true;
            c2_5f, sq_5f = 5, false;
        );
    };
    (@ $wit:ty, $kernels:ident, $args:tt, $($c2:ident, $sq:ident = $w:literal, $exact:literal;)+) => {
        $kernels! { $args; $($c2, $sq = $w, $exact;)+ }

        impl crate::kernels::Kernels for $wit {
            #[inline]
            fn sum_squares<const W: usize, const EXACT: bool>(
                self,
                key: &[u32],
                msg: &[u8],
            ) -> [u128; crate::kernels::COLS] {
                match (W, EXACT) {
                    $(($w, $exact) => {
                        // SAFETY: `self` exists only if run-time detection
                        // found every feature of its set, the list the
                        // kernel was compiled with.
                        unsafe { $sq(key, msg) }
                    })+
                    _ => crate::backend::soft::sum_squares::<W, EXACT>(key, msg),
                }
            }

            #[inline]
            fn c2_columns<const W: usize, const EXACT: bool>(
                self,
                key: &[u32],
                msg: &[u8],
            ) -> [u64; crate::kernels::COLS] {
                match (W, EXACT) {
                    $(($w, $exact) => {
                        // SAFETY: as in `sum_squares`.
                        unsafe { $c2(key, msg) }
                    })+
                    _ => crate::backend::soft::c2_columns::<W, EXACT>(key, msg),
                }
            }
        }
    };
}

pub(crate) mod soft;

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod aarch64_neon;
#[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
mod ffi_armv4;
#[cfg(target_arch = "x86_64")]
#[macro_use]
mod x86_simd;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_ifma;
