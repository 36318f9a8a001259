//! **Words32** — the paper's "64-bit C" (§5.2): four 32×32→64 products.
//!
//! With a = 2^32·a₁ + a₀, x = 2^32·x₁ + x₀ and b = 2^32·b₁ + b₀ (32-bit
//! halves), P = a·x + b is assembled from the four 64-bit products
//! a₀x₀, a₀x₁, a₁x₀, a₁x₁ in 32-bit columns. Each column is a `u64` whose
//! upper 32 bits collect the carries ("they are stored in the 32 most
//! significant bits of the registers during the calculation"), so carries
//! are propagated once per column, by a shift, never by a comparison:
//!
//! ```text
//! c₀ = lo(a₀x₀) + b₀                                  < 2^33
//! c₁ = hi(a₀x₀) + lo(a₀x₁) + lo(a₁x₀) + b₁ + ⌊c₀/2^32⌋  < 2^34
//! c₂ = hi(a₀x₁) + hi(a₁x₀) + lo(a₁x₁) + ⌊c₁/2^32⌋       < 2^34
//! c₃ = hi(a₁x₁) + ⌊c₂/2^32⌋                            < 2^32  (P < 2^128)
//! P  = Σ lo(cᵢ)·2^(32i)
//! ```
//!
//! b is added inside the multiplication ("adding the constant in the same
//! time as we multiply can save some cycles", §3.2). The reduction stays in
//! 32-bit words too ("we can use 32-bit words, even on 64-bit processors,
//! to do the modular reduction", §5.2): [`reduce_words32`] takes the four
//! columns c₀..c₃ *before* their carries are propagated, propagates them
//! once and does the complement method word by word, its carries again in
//! the upper halves. No 128-bit value appears anywhere.
//!
//! This is the strategy for 32-bit CPUs with a 32×32→64 multiplier
//! (Pentium II, ARMv7 `umull`), where a `u128` product would cost the same
//! four multiplications plus the compiler's generic carry handling.

use super::reduce32::reduce_words32;
use crate::kernels::Kernels;
use uhash_base::backend::Words32;
use uhash_base::wide::mul32;

const LO: u64 = 0xffff_ffff;

/// The columns c₀..c₃ of P = a·x + b (weights 2^(32i)) from four 32×32→64
/// products, carries not yet propagated (each column below 2^34; see the
/// [module docs](self)).
#[inline(always)]
#[must_use]
pub fn columns(a: u64, b: u64, x: u64) -> [u64; 4] {
    let (a0, a1) = (a as u32, (a >> 32) as u32);
    let (x0, x1) = (x as u32, (x >> 32) as u32);
    let p00 = mul32(a0, x0);
    let p01 = mul32(a0, x1);
    let p10 = mul32(a1, x0);
    let p11 = mul32(a1, x1);
    [
        (p00 & LO) + (b & LO),
        (p00 >> 32) + (p01 & LO) + (p10 & LO) + (b >> 32),
        (p01 >> 32) + (p10 >> 32) + (p11 & LO),
        p11 >> 32,
    ]
}

/// P = a·x + b (at most 2^128 − 2^64) as `(R, Q)`, its low and high 64
/// bits: the [`columns`] with their carries propagated (for tests and
/// callers that want the product itself; [`module`] reduces the columns
/// directly).
#[inline(always)]
#[must_use]
pub fn product(a: u64, b: u64, x: u64) -> (u64, u64) {
    let [c0, c1, c2, c3] = columns(a, b, x);
    let c1 = c1 + (c0 >> 32);
    let c2 = c2 + (c1 >> 32);
    let c3 = c3 + (c2 >> 32);
    ((c0 & LO) | (c1 << 32), (c2 & LO) | (c3 << 32))
}

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with four 32×32→64 products and
/// the reduction in 32-bit words. Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    reduce_words32(columns(a, b, x))
}

/// `words32`: [`module`] per call; the batch is the default loop over it.
impl Kernels for Words32 {
    #[inline(always)]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        module(a, b, x)
    }
}
