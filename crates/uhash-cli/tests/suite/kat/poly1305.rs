//! `uhash kat` for Poly1305 and Poly1305-AES: RFC 8439 and Bernstein vectors through both implementations, production ≡ reference.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::common::*;

/// Known answers of this family, `(input line, expected out hex)`.
pub fn known(add: &mut impl FnMut(String, String)) {
    // poly1305: RFC 8439 §2.5.2.
    add(
        rec(
            "poly1305",
            "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
            &hex::encode("Cryptographic Forum Research Group"),
            Value::Null,
        ),
        "a8061dc1305136c6c22b8baf0c0127a9".to_owned(),
    );
    // The alias of the published vector file.
    add(
        rec(
            "poly1305_rfc8439",
            "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
            &hex::encode("Cryptographic Forum Research Group"),
            Value::Null,
        ),
        "a8061dc1305136c6c22b8baf0c0127a9".to_owned(),
    );

    // poly1305_aes: Bernstein's paper, Appendix A, example 2 (empty message).
    add(
        json!({
            "fn": "poly1305_aes",
            "key": "75deaa25c09f208e1dc4ce6b5cad3fbfa0f3080000f46400d0c7e9076c834403",
            "nonce": "61ee09218d29b0aaed7e154a2c5509cc",
            "msg": "",
        })
        .to_string(),
        "dd3fab2251f11ac759f0887129cc2ee7".to_owned(),
    );
}

#[test]
fn poly1305_rfc8439_vector_file() {
    check_vector_file("poly1305_rfc8439.jsonl", 16);
}

#[test]
fn poly1305_aes_bernstein_vector_file() {
    check_vector_file("poly1305_aes_bernstein.jsonl", 4);
}

#[test]
fn poly1305_vector_files_production() {
    for (file, n) in [
        ("poly1305_rfc8439.jsonl", 16),
        ("poly1305_aes_bernstein.jsonl", 4),
    ] {
        let path = uhash_testkit::vectors::path(file);
        check_vector_path(&path, n, &["--impl", "production"]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `poly1305` and `poly1305_aes` in production answer as the reference,
    /// error texts included (unclamped random keys: an error in both).
    #[test]
    fn poly1305_production_equals_reference(
        key in prop::collection::vec(any::<u8>(), 32),
        msg in prop::collection::vec(any::<u8>(), 0..600),
        nonce in prop::collection::vec(any::<u8>(), 16),
        clamp in any::<bool>(),
    ) {
        let mut key = key;
        if clamp {
            for i in [19, 23, 27, 31] { key[i] &= 15; }
            for i in [20, 24, 28] { key[i] &= 252; }
        }
        let input = format!(
            "{}\n{}\n",
            json!({"fn": "poly1305", "key": hex::encode(&key), "msg": hex::encode(&msg)}),
            json!({"fn": "poly1305_aes", "key": hex::encode(&key), "msg": hex::encode(&msg),
                   "nonce": hex::encode(&nonce)}),
        );
        let prod = kat(&["--impl", "production"], &input);
        let refr = reference(&input);
        prop_assert_eq!(prod.len(), 2);
        prop_assert_eq!(&prod[0], &refr[0]);
        // the same tag, or the same error text
        prop_assert_eq!(&prod[1], &refr[1]);
        prop_assert_eq!(prod[1].contains("error"), !clamp && refr[1].contains("error"));
    }
}
