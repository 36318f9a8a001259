//! `uhash kat` for the digest-mw names: known answers, the long-message Python vectors, production ≡ reference.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::common::*;
use super::known_answers;
use uhash_cli::kat::{Impl, answer_line};

/// Known answers of this family, `(input line, expected out hex)`.
pub fn known(add: &mut impl FnMut(String, String)) {
    for (line, out) in DIGEST_MW_LONG.iter().chain(DIGEST_PRIME_OVER) {
        add(line.to_string(), out.to_string());
    }
}

/// Nguyen–Roscoe Eq. (1), in u128: Σ [m_i·k_i + (m_i·k_{i+1} div 2^b)] mod 2^b.
fn digest_model(b: u32, key: &[u64], msg: &[u64]) -> u64 {
    let mut sum = 0u128;
    for (i, &m) in msg.iter().enumerate() {
        let m = u128::from(m);
        sum = sum
            .wrapping_add(m * u128::from(key[i]))
            .wrapping_add((m * u128::from(key[i + 1])) >> b);
    }
    (sum & ((1u128 << b) - 1)) as u64
}

/// Little-endian `w`-byte words of `bytes`.
fn words_of(bytes: &[u8], w: usize) -> Vec<u64> {
    bytes
        .chunks(w)
        .map(|c| {
            let mut buf = [0u8; 8];
            buf[..w].copy_from_slice(c);
            u64::from_le_bytes(buf)
        })
        .collect()
}

/// Known answers for the Nguyen–Roscoe digest family.
pub fn digest_answers(add: &mut impl FnMut(String, String)) {
    // digest, b = 16, key [1,2,3], msg [3,4]:
    // 3·1 + (3·2 div 2^16) + 4·2 + (4·3 div 2^16) = 11.
    add(
        rec(
            "digest",
            &le_w(&[1, 2, 3], 2),
            &le_w(&[3, 4], 2),
            json!({"b": 16}),
        ),
        le_w(&[11], 2),
    );
    // All ones, b = 16: 0xffff·0xffff + (0xffff·0xffff div 2^16)
    // = 0xfffe0001 + 0xfffe = 0xfffeffff → 0xffff.
    add(
        rec(
            "digest",
            &le_w(&[0xffff, 0xffff], 2),
            &le_w(&[0xffff], 2),
            json!({"b": 16}),
        ),
        le_w(&[0xffff], 2),
    );
    // b = 32 and b = 64 with large words, against the u128 model.
    for (b, key, msg) in [
        (
            32u32,
            vec![0xffff_ffffu64, 0x8000_0001, 0x1234_5678, 0xdead_beef],
            vec![0xffff_fffeu64, 0xcafe_babe, 0xffff_ffff],
        ),
        (
            64,
            vec![u64::MAX, 0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef],
            vec![u64::MAX - 1, u64::MAX],
        ),
    ] {
        let w = b as usize / 8;
        let d = digest_model(b, &key, &msg);
        add(
            rec("digest", &le_w(&key, w), &le_w(&msg, w), json!({"b": b})),
            le_w(&[d], w),
        );
    }

    // digest_mw, b = 16, n = 2, key [1,2,3,4], msg [3,4]:
    // d1 over k1..k3 = 11, d2 over k2..k4 = 3·2 + 4·3 = 18.
    add(
        rec(
            "digest_mw",
            &le_w(&[1, 2, 3, 4], 2),
            &le_w(&[3, 4], 2),
            json!({"b": 16, "n": 2}),
        ),
        le_w(&[11, 18], 2),
    );
    // b = 32, n = 3 with large words.
    {
        let key = [
            0xffff_ffffu64,
            0x8000_0001,
            0x1234_5678,
            0xdead_beef,
            7,
            0xffff_fff0,
        ];
        let msg = [0xffff_fffeu64, 0xcafe_babe, 0xffff_ffff];
        let ds: Vec<u64> = (0..3).map(|i| digest_model(32, &key[i..], &msg)).collect();
        add(
            rec(
                "digest_mw",
                &le_w(&key, 4),
                &le_w(&msg, 4),
                json!({"b": 32, "n": 3}),
            ),
            le_w(&ds, 4),
        );
    }

    // digest_trunc: the low `bits` bits, in ⌈bits/8⌉ bytes.
    {
        let key = [0xffff_ffffu64, 0x8000_0001, 0x1234_5678, 0xdead_beef];
        let msg = [0xffff_fffeu64, 0xcafe_babe, 0xffff_ffff];
        let d = digest_model(32, &key, &msg);
        for bits in [1u32, 12, 32] {
            let low = d & ((1u64 << bits) - 1);
            add(
                rec(
                    "digest_trunc",
                    &le_w(&key, 4),
                    &le_w(&msg, 4),
                    json!({"b": 32, "bits": bits}),
                ),
                le_w(&[low], bits.div_ceil(8) as usize),
            );
        }
    }
    // b = 16, bits = 8 of the hand example: 11.
    add(
        rec(
            "digest_trunc",
            &le_w(&[1, 2, 3], 2),
            &le_w(&[3, 4], 2),
            json!({"b": 16, "bits": 8}),
        ),
        "0b".to_owned(),
    );

    // digest_prime = digest(k1, SHA-256(msg ‖ k2)), the hash split into
    // little-endian b-bit words. The SHA-256 values were computed outside
    // this project (Python hashlib).
    {
        let k1: Vec<u8> = (0..34u32).map(|i| (i * 37 + 11) as u8).collect();
        let k2: Vec<u8> = (0..10).collect();
        // SHA-256("abc" ‖ 00 01 … 09)
        let h = hex::decode("fac8e0a97e679992f5a71c2bfc2b6958fb7a7e10720c1bb0a14d50ca3810fe4f")
            .unwrap();
        let d = digest_model(16, &words_of(&k1, 2), &words_of(&h, 2));
        add(
            rec(
                "digest_prime",
                &hex::encode([k1, k2].concat()),
                &hex::encode("abc"),
                json!({"b": 16}),
            ),
            le_w(&[d], 2),
        );
    }
    {
        // b = 32, k2 = the whole rest of the key (12 bytes), empty message.
        let k1: Vec<u8> = (0..36u32).map(|i| (i * 91 + 200) as u8).collect();
        let k2: Vec<u8> = (0..12).collect();
        // SHA-256(00 01 … 0b)
        let h = hex::decode("fff3a9bcdd37363d703c1c4f9512533686157868f0d4f16a0f02d0f1da24f9a2")
            .unwrap();
        let d = digest_model(32, &words_of(&k1, 4), &words_of(&h, 4));
        add(
            rec(
                "digest_prime",
                &hex::encode([k1, k2].concat()),
                "",
                json!({"b": 32}),
            ),
            le_w(&[d], 4),
        );
    }
}

/// digest′ over MMH32 and NH (§5's remark): records whose outputs were
/// computed outside this project (Python: hashlib's SHA-256, MMH32 and NH
/// from their definitions over the hash's eight LE 32-bit words).
const DIGEST_PRIME_OVER: &[(&str, &str)] = &[
    (
        r#"{"fn":"digest_prime_mmh32","key":"0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c618600010203040506070809","msg":"616263"}"#,
        "271dbd48",
    ),
    (
        r#"{"fn":"digest_prime_nh","key":"0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c618600010203040506070809","msg":"616263"}"#,
        "bbe6f0cbce36e833",
    ),
    (
        r#"{"fn":"digest_prime_mmh32","key":"c8237ed9348fea45a0fb56b10c67c21d78d32e89e43f9af550ab0661bc1772cd000102030405060708090a0b","msg":""}"#,
        "25cae719",
    ),
    (
        r#"{"fn":"digest_prime_nh","key":"c8237ed9348fea45a0fb56b10c67c21d78d32e89e43f9af550ab0661bc1772cd000102030405060708090a0b","msg":""}"#,
        "49bbc03c7f0793cc",
    ),
];

#[test]
fn digest_prime_over_mmh_and_nh_python_vectors_both_impls() {
    let input: String = DIGEST_PRIME_OVER
        .iter()
        .map(|(l, _)| format!("{l}\n"))
        .collect();
    let prod = kat(&[], &input);
    assert_eq!(prod, reference(&input));
    assert_eq!(prod.len(), DIGEST_PRIME_OVER.len());
    for ((line, want), got) in DIGEST_PRIME_OVER.iter().zip(&prod) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
    // k2 under 10 bytes: the same error from both.
    let short = r#"{"fn":"digest_prime_nh","key":"0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186000102030405060708","msg":""}"#;
    let input = format!("{short}\n");
    let prod = kat(&[], &input);
    assert_eq!(prod, reference(&input));
    assert!(prod[0].contains("key too short"), "{}", prod[0]);
}

// ---------------------------------------------------------------------------
// digest-mw: the digest names in production, and the long-message hash and
// MAC over digestMW.

/// `digest_mw_long_hash`/`digest_mw_long_mac` records and their outputs from
/// the independent Python of `tools/interop/digest_mw.py` (AES from the
/// `openssl` command line, digestMW from the paper's formula).
const DIGEST_MW_LONG: &[(&str, &str)] = &[
    (
        r#"{"fn":"digest_mw_long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"000102030405060708090a0b0c","params":{"n":2,"chunk":8}}"#,
        "47631cd76f7e2579",
    ),
    (
        r#"{"fn":"digest_mw_long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"","params":{"n":1,"chunk":8}}"#,
        "00000000",
    ),
    (
        r#"{"fn":"digest_mw_long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff","params":{"n":4,"chunk":16}}"#,
        "a9e36e7c263f7c66e2ce7203f85d531d",
    ),
    (
        r#"{"fn":"digest_mw_long_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"000102030405060708090a0b0c","params":{"n":2,"chunk":8}}"#,
        "2372608ec25d4151",
    ),
    (
        r#"{"fn":"digest_mw_long_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"000102030405060708090a0b0c","params":{"n":8,"chunk":12}}"#,
        "b51d7564920a087458dffdd521891a0eca7fe5b5d254c093f9cecbebbfc588ab",
    ),
];

#[test]
fn digest_mw_long_python_vectors_both_impls() {
    let input: String = DIGEST_MW_LONG
        .iter()
        .map(|(l, _)| format!("{l}\n"))
        .collect();
    let prod = kat(&[], &input);
    assert_eq!(prod, reference(&input));
    assert_eq!(prod.len(), DIGEST_MW_LONG.len());
    for ((line, want), got) in DIGEST_MW_LONG.iter().zip(&prod) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
}

#[test]
fn digest_production_equals_the_known_answers() {
    let names = [
        "digest",
        "digest_mw",
        "digest_mw_long_hash",
        "digest_mw_long_mac",
        "digest_prime",
        "digest_trunc",
    ];
    let cases: Vec<(String, String)> = known_answers()
        .into_iter()
        .filter(|(l, _)| {
            let v: Value = serde_json::from_str(l).unwrap();
            names.contains(&v["fn"].as_str().unwrap())
        })
        .collect();
    assert_eq!(names_of(&cases), names);
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let lines = kat(&["--impl", "production"], &input);
    assert_eq!(lines.len(), cases.len());
    for ((line, want), got) in cases.iter().zip(&lines) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
}

/// Random records for the digest names, in and out of their domains (word
/// widths, lengths that are not whole words, short keys, bad `bits`, n past
/// eight, k2 too short, chunk sizes): production answers exactly as the
/// reference, errors included.
fn digest_record() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "digest",
            "digest_mw",
            "digest_trunc",
            "digest_prime",
            "digest_mw_long_hash",
            "digest_mw_long_mac",
        ]),
        prop::sample::select(vec![16u64, 32, 64, 8]),
        prop_oneof![3 => (0usize..40).prop_map(|w| 8 * w), 1 => 0usize..200],
        prop_oneof![3 => Just(0isize), 1 => -3isize..=3],
        0usize..=11,
        0u64..=66,
        prop::sample::select(vec![4usize, 8, 12, 16, 24, 64, 100, 256]),
        prop::collection::vec(any::<u8>(), 0..1200),
    )
        .prop_map(|(name, b, msg_len, key_delta, n, bits, chunk, pool)| {
            let msg = pool[..msg_len.min(pool.len())].to_vec();
            let words = msg.len() / 2 + n + 1;
            let key_len = match name {
                "digest_mw_long_hash" | "digest_mw_long_mac" => 16,
                "digest_prime" => (256 + b as usize) / 8 + 10,
                _ => 8 * words,
            }
            .saturating_add_signed(key_delta);
            let key: Vec<u8> = pool.iter().rev().copied().cycle().take(key_len).collect();
            let mut r = json!({"fn": name, "key": hex::encode(&key), "msg": hex::encode(&msg)});
            r["params"] = match name {
                "digest" | "digest_prime" => json!({"b": b}),
                "digest_mw" => json!({"b": b, "n": n}),
                "digest_trunc" => json!({"b": b, "bits": bits}),
                _ => json!({"n": n.min(9), "chunk": chunk}),
            };
            if name == "digest_mw_long_mac" {
                r["nonce"] = Value::from(hex::encode(pool.get(..12).unwrap_or(&[0; 12])));
            }
            r
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: ProptestConfig::default().cases.min(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn digest_production_equals_reference(r in digest_record()) {
        let line = r.to_string();
        let prod = answer_line(line.as_bytes(), Impl::Production);
        let reference = answer_line(line.as_bytes(), Impl::Reference);
        prop_assert_eq!(prod, reference, "{}", line);
    }
}
