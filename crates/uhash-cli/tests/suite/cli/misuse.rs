//! The misuse findings of SECURITY.md performed against the tool: each test
//! is the attack (or the step a user takes by mistake), and fails on a tool
//! that lets it through. The library halves (the nonce store's every
//! single-byte change and generation wrap, the Wegman–Carter key
//! separation, UMAC's nonce length) are tested in their crates.

use std::collections::BTreeSet;
use std::path::Path;

use super::common::*;

/// `uhash keygen --alg ALG --out NAME` in `dir`.
fn keygen(dir: &Path, alg: &str, name: &str) {
    let out = run_in(dir, &["keygen", "--alg", alg, "--out", name], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "the key went to stdout");
}

/// The nonces of the `TAG NONCE  FILE` lines of a successful run.
fn nonces_of(out: &std::process::Output) -> Vec<Vec<u8>> {
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| tag_and_nonce(l).1)
        .collect()
}

/// Finding 1: a second nonce file made for the same key started at nonce
/// 0, so two runs tagged under one nonce (r was recovered from the two
/// tags). Now each file starts at a random point, and a file serves one
/// key and one algorithm.
#[test]
fn two_nonce_files_for_one_key_share_no_nonce() {
    let dir = scratch("misuse-two-files");
    keygen(&dir, "poly1305-aes", "k");
    std::fs::write(dir.join("empty"), b"").unwrap();
    std::fs::write(dir.join("one"), b"1").unwrap();
    let mut seen = BTreeSet::new();
    for (file, input) in [("a.n", "empty"), ("b.n", "one"), ("c.n", "empty")] {
        let out = run_in(
            &dir,
            &["mac", "--key-file", "k", "--new-nonce-file", file, input],
            b"",
        );
        for n in nonces_of(&out) {
            assert!(seen.insert(n), "{file}: a nonce of another file again");
        }
        // Going on with the file hands out nonces of neither file again.
        let out = run_in(
            &dir,
            &["mac", "--key-file", "k", "--nonce-file", file, input, input],
            b"",
        );
        for n in nonces_of(&out) {
            assert!(seen.insert(n), "{file}: a nonce again");
        }
    }

    // Another key, or a key for another algorithm, is refused and nothing
    // is written.
    keygen(&dir, "poly1305-aes", "k2");
    keygen(&dir, "nhx4-mac", "nh");
    let before = std::fs::read(dir.join("a.n")).unwrap();
    for (key, says) in [("k2", "another key"), ("nh", "poly1305-aes")] {
        let out = run_in(
            &dir,
            &["mac", "--key-file", key, "--nonce-file", "a.n", "one"],
            b"",
        );
        assert_fails(&out, 1, &["nonce file a.n", says]);
        assert_eq!(std::fs::read(dir.join("a.n")).unwrap(), before, "{key}");
    }
}

/// Finding 2: one flipped byte of the newest record made the next run fall
/// back to the older record and reuse a nonce. Now every single-byte
/// change of a nonce file's records is refused or continues above every
/// nonce handed out (each trial on its own copy: restoring a copy is the
/// backup case that no file can detect).
#[test]
fn a_damaged_nonce_file_never_rolls_back() {
    let dir = scratch("misuse-flip");
    keygen(&dir, "nhx4-mac", "k");
    std::fs::write(dir.join("m"), b"message").unwrap();
    let args = |nf: &str, new: bool| {
        let opt = if new {
            "--new-nonce-file"
        } else {
            "--nonce-file"
        };
        run_in(&dir, &["mac", "--key-file", "k", opt, nf, "m", "m"], b"")
    };
    let counter = |n: &[u8]| {
        let mut b = [0u8; 16];
        b[..n.len()].copy_from_slice(n);
        u128::from_le_bytes(b)
    };
    let mut issued: Vec<u128> = nonces_of(&args("n", true))
        .iter()
        .map(|n| counter(n))
        .collect();
    issued.extend(nonces_of(&args("n", false)).iter().map(|n| counter(n)));
    let top = *issued.iter().max().unwrap();
    let good = std::fs::read(dir.join("n")).unwrap();
    // Every byte of both records (168 bytes at offsets 0 and 4096; the
    // library's own test changes every byte of the file), two kinds of
    // change each.
    let (mut refused, mut went_on) = (0, 0);
    for slot in [0usize, 4096] {
        for at in slot..slot + 168 {
            for flip in [0x01u8, 0xff] {
                let mut bad = good.clone();
                bad[at] ^= flip;
                std::fs::write(dir.join("t"), &bad).unwrap();
                let out = args("t", false);
                if out.status.success() {
                    for n in nonces_of(&out) {
                        assert!(
                            counter(&n) > top,
                            "byte {at} ^ {flip:#x}: nonce rolled back"
                        );
                    }
                    went_on += 1;
                } else {
                    assert_fails(&out, 1, &["nonce file t"]);
                    refused += 1;
                }
            }
        }
    }
    assert_eq!(refused + went_on, 4 * 168);
    assert!(went_on > 0, "every change was refused: {refused}");
}

/// Finding 4: one key for a hash and a MAC gave the pad (tag − hash) and a
/// forgery, or the key. Key files name their algorithm and every other use
/// is refused.
#[test]
fn a_key_file_serves_its_algorithm_only() {
    let dir = scratch("misuse-typed");
    std::fs::write(dir.join("f"), b"file").unwrap();
    for (made_for, misuse, says) in [
        (
            "mmh32x4-mac",
            &["hash", "--alg", "mmh32x4"][..],
            "a key for mmh32x4-mac",
        ),
        ("mmh32x4-mac", &["hash"], "not a keyed hash"),
        (
            "mmh32x4-mac",
            &["mac", "--alg", "nhx4-mac"],
            "not for nhx4-mac",
        ),
        (
            "poly1305-aes",
            &["hash", "--alg", "poly1305"],
            "a key for poly1305-aes",
        ),
        ("dfc-mac", &["hash", "--alg", "dfc"], "a key for dfc-mac"),
        (
            "mmh32x4",
            &["mac", "--alg", "mmh32x4-mac"],
            "a key for mmh32x4",
        ),
        ("mmh32x4", &["mac"], "not a MAC"),
        ("umac64", &["mac", "--alg", "umac128"], "a key for umac64"),
    ] {
        let _ = std::fs::remove_file(dir.join("key"));
        keygen(&dir, made_for, "key");
        let mut args = misuse.to_vec();
        args.extend(["--key-file", "key", "f"]);
        let out = run_in(&dir, &args, b"");
        assert!(!out.status.success(), "{made_for} used as {misuse:?}");
        assert!(out.stdout.is_empty());
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
    // A raw key names no algorithm: --alg is required.
    private_file(&dir.join("raw"), KEY.as_bytes());
    assert_fails(
        &run_in(&dir, &["mac", "--key-file", "raw", "f"], b""),
        2,
        &["raw key", "--alg"],
    );
    assert_fails(
        &run_in(&dir, &["mac", "--key-hex", KEY, "f"], b""),
        2,
        &["raw key", "--alg"],
    );
}

/// Lane-wise `a − b` (or `a + b`) modulo 2^(8·lane) of little-endian lanes.
fn lanes(a: &[u8], b: &[u8], lane: usize, sub: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for (x, y) in a.chunks(lane).zip(b.chunks(lane)) {
        let (mut xa, mut ya) = ([0u8; 16], [0u8; 16]);
        xa[..lane].copy_from_slice(x);
        ya[..lane].copy_from_slice(y);
        let (x, y) = (u128::from_le_bytes(xa), u128::from_le_bytes(ya));
        let v = if sub {
            x.wrapping_sub(y)
        } else {
            x.wrapping_add(y)
        };
        out.extend_from_slice(&v.to_le_bytes()[..lane]);
    }
    out
}

/// Finding 4 in the library: even with one raw seed given to a hash and to
/// its Wegman–Carter MAC (the user's responsibility, but the attack of the
/// finding), tag − hash is no longer the pad: the MAC keys its hash under
/// a MAC-specific label, so the "forged" tag fails.
#[test]
fn a_raw_seed_for_a_hash_and_its_mac_gives_no_pad() {
    let dir = scratch("misuse-pad");
    let seed = "000102030405060708090a0b0c0d0e0f";
    let nonce = "a0a1a2a3a4a5a6a7a8a9aaab";
    std::fs::write(dir.join("m1"), b"the first message").unwrap();
    std::fs::write(dir.join("m3"), b"the attacker's message").unwrap();
    for (hash, mac, lane) in [
        ("mmh32x4", "mmh32x4-mac", 4),
        ("nhx4", "nhx4-mac", 8),
        ("sqhasm2x64", "sqhasm2x64-mac", 8),
        ("digestmw64", "digestmw64-mac", 4),
    ] {
        let out_of = |args: &[&str]| {
            let out = run_in(&dir, args, b"");
            assert!(out.status.success(), "{}", text(&out.stderr));
            hex::decode(text(&out.stdout).split_whitespace().next().unwrap()).unwrap()
        };
        let h1 = out_of(&["hash", "--alg", hash, "--key-hex", seed, "m1"]);
        let h3 = out_of(&["hash", "--alg", hash, "--key-hex", seed, "m3"]);
        let t1 = out_of(&[
            "mac",
            "--alg",
            mac,
            "--key-hex",
            seed,
            "--nonce",
            nonce,
            "m1",
        ]);
        let forged = lanes(&h3, &lanes(&t1, &h1, lane, true), lane, false);
        std::fs::write(
            dir.join("list"),
            format!("{} {nonce}  m3\n", hex::encode(&forged)),
        )
        .unwrap();
        let out = run_in(
            &dir,
            &["verify", "--alg", mac, "--key-hex", seed, "--check", "list"],
            b"",
        );
        assert_eq!(out.status.code(), Some(1), "{mac}: the forgery verified");
        assert_eq!(text(&out.stdout), "m3: FAILED\n", "{mac}");
    }
}

/// Finding 6: keys left readable, a key at the umask, `--key-file -`, an
/// unclamped Poly1305-AES r.
#[test]
fn key_files_are_private_and_keys_come_from_where_they_are_asked() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("misuse-keys");
    std::fs::write(dir.join("f"), b"file").unwrap();
    keygen(&dir, "poly1305-aes", "k");
    let mode = |p: &str| std::fs::metadata(dir.join(p)).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode("k"), 0o600);
    // Never overwritten.
    let key = std::fs::read(dir.join("k")).unwrap();
    assert_fails(
        &run_in(&dir, &["keygen", "--out", "k"], b""),
        1,
        &["key file k", "exists"],
    );
    assert_eq!(std::fs::read(dir.join("k")).unwrap(), key);
    // Readable by others: refused, saying what to do.
    let mac = |args: &[&str], stdin: &[u8]| {
        let mut a = vec!["mac", "--nonce", NONCE];
        a.extend(args);
        run_in(&dir, &a, stdin)
    };
    let want = text(&mac(&["--key-file", "k", "f"], b"").stdout);
    assert!(want.ends_with("  f\n"), "{want}");
    for m in [0o644, 0o640, 0o604, 0o660] {
        std::fs::set_permissions(dir.join("k"), std::fs::Permissions::from_mode(m)).unwrap();
        assert_fails(
            &mac(&["--key-file", "k", "f"], b""),
            1,
            &["key file k", "group or others", "chmod 600 k"],
        );
    }
    std::fs::set_permissions(dir.join("k"), std::fs::Permissions::from_mode(0o400)).unwrap();
    assert_eq!(text(&mac(&["--key-file", "k", "f"], b"").stdout), want);
    // `--key-file -` reads standard input, unless an input does.
    assert_eq!(text(&mac(&["--key-file", "-", "f"], &key).stdout), want);
    assert_fails(&mac(&["--key-file", "-"], &key), 2, &["--key-file -"]);
    assert_fails(
        &mac(&["--key-file", "-", "f", "-"], &key),
        2,
        &["--key-file -"],
    );
    // `uhash keygen > file` at a umask of 022: the key is written, with a
    // warning naming --out.
    let exposed = std::fs::File::create(dir.join("exposed")).unwrap();
    std::fs::set_permissions(dir.join("exposed"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_uhash"))
        .arg("keygen")
        .stdout(exposed)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(text(&out.stderr).contains("--out"), "{}", text(&out.stderr));
    // 32 random bytes as a Poly1305-AES key: r has bits the paper requires
    // to be 0. Refused with the way out; --clamp clears them.
    let raw = "ff".repeat(32);
    assert_fails(
        &mac(&["--alg", "poly1305-aes", "--key-hex", &raw, "f"], b""),
        1,
        &["uhash keygen", "--clamp"],
    );
    let clamped = format!("{}ffffff0ffcffff0ffcffff0ffcffff0f", "ff".repeat(16));
    let with_clamp = mac(
        &["--alg", "poly1305-aes", "--clamp", "--key-hex", &raw, "f"],
        b"",
    );
    let plain = mac(&["--alg", "poly1305-aes", "--key-hex", &clamped, "f"], b"");
    assert!(with_clamp.status.success(), "{}", text(&with_clamp.stderr));
    assert_eq!(with_clamp.stdout, plain.stdout);
    assert_fails(
        &mac(
            &["--alg", "nhx4-mac", "--clamp", "--key-hex", &raw[..32], "f"],
            b"",
        ),
        2,
        &["--clamp", "poly1305-aes"],
    );
}

/// UMAC's 8-byte nonces are too short to draw at random: refused, naming
/// the nonce file; with one, nonces are 8 bytes and never repeat.
#[test]
fn umac_takes_a_nonce_file_not_random_nonces() {
    let dir = scratch("misuse-umac");
    keygen(&dir, "umac64", "k");
    std::fs::write(dir.join("f"), b"file").unwrap();
    assert_fails(
        &run_in(&dir, &["mac", "--key-file", "k", "f"], b""),
        2,
        &["umac64", "--nonce-file"],
    );
    let out = run_in(
        &dir,
        &["mac", "--key-file", "k", "--new-nonce-file", "n", "f", "f"],
        b"",
    );
    let n = nonces_of(&out);
    assert!(n.iter().all(|n| n.len() == 8) && n[0] != n[1]);
    std::fs::write(dir.join("tags"), &out.stdout).unwrap();
    let out = run_in(&dir, &["verify", "--key-file", "k", "--check", "tags"], b"");
    assert_eq!(text(&out.stdout), "f: OK\nf: OK\n", "{}", text(&out.stderr));
}

/// The default MAC run: random nonces that verify, and lines that carry
/// them.
#[test]
fn random_nonces_by_default_verify() {
    let dir = scratch("misuse-random");
    keygen(&dir, "poly1305-aes", "k");
    std::fs::write(dir.join("f"), b"file").unwrap();
    let out = run_in(&dir, &["mac", "--key-file", "k", "f", "f", "f"], b"");
    let n: BTreeSet<Vec<u8>> = nonces_of(&out).into_iter().collect();
    assert_eq!(n.len(), 3);
    std::fs::write(dir.join("tags"), &out.stdout).unwrap();
    let out = run_in(&dir, &["verify", "--key-file", "k", "--check", "tags"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let help = text(&run_in(&dir, &["mac", "--help"], b"").stdout);
    assert!(help.contains("2^-32 after 2^32 tags"), "{help}");
}

/// A nonce file of uhash 0.1's format has no key check value: it is
/// refused, naming the explicit step that binds it to the key, which keeps
/// its bound.
#[test]
fn an_old_nonce_file_is_adopted_only_when_asked() {
    let dir = scratch("misuse-adopt");
    keygen(&dir, "poly1305-aes", "k");
    std::fs::write(dir.join("f"), b"file").unwrap();
    // Format 1: "UHPNONCE" ‖ LE32(1) ‖ 0⁴ ‖ LE128(B) ‖ LE128(¬B).
    let bound: u128 = 1000;
    let mut old = b"UHPNONCE".to_vec();
    old.extend(1u32.to_le_bytes());
    old.extend([0; 4]);
    old.extend(bound.to_le_bytes());
    old.extend((!bound).to_le_bytes());
    std::fs::write(dir.join("old.n"), &old).unwrap();
    assert_fails(
        &run_in(
            &dir,
            &["mac", "--key-file", "k", "--nonce-file", "old.n", "f"],
            b"",
        ),
        1,
        &["nonce file old.n", "--adopt-nonce-file"],
    );
    assert_eq!(std::fs::read(dir.join("old.n")).unwrap(), old);
    let first = nonces_of(&run_in(
        &dir,
        &["mac", "--key-file", "k", "--adopt-nonce-file", "old.n", "f"],
        b"",
    ));
    let next = nonces_of(&run_in(
        &dir,
        &["mac", "--key-file", "k", "--nonce-file", "old.n", "f"],
        b"",
    ));
    let counter = |n: &[u8]| u128::from_le_bytes(n.try_into().unwrap());
    assert_eq!((counter(&first[0]), counter(&next[0])), (bound, bound + 1));
}
