//! The `uhash kat` command against known answers, the published vector
//! files and the reference implementation: one file per family (`mmh`,
//! `digest`, `poly1305`, `dfc`, `sqh`, `umac`, `nhpoly1305`, `core` for the shared
//! constructions),
//! `malformed` for bad input and flags, `backends` for `--backend` (every
//! backend, known answers and published vectors), helpers in `common`.

mod arbitrary;
mod backends;
mod common;
mod core;
mod dfc;
mod digest;
mod malformed;
mod mmh;
mod nhpoly1305;
mod poly1305;
mod sqh;
mod umac;

use common::*;
use serde_json::Value;
use uhash_cli::kat::functions;

/// `(input line, expected out hex)` for every name.
fn known_answers() -> Vec<(String, String)> {
    let mut v = Vec::new();
    let mut add = |line: String, out: String| v.push((line, out));
    mmh::known(&mut add);
    dfc::known(&mut add);
    poly1305::known(&mut add);
    digest::digest_answers(&mut add);
    core::known(&mut add);
    digest::known(&mut add);
    sqh::known(&mut add);
    umac::known(&mut add);
    nhpoly1305::known(&mut add);
    v
}

#[test]
fn reference_answers_every_name() {
    let cases = known_answers();
    let mut covered = names_of(&cases);
    let mut all: Vec<String> = functions().map(|e| e.name.to_owned()).collect();
    all.sort();
    covered.retain(|n| all.contains(n));
    assert_eq!(covered, all, "every name needs a known answer here");

    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let lines = reference(&input);
    assert_eq!(lines.len(), cases.len());
    for ((line, want), got) in cases.iter().zip(&lines) {
        assert_eq!(got, &out_line(want), "input: {line}");
    }
}

#[test]
fn impl_equals_form_is_accepted() {
    let line = rec("mmh32", &le32(&[1, 2]), &le32(&[3, 4]), Value::Null);
    assert_eq!(
        kat(&["--impl=reference"], &line),
        vec![out_line(&le32(&[11]))]
    );
}

// ---------------------------------------------------------------------------
// The default implementation.

/// Every name of the table answers in production: no name is left to the
/// reference alone (the "no production implementation yet" answer exists
/// for names a family has not implemented; today there are none).
#[test]
fn every_name_has_a_production_implementation() {
    let names: Vec<&str> = functions().map(|e| e.name).collect();
    assert!(names.len() >= 20, "the table lost names: {names:?}");
    let input: String = names
        .iter()
        .map(|name| format!("{}\n", rec(name, "00", "00", Value::Null)))
        .collect();
    let lines = kat(&["--impl", "production"], &input);
    assert_eq!(lines.len(), names.len());
    for (name, line) in names.iter().zip(&lines) {
        assert!(
            !line.contains("no production implementation"),
            "{name}: {line}"
        );
    }
}
