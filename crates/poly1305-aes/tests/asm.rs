//! The hand-written assembly backend (`Backend::Asm`, feature `asm`): it is
//! listed, never detected, and present exactly where CI expects it. Its
//! results are compared with soft and the big-integer reference by the
//! shared tests — `proptests.rs` (random keys, messages and update splits,
//! edge lengths, all-0xff carry stress) and `vectors.rs` (RFC 8439 and
//! Bernstein Appendix A) — which run every backend of
//! `common::supported()`, `Asm` included.
#![cfg(feature = "asm")]

mod common;

use poly1305_aes::{Backend, Error, Poly1305, SUPPORTED_BACKENDS};

#[test]
fn asm_is_listed_never_detected_and_present_where_expected() {
    assert!(SUPPORTED_BACKENDS.contains(&Backend::Asm));
    assert_ne!(poly1305_aes::detect(), Backend::Asm);
    let got = Poly1305::new_with_backend(&[0; 32], Backend::Asm);
    // CI sets UHASH_EXPECT_ASM where the kernels must run.
    if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
        assert!(got.is_ok(), "UHASH_EXPECT_ASM set but no assembly backend");
    }
    match got {
        Ok(p) => {
            assert_eq!(p.backend(), Backend::Asm);
            assert!(common::supported().contains(&Backend::Asm));
        }
        Err(e) => assert_eq!(e, Error::UnsupportedBackend(Backend::Asm)),
    }
}
