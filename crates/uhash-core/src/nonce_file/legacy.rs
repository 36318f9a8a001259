//! The nonce files of the earlier `poly1305_aes::nonce::PersistentNonces`
//! (formats 1 and 2, 16-byte nonces, bound to no key), read once by
//! [`super::NonceStore::adopt`].
//!
//! ```text
//! format 1 (48 bytes):  "UHPNONCE" ‖ LE32(1) ‖ 0⁴ ‖ LE128(B) ‖ LE128(¬B)
//! format 2 (4160 bytes): slot 0 at offset 0, slot 1 at offset 4096, each
//!   "UHPNONCE" ‖ LE32(2) ‖ 0⁴ ‖ LE64(g) ‖ LE128(B) ‖ LE64(¬g) ‖ LE128(¬B)
//!   (64 bytes); a format 1 record at offset 0 counts as slot 0.
//! ```
//!
//! A record is valid when its magic, version and zero bytes are right and
//! its check fields are the complements of g and B. Of the valid records,
//! the *largest bound* is taken (not that of the larger generation: a clean
//! close could lower the bound, so the larger of the two is the safe one).
//! These formats cannot tell a torn write from a flipped byte: a damaged
//! newest record falls back to the other one, which is why they are
//! replaced.

/// Magic of both earlier formats.
const MAGIC: [u8; 8] = *b"UHPNONCE";
/// Bytes of a format 2 record.
const V2_LEN: usize = 64;
/// Bytes of a format 1 file (its one record).
const V1_LEN: usize = 48;
/// Offsets of the two format 2 slots.
const SLOTS: [usize; 2] = [0, 4096];

/// The little-endian integer in `b` (at most 16 bytes).
fn le(b: &[u8]) -> u128 {
    let mut a = [0u8; 16];
    let n = b.len().min(16);
    a[..n].copy_from_slice(&b[..n]);
    u128::from_le_bytes(a)
}

/// The bound of a valid format 2 record at the start of `b`.
fn decode_v2(b: &[u8]) -> Option<u128> {
    let b = b.get(..V2_LEN)?;
    if b[..8] != MAGIC || le(&b[8..12]) != 2 || le(&b[12..16]) != 0 {
        return None;
    }
    let generation = le(&b[16..24]) as u64;
    let bound = le(&b[24..40]);
    (le(&b[40..48]) as u64 == !generation && le(&b[48..64]) == !bound).then_some(bound)
}

/// The bound of a valid format 1 record at the start of `b`.
fn decode_v1(b: &[u8]) -> Option<u128> {
    let b = b.get(..V1_LEN)?;
    let bound = le(&b[16..32]);
    (b[..8] == MAGIC && le(&b[8..12]) == 1 && le(&b[12..16]) == 0 && le(&b[32..48]) == !bound)
        .then_some(bound)
}

/// The largest bound among the valid records of an earlier-format file
/// and the slot (0 or 1) that holds it, or `None` if there is none. Any
/// length from 48 bytes up to `max_len` (a format 3 file's, which the
/// caller passes) is read, so that a file whose adoption was interrupted
/// (one slot partly overwritten or the file extended) still reads by its
/// remaining record.
pub(super) fn newest(file: &[u8], max_len: usize) -> Option<(u128, usize)> {
    if !(V1_LEN..=max_len).contains(&file.len()) {
        return None;
    }
    let slot0 = decode_v2(file).or_else(|| decode_v1(file));
    let slot1 = file.get(SLOTS[1]..).and_then(decode_v2);
    match (slot0, slot1) {
        (Some(a), Some(b)) if b > a => Some((b, 1)),
        (Some(a), _) => Some((a, 0)),
        (None, Some(b)) => Some((b, 1)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// A format 3 file's length (`record::FILE_LEN`, 4264 bytes).
    const MAX: usize = 4264;
    use std::vec::Vec;

    /// A format 1 file with bound `bound`.
    fn v1(bound: u128) -> Vec<u8> {
        let mut b = Vec::from(MAGIC);
        b.extend(1u32.to_le_bytes());
        b.extend([0; 4]);
        b.extend(bound.to_le_bytes());
        b.extend((!bound).to_le_bytes());
        b
    }

    /// A format 2 record.
    fn v2_record(generation: u64, bound: u128) -> Vec<u8> {
        let mut b = Vec::from(MAGIC);
        b.extend(2u32.to_le_bytes());
        b.extend([0; 4]);
        b.extend(generation.to_le_bytes());
        b.extend(bound.to_le_bytes());
        b.extend((!generation).to_le_bytes());
        b.extend((!bound).to_le_bytes());
        b
    }

    /// A format 2 file with these records in slots 0 and 1.
    fn v2(s0: Option<(u64, u128)>, s1: Option<(u64, u128)>) -> Vec<u8> {
        let mut f = std::vec![0u8; SLOTS[1] + V2_LEN];
        for (at, r) in SLOTS.into_iter().zip([s0, s1]) {
            if let Some((g, b)) = r {
                f[at..at + V2_LEN].copy_from_slice(&v2_record(g, b));
            }
        }
        f
    }

    #[test]
    fn the_largest_bound_of_the_valid_records() {
        assert_eq!(newest(&v1(1234), MAX), Some((1234, 0)));
        assert_eq!(newest(&v2(None, Some((1, 5))), MAX), Some((5, 1)));
        assert_eq!(newest(&v2(Some((2, 9)), Some((1, 5))), MAX), Some((9, 0)));
        // A clean close lowered the bound in generation 3: 9 is kept.
        assert_eq!(newest(&v2(Some((2, 9)), Some((3, 7))), MAX), Some((9, 0)));
        assert_eq!(newest(&v2(Some((4, 9)), Some((5, 11))), MAX), Some((11, 1)));
        // An upgraded format 1 file: its record counts as slot 0.
        let mut f = v2(None, Some((1, 1300)));
        f[..V1_LEN].copy_from_slice(&v1(1234));
        assert_eq!(newest(&f, MAX), Some((1300, 1)));
        let mut torn = f.clone();
        torn[SLOTS[1] + 30] ^= 4;
        assert_eq!(newest(&torn, MAX), Some((1234, 0)));
    }

    #[test]
    fn no_valid_record_is_none() {
        let mut bad = v1(9);
        bad[20] ^= 1;
        for f in [
            bad,
            std::vec![0u8; 48],
            std::vec![0u8; 4160],
            v1(9)[..47].to_vec(),
            [v2(Some((1, 2)), None), std::vec![0; 200]].concat(),
        ] {
            assert_eq!(newest(&f, MAX), None);
        }
    }
}
