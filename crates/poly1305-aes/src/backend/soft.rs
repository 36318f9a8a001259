//! Portable Poly1305 block function with 64-bit limbs and `u128` products.
//!
//! The accumulator is h = h₀ + 2^64·h₁ + 2^128·h₂ and the clamped
//! r = r₀ + 2^64·r₁. Clamping makes r₀, r₁ < 2^60 and 4 | r₁, so
//! s₁ = r₁ + r₁/4 = (5/4)·r₁ is exact, and since 2^130 ≡ 5 (mod p) the
//! product terms of weight 2^128 fold back as h₁r₁·2^128 ≡ h₁·s₁ (mod p)
//! (and h₂r₁·2^192 ≡ h₂·s₁·2^64). Per block:
//!
//! * d₀ = h₀r₀ + h₁s₁ (< 2^125.2),
//! * d₁ = h₀r₁ + h₁r₀ + h₂s₁ (< 2^125.1),
//! * top = h₂r₀ + ⌊d₁/2^64⌋ (< 2^63.1): h·r ≡ d₀ + 2^64·(d₁ mod 2^64) +
//!   2^128·top,
//!
//! then the partial reduction keeps top mod 4 at 2^128 and adds
//! 5·⌊top/4⌋ (the bits ≥ 130) at 2^0, and d₀'s high half joins limb 1 with
//! that addition's carry: the path from one block's products to the next
//! block's runs through d₁ and top only (d₀ carried into d₁ first, as
//! written before, cost some 8% per block on Zen 5).
//! Entry: h₂ ≤ 5; after adding a block (a carry and the 2^128 bit) h₂ ≤ 7,
//! for which the bounds above hold (r₀, r₁ < 2^60, s₁ < 2^60.4). Exit:
//! limb 1 is (d₁ mod 2^64) + ⌊d₀/2^64⌋ + a carry < 2^64 + 2^61.2 + 1, so
//! h₂ = (top mod 4) + a carry ≤ 4 and h < 5·2^128 = 2^130 + 2^128.
//!
//! These are the default bodies of `crate::kernels::Kernels`: the portable
//! backend `Soft` overrides nothing (its empty `impl` is in `kernels.rs`,
//! so that this file imports nothing of the trait that calls it).

use crate::final_steps::pad_partial;

/// Absorbs `data` (a multiple of 16 bytes) into `h`; see the scalar block
/// interface in [`crate::kernels`] for the contract.
#[inline(always)]
pub(crate) fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    let [r0, r1] = *r;
    let s1 = r1 + (r1 >> 2);
    let pad = u64::from(hibit);
    let mut acc = *h;
    let (chunks, _) = data.as_chunks::<16>();
    for block in chunks {
        acc = step(acc, r0, r1, s1, u128::from_le_bytes(*block), pad);
    }
    *h = acc;
}

/// A whole message of any length: its whole blocks with the 2^128 bit,
/// then a final chunk of 1..=15 bytes padded with 0x01 and zeros (no 2^128
/// bit; none if the length is a multiple of 16), in one loop kept in
/// registers — what the scalar block interface computes for
/// [`blocks`] followed by [`crate::kernels::partial`].
#[inline(always)]
pub(crate) fn message(h: &mut [u64; 3], r: &[u64; 2], msg: &[u8]) {
    let [r0, r1] = *r;
    let s1 = r1 + (r1 >> 2);
    let mut acc = *h;
    let (chunks, tail) = msg.as_chunks::<16>();
    // The first block apart: for a new key (h = 0, known where the state
    // is built in the caller) its sum needs no carries and h₂ = 1 no
    // multiplication.
    if let Some((first, rest)) = chunks.split_first() {
        acc = step(acc, r0, r1, s1, u128::from_le_bytes(*first), 1);
        for block in rest {
            acc = step(acc, r0, r1, s1, u128::from_le_bytes(*block), 1);
        }
    }
    if !tail.is_empty() {
        acc = step(acc, r0, r1, s1, pad_partial(tail), 0);
    }
    *h = acc;
}

/// [`message`] in a call of its own (not inlined).
#[inline(never)]
pub(crate) fn message_outlined(h: &mut [u64; 3], r: &[u64; 2], msg: &[u8]) {
    message(h, r, msg);
}

/// One block: (h + m + pad·2^128)·r, partially reduced (see the module
/// docs; s₁ = r₁ + r₁/4).
#[inline(always)]
fn step(h: [u64; 3], r0: u64, r1: u64, s1: u64, m: u128, pad: u64) -> [u64; 3] {
    let [h0, h1, h2] = h;
    let (m0, m1) = (m as u64, (m >> 64) as u64);
    // h += m + pad·2^128
    let t0 = u128::from(h0) + u128::from(m0);
    let t1 = u128::from(h1) + u128::from(m1) + (t0 >> 64);
    let h0 = t0 as u64;
    let h1 = t1 as u64;
    let h2 = h2 + (t1 >> 64) as u64 + pad;
    // h *= r (partially reduced); d₀'s high half joins limb 1 with the
    // fold's carry, off the path from the products to the top bits
    let d0 = u128::from(h0) * u128::from(r0) + u128::from(h1) * u128::from(s1);
    let d1 =
        u128::from(h0) * u128::from(r1) + u128::from(h1) * u128::from(r0) + u128::from(h2 * s1);
    let top = h2 * r0 + (d1 >> 64) as u64;
    // fold bits ≥ 130: c = 5·⌊top/4⌋
    let c = (top >> 2) + (top & !3);
    let t0 = u128::from(d0 as u64) + u128::from(c);
    let t1 = u128::from(d1 as u64) + (d0 >> 64) + (t0 >> 64);
    [t0 as u64, t1 as u64, (top & 3) + (t1 >> 64) as u64]
}
