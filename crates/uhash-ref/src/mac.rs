//! The Wegman–Carter combinator of `uhash-base::mac`, plainly:
//! pad = AES-128_k(N ‖ LE32(0)) ‖ AES-128_k(N ‖ LE32(1)) ‖ …, and
//! tag lane i = (hash lane i + pad lane i) mod 2^b, lanes little-endian.

use crate::RefError;
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use num_bigint::BigUint;
use num_traits::One;

/// The tag for a hash value `hash` (lanes of `lane_bits` bits) under the pad
/// key and the 12-byte nonce.
///
/// # Errors
/// When `lane_bits` is not a positive multiple of 8 or `hash` is not a whole
/// number of lanes.
pub fn wegman_carter(
    pad_key: &[u8; 16],
    nonce: &[u8; 12],
    lane_bits: u32,
    hash: &[u8],
) -> Result<Vec<u8>, RefError> {
    if lane_bits == 0 || !lane_bits.is_multiple_of(8) {
        return Err(RefError::InvalidParameter(
            "lane width must be a positive multiple of 8".into(),
        ));
    }
    let lane_bytes = (lane_bits / 8) as usize;
    if !hash.len().is_multiple_of(lane_bytes) {
        return Err(RefError::InvalidMessage(
            "hash is not a whole number of lanes".into(),
        ));
    }
    let aes = aes::Aes128::new(pad_key.into());
    let mut pad = Vec::new();
    let mut j: u32 = 0;
    while pad.len() < hash.len() {
        let mut block = [0u8; 16];
        block[..12].copy_from_slice(nonce);
        block[12..].copy_from_slice(&j.to_le_bytes());
        let mut b = block.into();
        aes.encrypt_block(&mut b);
        let b: [u8; 16] = b.into();
        pad.extend_from_slice(&b);
        j += 1;
    }
    let modulus = BigUint::one() << lane_bits;
    let mut tag = Vec::with_capacity(hash.len());
    for (h, p) in hash.chunks(lane_bytes).zip(pad.chunks(lane_bytes)) {
        let sum = (BigUint::from_bytes_le(h) + BigUint::from_bytes_le(p)) % &modulus;
        let mut bytes = sum.to_bytes_le();
        bytes.resize(lane_bytes, 0);
        tag.extend_from_slice(&bytes);
    }
    Ok(tag)
}
