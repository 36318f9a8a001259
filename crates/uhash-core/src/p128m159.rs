//! Arithmetic modulo p = 2^128 − 159 (UMAC's 128-bit POLY, RFC 4418 §5.2).
//!
//! Residues are `u128` values in [0, p). A product of two 128-bit values
//! is formed in 256 bits (four 64×64 → 128-bit products) and folded with
//! 2^128 ≡ 159 (mod p) until it fits, then p is subtracted under a mask:
//! no branch and no table (constant time in every operand).

use crate::ct;
use crate::wide::mul64;

/// The prime 2^128 − 159.
pub const P128M159: u128 = u128::MAX - 158;

/// The mask of `bit` (0 or 1): all ones or all zeros, opaque to the
/// optimiser.
#[inline(always)]
fn mask128(bit: bool) -> u128 {
    let m = ct::barrier_u64(0u64.wrapping_sub(bit as u64));
    (m as u128) << 64 | m as u128
}

/// (2^128·hi + lo) mod (2^128 − 159) for every 256-bit value.
#[inline(always)]
#[must_use]
pub fn reduce_wide(hi: u128, lo: u128) -> u128 {
    // lo + 159·hi = lo + 159·h₀ + 2^64·159·h₁ < 2^137: kept as
    // 2^128·top + s.
    let u = 159 * (hi as u64) as u128;
    let v = 159 * (hi >> 64);
    let (s, c1) = lo.overflowing_add(u);
    let (s, c2) = s.overflowing_add(v << 64);
    let top = (v >> 64) as u64 + c1 as u64 + c2 as u64; // < 2^8 + 2
    // s + 159·top < 2^128 + 2^16: one more fold; on a carry the value is
    // s₂ + 2^128 ≡ s₂ + 159 with s₂ < 2^16, below p.
    let (s, c3) = s.overflowing_add(159 * top as u128);
    let s = s + (mask128(c3) & 159);
    let (d, borrow) = s.overflowing_sub(P128M159);
    let keep = mask128(borrow);
    (s & keep) | (d & !keep)
}

/// The 256-bit product a·y + m as (high, low) 128-bit halves (never
/// overflows: (2^128 − 1)² + 2^128 − 1 < 2^256).
#[inline(always)]
#[must_use]
pub fn mul_add_wide(a: u128, y: u128, m: u128) -> (u128, u128) {
    let (a0, a1) = (a as u64, (a >> 64) as u64);
    let (y0, y1) = (y as u64, (y >> 64) as u64);
    let p00 = mul64(a0, y0);
    let p01 = mul64(a0, y1);
    let p10 = mul64(a1, y0);
    let p11 = mul64(a1, y1);
    let mid = (p00 >> 64) + (p01 as u64) as u128 + (p10 as u64) as u128; // < 3·2^64
    let lo = (p00 as u64) as u128 | (mid as u64 as u128) << 64;
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    let (lo, c) = lo.overflowing_add(m);
    (hi + c as u128, lo)
}

/// (a·y + m) mod (2^128 − 159) for every 128-bit a, y and m: one Horner
/// step of POLY.
#[inline(always)]
#[must_use]
pub fn mul_add(a: u128, y: u128, m: u128) -> u128 {
    let (hi, lo) = mul_add_wide(a, y, m);
    reduce_wide(hi, lo)
}

/// (a·b) mod (2^128 − 159) for every 128-bit a and b.
#[inline(always)]
#[must_use]
pub fn mul(a: u128, b: u128) -> u128 {
    mul_add(a, b, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries() {
        let p = P128M159;
        assert_eq!(reduce_wide(0, 0), 0);
        assert_eq!(reduce_wide(0, p), 0);
        assert_eq!(reduce_wide(0, p - 1), p - 1);
        assert_eq!(reduce_wide(0, u128::MAX), 158);
        assert_eq!(reduce_wide(1, 0), 159);
        // (p − 1)² ≡ 1.
        assert_eq!(mul(p - 1, p - 1), 1);
        assert_eq!(mul_add(p - 1, p - 1, u128::MAX), 159);
        assert_eq!(mul(p - 1, 2), p - 2);
        assert_eq!(mul_add(0, 5, 7), 7);
        // The largest 256-bit value: 2^256 − 1 ≡ 159² − 1.
        assert_eq!(reduce_wide(u128::MAX, u128::MAX), 159 * 159 - 1);
    }

    #[test]
    fn wide_product_halves() {
        assert_eq!(
            mul_add_wide(u128::MAX, u128::MAX, u128::MAX),
            (u128::MAX, 0)
        );
        assert_eq!(mul_add_wide(1 << 64, 1 << 64, 3), (1, 3));
    }
}
