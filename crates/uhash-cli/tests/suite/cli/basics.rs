//! Output lines, nonce files, bad input (one message naming the problem,
//! non-zero exit, nothing on stdout).

use super::common::*;

#[test]
fn mac_one_file_with_a_nonce_like_sha256sum() {
    let dir = scratch("one");
    let msg = bytes(100_000, 1);
    std::fs::write(dir.join("a b.bin"), &msg).unwrap();
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce",
            NONCE,
            "a b.bin",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let want = expected_poly1305_aes(&msg, &hex::decode(NONCE).unwrap());
    assert_eq!(text(&out.stdout), format!("{want}  a b.bin\n"));

    // The same from a pipe (no file: stdin), from `-`, and on one thread.
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce",
            NONCE,
        ],
        &msg,
    );
    assert_eq!(text(&out.stdout), format!("{want}  -\n"));
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce",
            NONCE,
            "--threads",
            "1",
            "-",
        ],
        &msg,
    );
    assert_eq!(text(&out.stdout), format!("{want}  -\n"));

    // A key file holding the raw bytes or the hex digits (with --alg), or
    // a typed key file (its algorithm its own); mode 0600.
    private_file(&dir.join("raw.key"), &hex::decode(KEY).unwrap());
    private_file(&dir.join("hex.key"), format!("{KEY}\n").as_bytes());
    private_file(
        &dir.join("typed.key"),
        format!("uhash-key v1 poly1305-aes {KEY}\n").as_bytes(),
    );
    for (kf, alg) in [
        ("raw.key", &["--alg", "poly1305-aes"][..]),
        ("hex.key", &["--alg", "poly1305-aes"]),
        ("typed.key", &[]),
        ("typed.key", &["--alg", "poly1305-aes"]),
    ] {
        let mut args = vec!["mac", "--key-file", kf, "--nonce", NONCE, "a b.bin"];
        args.extend(alg);
        let out = run_in(&dir, &args, b"");
        assert_eq!(text(&out.stdout), format!("{want}  a b.bin\n"), "{kf}");
    }

    // JSON.
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce",
            NONCE,
            "--json",
            "a b.bin",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["tag"], want.as_str());
    assert_eq!(v["nonce"], NONCE);
    assert_eq!(v["file"], "a b.bin");
    assert_eq!(v["alg"], "poly1305-aes");
}

/// The output line of `uhash mac --alg ALG --key-hex KEY --nonce NONCE
/// --io IO --threads THREADS m.bin` in `dir` (which must succeed).
fn mac_line(dir: &std::path::Path, [alg, key, nonce, io, threads]: [&str; 5]) -> String {
    let out = run_in(
        dir,
        &[
            "mac",
            "--alg",
            alg,
            "--key-hex",
            key,
            "--nonce",
            nonce,
            "--io",
            io,
            "--threads",
            threads,
            "m.bin",
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{alg} {io} {threads}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Every way of reading a regular file (`--io`: blocks read on several
/// threads and hashed in order, the mapping, the one-thread stream, `pread`
/// on every thread with each thread hashing what it read) and every thread
/// count give the tag of the definition, on a
/// file of several 1 MiB blocks plus a partial one (blocks reach the
/// hashing thread out of order).
#[test]
fn every_read_mode_gives_the_same_tag() {
    let dir = scratch("modes");
    let msg = bytes((5 << 20) + 12_345, 7);
    std::fs::write(dir.join("m.bin"), &msg).unwrap();
    let want = expected_poly1305_aes(&msg, &hex::decode(NONCE).unwrap());
    for io in ["auto", "blocks", "map", "populate", "stream", "pread"] {
        for threads in ["1", "2", "3", "7"] {
            assert_eq!(
                mac_line(&dir, ["poly1305-aes", KEY, NONCE, io, threads]),
                format!("{want}  m.bin\n"),
                "{io} {threads}"
            );
        }
    }
}

/// The long-hash MACs read a mapped file in windows on every thread as
/// the one-thread stream reads it (`--io map` and `pread` against
/// `stream`), on a file of several 1 MiB windows plus a partial one, with
/// chunks that straddle the windows' pages.
#[test]
fn long_hash_macs_read_the_same_in_every_mode() {
    let dir = scratch("modes-long");
    std::fs::write(dir.join("m.bin"), bytes((3 << 20) + 4_099, 9)).unwrap();
    let (key, nonce) = (
        "000102030405060708090a0b0c0d0e0f",
        "0a0b0c0d0e0f101112131415",
    );
    for alg in ["nhx4-mac", "mmh32x4-mac"] {
        let want = mac_line(&dir, [alg, key, nonce, "stream", "1"]);
        for io in ["map", "pread"] {
            for threads in ["1", "3"] {
                assert_eq!(
                    mac_line(&dir, [alg, key, nonce, io, threads]),
                    want,
                    "{alg} {io} {threads}"
                );
            }
        }
    }
}

#[test]
fn several_files_need_a_nonce_file_and_verify_reads_it_back() {
    let dir = scratch("many");
    let names = ["x", "with\nnewline", "back\\slash", "big"];
    let sizes = [0, 33, 4096, (2 << 20) + 5];
    for (n, len) in names.iter().zip(sizes) {
        std::fs::write(dir.join(n), bytes(len, len as u64 + 3)).unwrap();
    }
    let mut args = vec![
        "mac",
        "--alg",
        "poly1305-aes",
        "--key-hex",
        KEY,
        "--nonce",
        NONCE,
    ];
    args.extend(names);
    assert_fails(
        &run_in(&dir, &args, b""),
        2,
        &["--nonce takes one input", "--nonce-file"],
    );
    // No nonce option: a random nonce per input, on its line.
    let mut args = vec!["mac", "--alg", "poly1305-aes", "--key-hex", KEY];
    args.extend(names);
    let out = run_in(&dir, &args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let random = text(&out.stdout);
    let mut seen = std::collections::BTreeSet::new();
    for (line, n) in random.lines().zip(names) {
        let (tag, nonce) = tag_and_nonce(line);
        assert_eq!(nonce.len(), 16);
        assert!(seen.insert(nonce.clone()), "a random nonce repeated");
        let want = expected_poly1305_aes(&std::fs::read(dir.join(n)).unwrap(), &nonce);
        assert_eq!(tag, want, "{n}");
    }
    assert_eq!(seen.len(), names.len(), "{random}");

    // A missing nonce file is not silently created.
    let mut args = vec![
        "mac",
        "--alg",
        "poly1305-aes",
        "--key-hex",
        KEY,
        "--nonce-file",
        "n",
    ];
    args.extend(names);
    assert_fails(
        &run_in(&dir, &args, b""),
        1,
        &["nonce file n", "--new-nonce-file"],
    );

    args[5] = "--new-nonce-file";
    let out = run_in(&dir, &args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), names.len(), "{list}");
    // Consecutive counters from a random start in the lower half of the
    // nonce space.
    let first = uhash::base::Nonce::<16>::from_slice(&tag_and_nonce(lines[0]).1)
        .unwrap()
        .to_counter();
    assert!(first < 1 << 127);
    for (i, (line, n)) in lines.iter().zip(names).enumerate() {
        let nonce = uhash::base::Nonce::<16>::from_u128(first + i as u128);
        let want = expected_poly1305_aes(&std::fs::read(dir.join(n)).unwrap(), nonce.as_bytes());
        let shown = n.replace('\\', "\\\\").replace('\n', "\\n");
        let prefix = if shown != *n { "\\" } else { "" };
        assert_eq!(
            *line,
            format!("{prefix}{want} {}  {shown}", hex::encode(nonce.as_bytes()))
        );
    }
    // Creating it again is refused; the next run goes on after the last nonce.
    assert_fails(&run_in(&dir, &args, b""), 1, &["nonce file n", "exists"]);
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce-file",
            "n",
            "x",
        ],
        b"",
    );
    let next = uhash::base::Nonce::<16>::from_u128(first + 4);
    assert!(
        text(&out.stdout).contains(&format!(" {}  x", hex::encode(next.as_bytes()))),
        "{}",
        text(&out.stdout)
    );

    std::fs::write(dir.join("tags"), &list).unwrap();
    let out = run_in(
        &dir,
        &[
            "verify",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--check",
            "tags",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).matches(": OK\n").count(), names.len());
    let out = run_in(
        &dir,
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--check",
            "-",
            "--quiet",
        ],
        list.as_bytes(),
    );
    assert!(
        out.status.success() && out.stdout.is_empty(),
        "{}",
        text(&out.stderr)
    );

    // One byte changed: exit 1, the file named, the others still OK.
    let mut big = std::fs::read(dir.join("big")).unwrap();
    big[1 << 20] ^= 1;
    std::fs::write(dir.join("big"), &big).unwrap();
    std::fs::remove_file(dir.join("x")).unwrap();
    let out = run_in(
        &dir,
        &[
            "verify",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--check",
            "tags",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("big: FAILED\n"), "{stdout}");
    assert!(stdout.contains("x: FAILED (x: No such file"), "{stdout}");
    assert!(stdout.contains("back\\\\slash: OK"), "{stdout}");
    assert!(
        text(&out.stderr).contains("2 of 4 tags did NOT verify: x, big"),
        "{}",
        text(&out.stderr)
    );
    // Another key fails every line.
    let other = KEY.replace("0f0e0d0c", "ff0e0d0c");
    let out = run_in(
        &dir,
        &[
            "verify",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            &other,
            "--check",
            "tags",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bad_input_is_one_message_and_no_output() {
    let dir = scratch("bad");
    std::fs::write(dir.join("ok"), b"fine").unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    let mac = |extra: &[&str]| {
        let mut a = vec![
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--new-nonce-file",
            "n",
        ];
        a.extend(extra);
        let out = run_in(&dir, &a, b"");
        let _ = std::fs::remove_file(dir.join("n"));
        out
    };
    // Every input is checked before the first line is written.
    assert_fails(&mac(&["ok", "missing"]), 1, &["missing: No such file"]);
    assert_fails(&mac(&["ok", "sub"]), 1, &["sub: is a directory"]);
    // Keys of the wrong length, a key the definition rejects, bad hex.
    let one = ["mac", "--alg", "poly1305-aes", "--nonce", NONCE, "ok"];
    let with_key = |k: &[&str]| {
        let mut a = vec![one[0]];
        a.extend(k);
        a.extend(&one[1..]);
        run_in(&dir, &a, b"")
    };
    assert_fails(
        &with_key(&["--key-hex", &KEY[..62]]),
        1,
        &["--key-hex", "32 bytes", "62 hex digits"],
    );
    assert_fails(
        &with_key(&["--key-hex", &KEY.replace('0', "g")]),
        1,
        &["not all hex"],
    );
    assert_fails(
        &with_key(&["--key-hex", KEY_R_BAD]),
        1,
        &["key for poly1305-aes", "r"],
    );
    private_file(&dir.join("short.key"), &[1u8; 31]);
    assert_fails(
        &with_key(&["--key-file", "short.key"]),
        1,
        &["key file short.key", "32 bytes", "holds 31 bytes"],
    );
    // A hex key is counted in hex digits; a typed key file says its algorithm.
    assert!(
        run_in(&dir, &["keygen", "--out", "k.key"], b"")
            .status
            .success()
    );
    let typed = std::fs::read_to_string(dir.join("k.key")).unwrap();
    let digits = typed.split_whitespace().nth(3).unwrap();
    private_file(&dir.join("hex.key"), format!("{digits}\n").as_bytes());
    let hash = |k: &str, alg: &[&str]| {
        let mut a = vec!["hash", "--key-file", k];
        a.extend(alg);
        a.push("ok");
        run_in(&dir, &a, b"")
    };
    assert_fails(
        &hash("hex.key", &["--alg", "mmh32x4"]),
        1,
        &[
            "key file hex.key holds 64 hex digits (32 bytes)",
            "--alg mmh32x4 needs 32 hex digits (16 bytes)",
        ],
    );
    assert_fails(
        &hash("k.key", &[]),
        1,
        &[
            "key file k.key is a key for poly1305-aes",
            "not a keyed hash",
            "uhash mac",
        ],
    );
    private_file(
        &dir.join("cut.key"),
        typed.replace(digits, &digits[..62]).as_bytes(),
    );
    assert_fails(
        &with_key(&["--key-file", "cut.key"]),
        1,
        &[
            "key file cut.key (a key for poly1305-aes, as the file says) holds 62 hex digits (31 bytes)",
            "poly1305-aes needs 64 hex digits (32 bytes)",
        ],
    );
    assert_fails(
        &with_key(&["--key-file", "nokey"]),
        1,
        &["key file nokey", "No such file"],
    );
    assert_fails(
        &with_key(&["--key-hex", KEY, "--key-file", "x"]),
        2,
        &["cannot be used with"],
    );
    assert_fails(
        &run_in(
            &dir,
            &[
                "mac",
                "--alg",
                "poly1305-aes",
                "--key-hex",
                KEY,
                "--nonce",
                "00",
                "ok",
            ],
            b"",
        ),
        1,
        &["--nonce", "16 bytes"],
    );
    // Algorithms: unknown, or of the other kind.
    assert_fails(
        &run_in(&dir, &["mac", "--alg", "md5", "--key-hex", KEY, "ok"], b""),
        2,
        &["unknown algorithm 'md5'", "poly1305-aes"],
    );
    assert_fails(
        &run_in(
            &dir,
            &["mac", "--alg", "mmh32", "--key-hex", KEY, "ok"],
            b"",
        ),
        2,
        &["'mmh32' is not a MAC", "uhash hash"],
    );
    assert_fails(
        &run_in(
            &dir,
            &["hash", "--alg", "nh-mac", "--key-hex", KEY, "ok"],
            b"",
        ),
        2,
        &["not a keyed hash"],
    );
    // Lists with nothing to check (malformed lines: check.rs).
    for (list, says) in [
        ("nothex  ok\n", "tags:1: malformed line"),
        ("zz\n", "1 line is improperly formatted"),
        (
            "00000000000000000000000000000000  ok\n",
            "no nonce on the line",
        ),
        ("\n", "no lines to check"),
    ] {
        std::fs::write(dir.join("tags"), list).unwrap();
        assert_fails(
            &run_in(
                &dir,
                &[
                    "verify",
                    "--alg",
                    "poly1305-aes",
                    "--key-hex",
                    KEY,
                    "--check",
                    "tags",
                ],
                b"",
            ),
            1,
            &[says],
        );
    }
    assert_fails(
        &run_in(
            &dir,
            &[
                "verify",
                "--alg",
                "poly1305-aes",
                "--key-hex",
                KEY,
                "--check",
                "nolist",
            ],
            b"",
        ),
        1,
        &["nolist: No such file"],
    );
    // A list line with `TAG  FILE` is checked with --nonce.
    let tag = expected_poly1305_aes(b"fine", &hex::decode(NONCE).unwrap());
    std::fs::write(dir.join("tags"), format!("{tag}  ok\n")).unwrap();
    let out = run_in(
        &dir,
        &[
            "verify",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--nonce",
            NONCE,
            "--check",
            "tags",
        ],
        b"",
    );
    assert_eq!(text(&out.stdout), "ok: OK\n", "{}", text(&out.stderr));
    // Usage errors exit 2.
    for args in [
        &["mac"][..],
        &[
            "mac",
            "--alg",
            "poly1305-aes",
            "--key-hex",
            KEY,
            "--threads",
            "0",
        ],
        &["verify", "--key-hex", KEY],
        &["hash", "--bogus"],
    ] {
        let out = run_in(&dir, args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
