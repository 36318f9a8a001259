//! The hand-written assembly backend (`Backend::Asm`, feature `asm`)
//! against the portable `soft64` backend and the big-integer reference
//! `uhash-ref`: random keys, messages and update splits; edge lengths;
//! all-0xff messages and keys; the RFC 8439 and Bernstein Appendix A
//! vectors. With `UHASH_EXPECT_ASM=1` (CI) a missing assembly backend is a
//! failure, not a skip.
#![cfg(feature = "asm")]

mod common;

use common::{hexf, hexv, records};
use poly1305_aes::universal_hash::UniversalHash;
use poly1305_aes::{Backend, Error, Nonce, Poly1305, Poly1305Aes, SUPPORTED_BACKENDS};
use proptest::prelude::*;
use uhash_ref::poly1305 as reference;

/// Whether this build and CPU run the assembly backend; with
/// `UHASH_EXPECT_ASM` set it must.
fn asm() -> bool {
    let got = Poly1305::new_with_backend(&[0; 32], Backend::Asm);
    if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
        assert!(got.is_ok(), "UHASH_EXPECT_ASM set but no assembly backend");
    }
    match got {
        Ok(p) => {
            assert_eq!(p.backend(), Backend::Asm);
            true
        }
        Err(e) => {
            assert_eq!(e, Error::UnsupportedBackend(Backend::Asm));
            false
        }
    }
}

#[test]
fn asm_is_listed_and_never_detected() {
    assert!(SUPPORTED_BACKENDS.contains(&Backend::Asm));
    assert_ne!(poly1305_aes::detect(), Backend::Asm);
    let _ = asm();
}

const EDGE: &[usize] = &[
    0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025, 1040, 4095, 4096, 4097,
];

/// The tag of every form (one-shot, Poly1305-AES, split updates,
/// `update_padded` pieces) on the asm backend equals soft's and the
/// reference's.
fn check(key: &[u8; 32], nonce: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let want = reference::poly1305(key, msg);
    let soft = Poly1305::new_with_backend(key, Backend::Soft).unwrap();
    assert_eq!(<[u8; 16]>::from(soft.compute_unpadded(msg)), want);
    let p = Poly1305::new_with_backend(key, Backend::Asm).unwrap();
    assert_eq!(
        <[u8; 16]>::from(p.clone().compute_unpadded(msg)),
        want,
        "len {}",
        msg.len()
    );
    let mut p2 = p;
    let mut at = 0;
    for &s in splits {
        let s = (s.min(msg.len()) & !15).max(at);
        p2.update_padded(&msg[at..s]);
        at = s;
    }
    assert_eq!(
        <[u8; 16]>::from(p2.compute_unpadded(&msg[at..])),
        want,
        "padded split {splits:?}"
    );

    let (k, r) = key.split_at(16);
    let k: [u8; 16] = k.try_into().unwrap();
    let r = reference::clamp(&r.try_into().unwrap());
    let mut aes_key = [0u8; 32];
    aes_key[..16].copy_from_slice(&k);
    aes_key[16..].copy_from_slice(&r);
    let want_aes = reference::poly1305_aes(&k, &r, nonce, msg).unwrap();
    let nonce = Nonce::from_bytes(*nonce);
    let mac = Poly1305Aes::new(&aes_key)
        .unwrap()
        .with_backend(Backend::Asm)
        .unwrap();
    assert_eq!(mac.authenticate(&nonce, msg), want_aes, "len {}", msg.len());
    let mut st = mac.start();
    let mut at = 0;
    for &s in splits {
        let s = s.min(msg.len()).max(at);
        st.update(&msg[at..s]);
        at = s;
    }
    st.update(&msg[at..]);
    assert_eq!(st.finalize(&nonce), want_aes, "split {splits:?}");
}

#[test]
fn edge_lengths_and_carry_stress() {
    if !asm() {
        return;
    }
    let mut seed = 0x0f1e_2d3c_4b5a_6978u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as u8
    };
    for &len in EDGE {
        let msg: Vec<u8> = (0..len).map(|_| next()).collect();
        let key: [u8; 32] = core::array::from_fn(|_| next());
        let nonce: [u8; 16] = core::array::from_fn(|_| next());
        check(&key, &nonce, &msg, &[len / 3, len / 2 + 1]);
        let ff = vec![0xffu8; len];
        check(&[0xff; 32], &[0xff; 16], &ff, &[7, 300]);
        check(&key, &nonce, &ff, &[]);
        check(&[0xff; 32], &nonce, &msg, &[1, 17, 1100]);
        check(&key, &nonce, &vec![0u8; len], &[len / 2]);
    }
}

#[test]
fn rfc8439_and_bernstein_vectors() {
    if !asm() {
        return;
    }
    let recs = records("poly1305_rfc8439.jsonl");
    assert_eq!(recs.len(), 16);
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        let p = Poly1305::new_with_backend(&key, Backend::Asm).unwrap();
        assert_eq!(<[u8; 16]>::from(p.clone().compute_unpadded(&msg)), want);
        assert_eq!(p.verify_unpadded(&msg, &want), Ok(()));
    }
    let recs = records("poly1305_aes_bernstein.jsonl");
    assert_eq!(recs.len(), 4);
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let nonce = Nonce::from_bytes(hexf(v, "nonce"));
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        let mac = Poly1305Aes::new(&key)
            .unwrap()
            .with_backend(Backend::Asm)
            .unwrap();
        assert_eq!(mac.backend(), Backend::Asm);
        assert_eq!(mac.authenticate(&nonce, &msg), want);
        assert_eq!(mac.verify(&nonce, &msg, &want), Ok(()));
        let mut st = mac.start();
        for c in msg.chunks(3) {
            st.update(c);
        }
        assert_eq!(st.finalize(&nonce), want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)))]

    #[test]
    fn matches_soft_and_reference(
        key in prop::array::uniform32(any::<u8>()),
        nonce in prop::array::uniform16(any::<u8>()),
        msg in prop::collection::vec(any::<u8>(), 0..1200),
        splits in prop::collection::vec(0usize..1200, 0..6),
    ) {
        if !asm() {
            return Ok(());
        }
        let mut splits = splits;
        splits.sort_unstable();
        check(&key, &nonce, &msg, &splits);
    }

    #[test]
    fn long_messages_match_reference(
        key in prop::array::uniform32(any::<u8>()),
        len in 1000usize..6000,
        fill in any::<u8>(),
        split in 0usize..6000,
    ) {
        if !asm() {
            return Ok(());
        }
        let msg: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(31) ^ fill).collect();
        check(&key, &[fill; 16], &msg, &[split]);
    }
}
