//! NHPoly1305 — Crowley, Biggers, *Adiantum: length-preserving encryption
//! for entry-level processors*, ToSC 2018(4), the hashing section
//! ("NH", "Adiantum hashing"); Linux's `nhpoly1305`.
//!
//! Written from the definition with big integers: NH with w = 32, stride
//! s = 2, r = 4 passes over 16-byte units (`2sw` = 128 bits), pass p's key
//! `2sw·p` bits further; each pass the integer sum of its products, then
//! `mod 2^64`. NHPoly1305 pads the message with zeros to a multiple of 16
//! bytes, applies NH to each 1024-byte chunk and Poly1305 (r clamped,
//! s = 0) to the concatenated outputs ([`crate::poly1305::poly1305_mod_p`]
//! is Bernstein's polynomial mod 2^130 − 5, here then `mod 2^128`).
//!
//! [`nh_adiantum_w`] and [`nhpoly_w`] are the same definitions with w-bit
//! words, any number of passes and any chunk length, for the ε lab's
//! reduced widths (`uhash epsilon nhpoly1305`); at w = 32, 4 passes and
//! 64-unit chunks they are [`nh_adiantum`] and [`nhpoly1305`]
//! (`tests/suite/small_width.rs`).

use num_bigint::BigUint;

use crate::RefError;
use crate::poly1305::{clamp, poly_mod_prime, poly1305_mod_p};
use crate::util::{check_key_words, check_msg_words, check_range, key_prefix, low_u128, pow2};

/// NH key bytes (1024 + 3·16).
pub const NH_KEY_BYTES: usize = 1072;
/// NHPoly1305 key bytes (r ‖ NH key).
pub const KEY_BYTES: usize = 16 + NH_KEY_BYTES;

/// Word `i` (little-endian, 32 bits) of `bytes`, as an integer.
fn word(bytes: &[u8], i: usize) -> BigUint {
    BigUint::from_bytes_le(&bytes[4 * i..4 * i + 4])
}

/// Adiantum's NH of `msg` under `key`: for p = 0..4 the integer sum over
/// the units u and j = 0, 1 of ((m_{4u+j} + k_{4u+j+4p}) mod 2^32) ·
/// ((m_{4u+j+2} + k_{4u+j+2+4p}) mod 2^32), reduced mod 2^64 and written
/// as 8 little-endian bytes; the four concatenated.
///
/// # Errors
/// [`RefError::InvalidMessage`] unless `msg` holds 16 to 1024 bytes, a
/// multiple of 16.
pub fn nh_adiantum(key: &[u8; NH_KEY_BYTES], msg: &[u8]) -> Result<[u8; 32], RefError> {
    if msg.is_empty() || msg.len() > 1024 || !msg.len().is_multiple_of(16) {
        return Err(RefError::InvalidMessage(format!(
            "NH takes 16 to 1024 bytes in whole 16-byte units, got {}",
            msg.len()
        )));
    }
    let w32 = BigUint::from(1u8) << 32u32;
    let w64 = BigUint::from(1u8) << 64u32;
    let mut out = [0u8; 32];
    for p in 0..4 {
        let mut sum = BigUint::from(0u8);
        for u in 0..msg.len() / 16 {
            for j in 0..2 {
                let i = 4 * u + j;
                let a = (word(msg, i) + word(key, i + 4 * p)) % &w32;
                let b = (word(msg, i + 2) + word(key, i + 2 + 4 * p)) % &w32;
                sum += a * b;
            }
        }
        let s: BigUint = sum % &w64;
        let bytes = s.to_bytes_le();
        out[8 * p..8 * p + bytes.len()].copy_from_slice(&bytes);
    }
    Ok(out)
}

/// NHPoly1305 of `msg` (any length) under `key` = r ‖ NH key: 16 bytes.
#[must_use]
pub fn nhpoly1305(key: &[u8; KEY_BYTES], msg: &[u8]) -> [u8; 16] {
    let r = clamp(key[..16].try_into().expect("16 bytes"));
    let nh_key: &[u8; NH_KEY_BYTES] = key[16..].try_into().expect("1072 bytes");
    let mut padded = msg.to_vec();
    padded.resize(msg.len().next_multiple_of(16), 0);
    let mut outputs = Vec::new();
    for chunk in padded.chunks(1024) {
        outputs.extend_from_slice(&nh_adiantum(nh_key, chunk).expect("whole units, 16..=1024"));
    }
    // Poly1305 with s = 0 of whole 16-byte blocks: its value mod 2^130 − 5,
    // then mod 2^128.
    let h: BigUint = poly1305_mod_p(&r, &outputs) % (BigUint::from(1u8) << 128u32);
    let mut out = [0u8; 16];
    let bytes = h.to_bytes_le();
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// Adiantum's NH with `w`-bit words and `passes` passes (the definition of
/// [`nh_adiantum`], which is `w = 32`, 4 passes): message words
/// m_0 … m_{4n−1} in n units of 4 words, and for p = 0 … passes − 1
///
/// `S_p = Σ_u Σ_{j=0,1} ((m_{4u+j} + k_{4u+j+4p}) mod 2^w)·((m_{4u+j+2} + k_{4u+j+2+4p}) mod 2^w) mod 2^(2w)`
///
/// (word j of a unit paired with word j + 2, each pass's key one unit
/// further). Returns ⟨S_0, …, S_{passes−1}⟩.
///
/// * `w` in `1..=64`, `passes >= 1` (`InvalidParameter`).
/// * `msg.len()` a non-zero multiple of 4, every `m_i < 2^w` (`InvalidMessage`).
/// * `key.len() >= msg.len() + 4(passes − 1)` (`KeyTooShort`), those key
///   words `< 2^w` (`InvalidKey`).
pub fn nh_adiantum_w(
    w: u32,
    passes: usize,
    key: &[u64],
    msg: &[u64],
) -> Result<Vec<u128>, RefError> {
    check_range("w", w, 1, 64)?;
    if passes == 0 {
        return Err(RefError::InvalidParameter("passes must be >= 1".into()));
    }
    if msg.is_empty() || !msg.len().is_multiple_of(4) {
        return Err(RefError::InvalidMessage(format!(
            "NH takes whole units of 4 words, got {} words",
            msg.len()
        )));
    }
    check_msg_words(msg, w)?;
    let k = key_prefix(key, msg.len() + 4 * (passes - 1))?;
    check_key_words(k, w)?;
    let word = pow2(w);
    let mut out = Vec::with_capacity(passes);
    for p in 0..passes {
        let mut sum = BigUint::ZERO;
        for u in 0..msg.len() / 4 {
            for j in 0..2 {
                let i = 4 * u + j;
                let a = (BigUint::from(msg[i]) + k[i + 4 * p]) % &word;
                let b = (BigUint::from(msg[i + 2]) + k[i + 2 + 4 * p]) % &word;
                sum += a * b;
            }
        }
        out.push(low_u128(&(sum % pow2(2 * w))));
    }
    Ok(out)
}

/// NHPoly1305 with `w`-bit words (the definition of [`nhpoly1305`] for a
/// message already padded to whole units): the message is cut into chunks
/// of `chunk_units` units (the last may be shorter), each chunk's
/// [`nh_adiantum_w`] sums S_0 … S_{passes−1} are concatenated, and the
/// polynomial [`poly_mod_prime`] with `2w`-bit units, two units a chunk
/// (the 2w-bit sums read as 4w-bit blocks plus the "append a 1" bit), is
/// taken mod `prime` under `r` (as given: clamping is the caller's), then
/// `mod 2^(4w)`.
///
/// At `w = 32`, 4 passes, 64-unit chunks, `prime = 2^130 − 5` and a clamped
/// `r` this is [`nhpoly1305`] of the message's bytes.
///
/// # Errors
/// `w` outside `1..=32`, `passes` or `chunk_units` zero, a zero `prime`
/// (`InvalidParameter`); the message and key rules of [`nh_adiantum_w`].
pub fn nhpoly_w(
    w: u32,
    passes: usize,
    chunk_units: usize,
    prime: &BigUint,
    r: &BigUint,
    key: &[u64],
    msg: &[u64],
) -> Result<BigUint, RefError> {
    check_range("w", w, 1, 32)?;
    if chunk_units == 0 {
        return Err(RefError::InvalidParameter(
            "chunk_units must be >= 1".into(),
        ));
    }
    let mut sums = Vec::new();
    for chunk in msg.chunks(4 * chunk_units) {
        for s in nh_adiantum_w(w, passes, key, chunk)? {
            sums.push(u64::try_from(s).expect("a 2w-bit sum, w <= 32"));
        }
    }
    Ok(poly_mod_prime(2 * w, 2, prime, r, &sums)? % pow2(4 * w))
}
