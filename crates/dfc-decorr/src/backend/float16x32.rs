//! **Float16x32** — the paper's other floating-point product (§5.5):
//! "alternatively we can do eight 16×32-bit multiplications".
//!
//! # Representation
//! a is cut into four 16-bit limbs a₀..a₃ and x into two 32-bit limbs
//! x₀, x₁ (b into four 16-bit limbs b₀..b₃), each limb an IEEE double. The
//! eight products aᵢ·xⱼ (each below 2^48) land at weight 2^(16i + 32j), so
//! a·x + b is the six columns (weight 2^(16k))
//!
//! ```text
//! c₀ = a₀x₀ + b₀
//! c₁ = a₁x₀ + b₁
//! c₂ = a₂x₀ + a₀x₁ + b₂
//! c₃ = a₃x₀ + a₁x₁ + b₃
//! c₄ = a₂x₁
//! c₅ = a₃x₁
//! ```
//!
//! eight floating-point multiplications and six additions (b again added
//! inside the multiplication, §3.2) against the nine multiplications and
//! seven additions of 24-bit limbs ([`float`](super::float)).
//!
//! # Exactness
//! Every product is an integer below (2^16 − 1)(2^32 − 1) < 2^48 and every
//! column at most two products and a 16-bit limb: below 2^49 + 2^16 < 2^50,
//! all within the 53-bit significand, so every multiplication and addition
//! is exact in any rounding mode (the argument of
//! [`float`](super::float)). The integer ↔ double conversions are the same
//! bit tricks ([`float::to_f64`](super::float), `to_u64`): no library call,
//! no subnormal operand.
//!
//! # The reduction
//! [`words`] cuts the columns at the 32-bit word boundaries without
//! propagating a carry (the odd columns straddle a boundary: their low 16
//! bits stay, the rest moves up one word), every word below 2^51, and
//! [`reduce_words32`] propagates once and reduces in 32-bit words, carries
//! in the upper halves, 13· by shifts and additions (§5.5).
//!
//! Like the 24-bit strategy this is one of the paper's ways for a CPU whose
//! FPU multiplies faster than its integer unit (UltraSPARC); on a CPU with
//! a 64×64→128 integer multiplier it is a cross-check and a measurement.

use super::float::{to_f64, to_u64};
use super::reduce32::reduce_words32;
use crate::kernels::Kernels;
use uhash_base::backend::Float16x32;

const MASK16: u64 = 0xffff;
const MASK32: u64 = 0xffff_ffff;

/// The 16-bit limbs of `v` as doubles, least significant first.
#[inline(always)]
fn limbs16(v: u64) -> [f64; 4] {
    [
        to_f64(v & MASK16),
        to_f64((v >> 16) & MASK16),
        to_f64((v >> 32) & MASK16),
        to_f64(v >> 48),
    ]
}

/// The 32-bit limbs of `v` as doubles, least significant first.
#[inline(always)]
fn limbs32(v: u64) -> [f64; 2] {
    [to_f64(v & MASK32), to_f64(v >> 32)]
}

/// The six columns c₀..c₅ of a·x + b (weights 2^(16k)), each an integer
/// below 2^50 computed exactly with eight double-precision 16×32 products.
#[inline(always)]
#[must_use]
pub fn columns(a: u64, b: u64, x: u64) -> [u64; 6] {
    let [a0, a1, a2, a3] = limbs16(a);
    let [x0, x1] = limbs32(x);
    let [b0, b1, b2, b3] = limbs16(b);
    [
        to_u64(a0 * x0 + b0),
        to_u64(a1 * x0 + b1),
        to_u64(a2 * x0 + a0 * x1 + b2),
        to_u64(a3 * x0 + a1 * x1 + b3),
        to_u64(a2 * x1),
        to_u64(a3 * x1),
    ]
}

/// The columns as four 32-bit-word columns (weights 2^(32i)), carries
/// pending in their upper bits: column 2i stays in word i, column 2i + 1
/// gives its low 16 bits to word i (shifted up 16) and the rest to word
/// i + 1. Each word is below 2^51.
#[inline(always)]
#[must_use]
pub fn words(c: [u64; 6]) -> [u64; 4] {
    [
        c[0] + ((c[1] & MASK16) << 16),
        (c[1] >> 16) + c[2] + ((c[3] & MASK16) << 16),
        (c[3] >> 16) + c[4] + ((c[5] & MASK16) << 16),
        c[5] >> 16,
    ]
}

/// P = a·x + b (at most 2^128 − 2^64) from eight 16×32 floating-point
/// products (for tests; [`module`] reduces the words directly).
#[inline(always)]
#[must_use]
pub fn product(a: u64, b: u64, x: u64) -> u128 {
    columns(a, b, x)
        .iter()
        .enumerate()
        .map(|(k, &c)| u128::from(c) << (16 * k))
        .sum()
}

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with eight double-precision
/// 16×32 products and the reduction in 32-bit words. Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    reduce_words32(words(columns(a, b, x)))
}

/// `float16x32`: [`module`] per call; the batch is the default loop over it.
impl Kernels for Float16x32 {
    #[inline(always)]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        module(a, b, x)
    }
}
