//! Products modulo p = 2^64 + 13 whose operands are 65-bit residues, and
//! unreduced sums of such products: the arithmetic of a Horner evaluation
//! split over several blocks with powers of the key.
//!
//! [`crate::p64::horner_step`] multiplies a residue by a 64-bit key a. A
//! Horner evaluation split over n blocks, acc ← acc·aⁿ + Σ mⱼ·aⁿ⁻¹⁻ʲ,
//! multiplies by the powers aʲ mod p, which are residues in [0, p): 65-bit
//! values, like the accumulator. This module holds
//!
//! * [`Mult`]: a residue r < 2^65 as a multiplier, its low word and its
//!   bit 64 as an all-ones/zero mask (so that the 2^64 part costs an AND,
//!   not a multiplication);
//! * [`Sum`]: a sum of products, unreduced, in three words
//!   (w₀ + 2^64·w₁ + 2^128·w₂): [`Sum::add_mul`] adds m·r for a 64-bit m,
//!   [`Sum::add_mul_wide`] adds x·r for a partly reduced x < 2^68;
//! * the reductions of a sum: [`Sum::reduce_lazy`] to a value below
//!   15·2^64 congruent to it (the state a split Horner loop carries from one
//!   group of blocks to the next), [`Sum::reduce`] and [`canonical`] to the
//!   residue in [0, p);
//! * [`mul_mod`]: x·y mod p for x < 2^68 and y < 2^65 (the key powers).
//!
//! # The products
//! With x = l + 2^64·h (l < 2^64, h < 16) and r = k + 2^64·g (k < 2^64,
//! g ∈ {0, 1}):
//!
//! ```text
//! x·r = l·k + 2^64·(h·k + g·l) + 2^128·g·h
//! ```
//!
//! l·k is one 64×64→128 product, h·k a second (h is small), g·l and g·h
//! are masks ANDed with l and h. When x is a plain 64-bit m (h = 0) the
//! product is m·k + 2^64·(g·m): one multiplication, one AND.
//!
//! # The reduction (the DFC paper's complement method, §2)
//! With W = w₀ + 2^64·w₁ + 2^128·w₂ and 2^64 ≡ −13, 2^128 ≡ 169 (mod p):
//! W ≡ w₀ − 13·w₁ + 169·w₂, and −13·w₁ ≡ 13·¬w₁ + 182 (¬w₁ = 2^64 − 1 − w₁,
//! the complement: −13·(2^64 − 1) ≡ 169 + 13 = 182), so
//!
//! ```text
//! W ≡ v = w₀ + 13·¬w₁ + 182 + 169·w₂
//! ```
//!
//! which is never negative and, for w₂ < 2^56, below
//! (2^64 − 1) + 13·(2^64 − 1) + 182 + 169·w₂ < 15·2^64. That is
//! [`Sum::reduce_lazy`]: its result v = l′ + 2^64·h′ has h′ ≤ 14, a valid x
//! for the next [`Sum::add_mul_wide`]. [`Sum::reduce`] finishes with the
//! final fold of [`crate::p64`] (v = 2^64·q + r ≡ r − 13q, plus 13 under
//! the borrow mask), giving the residue in [0, p).
//!
//! No branch and no memory index depends on any operand: the masks are
//! computed with arithmetic and pass through [`crate::ct::barrier_u64`].
//!
//! The big-integer reference checks are in `tests/suite/reference.rs`
//! (`uhash_ref`'s `BigUint`, proptest, and the boundary values 0, 1,
//! 2^64 − 1, 2^64, p − 1, 2^65 − 1 and 2^68 − 1).
//!
//! ```
//! use uhash_base::p64::P64;
//! use uhash_base::p64mul::{Mult, Sum, mul_mod};
//!
//! // (p − 1)² ≡ (−1)² = 1.
//! assert_eq!(mul_mod(P64 - 1, P64 - 1), 1);
//! // 3·(p − 1) + 2·5 + 4 ≡ −3 + 14 = 11.
//! let mut s = Sum::new(4);
//! s.add_mul(2, Mult::new(5));
//! s.add_mul_wide(3, Mult::new(P64 - 1));
//! assert_eq!(s.reduce(), 11);
//! ```

use crate::ct;
use crate::p64::fold_small;
use crate::wide::mul64;

/// A residue r < 2^65 as a multiplier: r = [`Mult::lo`] + 2^64·g, with g
/// held as the mask [`Mult::top_mask`] (all ones when g = 1, else zero).
/// Bits of the input above bit 64 are ignored.
///
/// Powers of a key are stored this way; they are key material, so the
/// holder zeroizes them ([`zeroize::Zeroize`] is implemented).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Mult {
    lo: u64,
    top: u64,
}

impl Mult {
    /// The multiplier r mod 2^65 (a residue modulo p is below 2^65).
    #[inline(always)]
    #[must_use]
    pub fn new(r: u128) -> Self {
        let g = ((r >> 64) as u64) & 1;
        Self {
            lo: r as u64,
            top: ct::barrier_u64(0u64.wrapping_sub(g)),
        }
    }

    /// The value r = lo + 2^64·g.
    #[inline(always)]
    #[must_use]
    pub fn value(self) -> u128 {
        u128::from(self.lo) | u128::from(self.top & 1) << 64
    }

    /// The low 64 bits of r.
    #[inline(always)]
    #[must_use]
    pub const fn lo(self) -> u64 {
        self.lo
    }

    /// Bit 64 of r as a mask: `u64::MAX` when r ≥ 2^64, else 0.
    #[inline(always)]
    #[must_use]
    pub const fn top_mask(self) -> u64 {
        self.top
    }
}

impl zeroize::Zeroize for Mult {
    fn zeroize(&mut self) {
        self.lo.zeroize();
        self.top.zeroize();
    }
}

/// A sum of products modulo p, not yet reduced: w₀ + 2^64·w₁₂ with
/// w₁₂ = w₁ + 2^64·w₂ < 2^128 (so the value is below 2^192).
///
/// The caller keeps w₂ below 2^56 (at most 2^120 worth of
/// 2^64-multiples), which [`Sum::reduce_lazy`] and [`Sum::reduce`] need:
/// each [`Sum::add_mul`] adds at most 2 to w₂, each
/// [`Sum::add_mul_wide`] at most 33, so any realistic number of terms is
/// far inside the bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sum {
    w0: u64,
    w12: u128,
}

impl Sum {
    /// The sum that starts at the 64-bit value `x`.
    #[inline(always)]
    #[must_use]
    pub const fn new(x: u64) -> Self {
        Self { w0: x, w12: 0 }
    }

    /// The exact value w₀ + 2^64·w₁ + 2^128·w₂, as its three words
    /// (least significant first).
    #[inline(always)]
    #[must_use]
    pub const fn words(self) -> [u64; 3] {
        [self.w0, self.w12 as u64, (self.w12 >> 64) as u64]
    }

    /// Adds m·r (m < 2^64, r < 2^65): m·k + 2^64·(g·m), less than 2^129,
    /// which adds at most 2 to w₂.
    #[inline(always)]
    pub fn add_mul(&mut self, m: u64, r: Mult) {
        let p = mul64(m, r.lo);
        let (w0, carry) = self.w0.overflowing_add(p as u64);
        self.w0 = w0;
        // hi(m·k) ≤ 2^64 − 2, so adding the carry cannot wrap.
        self.w12 += u128::from((p >> 64) as u64 + u64::from(carry));
        self.w12 += u128::from(r.top & m);
    }

    /// Adds x·r for x < 2^68 (x = l + 2^64·h, h < 16; a [`Sum::reduce_lazy`]
    /// result or a residue) and r < 2^65: l·k + 2^64·(h·k + g·l) +
    /// 2^128·g·h, less than 33·2^128, which adds at most 33 to w₂. Bits of
    /// x above bit 67 are not allowed (the bound on w₂ would not hold).
    #[inline(always)]
    pub fn add_mul_wide(&mut self, x: u128, r: Mult) {
        let l = x as u64;
        let h = (x >> 64) as u64;
        self.add_mul(l, r);
        self.w12 += mul64(h, r.lo);
        self.w12 += u128::from(r.top & h) << 64;
    }

    /// A value v ≡ the sum (mod p) with v < 15·2^64 (v = l + 2^64·h,
    /// h ≤ 14): v = w₀ + 13·¬w₁ + 182 + 169·w₂ (see the
    /// [module docs](self)). Needs w₂ < 2^56.
    #[inline(always)]
    #[must_use]
    pub fn reduce_lazy(self) -> u128 {
        let w1 = self.w12 as u64;
        let w2 = (self.w12 >> 64) as u64;
        u128::from(self.w0) + 13 * u128::from(!w1) + u128::from(182 + 169 * w2)
    }

    /// The sum reduced modulo p, in [0, p). Needs w₂ < 2^56.
    #[inline(always)]
    #[must_use]
    pub fn reduce(self) -> u128 {
        fold_small(self.reduce_lazy())
    }
}

/// x mod p for x < 2^68, in [0, p): the final fold of [`crate::p64`]
/// (x = 2^64·q + r ≡ r − 13q, plus 13 under the borrow mask). Turns a
/// [`Sum::reduce_lazy`] result into the residue.
#[inline(always)]
#[must_use]
pub fn canonical(x: u128) -> u128 {
    fold_small(x)
}

/// x·y mod p in [0, p), for x < 2^68 and y < 2^65 (bits of y above bit 64
/// are ignored): one [`Sum::add_mul_wide`] and [`Sum::reduce`]. Constant
/// time.
#[inline(always)]
#[must_use]
pub fn mul_mod(x: u128, y: u128) -> u128 {
    let mut s = Sum::new(0);
    s.add_mul_wide(x, Mult::new(y));
    s.reduce()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::p64::P64;

    #[test]
    fn mult_round_trips() {
        for r in [0, 1, u64::MAX as u128, 1 << 64, P64 - 1, (1 << 65) - 1] {
            assert_eq!(Mult::new(r).value(), r);
        }
        assert_eq!(Mult::new(1 << 65).value(), 0);
        assert_eq!(Mult::new(P64 - 1).top_mask(), u64::MAX);
        assert_eq!(Mult::new(P64 - 1).lo(), 12);
        assert_eq!(Mult::new(7).top_mask(), 0);
    }

    #[test]
    fn small_products() {
        // −1 · −1, −1 · 2, 2^64 ≡ −13 squared = 169.
        assert_eq!(mul_mod(P64 - 1, P64 - 1), 1);
        assert_eq!(mul_mod(P64 - 1, 2), P64 - 2);
        assert_eq!(mul_mod(1 << 64, 1 << 64), 169);
        assert_eq!(mul_mod(0, P64 - 1), 0);
        // (2^68 − 1)·(2^65 − 1) mod p, worked out by hand: 2^68 ≡ −208,
        // 2^65 ≡ −26, so (−209)·(−27) = 5643.
        assert_eq!(mul_mod((1 << 68) - 1, (1 << 65) - 1), 5643);
    }

    #[test]
    fn lazy_bound_is_tight_enough() {
        // The largest w₀, ¬w₁ and a large w₂: still below 15·2^64.
        let s = Sum {
            w0: u64::MAX,
            w12: u128::from((1u64 << 56) - 1) << 64,
        };
        let v = s.reduce_lazy();
        assert!(v < 15 << 64);
        assert_eq!(s.words(), [u64::MAX, 0, (1 << 56) - 1]);
    }
}
