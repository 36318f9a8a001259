//! NH — Black, Halevi, Krawczyk, Krovetz, Rogaway, *UMAC: Fast and Secure
//! Message Authentication*, CRYPTO 1999 (also restated in Nguyen–Roscoe,
//! FSE 2012, §4.2):
//!
//! `NH_K(M) = Σ_{i=1}^{l/2} ((m_{2i−1} + k_{2i−1}) mod 2^w)·((m_{2i} + k_{2i}) mod 2^w) mod 2^(2w)`.
//!
//! Reading chosen: the pairs are **adjacent** words `(m_1, m_2), (m_3, m_4), …`
//! as in the UMAC paper's definition — not the strided pairing
//! `(m_i, m_{i+4})` of RFC 4418's NH, which is a different (reordered)
//! function. `m_i` is `msg[i-1]`, `k_i` is `key[i-1]`; `l = msg.len()` must
//! be even and `>= 2` (an empty message is rejected, as for MMH); the key
//! must have at least `l` words and its first `l` are used.
//!
//! Checks happen in this order: parameters, message length, message words,
//! key length, key words.

use num_bigint::BigUint;

use crate::RefError;
use crate::util::{
    add_len, check_even, check_key_words, check_msg_words, check_outputs, check_range, key_prefix,
    low_u64, low_u128, pow2,
};

/// NH with `w`-bit words (UMAC paper's definition of NH, general word size `w`):
///
/// `NH_K(M) = Σ_{i=1}^{l/2} ((m_{2i−1} + k_{2i−1}) mod 2^w)·((m_{2i} + k_{2i}) mod 2^w) mod 2^(2w)`
///
/// over adjacent pairs. The `2w`-bit result is returned in a `u128`.
///
/// * `w` in `2..=64` (`InvalidParameter`).
/// * `l = msg.len()` even and `>= 2`, every `m_i < 2^w` (`InvalidMessage`).
/// * `key.len() >= l` (`KeyTooShort`), `k_1..k_l < 2^w` (`InvalidKey`).
pub fn nh_w(w: u32, key: &[u64], msg: &[u64]) -> Result<u128, RefError> {
    check_range("w", w, 2, 64)?;
    let l = msg.len();
    check_even(l)?;
    check_msg_words(msg, w)?;
    let k = key_prefix(key, l)?;
    check_key_words(k, w)?;
    let two_w = pow2(w);
    let mut sum = BigUint::from(0u32);
    for i in 1..=l / 2 {
        let left = (BigUint::from(msg[2 * i - 2]) + k[2 * i - 2]) % &two_w;
        let right = (BigUint::from(msg[2 * i - 1]) + k[2 * i - 1]) % &two_w;
        sum += left * right;
    }
    Ok(low_u128(&(sum % pow2(2 * w))))
}

/// NH with 32-bit words (the UMAC instance, `w = 32`):
///
/// `NH_K(M) = Σ_{i=1}^{l/2} ((m_{2i−1} + k_{2i−1}) mod 2^32)·((m_{2i} + k_{2i}) mod 2^32) mod 2^64`.
///
/// `l = msg.len()` even and `>= 2` (`InvalidMessage`), `key.len() >= l`
/// (`KeyTooShort`).
pub fn nh(key: &[u32], msg: &[u32]) -> Result<u64, RefError> {
    let l = msg.len();
    check_even(l)?;
    let k = key_prefix(key, l)?;
    let two_32 = pow2(32);
    let mut sum = BigUint::from(0u32);
    for i in 1..=l / 2 {
        let left = (BigUint::from(msg[2 * i - 2]) + k[2 * i - 2]) % &two_32;
        let right = (BigUint::from(msg[2 * i - 1]) + k[2 * i - 1]) % &two_32;
        sum += left * right;
    }
    Ok(low_u64(&(sum % pow2(64))))
}

/// NH with the Toeplitz construction (UMAC paper, Toeplitz extension of NH:
/// the key of each further output is the previous one shifted by two words,
/// so each extra output costs one extra pair of key words):
///
/// `d_i = NH_{⟨k_{2i−1}, …, k_{2i−2+l}⟩}(M)` for `i = 1..n`.
///
/// Output `i` uses the key shifted by `2(i − 1)` words, so the key needs
/// `l + 2(n − 1)` words. `n >= 1` (`InvalidParameter`); `l` even `>= 2`
/// (`InvalidMessage`); `key.len() >= l + 2(n − 1)` (`KeyTooShort`).
pub fn nh_toeplitz(key: &[u32], msg: &[u32], n: usize) -> Result<Vec<u64>, RefError> {
    check_outputs(n)?;
    let l = msg.len();
    check_even(l)?;
    let shift = (n - 1)
        .checked_mul(2)
        .ok_or_else(|| RefError::InvalidParameter("n is too large".into()))?;
    let needed = add_len(l, shift)?;
    let key = key_prefix(key, needed)?;
    (0..n).map(|i| nh(&key[2 * i..2 * i + l], msg)).collect()
}
