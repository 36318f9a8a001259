//! The decorrelation module of the AES candidate DFC — Noilhan, *Software
//! Optimization of Decorrelation Module*, §2 (and the DFC specification by
//! Gilbert, Girault, Hoogvorst, Noilhan, Pornin, Poupard, Stern, Vaudenay).

use num_bigint::BigUint;

use crate::util::{low_u64, pow2};

/// The DFC decorrelation module (Noilhan, **§2** "Calculation of
/// ax + b mod 2^64 + 13 mod 2^64"):
///
/// `dfc_module(a, b, x) = ((a·x + b) mod (2^64 + 13)) mod 2^64`,
///
/// with `a, b, x` 64-bit unsigned integers and `a·x + b` computed over the
/// integers (it is at most `2^128 − 2^64`). When `(a·x + b) mod (2^64 + 13)`
/// lands in `[2^64, 2^64 + 12]` the result is that value minus `2^64`, i.e.
/// `0..=12`.
pub fn dfc_module(a: u64, b: u64, x: u64) -> u64 {
    let p = pow2(64) + 13u32;
    let value = BigUint::from(a) * BigUint::from(x) + BigUint::from(b);
    low_u64(&((value % p) % pow2(64)))
}
