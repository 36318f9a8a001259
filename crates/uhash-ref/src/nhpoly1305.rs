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

use num_bigint::BigUint;

use crate::RefError;
use crate::poly1305::{clamp, poly1305_mod_p};

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
