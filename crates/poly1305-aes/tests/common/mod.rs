//! Helpers shared by the test files: the known-answer records of
//! `tests/vectors/*.jsonl` at the workspace root and their hex fields.

use std::path::PathBuf;

use serde_json::Value;

/// The JSON records (one per line) of `tests/vectors/<file>`.
pub fn records(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/vectors")
        .join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Field `f` of `v`, hex, as exactly N bytes.
pub fn hexf<const N: usize>(v: &Value, f: &str) -> [u8; N] {
    hex::decode(v[f].as_str().unwrap())
        .unwrap()
        .try_into()
        .unwrap()
}

/// Field `f` of `v`, hex, as bytes.
pub fn hexv(v: &Value, f: &str) -> Vec<u8> {
    hex::decode(v[f].as_str().unwrap()).unwrap()
}
