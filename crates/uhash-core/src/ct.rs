//! Branch-free selection helpers.
//!
//! Every helper turns a condition into an all-ones/all-zeros mask with
//! arithmetic only, then combines with `&`/`|`. The mask passes through
//! [`core::hint::black_box`] so the optimiser cannot turn the select back into
//! a branch (the technique `subtle` uses).

use core::hint::black_box;

/// All ones if `x` is negative as a two's-complement `u64`, else zero.
#[inline(always)]
#[must_use]
pub fn mask_msb_u64(x: u64) -> u64 {
    black_box(((x as i64) >> 63) as u64)
}

/// All ones if the top bit of `x` is set, else zero.
#[inline(always)]
#[must_use]
pub fn mask_msb_u128(x: u128) -> u128 {
    black_box(((x as i128) >> 127) as u128)
}

/// All ones if the top bit of `x` is set, else zero.
#[inline(always)]
#[must_use]
pub fn mask_msb_u32(x: u32) -> u32 {
    black_box(((x as i32) >> 31) as u32)
}

/// `if mask { a } else { b }` for a mask that is all ones or all zeros.
#[inline(always)]
#[must_use]
pub fn select_u64(mask: u64, a: u64, b: u64) -> u64 {
    b ^ (mask & (a ^ b))
}

/// `if mask { a } else { b }` for a mask that is all ones or all zeros.
#[inline(always)]
#[must_use]
pub fn select_u128(mask: u128, a: u128, b: u128) -> u128 {
    b ^ (mask & (a ^ b))
}

/// `if mask { a } else { b }` for a mask that is all ones or all zeros.
#[inline(always)]
#[must_use]
pub fn select_u32(mask: u32, a: u32, b: u32) -> u32 {
    b ^ (mask & (a ^ b))
}

/// `x - m` if `x >= m`, else `x`; requires `x < 2m` and `x, m < 2^127`.
#[inline(always)]
#[must_use]
pub fn sub_if_ge_u128(x: u128, m: u128) -> u128 {
    let t = x.wrapping_sub(m);
    select_u128(mask_msb_u128(t), x, t)
}

/// `x - m` if `x >= m`, else `x`; requires `x < 2m` and `x, m < 2^63`.
#[inline(always)]
#[must_use]
pub fn sub_if_ge_u64(x: u64, m: u64) -> u64 {
    let t = x.wrapping_sub(m);
    select_u64(mask_msb_u64(t), x, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects() {
        assert_eq!(select_u64(u64::MAX, 1, 2), 1);
        assert_eq!(select_u64(0, 1, 2), 2);
        assert_eq!(select_u128(u128::MAX, 1, 2), 1);
        assert_eq!(select_u32(0, 1, 2), 2);
        assert_eq!(mask_msb_u64(1 << 63), u64::MAX);
        assert_eq!(mask_msb_u64((1 << 63) - 1), 0);
        assert_eq!(mask_msb_u32(1 << 31), u32::MAX);
        assert_eq!(mask_msb_u128(1 << 127), u128::MAX);
        assert_eq!(sub_if_ge_u64(10, 7), 3);
        assert_eq!(sub_if_ge_u64(7, 7), 0);
        assert_eq!(sub_if_ge_u64(6, 7), 6);
        assert_eq!(sub_if_ge_u128(13, 7), 6);
        assert_eq!(sub_if_ge_u128(6, 7), 6);
    }
}
