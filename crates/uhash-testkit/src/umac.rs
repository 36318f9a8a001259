//! UMAC inputs built from a key (RFC 4418): the natural L1 key words and a
//! chunk that drives an L1 output into POLY's escape range, which a random
//! message reaches with probability 2^-32.

/// The natural L1 key words of iteration `iter` (the RFC's `L1Key_i`,
/// words read big-endian, as NH reads them): 256 words, one 1024-byte
/// chunk.
#[must_use]
pub fn l1_key(key: &[u8; 16], iter: usize) -> Vec<u32> {
    uhash_ref::umac::kdf(key, 1, 1024 + 48)[16 * iter..16 * iter + 1024]
        .chunks_exact(4)
        .map(|w| u32::from_be_bytes(w.try_into().unwrap()))
        .collect()
}

/// A 1024-byte chunk whose NH under iteration `iter`'s key, plus 8192 (the
/// bit length), is in POLY's escape range [2^64 − 2^32, 2^64): block 0
/// gives (2^32 − 1)² + 2·2^31, every other pair (0 + 0)·(0 + 0) (message
/// word = −key word).
#[must_use]
pub fn escaping_chunk(key: &[u8; 16], iter: usize) -> Vec<u8> {
    let k = l1_key(key, iter);
    let mut s = [0u32; 256];
    (s[0], s[4], s[1], s[5]) = (u32::MAX, u32::MAX, 2, 1 << 31);
    (0..256)
        .flat_map(|i| s[i].wrapping_sub(k[i]).to_le_bytes())
        .collect()
}
