//! Arithmetic modulo p = 2^32 + 15 (MMH, NMH, Square Hash with w = 1).
//!
//! # The division-less reduction (MMH §3.1)
//! For x = 2^32·a + b (a, b < 2^32), 2^32 ≡ −15 (mod p), so
//! x ≡ y = b − 15a with y ∈ [−15·(2^32−1), 2^32−1]. Writing y = 2^32·c + d
//! (c ∈ {−15..0}, d < 2^32) and folding once more gives
//! z = d − 15c ∈ [0, 2^32 + 224], and z ≡ x (mod p). One subtraction of p
//! finishes the reduction.
//!
//! **The paper's edge case.** The paper's prose and its Appendix A routine
//! subtract p only when z is *larger* than p (`utmp > 0x10000000f`). When
//! z = p exactly, that routine returns z mod 2^32 = 15, while
//! Definition 5 demands (x mod p) mod 2^32 = 0. z = p happens exactly when
//! y = −j·p for j = 1..14, i.e. for the 64-bit multiples of p with b < 15a
//! (for example x = 2^32·286331156 + 29 = 286331155·p). This module
//! subtracts when z ≥ p, and the tests pin that class.

use crate::ct;

/// The prime 2^32 + 15.
pub const P32: u64 = (1 << 32) + 15;

/// x mod (2^32 + 15), the full residue in [0, p), for every 64-bit x.
///
/// Constant time: two folds and a masked subtraction.
#[inline(always)]
#[must_use]
pub fn reduce(x: u64) -> u64 {
    let lo = x & 0xffff_ffff;
    let hi = x >> 32;
    // y = b − 15a as a signed 64-bit value; its range fits in i64.
    let y = (lo as i64).wrapping_sub(15 * hi as i64);
    let d = (y as u64) & 0xffff_ffff;
    let c = y >> 32; // arithmetic shift: c ∈ {−15..0}
    // z = d − 15c ∈ [0, 2^32 + 224] < 2p.
    let z = d.wrapping_add((-15 * c) as u64);
    ct::sub_if_ge_u64(z, P32)
}

/// (x mod (2^32 + 15)) mod 2^32: the last two steps of MMH32/NMH32
/// (Definitions 5 and 10), applied to the 64-bit sum.
#[inline(always)]
#[must_use]
pub fn reduce_to_u32(x: u64) -> u32 {
    reduce(x) as u32
}

/// (a + b) mod p for a, b ∈ [0, p).
#[inline(always)]
#[must_use]
pub fn add(a: u64, b: u64) -> u64 {
    ct::sub_if_ge_u64(a + b, P32)
}

/// (a · b) mod p for a, b ∈ [0, p).
///
/// The product may reach (2^32+14)^2 > 2^64, so the high part is folded
/// first with 2^64 ≡ 225 (mod p).
#[inline(always)]
#[must_use]
pub fn mul(a: u64, b: u64) -> u64 {
    let prod = crate::wide::mul64(a, b);
    let lo = prod as u64;
    let hi = (prod >> 64) as u64; // ≤ 1
    // lo + 225·hi < 2^64 + 225; fold lo first to keep within u64.
    add(reduce(lo), reduce(225 * hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_and_boundaries() {
        assert_eq!(reduce(0), 0);
        assert_eq!(reduce(P32 - 1), P32 - 1);
        assert_eq!(reduce(P32), 0);
        assert_eq!(reduce(P32 + 1), 1);
        assert_eq!(reduce(u64::MAX), u64::MAX % P32);
        assert_eq!(reduce(1 << 32), 1 << 32);
        // the paper's edge case: 286331155·p has b < 15a and lands on z = p
        let x = 286_331_155 * P32;
        assert_eq!(x, (286_331_156u64 << 32) + 29);
        assert_eq!(reduce(x), 0);
        assert_eq!(reduce_to_u32(x), 0);
    }

    #[test]
    fn mul_add_extremes() {
        assert_eq!(mul(P32 - 1, P32 - 1), 1);
        assert_eq!(add(P32 - 1, P32 - 1), P32 - 2);
        assert_eq!(mul(1 << 32, 1 << 32), 225);
    }
}
