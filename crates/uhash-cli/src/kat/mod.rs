//! The known-answer driver behind `uhash kat`.
//!
//! `uhash kat` reads [JSON Lines](https://jsonlines.org/) on stdin, one call
//! per line,
//!
//! ```text
//! {"fn": NAME, "key": HEX, "msg": HEX, "nonce": HEX, "params": {..}}
//! ```
//!
//! (`nonce` and `params` optional) and writes, in order, exactly one line per
//! non-blank input line: `{"out":HEX}` or `{"error":TEXT}`. A line that cannot
//! be answered (bad JSON, bad hex, wrong lengths, invalid keys, unknown names,
//! bad parameters) gets an error line and the run goes on; blank lines are
//! skipped and get no answer. Fields other than the five above (such as
//! `out` and `src` in the published vector files) are ignored, so the vector
//! files can be piped straight in.
//!
//! Which code answers is chosen by [`Impl`]: [`Impl::Reference`] answers from
//! the big-integer reference crate `uhash-ref`, [`Impl::Production`] from the
//! production family crates, on the fastest backend of the CPU or on the one
//! [`KatOptions::backend`] names (`--backend NAME`, any [`Backend`] name: a
//! name whose family cannot run it here answers
//! `{"error":"backend NAME is not supported on this CPU or build"}`). The
//! dispatch is the table [`functions`] (each family's rows, from the
//! registry [`crate::family`]): one [`FnEntry`] per name, with one
//! [`Handler`] per implementation and the [`Engines`] that compute it.
//!
//! The byte layouts of every name are in `docs/kat.md`. In short: word `i`
//! of a key or message is bytes `[i·w, (i+1)·w)` read little-endian, a
//! multi-word output is `LE(d1) ‖ LE(d2) ‖ …`, a key longer than needed is
//! used by its prefix (a shorter one is an error), and a message whose length
//! is not a multiple of the word size is an error.
//!
//! The driver never panics on its input: [`answer_line`] turns every input
//! line into exactly one answer (and if an implementation ever did panic,
//! the panic is caught and reported as an `internal error` answer).
//!
//! ```
//! use uhash_cli::kat::{Impl, answer_line};
//!
//! // MMH32 with key words [1, 2] and message words [3, 4]: 1·3 + 2·4 = 11.
//! let line = r#"{"fn": "mmh32", "key": "0100000002000000", "msg": "0300000004000000"}"#;
//! assert_eq!(
//!     answer_line(line.as_bytes(), Impl::Reference).as_deref(),
//!     Some(r#"{"out":"0b000000"}"#)
//! );
//! ```

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Map, Value};
pub use uhash::base::Backend;

pub(crate) mod backends;
pub(crate) mod decode;
pub(crate) mod long;
mod record;
mod run;
pub(crate) mod table;

pub use backends::{Engines, parse as parse_backend, unsupported};
pub use run::{KatOptions, Summary, command, run, run_summary};
pub(crate) use table::INTERNAL;
pub use table::{Answer, Call, FnEntry, Handler, Impl, UnknownImpl};

use decode::{decode_call, json_kind};
use record::Record;

/// Every row of the dispatch table, in registry order: every name `uhash
/// kat` knows, one slice of rows per family
/// ([`crate::family::Family::kat`], with both of its handlers in
/// `src/family/<family>.rs`).
pub fn functions() -> impl Iterator<Item = &'static FnEntry> {
    crate::family::FAMILIES.iter().flat_map(|f| f.kat.iter())
}

/// The table row for `name` (a canonical name or an alias).
pub fn lookup(name: &str) -> Option<&'static FnEntry> {
    functions().find(|e| e.answers_to(name))
}

/// Answers one parsed JSON record: `Ok(output bytes)` or `Err(error text)`.
///
/// Never panics.
pub fn answer_record(record: &Value, options: impl Into<KatOptions>) -> Result<Vec<u8>, String> {
    let obj = record
        .as_object()
        .ok_or_else(|| format!("record must be a JSON object, got {}", json_kind(record)))?;
    answer_object(obj, &options.into()).map_err(Failure::into_text)
}

/// Why a record got an error answer.
#[derive(Debug)]
enum Failure {
    /// The record cannot be answered as written (its syntax, fields, sizes,
    /// parameters, name or backend).
    Input(String),
    /// An implementation failed on a record it accepted: a panic it raised
    /// (caught) or an inconsistency it reported. Always a bug.
    Internal(String),
}

impl Failure {
    fn into_text(self) -> String {
        match self {
            Failure::Input(t) | Failure::Internal(t) => t,
        }
    }
}

impl From<String> for Failure {
    fn from(text: String) -> Self {
        Failure::Input(text)
    }
}

/// What one answer line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AnswerKind {
    /// `{"out":HEX}`.
    Out,
    /// `{"error":…}` about the record.
    Error,
    /// `{"error":…}` reporting a bug of an implementation.
    InternalError,
}

/// Answers the fields of one record.
fn answer_object(obj: &Map<String, Value>, options: &KatOptions) -> Result<Vec<u8>, Failure> {
    let imp = options.imp;
    let name = match obj.get("fn") {
        Some(Value::String(s)) => s.as_str(),
        Some(v) => {
            return Err(format!("field 'fn' must be a string, got {}", json_kind(v)).into());
        }
        None => return Err(Failure::Input("missing field 'fn'".to_owned())),
    };
    let entry = lookup(name).ok_or_else(|| format!("unknown fn '{}'", name.escape_debug()))?;
    let handler = entry.handler(imp).ok_or_else(|| match imp {
        Impl::Production => {
            format!("fn '{name}' has no production implementation yet (use --impl reference)")
        }
        Impl::Reference => format!("fn '{name}' has no reference implementation"),
    })?;
    let backend = match (imp, options.backend) {
        (Impl::Production, Some(b)) if !entry.engines.supports(b) => {
            return Err(Failure::Input(unsupported(b)));
        }
        (Impl::Production, b) => b,
        (Impl::Reference, _) => None,
    };
    let call = decode_call(entry, name, obj, backend)?;
    match catch_unwind(AssertUnwindSafe(|| handler(&call))) {
        Ok(Ok(out)) => Ok(out),
        Ok(Err(e)) if e.starts_with(INTERNAL) => {
            Err(Failure::Internal(format!("fn '{name}': {e}")))
        }
        Ok(Err(e)) => Err(Failure::Input(format!("fn '{name}': {e}"))),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".to_owned());
            Err(Failure::Internal(format!(
                "fn '{name}': {INTERNAL}: the {imp} implementation panicked: {what}"
            )))
        }
    }
}

/// Answers one input line (without its line terminator; a trailing `\r` is
/// ignored).
///
/// Returns `None` for a blank line (empty or only whitespace), which gets no
/// answer, and otherwise the answer line without its `\n`: `{"out":HEX}`
/// with lowercase hex, or `{"error":TEXT}`. Fields other than `fn`, `key`,
/// `msg`, `nonce` and `params` are checked for JSON syntax only, never
/// converted (a number out of any numeric range there is fine).
///
/// Never panics, whatever the bytes.
pub fn answer_line(line: &[u8], options: impl Into<KatOptions>) -> Option<String> {
    answer_line_with(line, &options.into()).map(|(answer, _)| answer)
}

/// [`answer_line`], with what kind of answer it is.
pub(crate) fn answer_line_with(line: &[u8], options: &KatOptions) -> Option<(String, AnswerKind)> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Some((
            error_json("line is not valid UTF-8".to_owned()),
            AnswerKind::Error,
        ));
    };
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let answer = match record::parse(text) {
        Ok(Record::Object(obj)) => answer_object(&obj, options),
        Ok(Record::Other(kind)) => Err(Failure::Input(format!(
            "record must be a JSON object, got {kind}"
        ))),
        Err(e) => Err(Failure::Input(e)),
    };
    Some(match answer {
        Ok(out) => {
            let mut obj = Map::new();
            obj.insert("out".to_owned(), Value::String(hex::encode(out)));
            (Value::Object(obj).to_string(), AnswerKind::Out)
        }
        Err(Failure::Input(e)) => (error_json(e), AnswerKind::Error),
        Err(Failure::Internal(e)) => (error_json(e), AnswerKind::InternalError),
    })
}

fn error_json(text: String) -> String {
    let mut obj = Map::new();
    obj.insert("error".to_owned(), Value::String(text));
    Value::Object(obj).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut all: Vec<&str> = functions()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn every_name_has_a_reference() {
        for e in functions() {
            assert!(e.reference.is_some(), "{}", e.name);
        }
    }

    #[test]
    fn impl_round_trips() {
        for i in Impl::ALL {
            assert_eq!(i.name().parse::<Impl>(), Ok(i));
        }
        assert!("Reference".parse::<Impl>().is_err());
    }

    #[test]
    fn blank_lines_get_no_answer() {
        for l in ["", " ", "\t", "\r", "  \r"] {
            assert_eq!(answer_line(l.as_bytes(), Impl::Reference), None);
        }
    }

    #[test]
    fn run_answers_in_order_and_skips_blanks() {
        let input = b"\n{\"fn\":\"dfc_module\",\"key\":\"02000000000000000300000000000000\",\"msg\":\"0500000000000000\"}\r\n\nnot json\n{\"fn\":\"mmh32\"}";
        let mut out = Vec::new();
        let summary = run_summary(&input[..], &mut out, Impl::Reference).unwrap();
        assert_eq!(
            summary,
            Summary {
                answers: 3,
                errors: 2,
                internal_errors: 0,
                output_closed: false
            }
        );
        assert_eq!(summary.exit_status(false), 0);
        assert_eq!(summary.exit_status(true), 1);
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0], r#"{"out":"0d00000000000000"}"#);
        assert!(lines[1].starts_with(r#"{"error":"invalid JSON"#));
        assert_eq!(lines[2], r#"{"error":"fn 'mmh32': missing field 'key'"}"#);
    }

    /// A name that spells "internal error" is echoed in an ordinary error:
    /// whether an answer reports a bug is the run's count, not the text
    /// (the fuzz target once read it from the text and failed on this).
    #[test]
    fn echoed_text_is_not_an_internal_error() {
        let input = br#"{"fn": "di internal error: gest", "key": "", "msg": ""}"#;
        for imp in Impl::ALL {
            let mut out = Vec::new();
            let summary = run_summary(&input[..], &mut out, imp).unwrap();
            assert_eq!((summary.errors, summary.internal_errors), (1, 0));
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "{\"error\":\"unknown fn 'di internal error: gest'\"}\n"
            );
        }
    }
}
