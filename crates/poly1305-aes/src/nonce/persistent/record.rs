//! The on-disk format of a nonce file: two slots, each one record, updated
//! alternately in place.
//!
//! ```text
//! offset 0     slot 0: record (64 bytes), then zeros up to 4096
//! offset 4096  slot 1: record (64 bytes)                  file: 4160 bytes
//!
//! record: "UHPNONCE" ‖ LE32(2) ‖ 0⁴ ‖ LE64(g) ‖ LE128(B) ‖ LE64(¬g) ‖ LE128(¬B)
//! ```
//!
//! g is the record's generation, B the bound. A record is valid when its
//! magic, version and zero bytes are right and both check fields are the
//! complements of g and B. The file's bound is that of the valid record with
//! the larger generation; a write goes to the *other* slot with generation
//! g + 1, so a write torn by a crash spoils at most the slot being written
//! and the previous bound stays readable. The slots lie in different 4 KiB
//! blocks, so one torn block never reaches both.
//!
//! Version 1 files (48 bytes: "UHPNONCE" ‖ LE32(1) ‖ 0⁴ ‖ LE128(B) ‖
//! LE128(¬B), written by replacing the file) are read as a slot 0 of
//! generation 0; the first write adds slot 1, and the file is version 2
//! from then on.

/// File magic: identifies a nonce file of this crate.
const MAGIC: [u8; 8] = *b"UHPNONCE";
/// Record format version.
const VERSION: u32 = 2;
/// Bytes of one record.
pub(super) const RECORD_LEN: usize = 64;
/// Offset of slot 1.
pub(super) const SLOT1: usize = 4096;
/// Size of a version 2 file.
pub(super) const FILE_LEN: usize = SLOT1 + RECORD_LEN;
/// Size of a version 1 file.
const V1_LEN: usize = 48;

/// One valid record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Record {
    /// Which write this was (the larger, the later).
    pub generation: u64,
    /// Every nonce handed out is below it.
    pub bound: u128,
}

impl Record {
    /// The bytes of this record.
    pub fn encode(&self) -> [u8; RECORD_LEN] {
        let mut b = [0u8; RECORD_LEN];
        b[..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&VERSION.to_le_bytes());
        b[16..24].copy_from_slice(&self.generation.to_le_bytes());
        b[24..40].copy_from_slice(&self.bound.to_le_bytes());
        b[40..48].copy_from_slice(&(!self.generation).to_le_bytes());
        b[48..64].copy_from_slice(&(!self.bound).to_le_bytes());
        b
    }

    /// The offset of the slot this record's generation is written to.
    pub fn offset(&self) -> u64 {
        if self.generation.is_multiple_of(2) {
            0
        } else {
            SLOT1 as u64
        }
    }

    /// A version 2 record, if `b` is a valid one.
    fn decode(b: &[u8]) -> Option<Self> {
        let word = |r: core::ops::Range<usize>| -> u128 {
            let mut a = [0u8; 16];
            a[..r.len()].copy_from_slice(&b[r]);
            u128::from_le_bytes(a)
        };
        if b.len() != RECORD_LEN
            || b[..8] != MAGIC
            || word(8..12) != u128::from(VERSION)
            || word(12..16) != 0
        {
            return None;
        }
        let generation = word(16..24) as u64;
        let bound = word(24..40);
        (word(40..48) as u64 == !generation && word(48..64) == !bound)
            .then_some(Self { generation, bound })
    }

    /// A version 1 file's record (generation 0), if `b` starts with one.
    fn decode_v1(b: &[u8]) -> Option<Self> {
        let b = b.get(..V1_LEN)?;
        let mut a = [0u8; 16];
        let mut c = [0u8; 16];
        a.copy_from_slice(&b[16..32]);
        c.copy_from_slice(&b[32..48]);
        let bound = u128::from_le_bytes(a);
        (b[..8] == MAGIC && b[8..12] == 1u32.to_le_bytes() && b[12..16] == [0; 4])
            .then_some(())
            .filter(|()| !bound == u128::from_le_bytes(c))
            .map(|()| Self {
                generation: 0,
                bound,
            })
    }
}

/// The bytes of a new file whose only record is `record` (in its slot).
pub(super) fn new_file(record: Record) -> [u8; FILE_LEN] {
    let mut f = [0u8; FILE_LEN];
    let at = record.offset() as usize;
    f[at..at + RECORD_LEN].copy_from_slice(&record.encode());
    f
}

/// The current record of a whole nonce file, or why it is not one.
pub(super) fn current(file: &[u8]) -> Result<Record, &'static str> {
    let slots = match file.len() {
        FILE_LEN => [
            Record::decode(&file[..RECORD_LEN]).or_else(|| Record::decode_v1(file)),
            Record::decode(&file[SLOT1..]),
        ],
        V1_LEN => {
            return Record::decode_v1(file).ok_or("no valid record (version 1 file)");
        }
        _ => return Err("wrong size (a nonce file is 4160 bytes, or 48 for version 1)"),
    };
    slots
        .into_iter()
        .flatten()
        .max_by_key(|r| r.generation)
        .ok_or("no valid record in either slot")
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn v1(bound: u128) -> Vec<u8> {
        let mut b = Vec::from(MAGIC);
        b.extend(1u32.to_le_bytes());
        b.extend([0; 4]);
        b.extend(bound.to_le_bytes());
        b.extend((!bound).to_le_bytes());
        b
    }

    /// `file` after writing `r` to its slot.
    fn written(mut file: Vec<u8>, r: Record) -> Vec<u8> {
        let at = r.offset() as usize;
        file.resize(FILE_LEN.max(file.len()), 0);
        file[at..at + RECORD_LEN].copy_from_slice(&r.encode());
        file
    }

    #[test]
    fn the_later_generation_wins_in_either_slot() {
        let r1 = Record {
            generation: 1,
            bound: 10,
        };
        let r2 = Record {
            generation: 2,
            bound: 7, // a clean close may lower the bound
        };
        let f = new_file(r1).to_vec();
        assert_eq!(current(&f), Ok(r1));
        let f = written(f, r2);
        assert_eq!(current(&f), Ok(r2));
        let r3 = Record {
            generation: 3,
            bound: u128::MAX,
        };
        assert_eq!(current(&written(f, r3)), Ok(r3));
    }

    #[test]
    fn a_spoiled_slot_leaves_the_other() {
        let r1 = Record {
            generation: 5,
            bound: 1 << 100,
        };
        let r2 = Record {
            generation: 6,
            bound: (1 << 100) + 3,
        };
        let f = written(new_file(r1).to_vec(), r2);
        // Every single-bit flip in the newer record falls back to the older
        // one, never to a third value.
        let at = r2.offset() as usize;
        for bit in 0..RECORD_LEN * 8 {
            let mut g = f.clone();
            g[at + bit / 8] ^= 1 << (bit % 8);
            assert_eq!(current(&g), Ok(r1), "bit {bit}");
        }
        // A write torn at any byte (new prefix, old suffix) gives the old or
        // the new record, nothing else.
        let old = written(
            new_file(r1).to_vec(),
            Record {
                generation: 4,
                bound: 99,
            },
        );
        for cut in 0..=RECORD_LEN {
            let mut g = old.clone();
            g[at..at + cut].copy_from_slice(&r2.encode()[..cut]);
            let got = current(&g).unwrap();
            assert!(got == r1 || got == r2, "cut {cut}: {got:?}");
        }
    }

    #[test]
    fn version_1_files_are_read_and_upgraded() {
        let f = v1(1234);
        assert_eq!(
            current(&f),
            Ok(Record {
                generation: 0,
                bound: 1234
            })
        );
        // The first write (generation 1) lands in slot 1; the version 1
        // record in slot 0 still counts as generation 0.
        let r1 = Record {
            generation: 1,
            bound: 1300,
        };
        let f = written(f, r1);
        assert_eq!(f.len(), FILE_LEN);
        assert_eq!(current(&f), Ok(r1));
        let mut torn = f.clone();
        torn[SLOT1 + 30] ^= 4;
        assert_eq!(current(&torn).map(|r| r.bound), Ok(1234));
    }

    #[test]
    fn corrupt_files_are_refused() {
        let good = new_file(Record {
            generation: 1,
            bound: 3,
        });
        for (i, bytes) in [
            Vec::new(),
            good[..FILE_LEN - 1].to_vec(),
            [&good[..], &[0][..]].concat(),
            std::vec![0u8; FILE_LEN],
            std::vec![0u8; 48],
            b"short".to_vec(),
        ]
        .iter()
        .enumerate()
        {
            assert!(current(bytes).is_err(), "case {i}");
        }
        let mut bad_v1 = v1(9);
        bad_v1[20] ^= 1;
        assert!(current(&bad_v1).is_err());
    }
}
