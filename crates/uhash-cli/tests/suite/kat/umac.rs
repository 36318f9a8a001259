//! `uhash kat` for RFC 4418 UMAC: the published vectors
//! (umac's `tests/vectors/umac*_rfc4418.jsonl`, RFC 4418 Appendix + nettle's
//! additions) through both implementations. Records whose message is a
//! repeated unit (`msg_len` > the given bytes) are expanded first, up to
//! 64 KiB here (the longer ones run in the `umac` crate's own tests).

use serde_json::Value;

use super::common::*;

/// The records of one vector file with their messages expanded, and their
/// expected outputs; records longer than `max` bytes are left out.
fn records(file: &str, max: usize) -> Vec<(String, String)> {
    uhash_testkit::vectors::read(file)
        .into_iter()
        .filter_map(|mut v| {
            let len = v["msg_len"].as_u64().unwrap() as usize;
            if len > max {
                return None;
            }
            v["msg"] = Value::from(hex::encode(uhash_testkit::vectors::msg(&v)));
            let out = v["out"].as_str().unwrap().to_owned();
            Some((v.to_string(), out))
        })
        .collect()
}

/// Known answers of this family: the records of up to 1 KiB.
pub fn known(add: &mut impl FnMut(String, String)) {
    for n in [32, 64, 96, 128] {
        for (line, out) in records(&format!("umac{n}_rfc4418.jsonl"), 1024) {
            add(line, out);
        }
    }
}

#[test]
fn umac_vector_files_both_impls() {
    for n in [32, 64, 96, 128] {
        let recs = records(&format!("umac{n}_rfc4418.jsonl"), 1 << 16);
        assert!(recs.len() >= 20, "umac{n}: {} records", recs.len());
        let input: String = recs.iter().map(|(l, _)| format!("{l}\n")).collect();
        for args in [&["--impl", "reference"][..], &[][..]] {
            let lines = kat(args, &input);
            assert_eq!(lines.len(), recs.len());
            for ((line, want), got) in recs.iter().zip(&lines) {
                assert_eq!(
                    got,
                    &out_line(want),
                    "{args:?} input: {}",
                    &line[..80.min(line.len())]
                );
            }
        }
    }
}
