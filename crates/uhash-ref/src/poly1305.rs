//! Poly1305 and Poly1305-AES — Bernstein, *The Poly1305-AES
//! message-authentication code*, FSE 2005, §2 "Specification"; and the
//! one-time-key form Poly1305(r ‖ s) of RFC 8439 §2.5.
//!
//! All byte strings are converted with explicit little-endian arithmetic
//! (`BigUint::from_bytes_le` / `to_bytes_le`), so the results do not depend
//! on the byte order of the machine.

use aes::Aes128;
use aes::cipher::{Array, BlockCipherEncrypt, KeyInit};
use num_bigint::BigUint;

use crate::RefError;
use crate::util::pow2;

/// Byte positions that must have their top four bits clear.
const TOP_CLEAR: [usize; 4] = [3, 7, 11, 15];
/// Byte positions that must have their bottom two bits clear.
const BOTTOM_CLEAR: [usize; 3] = [4, 8, 12];

/// The prime `2^130 − 5`.
fn p130() -> BigUint {
    pow2(130) - 5u32
}

/// Clears the bits of `r` that Bernstein §2 "Keys" requires to be 0:
/// `r[3], r[7], r[11], r[15] &= 15` (top four bits) and
/// `r[4], r[8], r[12] &= 252` (bottom two bits).
///
/// This is RFC 8439's `clamp(r)`; the result always satisfies
/// [`r_is_clamped`]. Bytes not named are unchanged.
pub fn clamp(r: &[u8; 16]) -> [u8; 16] {
    let mut c = *r;
    for i in TOP_CLEAR {
        c[i] &= 0x0f;
    }
    for i in BOTTOM_CLEAR {
        c[i] &= 0xfc;
    }
    c
}

/// `true` iff `r` satisfies Bernstein §2 "Keys": `r[3], r[7], r[11], r[15]
/// < 16` and `r[4], r[8], r[12] ≡ 0 (mod 4)` — equivalently
/// `r = r_0 + r_1 + r_2 + r_3` with `r_0 ∈ {0, …, 2^28 − 1}` and
/// `r_j / 2^(32j) ∈ {0, 4, …, 2^28 − 4}` for `j = 1, 2, 3` (`2^106` keys).
pub fn r_is_clamped(r: &[u8; 16]) -> bool {
    TOP_CLEAR.iter().all(|&i| r[i] < 16) && BOTTOM_CLEAR.iter().all(|&i| r[i].is_multiple_of(4))
}

/// The polynomial part of Poly1305 (Bernstein §2 "Conversion and padding" and
/// "Authenticators"):
///
/// `(c_1 r^q + c_2 r^(q−1) + … + c_q r^1) mod (2^130 − 5)`,
///
/// where `q = ⌈ℓ/16⌉`, `r` is the 16 bytes of `r` read as an unsigned
/// little-endian integer, and `c_i` is chunk `i` of the message (16 bytes;
/// the last may be 1–15 bytes) read little-endian plus `2^(8·len)` — i.e.
/// `2^128` for a full chunk, `2^(8(ℓ mod 16))` for a short final chunk. The
/// empty message (`q = 0`) gives `0`.
///
/// `r` is used as given (no clamping, no check): this is the polynomial for
/// any 128-bit `r`. The terms are summed from the last chunk (`c_q · r^1`)
/// to the first (`c_1 · r^q`), each power `r^(q−i+1)` the one before it
/// times `r`, reduced mod `p`; this does not change the residue and keeps
/// long messages tractable.
pub fn poly1305_mod_p(r: &[u8; 16], msg: &[u8]) -> BigUint {
    let p = p130();
    let r = BigUint::from_bytes_le(r);
    let mut power = BigUint::from(1u32);
    let mut sum = BigUint::from(0u32);
    for chunk in msg.chunks(16).rev() {
        power = power * &r % &p;
        let c_i = BigUint::from_bytes_le(chunk) + pow2(8 * chunk.len() as u32);
        sum += c_i * &power;
    }
    sum % p
}

/// The polynomial of [`poly1305_mod_p`] with its byte and chunk sizes and
/// its prime as parameters (used by the ε lab at a reduced width):
///
/// `(c_1 r^q + c_2 r^(q−1) + … + c_q r^1) mod prime`,
///
/// where the message is a sequence of `unit_bits`-bit units
/// (`msg[i] < 2^unit_bits`), chunk `i` is `units_per_chunk` units (the last
/// may be shorter) read little-endian, and `c_i` is that value plus
/// `2^(unit_bits·len)` (`len` = the units in the chunk): Bernstein §2's
/// "append a 1" padding. The empty message gives `0`. `r` is used as given.
///
/// With `unit_bits = 8`, `units_per_chunk = 16` and `prime = 2^130 − 5`
/// this is [`poly1305_mod_p`].
///
/// # Errors
/// A zero parameter or a zero `prime` (`InvalidParameter`); a unit not
/// below `2^unit_bits` (`InvalidMessage`).
pub fn poly_mod_prime(
    unit_bits: u32,
    units_per_chunk: u32,
    prime: &BigUint,
    r: &BigUint,
    msg: &[u64],
) -> Result<BigUint, RefError> {
    if unit_bits == 0 || unit_bits > 64 || units_per_chunk == 0 || *prime == BigUint::ZERO {
        return Err(RefError::InvalidParameter(
            "unit_bits in 1..=64, units_per_chunk >= 1 and a non-zero prime are required".into(),
        ));
    }
    if let Some(i) = msg
        .iter()
        .position(|&u| unit_bits < 64 && u >> unit_bits != 0)
    {
        return Err(RefError::InvalidMessage(format!(
            "unit {i} = {:#x} is not < 2^{unit_bits}",
            msg[i]
        )));
    }
    let chunks: Vec<&[u64]> = msg.chunks(units_per_chunk as usize).collect();
    let q = chunks.len();
    let mut sum = BigUint::ZERO;
    for (idx, chunk) in chunks.iter().enumerate() {
        let len_bits = unit_bits * chunk.len() as u32;
        let value: BigUint = chunk
            .iter()
            .enumerate()
            .map(|(j, &u)| BigUint::from(u) << (unit_bits * j as u32))
            .sum();
        let c_i = value + pow2(len_bits);
        sum += c_i * r.modpow(&BigUint::from(q - idx), prime);
    }
    Ok(sum % prime)
}

/// The 16-byte little-endian representation of `x mod 2^128`.
fn le16(x: &BigUint) -> [u8; 16] {
    let reduced = x % pow2(128);
    let bytes = reduced.to_bytes_le();
    let mut out = [0u8; 16];
    out[..bytes.len()].copy_from_slice(&bytes);
    out
}

/// Poly1305 with a one-time key, as in RFC 8439 §2.5:
///
/// `key = r ‖ s` (16 + 16 bytes); `r ← clamp(r)`;
/// `tag = ((c_1 r^q + … + c_q r) mod (2^130 − 5) + s) mod 2^128`,
/// output as 16 bytes little-endian, `s` read little-endian.
///
/// This is Bernstein's `Poly1305_r(m, s)` with the nonce-derived
/// `AES_k(n)` replaced by the key half `s`. `r` is clamped here (RFC 8439
/// clamps; Bernstein's Poly1305-AES instead *requires* a clamped `r`, see
/// [`poly1305_aes`]).
pub fn poly1305(key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
    let mut r = [0u8; 16];
    r.copy_from_slice(&key[..16]);
    let r = clamp(&r);
    let s = BigUint::from_bytes_le(&key[16..]);
    le16(&(poly1305_mod_p(&r, msg) + s))
}

/// Poly1305-AES (Bernstein, **§2 "Authenticators"**):
///
/// `Poly1305_r(m, AES_k(n)) = (((c_1 r^q + … + c_q r^1) mod (2^130 − 5)) + AES_k(n)) mod 2^128`,
///
/// as 16 bytes little-endian, with `AES_k(n)` the AES-128 encryption of the
/// 16-byte nonce `n` under the 16-byte key `k`, read as an unsigned
/// little-endian integer.
///
/// `r` is **not** clamped here: Bernstein §2 "Keys" says certain bits of `r`
/// "are required to be 0", so an `r` outside the `2^106` allowed values is
/// not a Poly1305-AES key and is rejected with `InvalidKey` (see
/// [`r_is_clamped`]). The published examples (Appendix A) use
/// `key = k ‖ r`.
pub fn poly1305_aes(
    k: &[u8; 16],
    r: &[u8; 16],
    nonce: &[u8; 16],
    msg: &[u8],
) -> Result<[u8; 16], RefError> {
    if !r_is_clamped(r) {
        return Err(RefError::InvalidKey(
            "r is not a Poly1305-AES key: r[3], r[7], r[11], r[15] must be < 16 \
             and r[4], r[8], r[12] must be multiples of 4"
                .into(),
        ));
    }
    let cipher = Aes128::new(&Array::from(*k));
    let mut block = Array::from(*nonce);
    cipher.encrypt_block(&mut block);
    let aes_k_n = BigUint::from_bytes_le(block.as_slice());
    Ok(le16(&(poly1305_mod_p(r, msg) + aes_k_n)))
}
