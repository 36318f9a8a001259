//! digest, trunc, digestMW and digest′ — Nguyen, Roscoe, *Short-output
//! universal hash functions and their use in fast and secure data
//! authentication*, FSE 2012.
//!
//! | function | paper |
//! |---|---|
//! | [`digest()`] | Eq. (1), Thm. 1 |
//! | [`digest_trunc`] | Eq. (4), Thm. 2 |
//! | [`digest_mw`] | §3.3, Thm. 3 (digestMW) |
//! | [`digest_prime`] | §5, Thm. 4 (digest′) |
//! | [`digest_prime_mmh32`], [`digest_prime_nh`] | §5 "also applicable to MMH and NH": digest′ with MMH₃₂ or NH inside |
//!
//! Conventions: the message is `t` words of `b` bits, `m_i = msg[i-1]`;
//! the key is `k_i = key[i-1]`. `t >= 1` is required (Theorems 1–3 are
//! stated "for any t ≥ 1"; an empty message is `InvalidMessage`). The key
//! must have at least the number of words the definition reads (`t + 1`
//! for digest, `t + n` for digestMW); extra words are ignored and not
//! range-checked. Checks happen in this order: parameters, message length,
//! message words, key length, key words.
//!
//! In Eq. (1) "`*` refers to a word multiplication of two b-bit blocks which
//! produces a 2b-bit output, whereas both '+' and Σ are additions modulo
//! 2^b". Since every `+` is taken mod `2^b`, the reference builds the whole
//! sum over the integers and reduces it once at the end, which is the same
//! number.

use num_bigint::BigUint;
use sha2::{Digest as _, Sha256};

use crate::RefError;
use crate::util::{
    add_len, check_key_words, check_msg_words, check_nonempty, check_outputs, check_range,
    key_prefix, low_u64, pow2,
};

/// The integer `Σ_{i=1}^{t} [m_i·k_i + (m_i·k_{i+1} div 2^b)]` (before any
/// reduction), with the key words `k_1..k_{t+1}` given as `k`.
fn digest_sum(b: u32, k: &[u64], m: &[u64]) -> BigUint {
    let two_b = pow2(b);
    let mut sum = BigUint::from(0u32);
    for i in 1..=m.len() {
        let m_i = BigUint::from(m[i - 1]);
        let k_i = BigUint::from(k[i - 1]);
        let k_i1 = BigUint::from(k[i]);
        sum += &m_i * k_i + (&m_i * k_i1) / &two_b;
    }
    sum
}

/// digest (Nguyen–Roscoe, **Eq. (1)**, Theorem 1):
///
/// `digest(k, m) = Σ_{i=1}^{t} [m_i * k_i + (m_i * k_{i+1} div 2^b)] mod 2^b`,
///
/// with `m = ⟨m_1, …, m_t⟩` and key `k = ⟨k_1, …, k_{t+1}⟩` of `b`-bit words.
/// (Figure 1 shows `t = 3`:
/// `m_1 k_1 + (m_1 k_2 div 2^b) + m_2 k_2 + (m_2 k_3 div 2^b) + m_3 k_3 + (m_3 k_4 div 2^b) mod 2^b`.)
///
/// * `b` in `1..=64` (`InvalidParameter`; Theorem 1 holds "for any t, b ≥ 1").
/// * `t = msg.len() >= 1`, every `m_i < 2^b` (`InvalidMessage`).
/// * `key.len() >= t + 1` (`KeyTooShort`), `k_1..k_{t+1} < 2^b` (`InvalidKey`).
pub fn digest(b: u32, key: &[u64], msg: &[u64]) -> Result<u64, RefError> {
    check_range("b", b, 1, 64)?;
    let t = msg.len();
    check_nonempty(t)?;
    check_msg_words(msg, b)?;
    let k = key_prefix(key, add_len(t, 1)?)?;
    check_key_words(k, b)?;
    Ok(low_u64(&(digest_sum(b, k, msg) % pow2(b))))
}

/// digestMW (Nguyen–Roscoe, **§3.3, Theorem 3**), the Toeplitz extension of
/// digest to `n` output words:
///
/// `d_i = digest(k_{i..t+i}, m) = Σ_{j=1}^{t} [m_j k_{i+j−1} + (m_j k_{i+j} div 2^b)] mod 2^b`
/// for `i = 1..n`, and `digestMW(k, m) = ⟨d_1, …, d_n⟩`.
///
/// The key is `k = ⟨k_1, …, k_{t+n}⟩` ("an (M + bn)-bit key"). Written here
/// directly from the double-index formula, not by calling [`digest()`], so
/// that `digest_mw(…, 1) == digest(…)` is a real cross-check.
///
/// * `b` in `1..=64`, `n >= 1` (`InvalidParameter`).
/// * `t = msg.len() >= 1`, `m_j < 2^b` (`InvalidMessage`).
/// * `key.len() >= t + n` (`KeyTooShort`), `k_1..k_{t+n} < 2^b` (`InvalidKey`).
pub fn digest_mw(b: u32, key: &[u64], msg: &[u64], n: usize) -> Result<Vec<u64>, RefError> {
    check_range("b", b, 1, 64)?;
    check_outputs(n)?;
    let t = msg.len();
    check_nonempty(t)?;
    check_msg_words(msg, b)?;
    let k = key_prefix(key, add_len(t, n)?)?;
    check_key_words(k, b)?;
    let two_b = pow2(b);
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        let mut d_i = BigUint::from(0u32);
        for j in 1..=t {
            let m_j = BigUint::from(msg[j - 1]);
            let k_a = BigUint::from(k[i + j - 2]); // k_{i+j-1}
            let k_b = BigUint::from(k[i + j - 1]); // k_{i+j}
            d_i += &m_j * k_a + (&m_j * k_b) / &two_b;
        }
        out.push(low_u64(&(d_i % &two_b)));
    }
    Ok(out)
}

/// trunc_{b′}(digest) (Nguyen–Roscoe, **Eq. (4)**, Theorem 2):
///
/// `trunc_{b′}(digest(k, m)) = Σ_{i=1}^{t} [m_i * k_i + (m_i * k_{i+1} div 2^b)] mod 2^{b′}`,
///
/// i.e. the `b′ = bits` least significant bits of [`digest()`]. Theorem 2
/// states `b′ ∈ {1, …, b − 1}`; we also accept `bits == b`, where the
/// truncation is the identity and the result equals `digest(b, key, msg)`.
///
/// * `b` in `1..=64`, `bits` in `1..=b` (`InvalidParameter`).
/// * message and key as for [`digest()`].
pub fn digest_trunc(b: u32, bits: u32, key: &[u64], msg: &[u64]) -> Result<u64, RefError> {
    check_range("b", b, 1, 64)?;
    check_range("bits", bits, 1, b)?;
    let t = msg.len();
    check_nonempty(t)?;
    check_msg_words(msg, b)?;
    let k = key_prefix(key, add_len(t, 1)?)?;
    check_key_words(k, b)?;
    Ok(low_u64(&(digest_sum(b, k, msg) % pow2(bits))))
}

/// Splits `bytes` (length a multiple of `b/8`) into `b`-bit words, each read
/// little-endian, word 1 from the first `b/8` bytes.
fn le_words(bytes: &[u8], b: u32) -> Vec<u64> {
    bytes
        .chunks(b as usize / 8)
        .map(|c| {
            c.iter()
                .rev()
                .fold(0u64, |acc, &byte| (acc << 8) | u64::from(byte))
        })
        .collect()
}

/// digest′ (Nguyen–Roscoe, **§5, Theorem 4**) with `hash = SHA-256` (`B = 256`):
///
/// `digest′(k, m) = digest(k1, SHA-256(m ‖ k2))`, `k = k1 ‖ k2`,
/// `k1` of `B + b = 256 + b` bits, `k2` of at least 80 bits.
///
/// * `b ∈ {16, 32}` (`InvalidParameter`). The paper assumes `b ∈ [16, 32]`;
///   of those, 16 and 32 are the widths that split both the 256-bit hash and
///   the byte strings into whole words.
/// * `k1` must be exactly `(256 + b)/8` bytes, i.e. `256/b + 1` words
///   (`InvalidKey`); `k2` at least 10 bytes (`InvalidKey`).
/// * `msg` is any byte string (digest′ "takes an arbitrarily length message").
///
/// Byte order (the paper does not fix one; this is the reading chosen): the
/// 32-byte SHA-256 output is split into `t = 256/b` words of `b/8` bytes,
/// word 1 = the first bytes, each word little-endian; `k1` is split the same
/// way into `k_1..k_{t+1}`. This is the same as reading each string as one
/// little-endian integer and taking `b`-bit limbs from the low end, which
/// matches Figure 1's picture `m = m_3 ‖ m_2 ‖ m_1` (block `m_1` at the
/// least significant end).
pub fn digest_prime(b: u32, k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u64, RefError> {
    if b != 16 && b != 32 {
        return Err(RefError::InvalidParameter(format!(
            "b = {b}: digest' is defined here for b in {{16, 32}}"
        )));
    }
    let k1_len = (256 + b as usize) / 8;
    if k1.len() != k1_len {
        return Err(RefError::InvalidKey(format!(
            "k1 must be exactly {k1_len} bytes (256 + {b} bits), got {}",
            k1.len()
        )));
    }
    let h = sha256_msg_k2(msg, k2)?;
    let m_words = le_words(h.as_slice(), b);
    let k_words = le_words(k1, b);
    digest(b, &k_words, &m_words)
}

/// SHA-256(msg ‖ k2), digest′'s first step, after checking that k2 has at
/// least 80 bits.
fn sha256_msg_k2(msg: &[u8], k2: &[u8]) -> Result<[u8; 32], RefError> {
    if k2.len() < 10 {
        return Err(RefError::InvalidKey(format!(
            "k2 must be at least 10 bytes (80 bits), got {}",
            k2.len()
        )));
    }
    let mut hasher = Sha256::new();
    hasher.update(msg);
    hasher.update(k2);
    Ok(hasher.finalize().into())
}

/// k1 and k2 of digest′ over MMH₃₂ or NH: k1 exactly 32 bytes (eight
/// 32-bit words, `B = 256` bits), k2 at least 10 bytes; the eight LE words
/// of k1 and of SHA-256(msg ‖ k2).
fn prime_inner_words(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<(Vec<u32>, Vec<u32>), RefError> {
    if k1.len() != 32 {
        return Err(RefError::InvalidKey(format!(
            "k1 must be exactly 32 bytes (eight 32-bit words), got {}",
            k1.len()
        )));
    }
    let h = sha256_msg_k2(msg, k2)?;
    let words = |b: &[u8]| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    Ok((words(k1), words(h.as_slice())))
}

/// digest′ over MMH₃₂ (Nguyen–Roscoe **§5**: the construction "is also
/// applicable to MMH and NH"):
/// `MMH₃₂(k1, SHA-256(msg ‖ k2))` ([`crate::mmh::mmh32`], Def. 5, `k = 8`),
/// the hash and `k1` read as eight little-endian 32-bit words. `k1` exactly
/// 32 bytes, `k2` at least 10 bytes (`InvalidKey`).
pub fn digest_prime_mmh32(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u32, RefError> {
    let (k, m) = prime_inner_words(k1, k2, msg)?;
    crate::mmh::mmh32(&k, &m)
}

/// digest′ over NH (§5): `NH(k1, SHA-256(msg ‖ k2))` ([`crate::nh::nh`],
/// 32-bit words, adjacent pairs, 64-bit output), the hash and `k1` read as
/// eight little-endian 32-bit words. `k1` exactly 32 bytes, `k2` at least
/// 10 bytes (`InvalidKey`).
pub fn digest_prime_nh(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u64, RefError> {
    let (k, m) = prime_inner_words(k1, k2, msg)?;
    crate::nh::nh(&k, &m)
}
