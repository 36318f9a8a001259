//! The Wegman–Carter combinator of `uhash-base::mac`, plainly:
//! pad = AES-128_k(N ‖ LE32(0)) ‖ AES-128_k(N ‖ LE32(1)) ‖ …, and
//! tag lane i = (hash lane i + pad lane i) mod 2^b, lanes little-endian.
//!
//! A MAC built from a 16-byte seed s (`WegmanCarter::from_seed`) over a hash
//! of family f with n lanes has two keys, both expanded from s:
//! ```text
//! hash seed s_h = expand(s, label(f, n, 0xfe, 0), 16)   the hash keyed as its from_seed(s_h)
//! pad key   k   = expand(s, label(f, n, 0xff, 0), 16)
//! tag           = wegman_carter(k, N, b, H_{s_h}(m))
//! ```
//! ([`from_seed_keys`], [`wegman_carter_from_seed`]).

use crate::RefError;
use crate::kdf::{expand, label};
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

/// The level byte of the hash seed of a MAC built from a seed.
pub const LEVEL_MAC_HASH: u8 = 0xfe;
/// The level byte of the pad key of a MAC built from a seed.
pub const LEVEL_MAC_PAD: u8 = 0xff;

/// The keys of the MAC over a hash of `family` with `lanes` lanes built from
/// `seed`: (the seed that keys the hash, the pad key).
#[must_use]
pub fn from_seed_keys(seed: &[u8; 16], family: u16, lanes: u8) -> ([u8; 16], [u8; 16]) {
    let mut hash_seed = [0u8; 16];
    hash_seed.copy_from_slice(&expand(seed, label(family, lanes, LEVEL_MAC_HASH, 0), 16));
    let mut pad_key = [0u8; 16];
    pad_key.copy_from_slice(&expand(seed, label(family, lanes, LEVEL_MAC_PAD, 0), 16));
    (hash_seed, pad_key)
}

/// The tag of the MAC built from `seed` over the hash of `family` with
/// `lanes` lanes of `lane_bits` bits: `hash(hash seed)` is that hash keyed
/// from the given seed (as its `from_seed`), applied to the message.
///
/// # Errors
/// Those of `hash`, and those of [`wegman_carter`].
pub fn wegman_carter_from_seed(
    seed: &[u8; 16],
    family: u16,
    lanes: u8,
    lane_bits: u32,
    nonce: &[u8; 12],
    hash: impl FnOnce(&[u8; 16]) -> Result<Vec<u8>, RefError>,
) -> Result<Vec<u8>, RefError> {
    let (hash_seed, pad_key) = from_seed_keys(seed, family, lanes);
    wegman_carter(&pad_key, nonce, lane_bits, &hash(&hash_seed)?)
}
