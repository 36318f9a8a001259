//! **Float** — the paper's UltraSPARC method (§5.5): nine 24×24-bit
//! products in IEEE-754 double precision.
//!
//! # Representation
//! Each 64-bit operand is split into 24-bit limbs, v = v₀ + v₁·2^24 +
//! v₂·2^48 with v₀, v₁ < 2^24 and v₂ < 2^16, and each limb becomes an `f64`.
//! The product a·x + b is the five columns (weight 2^(24k))
//!
//! ```text
//! c₀ = a₀x₀ + b₀
//! c₁ = a₀x₁ + a₁x₀ + b₁
//! c₂ = a₀x₂ + a₁x₁ + a₂x₀ + b₂
//! c₃ = a₁x₂ + a₂x₁
//! c₄ = a₂x₂
//! ```
//!
//! computed with nine floating-point multiplications and seven additions
//! (b is added inside the multiplication, §3.2), then converted back to
//! integers and recombined, P = Σ cₖ·2^(24k), with integer shifts and adds.
//!
//! # Exactness
//! A double represents every integer of magnitude at most 2^53 exactly, and
//! the sum or product of two such integers is computed exactly (IEEE-754
//! rounds only when the exact result is not representable). So it suffices
//! that every partial product and every partial sum is an integer below
//! 2^53. With M = 2^24 − 1 and m = 2^16 − 1 (all terms are non-negative, so
//! every partial sum is at most the full column):
//!
//! | column | bound | |
//! |---|---|---|
//! | c₀ | M² + M | < 2^48 |
//! | c₁ | 2M² + M | < 2^49 |
//! | c₂ | M² + 2Mm + m | < 2^48 + 2^41 < 2^49 |
//! | c₃ | 2Mm | < 2^41 |
//! | c₄ | m² | < 2^32 |
//!
//! Every value is below 2^49, four bits of headroom under 2^53: no
//! rounding can occur, whatever the rounding mode (an exact result is
//! rounded to itself in every mode), and the x87 extended precision of a
//! 32-bit x86 build cannot change an exact result either. Rust never
//! contracts `a*b + c` into a fused multiply-add on its own; an FMA would
//! be exact here too.
//!
//! # Conversions
//! As the paper recommends, the conversions are bit tricks, not library
//! calls: an integer u < 2^52 becomes a double as
//! `f64::from_bits(0x4330_0000_0000_0000 | u) − 2^52` (the double 2^52 + u
//! with u in its mantissa, minus 2^52, exact); an integer-valued double
//! 0 ≤ f < 2^52 comes back as the low 52 bits of `(f + 2^52).to_bits()`.
//! Both are pure data movement and one exact addition: no branch on the
//! value, no table, and no subnormal operand (every non-zero value is at
//! least 1), so the FPU runs at its data-independent speed.
//!
//! # The reduction
//! As on the UltraSPARC, "the modular reduction is implemented with 32 bit
//! words and carries are stored into high order bits of the registers"
//! (§5.5): [`words`] cuts the five columns at the 32-bit word boundaries
//! (a column at 2^(24k) straddles two words; its piece above the boundary
//! goes to the next word) without propagating any carry, every word below
//! 2^50, and [`reduce32::reduce_words32`](super::reduce32) propagates once
//! and reduces word by word, multiplying by 13 with shifts and additions.
//!
//! On the UltraSPARC of the paper this beat four integer multiplications
//! (775 cycles for DFC against 875 in 64-bit C, Table 3); on a CPU with a
//! 64×64→128 integer multiplier it is a curiosity, kept because it is one
//! of the paper's strategies and a useful cross-check.

use super::reduce32::reduce_words32;
use crate::kernels::Kernels;
use uhash_base::backend::Float;

/// 2^52 as a double.
const TWO52: f64 = 4_503_599_627_370_496.0;
/// The bit pattern of the double 2^52 (sign 0, biased exponent 1023 + 52).
const TWO52_BITS: u64 = 0x4330_0000_0000_0000;
/// The 52 mantissa bits.
const MANTISSA: u64 = (1 << 52) - 1;
const MASK24: u64 = (1 << 24) - 1;

/// The integer u < 2^52 as a double, exactly.
#[inline(always)]
pub(super) fn to_f64(u: u64) -> f64 {
    f64::from_bits(TWO52_BITS | u) - TWO52
}

/// The integer-valued double 0 ≤ f < 2^52 as an integer, exactly.
#[inline(always)]
pub(super) fn to_u64(f: f64) -> u64 {
    (f + TWO52).to_bits() & MANTISSA
}

/// The 24-bit limbs of `v` (24, 24 and 16 bits) as doubles.
#[inline(always)]
fn limbs(v: u64) -> [f64; 3] {
    [
        to_f64(v & MASK24),
        to_f64((v >> 24) & MASK24),
        to_f64(v >> 48),
    ]
}

/// The five columns c₀..c₄ of a·x + b (weights 2^(24k)), each an integer
/// below 2^49 computed exactly in double precision.
#[inline(always)]
#[must_use]
pub fn columns(a: u64, b: u64, x: u64) -> [u64; 5] {
    let [a0, a1, a2] = limbs(a);
    let [x0, x1, x2] = limbs(x);
    let [b0, b1, b2] = limbs(b);
    [
        to_u64(a0 * x0 + b0),
        to_u64(a0 * x1 + a1 * x0 + b1),
        to_u64(a0 * x2 + a1 * x1 + a2 * x0 + b2),
        to_u64(a1 * x2 + a2 * x1),
        to_u64(a2 * x2),
    ]
}

/// P = a·x + b (at most 2^128 − 2^64) from nine 24×24 floating-point
/// products.
#[inline(always)]
#[must_use]
pub fn product(a: u64, b: u64, x: u64) -> u128 {
    let c = columns(a, b, x);
    u128::from(c[0])
        + (u128::from(c[1]) << 24)
        + (u128::from(c[2]) << 48)
        + (u128::from(c[3]) << 72)
        + (u128::from(c[4]) << 96)
}

/// The columns c₀..c₄ (weights 2^(24k)) as four 32-bit-word columns
/// (weights 2^(32i)) with the carries pending in their upper bits: each
/// column's bits below a word boundary stay in that word, the rest go to
/// the next one. With every cₖ < 2^49, each word is below 2^50.
#[inline(always)]
#[must_use]
pub fn words(c: [u64; 5]) -> [u64; 4] {
    [
        c[0] + ((c[1] & 0xff) << 24),
        (c[1] >> 8) + ((c[2] & 0xffff) << 16),
        (c[2] >> 16) + ((c[3] & 0xff_ffff) << 8),
        (c[3] >> 24) + c[4],
    ]
}

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with nine double-precision
/// 24×24 products and the reduction in 32-bit words. Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    reduce_words32(words(columns(a, b, x)))
}

/// `float`: [`module`] per call; the batch is the default loop over it.
impl Kernels for Float {
    #[inline(always)]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        module(a, b, x)
    }
}
