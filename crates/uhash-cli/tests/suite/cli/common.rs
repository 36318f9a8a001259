//! What the CLI tests share: running the binary, scratch directories, the
//! test key and its expected tags.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the binary in `dir` with `args`, feeding `input` on stdin.
pub fn run_in<S: AsRef<std::ffi::OsStr>>(dir: &Path, args: &[S], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uhash"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn uhash");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait uhash");
    writer.join().expect("writer");
    out
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh directory under the target dir.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Deterministic test bytes (xorshift64).
pub use uhash_testkit::data::bytes;

/// The Poly1305-AES key of these tests (r satisfies the paper's rules).
pub const KEY: &str = "0f0e0d0c0b0a09080706050403020100000102030405060708090a0b0c0d0e0f";
pub const KEY_R_BAD: &str = "000102030405060708090a0b0c0d0e0fffffffffffffffffffffffffffffffff";
pub const NONCE: &str = "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf";

pub fn expected_poly1305_aes(msg: &[u8], nonce: &[u8]) -> String {
    let k: [u8; 32] = hex::decode(KEY).unwrap().try_into().unwrap();
    let n: [u8; 16] = nonce.try_into().unwrap();
    let tag = uhash::poly1305_aes::Poly1305Aes::new(&k)
        .unwrap()
        .authenticate(&uhash::poly1305_aes::Nonce::from_bytes(n), msg);
    hex::encode(tag.as_bytes())
}

/// Writes `bytes` to a new file at `path` with mode 0600 (as key files
/// must be).
pub fn private_file(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
}

/// The tag and nonce of a `TAG NONCE  NAME` line.
pub fn tag_and_nonce(line: &str) -> (String, Vec<u8>) {
    let line = line.strip_prefix('\\').unwrap_or(line);
    let (tag, rest) = line.split_once(' ').unwrap();
    let (nonce, _) = rest.split_once("  ").unwrap();
    (tag.to_owned(), hex::decode(nonce).unwrap())
}

/// Asserts a failed run: status `code`, stdout empty, and one stderr
/// message containing every piece of `says`.
pub fn assert_fails(out: &Output, code: i32, says: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(out.stdout.is_empty(), "stdout: {}", text(&out.stdout));
    for s in says {
        assert!(err.contains(s), "stderr lacks {s:?}: {err}");
    }
}
