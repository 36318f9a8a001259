//! `uhash kat` for Adiantum's NH and NHPoly1305: the published vectors
//! (nhpoly1305's `tests/vectors/`: Linux's `nhpoly1305` test vectors, the
//! Adiantum authors' NH vectors) through both implementations, and the
//! length errors, the same from both.

use serde_json::Value;

use super::common::*;

/// The records of one vector file and their expected outputs.
fn records(file: &str) -> Vec<(String, String)> {
    uhash_testkit::vectors::read(file)
        .into_iter()
        .map(|v| {
            let out = v["out"].as_str().unwrap().to_owned();
            (v.to_string(), out)
        })
        .collect()
}

/// Known answers of this family: every record of both files.
pub fn known(add: &mut impl FnMut(String, String)) {
    for file in ["nhpoly1305_linux.jsonl", "nh_adiantum.jsonl"] {
        for (line, out) in records(file) {
            add(line, out);
        }
    }
}

#[test]
fn nhpoly1305_vector_files_both_impls() {
    for (file, n) in [("nhpoly1305_linux.jsonl", 6), ("nh_adiantum.jsonl", 15)] {
        let recs = records(file);
        assert_eq!(recs.len(), n, "{file}");
        let input: String = recs.iter().map(|(l, _)| format!("{l}\n")).collect();
        for args in [&["--impl", "reference"][..], &[][..]] {
            let lines = kat(args, &input);
            assert_eq!(lines.len(), recs.len());
            for ((line, want), got) in recs.iter().zip(&lines) {
                assert_eq!(got, &out_line(want), "{args:?} {file}: {}", &line[..80]);
            }
        }
    }
}

#[test]
fn bad_lengths_are_the_same_error_from_both() {
    let key = "00".repeat(1088);
    let mut input = String::new();
    for len in [0usize, 15, 17, 1040] {
        input.push_str(&rec("nh_adiantum", &key, &"ab".repeat(len), Value::Null));
        input.push('\n');
    }
    input.push_str(&rec(
        "nh_adiantum",
        &"00".repeat(1071),
        &"ab".repeat(16),
        Value::Null,
    ));
    input.push('\n');
    input.push_str(&rec("nhpoly1305", &"00".repeat(1087), "", Value::Null));
    input.push('\n');
    let prod = kat(&[], &input);
    let refr = kat(&["--impl", "reference"], &input);
    assert_eq!(prod, refr);
    assert_eq!(prod.len(), 6);
    for (i, line) in prod.iter().enumerate() {
        assert!(line.contains("\"error\""), "{i}: {line}");
    }
    assert!(prod[0].contains("got 0"), "{}", prod[0]);
    assert!(prod[4].contains("key too short"), "{}", prod[4]);
}
