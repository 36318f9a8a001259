//! **Limbs16** — the paper's "ANSI C" (§5.1): only 32-bit arithmetic,
//! sixteen 16×16→32 products.
//!
//! Portable ANSI C guarantees nothing wider than 32 bits (`unsigned long`),
//! so a 64-bit operand is four 16-bit limbs and the 128-bit product takes
//! sixteen 16×16→32 multiplications (Table 1). Here every value is a `u32`:
//! a = Σ aᵢ·2^(16i), x = Σ xⱼ·2^(16j), b = Σ bᵢ·2^(16i) (i, j = 0..3). Each
//! product aᵢxⱼ < 2^32 is split into its 16-bit halves, which go to columns
//! i+j and i+j+1 (weights 2^(16k)); b's limbs go to columns 0..3. A column
//! receives at most 4 low halves, 4 high halves and one limb of b, so it
//! stays below 9·2^16 < 2^20 and no carry is ever lost. One pass of
//! shift-and-mask then propagates the carries and leaves eight 16-bit
//! digits of P = a·x + b (the last carry is 0 since P < 2^128).
//!
//! No comparison, no branch, no table: the carries travel in the upper
//! 16 bits of each 32-bit column. The reduction stays in the same
//! representation: [`reduce_digits16`] takes the eight columns before
//! their carries are propagated and does the complement method digit by
//! digit, in 32-bit arithmetic only. (The paper's §5.1 reduces "32-bit
//! words"; with nothing wider than 32 bits, a 32-bit word has no room for
//! its carry, which C then recovers by comparisons — here the words are
//! split into 16-bit digits so that every carry is a shift.)
//!
//! This is the portable 32-bit baseline: on a 16- or 32-bit CPU without a
//! 32×32→64 multiplier it is the only choice, elsewhere it is the slowest
//! strategy (the paper's Table 3: 2562 cycles for DFC on an Alpha 21164 in
//! ANSI C against 526 in 64-bit C).

use super::reduce32::reduce_digits16;
use crate::kernels::Kernels;
use uhash_base::backend::Limbs16;

const MASK16: u32 = 0xffff;

/// The four 16-bit limbs of `v`, least significant first, as `u32`s.
#[inline(always)]
fn limbs(v: u64) -> [u32; 4] {
    let lo = v as u32;
    let hi = (v >> 32) as u32;
    [lo & MASK16, lo >> 16, hi & MASK16, hi >> 16]
}

/// The eight columns of P = a·x + b (weights 2^(16k)) from sixteen
/// 16×16→32 products in 32-bit arithmetic, carries not yet propagated
/// (each column below 9·2^16 < 2^20).
#[inline(always)]
#[must_use]
pub fn columns(a: u64, b: u64, x: u64) -> [u32; 8] {
    let (a, x, b) = (limbs(a), limbs(x), limbs(b));
    let mut col = [0u32; 8];
    col[..4].copy_from_slice(&b);
    for (i, &ai) in a.iter().enumerate() {
        for (j, &xj) in x.iter().enumerate() {
            let p = ai * xj; // < 2^32: both factors are below 2^16
            col[i + j] += p & MASK16;
            col[i + j + 1] += p >> 16;
        }
    }
    col
}

/// P = a·x + b (at most 2^128 − 2^64) as four 32-bit words, least
/// significant first: the [`columns`] with their carries propagated (for
/// tests; [`module`] reduces the columns directly).
#[inline(always)]
#[must_use]
pub fn product(a: u64, b: u64, x: u64) -> [u32; 4] {
    let col = columns(a, b, x);
    let mut digits = [0u32; 8];
    let mut carry = 0u32;
    for (d, c) in digits.iter_mut().zip(&col) {
        let t = c + carry;
        *d = t & MASK16;
        carry = t >> 16;
    }
    [
        digits[0] | digits[1] << 16,
        digits[2] | digits[3] << 16,
        digits[4] | digits[5] << 16,
        digits[6] | digits[7] << 16,
    ]
}

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with sixteen 16×16→32 products
/// and the reduction in 16-bit digits, 32-bit arithmetic only. Constant
/// time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    reduce_digits16(columns(a, b, x))
}

/// `limbs16`: [`module`] per call; the batch is the default loop over it.
impl Kernels for Limbs16 {
    #[inline(always)]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        module(a, b, x)
    }
}
