//! Helpers shared by the `uhash kat` tests: running the binary, record
//! builders, word encoders, and the independent models of MMH32/NMH32.
#![allow(dead_code)] // each test file uses a different subset

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

/// The `uhash` binary under test: `$UHASH_KAT_BIN` when set (CI points it
/// at the release build to run the long vectors), else the one Cargo built
/// for these tests.
pub fn uhash_bin() -> std::ffi::OsString {
    std::env::var_os("UHASH_KAT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_uhash").into())
}

/// Runs the `uhash` binary with `args`, feeding `input` on stdin.
pub fn uhash(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(uhash_bin())
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
pub fn kat(args: &[&str], input: &str) -> Vec<String> {
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

pub fn reference(input: &str) -> Vec<String> {
    kat(&["--impl", "reference"], input)
}

/// Hex of 32-bit words, little-endian, word 1 first.
pub fn le32(words: &[u32]) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

/// Hex of 64-bit words, little-endian, word 1 first.
pub fn le64(words: &[u64]) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>(),
    )
}

/// Hex of the low `w` bytes of each word, little-endian (b = 8w-bit words).
pub fn le_w(words: &[u64], w: usize) -> String {
    hex::encode(
        words
            .iter()
            .flat_map(|x| x.to_le_bytes()[..w].to_vec())
            .collect::<Vec<u8>>(),
    )
}

/// One input record.
pub fn rec(name: &str, key: &str, msg: &str, params: Value) -> String {
    let mut r = json!({"fn": name, "key": key, "msg": msg});
    if !params.is_null() {
        r["params"] = params;
    }
    r.to_string()
}

pub fn out_line(hex: &str) -> String {
    json!({ "out": hex }).to_string()
}

/// The `"error"` text of an answer line, or a panic naming the line.
pub fn error_text(line: &str) -> String {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let obj = v.as_object().expect("answer is an object");
    assert_eq!(obj.len(), 1, "answer has exactly one field: {line}");
    obj.get("error")
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("expected an error answer, got {line}"))
        .to_owned()
}

pub const P32: u128 = (1 << 32) + 15;
pub const P64: u128 = (1 << 64) + 13;
pub const M32: u128 = (1 << 32) - 1;

/// MMH32 by Definition 5, in u128: ((Σ m·x mod 2^64) mod p) mod 2^32.
pub fn mmh32_model(key: &[u32], msg: &[u32]) -> u32 {
    let sum: u128 = msg
        .iter()
        .zip(key)
        .map(|(&m, &x)| u128::from(m) * u128::from(x))
        .sum();
    ((sum % (1 << 64)) % P32) as u32
}

/// NMH32 by Definition 10, in u128.
pub fn nmh32_model(key: &[u32], msg: &[u32]) -> u32 {
    let sum: u128 = msg
        .chunks(2)
        .zip(key.chunks(2))
        .map(|(m, x)| u128::from(m[0].wrapping_add(x[0])) * u128::from(m[1].wrapping_add(x[1])))
        .sum();
    ((sum % (1 << 64)) % P32) as u32
}

/// The canonical names a list of input lines covers.
pub fn names_of(lines: &[(String, String)]) -> Vec<String> {
    let mut names: Vec<String> = lines
        .iter()
        .map(|(l, _)| {
            let v: Value = serde_json::from_str(l).unwrap();
            let name = v["fn"].as_str().unwrap().to_owned();
            uhash_cli::kat::lookup(&name).unwrap().name.to_owned()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

pub fn check_vector_file(file: &str, records: usize) {
    check_vector_path(&uhash_testkit::vectors::path(file), records, &[]);
}

/// Pipes a published vector file through `uhash kat` (with `args`, and also
/// with `--impl reference` when `args` is empty) and compares every answer
/// with the record's `out`.
pub fn check_vector_path(path: &Path, records: usize, args: &[&str]) {
    let file = path.display();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let expected: Vec<String> = uhash_testkit::vectors::records(path)
        .iter()
        .map(|v| v["out"].as_str().expect("record has 'out'").to_owned())
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
