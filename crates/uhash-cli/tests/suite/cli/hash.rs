//! Every algorithm through `keygen` and its key file, check lists of
//! hashes, `algs`, and the `kat` and `epsilon` commands as a user runs
//! them.

use super::common::*;
use uhash_cli::alg;

#[test]
fn hash_every_family_and_keygen() {
    let dir = scratch("hash");
    let msg = bytes(300_000, 9);
    std::fs::write(dir.join("m"), &msg).unwrap();
    let out = run_in(&dir, &["hash", "--help"], b"");
    assert!(text(&out.stdout).contains("not a checksum"));
    assert!(text(&out.stdout).contains("secret"));
    for a in alg::all() {
        // A key file from `keygen --out`; mac and hash take its algorithm
        // from it (no --alg).
        let file = format!("{}.key", a.name);
        let out = run_in(&dir, &["keygen", "--alg", a.name, "--out", &file], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line = std::fs::read_to_string(dir.join(&file)).unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..3], ["uhash-key", "v1", a.name], "{line}");
        let key = hex::decode(words[3]).unwrap();
        assert_eq!(key.len(), a.key_bytes, "{}", a.name);
        let nonce = hex::encode(bytes(a.nonce_bytes, 5));
        let want = hex::encode(
            a.key(&key)
                .unwrap()
                .compute(&hex::decode(&nonce).unwrap(), &msg)
                .unwrap(),
        );
        let args: Vec<&str> = match a.kind {
            alg::Kind::Mac => vec!["mac", "--key-file", &file, "--nonce", &nonce, "m"],
            alg::Kind::Hash => vec!["hash", "--key-file", &file, "m"],
        };
        let out = run_in(&dir, &args, b"");
        assert_eq!(
            text(&out.stdout),
            format!("{want}  m\n"),
            "{}: {}",
            a.name,
            text(&out.stderr)
        );
        // The streaming path (a pipe) gives the same.
        let out = run_in(&dir, &args[..args.len() - 1], &msg);
        assert_eq!(
            text(&out.stdout),
            format!("{want}  -\n"),
            "{} from a pipe",
            a.name
        );
    }
    // Check lists of hashes.
    let key = "00112233445566778899aabbccddeeff";
    let out = run_in(
        &dir,
        &["hash", "--alg", "mmh32x4", "--key-hex", key, "m"],
        b"",
    );
    std::fs::write(dir.join("sums"), &out.stdout).unwrap();
    let out = run_in(
        &dir,
        &[
            "hash",
            "--alg",
            "mmh32x4",
            "--key-hex",
            key,
            "--check",
            "sums",
        ],
        b"",
    );
    assert_eq!(text(&out.stdout), "m: OK\n");
    let out = run_in(&dir, &["algs"], b"");
    for a in alg::all() {
        assert!(text(&out.stdout).contains(a.name));
    }
}

#[test]
fn kat_and_epsilon_keep_their_behaviour() {
    let dir = scratch("kat");
    let out = run_in(
        &dir,
        &["kat", "--impl=reference"],
        b"{\"fn\":\"mmh32\",\"key\":\"0100000002000000\",\"msg\":\"0300000004000000\"}\nnot json\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    assert!(t.starts_with("{\"out\":\"0b000000\"}\n{\"error\":"), "{t}");
    let out = run_in(&dir, &["epsilon", "--help"], b"");
    assert!(text(&out.stdout).contains("Families:"));
    let out = run_in(
        &dir,
        &["epsilon", "digest", "--exhaustive", "--samples", "5"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
}
