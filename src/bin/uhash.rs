//! The `uhash` command-line tool. See `uhash --help` and `docs/kat.md`.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use uhash::kat::{self, Impl};

const USAGE: &str = "\
uhash: universal hash functions and MACs

Usage: uhash <COMMAND> [OPTIONS]

Commands:
  kat    Answer known-answer calls: JSON Lines on stdin, one answer per line on stdout

Options:
  -h, --help       Print this help
  -V, --version    Print the version

See 'uhash kat --help' for the record format.
";

const KAT_USAGE: &str = "\
uhash kat: answer known-answer calls, one JSON record per line

Usage: uhash kat [--impl production|reference]

Reads JSON Lines on stdin, one call per line:
  {\"fn\": NAME, \"key\": HEX, \"msg\": HEX, \"nonce\": HEX, \"params\": {..}}
(\"nonce\" and \"params\" optional; other fields are ignored) and writes, in order,
one line per non-blank input line: {\"out\":HEX} or {\"error\":TEXT}. Blank lines
are skipped. Bad lines get an error answer and the run goes on; the exit status
is 0 at the end of input (1 on an I/O error, 2 on bad options).

Options:
      --impl <IMPL>  Who answers: 'production' (default; the family crates) or
                     'reference' (the big-integer reference crate uhash-ref)
  -h, --help         Print this help

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
            other if other.starts_with('-') => {
                usage_error(&format!("unknown option '{other}'"), "uhash --help")
            }
            other => usage_error(&format!("unknown command '{other}'"), "uhash --help"),
        },
    }
}

fn kat_main(args: &[String]) -> ExitCode {
    const HELP: &str = "uhash kat --help";
    let mut imp = Impl::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "-h" | "--help" => return print(&kat_usage()),
            "--impl" => match args.next() {
                Some(v) => v.as_str(),
                None => return usage_error("option '--impl' needs a value", HELP),
            },
            a => match a.strip_prefix("--impl=") {
                Some(v) => v,
                None if a.starts_with('-') => {
                    return usage_error(&format!("unknown option '{a}'"), HELP);
                }
                None => return usage_error(&format!("unexpected argument '{a}'"), HELP),
            },
        };
        imp = match value.parse() {
            Ok(i) => i,
            Err(e) => return usage_error(&e.to_string(), HELP),
        };
    }

    let stdin = io::stdin().lock();
    let stdout = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    match kat::run(stdin, stdout, imp) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uhash kat: {e}");
            ExitCode::FAILURE
        }
    }
}
