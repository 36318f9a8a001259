//! Known-answer tests from outside the project: the Poly1305-AES paper's
//! Appendix A examples and the RFC 8439 Poly1305 vectors, read from
//! poly1305-aes's `tests/vectors/*.jsonl` (the one copy of each set).

use std::fs;
use std::path::PathBuf;

use aes::Aes128;
use aes::cipher::{Array, BlockCipherEncrypt, KeyInit};
use num_bigint::BigUint;
use num_traits::Num;
use serde_json::Value;
use uhash_ref::poly1305::{poly1305, poly1305_aes, poly1305_mod_p, r_is_clamped};

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../poly1305-aes/tests/vectors")
}

/// Every record of every `*.jsonl` file in the vectors directory, with the
/// file name it came from.
fn records() -> Vec<(String, Value)> {
    let dir = vectors_dir();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).expect("read vector file");
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{name}:{}: bad JSON: {e}", n + 1));
            out.push((format!("{name}:{}", n + 1), v));
        }
    }
    out
}

fn field<'a>(v: &'a Value, name: &str, at: &str) -> &'a str {
    v.get(name)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{at}: missing string field {name:?}"))
}

fn bytes(v: &Value, name: &str, at: &str) -> Vec<u8> {
    hex::decode(field(v, name, at)).unwrap_or_else(|e| panic!("{at}: {name} is not hex: {e}"))
}

fn array16(b: &[u8], at: &str) -> [u8; 16] {
    b.try_into()
        .unwrap_or_else(|_| panic!("{at}: expected 16 bytes, got {}", b.len()))
}

fn aes128(k: &[u8; 16], block: &[u8; 16]) -> [u8; 16] {
    let cipher = Aes128::new(&Array::from(*k));
    let mut b = Array::from(*block);
    cipher.encrypt_block(&mut b);
    let mut out = [0u8; 16];
    out.copy_from_slice(b.as_slice());
    out
}

#[test]
fn both_vector_files_are_present_with_sources() {
    for name in ["poly1305_aes_bernstein.jsonl", "poly1305_rfc8439.jsonl"] {
        let path = vectors_dir().join(name);
        let text =
            fs::read_to_string(&path).unwrap_or_else(|e| panic!("missing {}: {e}", path.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).expect("JSON");
            assert!(
                v.get("src")
                    .and_then(Value::as_str)
                    .is_some_and(|s| !s.is_empty()),
                "{name}: record without a `src` field"
            );
        }
    }
}

#[test]
fn bernstein_appendix_a_examples() {
    let mut count = 0;
    for (at, v) in records() {
        if v.get("fn").and_then(Value::as_str) != Some("poly1305_aes") {
            continue;
        }
        count += 1;
        let key = bytes(&v, "key", &at);
        assert_eq!(key.len(), 32, "{at}: key = k || r is 32 bytes");
        let k = array16(&key[..16], &at);
        let r = array16(&key[16..], &at);
        let nonce = array16(&bytes(&v, "nonce", &at), &at);
        let msg = bytes(&v, "msg", &at);
        let out = array16(&bytes(&v, "out", &at), &at);
        let aes_k_n = array16(&bytes(&v, "aes_k_n", &at), &at);
        let mr_hex = field(&v, "mr_mod_p", &at);
        let mr = BigUint::from_str_radix(mr_hex.trim_start_matches("0x"), 16)
            .unwrap_or_else(|e| panic!("{at}: mr_mod_p: {e}"));

        assert!(r_is_clamped(&r), "{at}: published r must be clamped");
        assert_eq!(aes128(&k, &nonce), aes_k_n, "{at}: AES_k(n)");
        assert_eq!(poly1305_mod_p(&r, &msg), mr, "{at}: m(r) mod 2^130-5");
        assert_eq!(
            poly1305_aes(&k, &r, &nonce, &msg),
            Ok(out),
            "{at}: Poly1305-AES authenticator"
        );
        // The same authenticator through the one-time-key form r || AES_k(n).
        let mut otk = [0u8; 32];
        otk[..16].copy_from_slice(&r);
        otk[16..].copy_from_slice(&aes_k_n);
        assert_eq!(poly1305(&otk, &msg), out, "{at}: Poly1305(r || AES_k(n))");
    }
    assert_eq!(
        count, 4,
        "expected the 4 examples of Bernstein's Appendix A"
    );
}

#[test]
fn rfc8439_vectors() {
    let mut count = 0;
    for (at, v) in records() {
        if v.get("fn").and_then(Value::as_str) != Some("poly1305_rfc8439") {
            continue;
        }
        count += 1;
        let key: [u8; 32] = bytes(&v, "key", &at)
            .try_into()
            .unwrap_or_else(|_| panic!("{at}: key must be 32 bytes"));
        let msg = bytes(&v, "msg", &at);
        let out = array16(&bytes(&v, "out", &at), &at);
        assert_eq!(poly1305(&key, &msg), out, "{at}: Poly1305 tag");
    }
    assert_eq!(count, 16, "expected the 16 RFC 8439 records");
}

/// A changed message byte, key byte or nonce byte changes the answer, so the
/// tests above cannot pass with a function that ignores an input.
#[test]
fn bernstein_example_is_sensitive_to_every_input() {
    let (at, v) = records()
        .into_iter()
        .find(|(_, v)| v.get("fn").and_then(Value::as_str) == Some("poly1305_aes"))
        .expect("a Bernstein example");
    let key = bytes(&v, "key", &at);
    let k = array16(&key[..16], &at);
    let r = array16(&key[16..], &at);
    let nonce = array16(&bytes(&v, "nonce", &at), &at);
    let msg = bytes(&v, "msg", &at);
    let out = array16(&bytes(&v, "out", &at), &at);
    assert!(!msg.is_empty());

    let mut m2 = msg.clone();
    m2[0] ^= 1;
    assert_ne!(poly1305_aes(&k, &r, &nonce, &m2), Ok(out));
    let mut k2 = k;
    k2[0] ^= 1;
    assert_ne!(poly1305_aes(&k2, &r, &nonce, &msg), Ok(out));
    let mut n2 = nonce;
    n2[15] ^= 0x80;
    assert_ne!(poly1305_aes(&k, &r, &n2, &msg), Ok(out));
    let mut r2 = r;
    r2[0] ^= 1;
    assert_ne!(poly1305_aes(&k, &r2, &nonce, &msg), Ok(out));
}
