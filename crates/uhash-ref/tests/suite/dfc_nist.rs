//! The reference DFC cipher (constants derived from e in `uhash_ref::dfc`)
//! against all 969 NIST round-1 known answers, encrypting and decrypting.
//! The vector file lives with the production crate:
//! `crates/dfc-decorr/tests/vectors/dfc_v1_nist_round1.jsonl`.

use serde_json::Value;

#[test]
fn all_969_nist_vectors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../dfc-decorr/tests/vectors/dfc_v1_nist_round1.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("vector file");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["fn"], "dfc_v1_encrypt");
        let key = hex::decode(v["key"].as_str().unwrap()).unwrap();
        let pt: [u8; 16] = hex::decode(v["msg"].as_str().unwrap())
            .unwrap()
            .try_into()
            .unwrap();
        let ct: [u8; 16] = hex::decode(v["out"].as_str().unwrap())
            .unwrap()
            .try_into()
            .unwrap();
        assert_eq!(
            uhash_ref::dfc::dfc_encrypt(&key, &pt).unwrap(),
            ct,
            "{}",
            v["kat"]
        );
        assert_eq!(
            uhash_ref::dfc::dfc_decrypt(&key, &ct).unwrap(),
            pt,
            "{}",
            v["kat"]
        );
        n += 1;
    }
    assert_eq!(n, 969);
}

#[test]
fn key_lengths() {
    let block = [0u8; 16];
    assert!(uhash_ref::dfc::dfc_encrypt(&[], &block).is_err());
    assert!(uhash_ref::dfc::dfc_encrypt(&[0; 33], &block).is_err());
    assert!(uhash_ref::dfc::dfc_encrypt(&[0; 1], &block).is_ok());
}
