//! `uhash kat` for the mmh names: known answers and production ≡ reference.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::common::*;
use super::known_answers;
use uhash_cli::kat::{Impl, answer_line};

/// Known answers of this family, `(input line, expected out hex)`.
pub fn known(add: &mut impl FnMut(String, String)) {
    // mmh32: 1·3 + 2·4 = 11.
    add(
        rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null),
        le32(&[11]),
    );
    // A longer key is used by its prefix.
    add(
        rec("mmh32", &le32(&[1, 2, 99]), &le32(&[3, 4]), Value::Null),
        le32(&[11]),
    );
    // Sum exactly 2^32 + 15 = p: (2^32 − 1)·1 + 16·1 → 0 (the paper's C
    // routine would answer 15 here).
    add(
        rec("mmh32", &le32(&[1, 1]), &le32(&[u32::MAX, 16]), Value::Null),
        le32(&[0]),
    );
    // Sum 2^32 + 16 → 1.
    add(
        rec("mmh32", &le32(&[1, 1]), &le32(&[u32::MAX, 17]), Value::Null),
        le32(&[1]),
    );
    // Sum past 2^64: the mod 2^64 of Definition 5 matters.
    {
        let key = [u32::MAX; 3];
        let msg = [u32::MAX; 3];
        // 3(2^32 − 1)^2 = 3·2^64 − 3·2^33 + 3 ≡ 2^64 − 3·2^33 + 3 (mod 2^64).
        let sum = 3 * M32 * M32;
        assert!(((2 << 64)..(3 << 64)).contains(&sum));
        let expect = (((1 << 64) - 3 * (1 << 33) + 3) % P32) as u32;
        assert_eq!(expect, mmh32_model(&key, &msg));
        add(
            rec("mmh32", &le32(&key), &le32(&msg), Value::Null),
            le32(&[expect]),
        );
    }

    // mmh32_toeplitz, n = 2, key [1,2,3]: d1 = 1·3+2·4 = 11, d2 = 2·3+3·4 = 18.
    add(
        rec(
            "mmh32_toeplitz",
            &le32(&[1, 2, 3]),
            &le32(&[3, 4]),
            json!({"n": 2}),
        ),
        le32(&[11, 18]),
    );
    // n = 3 with a big-number key window.
    {
        let key = [7, u32::MAX, 0x8000_0000, 3, 12345];
        let msg = [u32::MAX, 0xdead_beef, 5];
        let expect: Vec<u32> = (0..3).map(|i| mmh32_model(&key[i..i + 3], &msg)).collect();
        add(
            rec("mmh32_toeplitz", &le32(&key), &le32(&msg), json!({"n": 3})),
            le32(&expect),
        );
    }

    // nmh32: (3+1)(4+2) = 24.
    add(
        rec("nmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null),
        le32(&[24]),
    );
    // m + x wraps mod 2^32: (2^32−1 + 2 mod 2^32 = 1)·(7+0) + (2^32−1)^2 mod p.
    {
        let key = [2, 0, 0, 0];
        let msg = [u32::MAX, 7, u32::MAX, u32::MAX];
        let expect = ((7 + M32 * M32) % P32) as u32;
        assert_eq!(expect, nmh32_model(&key, &msg));
        add(
            rec("nmh32", &le32(&key), &le32(&msg), Value::Null),
            le32(&[expect]),
        );
    }

    // mmh64: 11, and (2^64−1)^2 mod (2^64+13) mod 2^64.
    add(
        rec("mmh64", &le64(&[1, 2]), &le64(&[3, 4]), Value::Null),
        le64(&[11]),
    );
    {
        let m = u128::from(u64::MAX);
        let expect = ((m * m) % P64) as u64;
        add(
            rec("mmh64", &le64(&[u64::MAX]), &le64(&[u64::MAX]), Value::Null),
            le64(&[expect]),
        );
    }

    // nh: (3+1)(4+2) = 24, 8 bytes out; and a sum that wraps mod 2^64.
    add(
        rec("nh", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null),
        le64(&[24]),
    );
    {
        let expect = ((2 * M32 * M32) % (1 << 64)) as u64;
        add(
            rec("nh", &le32(&[0; 4]), &le32(&[u32::MAX; 4]), Value::Null),
            le64(&[expect]),
        );
    }

    // nh_toeplitz, n = 2, key [1,2,3,4]: d1 = (3+1)(4+2) = 24,
    // d2 (key shifted by 2 words) = (3+3)(4+4) = 48.
    add(
        rec(
            "nh_toeplitz",
            &le32(&[1, 2, 3, 4]),
            &le32(&[3, 4]),
            json!({"n": 2}),
        ),
        le64(&[24, 48]),
    );
}

#[test]
fn mmh_production_equals_the_known_answers() {
    let mmh_names = [
        "mmh32",
        "mmh32_toeplitz",
        "mmh64",
        "nh",
        "nh_toeplitz",
        "nmh32",
    ];
    let cases: Vec<(String, String)> = known_answers()
        .into_iter()
        .filter(|(l, _)| {
            let v: Value = serde_json::from_str(l).unwrap();
            mmh_names.contains(&v["fn"].as_str().unwrap())
        })
        .collect();
    assert_eq!(names_of(&cases), mmh_names);
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    for args in [&[][..], &["--impl", "production"][..]] {
        let lines = kat(args, &input);
        assert_eq!(lines.len(), cases.len());
        for ((line, want), got) in cases.iter().zip(&lines) {
            assert_eq!(got, &out_line(want), "input: {line}");
        }
    }
}

/// Random records for the `mmh` names, in and out of their domains
/// (lengths that are not whole words or pairs, short keys, n beyond the
/// eight windows one production call computes, both long-message families
/// and chunk sizes): production answers exactly as the reference, errors
/// included.
fn mmh_record() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "mmh32",
            "mmh32_toeplitz",
            "nmh32",
            "mmh64",
            "nh",
            "nh_toeplitz",
            "long_hash",
            "long_mac",
        ]),
        prop_oneof![3 => (0usize..60).prop_map(|w| 8 * w), 1 => 0usize..200],
        prop_oneof![3 => Just(0isize), 1 => -3isize..=3],
        1usize..=11,
        prop::sample::select(vec![257u64, 260, 258]),
        prop::sample::select(vec![4usize, 8, 12, 16, 24, 64, 100, 256]),
        prop::collection::vec(any::<u8>(), 0..1200),
    )
        .prop_map(|(name, msg_len, key_delta, n, family, chunk, pool)| {
            let msg = pool[..msg_len.min(pool.len())].to_vec();
            let words = (msg.len() / 4 + 2 * n).max(4);
            let key_len = (if name.starts_with("long") {
                16
            } else {
                8 * words
            })
            .saturating_add_signed(key_delta);
            let key: Vec<u8> = pool.iter().rev().copied().cycle().take(key_len).collect();
            let mut r = json!({"fn": name, "key": hex::encode(&key), "msg": hex::encode(&msg)});
            match name {
                "mmh32_toeplitz" | "nh_toeplitz" => r["params"] = json!({"n": n}),
                "long_hash" | "long_mac" => {
                    r["params"] = json!({"family": family, "n": n.min(9), "chunk": chunk})
                }
                _ => {}
            }
            if name == "long_mac" {
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
    fn mmh_production_equals_reference(r in mmh_record()) {
        let line = r.to_string();
        let prod = answer_line(line.as_bytes(), Impl::Production);
        let reference = answer_line(line.as_bytes(), Impl::Reference);
        prop_assert_eq!(prod, reference, "{}", line);
    }
}
