//! The options of `uhash kat` and the run over a whole input: answers in
//! order, the exit status, a reader that stopped reading.

use std::io::{self, BufRead, BufWriter, ErrorKind, Write};
use std::process::ExitCode;

use uhash::base::Backend;

use super::table::Impl;
use super::{AnswerKind, answer_line_with};

/// The options of `uhash kat` (the command line parses into this; see
/// `docs/kat.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KatOptions {
    /// Who answers (`--impl`).
    pub imp: Impl,
    /// The backend the production answers run on (`--backend NAME`);
    /// `None`: the fastest this CPU has, per family.
    pub backend: Option<Backend>,
    /// `--strict`: exit 1 when any line was answered with an error.
    pub strict: bool,
}

impl From<Impl> for KatOptions {
    fn from(imp: Impl) -> Self {
        KatOptions {
            imp,
            ..KatOptions::default()
        }
    }
}

impl KatOptions {
    /// Checks the combination of options.
    ///
    /// # Errors
    /// The usage error text: `--backend` chooses among the production
    /// backends, so it cannot go with `--impl reference`.
    pub fn check(&self) -> Result<(), String> {
        match (self.imp, self.backend) {
            (Impl::Reference, Some(b)) => Err(format!(
                "--backend {b} chooses a production backend: it cannot go with --impl reference"
            )),
            _ => Ok(()),
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Answer lines written.
    pub answers: u64,
    /// Of these, `{"error":…}` lines.
    pub errors: u64,
    /// Of the errors, those reporting a bug of an implementation (a caught
    /// panic, or an inconsistency it found in its own result) rather than
    /// a problem with the record: never expected, whatever the input.
    pub internal_errors: u64,
    /// Whether the reader of the output went away (a broken pipe) before
    /// the end of input: the run then stopped reading.
    pub output_closed: bool,
}

impl Summary {
    /// The exit status of a run that ended without an I/O error: 0, or
    /// with `strict` 1 when any line was an error.
    #[must_use]
    pub fn exit_status(&self, strict: bool) -> u8 {
        u8::from(strict && self.errors > 0)
    }
}

/// Answers every line of `input` on `output`, in order, then flushes
/// `output`.
///
/// Every problem with a line becomes an error answer. When the reader of
/// `output` has gone away (a write fails with
/// [`ErrorKind::BrokenPipe`]), nobody can read further answers: the run
/// stops reading and returns normally with [`Summary::output_closed`] set.
/// `output` should be buffered (the binary wraps stdout in a
/// [`std::io::BufWriter`]).
///
/// # Errors
/// Any other I/O error of `input` or `output`.
pub fn run<R: BufRead, W: Write>(
    input: R,
    output: W,
    options: impl Into<KatOptions>,
) -> io::Result<()> {
    run_summary(input, output, options).map(|_| ())
}

/// [`run`], returning what the run did (the answers, the errors among
/// them, whether the output was closed).
///
/// # Errors
/// As [`run`].
pub fn run_summary<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    options: impl Into<KatOptions>,
) -> io::Result<Summary> {
    let options = options.into();
    let mut summary = Summary::default();
    let mut line = Vec::new();
    let closed = |summary: Summary, e: io::Error| {
        if e.kind() == ErrorKind::BrokenPipe {
            Ok(Summary {
                output_closed: true,
                ..summary
            })
        } else {
            Err(e)
        }
    };
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if let Some((answer, kind)) = answer_line_with(&line, &options) {
            summary.answers += 1;
            summary.errors += u64::from(kind != AnswerKind::Out);
            summary.internal_errors += u64::from(kind == AnswerKind::InternalError);
            if let Err(e) = output
                .write_all(answer.as_bytes())
                .and_then(|()| output.write_all(b"\n"))
            {
                return closed(summary, e);
            }
        }
    }
    match output.flush() {
        Ok(()) => Ok(summary),
        Err(e) => closed(summary, e),
    }
}

/// `uhash kat` with `options` on this process's stdin and stdout: the
/// exit status of `docs/kat.md` (0 at the end of input, or when the
/// reader of stdout went away; with `--strict` 1 when any line was an
/// error; 1 on another I/O error, with a message on stderr; 2 for options
/// that do not go together).
#[must_use]
pub fn command(options: &KatOptions) -> ExitCode {
    if let Err(e) = options.check() {
        eprintln!("uhash: {e}\nTry 'uhash kat --help' for more information.");
        return ExitCode::from(2);
    }
    let stdin = io::stdin().lock();
    let stdout = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    match run_summary(stdin, stdout, *options) {
        Ok(summary) => {
            if summary.internal_errors > 0 {
                eprintln!(
                    "uhash kat: {} answer(s) report an internal error: a bug of uhash, please report it",
                    summary.internal_errors
                );
            }
            ExitCode::from(summary.exit_status(options.strict))
        }
        Err(e) => {
            eprintln!("uhash kat: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose every write fails with `kind`.
    struct Failing(ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(self.0.into())
        }
    }

    const LINE: &[u8] = b"{\"fn\":\"mmh32\",\"key\":\"01000000\",\"msg\":\"03000000\"}\n";

    #[test]
    fn a_closed_output_ends_the_run_normally() {
        let input = LINE.repeat(3);
        let summary = run_summary(&input[..], Failing(ErrorKind::BrokenPipe), Impl::Production)
            .expect("a broken pipe is no error");
        assert!(summary.output_closed);
        assert_eq!(summary.answers, 1, "stops at the first failed write");
        assert_eq!(summary.exit_status(true), 0);
    }

    #[test]
    fn other_output_errors_are_errors() {
        let e = run(LINE, Failing(ErrorKind::PermissionDenied), Impl::Production).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::PermissionDenied);
    }

    #[test]
    fn backend_and_reference_do_not_go_together() {
        let mut o = KatOptions::from(Impl::Reference);
        assert_eq!(o.check(), Ok(()));
        o.backend = Some(Backend::Soft);
        assert!(o.check().unwrap_err().contains("--impl reference"));
        o.imp = Impl::Production;
        assert_eq!(o.check(), Ok(()));
    }
}
