//! `uhash kat` for the Square Hash names: hand-computed answers through both implementations, production ≡ reference.

use proptest::prelude::*;
use serde_json::{Value, json};

use super::common::*;
use uhash_cli::kat::{Impl, answer_line};

/// Known answers of this family, `(input line, expected out hex)`.
pub fn known(add: &mut impl FnMut(String, String)) {
    // Square Hash: the hand-computed answers of SQH_KNOWN.
    for (line, out) in SQH_KNOWN {
        add((*line).to_owned(), (*out).to_owned());
    }
}

// ---------------------------------------------------------------------------
// Square Hash (`sqh` crate against `uhash_ref::sqh`).

/// Hand-computed answers (w = 1, p = 2^32 + 15, and w = 3, p = 2^96 + 61;
/// see `uhash_ref::sqh`'s tests for the arithmetic), through the binary,
/// both implementations.
const SQH_KNOWN: &[(&str, &str)] = &[
    // (3 + 4)² = 49.
    (
        r#"{"fn":"sqh","key":"04000000","msg":"03000000","params":{"w":1}}"#,
        "3100000000000000",
    ),
    // (2^33 − 2)² ≡ (−32)² = 1024.
    (
        r#"{"fn":"sqh","key":"ffffffff","msg":"ffffffff","params":{"w":1}}"#,
        "0004000000000000",
    ),
    // 1024 + (p − 1) ≡ 1023.
    (
        r#"{"fn":"sqhu","key":"ffffffff0e00000001000000","msg":"ffffffff","params":{"w":1}}"#,
        "ff03000000000000",
    ),
    // SQHE, two all-ones elements: the dropped carries give 353, not 2·289.
    (
        r#"{"fn":"sqh_e","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "61010000",
    ),
    (
        r#"{"fn":"sqh_asm2","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "42020000",
    ),
    // SQH* and SQHasm: 2·1024.
    (
        r#"{"fn":"sqh_star","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "0008000000000000",
    ),
    (
        r#"{"fn":"sqh_asm","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "00080000",
    ),
    // SQHc: the squares' words [4, 2^32 − 8, 3] twice, carries dropped:
    // 6·2^64 + (2^32 − 16)·2^32 + 8 ≡ 6·225 + (−31)(−15) + 8 = 1823.
    (
        r#"{"fn":"sqh_c","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "1f07000000000000",
    ),
    // SQHc2, one element: columns [4, 3·2^32 − 8 → 2^32 − 8, 1]:
    // 2^64 + (2^32 − 8)·2^32 + 4 ≡ 225 + 345 + 4 = 574 (exact: 1024).
    (
        r#"{"fn":"sqh_c2","key":"ffffffff","msg":"ffffffff","params":{"w":1}}"#,
        "3e02000000000000",
    ),
    // SQHasm2 mod p (Thm. 7): the same 2·289 = 578, in 8 bytes (Z_p).
    (
        r#"{"fn":"sqh_asm2_mod_p","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "4202000000000000",
    ),
    // SQH2 w = 1: one double word, 2·(2^64 − 2^34 + 4) wraps once mod 2^64:
    // 2^64 − 2^35 + 8 ≡ 225 + 120 + 8 = 353.
    (
        r#"{"fn":"sqh2","key":"ffffffffffffffff","msg":"ffffffffffffffff","params":{"w":1}}"#,
        "61010000",
    ),
    // SQH2 w = 3, two all-ones elements: s = 2^96 − 2, limbs a0 = 2^32 − 2,
    // a1 = a2 = 2^32 − 1; one element's double words D0 = a0² + 2·lo(a0a1)·2^32
    // = 2^64 + 4 → 4, D1 = 2·hi(a0a1) + 2·a0a2 + a1² + 2·lo(a1a2)·2^32 =
    // 3·2^64 − 2^34 − 1 → 2^64 − 2^34 − 1, D2 = 2·hi(a1a2) + a2² = 2^64 − 3;
    // doubled mod 2^64 and reduced (mod p, mod 2^96):
    // 0xfffffffe_00000131_000010b6 (the exact sum gives 7938).
    (
        r#"{"fn":"sqh2","key":"ffffffffffffffffffffffffffffffffffffffffffffffff","msg":"ffffffffffffffffffffffffffffffffffffffffffffffff","params":{"w":3}}"#,
        "b610000031010000feffffff",
    ),
    // SQHasm2 mod p, w = 3: 7938 < 2^96, as 16 bytes.
    (
        r#"{"fn":"sqh_asm2_mod_p","key":"ffffffffffffffffffffffffffffffffffffffffffffffff","msg":"ffffffffffffffffffffffffffffffffffffffffffffffff","params":{"w":3}}"#,
        "021f0000000000000000000000000000",
    ),
    // SQHasm2 w = 3: (2^96 − 2)² ≡ (−63)² = 3969, twice: 7938.
    (
        r#"{"fn":"sqh_asm2","key":"ffffffffffffffffffffffffffffffffffffffffffffffff","msg":"ffffffffffffffffffffffffffffffffffffffffffffffff","params":{"w":3}}"#,
        "021f00000000000000000000",
    ),
];

#[test]
fn sqh_known_answers_both_impls() {
    let input: String = SQH_KNOWN.iter().map(|(l, _)| format!("{l}\n")).collect();
    for args in [&[][..], &["--impl", "reference"][..]] {
        let lines = kat(args, &input);
        assert_eq!(lines.len(), SQH_KNOWN.len());
        for ((line, want), got) in SQH_KNOWN.iter().zip(&lines) {
            assert_eq!(got, &out_line(want), "input: {line}");
        }
    }
    // b = p is an error in both.
    let bad = r#"{"fn":"sqhu","key":"ffffffff0f00000001000000","msg":"ffffffff","params":{"w":1}}"#;
    assert_eq!(kat(&[], bad), kat(&["--impl", "reference"], bad));
    assert_eq!(
        error_text(&kat(&[], bad)[0]),
        "fn 'sqhu': invalid key: b must be below p"
    );
}

/// Random Square Hash records, in and out of their domains (every w and a
/// bad one, partial elements, short keys, all-ones bytes, SQHU offsets
/// around p).
fn sqh_record() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "sqh", "sqhu", "sqh_star", "sqh_asm", "sqh_asm2", "sqh_c", "sqh_c2", "sqh_e",
        ]),
        prop_oneof![6 => 1u64..=5, 1 => Just(0u64), 1 => Just(6u64)],
        prop_oneof![4 => 1usize..30, 1 => Just(0usize)],
        prop_oneof![4 => Just(0isize), 1 => -5isize..=5],
        prop_oneof![2 => prop::collection::vec(any::<u8>(), 0..700), 1 => Just(vec![0xffu8; 700])],
    )
        .prop_map(|(name, w, k, delta, pool)| {
            let wb = 4 * w.clamp(1, 5) as usize;
            let single = name == "sqh" || name == "sqhu";
            let msg_len = if single { wb } else { k * wb }.saturating_add_signed(if delta == 3 { 1 } else { 0 });
            let key_len = if name == "sqhu" { 2 * wb + 4 } else if single { wb } else { k * wb }
                .saturating_add_signed(delta);
            let msg: Vec<u8> = pool.iter().copied().cycle().take(msg_len).collect();
            let mut key: Vec<u8> = pool.iter().rev().copied().cycle().take(key_len).collect();
            if name == "sqhu" && key.len() == 2 * wb + 4 && pool.first().is_some_and(|b| b & 1 == 0) {
                // b's top limb 1: b ≥ p unless its low limbs are small.
                key[2 * wb] = 1;
                key[2 * wb + 1..].fill(0);
            }
            json!({"fn": name, "key": hex::encode(&key), "msg": hex::encode(&msg), "params": {"w": w}})
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: ProptestConfig::default().cases.min(96),
        ..ProptestConfig::default()
    })]

    #[test]
    fn sqh_production_equals_reference(r in sqh_record()) {
        let line = r.to_string();
        let prod = answer_line(line.as_bytes(), Impl::Production);
        let reference = answer_line(line.as_bytes(), Impl::Reference);
        prop_assert_eq!(prod, reference, "{}", line);
    }
}
