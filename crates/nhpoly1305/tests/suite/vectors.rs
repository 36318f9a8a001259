//! The published vectors on every backend: Linux's `nhpoly1305` test
//! vectors (`nhpoly1305_linux.jsonl`) and the Adiantum authors' NH vectors
//! (`nh_adiantum.jsonl`), each record with its `src`.
//!
//! Both files were taken from google/adiantum's test-vector headers and
//! compared byte for byte (key, message, output of every record) with the
//! sources themselves: the 6 records of `nhpoly1305_tv_template` in Linux
//! 5.10.57's `crypto/testmgr.h` (each `.ksize` 1088, `.psize` 0, 16, 19,
//! 1024, 1040, 2048; spot-checked against torvalds/linux at 942e6f8a), and
//! the 15 NH records of google/adiantum's `test_vectors/ours/NH/NH.json`
//! (passes 4, 32-bit words, stride 2, 64 units) at 4feeb5aa: identical.

use nhpoly1305::{NhAdiantum, NhPoly1305};
use uhash_testkit::vectors;

use crate::engines;

/// One record: where it is, key, message, expected output.
type Record = (String, Vec<u8>, Vec<u8>, Vec<u8>);

fn checked(file: &str, f: &str) -> Vec<Record> {
    let recs = vectors::read(file);
    assert!(!recs.is_empty(), "{file}");
    recs.iter()
        .enumerate()
        .map(|(n, v)| {
            let at = format!("{file}: record {}", n + 1);
            assert_eq!(v["fn"], f, "{at}");
            assert!(
                v["src"].as_str().is_some_and(|s| !s.is_empty()),
                "{at}: src"
            );
            (
                at,
                vectors::hex(v, "key"),
                vectors::msg(v),
                vectors::hex(v, "out"),
            )
        })
        .collect()
}

#[test]
fn linux_nhpoly1305_vectors() {
    let recs = checked("nhpoly1305_linux.jsonl", "nhpoly1305");
    assert_eq!(recs.len(), 6);
    for (at, k, msg, out) in &recs {
        let k: &[u8; 1088] = k.as_slice().try_into().unwrap();
        assert_eq!(
            uhash_ref::nhpoly1305::nhpoly1305(k, msg),
            out[..],
            "{at}: reference"
        );
        for e in engines() {
            let mut h = NhPoly1305::new_with_engine(k, e);
            assert_eq!(h.compute(msg), out[..], "{at}: {e}");
            for piece in msg.chunks(7) {
                h.update(piece);
            }
            assert_eq!(h.finalize(), out[..], "{at}: {e} in 7-byte pieces");
        }
    }
}

#[test]
fn adiantum_nh_vectors() {
    let recs = checked("nh_adiantum.jsonl", "nh_adiantum");
    assert_eq!(recs.len(), 15);
    for (at, k, msg, out) in &recs {
        let k: &[u8; 1072] = k.as_slice().try_into().unwrap();
        assert_eq!(
            uhash_ref::nhpoly1305::nh_adiantum(k, msg).unwrap(),
            out[..],
            "{at}: reference"
        );
        for e in engines() {
            assert_eq!(
                NhAdiantum::new_with_engine(k, e).compute(msg).unwrap(),
                out[..],
                "{at}: {e}"
            );
        }
    }
}
