//! The MMH hash tree for long messages (MMH paper, **§2.4** "Dealing with
//! arbitrary long messages"), written level by level as the paper says it:
//! "break the message into blocks of k elements […] and hash each block
//! separately (using the same hash function). We then concatenate the hash
//! results of all these blocks and hash them again using an independent
//! key, and so on." The length enters the root (the paper's "prescribed
//! pad" of §3.4 made unambiguous across lengths):
//!
//! 1. while the words number more than `k`: split them into blocks of `k`,
//!    zero-pad the last block to `k` words, replace each block by
//!    MMH_b (Def. 5 with `b`-bit words, [`mmh_b`]) under that level's key;
//! 2. root: the ≤ `k` words left, zero-padded to `k` words, then
//!    `len mod 2^b` and `⌊len / 2^b⌋`, hashed by MMH_b under the root key
//!    (`k + 2` words).

use crate::RefError;
use crate::mmh::mmh_b;

/// The MMH_b tree of `msg` (`b`-bit words) with block size `k`, the
/// internal levels' keys `level_keys[0]` (level 1), `level_keys[1]`, … (each
/// at least `k` words; its first `k` are used), the root key (at least
/// `k + 2` words) and the length value `len` the root encodes (the byte
/// length for [`mmh32_tree`]).
///
/// * `k >= 2` (`InvalidParameter`), `b` in `2..=64` ([`mmh_b`]).
/// * `len < 2^(2b)` (`InvalidParameter`): it must fit in two words.
/// * as many level keys as levels the message needs (`KeyTooShort` with
///   `needed` = that count otherwise).
pub fn mmh_tree_b(
    b: u32,
    k: usize,
    level_keys: &[Vec<u64>],
    root_key: &[u64],
    msg: &[u64],
    len: u128,
) -> Result<u64, RefError> {
    if k < 2 {
        return Err(RefError::InvalidParameter(format!(
            "k = {k}: a tree needs blocks of at least 2 words"
        )));
    }
    if !(2..=64).contains(&b) {
        return Err(RefError::InvalidParameter(format!("b = {b} not in 2..=64")));
    }
    if len >> (2 * b) != 0 {
        return Err(RefError::InvalidParameter(format!(
            "len = {len} does not fit in two {b}-bit words"
        )));
    }
    let mut words: Vec<u64> = msg.to_vec();
    let mut level = 0;
    while words.len() > k {
        let key = level_keys.get(level).ok_or(RefError::KeyTooShort {
            needed: level + 1,
            got: level_keys.len(),
        })?;
        let mut next = Vec::new();
        for block in words.chunks(k) {
            let mut padded = block.to_vec();
            padded.resize(k, 0);
            next.push(mmh_b(b, key, &padded)?);
        }
        words = next;
        level += 1;
    }
    words.resize(k, 0);
    let radix = 1u128 << b;
    words.push((len % radix) as u64);
    words.push((len / radix) as u64);
    mmh_b(b, root_key, &words)
}

/// The MMH32 tree (`b = 32`) of the byte string `msg`: little-endian
/// 32-bit words, the last one zero-padded, and the byte length as the
/// root's length value (two words, low first). See [`mmh_tree_b`].
pub fn mmh32_tree(
    k: usize,
    level_keys: &[Vec<u32>],
    root_key: &[u32],
    msg: &[u8],
) -> Result<u32, RefError> {
    let words: Vec<u64> = msg
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u64::from(u32::from_le_bytes(w))
        })
        .collect();
    let lk: Vec<Vec<u64>> = level_keys
        .iter()
        .map(|l| l.iter().map(|&x| u64::from(x)).collect())
        .collect();
    let rk: Vec<u64> = root_key.iter().map(|&x| u64::from(x)).collect();
    mmh_tree_b(32, k, &lk, &rk, &words, msg.len() as u128).map(|h| h as u32)
}
