//! Malformed lines and flags: one answer line each, never a panic, the run
//! goes on (arbitrary input: `arbitrary.rs`).

use serde_json::{Value, json};
use uhash_cli::kat::functions;

use super::common::*;

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
    for e in functions() {
        assert!(text.contains(e.name), "kat --help lists {}", e.name);
    }
}

// ---------------------------------------------------------------------------
// The library function never panics and always answers one JSON line.
