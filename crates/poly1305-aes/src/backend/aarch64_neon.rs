//! Poly1305 with AArch64 Advanced SIMD: 2 lanes, radix 2^26 (`umull`),
//! powers r^1..r^2 computed per message. The arithmetic and its bounds are
//! in the shared `radix26.rs` (its macros, expanded here). Little-endian AArch64 only
//! (the block loads read 64-bit words in the machine's order).

use super::limbs26::M26;
use crate::kernels::Kernels;
use core::arch::aarch64::*;
use uhash_base::backend::Neon;

const LANES: usize = 2;
type V = uint64x2_t;

macro_rules! vadd {
    ($a:expr, $b:expr) => {
        vaddq_u64($a, $b)
    };
}
macro_rules! vmul {
    ($a:expr, $b:expr) => {
        vmull_u32(vmovn_u64($a), vmovn_u64($b))
    };
}
macro_rules! vand {
    ($a:expr, $b:expr) => {
        vandq_u64($a, $b)
    };
}
macro_rules! vor {
    ($a:expr, $b:expr) => {
        vorrq_u64($a, $b)
    };
}
macro_rules! vsrl {
    ($a:expr, $n:literal) => {
        vshrq_n_u64::<$n>($a)
    };
}
macro_rules! vsll {
    ($a:expr, $n:literal) => {
        vshlq_n_u64::<$n>($a)
    };
}
macro_rules! vset1 {
    ($x:expr) => {
        vdupq_n_u64($x as u64)
    };
}
macro_rules! vload {
    ($p:expr) => {{
        let p: *const u64 = $p;
        // SAFETY: callers pass a pointer to LANES readable u64.
        unsafe { vld1q_u64(p) }
    }};
}
macro_rules! vstore {
    ($p:expr, $v:expr) => {{
        let p: *mut u64 = $p;
        // SAFETY: callers pass a pointer to LANES writable u64.
        unsafe { vst1q_u64(p, $v) }
    }};
}
/// Two blocks (32 bytes) as 26-bit limbs plus 2^128, lane t = block t.
macro_rules! load_blocks {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the block loop reads 16·LANES bytes inside the data.
        let (a, b) = unsafe {
            (
                vreinterpretq_u64_u8(vld1q_u8(p)),
                vreinterpretq_u64_u8(vld1q_u8(p.add(16))),
            )
        };
        split26!(vtrn1q_u64(a, b), vtrn2q_u64(a, b))
    }};
}

impl Kernels for Neon {
    radix26_absorb!(|h, r, data| {
        // SAFETY: the witness `self` proves the `Neon` features were
        // detected.
        unsafe { blocks_neon(h, r, data) }
    });
}

uhash_base::neon_fn! {
    /// Absorbs the longest prefix of `data` that is a whole number of
    /// vector steps and returns its length (`h`, `r` as in the scalar
    /// block interface of [`crate::kernels`]).
    ///
    /// # Safety
    /// The CPU must support the [`Neon`] feature set.
    unsafe fn blocks_neon(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        radix26_blocks!(h, r, data)
    }
}
