//! The on-disk format of a nonce file (format 3): two slots, each one
//! self-contained record, both rewritten in place for every new bound.
//!
//! ```text
//! offset 0     slot 0: record (168 bytes), then zeros up to 4096
//! offset 4096  slot 1: record (168 bytes)                  file: 4264 bytes
//!
//! record (all integers little-endian):
//!   offset size
//!     0     8   magic "UHNONCE3"
//!     8     4   version: 3
//!    12     1   nonce width w in bytes (1 ..= 16)
//!    13     1   length L of the algorithm name (1 ..= 64)
//!    14     2   zero
//!    16    64   algorithm name: L printable ASCII bytes (0x21 ..= 0x7e), then 64 − L zeros
//!    80    16   salt (random, chosen when the file is created or adopted)
//!    96    32   key check value: SHA-256("uhash nonce-file key check v3\0" ‖ salt ‖ key)
//!   128     8   generation g (≥ 1)
//!   136    16   bound B (≤ 2^(8w), and ≤ 2^128 − 1)
//!   152    16   checksum: the first 16 bytes of SHA-256(bytes 0 .. 152 of this record)
//! ```
//!
//! The label of the key check value is the 30 ASCII bytes
//! `uhash nonce-file key check v3` followed by one zero byte. The key check
//! value is a salted hash of the key, never a function of the key that the
//! MAC itself uses (a CRC of the key, or `AES_k(constant)`, which for
//! Poly1305-AES would be a one-time pad).
//!
//! A slot is *damaged* when it is missing or short, its magic is not
//! `UHNONCE3`, or its checksum does not match: what a torn write or a
//! flipped byte produces. A slot whose checksum matches but whose fields
//! break the rules above (version, width, name, zeros, generation, bound)
//! was written by something else; the whole file is then refused. The
//! bytes between the slots are zero when written and never read.
//!
//! Reading ([`current`]): both slots valid → their headers (version, width,
//! name, salt, key check value) must be equal, and the record of the larger
//! generation is current (equal generations must have equal bounds);
//! exactly one slot damaged → the other is current; both damaged → the
//! file is corrupt, unless it is a nonce file of the earlier poly1305-aes
//! formats ([`super::legacy`]), which must be adopted.
//!
//! Writing: every new bound is written with the next generation to slot 0,
//! `fsync`, then to slot 1, `fsync`; a nonce below it is handed out only
//! after both. So at every instant *each* slot holds either a damaged record
//! or a bound above every nonce handed out, and whichever slot a reader
//! falls back to, it never goes back below a nonce handed out.

use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq as _;

use crate::Error;

/// Magic of a format 3 record.
const MAGIC: [u8; 8] = *b"UHNONCE3";
/// Format version.
const VERSION: u32 = 3;
/// Bytes of one record.
pub(super) const RECORD_LEN: usize = 168;
/// Offset of slot 1.
pub(super) const SLOT1: usize = 4096;
/// The offsets of the two slots, in the order every bound is written.
pub(super) const SLOTS: [usize; 2] = [0, SLOT1];
/// Size of a nonce file.
pub(super) const FILE_LEN: usize = SLOT1 + RECORD_LEN;
/// The longest algorithm name, in bytes.
pub(super) const MAX_ALG_LEN: usize = 64;
/// The bytes the checksum covers.
const BODY_LEN: usize = 152;
/// The domain-separation label of the key check value.
const KCV_LABEL: &[u8; 30] = b"uhash nonce-file key check v3\0";

/// The largest bound a file of nonces of `width` bytes may hold: `2^(8w)`
/// (so the last nonce is `2^(8w) − 1`), or `2^128 − 1` for 16 bytes.
pub(super) fn limit(width: usize) -> u128 {
    match u32::try_from(width.saturating_mul(8)) {
        Ok(bits) if bits < 128 => 1u128 << bits,
        _ => u128::MAX,
    }
}

/// What binds a nonce file to its algorithm, nonce width and key: the part
/// of a record that never changes after the file is created or adopted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Header {
    /// The algorithm name's length.
    alg_len: u8,
    /// The name, zero-padded.
    alg: [u8; MAX_ALG_LEN],
    /// Nonce width in bytes.
    width: u8,
    /// The salt of the key check value.
    salt: [u8; 16],
    /// `SHA-256(KCV_LABEL ‖ salt ‖ key)`.
    kcv: [u8; 32],
}

impl Header {
    /// The header binding a file to `alg`, `width` and `key` with `salt`.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for an algorithm name that is empty,
    /// longer than 64 bytes or not printable ASCII, a width outside
    /// 1 ..= 16, or an empty key.
    pub(super) fn new(alg: &str, width: usize, salt: [u8; 16], key: &[u8]) -> Result<Self, Error> {
        check_params(alg, width, key)?;
        let mut name = [0u8; MAX_ALG_LEN];
        name[..alg.len()].copy_from_slice(alg.as_bytes());
        Ok(Self {
            // Both fit: checked above.
            alg_len: alg.len() as u8,
            alg: name,
            width: width as u8,
            salt,
            kcv: key_check(&salt, key),
        })
    }

    /// The algorithm name.
    pub(super) fn alg(&self) -> &str {
        let name = self.alg.get(..usize::from(self.alg_len)).unwrap_or(&[]);
        core::str::from_utf8(name).unwrap_or("")
    }

    /// The nonce width in bytes.
    pub(super) fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Whether `key` is the key this header was made for (constant time in
    /// the key check value).
    pub(super) fn key_matches(&self, key: &[u8]) -> bool {
        key_check(&self.salt, key).ct_eq(&self.kcv).into()
    }
}

/// Checks the parameters a header is made of.
///
/// # Errors
/// As [`Header::new`].
pub(super) fn check_params(alg: &str, width: usize, key: &[u8]) -> Result<(), Error> {
    if alg.is_empty() || alg.len() > MAX_ALG_LEN {
        return Err(Error::InvalidParameter {
            name: "alg",
            reason: "the algorithm name must have 1 to 64 bytes",
        });
    }
    if !alg.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(Error::InvalidParameter {
            name: "alg",
            reason: "the algorithm name must be printable ASCII without spaces",
        });
    }
    if !(1..=16).contains(&width) {
        return Err(Error::InvalidParameter {
            name: "width",
            reason: "nonces have 1 to 16 bytes",
        });
    }
    if key.is_empty() {
        return Err(Error::InvalidParameter {
            name: "key",
            reason: "a nonce file is bound to a key, which must not be empty",
        });
    }
    Ok(())
}

/// `SHA-256(KCV_LABEL ‖ salt ‖ key)`.
fn key_check(salt: &[u8; 16], key: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(KCV_LABEL);
    h.update(salt);
    h.update(key);
    h.finalize().into()
}

/// The first 16 bytes of `SHA-256(body)`.
fn checksum(body: &[u8]) -> [u8; 16] {
    let d: [u8; 32] = Sha256::digest(body).into();
    let mut c = [0u8; 16];
    c.copy_from_slice(&d[..16]);
    c
}

/// One valid record.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Record {
    /// The binding, the same in every record of a file.
    pub header: Header,
    /// Which write this was (the larger, the later).
    pub generation: u64,
    /// Every nonce handed out is below it.
    pub bound: u128,
}

/// Prints neither the salt nor the key check value.
impl core::fmt::Debug for Record {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Record")
            .field("alg", &self.header.alg())
            .field("width", &self.header.width)
            .field("generation", &self.generation)
            .field("bound", &self.bound)
            .finish_non_exhaustive()
    }
}

/// The little-endian integer in `b` (at most 16 bytes).
fn le(b: &[u8]) -> u128 {
    let mut a = [0u8; 16];
    let n = b.len().min(16);
    a[..n].copy_from_slice(&b[..n]);
    u128::from_le_bytes(a)
}

impl Record {
    /// The bytes of this record.
    pub fn encode(&self) -> [u8; RECORD_LEN] {
        let h = &self.header;
        let mut b = [0u8; RECORD_LEN];
        b[..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&VERSION.to_le_bytes());
        b[12] = h.width;
        b[13] = h.alg_len;
        b[16..80].copy_from_slice(&h.alg);
        b[80..96].copy_from_slice(&h.salt);
        b[96..128].copy_from_slice(&h.kcv);
        b[128..136].copy_from_slice(&self.generation.to_le_bytes());
        b[136..152].copy_from_slice(&self.bound.to_le_bytes());
        let c = checksum(&b[..BODY_LEN]);
        b[BODY_LEN..].copy_from_slice(&c);
        b
    }

    /// The record in the slot `b` (the bytes from the slot's offset to the
    /// end of the file): `Ok(None)` if the slot is damaged (short, wrong
    /// magic or checksum), an error if its checksum matches but a field
    /// breaks the format's rules.
    fn decode(b: &[u8]) -> Result<Option<Self>, &'static str> {
        let Some(b) = b.get(..RECORD_LEN) else {
            return Ok(None);
        };
        if b[..8] != MAGIC || checksum(&b[..BODY_LEN])[..] != b[BODY_LEN..] {
            return Ok(None);
        }
        if le(&b[8..12]) != u128::from(VERSION) {
            return Err("a record of an unknown format version");
        }
        let width = usize::from(b[12]);
        let alg_len = usize::from(b[13]);
        if !(1..=16).contains(&width) {
            return Err("a record with a nonce width outside 1 to 16 bytes");
        }
        if !(1..=MAX_ALG_LEN).contains(&alg_len)
            || !b[16..16 + alg_len].iter().all(u8::is_ascii_graphic)
            || b[16 + alg_len..80].iter().any(|&x| x != 0)
            || b[14..16] != [0, 0]
        {
            return Err("a record with a malformed algorithm name");
        }
        let generation = le(&b[128..136]) as u64;
        let bound = le(&b[136..152]);
        if generation == 0 {
            return Err("a record of generation 0");
        }
        if bound > limit(width) {
            return Err("a record whose bound does not fit the nonce width");
        }
        let mut header = Header {
            alg_len: b[13],
            alg: [0; MAX_ALG_LEN],
            width: b[12],
            salt: [0; 16],
            kcv: [0; 32],
        };
        header.alg.copy_from_slice(&b[16..80]);
        header.salt.copy_from_slice(&b[80..96]);
        header.kcv.copy_from_slice(&b[96..128]);
        Ok(Some(Self {
            header,
            generation,
            bound,
        }))
    }
}

/// The bytes of a new file with `record` in both slots.
pub(super) fn new_file(record: &Record) -> [u8; FILE_LEN] {
    let mut f = [0u8; FILE_LEN];
    let r = record.encode();
    for at in SLOTS {
        f[at..at + RECORD_LEN].copy_from_slice(&r);
    }
    f
}

/// Why a file has no current record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unreadable {
    /// Both slots are damaged, but the file is a nonce file of the earlier
    /// poly1305-aes formats (no key binding).
    Legacy,
    /// Not a nonce file, or damaged beyond the one-slot rule.
    Corrupt(&'static str),
}

/// The current record of a whole nonce file (`file`: its bytes, at most
/// [`FILE_LEN`]) and whether both slots hold it.
pub(super) fn current(file: &[u8]) -> Result<(Record, bool), Unreadable> {
    if file.len() > FILE_LEN {
        return Err(Unreadable::Corrupt("longer than a nonce file (4264 bytes)"));
    }
    let slot = |at: usize| Record::decode(file.get(at..).unwrap_or(&[]));
    let s0 = slot(0).map_err(Unreadable::Corrupt)?;
    let s1 = slot(SLOT1).map_err(Unreadable::Corrupt)?;
    match (s0, s1) {
        (Some(a), Some(b)) => {
            if a.header != b.header {
                return Err(Unreadable::Corrupt(
                    "the two slots are bound to different keys, algorithms or widths",
                ));
            }
            if a.generation == b.generation && a.bound != b.bound {
                return Err(Unreadable::Corrupt(
                    "the two slots hold different bounds under one generation",
                ));
            }
            Ok((if a.generation >= b.generation { a } else { b }, a == b))
        }
        (Some(r), None) | (None, Some(r)) => Ok((r, false)),
        (None, None) if super::legacy::newest(file, FILE_LEN).is_some() => Err(Unreadable::Legacy),
        (None, None) => Err(Unreadable::Corrupt("no valid record in either slot")),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn header() -> Header {
        Header::new("poly1305-aes", 16, [7; 16], &[1; 32]).unwrap()
    }

    fn rec(generation: u64, bound: u128) -> Record {
        Record {
            header: header(),
            generation,
            bound,
        }
    }

    /// `file` after writing `r` to slot `i`.
    fn written(mut file: Vec<u8>, i: usize, r: &Record) -> Vec<u8> {
        let at = SLOTS[i];
        file.resize(FILE_LEN.max(file.len()), 0);
        file[at..at + RECORD_LEN].copy_from_slice(&r.encode());
        file
    }

    #[test]
    fn layout_is_as_documented() {
        let r = rec(0x0102, 0x0304);
        let b = r.encode();
        assert_eq!(&b[..8], b"UHNONCE3");
        assert_eq!(&b[8..16], &[3, 0, 0, 0, 16, 12, 0, 0]);
        assert_eq!(&b[16..28], b"poly1305-aes");
        assert!(b[28..80].iter().all(|&x| x == 0));
        assert_eq!(&b[80..96], &[7; 16]);
        let mut h = Sha256::new();
        h.update(b"uhash nonce-file key check v3\0");
        h.update([7u8; 16]);
        h.update([1u8; 32]);
        assert_eq!(b[96..128], h.finalize()[..]);
        assert_eq!(&b[128..136], &0x0102u64.to_le_bytes());
        assert_eq!(&b[136..152], &0x0304u128.to_le_bytes());
        assert_eq!(b[152..], Sha256::digest(&b[..152])[..16]);
        assert_eq!(Record::decode(&b), Ok(Some(r)));
    }

    #[test]
    fn the_later_generation_wins_in_either_slot() {
        let f = new_file(&rec(1, 10)).to_vec();
        assert_eq!(current(&f), Ok((rec(1, 10), true)));
        // A write torn after slot 0 (a clean close may lower the bound).
        let f = written(f, 0, &rec(2, 7));
        assert_eq!(current(&f), Ok((rec(2, 7), false)));
        let f = written(f, 1, &rec(2, 7));
        assert_eq!(current(&f), Ok((rec(2, 7), true)));
        // Slot 1 newer (never written so, but read the same way).
        let f = written(f, 1, &rec(3, u128::MAX));
        assert_eq!(current(&f), Ok((rec(3, u128::MAX), false)));
    }

    /// One changed byte spoils one slot at most; the other one holds the
    /// same bound, so nothing goes back (the old format fell back to the
    /// older record here).
    #[test]
    fn a_spoiled_slot_leaves_the_other_with_the_same_bound() {
        let r = rec(6, (1 << 100) + 3);
        let f = new_file(&r).to_vec();
        for at in SLOTS {
            for i in at..at + RECORD_LEN {
                for x in [0x01, 0xff] {
                    let mut g = f.clone();
                    g[i] ^= x;
                    // The checksum or the magic catches every change.
                    assert_eq!(current(&g), Ok((r, false)), "byte {i} ^ {x:#x}");
                }
            }
        }
        // A write torn at any byte (new prefix, old suffix) of either slot
        // gives the old or the new record, nothing else.
        let new = rec(7, (1 << 100) + 9);
        let half = written(f.clone(), 0, &new);
        for (i, base) in [(0, &f), (1, &half)] {
            for cut in 0..=RECORD_LEN {
                let mut g = base.clone();
                let at = SLOTS[i];
                g[at..at + cut].copy_from_slice(&new.encode()[..cut]);
                let (got, _) = current(&g).unwrap();
                assert!(got == r || got == new, "slot {i} cut {cut}: {got:?}");
            }
        }
    }

    #[test]
    fn slots_that_disagree_are_refused() {
        let other = Header::new("poly1305-aes", 16, [8; 16], &[1; 32]).unwrap();
        let f = written(
            new_file(&rec(1, 5)).to_vec(),
            1,
            &Record {
                header: other,
                generation: 1,
                bound: 5,
            },
        );
        assert!(matches!(current(&f), Err(Unreadable::Corrupt(_))));
        let f = written(new_file(&rec(4, 5)).to_vec(), 1, &rec(4, 6));
        assert!(matches!(current(&f), Err(Unreadable::Corrupt(_))));
    }

    #[test]
    fn records_against_the_rules_are_refused() {
        // Each is given a right checksum: only the rule can refuse it.
        type Edit = dyn Fn(&mut [u8; RECORD_LEN]);
        let with = |edit: &Edit| {
            let mut b = rec(1, 1).encode();
            edit(&mut b);
            let c = checksum(&b[..BODY_LEN]);
            b[BODY_LEN..].copy_from_slice(&c);
            let mut f = std::vec![0u8; FILE_LEN];
            f[..RECORD_LEN].copy_from_slice(&b);
            f
        };
        let edits: [&Edit; 8] = [
            &|b| b[8] = 4,
            &|b| b[12] = 0,
            &|b| b[12] = 17,
            &|b| b[13] = 0,
            &|b| b[13] = 65,
            &|b| b[20] = b' ',
            &|b| b[128..136].copy_from_slice(&[0; 8]),
            &|b| {
                b[12] = 1;
                b[136..152].copy_from_slice(&257u128.to_le_bytes());
            },
        ];
        for (i, edit) in edits.iter().enumerate() {
            assert!(
                matches!(current(&with(edit)), Err(Unreadable::Corrupt(_))),
                "case {i}"
            );
        }
        // Width 1, bound 2^8: the last nonce 255 fits.
        assert!(
            current(&with(&|b| {
                b[12] = 1;
                b[136..152].copy_from_slice(&256u128.to_le_bytes());
            }))
            .is_ok()
        );
    }

    #[test]
    fn short_long_and_empty_files() {
        let good = new_file(&rec(1, 3));
        assert!(current(&good).is_ok());
        // Slot 1 cut short: slot 0 still reads (one slot damaged).
        assert!(current(&good[..FILE_LEN - 1]).is_ok());
        assert!(current(&good[..RECORD_LEN]).is_ok());
        for bytes in [
            &[][..],
            &good[..RECORD_LEN - 1],
            &[&good[..], &[0][..]].concat()[..],
            &[0u8; FILE_LEN][..],
            &[0u8; 48][..],
            b"short",
        ] {
            assert!(matches!(current(bytes), Err(Unreadable::Corrupt(_))));
        }
    }

    #[test]
    fn headers_check_their_parameters_and_keys() {
        let h = header();
        assert_eq!((h.alg(), h.width()), ("poly1305-aes", 16));
        assert!(h.key_matches(&[1; 32]));
        assert!(!h.key_matches(&[1; 31]));
        assert!(!h.key_matches(&[2; 32]));
        for (alg, width, key) in [
            ("", 16, &[1u8][..]),
            ("x", 0, &[1][..]),
            ("x", 17, &[1][..]),
            ("x", 8, &[][..]),
            ("a b", 8, &[1][..]),
            ("é", 8, &[1][..]),
        ] {
            assert!(Header::new(alg, width, [0; 16], key).is_err(), "{alg:?}");
        }
        let long = "a".repeat(65);
        assert!(Header::new(&long, 8, [0; 16], &[1]).is_err());
        assert!(Header::new(&long[..64], 8, [0; 16], &[1]).is_ok());
        assert_eq!(limit(1), 256);
        assert_eq!(limit(12), 1 << 96);
        assert_eq!(limit(16), u128::MAX);
    }
}
