//! Tests of the `uhash kat` command-line interface: the real binary for the
//! answers, the error lines and the exit statuses, and the library function
//! behind it (with proptest) for "never panics, one answer per line".

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use serde_json::{Value, json};
use uhash::kat::{FUNCTIONS, Impl, answer_line};

// ---------------------------------------------------------------------------
// Helpers.

/// Runs the `uhash` binary with `args`, feeding `input` on stdin.
fn uhash(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uhash"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn uhash");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Write from another thread so that a large input cannot deadlock
    // against a full stdout pipe. A binary that exits early (bad flags)
    // closes stdin: ignore the broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait uhash");
    writer.join().expect("writer thread");
    out
}

/// Runs `uhash kat ARGS` on `input` and returns its stdout lines, checking
/// exit status 0 and an empty stderr.
fn kat(args: &[&str], input: &str) -> Vec<String> {
    let mut full = vec!["kat"];
    full.extend_from_slice(args);
    let out = uhash(&full, input.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert!(stderr.is_empty(), "unexpected stderr: {stderr}");
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    assert!(
        stdout.is_empty() || stdout.ends_with('\n'),
        "stdout must end with a newline: {stdout:?}"
    );
    stdout.lines().map(str::to_owned).collect()
}

fn reference(input: &str) -> Vec<String> {
    kat(&["--impl", "reference"], input)
}

/// Hex of 32-bit words, little-endian, word 1 first.
fn le32(words: &[u32]) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

/// Hex of 64-bit words, little-endian, word 1 first.
fn le64(words: &[u64]) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

/// Hex of the low `w` bytes of each word, little-endian (b = 8w-bit words).
fn le_w(words: &[u64], w: usize) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|x| x.to_le_bytes()[..w].to_vec())
            .collect::<Vec<u8>>(),
    )
}

/// One input record.
fn rec(name: &str, key: &str, msg: &str, params: Value) -> String {
    let mut r = json!({"fn": name, "key": key, "msg": msg});
    if !params.is_null() {
        r["params"] = params;
    }
    r.to_string()
}

fn out_line(hex: &str) -> String {
    json!({ "out": hex }).to_string()
}

/// The `"error"` text of an answer line, or a panic naming the line.
fn error_text(line: &str) -> String {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let obj = v.as_object().expect("answer is an object");
    assert_eq!(obj.len(), 1, "answer has exactly one field: {line}");
    obj.get("error")
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("expected an error answer, got {line}"))
        .to_owned()
}

const P32: u128 = (1 << 32) + 15;
const P64: u128 = (1 << 64) + 13;
const M32: u128 = (1 << 32) - 1;

/// MMH32 by Definition 5, in u128: ((Σ m·x mod 2^64) mod p) mod 2^32.
fn mmh32_model(key: &[u32], msg: &[u32]) -> u32 {
    let sum: u128 = msg
        .iter()
        .zip(key)
        .map(|(&m, &x)| u128::from(m) * u128::from(x))
        .sum();
    ((sum % (1 << 64)) % P32) as u32
}

/// NMH32 by Definition 10, in u128.
fn nmh32_model(key: &[u32], msg: &[u32]) -> u32 {
    let sum: u128 = msg
        .chunks(2)
        .zip(key.chunks(2))
        .map(|(m, x)| u128::from(m[0].wrapping_add(x[0])) * u128::from(m[1].wrapping_add(x[1])))
        .sum();
    ((sum % (1 << 64)) % P32) as u32
}

// ---------------------------------------------------------------------------
// Known answers, one or more per name, computed independently here.

/// `(input line, expected out hex)` for every name.
fn known_answers() -> Vec<(String, String)> {
    let mut v = Vec::new();
    let mut add = |line: String, out: String| v.push((line, out));

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

    digest_answers(&mut add);
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
    for (line, out) in SHARED_MACHINERY {
        add(line.to_string(), out.to_string());
    }
    for (line, out) in DIGEST_MW_LONG {
        add(line.to_string(), out.to_string());
    }
    // Square Hash: the hand-computed answers of SQH_KNOWN.
    for (line, out) in SQH_KNOWN {
        add((*line).to_owned(), (*out).to_owned());
    }
    v
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
const SHARED_MACHINERY: &[(&str, &str)] = &[
    (
        r#"{"fn":"expand","key":"2b7e151628aed2a6abf7158809cf4f3c","msg":"","params":{"label":72341276627828737,"len":16}}"#,
        "5a88afb6f31b9e075c1131154f725260",
    ),
    (
        r#"{"fn":"wc_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"ffffffffffffffffffffffffffffffff","params":{"lane_bits":32}}"#,
        "f5677c97f180c501be7f3bd0eaa0afa9",
    ),
    (
        r#"{"fn":"wc_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"ffffffffffffffffffffffffffffffffffffffffffffffff","params":{"lane_bits":64}}"#,
        "f5677c97f280c501be7f3bd0eba0afa9af49c411426541da",
    ),
    (
        r#"{"fn":"long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"000102030405060708090a0b0c","params":{"family":257,"n":2,"chunk":8}}"#,
        "a1c84d764509ee17",
    ),
    (
        r#"{"fn":"long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"","params":{"family":257,"n":1,"chunk":8}}"#,
        "00000000",
    ),
    (
        r#"{"fn":"long_hash","key":"000102030405060708090a0b0c0d0e0f","msg":"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff","params":{"family":260,"n":2,"chunk":16}}"#,
        "bbf8fa79f332b18a6373bf50563c3927",
    ),
    (
        r#"{"fn":"long_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"000102030405060708090a0b0c","params":{"family":257,"n":2,"chunk":8}}"#,
        "1c37d4ed1fba5f7b",
    ),
    (
        r#"{"fn":"long_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"000102030405060708090a0b0c","params":{"family":260,"n":1,"chunk":8}}"#,
        "32bbc78e272fbe04",
    ),
];

#[test]
fn shared_machinery_production_equals_reference() {
    // Every shared-machinery name (expand, wc_mac from uhash-core; long_hash,
    // long_mac over the mmh crate's kernels) answers the Python vectors in
    // production exactly as the reference does.
    let input: String = SHARED_MACHINERY
        .iter()
        .map(|(l, _)| format!("{l}\n"))
        .collect();
    let prod = kat(&[], &input);
    assert_eq!(prod, reference(&input));
    assert_eq!(prod.len(), SHARED_MACHINERY.len());
    for ((line, want), got) in SHARED_MACHINERY.iter().zip(&prod) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
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

/// Nguyen–Roscoe Eq. (1), in u128:
/// Σ_{i=1}^{t} [m_i·k_i + (m_i·k_{i+1} div 2^b)] mod 2^b.
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
fn digest_answers(add: &mut impl FnMut(String, String)) {
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

/// The canonical names a list of input lines covers.
fn names_of(lines: &[(String, String)]) -> Vec<String> {
    let mut names: Vec<String> = lines
        .iter()
        .map(|(l, _)| {
            let v: Value = serde_json::from_str(l).unwrap();
            let name = v["fn"].as_str().unwrap().to_owned();
            uhash::kat::lookup(&name).unwrap().name.to_owned()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn reference_answers_every_name() {
    let cases = known_answers();
    let mut covered = names_of(&cases);
    let mut all: Vec<String> = FUNCTIONS.iter().map(|e| e.name.to_owned()).collect();
    all.sort();
    covered.retain(|n| all.contains(n));
    assert_eq!(covered, all, "every name needs a known answer here");

    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let lines = reference(&input);
    assert_eq!(lines.len(), cases.len());
    for ((line, want), got) in cases.iter().zip(&lines) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
}

#[test]
fn impl_equals_form_is_accepted() {
    let line = rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null);
    assert_eq!(
        kat(&["--impl=reference"], &line),
        vec![out_line(&le32(&[11]))]
    );
}

// ---------------------------------------------------------------------------
// The published vector files, piped straight in.

fn check_vector_file(file: &str, records: usize) {
    check_vector_path(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/vectors")
            .join(file),
        records,
        &[],
    );
}

/// Pipes a published vector file through `uhash kat` (with `args`, and also
/// with `--impl reference` when `args` is empty) and compares every answer
/// with the record's `out`.
fn check_vector_path(path: &Path, records: usize, args: &[&str]) {
    let file = path.display();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let expected: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["out"].as_str().expect("record has 'out'").to_owned()
        })
        .collect();
    assert_eq!(expected.len(), records, "{file}: record count");
    let lines = if args.is_empty() {
        reference(&text)
    } else {
        kat(args, &text)
    };
    assert_eq!(lines.len(), records, "{file}: answer count");
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, &out_line(want), "{file}: record {}", i + 1);
    }
}

#[test]
fn dfc_nist_vector_file_both_impls() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/dfc-decorr/tests/vectors/dfc_v1_nist_round1.jsonl");
    check_vector_path(&path, 969, &[]);
    check_vector_path(&path, 969, &["--impl", "production"]);
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
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/vectors")
            .join(file);
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

// ---------------------------------------------------------------------------
// Malformed lines: one error line each, and the run goes on.

/// `(bad line, fragment the error text must contain)`.
fn malformed() -> Vec<(Vec<u8>, &'static str)> {
    let key2 = le32(&[1, 2]);
    let msg2 = le32(&[3, 4]);
    let aes_key = "75deaa25c09f208e1dc4ce6b5cad3fbfa0f3080000f46400d0c7e9076c834403";
    let aes_nonce = "61ee09218d29b0aaed7e154a2c5509cc";
    // r = key[16..32]; r[3] (key byte 19) must have its top 4 bits clear.
    let mut unclamped = hex::decode(aes_key).unwrap();
    unclamped[19] |= 0xf0;
    let unclamped = hex::encode(unclamped);
    let s = |x: String| x.into_bytes();
    vec![
        (s("not json".into()), "invalid JSON"),
        (s("{\"fn\": \"mmh32\", ".into()), "invalid JSON"),
        (s("[1, 2, 3]".into()), "must be a JSON object"),
        (s("\"mmh32\"".into()), "must be a JSON object"),
        (s("null".into()), "must be a JSON object"),
        (s("{}".into()), "missing field 'fn'"),
        (
            s(json!({"fn": 7, "key": key2, "msg": msg2}).to_string()),
            "'fn' must be a string",
        ),
        (
            s(rec("mmh32", "zz000000", &msg2, Value::Null)),
            "'key' is not valid hex",
        ),
        (
            s(rec("mmh32", &key2, "030", Value::Null)),
            "'msg' is not valid hex",
        ),
        (
            s(json!({"fn": "mmh32", "key": 12, "msg": msg2}).to_string()),
            "'key' must be a hex string",
        ),
        (s(rec("md5", &key2, &msg2, Value::Null)), "unknown fn 'md5'"),
        (
            s(json!({"fn": "mmh32", "msg": msg2}).to_string()),
            "missing field 'key'",
        ),
        (
            s(json!({"fn": "mmh32", "key": key2}).to_string()),
            "missing field 'msg'",
        ),
        // Wrong key lengths.
        (
            s(rec("poly1305", &"00".repeat(31), "", Value::Null)),
            "key too short",
        ),
        (
            s(rec(
                "dfc_module",
                &"00".repeat(15),
                &le64(&[5]),
                Value::Null,
            )),
            "key too short",
        ),
        (
            s(rec("mmh32", &le32(&[1]), &msg2, Value::Null)),
            "key too short",
        ),
        (
            s(rec("dfc_hash", &"00".repeat(15), "", Value::Null)),
            "key too short",
        ),
        (
            s(rec(
                "mmh32_toeplitz",
                &le32(&[1, 2]),
                &msg2,
                json!({"n": 2}),
            )),
            "key too short",
        ),
        (
            s(rec(
                "nh_toeplitz",
                &le32(&[1, 2, 3]),
                &msg2,
                json!({"n": 2}),
            )),
            "key too short",
        ),
        (
            s(rec(
                "digest_prime",
                &"00".repeat(34 + 9),
                "00",
                json!({"b": 16}),
            )),
            "key too short",
        ),
        // Message lengths.
        (
            s(rec("mmh32", &key2, "0300000004", Value::Null)),
            "not a multiple of the 4-byte word size",
        ),
        (
            s(rec("mmh64", &le64(&[1, 2]), &msg2[..12], Value::Null)),
            "not a multiple of the 8-byte word size",
        ),
        (s(rec("mmh32", &key2, "", Value::Null)), "at least one"),
        (
            s(rec(
                "nmh32",
                &le32(&[1, 2, 3]),
                &le32(&[3, 4, 5]),
                Value::Null,
            )),
            "even number of words",
        ),
        (
            s(rec("nh", &le32(&[1, 2, 3]), &le32(&[3, 4, 5]), Value::Null)),
            "even number of words",
        ),
        (
            s(rec(
                "dfc_module",
                &le64(&[2, 3]),
                &le64(&[5, 6]),
                Value::Null,
            )),
            "exactly 8 bytes",
        ),
        // Params.
        (
            s(rec("mmh32_toeplitz", &le32(&[1, 2, 3]), &msg2, Value::Null)),
            "missing param 'n'",
        ),
        (
            s(rec("digest", &"00".repeat(8), "0000", Value::Null)),
            "missing param 'b'",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"n": -1}))),
            "non-negative integer",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"n": 1.5}))),
            "non-negative integer",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"n": "2"}))),
            "non-negative integer",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"n": 0}))),
            "at least 1",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"n": u64::MAX}))),
            "'n'",
        ),
        (
            s(rec("digest", &"00".repeat(8), "0000", json!({"b": 24}))),
            "param 'b' must be one of",
        ),
        (
            s(rec(
                "digest_trunc",
                &"00".repeat(8),
                "0000",
                json!({"b": 16, "bits": 0}),
            )),
            "param 'bits' must be in 1..=16",
        ),
        (
            s(rec(
                "digest_trunc",
                &"00".repeat(8),
                "0000",
                json!({"b": 16, "bits": 17}),
            )),
            "param 'bits' must be in 1..=16",
        ),
        (
            s(rec("digest_prime", &"00".repeat(64), "", json!({"b": 64}))),
            "param 'b' must be one of 16, 32",
        ),
        (
            s(rec("mmh32", &key2, &msg2, json!({"n": 2}))),
            "takes no params",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!({"m": 2}))),
            "unknown param 'm'",
        ),
        (
            s(rec("mmh32_toeplitz", &key2, &msg2, json!([2]))),
            "'params' must be an object",
        ),
        // Nonces.
        (
            s(json!({"fn": "mmh32", "key": key2, "msg": msg2, "nonce": "00"}).to_string()),
            "fn 'mmh32' takes no nonce",
        ),
        (
            s(json!({"fn": "poly1305_aes", "key": aes_key, "msg": ""}).to_string()),
            "missing field 'nonce'",
        ),
        (
            s(json!({"fn": "poly1305_aes", "key": aes_key, "msg": "", "nonce": "00"}).to_string()),
            "nonce must be 16 bytes",
        ),
        // An r that violates the paper's constraints is an error, not clamped.
        (
            s(
                json!({"fn": "poly1305_aes", "key": unclamped, "msg": "", "nonce": aes_nonce})
                    .to_string(),
            ),
            "invalid key: r is not a Poly1305-AES key",
        ),
        // Not UTF-8.
        (b"{\"fn\": \"mmh32\xff\"}".to_vec(), "UTF-8"),
    ]
}

#[test]
fn malformed_lines_get_one_error_each_and_the_run_goes_on() {
    let good = rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null);
    let good_out = out_line(&le32(&[11]));
    let cases = malformed();
    let mut input = Vec::new();
    for (bad, _) in &cases {
        input.extend_from_slice(bad);
        input.extend_from_slice(b"\n\n");
        input.extend_from_slice(good.as_bytes());
        input.extend_from_slice(b"\n   \r\n");
    }
    let non_blank = input
        .split(|&b| b == b'\n')
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count();
    assert_eq!(non_blank, 2 * cases.len());

    let out = uhash(&["kat", "--impl", "reference"], &input);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), non_blank, "one answer per non-blank line");
    for (i, (bad, fragment)) in cases.iter().enumerate() {
        let bad = String::from_utf8_lossy(bad);
        let err = error_text(lines[2 * i]);
        assert!(
            err.contains(fragment),
            "input {bad}: error {err:?} lacks {fragment:?}"
        );
        assert!(!err.contains("internal error"), "input {bad}: {err}");
        assert_eq!(lines[2 * i + 1], good_out, "the line after {bad}");
    }
}

#[test]
fn extra_fields_are_ignored_and_no_trailing_newline_is_needed() {
    let line = json!({
        "fn": "mmh32", "key": le32(&[1, 2]), "msg": le32(&[3, 4]),
        "out": "ffffffff", "src": "here", "status": 1,
    })
    .to_string();
    assert_eq!(reference(&line), vec![out_line(&le32(&[11]))]);
}

#[test]
fn empty_input_gives_empty_output() {
    assert!(reference("").is_empty());
    assert!(reference("\n \n\t\n").is_empty());
}

// ---------------------------------------------------------------------------
// The default implementation.

/// Every name of the table answers in production: no name is left to the
/// reference alone (the "no production implementation yet" answer exists
/// for names a family has not implemented; today there are none).
#[test]
fn every_name_has_a_production_implementation() {
    let names: Vec<&str> = uhash::kat::FUNCTIONS.iter().map(|e| e.name).collect();
    assert!(names.len() >= 20, "the table lost names: {names:?}");
    let input: String = names
        .iter()
        .map(|name| format!("{}\n", rec(name, "00", "00", Value::Null)))
        .collect();
    let lines = kat(&["--impl", "production"], &input);
    assert_eq!(lines.len(), names.len());
    for (name, line) in names.iter().zip(&lines) {
        assert!(
            !line.contains("no production implementation"),
            "{name}: {line}"
        );
    }
}

// ---------------------------------------------------------------------------
// Flags.

#[test]
fn bad_flags_exit_2() {
    for args in [
        &[][..],
        &["--bogus"],
        &["frobnicate"],
        &["kat", "--bogus"],
        &["kat", "-x"],
        &["kat", "--impl"],
        &["kat", "--impl", "fast"],
        &["kat", "--impl=Reference"],
        &["kat", "extra"],
    ] {
        let out = uhash(args, b"");
        assert_eq!(out.status.code(), Some(2), "uhash {args:?}");
        assert!(!out.stderr.is_empty(), "uhash {args:?}: message on stderr");
        assert!(out.stdout.is_empty(), "uhash {args:?}: nothing on stdout");
    }
}

#[test]
fn help_exits_0() {
    let out = uhash(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Usage: uhash"), "{text}");
    assert!(text.contains("kat"), "{text}");

    let out = uhash(&["kat", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Usage: uhash kat"), "{text}");
    for e in FUNCTIONS {
        assert!(text.contains(e.name), "kat --help lists {}", e.name);
    }
}

// ---------------------------------------------------------------------------
// The library function never panics and always answers one JSON line.

fn check_answer(line: &[u8], imp: Impl) -> Result<(), TestCaseError> {
    let blank = std::str::from_utf8(line).is_ok_and(|s| s.trim().is_empty());
    let Some(answer) = answer_line(line, imp) else {
        prop_assert!(blank, "only blank lines go unanswered");
        return Ok(());
    };
    prop_assert!(!blank);
    prop_assert!(!answer.contains('\n'));
    let v: Value = serde_json::from_str(&answer).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let obj = v
        .as_object()
        .ok_or_else(|| TestCaseError::fail("not an object"))?;
    prop_assert_eq!(obj.len(), 1);
    if let Some(out) = obj.get("out") {
        let out = out.as_str().ok_or_else(|| TestCaseError::fail("out"))?;
        prop_assert!(hex::decode(out).is_ok());
        prop_assert_eq!(out.to_ascii_lowercase(), out);
    } else {
        let err = obj["error"]
            .as_str()
            .ok_or_else(|| TestCaseError::fail("error"))?;
        prop_assert!(!err.contains("internal error"), "{}", err);
    }
    Ok(())
}

fn names() -> impl Strategy<Value = String> {
    let mut all: Vec<String> = FUNCTIONS
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .map(str::to_owned)
        .collect();
    all.push("bogus".to_owned());
    all.push(String::new());
    prop::sample::select(all)
}

fn param_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (0u64..=3).prop_map(Value::from),
        4 => prop::sample::select(vec![8u64, 16, 24, 32, 64, 65]).prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<f64>().prop_map(|f| json!(f)),
        1 => ".{0,4}".prop_map(Value::from),
        1 => Just(Value::Null),
        1 => Just(json!([1])),
    ]
}

/// Byte strings biased to word-multiple lengths.
fn bytes(max_words: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => (0..=max_words, prop::sample::select(vec![2usize, 4, 8]))
            .prop_flat_map(|(n, w)| prop::collection::vec(any::<u8>(), n * w)),
        1 => prop::collection::vec(any::<u8>(), 0..(8 * max_words)),
    ]
}

fn hexish() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => bytes(12).prop_map(|b| Value::from(hex::encode(b))),
        1 => "[0-9a-fA-FxX]{0,9}".prop_map(Value::from),
        1 => Just(Value::Null),
        1 => any::<i32>().prop_map(Value::from),
    ]
}

fn record() -> impl Strategy<Value = Value> {
    (
        names(),
        prop::option::weighted(0.95, hexish()),
        prop::option::weighted(0.95, hexish()),
        prop::option::weighted(0.3, hexish()),
        prop::option::weighted(
            0.6,
            prop::collection::btree_map(
                prop::sample::select(vec!["n", "b", "bits", "x"]),
                param_value(),
                0..=3,
            ),
        ),
    )
        .prop_map(|(name, key, msg, nonce, params)| {
            let mut r = json!({ "fn": name });
            if let Some(k) = key {
                r["key"] = k;
            }
            if let Some(m) = msg {
                r["msg"] = m;
            }
            if let Some(n) = nonce {
                r["nonce"] = n;
            }
            if let Some(p) = params {
                r["params"] =
                    Value::Object(p.into_iter().map(|(k, v)| (k.to_owned(), v)).collect());
            }
            r
        })
}

/// A record shaped for `name` from small numbers: `k` message units, `n`
/// outputs, width `b`, `bits`; the key is `key_delta` bytes off the needed
/// length and the message `msg_delta` bytes off a valid one. Returns the
/// record and, when it is valid, the output length its layout promises.
#[allow(clippy::too_many_arguments)]
fn shaped(
    name: &str,
    k: usize,
    n: usize,
    b: usize,
    bits: usize,
    key_delta: isize,
    msg_delta: isize,
    clamp: bool,
    pool: &[u8],
) -> (Value, Option<usize>) {
    let pairs = k.div_ceil(2) * 2;
    let w = b / 8;
    // (key bytes needed, message bytes, output bytes, params, message length free?)
    let (key_len, msg_len, out_len, params, free_msg) = match name {
        "mmh32" => (4 * k, 4 * k, 4, json!({}), false),
        "mmh32_toeplitz" => (4 * (k + n - 1), 4 * k, 4 * n, json!({"n": n}), false),
        "nmh32" | "nh" => (
            4 * pairs,
            4 * pairs,
            if name == "nh" { 8 } else { 4 },
            json!({}),
            false,
        ),
        "nh_toeplitz" => (
            4 * (pairs + 2 * (n - 1)),
            4 * pairs,
            8 * n,
            json!({"n": n}),
            false,
        ),
        "mmh64" => (8 * k, 8 * k, 8, json!({}), false),
        "digest" => (w * (k + 1), w * k, w, json!({"b": b}), false),
        "digest_mw" => (w * (k + n), w * k, w * n, json!({"b": b, "n": n}), false),
        "digest_trunc" => {
            let bits = 1 + bits % b;
            (
                w * (k + 1),
                w * k,
                bits.div_ceil(8),
                json!({"b": b, "bits": bits}),
                false,
            )
        }
        "digest_prime" => {
            let b = if b == 64 { 32 } else { b };
            (
                (256 + b) / 8 + 10,
                7 * (k - 1),
                b / 8,
                json!({"b": b}),
                true,
            )
        }
        "poly1305" | "poly1305_rfc8439" | "poly1305_aes" => (32, 7 * (k - 1), 16, json!({}), true),
        "dfc_module" => (16, 8, 8, json!({}), false),
        "dfc_hash" => (16, 7 * (k - 1), 8, json!({}), true),
        // DFC keys are used whole (1..=32 bytes): key_delta only shortens or
        // lengthens a 16-byte key, both valid.
        "dfc_encrypt" | "dfc_v1_encrypt" => (16, 16, 16, json!({}), false),
        "expand" => (16, 0, 4 * n, json!({"label": k, "len": 4 * n}), false),
        "wc_mac" => (16, 4 * k, 4 * k, json!({"lane_bits": 32}), false),
        "long_hash" | "long_mac" => (
            16,
            7 * (k - 1),
            4 * n,
            json!({"family": 257, "n": n, "chunk": 8}),
            true,
        ),
        "digest_mw_long_hash" | "digest_mw_long_mac" => (
            16,
            7 * (k - 1),
            4 * n.min(8),
            json!({"n": n.min(8), "chunk": 12}),
            true,
        ),
        "sqh" => (
            4 * (1 + bits % 5),
            4 * (1 + bits % 5),
            4 * (1 + bits % 5) + 4,
            json!({"w": 1 + bits % 5}),
            false,
        ),
        "sqhu" => (
            8 * (1 + bits % 5) + 4,
            4 * (1 + bits % 5),
            4 * (1 + bits % 5) + 4,
            json!({"w": 1 + bits % 5}),
            false,
        ),
        "sqh_star" | "sqh_c" | "sqh_c2" | "sqh_asm" | "sqh_asm2" | "sqh_e" => {
            let w = 1 + bits % 5;
            let zp = matches!(name, "sqh_star" | "sqh_c" | "sqh_c2");
            (
                4 * w * k,
                4 * w * k,
                4 * w + if zp { 4 } else { 0 },
                json!({"w": w}),
                false,
            )
        }
        other => unreachable!("{other}"),
    };
    let key_len = key_len.checked_add_signed(key_delta).unwrap();
    let base_msg_len = msg_len;
    let msg_len = msg_len.saturating_add_signed(msg_delta);
    let mut key = pool[..key_len].to_vec();
    if name == "poly1305_aes" && clamp && key.len() >= 32 {
        for i in [19, 23, 27, 31] {
            key[i] &= 15;
        }
        for i in [20, 24, 28] {
            key[i] &= 252;
        }
    }
    if name == "sqhu" {
        // b's top limb zero: b < 2^(32w) < p, a valid key.
        let w = 1 + bits % 5;
        if let Some(top) = key.get_mut(8 * w..8 * w + 4) {
            top.fill(0);
        }
    }
    let msg = pool[pool.len() - msg_len..].to_vec();
    let mut record = json!({
        "fn": name, "key": hex::encode(&key), "msg": hex::encode(&msg), "params": params,
    });
    if name == "poly1305_aes" {
        record["nonce"] = Value::from(hex::encode(&pool[100..116]));
    }
    if name == "wc_mac" || name == "long_mac" || name == "digest_mw_long_mac" {
        record["nonce"] = Value::from(hex::encode(&pool[100..112]));
    }
    // DFC keys are used whole, and any length from 1 to 32 bytes is valid.
    let key_ok = key_delta >= 0 || name == "dfc_encrypt" || name == "dfc_v1_encrypt";
    let valid =
        key_ok && (free_msg || msg_len == base_msg_len) && (name != "poly1305_aes" || clamp);
    (record, valid.then_some(out_len))
}

fn shaped_record() -> impl Strategy<Value = (Value, Option<usize>)> {
    let names: Vec<&'static str> = FUNCTIONS
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .collect();
    (
        prop::sample::select(names),
        1usize..=6,
        1usize..=4,
        prop::sample::select(vec![16usize, 32, 64]),
        0usize..64,
        prop::sample::select(vec![-1isize, 0, 0, 0, 5]),
        prop::sample::select(vec![-1isize, 0, 0, 0, 1]),
        any::<bool>(),
        prop::collection::vec(any::<u8>(), 256),
    )
        .prop_map(|(name, k, n, b, bits, kd, md, clamp, pool)| {
            shaped(name, k, n, b, bits, kd, md, clamp, &pool)
        })
}

proptest! {
    #[test]
    fn shaped_records_answer_by_their_layout((record, out_len) in shaped_record()) {
        let line = record.to_string();
        check_answer(line.as_bytes(), Impl::Reference)?;
        check_answer(line.as_bytes(), Impl::Production)?;
        let reference = answer_line(line.as_bytes(), Impl::Reference).unwrap();
        // Where production exists, it answers exactly as the reference.
        let name = record["fn"].as_str().unwrap();
        if uhash::kat::lookup(name).unwrap().production.is_some() {
            prop_assert_eq!(answer_line(line.as_bytes(), Impl::Production), Some(reference.clone()));
        }
        let answer: Value = serde_json::from_str(&reference).unwrap();
        match out_len {
            Some(len) => {
                let out = answer["out"].as_str();
                prop_assert!(out.is_some(), "{} -> {}", line, answer);
                prop_assert_eq!(out.unwrap().len(), 2 * len, "{}", line);
            }
            None => prop_assert!(answer.get("error").is_some(), "{} -> {}", line, answer),
        }
    }

    #[test]
    fn any_bytes_get_one_answer(line in prop::collection::vec(any::<u8>(), 0..200)) {
        for imp in Impl::ALL {
            check_answer(&line, imp)?;
        }
    }

    #[test]
    fn any_string_gets_one_answer(line in "\\PC{0,200}") {
        for imp in Impl::ALL {
            check_answer(line.as_bytes(), imp)?;
        }
    }

    #[test]
    fn any_record_gets_one_answer(r in record()) {
        let line = r.to_string();
        for imp in Impl::ALL {
            check_answer(line.as_bytes(), imp)?;
        }
    }

    #[test]
    fn mmh32_matches_the_model(words in prop::collection::vec((any::<u32>(), any::<u32>()), 1..40), extra in 0usize..3) {
        let (key, msg): (Vec<u32>, Vec<u32>) = words.into_iter().unzip();
        let mut long_key = key.clone();
        long_key.extend(std::iter::repeat_n(0xffff_ffff, extra));
        let line = rec("mmh32", &le32(&long_key), &le32(&msg), Value::Null);
        prop_assert_eq!(
            answer_line(line.as_bytes(), Impl::Reference),
            Some(out_line(&le32(&[mmh32_model(&key, &msg)])))
        );
    }
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
        "c83d0fb255d41b4c",
    ),
    (
        r#"{"fn":"digest_mw_long_mac","key":"000102030405060708090a0b0c0d0e0f","nonce":"000102030405060708090a0b","msg":"000102030405060708090a0b0c","params":{"n":8,"chunk":12}}"#,
        "12611043605438f20a8b5bf522c619ed64474044b758ece9892d038dd4701e31",
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
