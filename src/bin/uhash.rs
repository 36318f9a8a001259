//! The `uhash` command-line tool. See `uhash --help` and `docs/kat.md`.

use std::io::{self, Write};
use std::process::ExitCode;

use uhash::epsilon;
use uhash::kat::{self, Impl};

const USAGE: &str = "\
uhash: universal hash functions and MACs

Usage: uhash <COMMAND> [OPTIONS]

Commands:
  kat      Answer known-answer calls: JSON Lines on stdin, one answer per line on stdout
  epsilon  Measure collision probabilities at reduced widths beside the proven bounds

Options:
  -h, --help       Print this help
  -V, --version    Print the version

See 'uhash kat --help' for the record format, 'uhash epsilon --help' for the lab.
";

const KAT_USAGE: &str = "\
uhash kat: answer known-answer calls, one JSON record per line

Usage: uhash kat [--impl production|reference] [--backend NAME] [--strict]

Reads JSON Lines on stdin, one call per line:
  {\"fn\": NAME, \"key\": HEX, \"msg\": HEX, \"nonce\": HEX, \"params\": {..}}
(\"nonce\" and \"params\" optional; other fields are ignored) and writes, in order,
one line per non-blank input line: {\"out\":HEX} or {\"error\":TEXT}. Blank lines
are skipped. Bad lines get an error answer and the run goes on; the exit status
is 0 at the end of input or when the reader of stdout goes away (with --strict 1
if any line was an error; 1 on another I/O error, 2 on bad options).

Options:
      --impl <IMPL>     Who answers: 'production' (default; the family crates) or
                        'reference' (the big-integer reference crate uhash-ref)
      --backend <NAME>  Production answers on this backend (default: the fastest
                        of the CPU); a name whose family cannot run it here
                        answers {\"error\":\"backend NAME is not supported on this
                        CPU or build\"}. NAME: soft soft32 float mulx avx2 avx512
                        ifma neon native fold words32 limbs16 mulx-asm avx2-asm
                        avx512-asm ifma-asm aarch64-asm neon-asm armv4-asm asm
      --strict          Exit 1 when any line was answered with an error
  -h, --help            Print this help

Names: ";

fn kat_usage() -> String {
    let names: Vec<String> = kat::functions()
        .map(|e| {
            if e.aliases.is_empty() {
                e.name.to_owned()
            } else {
                format!("{} (alias {})", e.name, e.aliases.join(", "))
            }
        })
        .collect();
    format!(
        "{KAT_USAGE}{}\n\nByte layouts, parameters and error rules: docs/kat.md\n",
        names.join(", ")
    )
}

/// Prints `msg` and a hint on stderr; the exit status of a usage error.
fn usage_error(msg: &str, help: &str) -> ExitCode {
    eprintln!("uhash: {msg}\nTry '{help}' for more information.");
    ExitCode::from(2)
}

fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match args.split_first() {
        None => usage_error("missing command", "uhash --help"),
        Some((cmd, rest)) => match cmd.as_str() {
            "-h" | "--help" | "help" => print(USAGE),
            "-V" | "--version" => print(concat!("uhash ", env!("CARGO_PKG_VERSION"), "\n")),
            "kat" => kat_main(rest),
            "epsilon" => epsilon_main(rest),
            other if other.starts_with('-') => {
                usage_error(&format!("unknown option '{other}'"), "uhash --help")
            }
            other => usage_error(&format!("unknown command '{other}'"), "uhash --help"),
        },
    }
}

fn epsilon_usage() -> String {
    let families: Vec<String> = epsilon::FAMILIES
        .iter()
        .map(|(name, what)| format!("  {name:<10} {what}"))
        .collect();
    format!(
        "uhash epsilon: measure max Pr_k[h_k(m) = h_k(m')] and max Pr_k[h_k(m) - h_k(m') = d]
at reduced word widths over all keys, beside the theorems' bounds

Usage: uhash epsilon FAMILY [--bits B] [--exhaustive | --samples N] [--seed S] [--out DIR]

FAMILY is one of the names below, or 'all'.

Options:
      --bits <B>     One word width (default: the family's sweep of widths)
      --exhaustive   Every pair of distinct messages (widths where that is too
                     much work are skipped); default: every pair where the work
                     is at most 2^32 pair-keys, the search otherwise
      --samples <N>  The search: structured candidates, N random pairs and N/2
                     hill-climbing steps, all keys for each pair
      --seed <S>     The search's seed (default 1)
      --out <DIR>    Also write DIR/epsilon.csv, DIR/epsilon.svg, DIR/epsilon.png
  -h, --help         Print this help

Families:
{}

Method and results: docs/epsilon.md
",
        families.join("\n")
    )
}

fn epsilon_main(args: &[String]) -> ExitCode {
    const HELP: &str = "uhash epsilon --help";
    let mut opts = epsilon::Options::default();
    let mut family = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_owned())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, ExitCode> {
            match inline.clone().or_else(|| args.next().cloned()) {
                Some(v) => Ok(v),
                None => Err(usage_error(&format!("option '{what}' needs a value"), HELP)),
            }
        };
        let number = |what: &str, v: String| -> Result<u64, ExitCode> {
            v.parse()
                .map_err(|_| usage_error(&format!("option '{what}': '{v}' is not a number"), HELP))
        };
        let step = match name {
            "-h" | "--help" => return print(&epsilon_usage()),
            "--bits" => value("--bits")
                .and_then(|v| number("--bits", v))
                .map(|b| opts.bits = Some(b as u32)),
            "--exhaustive" => {
                opts.mode = epsilon::Mode::Exhaustive;
                Ok(())
            }
            "--samples" => value("--samples")
                .and_then(|v| number("--samples", v))
                .map(|n| opts.mode = epsilon::Mode::Samples(n)),
            "--seed" => value("--seed")
                .and_then(|v| number("--seed", v))
                .map(|s| opts.seed = s),
            "--out" => value("--out").map(|d| opts.out = Some(d.into())),
            a if a.starts_with('-') => Err(usage_error(&format!("unknown option '{a}'"), HELP)),
            a if family.is_none() => {
                family = Some(a.to_owned());
                Ok(())
            }
            a => Err(usage_error(&format!("unexpected argument '{a}'"), HELP)),
        };
        if let Err(code) = step {
            return code;
        }
    }
    let Some(family) = family else {
        return usage_error("missing FAMILY", HELP);
    };
    let mut out = io::stdout().lock();
    match epsilon::run(&family, &opts, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            usage_error(&e, HELP)
        }
    }
}

fn kat_main(args: &[String]) -> ExitCode {
    const HELP: &str = "uhash kat --help";
    let mut options = kat::KatOptions::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| match inline.or_else(|| args.next().map(String::as_str)) {
            Some(v) => Ok(v),
            None => Err(usage_error(&format!("option '{what}' needs a value"), HELP)),
        };
        let step = match name {
            "-h" | "--help" => return print(&kat_usage()),
            "--impl" => value("--impl").and_then(|v| {
                v.parse::<Impl>()
                    .map(|i| options.imp = i)
                    .map_err(|e| usage_error(&e.to_string(), HELP))
            }),
            "--backend" => value("--backend").and_then(|v| {
                kat::parse_backend(v)
                    .map(|b| options.backend = Some(b))
                    .map_err(|e| usage_error(&e, HELP))
            }),
            "--strict" if inline.is_none() => {
                options.strict = true;
                Ok(())
            }
            a if a.starts_with('-') => Err(usage_error(&format!("unknown option '{arg}'"), HELP)),
            _ => Err(usage_error(&format!("unexpected argument '{arg}'"), HELP)),
        };
        if let Err(code) = step {
            return code;
        }
    }
    kat::command(&options)
}
