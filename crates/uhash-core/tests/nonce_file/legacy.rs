//! Files of the earlier poly1305-aes formats: refused, adopted once,
//! adoption interrupted.

use std::fs;

use uhash_base::nonce_file::{NonceFileError, NonceStore};

use super::{ALG, FILE_LEN, KEY, RECORD_LEN, SLOT1, W, open, scratch, serial};

/// A format 1 file (48 bytes).
fn v1(bound: u128) -> Vec<u8> {
    let mut b = b"UHPNONCE".to_vec();
    b.extend(1u32.to_le_bytes());
    b.extend([0; 4]);
    b.extend(bound.to_le_bytes());
    b.extend((!bound).to_le_bytes());
    b
}

/// A format 2 file (4160 bytes) with records (generation, bound) in its slots.
fn v2(slots: [Option<(u64, u128)>; 2]) -> Vec<u8> {
    let mut f = vec![0u8; SLOT1 + 64];
    for (at, r) in [0, SLOT1].into_iter().zip(slots) {
        if let Some((g, b)) = r {
            let mut rec = b"UHPNONCE".to_vec();
            rec.extend(2u32.to_le_bytes());
            rec.extend([0; 4]);
            rec.extend(g.to_le_bytes());
            rec.extend(b.to_le_bytes());
            rec.extend((!g).to_le_bytes());
            rec.extend((!b).to_le_bytes());
            f[at..at + 64].copy_from_slice(&rec);
        }
    }
    f
}

#[test]
fn legacy_files_are_refused_until_adopted_and_keep_their_bound() {
    let _serial = serial();
    let d = scratch("legacy");
    let path = d.join("n");
    for (i, (file, kept)) in [
        (v1(500), 500u128),
        (v2([None, Some((1, 700))]), 700),
        (v2([Some((2, 900)), Some((1, 700))]), 900),
        (v2([Some((2, 900)), Some((3, 905))]), 905),
        // A clean close lowered the bound in the newer record: the larger stays.
        (v2([Some((4, 950)), Some((5, 930))]), 950),
    ]
    .into_iter()
    .enumerate()
    {
        fs::write(&path, &file).unwrap();
        assert!(matches!(open(&path, 2), Err(NonceFileError::Legacy)), "{i}");
        assert_eq!(fs::read(&path).unwrap(), file, "{i}: open wrote");
        // Only 16-byte nonces were ever kept in these files.
        assert!(matches!(
            NonceStore::adopt(&path, ALG, 12, &KEY, 2),
            Err(NonceFileError::WrongWidth { found: 16, .. })
        ));
        let mut s = NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap();
        assert_eq!((s.peek(), s.reserved_until()), (kept, kept), "{i}");
        assert_eq!(s.next_counter().unwrap(), kept);
        drop(s);
        assert_eq!(fs::metadata(&path).unwrap().len(), FILE_LEN as u64);
        // Now bound to the key, like any new file.
        assert!(matches!(
            NonceStore::open(&path, ALG, W, &[1; 32], 2),
            Err(NonceFileError::WrongKey)
        ));
        assert!(matches!(
            NonceStore::adopt(&path, ALG, W, &KEY, 2),
            Err(NonceFileError::Invalid(_))
        ));
        let mut s = open(&path, 2).unwrap();
        assert_eq!(s.next_counter().unwrap(), kept + 2, "{i}");
        s.close().unwrap();
    }
    fs::remove_dir_all(&d).unwrap();
}

/// A crash during `adopt`: after its first write the new slot is read by
/// the one-slot rule; a first write torn part-way leaves the old file's
/// largest bound, which a second `adopt` keeps.
#[test]
fn an_interrupted_adopt_keeps_the_bound() {
    let _serial = serial();
    let d = scratch("adopt-crash");
    let path = d.join("n");
    // The largest bound in slot 0 (format 1) and in slot 1 (format 2).
    for (legacy, kept) in [
        (v1(500), 500u128),
        (v2([Some((2, 900)), Some((3, 905))]), 905),
        (v2([Some((4, 990)), Some((3, 905))]), 990),
    ] {
        fs::write(&path, &legacy).unwrap();
        NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap();
        let adopted = fs::read(&path).unwrap();
        // The first write went to the slot without the largest bound.
        let first = if kept == 905 { 0 } else { SLOT1 };
        let mut half = legacy.clone();
        half.resize(half.len().max(first + RECORD_LEN), 0);
        for cut in [RECORD_LEN, 1, 40, 100, 167] {
            let mut h = half.clone();
            h[first..first + cut].copy_from_slice(&adopted[first..first + cut]);
            fs::write(&path, &h).unwrap();
            let s = if cut == RECORD_LEN {
                open(&path, 2).unwrap()
            } else {
                assert!(matches!(open(&path, 2), Err(NonceFileError::Legacy)));
                NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap()
            };
            assert_eq!(s.peek(), kept, "cut {cut}");
        }
    }
    fs::remove_dir_all(&d).unwrap();
}
