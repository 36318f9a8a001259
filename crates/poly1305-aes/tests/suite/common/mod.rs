//! Helpers shared by the test files: the backends to compare, and the
//! known-answer records of `tests/vectors/*.jsonl` at the workspace root
//! with their hex fields. (Each test file uses a subset.)
#![allow(dead_code)]

use poly1305_aes::{Backend, Engine};

/// The backends this build and CPU run (`Engine::all_supported()`, the
/// assembly ones included with feature `asm`) — failing first if CI
/// requires one that is missing (`UHASH_EXPECT_X86`, `UHASH_EXPECT_ASM`).
pub fn supported() -> Vec<Backend> {
    let got: Vec<Backend> = Engine::all_supported().map(|e| e.backend()).collect();
    uhash_testkit::expect::assert_supported("poly1305-aes", Engine::BACKENDS, &got);
    got
}

/// The JSON records (one per line) of a published vector file, and
/// their hex fields (as exactly N bytes, or as bytes).
#[allow(unused_imports)] // not every test file uses them
pub use uhash_testkit::vectors::{hex as hexv, hex_n as hexf, read as records};
