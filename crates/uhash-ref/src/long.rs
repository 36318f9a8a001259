//! The long-message construction of `uhash-base::long`, composed from plain
//! definitions (big integers, whole message in memory):
//!
//! 1. split the message into chunks of `chunk_bytes`, zero-pad the last one
//!    (an empty message has no chunk); y_{i,j} = lane i of L1(chunk j);
//! 2. z_i = Σ_j y_{i,j}·k_i^(c+2−j) + L·k_i  mod 2^130−5, with k_i the
//!    16-byte level-2 key read little-endian and L the byte length;
//! 3. lane i = MMH32 over the five 32-bit words of z_i (lane width 32) or
//!    MMH64 over its three 64-bit words (lane width 64), keyed with the
//!    level-3 key's words (little-endian);
//! 4. output = lane 0 ‖ lane 1 ‖ … little-endian.

use crate::RefError;
use num_bigint::BigUint;
use num_traits::One;

/// Words of `z` in base 2^w, little-endian, `count` of them.
fn base_words(z: &BigUint, w: u32, count: usize) -> Vec<BigUint> {
    let radix = BigUint::one() << w;
    let mut z = z.clone();
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(&z % &radix);
        z /= &radix;
    }
    out
}

/// The long-message hash of `msg` with the level-1 function `l1` (chunk
/// bytes → lane values), the level-2 keys (16 bytes each) and the level-3
/// keys (20 bytes for 32-bit lanes, 24 for 64-bit lanes).
///
/// # Errors
/// When the lane width is not 32 or 64, the key counts differ from the lane
/// count, or a key is too short.
pub fn long_hash(
    l1: &dyn Fn(&[u8]) -> Vec<u64>,
    chunk_bytes: usize,
    lane_bits: u32,
    l2_keys: &[Vec<u8>],
    l3_keys: &[Vec<u8>],
    msg: &[u8],
) -> Result<Vec<u8>, RefError> {
    if lane_bits != 32 && lane_bits != 64 {
        return Err(RefError::InvalidParameter(
            "lane width must be 32 or 64".into(),
        ));
    }
    if chunk_bytes == 0 {
        return Err(RefError::InvalidParameter(
            "chunk size must be positive".into(),
        ));
    }
    let lanes = l2_keys.len();
    if lanes == 0 || l3_keys.len() != lanes {
        return Err(RefError::InvalidParameter(
            "one level-2 and one level-3 key per lane".into(),
        ));
    }
    let p = (BigUint::one() << 130u32) - BigUint::from(5u8);
    // level 1
    let mut outputs: Vec<Vec<u64>> = Vec::new();
    for chunk in msg.chunks(chunk_bytes) {
        let mut padded = chunk.to_vec();
        padded.resize(chunk_bytes, 0);
        let y = l1(&padded);
        if y.len() < lanes {
            return Err(RefError::InvalidParameter(
                "level 1 gave fewer lanes than keys".into(),
            ));
        }
        outputs.push(y);
    }
    let mut out = Vec::new();
    for lane in 0..lanes {
        // level 2: the polynomial written as a sum of powers
        let k2 = l2_keys[lane].get(..16).ok_or(RefError::KeyTooShort {
            needed: 16,
            got: l2_keys[lane].len(),
        })?;
        let k = BigUint::from_bytes_le(k2);
        // The length term L·k^1, then chunk j (0-based) with exponent
        // c + 1 − j from the last chunk (k^2) to the first (k^(c+1)), each
        // power the one before it times k, reduced mod p.
        let mut z = BigUint::from(msg.len() as u64) * &k;
        let mut power = k.clone();
        for y in outputs.iter().rev() {
            power = power * &k % &p;
            z += BigUint::from(y[lane]) * &power;
        }
        z %= &p;
        // level 3: MMH_b (b = lane width) over the b-bit words of z — MMH32
        // over 5 words for 32-bit lanes, MMH64 over 3 words for 64-bit lanes
        let (w, count) = (
            (lane_bits / 8) as usize,
            if lane_bits == 32 { 5 } else { 3 },
        );
        let k3 = &l3_keys[lane];
        let key: Vec<u64> = k3
            .get(..w * count)
            .ok_or(RefError::KeyTooShort {
                needed: w * count,
                got: k3.len(),
            })?
            .chunks_exact(w)
            .map(|c| c.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
            .collect();
        let words: Vec<u64> = base_words(&z, lane_bits, count)
            .iter()
            .map(|d| d.iter_u64_digits().next().unwrap_or(0))
            .collect();
        let lane_value = crate::mmh::mmh_b(lane_bits, &key, &words)?;
        out.extend_from_slice(&lane_value.to_le_bytes()[..w]);
    }
    Ok(out)
}
