//! **Fold**: one 64×64→128 multiplication (`u128`) and the signed fold
//! ([`uhash_base::p64::reduce_u128`]).
//!
//! The other division-less reduction: the same identity 2^64 ≡ −13 as the
//! paper's §2, but evaluated in signed 128-bit arithmetic,
//! t = R − 13Q + 13p ∈ (0, 2^68), instead of through the complement ¬Q. It
//! is the "dealing with negative values" route the paper avoids in C;
//! in Rust `i128` makes it as branch-free as the complement method, and the
//! two differ only in instruction selection. Kept as a strategy so that the
//! two reductions are measured and tested against each other.

use crate::kernels::Kernels;
use uhash_base::backend::Fold;
use uhash_base::p64::reduce_u128;
use uhash_base::wide::mul64;

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with a `u128` product and the
/// signed fold. Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    reduce_u128(mul64(a, x) + u128::from(b)) as u64
}

/// `fold`: [`module`] per call; the batch is the default loop over it.
impl Kernels for Fold {
    #[inline(always)]
    fn module(self, a: u64, b: u64, x: u64) -> u64 {
        module(a, b, x)
    }
}
