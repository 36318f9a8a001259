//! Arithmetic modulo p = 2^64 − 59 (UMAC's 64-bit POLY, RFC 4418 §5.2).
//!
//! Residues are `u64` values in [0, p). From 2^64 ≡ 59 (mod p), a 128-bit
//! x = 2^64·h + l is congruent to l + 59·h: two such folds and one
//! subtraction under a mask give the canonical residue, with no branch and
//! no table (constant time in every operand).

use crate::ct;

/// The prime 2^64 − 59.
pub const P64M59: u64 = 0xffff_ffff_ffff_ffc5;

/// x mod (2^64 − 59) for every 128-bit x.
#[inline(always)]
#[must_use]
pub fn reduce(x: u128) -> u64 {
    canonical(reduce_partial(x))
}

/// A 64-bit value congruent to x modulo 2^64 − 59, for every 128-bit x:
/// [`reduce`] without its last conditional subtraction (the result may be
/// p … 2^64 − 1). The lazy form of a Horner chain, whose steps take any
/// 64-bit y; [`canonical`] at the end gives the residue.
#[inline(always)]
#[must_use]
pub fn reduce_partial(x: u128) -> u64 {
    // x ≡ l + 59h < 60·2^64.
    let t = (x as u64) as u128 + 59 * (x >> 64);
    // t = 2^64·h₂ + l₂ with h₂ ≤ 59: l₂ + 59·h₂ < 2^64 + 3481.
    let (s, carry) = (t as u64).overflowing_add(59 * (t >> 64) as u64);
    // On a carry the value is s + 2^64 ≡ s + 59 with s < 3481: below p.
    s + (ct::barrier_u64(0u64.wrapping_sub(carry as u64)) & 59)
}

/// x mod (2^64 − 59) for every 64-bit x (x < 2^64 < 2p: p subtracted
/// under a mask).
#[inline(always)]
#[must_use]
pub fn canonical(x: u64) -> u64 {
    let (d, borrow) = x.overflowing_sub(P64M59);
    ct::select_u64(ct::barrier_u64(0u64.wrapping_sub(borrow as u64)), x, d)
}

/// (a·y + m) mod (2^64 − 59) for every 64-bit a, y and m (a·y + m <
/// 2^128 always): one Horner step of POLY.
#[inline(always)]
#[must_use]
pub fn mul_add(a: u64, y: u64, m: u64) -> u64 {
    reduce(crate::wide::mul64(a, y) + m as u128)
}

/// A 64-bit value congruent to a·y + m modulo 2^64 − 59, for every 64-bit
/// a, y and m: one lazy Horner step ([`reduce_partial`]).
#[inline(always)]
#[must_use]
pub fn mul_add_partial(a: u64, y: u64, m: u64) -> u64 {
    reduce_partial(crate::wide::mul64(a, y) + m as u128)
}

/// (a·b) mod (2^64 − 59) for every 64-bit a and b.
#[inline(always)]
#[must_use]
pub fn mul(a: u64, b: u64) -> u64 {
    reduce(crate::wide::mul64(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries() {
        let p = P64M59 as u128;
        assert_eq!(reduce(0), 0);
        assert_eq!(reduce(p - 1), P64M59 - 1);
        assert_eq!(reduce(p), 0);
        assert_eq!(reduce(p + 1), 1);
        assert_eq!(reduce(u64::MAX as u128), 58);
        assert_eq!(reduce(1 << 64), 59);
        assert_eq!(reduce(u128::MAX), (u128::MAX % p) as u64);
        assert_eq!(reduce(p * p), 0);
        assert_eq!(reduce(p * p - 1), P64M59 - 1);
        // The carry of the second fold: l₂ + 59·h₂ just above 2^64.
        let x = 59 * p + (p - 1);
        assert_eq!(reduce(x), (x % p) as u64);
    }

    #[test]
    fn horner_steps() {
        // (p − 1)·(p − 1) + (2^64 − 1) ≡ 1 + 58.
        assert_eq!(mul_add(P64M59 - 1, P64M59 - 1, u64::MAX), 59);
        assert_eq!(mul(P64M59 - 1, 2), P64M59 - 2);
        assert_eq!(mul_add(0, 5, 7), 7);
        // The lazy step leaves p … 2^64 − 1 unreduced.
        assert_eq!(mul_add_partial(1, P64M59, 0), P64M59);
        assert_eq!(mul_add_partial(1, u64::MAX, 0), u64::MAX);
        assert_eq!(canonical(u64::MAX), 58);
        assert_eq!(canonical(P64M59), 0);
        assert_eq!(canonical(P64M59 - 1), P64M59 - 1);
    }
}
