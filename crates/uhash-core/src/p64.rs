//! Arithmetic modulo p = 2^64 + 13 (MMH64, the DFC decorrelation module,
//! Square Hash with w = 2).
//!
//! Residues are 65-bit values held in a `u128`, always in [0, p).
//!
//! # Two reductions of a 128-bit P = 2^64·Q + R
//! Both start from 2^64 ≡ −13, so P ≡ R − 13Q, and both are branch-free and
//! table-free:
//!
//! * [`reduce_complement`] — the DFC paper's method (Noilhan §2): avoid the
//!   negative value by using the 64-bit complement ¬Q = 2^64 − 1 − Q:
//!   R − 13Q ≡ R + 13·¬Q + 182 (mod p), since −13·(2^64−1) ≡ 182. The
//!   result P′ < 2^68 is folded once more: P′ = 2^64·Q′ + R′ with Q′ ≤ 14.
//!   The paper finishes with "a small table" indexed by Q′; a table indexed
//!   by a secret leaks through the cache, so here R′ − 13Q′ + p is computed
//!   and p is subtracted under a mask.
//! * [`reduce_u128`] — the same identity evaluated in signed 128-bit
//!   arithmetic: t = R − 13Q + 13p is positive and below 2^68, then the same
//!   final fold.
//!
//! The two are different instruction sequences for the same function and
//! are tested against each other and against the big-integer reference.

use crate::ct;

/// The prime 2^64 + 13.
pub const P64: u128 = (1 << 64) + 13;

/// Final fold: v < 2^68 → v mod p (shared with [`crate::p64mul`]).
///
/// With v = 2^64·q + r (q ≤ 15), v ≡ r − 13q. If r ≥ 13q that difference is
/// the residue (below 2^64). Otherwise the 64-bit difference wraps to
/// d = r − 13q + 2^64, and the residue r − 13q + p is d + 13 (below p). So the
/// result is d plus 13 under the borrow mask: no 128-bit compare.
#[inline(always)]
pub(crate) fn fold_small(v: u128) -> u128 {
    let q = (v >> 64) as u64; // ≤ 15
    let r = v as u64;
    let (d, borrow) = r.overflowing_sub(13 * q);
    let m = ct::barrier_u64(0u64.wrapping_sub(borrow as u64));
    d as u128 + (m & 13) as u128
}

/// x mod (2^64 + 13) by the DFC paper's complement method, for every 128-bit x.
#[inline(always)]
#[must_use]
pub fn reduce_complement(x: u128) -> u128 {
    let q = (x >> 64) as u64;
    let r = x as u64;
    // P′ = R + 13·¬Q + 182 ≤ 14·2^64 + 168 < 2^68.
    let p1 = r as u128 + 13 * (!q) as u128 + 182;
    fold_small(p1)
}

/// x mod (2^64 + 13) by a signed `u128`/`i128` fold, for every 128-bit x.
#[inline(always)]
#[must_use]
pub fn reduce_u128(x: u128) -> u128 {
    let q = (x >> 64) as u64;
    let r = x as u64;
    // R − 13Q ∈ (−13·2^64, 2^64); + 13p makes it positive and < 2^68.
    let t = r as i128 - 13 * q as i128 + 13 * P64 as i128;
    fold_small(t as u128)
}

/// x mod (2^64 + 13) for every 128-bit x (the default method:
/// [`reduce_complement`]).
#[inline(always)]
#[must_use]
pub fn reduce(x: u128) -> u128 {
    reduce_complement(x)
}

/// The DFC decorrelation module: ((a·x + b) mod (2^64 + 13)) mod 2^64.
///
/// a·x + b ≤ 2^128 − 2^64 fits in a `u128`.
#[inline(always)]
#[must_use]
pub fn mul_add_mod_2_64(a: u64, x: u64, b: u64) -> u64 {
    reduce(crate::wide::mul64(a, x) + b as u128) as u64
}

/// (a·acc + m) mod p for a 64-bit a, a residue acc ∈ [0, p) and a 64-bit m:
/// one Horner step of polynomial evaluation over Z_p with 65-bit state.
///
/// With acc = 2^64·h + l (h ∈ {0, 1}): a·l + m = 2^64·Q + R fits a `u128`,
/// and a·acc + m ≡ R − 13·(Q + h·a). S = Q + h·a < 2^65 is split as
/// 2^64·s₁ + s₀, and R − 13s₀ − 13·2^64·s₁ ≡ R + 13·¬s₀ + 182 + 169·s₁,
/// which is below 2^68 and finished by the same final fold.
#[inline(always)]
#[must_use]
pub fn horner_step(a: u64, acc: u128, m: u64) -> u128 {
    let l = acc as u64;
    let h = (acc >> 64) as u64; // 0 or 1
    let prod = crate::wide::mul64(a, l) + m as u128;
    // h·a as a mask and an AND (through the barrier: `(h & 1)·a` compiled
    // to a `cmov` on the accumulator's top bit on x86-64).
    let ha = crate::ct::barrier_u64(0u64.wrapping_sub(h & 1)) & a;
    let s = (prod >> 64) + ha as u128;
    let s0 = s as u64;
    let s1 = (s >> 64) as u64;
    let v = (prod as u64) as u128 + 13 * (!s0) as u128 + 182 + 169 * s1 as u128;
    fold_small(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries() {
        for f in [reduce_complement, reduce_u128] {
            assert_eq!(f(0), 0);
            assert_eq!(f(P64 - 1), P64 - 1);
            assert_eq!(f(P64), 0);
            assert_eq!(f(P64 + 1), 1);
            assert_eq!(f(u128::MAX), u128::MAX % P64);
            assert_eq!(f(1 << 64), 1 << 64);
            assert_eq!(f((1 << 64) + 12), (1 << 64) + 12);
        }
    }

    #[test]
    fn module_folds_the_top_values() {
        // a·x + b = p − 1 = 2^64 + 12 → residue 2^64 + 12 → output 12.
        assert_eq!(mul_add_mod_2_64(1, u64::MAX, 13), 12);
        assert_eq!(mul_add_mod_2_64(2, 1 << 63, 0), 0);
        assert_eq!(mul_add_mod_2_64(0, 5, 7), 7);
    }

    #[test]
    fn horner_top_state() {
        // acc = p − 1 ≡ −1: a·(−1) + m = m − a.
        assert_eq!(horner_step(5, P64 - 1, 9), 4);
        assert_eq!(horner_step(9, P64 - 1, 5), P64 - 4);
        assert_eq!(horner_step(u64::MAX, P64 - 1, u64::MAX), 0);
    }
}
