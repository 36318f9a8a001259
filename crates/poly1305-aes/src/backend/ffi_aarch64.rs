//! The AArch64 assembly backends (feature `asm`, crate `uhash-asm`;
//! little-endian):
//!
//! | backend | witness | blocks (scalar interface) | long messages |
//! |---|---|---|---|
//! | `aarch64-asm` | [`Aarch64Asm`] | `poly1305_blocks_a64` (radix 2^64, `mul`/`umulh`) | the same |
//! | `neon-asm` | [`NeonAsm`] | `poly1305_blocks_a64` | ≥ 1 KiB: `poly1305_neon_steps` (2 lanes, radix 2^26), then the scalar kernel |
//!
//! The scalar kernel implements the scalar block interface of
//! [`crate::kernels`] (h in three 64-bit limbs, h₂ ≤ 5 on entry and ≤ 4
//! on exit, the clamped r as two limbs) and also absorbs the padded final
//! block (`pad = 0`); it uses base AArch64 instructions only, so the NEON
//! backend's witness (which also proves the kernels were assembled) covers
//! it. The NEON loop is a drop-in for the hot loop of the NEON intrinsics
//! backend: the Rust side computes the powers r², r and the 26-bit limbs
//! of h with the same portable helpers (`radix26::powers26`,
//! `limbs26::to26`) and carries the kernel's lane sums back; it runs from
//! the same threshold ([`RADIX26_MIN_BYTES`]). Both backends are chosen
//! only on request (never by `detect()`).

use uhash_asm::poly1305::aarch64::{poly1305_blocks_a64, poly1305_neon_steps};
use uhash_asm::{Aarch64Asm, NeonAsm};

use super::limbs26::{from26, to26};
use super::radix26::{RADIX26_MIN_BYTES, powers26};
use crate::kernels::Kernels;

/// The `mul`/`umulh` kernel on the whole blocks of `data`.
///
/// # Safety
/// The caller holds an [`Aarch64Asm`] or a [`NeonAsm`] witness (the kernels
/// were assembled); `h` satisfies the scalar block interface's entry bound
/// (h₂ ≤ 5) and `r` is a clamped r.
#[inline]
unsafe fn a64_blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    let n = data.len() / 16;
    // SAFETY: the caller's witness proves the kernel was assembled (base
    // AArch64 instructions only); `h` is 3 words within the entry bound,
    // `r` 2 words of a clamped r, and the kernel reads 16·n ≤ data.len()
    // bytes.
    unsafe {
        poly1305_blocks_a64(
            h.as_mut_ptr(),
            r.as_ptr(),
            data.as_ptr(),
            n,
            u64::from(hibit),
        );
    }
}

impl Kernels for Aarch64Asm {
    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }

    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        // SAFETY: `self` is an `Aarch64Asm` witness; every state keeps h
        // within the entry bound and holds a clamped r.
        unsafe { a64_blocks(h, r, data, hibit) }
    }
}

impl Kernels for NeonAsm {
    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }

    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        // SAFETY: `self` is a `NeonAsm` witness; h and r as for
        // `Aarch64Asm`.
        unsafe { a64_blocks(h, r, data, hibit) }
    }

    radix26_absorb!(|h: &mut [u64; 3], r: &[u64; 2], data: &[u8]| {
        let steps = data.len() / 32;
        let pw = powers26::<2>(r);
        let h26 = to26(h);
        let mut sum = [0u64; 5];
        // SAFETY: the `NeonAsm` witness proves the kernel was assembled
        // and the CPU has Advanced SIMD; `sum` is 5 words, `h26` 5 limbs
        // of an h with h₂ ≤ 5 (the last < 2^27), `pw` the 10 frozen
        // limbs of r², r, and the kernel reads 32·steps ≤ data.len()
        // bytes, steps ≥ RADIX26_MIN_BYTES / 32 ≥ 1.
        unsafe {
            poly1305_neon_steps(
                sum.as_mut_ptr(),
                h26.as_ptr(),
                pw.as_ptr().cast(),
                data.as_ptr(),
                steps,
            );
        }
        *h = from26(sum);
        steps * 32
    });
}

const _: () = assert!(RADIX26_MIN_BYTES >= 32);
