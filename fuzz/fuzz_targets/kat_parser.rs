//! `uhash kat` on arbitrary bytes: the first byte chooses the options
//! (`--impl`, and for production any `--backend` name, supported here or
//! not), the rest is the input of a whole run. The run never panics or
//! fails, writes exactly one answer per non-blank line, and each answer is
//! a JSON object with the one field `out` (lowercase hex) or `error` — never
//! an internal error (a caught panic or an implementation's inconsistency,
//! counted in `Summary::internal_errors`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use uhash_cli::kat::{Backend, Impl, KatOptions, run_summary};
use uhash_fuzz::Input;

/// Whether `line` gets no answer: empty or only whitespace, as UTF-8.
fn blank(line: &[u8]) -> bool {
    std::str::from_utf8(line).is_ok_and(|s| s.trim().is_empty())
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input::new(data);
    let o = inp.byte();
    let imp = if o & 1 == 0 {
        Impl::Production
    } else {
        Impl::Reference
    };
    let backend = (imp == Impl::Production && o & 2 != 0)
        .then(|| Backend::ALL[usize::from(o >> 2) % Backend::ALL.len()]);
    let options = KatOptions {
        imp,
        backend,
        strict: o & 0x80 != 0,
    };
    let text = inp.rest();
    let mut out = Vec::new();
    let summary = run_summary(text, &mut out, options).expect("a run into memory cannot fail");
    let out = String::from_utf8(out).expect("answers are UTF-8");
    let expected = text.split(|&b| b == b'\n').filter(|l| !blank(l)).count();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), expected, "one answer per non-blank line");
    assert_eq!(summary.answers, expected as u64);
    assert!(!summary.output_closed);
    let mut errors = 0;
    for line in lines {
        let v: Value = serde_json::from_str(line).expect("an answer is JSON");
        let obj = v.as_object().expect("an answer is an object");
        assert_eq!(obj.len(), 1, "{line}");
        match (obj.get("out"), obj.get("error")) {
            (Some(Value::String(h)), None) => {
                assert!(
                    h.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')),
                    "{line}"
                );
                assert!(h.len() % 2 == 0, "{line}");
            }
            (None, Some(Value::String(_))) => {
                errors += 1;
            }
            _ => panic!("not an answer: {line}"),
        }
    }
    assert_eq!(summary.errors, errors);
    // The error text may quote the record (an unknown name is echoed), so
    // whether an answer reports a bug is read from the run, not the text.
    assert_eq!(
        summary.internal_errors, 0,
        "an implementation failed:\n{out}"
    );
    assert_eq!(
        summary.exit_status(options.strict),
        u8::from(options.strict && errors > 0)
    );
});
