//! The `uhash` command-line tool. See `uhash --help`, `docs/kat.md` and
//! the README's "MAC a file".
#![deny(unsafe_code)]

mod args;
#[cfg(unix)]
mod blocks;
mod input;
mod json;
mod keys;
mod lines;
mod map;
mod nonces;
#[cfg(unix)]
mod pread;
#[cfg(unix)]
mod probe;
mod progress;
#[cfg(unix)]
mod residency;
mod run;
mod spans;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Cmd, EpsilonArgs, KatArgs};

/// A failure with its message (naming the problem and the path) and exit
/// status: 2 for bad usage, 1 for everything else.
#[derive(Debug)]
pub struct Fail {
    code: u8,
    msg: String,
}

impl Fail {
    /// Bad usage (exit status 2).
    pub fn usage(msg: String) -> Fail {
        Fail { code: 2, msg }
    }

    /// Bad input or an I/O error (exit status 1).
    pub fn input(msg: String) -> Fail {
        Fail { code: 1, msg }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.msg
    }

    /// Prints the message on stderr.
    pub fn report(&self) {
        eprintln!("uhash: {}", self.msg);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match &cli.cmd {
        Cmd::Mac(a) => run::mac(a),
        Cmd::Verify(a) => run::verify(a),
        Cmd::Hash(a) => run::hash(a),
        Cmd::Keygen(a) => run::keygen(a),
        Cmd::Algs => run::algs(),
        Cmd::Kat(a) => Ok(kat_main(a)),
        Cmd::Epsilon(a) => Ok(epsilon_main(a)),
    };
    done.unwrap_or_else(|e| {
        e.report();
        if e.code == 2 {
            eprintln!("Try 'uhash --help' for more information.");
        }
        ExitCode::from(e.code)
    })
}

fn epsilon_main(a: &EpsilonArgs) -> ExitCode {
    let opts = uhash_cli::epsilon::Options {
        bits: a.bits,
        mode: match (a.exhaustive, a.samples) {
            (true, _) => uhash_cli::epsilon::Mode::Exhaustive,
            (false, Some(n)) => uhash_cli::epsilon::Mode::Samples(n),
            (false, None) => uhash_cli::epsilon::Mode::Auto,
        },
        out: a.out.clone(),
        seed: a.seed,
    };
    let mut out = io::stdout().lock();
    match uhash_cli::epsilon::run(&a.family, &opts, &mut out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("uhash: {e}\nTry 'uhash epsilon --help' for more information.");
            ExitCode::from(2)
        }
    }
}

fn kat_main(a: &KatArgs) -> ExitCode {
    uhash_cli::kat::command(&uhash_cli::kat::KatOptions {
        imp: a.imp,
        backend: a.backend,
        strict: a.strict,
    })
}
