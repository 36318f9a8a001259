//! File names that try to fool a terminal (escapes in `TAG  NAME` lines,
//! `--check` results and messages), and counts too large to run (`--threads`,
//! `epsilon --samples`): exit status 2 and a message, at once.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::Output;

use super::common::{assert_fails, run_in, scratch, text};

/// The key of `mmh32x4` (the keyed hash of these tests).
const HASH_KEY: &str = "00112233445566778899aabbccddeeff";

/// Asserts that `bytes` hold no control character other than `\n` and
/// no C1 or bidirectional control (as UTF-8).
fn assert_inert(what: &str, bytes: &[u8]) {
    assert!(
        !bytes.iter().any(|&b| (b < 0x20 && b != b'\n') || b == 0x7f),
        "{what} holds a control byte: {bytes:?}"
    );
    let s = String::from_utf8_lossy(bytes);
    assert!(
        !s.chars().any(|c| matches!(c, '\u{80}'..='\u{9f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}')),
        "{what} holds a C1 or bidi control: {s:?}"
    );
}

/// Hashes the file `name` in `dir`; returns its list line.
fn hash_line(dir: &Path, name: &OsStr) -> Vec<u8> {
    let out = run_in(
        dir,
        &[
            OsStr::new("hash"),
            "--alg".as_ref(),
            "mmh32x4".as_ref(),
            "--key-hex".as_ref(),
            HASH_KEY.as_ref(),
            name,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    out.stdout
}

/// `--check` of the list `lines` in `dir`.
fn check(dir: &Path, lines: &[u8]) -> Output {
    std::fs::write(dir.join("list"), lines).unwrap();
    run_in(
        dir,
        &[
            "hash",
            "--alg",
            "mmh32x4",
            "--key-hex",
            HASH_KEY,
            "--check",
            "list",
        ],
        b"",
    )
}

/// The attack of the finding: a file named `good.txt: OK` + ESC [8m (the
/// rest of the line invisible) whose hash does not match shows FAILED,
/// escaped, whether the list was written by uhash (escaped) or by hand
/// (the raw bytes).
#[cfg(unix)]
#[test]
fn a_name_with_a_terminal_escape_cannot_hide_failed() {
    let dir = scratch("esc");
    let evil = OsStr::new("good.txt: OK\x1b[8m");
    std::fs::write(dir.join(evil), b"original").unwrap();
    let line = hash_line(&dir, evil);
    assert_inert("the hash line", &line);
    let line = text(&line);
    assert!(line.starts_with('\\'), "{line:?}");
    assert!(line.ends_with("  good.txt: OK\\x1b[8m\n"), "{line:?}");

    // Read back as written: OK.
    let out = check(&dir, line.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "\\good.txt: OK\\x1b[8m: OK\n");

    // The file changed: FAILED, visibly.
    std::fs::write(dir.join(evil), b"tampered").unwrap();
    let out = check(&dir, line.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_inert("stdout", &out.stdout);
    assert_inert("stderr", &out.stderr);
    assert_eq!(text(&out.stdout), "\\good.txt: OK\\x1b[8m: FAILED\n");
    assert!(text(&out.stderr).contains("did NOT verify: good.txt: OK\\x1b[8m"));

    // A list written by hand with the raw ESC byte (no leading backslash).
    let hash = &line[1..line.find(' ').unwrap()];
    let mut raw = format!("{hash}  ").into_bytes();
    raw.extend_from_slice(evil.as_encoded_bytes());
    raw.push(b'\n');
    let out = check(&dir, &raw);
    assert_eq!(out.status.code(), Some(1));
    assert_inert("stdout", &out.stdout);
    assert_eq!(text(&out.stdout), "\\good.txt: OK\\x1b[8m: FAILED\n");

    // Missing: the error in the FAILED line and on stderr is escaped too.
    std::fs::remove_file(dir.join(evil)).unwrap();
    let out = check(&dir, line.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_inert("stdout", &out.stdout);
    assert_inert("stderr", &out.stderr);
    assert!(
        text(&out.stdout)
            .starts_with("\\good.txt: OK\\x1b[8m: FAILED (good.txt: OK\\x1b[8m: No such file"),
        "{}",
        text(&out.stdout)
    );
}

/// A right-to-left override (`evil` U+202E `txt.exe` shows as
/// `evilexe.txt`) and a C1 control (U+009B, CSI on some terminals) are
/// written as their UTF-8 bytes `\xHH` and read back.
#[cfg(unix)]
#[test]
fn bidi_and_c1_names_are_escaped_and_read_back() {
    let dir = scratch("bidi");
    for (name, shown) in [
        ("evil\u{202E}txt.exe", "evil\\xe2\\x80\\xaetxt.exe"),
        ("c1\u{9b}31mred", "c1\\xc2\\x9b31mred"),
        (
            "iso\u{2066}late\u{2069}",
            "iso\\xe2\\x81\\xa6late\\xe2\\x81\\xa9",
        ),
    ] {
        let name = OsStr::new(name);
        std::fs::write(dir.join(name), name.as_encoded_bytes()).unwrap();
        let line = hash_line(&dir, name);
        assert_inert("the hash line", &line);
        let line = text(&line);
        assert!(line.starts_with('\\') && line.ends_with(&format!("  {shown}\n")));
        let out = check(&dir, line.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), format!("\\{shown}: OK\n"));
    }
}

/// A name that is not UTF-8: every invalid byte as `\xHH`, read back to
/// the same bytes.
#[cfg(unix)]
#[test]
fn invalid_utf8_names_round_trip() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("utf8");
    let name = OsStr::from_bytes(b"bad\xff\xfe name\xc3.bin");
    let made = std::fs::write(dir.join(name), b"x");
    // Linux file systems take any bytes: there the test must run.
    if cfg!(target_os = "linux") {
        made.unwrap();
    } else if made.is_err() {
        eprintln!("this file system refuses names that are not UTF-8: skipped");
        return;
    }
    let line = hash_line(&dir, name);
    assert_inert("the hash line", &line);
    let line = text(&line);
    assert!(
        line.ends_with("  bad\\xff\\xfe name\\xc3.bin\n"),
        "{line:?}"
    );
    let out = check(&dir, line.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "\\bad\\xff\\xfe name\\xc3.bin: OK\n");
}

/// Messages that name a file or a list escape it.
#[test]
fn messages_escape_names() {
    let dir = scratch("msg");
    let missing = "gone\x1b]0;title\x07.txt";
    let out = run_in(
        &dir,
        &["hash", "--alg", "mmh32x4", "--key-hex", HASH_KEY, missing],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_inert("stderr", &out.stderr);
    assert!(
        text(&out.stderr).contains("gone\\x1b]0;title\\x07.txt: "),
        "{}",
        text(&out.stderr)
    );
    let out = run_in(
        &dir,
        &[
            "hash",
            "--alg",
            "mmh32x4",
            "--key-hex",
            HASH_KEY,
            "--check",
            missing,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_inert("stderr", &out.stderr);
    assert!(text(&out.stderr).contains("gone\\x1b]0;title\\x07.txt: "));
}

/// Names with a backslash or a newline are written as before (`\\`,
/// `\n`), so lists of earlier versions still read.
#[cfg(unix)]
#[test]
fn old_escapes_are_unchanged() {
    let dir = scratch("old");
    let name = OsStr::new("a\\b\nc");
    std::fs::write(dir.join(name), b"old").unwrap();
    let line = hash_line(&dir, name);
    assert_eq!(text(&line).split("  ").nth(1), Some("a\\\\b\\nc\n"));
    let out = check(&dir, &line);
    assert_eq!(text(&out.stdout), "\\a\\\\b\\nc: OK\n");
}

/// Asserts a usage error (exit 2, nothing on stdout) naming every piece of
/// `says`: the count is refused before anything starts.
fn assert_usage<S: AsRef<OsStr>>(args: &[S], says: &[&str]) {
    assert_fails(&run_in(&scratch("usage"), args, b""), 2, says);
}

#[test]
fn too_many_threads_is_a_usage_error() {
    for n in ["20000", "2000", "1025"] {
        for cmd in ["hash", "verify"] {
            let alg = if cmd == "hash" {
                "mmh32x4"
            } else {
                "poly1305-aes"
            };
            let mut args: Vec<OsString> = vec![cmd.into(), "--alg".into(), alg.into()];
            args.push("--key-hex".into());
            if cmd == "hash" {
                args.extend([HASH_KEY.into(), "--threads".into(), n.into(), "-".into()]);
            } else {
                args.extend([
                    "0f0e0d0c0b0a09080706050403020100000102030405060708090a0b0c0d0e0f".into(),
                    "--check".into(),
                    "-".into(),
                    "--threads".into(),
                    n.into(),
                ]);
            }
            assert_usage(
                &args,
                &[&format!("--threads {n}"), "limit of", "at most 1024"],
            );
        }
    }
    // Within the cap (4 per core, so 4 on any machine): runs.
    let dir = scratch("threads");
    let out = run_in(
        &dir,
        &[
            "hash",
            "--alg",
            "mmh32x4",
            "--key-hex",
            HASH_KEY,
            "--threads",
            "4",
        ],
        b"abc",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn too_many_samples_is_a_usage_error() {
    for n in ["18446744073709551615", "1099511627777"] {
        assert_usage(
            &["epsilon", "mmh", "--bits", "8", "--samples", n],
            &[&format!("--samples {n}"), "limit of 2^40"],
        );
    }
}
