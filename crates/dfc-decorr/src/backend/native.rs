//! **Native**: one 64×64→128 multiplication (`u128`) and the paper's §2
//! complement reduction ([`uhash_base::p64::reduce_complement`]).
//!
//! This is the "64-bit processor with a full multiplier" case of the paper
//! (Alpha's `umulq`/`umulh`, IA-64's `xma`): Rust's `u128` product compiles
//! to one `mul` (x86-64), `mul`+`umulh` (AArch64) or `mlgr` (s390x). The
//! addition of b is done after the product, as the paper does on Alpha
//! ("since the multiplication is atomic, the addition of b + 182 is made
//! after it"); a·x + b ≤ 2^128 − 2^64 cannot overflow.
//!
//! The reduction writes P = a·x + b = 2^64·Q + R and evaluates
//! R + 13·¬Q + 182 ≡ R − 13Q (mod 2^64 + 13), then folds the result
//! (< 2^68) once more, correcting it with one masked addition instead of
//! the paper's small table. No branch and no memory index depends on a, b
//! or x.
//!
//! This is the crate's default strategy ([`crate::module::module`],
//! [`Engine::detect`](crate::Engine::detect)), and its body is the portable
//! default of [`Kernels`]: the [`Native`] backend overrides nothing.

use crate::kernels::Kernels;
use uhash_base::backend::Native;

/// ((a·x + b) mod (2^64 + 13)) mod 2^64 with a `u128` product and the
/// complement reduction. Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    Native.module(a, b, x)
}

/// `native`: the default bodies of [`Kernels`].
impl Kernels for Native {}
