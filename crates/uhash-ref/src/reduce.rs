//! Plain oracles for the fast modular reductions of `uhash-base`: the primes
//! of the families and `x mod p` computed by big-integer division.

use num_bigint::BigUint;

use crate::primes::next_prime_above_pow2;
use crate::util::pow2;

/// `p32 = 2^32 + 15`, the MMH₃₂/NMH₃₂ prime (MMH paper §3, Def. 5; the
/// smallest prime above `2^32`, footnote 4).
pub fn p32() -> BigUint {
    pow2(32) + 15u32
}

/// `p64 = 2^64 + 13`, the prime of the 64-bit MMH variant (MMH paper §3.2)
/// and of the DFC decorrelation module (Noilhan §2).
pub fn p64() -> BigUint {
    pow2(64) + 13u32
}

/// `p130 = 2^130 − 5`, the Poly1305 prime (Bernstein §2).
pub fn p130() -> BigUint {
    pow2(130) - 5u32
}

/// `x mod (2^32 + 15)`, by big-integer division (any size of `x`).
pub fn mod_p32(x: &BigUint) -> BigUint {
    x % p32()
}

/// `x mod (2^64 + 13)`, by big-integer division (any size of `x`).
pub fn mod_p64(x: &BigUint) -> BigUint {
    x % p64()
}

/// `x mod (2^130 − 5)`, by big-integer division (any size of `x`).
pub fn mod_p130(x: &BigUint) -> BigUint {
    x % p130()
}

/// The Square Hash prime for `w` 32-bit words: the smallest prime above
/// `2^(32w)`, computed as `next_prime_above_pow2(32·w)` (not a pasted
/// constant). Etzel–Patel–Ramzan, *Square Hash*, use a prime slightly larger
/// than `2^(32w)` for `w`-word digits; the smallest such prime is chosen here,
/// as MMH footnote 4 does for `w = 1`.
///
/// Values (proven prime and minimal in `tests/suite/primes.rs`): `w = 1 → 2^32 + 15`,
/// `2 → 2^64 + 13`, `3 → 2^96 + 61`, `4 → 2^128 + 51`, `5 → 2^160 + 7`.
///
/// Intended for `w` in `1..=5`. Other `w` are not rejected (the signature has
/// no error): `w = 0` gives 2 and larger `w` give the smallest prime above
/// `2^(32w)` (with `32·w` saturating at `u32::MAX`, which is impractically
/// large), at a cost that grows quickly with `w`.
pub fn sqh_prime(w: u32) -> BigUint {
    next_prime_above_pow2(w.saturating_mul(32))
}
