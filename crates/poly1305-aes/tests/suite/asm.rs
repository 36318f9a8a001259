//! The hand-written assembly backends (feature `asm`): listed, never
//! detected, one instruction set each, the alias `Backend::Asm` resolving
//! to the first this CPU runs, and present exactly where CI expects them
//! (`common::supported`, `uhash_testkit::expect`). Their results are
//! compared with soft and the big-integer reference by the shared tests —
//! `proptests.rs` (random keys, messages and update splits, edge lengths,
//! all-0xff carry stress), `vectors.rs` (RFC 8439 and Bernstein Appendix
//! A), `batch.rs` and `wipe.rs` — which run every backend of
//! `common::supported()`.
#![cfg(feature = "asm")]

use crate::common;

use poly1305_aes::{Backend, Engine, Error, Poly1305};

#[test]
fn asm_backends_are_listed_never_detected_and_present_where_expected() {
    let asm: Vec<Backend> = Engine::BACKENDS
        .iter()
        .copied()
        .filter(|b| b.is_asm())
        .collect();
    assert_eq!(
        asm,
        [
            Backend::IfmaAsm,
            Backend::MulxAsm,
            Backend::NeonAsm,
            Backend::Aarch64Asm,
            Backend::Armv4Asm
        ]
    );
    assert!(!Engine::detect().backend().is_asm());
    let supported = common::supported();
    let first = asm.iter().copied().find(|b| supported.contains(b));
    let got = Poly1305::new_with_backend(&[0; 32], Backend::Asm);
    match (got, first) {
        (Ok(p), Some(b)) => assert_eq!(p.backend(), b, "the alias names a concrete backend"),
        (Err(e), None) => assert_eq!(e, Error::UnsupportedBackend(Backend::Asm)),
        (got, first) => panic!("alias: {got:?} against first supported {first:?}"),
    }
    if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_base::backend::forced_soft() {
        assert!(
            first.is_some(),
            "UHASH_EXPECT_ASM set but no assembly backend"
        );
    }
}
