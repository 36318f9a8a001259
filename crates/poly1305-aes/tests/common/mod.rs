//! Helpers shared by the test files: the backends to compare, and the
//! known-answer records of `tests/vectors/*.jsonl` at the workspace root
//! with their hex fields. (Each test file uses a subset.)
#![allow(dead_code)]

use std::path::PathBuf;

use poly1305_aes::{Backend, Engine};
use serde_json::Value;

/// The backends this build and CPU run (`Engine::all_supported()`, the
/// assembly ones included with feature `asm`) — failing first if CI
/// requires one that is missing (`UHASH_EXPECT_X86`, `UHASH_EXPECT_ASM`).
pub fn supported() -> Vec<Backend> {
    let got: Vec<Backend> = Engine::all_supported().map(|e| e.backend()).collect();
    uhash_testkit::expect::assert_supported("poly1305-aes", Engine::BACKENDS, &got);
    got
}

/// The JSON records (one per line) of `tests/vectors/<file>`.
pub fn records(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
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
