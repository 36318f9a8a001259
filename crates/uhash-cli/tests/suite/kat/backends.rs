//! `uhash kat --backend NAME`: every backend name reaches the engine of
//! each family that has it, answers the known answers and the published
//! vectors there, and answers exactly
//! `{"error":"backend NAME is not supported on this CPU or build"}` on every
//! line whose family cannot run it here. Also `--strict` and a reader of
//! stdout that goes away.
//!
//! The published vector files run with their messages expanded up to
//! `$UHASH_KAT_VECTOR_MAX_LEN` bytes (default 64 KiB, so that the debug
//! binary of `cargo test` stays quick); CI runs them all, up to the 32 MiB
//! UMAC records, against the release binary (`$UHASH_KAT_BIN`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde_json::{Value, json};
use uhash_cli::family::{digest_mw, mmh, poly1305_aes};
use uhash_cli::kat::{Backend, Engines, lookup};

use super::common::*;

/// The exact answer line of a name whose family cannot run `b` here.
fn unsupported_line(b: Backend) -> String {
    format!(
        "{{\"error\":\"backend {} is not supported on this CPU or build\"}}",
        b.name()
    )
}

/// The engine behind the production answer of the record `line`.
fn engines_of(line: &str) -> Engines {
    let v: Value = serde_json::from_str(line).unwrap();
    let name = v["fn"].as_str().unwrap();
    lookup(name)
        .unwrap_or_else(|| panic!("unknown fn {name}"))
        .engines
}

/// Runs `lines` through `uhash kat --backend b` and checks each answer:
/// `want` where the name's engine runs `b` here, else the unsupported line.
/// Returns how many lines were answered by the backend.
fn check_on(b: Backend, lines: &[(String, String)], what: &str) -> usize {
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let got = kat(&["--backend", b.name()], &input);
    assert_eq!(got.len(), lines.len(), "{what} on {b}: answer count");
    let mut answered = 0;
    for ((line, want), got) in lines.iter().zip(&got) {
        let short = &line[..line.len().min(100)];
        if engines_of(line).supports(b) {
            assert_eq!(got, &out_line(want), "{what} on {b}: {short}");
            answered += 1;
        } else {
            assert_eq!(got, &unsupported_line(b), "{what} on {b}: {short}");
        }
    }
    answered
}

/// Every name's known answer (the table of `main.rs`) on every backend:
/// each backend a family runs here gives the known answer, the others the
/// unsupported line. Each family answers on every backend its engine runs
/// here, at least its portable one (which backends this CPU must reach:
/// [`backends_of_this_cpu_are_reachable`]); a name with one implementation
/// answers on none.
#[test]
fn known_answers_on_every_backend() {
    let cases = super::known_answers();
    let mut answered = vec![0usize; cases.len()];
    for b in Backend::ALL {
        let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
        let got = kat(&["--backend", b.name()], &input);
        assert_eq!(got.len(), cases.len(), "{b}: answer count");
        for (i, ((line, want), got)) in cases.iter().zip(&got).enumerate() {
            let e = engines_of(line);
            if e.supports(b) {
                assert_eq!(got, &out_line(want), "{b}: {line}");
                answered[i] += 1;
            } else {
                assert_eq!(got, &unsupported_line(b), "{b}: {line}");
            }
        }
    }
    for ((line, _), n) in cases.iter().zip(&answered) {
        let e = engines_of(line);
        if e == Engines::NONE {
            assert_eq!(*n, 0, "{line}");
        } else {
            // The concrete backends, and `asm` once more where there is one.
            let expect = e.supported().len() + usize::from(e.supports(Backend::Asm));
            assert_eq!(*n, expect, "{line}");
            assert!(*n >= 1, "{e:?} answers on no backend: {line}");
        }
    }
}

/// The backends each engine must run on this CPU, from the flags CI reads
/// off the kernel (`UHASH_EXPECT_X86`, as the family tests use it): a
/// backend the CPU has but `--backend` cannot reach fails here.
#[test]
fn backends_of_this_cpu_are_reachable() {
    for e in uhash_cli::family::engines() {
        assert!(
            !e.supported().is_empty(),
            "{e:?}: not even the portable backend"
        );
    }
    let on_asm_arch = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));
    if std::env::var_os("UHASH_EXPECT_ASM").is_some() && cfg!(feature = "asm") && on_asm_arch {
        assert!(
            mmh::ENGINE32.supports(Backend::Asm),
            "UHASH_EXPECT_ASM: mmh asm"
        );
        assert!(
            poly1305_aes::ENGINE.supports(Backend::Asm),
            "UHASH_EXPECT_ASM: poly1305 asm"
        );
    }
    let Ok(flags) = std::env::var("UHASH_EXPECT_X86") else {
        return;
    };
    // `--cfg uhash_backend="avx2"` masks the AVX-512 sets (and "soft" all).
    let has =
        |f: &str| flags.split(',').any(|x| x == f) && !uhash::base::backend::masked_by_build(&[f]);
    let mut want: Vec<(Engines, Backend)> = Vec::new();
    if has("avx2") {
        want.extend([
            (mmh::ENGINE32, Backend::Avx2),
            (digest_mw::ENGINE, Backend::Avx2),
            (poly1305_aes::ENGINE, Backend::Avx2),
        ]);
        if cfg!(feature = "asm") {
            want.push((mmh::ENGINE32, Backend::Avx2Asm));
        }
    }
    if has("avx512f") && has("avx512bw") && has("avx512vl") {
        want.extend([
            (mmh::ENGINE32, Backend::Avx512),
            (poly1305_aes::ENGINE, Backend::Avx512),
        ]);
        if cfg!(feature = "asm") {
            want.push((mmh::ENGINE32, Backend::Avx512Asm));
        }
    }
    if has("avx512ifma") {
        want.push((poly1305_aes::ENGINE, Backend::Ifma));
    }
    if has("bmi2") && has("adx") {
        want.push((mmh::ENGINE64, Backend::Mulx));
        if cfg!(feature = "asm") {
            want.push((poly1305_aes::ENGINE, Backend::MulxAsm));
        }
    }
    for (e, b) in want {
        assert!(e.supports(b), "{e:?} cannot run {b} on a CPU with {flags}");
    }
}

/// The records of a published vector file, messages given as a repeated
/// unit (`msg_len`) expanded, and their outputs; records longer than `max`
/// bytes are left out and counted.
fn vector_records(path: &Path, max: usize) -> (Vec<(String, String)>, usize) {
    let mut left_out = 0;
    let mut records = Vec::new();
    for mut v in uhash_testkit::vectors::records(path) {
        let out = v["out"].as_str().expect("record has 'out'").to_owned();
        if let Some(len) = v.get("msg_len").and_then(Value::as_u64) {
            let len = usize::try_from(len).unwrap();
            if len > max {
                left_out += 1;
                continue;
            }
            v["msg"] = Value::from(hex::encode(uhash_testkit::vectors::msg(&v)));
        }
        records.push((v.to_string(), out));
    }
    (records, left_out)
}

/// Every published vector file (`uhash_testkit::vectors::all()`: Poly1305, UMAC, the DFC NIST
/// file of `dfc-decorr`) on every backend. The long records run on the
/// concrete backends of their family; the alias `asm` (one of those) and the
/// backends the family lacks answer the records of at most 64 KiB.
#[test]
fn published_vectors_on_every_backend() {
    const SHORT: usize = 1 << 16;
    let max: usize = std::env::var("UHASH_KAT_VECTOR_MAX_LEN")
        .map(|s| s.parse().expect("UHASH_KAT_VECTOR_MAX_LEN: a byte count"))
        .unwrap_or(SHORT);
    let files: Vec<PathBuf> = uhash_testkit::vectors::all();
    assert!(files.len() >= 7, "{files:?}");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (short, _) = vector_records(path, SHORT.min(max));
        let (full, left_out) = vector_records(path, max);
        assert!(!short.is_empty(), "{name}: no records");
        // The backends on every core (each check runs its own `uhash`
        // process); a mismatch panics its thread and so the scope.
        let answered: Vec<AtomicBool> = Backend::ALL
            .iter()
            .map(|_| AtomicBool::new(false))
            .collect();
        let next = AtomicUsize::new(0);
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&b) = Backend::ALL.get(i) else { break };
                        let long = b != Backend::Asm
                            && full.iter().any(|(l, _)| engines_of(l).supports(b));
                        let records = if long { &full } else { &short };
                        if check_on(b, records, &name) > 0 {
                            answered[i].store(true, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        let on: Vec<&str> = Backend::ALL
            .iter()
            .zip(&answered)
            .filter(|(_, a)| a.load(Ordering::Relaxed))
            .map(|(b, _)| b.name())
            .collect();
        eprintln!(
            "{name}: {} records (up to {max} bytes; {left_out} longer left out) on {}",
            full.len(),
            on.join(" ")
        );
        assert!(!on.is_empty(), "{name} answered on no backend");
    }
}

#[test]
fn unknown_backend_exits_2_before_reading() {
    for args in [
        &["kat", "--backend", "sse9"][..],
        &["kat", "--backend"],
        &["kat", "--backend="],
        &["kat", "--backend", "AVX2"],
        &["kat", "--impl", "reference", "--backend", "soft"],
        &["kat", "--strict=yes"],
    ] {
        let out = uhash(args, b"{\"fn\":\"mmh32\",\"key\":\"00\",\"msg\":\"00\"}\n");
        assert_eq!(out.status.code(), Some(2), "uhash {args:?}");
        assert!(out.stdout.is_empty(), "uhash {args:?}: nothing on stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--help"), "uhash {args:?}: {err}");
    }
    let out = uhash(&["kat", "--backend", "sse9"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown backend 'sse9'"), "{err}");
    for b in Backend::ALL {
        assert!(err.contains(b.name()), "the message lists {b}: {err}");
    }
}

/// The same backend through `--backend=NAME`; a name of one implementation
/// (`dfc_hash`) answers the unsupported line on every backend.
#[test]
fn backend_equals_form_and_single_implementations() {
    let line = rec("dfc_hash", &le64(&[2, 3]), &le64(&[5]), Value::Null);
    for b in Backend::ALL {
        let arg = format!("--backend={}", b.name());
        assert_eq!(kat(&[&arg], &line), vec![unsupported_line(b)], "{b}");
    }
}

/// `--strict`: exit 1 when any line was an error, 0 otherwise; the answers
/// are the same.
#[test]
fn strict_exits_1_on_an_error_line() {
    let good = rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null);
    let bad = json!({"fn": "mmh32"}).to_string();
    let out = uhash(&["kat", "--strict"], format!("{good}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n", out_line(&le32(&[11])))
    );
    let out = uhash(&["kat", "--strict"], format!("{good}\n{bad}\n").as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    // An unsupported backend is an error line too.
    let out = uhash(
        &["kat", "--strict", "--backend", "fold"],
        format!("{good}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{}\n", unsupported_line(Backend::Fold))
    );
    // Without --strict the same input exits 0.
    let out = uhash(&["kat"], format!("{good}\n{bad}\n").as_bytes());
    assert_eq!(out.status.code(), Some(0));
}

/// A reader of stdout that goes away (`uhash kat … | head -1`) ends the run
/// with status 0 and no message.
#[test]
fn closed_stdout_exits_0() {
    let line = format!(
        "{}\n",
        rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null)
    );
    // Far more answers than any pipe and the 64 KiB output buffer hold.
    let input = line.repeat(50_000);
    let mut child = Command::new(uhash_bin())
        .arg("kat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn uhash");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The child may stop reading once its output is closed.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
