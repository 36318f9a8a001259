//! `--check` lists: the JSON Lines of `--json` read back (names that are
//! not UTF-8 included), and malformed lines reported one by one while the
//! others are still checked.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::Output;

use super::common::*;

/// `uhash mac --json` of `files` in `dir` under the test key (a random
/// nonce per file).
fn mac_json<S: AsRef<OsStr>>(dir: &Path, files: &[S]) -> Vec<u8> {
    let mut args: Vec<OsString> = ["mac", "--alg", "poly1305-aes", "--key-hex", KEY, "--json"]
        .iter()
        .map(OsString::from)
        .collect();
    args.extend(files.iter().map(|f| f.as_ref().to_owned()));
    let out = run_in(dir, &args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    out.stdout
}

/// `uhash verify --check LIST` in `dir` under the test key.
fn verify(dir: &Path, list: &str) -> Output {
    run_in(
        dir,
        &[
            "verify",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--check",
            list,
        ],
        b"",
    )
}

#[test]
fn mac_json_lines_are_checked() {
    let dir = scratch("check-json");
    for (name, body) in [("a b.txt", &b"first"[..]), ("two", b""), ("x\\y", b"3")] {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let list = mac_json(&dir, &["a b.txt", "two", "x\\y"]);
    assert_eq!(list.iter().filter(|&&b| b == b'\n').count(), 3);
    std::fs::write(dir.join("tags.jsonl"), &list).unwrap();
    let out = verify(&dir, "tags.jsonl");
    assert_eq!(
        text(&out.stdout),
        "a b.txt: OK\ntwo: OK\n\\x\\\\y: OK\n",
        "{}",
        text(&out.stderr)
    );
    assert!(out.status.success());
    // `mac --check` reads them too, and JSON and text lines mix.
    let text_line = run_in(
        &dir,
        &["mac", "--alg", "poly1305-aes", "--key-hex", KEY, "two"],
        b"",
    );
    let mut mixed = text_line.stdout.clone();
    mixed.extend_from_slice(&list);
    std::fs::write(dir.join("mixed"), &mixed).unwrap();
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--quiet",
            "--check",
            "mixed",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());

    // A tampered file, and a tampered tag, fail.
    std::fs::write(dir.join("two"), b"changed").unwrap();
    let out = verify(&dir, "tags.jsonl");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "a b.txt: OK\ntwo: FAILED\n\\x\\\\y: OK\n"
    );
    assert!(text(&out.stderr).contains("1 of 3 tags did NOT verify: two"));
    std::fs::write(dir.join("two"), b"").unwrap();
    let v: serde_json::Value = serde_json::from_slice(&mac_json(&dir, &["two"])).unwrap();
    let tag = v["tag"].as_str().unwrap();
    let flipped = format!(
        "{}{}",
        if tag.starts_with('0') { "1" } else { "0" },
        &tag[1..]
    );
    let line = serde_json::to_string(&v).unwrap().replace(tag, &flipped);
    std::fs::write(dir.join("forged.jsonl"), line).unwrap();
    let out = verify(&dir, "forged.jsonl");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "two: FAILED\n");
}

/// `hash --json` lines are read back by `hash --check`.
#[test]
fn hash_json_lines_are_checked() {
    let dir = scratch("check-json-hash");
    std::fs::write(dir.join("f"), b"data").unwrap();
    let key = "00112233445566778899aabbccddeeff";
    let hash = |extra: &[&str]| {
        let mut a = vec!["hash", "--alg", "mmh32x4", "--key-hex", key];
        a.extend(extra);
        run_in(&dir, &a, b"")
    };
    let out = hash(&["--json", "f"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(dir.join("h.jsonl"), &out.stdout).unwrap();
    let out = hash(&["--check", "h.jsonl"]);
    assert_eq!(text(&out.stdout), "f: OK\n", "{}", text(&out.stderr));
    std::fs::write(dir.join("f"), b"Data").unwrap();
    let out = hash(&["--check", "h.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "f: FAILED\n");
}

/// A name that is not UTF-8 has its bytes in `file_hex`, and `--check`
/// opens exactly that file.
#[cfg(unix)]
#[test]
fn json_names_that_are_not_utf8_are_checked() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("check-json-bytes");
    let name = OsStr::from_bytes(b"bad\xff\xfe.bin");
    // Its U+FFFD form names another file, which must not be the one read.
    let lossy = name.to_string_lossy().into_owned();
    std::fs::write(dir.join(name), b"the real one").unwrap();
    std::fs::write(dir.join(&lossy), b"a decoy").unwrap();
    let list = mac_json(&dir, &[name]);
    let v: serde_json::Value = serde_json::from_slice(&list).unwrap();
    assert_eq!(v["file"], lossy.as_str());
    assert_eq!(v["file_hex"], hex::encode(name.as_bytes()));
    std::fs::write(dir.join("tags.jsonl"), &list).unwrap();
    let out = verify(&dir, "tags.jsonl");
    assert_eq!(
        text(&out.stdout),
        "\\bad\\xff\\xfe.bin: OK\n",
        "{}",
        text(&out.stderr)
    );
    std::fs::write(dir.join(name), b"the real one, changed").unwrap();
    let out = verify(&dir, "tags.jsonl");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "\\bad\\xff\\xfe.bin: FAILED\n");
}

/// A malformed line is reported with its number; the lines after it are
/// still checked and printed; the exit status is 1 and the last message
/// counts the malformed lines (as `sha256sum --check --strict`).
#[test]
fn malformed_lines_are_counted_and_the_rest_checked() {
    let dir = scratch("check-malformed");
    for name in ["a", "b", "c"] {
        std::fs::write(dir.join(name), name).unwrap();
    }
    let good = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "a",
            "b",
            "c",
        ],
        b"",
    );
    assert!(good.status.success(), "{}", text(&good.stderr));
    let lines: Vec<&str> = std::str::from_utf8(&good.stdout).unwrap().lines().collect();
    let list = format!(
        "{}\nnot a line\n{}\n{{\"tag\":\"00\"}}\n\n{}\n",
        lines[0], lines[1], lines[2]
    );
    std::fs::write(dir.join("tags"), list).unwrap();
    let out = verify(&dir, "tags");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(text(&out.stdout), "a: OK\nb: OK\nc: OK\n");
    assert!(err.contains("tags:2: malformed line"), "{err}");
    assert!(
        err.contains("tags:4: malformed line: \"tag\" must be"),
        "{err}"
    );
    assert!(
        err.trim_end()
            .ends_with("tags: 2 lines are improperly formatted"),
        "{err}"
    );
    assert!(!err.contains("did NOT verify"), "{err}");

    // With a failure too: both are said; one malformed line is "1 line".
    std::fs::write(dir.join("b"), "B").unwrap();
    std::fs::write(
        dir.join("tags"),
        format!("{}\n{}\nzz\n{}\n", lines[0], lines[1], lines[2]),
    )
    .unwrap();
    let out = verify(&dir, "tags");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(text(&out.stdout), "a: OK\nb: FAILED\nc: OK\n");
    assert!(err.contains("tags:3: malformed line"), "{err}");
    assert!(err.contains("1 of 3 tags did NOT verify: b"), "{err}");
    assert!(
        err.contains("tags: 1 line is improperly formatted"),
        "{err}"
    );

    // Only malformed lines: nothing to check, still counted.
    std::fs::write(dir.join("tags"), "zz\nyy\n").unwrap();
    let out = verify(&dir, "tags");
    assert_fails(
        &out,
        1,
        &["tags:1:", "tags:2:", "2 lines are improperly formatted"],
    );
}
