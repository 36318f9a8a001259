//! `uhash kat` for the DFC names: known answers (the Horner hash from an independent Python model), the NIST cipher vectors through both implementations.

use serde_json::Value;

use super::common::*;
use super::known_answers;

/// Known answers of this family, `(input line, expected out hex)`.
pub fn known(add: &mut impl FnMut(String, String)) {
    // dfc_module: 2·5 + 3 = 13; and (a·x + b) mod (2^64+13) mod 2^64 with
    // a = b = x = 2^64 − 1.
    add(
        rec("dfc_module", &le64(&[2, 3]), &le64(&[5]), Value::Null),
        le64(&[13]),
    );
    {
        let m = u128::from(u64::MAX);
        let expect = ((m * m + m) % P64) as u64;
        add(
            rec(
                "dfc_module",
                &le64(&[u64::MAX, u64::MAX]),
                &le64(&[u64::MAX]),
                Value::Null,
            ),
            le64(&[expect]),
        );
    }

    // dfc_hash: the Horner hash, computed independently in Python
    // (big integers, straight from the definition in docs/kat.md).
    for (key, msg, out) in DFC_HASH {
        add(rec("dfc_hash", key, msg, Value::Null), (*out).to_owned());
    }

    // dfc_encrypt: NIST round-1 DFC KAT, Variable Key, KEYSIZE=128 #1.
    add(
        rec(
            "dfc_encrypt",
            "80000000000000000000000000000000",
            "00000000000000000000000000000000",
            Value::Null,
        ),
        "aa40250b7f35796ba3bd48d462a503aa".to_owned(),
    );
}

/// `dfc_hash` known answers `(key, msg, out)`, from this Python (no code
/// shared with the crates):
///
/// ```python
/// p = 2**64 + 13
/// def horner(a, b, msg):
///     blocks = [int.from_bytes(msg[i:i+8].ljust(8, b'\0'), 'little')
///               for i in range(0, len(msg), 8)] + [len(msg)]
///     acc = 0
///     for m in blocks:
///         acc = (a*acc + m) % p
///     return ((a*acc + b) % p) % 2**64
/// ```
///
/// with a = LE64(key[0..8]), b = LE64(key[8..16]) and the output LE64.
/// By hand: key (2, 3) and the empty message give b = 3; key (2, 3) and
/// the byte 05 give acc = 5 → 2·5 + 1 = 11, out = 2·11 + 3 = 25 = 0x19;
/// key (1, 6) and eight ff bytes give acc = 2^64 − 1 → 2^64 + 7 (a 65-bit
/// residue), out = 2^64 + 13 ≡ 0; key (1, 0) and the blocks 2^64 − 1, 13,
/// 1 give acc = 2^64 − 1 → 2^64 + 12 → 2^64 + 13 ≡ 0 → 17 (length), out 17
/// (an implementation that truncated acc to 64 bits would answer 30). A
/// 20-byte key is used by its prefix.
const DFC_HASH: &[(&str, &str, &str)] = &[
    ("02000000000000000300000000000000", "", "0300000000000000"),
    ("02000000000000000300000000000000", "05", "1900000000000000"),
    (
        "000102030405060708090a0b0c0d0e0f",
        "000102030405060708090a0b0c0d0e0f10",
        "19a51268e3dd083b",
    ),
    (
        "ffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffff",
        "7d23f9ffffffffff",
    ),
    (
        "01000000000000000600000000000000",
        "ffffffffffffffff",
        "0000000000000000",
    ),
    (
        "01000000000000000000000000000000",
        "ffffffffffffffff0d0000000000000001",
        "1100000000000000",
    ),
    (
        "0123456789abcdeffedcba9876543210",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
        "85b7086f6c19fabe",
    ),
    (
        "000102030405060708090a0b0c0d0e0faaaaaaaa",
        "48656c6c6f2c20776f726c6421",
        "8d2c91392558de78",
    ),
];

#[test]
fn dfc_production_equals_the_known_answers() {
    let cases: Vec<(String, String)> = known_answers()
        .into_iter()
        .filter(|(l, _)| l.contains("\"dfc_"))
        .collect();
    assert_eq!(names_of(&cases), ["dfc_encrypt", "dfc_hash", "dfc_module"]);
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    for args in [&[][..], &["--impl", "production"][..]] {
        let lines = kat(args, &input);
        assert_eq!(lines.len(), cases.len());
        for ((line, want), got) in cases.iter().zip(&lines) {
            assert_eq!(got, &out_line(want), "input: {line}");
        }
    }
}

/// Key expansion, the Wegman–Carter combinator and the long-message hash and
/// MAC, computed by `tools/interop/long_mac.py`: an independent Python
/// implementation of the documented layouts with AES from the OpenSSL
/// command line.

#[test]
fn dfc_nist_vector_file_both_impls() {
    let path = uhash_testkit::vectors::path("dfc_v1_nist_round1.jsonl");
    check_vector_path(&path, 969, &[]);
    check_vector_path(&path, 969, &["--impl", "production"]);
}
