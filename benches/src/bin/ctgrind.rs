//! `ctgrind`: every target of the constant-time registry
//! (`uhash_bench::ct`) with its key, nonce and message marked undefined for
//! valgrind memcheck, so that memcheck reports any branch or memory address
//! that depends on them. Run it under valgrind:
//!
//! ```text
//! cargo build -p uhash-bench --release --features asm --bin ctgrind
//! valgrind --error-exitcode=99 --suppressions=benches/ctgrind.supp \
//!     target/release/ctgrind                # every real target: must exit 0
//! valgrind --error-exitcode=99 target/release/ctgrind --planted 0   # must exit 99
//! ```
//!
//! Each target runs once per message length; the errors memcheck counts
//! during it (`VALGRIND_COUNT_ERRORS`) are attributed to it, and a table
//! says which function × backend passed. Outputs (hashes, tags, verdicts)
//! are public and are marked defined before they are looked at. Outside
//! valgrind the marks do nothing and the run only checks that every target
//! runs (a smoke test).
//!
//! Options: `--planted I` runs only planted target I (its leak must be
//! reported), `--list-planted` prints their indices, `--filter SUBSTR`
//! keeps targets whose id contains SUBSTR, `--list` prints the targets,
//! `--requests` prints the client-request numbers (CI compares them with
//! the installed `memcheck.h`), `--expect-backends a,b,…` fails unless
//! each named backend ran (so that a backend valgrind stops offering is
//! not skipped in silence).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use uhash_bench::ct::{Input, Rng, Target, targets};
use uhash_testkit::ct;

const USAGE: &str =
    "usage: ctgrind [--planted I | --list-planted | --list | --requests] [--filter SUBSTR]";

/// One target's result over its message lengths.
struct Outcome {
    id: String,
    errors: u64,
    runs: usize,
}

/// Runs `t` at every message length with the inputs marked secret;
/// returns the memcheck errors counted meanwhile.
fn run(t: &Target, rng: &mut Rng) -> u64 {
    let mut errors = 0;
    for &len in &t.msg_lens {
        let mut key = vec![0u8; t.key_len];
        let mut nonce = vec![0u8; t.nonce_len];
        let mut msg = vec![0u8; len];
        rng.fill(&mut key);
        rng.fill(&mut nonce);
        rng.fill(&mut msg);
        t.normalize_key(&mut key);
        match &t.key_mask {
            Some(m) => ct::secret_bits(&key, m),
            None => ct::secret(&key),
        }
        match &t.nonce_mask {
            Some(m) => ct::secret_bits(&nonce, m),
            None => ct::secret(&nonce),
        }
        ct::secret(&msg);
        let before = ct::error_count();
        let out = (t.run)(&Input {
            key: &key,
            nonce: &nonce,
            msg: &msg,
        });
        // The output is public (a hash value, a tag, a verdict).
        ct::public(&out);
        errors += ct::error_count() - before;
        std::hint::black_box(out);
    }
    errors
}

/// A target's verdict from the memcheck errors counted during it: outside
/// valgrind nothing was checked, and it only `ran`.
fn verdict(planted: bool, errors: u64, on_valgrind: bool) -> &'static str {
    match (on_valgrind, planted, errors) {
        (false, ..) => "ran",
        (true, false, 0) => "pass",
        (true, false, _) => "FAIL",
        (true, true, 0) => "MISSED",
        (true, true, _) => "reported",
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut planted: Option<usize> = None;
    let mut filter: Option<String> = None;
    let mut expect: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--planted" => planted = it.next().and_then(|v| v.parse().ok()),
            "--filter" => filter = it.next().cloned(),
            "--expect-backends" => {
                expect = it
                    .next()
                    .map(|v| {
                        v.split(',')
                            .filter(|b| !b.is_empty())
                            .map(str::to_owned)
                            .collect()
                    })
                    .unwrap_or_default();
            }
            "--requests" => {
                for (name, v) in ct::REQUESTS {
                    println!("{name} {v:#x}");
                }
                return ExitCode::SUCCESS;
            }
            "--list-planted" | "--list" => {}
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let all = targets();
    let planted_targets: Vec<&Target> = all.iter().filter(|t| t.planted).collect();
    if args.iter().any(|a| a == "--list-planted") {
        for i in 0..planted_targets.len() {
            println!("{i}");
        }
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<&Target> = match planted {
        Some(i) => match planted_targets.get(i) {
            Some(t) => vec![*t],
            None => {
                eprintln!("no planted target {i}");
                return ExitCode::from(2);
            }
        },
        None => all
            .iter()
            .filter(|t| !t.planted)
            .filter(|t| filter.as_ref().is_none_or(|f| t.id().contains(f.as_str())))
            .collect(),
    };
    if args.iter().any(|a| a == "--list") {
        for t in &chosen {
            println!("{}  lens {:?}", t.id(), t.msg_lens);
        }
        return ExitCode::SUCCESS;
    }
    let on_valgrind = ct::running_on_valgrind();
    if !on_valgrind {
        println!(
            "ctgrind: not running under valgrind: the marks do nothing, this run only checks that every target runs"
        );
    }
    let start = Instant::now();
    let mut rng = Rng::new(0x5eed_c7c7);
    let mut outcomes = Vec::new();
    for t in &chosen {
        let errors = run(t, &mut rng);
        let verdict = verdict(t.planted, errors, on_valgrind);
        let note = t
            .note
            .map(|n| format!("  (public: {n})"))
            .unwrap_or_default();
        println!("{verdict:8} {errors:3} errors  {}{note}", t.id());
        outcomes.push(Outcome {
            id: t.id(),
            errors,
            runs: t.msg_lens.len(),
        });
    }
    // Function × backend table.
    let mut table: BTreeMap<(String, String), Vec<(String, &str)>> = BTreeMap::new();
    for (t, o) in chosen.iter().zip(&outcomes) {
        table
            .entry((t.family.to_owned(), t.function.clone()))
            .or_default()
            .push((t.backend.clone(), verdict(t.planted, o.errors, on_valgrind)));
    }
    println!("\nfunction × backend:");
    for ((family, function), backends) in &table {
        let cells: Vec<String> = backends.iter().map(|(b, v)| format!("{b}:{v}")).collect();
        println!("  {family} {function}: {}", cells.join(" "));
    }
    let mut covered: Vec<&str> = chosen.iter().map(|t| t.backend.as_str()).collect();
    covered.sort_unstable();
    covered.dedup();
    println!("backends run: {}", covered.join(" "));
    let missing: Vec<&String> = expect
        .iter()
        .filter(|b| !covered.contains(&b.as_str()))
        .collect();
    let runs: usize = outcomes.iter().map(|o| o.runs).sum();
    let bad: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| (o.errors == 0) == planted.is_some())
        .collect();
    println!(
        "\nctgrind: {} targets, {runs} runs, {:.1} s{}",
        outcomes.len(),
        start.elapsed().as_secs_f64(),
        if on_valgrind {
            ""
        } else {
            " (not under valgrind)"
        }
    );
    if !missing.is_empty() {
        println!("ctgrind: backends required (--expect-backends) but not run: {missing:?}");
        return ExitCode::from(4);
    }
    if !on_valgrind {
        return ExitCode::SUCCESS;
    }
    if planted.is_some() {
        if bad.is_empty() {
            println!("ctgrind: the planted leak was reported, as it must be");
            ExitCode::SUCCESS
        } else {
            println!("ctgrind: the planted leak was NOT reported: the harness is blind");
            ExitCode::from(3)
        }
    } else if bad.is_empty() {
        println!("ctgrind: no secret-dependent branch or address in any target");
        ExitCode::SUCCESS
    } else {
        for o in &bad {
            println!("ctgrind: FAIL {} ({} errors)", o.id, o.errors);
        }
        ExitCode::from(1)
    }
}
