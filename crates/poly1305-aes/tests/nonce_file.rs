//! `PersistentNonces`: `uhash_base::nonce_file` bound to the Poly1305-AES
//! key and the name "poly1305-aes" (the store itself is tested in
//! uhash-base's `tests/nonce_file.rs`).

use std::fs;
use std::path::PathBuf;

use poly1305_aes::nonce::{NonceFileError, PersistentNonces};
use poly1305_aes::{IncrementalMac, Poly1305Aes};
use uhash_base::nonce_file::NonceStore;

fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let d = std::env::temp_dir().join(format!(
        "poly1305-nonce-{name}-{}-{nanos}",
        std::process::id()
    ));
    fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn bound_to_the_key_and_the_algorithm() {
    let d = scratch("bind");
    let path = d.join("n");
    let key = [0x0c; 32];
    let mut s = PersistentNonces::create(&path, &key, 4).unwrap();
    let first = s.peek().to_counter();
    assert!(first < 1 << 127, "the random start is in the lower half");
    let a = s.next_nonce().unwrap();
    assert_eq!(a.to_counter(), first);
    // A fresh nonce for an incremental tag, from the same sequence.
    let mac = Poly1305Aes::new(&key).unwrap();
    let inc = IncrementalMac::new(&mac, &[1u8; 64]);
    let (n, tag) = inc.tag(s.next_fresh().unwrap());
    assert_eq!(n.to_counter(), first + 1);
    mac.verify(&n, &[1u8; 64], &tag).unwrap();
    assert_eq!(s.path(), path.as_path());
    s.close().unwrap();
    // Another key: refused, nothing written.
    let before = fs::read(&path).unwrap();
    assert!(matches!(
        PersistentNonces::open(&path, &[0x0d; 32], 4),
        Err(NonceFileError::WrongKey)
    ));
    assert_eq!(fs::read(&path).unwrap(), before);
    // The file names the algorithm and holds 16-byte nonces.
    let s = NonceStore::open(&path, PersistentNonces::ALG, 16, &key, 1).unwrap();
    assert_eq!(
        (s.alg(), s.width(), s.peek()),
        ("poly1305-aes", 16, first + 2)
    );
    drop(s);
    assert!(matches!(
        NonceStore::open(&path, "umac-128", 16, &key, 1),
        Err(NonceFileError::WrongAlgorithm { .. })
    ));
    let mut s = PersistentNonces::open(&path, &key, 4).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), first + 2);
    assert!(s.reserved_until() > first + 2);
    drop(s);
    fs::remove_dir_all(&d).unwrap();
}

/// A file of this crate's earlier format 1 (48 bytes, bound 500): refused,
/// then adopted once with the key, keeping its bound.
#[test]
fn earlier_files_are_adopted_once() {
    let d = scratch("adopt");
    let path = d.join("n");
    let key = [0x0c; 32];
    let mut v1 = b"UHPNONCE".to_vec();
    v1.extend(1u32.to_le_bytes());
    v1.extend([0; 4]);
    v1.extend(500u128.to_le_bytes());
    v1.extend((!500u128).to_le_bytes());
    fs::write(&path, &v1).unwrap();
    let e = PersistentNonces::open(&path, &key, 2).unwrap_err();
    assert!(matches!(e, NonceFileError::Legacy), "{e}");
    assert!(e.to_string().contains("adopted explicitly once"));
    let mut s = PersistentNonces::adopt(&path, &key, 2).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 500);
    s.close().unwrap();
    assert!(matches!(
        PersistentNonces::adopt(&path, &key, 2),
        Err(NonceFileError::Invalid(_))
    ));
    let mut s = PersistentNonces::open(&path, &key, 2).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 501);
    drop(s);
    fs::remove_dir_all(&d).unwrap();
}
