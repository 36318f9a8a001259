//! MMH and NMH — Halevi, Krawczyk, *MMH: Software Message Authentication in
//! the Gbit/Second Rates*, FSE 1997.
//!
//! | function | paper |
//! |---|---|
//! | [`mmh_star`] | Def. 2, MMH\* over `Z_p` |
//! | [`mmh32`] | Def. 5, MMH₃₂ |
//! | [`mmh_b`] | Def. 5 with `b`-bit words (§3: "the approach is general") |
//! | [`mmh64`] | §3.2, the 64-bit variant with `p = 2^64 + 13` |
//! | [`mmh32_toeplitz`] | §2.4, "Toeplitz matrix construction" applied to MMH₃₂ |
//! | [`nmh_star`] | Def. 9, NMH\* |
//! | [`nmh32`] | Def. 10, NMH₃₂ |
//! | [`nmh_b`] | Def. 10 with `b`-bit words |
//!
//! Conventions shared by every function here:
//!
//! * `m_i` is `msg[i-1]` and `x_i` is `key[i-1]` (the papers count from 1).
//! * `k` is the message length `msg.len()`. The paper fixes `k = 32` for
//!   MMH₃₂/NMH₃₂ but says the approach is general (§3.1 "Fixing the value of
//!   k"); we accept any `k >= 1` (any even `k >= 2` for NMH). `k = 0` is an
//!   error: Def. 2 requires `k > 0`, Def. 9 "an even positive integer".
//! * The key must have at least `k` words; only the first `k` are used
//!   (§3.4 "Hashing short data items": "shorter … strings will just use the
//!   part of the key corresponding to their length"), and only those are
//!   range-checked.
//! * Checks happen in this order: parameters, message length, message words,
//!   key length, key words.
//!
//! Everything is computed with `num-bigint` exactly as written: the integer
//! sum is built first, then each `mod` of the definition is applied in turn.

use num_bigint::BigUint;

use crate::RefError;
use crate::primes::{is_probable_prime, next_prime_above_pow2};
use crate::util::{
    add_len, check_even, check_key_words, check_msg_words, check_nonempty, check_outputs,
    check_range, key_prefix, low_u64, pow2,
};

/// `p` must be a prime (Defs. 2 and 9 say "Let p be a prime").
fn check_prime(p: &BigUint) -> Result<(), RefError> {
    if is_probable_prime(p) {
        Ok(())
    } else {
        Err(RefError::InvalidParameter(format!(
            "p = {p} is not prime (Defs. 2 and 9 need a prime p)"
        )))
    }
}

/// Every element is in `Z_p`, i.e. `< p`; `what` names the vector (`m` or
/// `x`) and `err` builds the error variant.
fn check_field_elements(
    v: &[BigUint],
    p: &BigUint,
    what: &str,
    err: fn(String) -> RefError,
) -> Result<(), RefError> {
    match v.iter().position(|e| e >= p) {
        None => Ok(()),
        Some(i) => Err(err(format!("{what}_{} = {} is not < p = {p}", i + 1, v[i]))),
    }
}

/// MMH\* (MMH paper, **Definition 2**): the Carter–Wegman multilinear hash
/// over the field `Z_p`,
///
/// `g_x(m) = m · x mod p = Σ_{i=1}^{k} m_i x_i mod p`.
///
/// * `p` must be prime (checked with [`is_probable_prime`]), else
///   `InvalidParameter`.
/// * `k = msg.len() >= 1`; every `m_i < p` (`InvalidMessage` otherwise).
/// * `key.len() >= k` (`KeyTooShort`); the first `k` elements are the key
///   `x_1..x_k` and each must be `< p` (`InvalidKey`).
pub fn mmh_star(p: &BigUint, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    check_prime(p)?;
    let k = msg.len();
    check_nonempty(k)?;
    check_field_elements(msg, p, "m", RefError::InvalidMessage)?;
    let x = key_prefix(key, k)?;
    check_field_elements(x, p, "x", RefError::InvalidKey)?;
    let sum: BigUint = msg.iter().zip(x).map(|(m_i, x_i)| m_i * x_i).sum();
    Ok(sum % p)
}

/// MMH with `b`-bit words — **Definition 5** with 32 replaced by `b`
/// (the paper, §3: "the approach is general and can be used with different
/// parameters according to application needs"):
///
/// `h_x(m) = [[[Σ_{i=1}^{k} m_i x_i] mod 2^(2b)] mod p_b] mod 2^b`,
/// `p_b = next_prime_above_pow2(b)` (the smallest prime `> 2^b`).
///
/// Reading chosen: the paper's two modifications of §3.2 carry over
/// literally — the sum is taken modulo `2^(2b)` (carries out of the
/// double-width accumulator are dropped) and the output modulo `2^b`; and
/// `p_b` is the *smallest* prime above `2^b`, the choice footnote 4 makes
/// for `b = 32` ("any prime which satisfies 2^32 < p … will do; 2^32 + 15 is
/// the smallest"). So `b = 32` gives `p = 2^32 + 15` ([`mmh32`]) and
/// `b = 64` gives `p = 2^64 + 13` ([`mmh64`]).
///
/// * `b` in `2..=64` (`InvalidParameter`).
/// * `k = msg.len() >= 1`, every `m_i < 2^b` (`InvalidMessage`).
/// * `key.len() >= k` (`KeyTooShort`), `x_1..x_k < 2^b` (`InvalidKey`).
pub fn mmh_b(b: u32, key: &[u64], msg: &[u64]) -> Result<u64, RefError> {
    check_range("b", b, 2, 64)?;
    let k = msg.len();
    check_nonempty(k)?;
    check_msg_words(msg, b)?;
    let x = key_prefix(key, k)?;
    check_key_words(x, b)?;
    let p_b = next_prime_above_pow2(b);
    let sum: BigUint = msg
        .iter()
        .zip(x)
        .map(|(&m_i, &x_i)| BigUint::from(m_i) * BigUint::from(x_i))
        .sum();
    let h = ((sum % pow2(2 * b)) % &p_b) % pow2(b);
    Ok(low_u64(&h))
}

/// MMH₃₂ (MMH paper, **Definition 5**), `p = 2^32 + 15`:
///
/// `h_x(m) = [[[Σ_{i=1}^{k} m_i x_i] mod 2^64] mod (2^32 + 15)] mod 2^32`.
///
/// The paper fixes `k = 32`; we accept any `k = msg.len() >= 1` (§3.4
/// "Hashing short data items" uses the same function on shorter inputs with
/// a prefix of the key). `key.len() >= k`, the first `k` words are used.
///
/// Note: when the sum is `≡ 0 (mod p)` the result is `0`. The paper's
/// Appendix A C routine returns 15 in one such case (its final test is
/// `utmp > 0x10000000f` where `>=` is needed); this function follows the
/// definition, and `tests/suite/hand.rs` pins that case.
pub fn mmh32(key: &[u32], msg: &[u32]) -> Result<u32, RefError> {
    let k = msg.len();
    check_nonempty(k)?;
    let x = key_prefix(key, k)?;
    let p = BigUint::from(1u64 << 32) + 15u32;
    let sum: BigUint = msg
        .iter()
        .zip(x)
        .map(|(&m_i, &x_i)| BigUint::from(m_i) * BigUint::from(x_i))
        .sum();
    let h = ((sum % pow2(64)) % &p) % pow2(32);
    Ok(low_u64(&h) as u32)
}

/// MMH₃₂ with the Toeplitz construction (MMH paper, **§2.4** "Reducing the
/// collision probability", as used for the 64-bit-output variant of §3.3):
///
/// `d_i = MMH₃₂_{⟨x_i, …, x_{i+k−1}⟩}(m)` for `i = 1..n`; output `⟨d_1, …, d_n⟩`.
///
/// The key is `k + n − 1` words `x_1..x_{k+n−1}`; output `i` uses the key
/// shifted by `i − 1` words. `n >= 1` (`InvalidParameter`), `k >= 1`
/// (`InvalidMessage`), `key.len() >= k + n − 1` (`KeyTooShort`).
pub fn mmh32_toeplitz(key: &[u32], msg: &[u32], n: usize) -> Result<Vec<u32>, RefError> {
    check_outputs(n)?;
    let k = msg.len();
    check_nonempty(k)?;
    let needed = add_len(k, n - 1)?;
    let key = key_prefix(key, needed)?;
    (0..n).map(|i| mmh32(&key[i..i + k], msg)).collect()
}

/// NMH\* (MMH paper, **Definition 9**), Carter–Wegman's non-linear variant:
///
/// `g_x(m) = Σ_{i=1}^{k/2} (m_{2i−1} + x_{2i−1})(m_{2i} + x_{2i}) mod p`.
///
/// The sums `m + x` are integer sums (in `Z_p` they would be reduced, which
/// does not change the result mod `p`).
///
/// * `p` prime (`InvalidParameter`).
/// * `k = msg.len()` even and `>= 2` (Def. 9: "k an even positive
///   integer"), every `m_i < p` (`InvalidMessage`).
/// * `key.len() >= k` (`KeyTooShort`), `x_1..x_k < p` (`InvalidKey`).
pub fn nmh_star(p: &BigUint, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    check_prime(p)?;
    let k = msg.len();
    check_even(k)?;
    check_field_elements(msg, p, "m", RefError::InvalidMessage)?;
    let x = key_prefix(key, k)?;
    check_field_elements(x, p, "x", RefError::InvalidKey)?;
    let mut sum = BigUint::from(0u32);
    for i in 1..=k / 2 {
        let left = &msg[2 * i - 2] + &x[2 * i - 2]; // m_{2i-1} + x_{2i-1}
        let right = &msg[2 * i - 1] + &x[2 * i - 1]; // m_{2i} + x_{2i}
        sum += left * right;
    }
    Ok(sum % p)
}

/// NMH with `b`-bit words — **Definition 10** with 32 replaced by `b`:
///
/// `h_x(m) = [[[Σ_{i=1}^{k/2} (m_{2i−1} ± x_{2i−1})(m_{2i} ± x_{2i})] mod 2^(2b)] mod p_b] mod 2^b`,
///
/// where `±` is addition modulo `2^b` (Def. 10: "the symbol ± denotes
/// addition modulo 2^32") and `p_b = next_prime_above_pow2(b)` as in
/// [`mmh_b`].
///
/// * `b` in `2..=64` (`InvalidParameter`).
/// * `k = msg.len()` even and `>= 2`, every `m_i < 2^b` (`InvalidMessage`).
/// * `key.len() >= k` (`KeyTooShort`), `x_1..x_k < 2^b` (`InvalidKey`).
pub fn nmh_b(b: u32, key: &[u64], msg: &[u64]) -> Result<u64, RefError> {
    check_range("b", b, 2, 64)?;
    let k = msg.len();
    check_even(k)?;
    check_msg_words(msg, b)?;
    let x = key_prefix(key, k)?;
    check_key_words(x, b)?;
    let p_b = next_prime_above_pow2(b);
    let two_b = pow2(b);
    let mut sum = BigUint::from(0u32);
    for i in 1..=k / 2 {
        let left = (BigUint::from(msg[2 * i - 2]) + x[2 * i - 2]) % &two_b;
        let right = (BigUint::from(msg[2 * i - 1]) + x[2 * i - 1]) % &two_b;
        sum += left * right;
    }
    let h = ((sum % pow2(2 * b)) % &p_b) % &two_b;
    Ok(low_u64(&h))
}

/// NMH₃₂ (MMH paper, **Definition 10**), `p = 2^32 + 15`:
///
/// `h_x(m) = [[[Σ_{i=1}^{k/2} (m_{2i−1} ± x_{2i−1})(m_{2i} ± x_{2i})] mod 2^64] mod (2^32 + 15)] mod 2^32`,
///
/// `±` = addition modulo `2^32`. The paper fixes `k = 32`; we accept any
/// even `k = msg.len() >= 2`. `key.len() >= k`, the first `k` words are used.
pub fn nmh32(key: &[u32], msg: &[u32]) -> Result<u32, RefError> {
    let k = msg.len();
    check_even(k)?;
    let x = key_prefix(key, k)?;
    let p = BigUint::from(1u64 << 32) + 15u32;
    let two_32 = pow2(32);
    let mut sum = BigUint::from(0u32);
    for i in 1..=k / 2 {
        let left = (BigUint::from(msg[2 * i - 2]) + x[2 * i - 2]) % &two_32;
        let right = (BigUint::from(msg[2 * i - 1]) + x[2 * i - 1]) % &two_32;
        sum += left * right;
    }
    let h = ((sum % pow2(64)) % &p) % &two_32;
    Ok(low_u64(&h) as u32)
}

/// MMH with 64-bit words (MMH paper, **§3.2**: "working on 64-bit words using
/// a prime modulus which is slightly larger than 2^64 – e.g. 2^64 + 13"):
///
/// `h_x(m) = [[[Σ_{i=1}^{k} m_i x_i] mod 2^128] mod (2^64 + 13)] mod 2^64`.
///
/// Reading chosen: §3.2 only names the prime; the two modifications that
/// turn MMH\*₃₂ into MMH₃₂ (drop carries beyond the double-width sum, keep
/// the low word of the output) are applied at double the width, as for
/// [`mmh_b`]. Any `k = msg.len() >= 1`; `key.len() >= k`.
pub fn mmh64(key: &[u64], msg: &[u64]) -> Result<u64, RefError> {
    let k = msg.len();
    check_nonempty(k)?;
    let x = key_prefix(key, k)?;
    let p = BigUint::from(1u128 << 64) + 13u32;
    let sum: BigUint = msg
        .iter()
        .zip(x)
        .map(|(&m_i, &x_i)| BigUint::from(m_i) * BigUint::from(x_i))
        .sum();
    let h = ((sum % pow2(128)) % &p) % pow2(64);
    Ok(low_u64(&h))
}
