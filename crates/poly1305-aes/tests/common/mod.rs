//! Helpers shared by the test files: the backends to compare, and the
//! known-answer records of `tests/vectors/*.jsonl` at the workspace root
//! with their hex fields. (Each test file uses a subset.)
#![allow(dead_code)]

use std::path::PathBuf;

use poly1305_aes::{Backend, Poly1305, SUPPORTED_BACKENDS};
use serde_json::Value;

/// The backends this build and CPU run: the crate's list, each kept if it
/// can be constructed — `Backend::Asm` included when the crate is built
/// with `asm` (which `Backend::is_supported`, in uhash-core, cannot see).
pub fn supported() -> Vec<Backend> {
    SUPPORTED_BACKENDS
        .iter()
        .copied()
        .filter(|&b| Poly1305::new_with_backend(&[0; 32], b).is_ok())
        .collect()
}

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
