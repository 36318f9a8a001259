//! Known answers from outside: Bernstein's Appendix A examples (all 4,
//! through `Poly1305Aes`, on every backend) and the 16 RFC 8439 vectors
//! (through `Poly1305`), read from `tests/vectors/*.jsonl` at the workspace
//! root; and the rejection of an r with clamped bits set.

mod common;

use common::{hexf, hexv, records, supported};
use poly1305_aes::universal_hash::common::TryKeyInit;
use poly1305_aes::universal_hash::{KeyInit, UniversalHash};
use poly1305_aes::{Backend, Error, Nonce, Poly1305, Poly1305Aes, SUPPORTED_BACKENDS};

#[test]
fn bernstein_appendix_a() {
    let recs = records("poly1305_aes_bernstein.jsonl");
    assert_eq!(recs.len(), 4);
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let nonce = Nonce::from_bytes(hexf(v, "nonce"));
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        for b in supported() {
            let mac = Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap();
            assert_eq!(mac.authenticate(&nonce, &msg), want, "{b}");
            assert_eq!(mac.verify(&nonce, &msg, &want), Ok(()));
            let mut bad = want;
            bad[15] ^= 0x80;
            assert_eq!(mac.verify(&nonce, &msg, &bad), Err(Error::TagMismatch));
            let mut st = mac.start();
            for c in msg.chunks(3) {
                st.update(c);
            }
            assert_eq!(st.finalize(&nonce), want);
        }
        let via_trait = <Poly1305Aes as TryKeyInit>::new(&key.into()).unwrap();
        assert_eq!(via_trait.authenticate(&nonce, &msg), want);
    }
}

#[test]
fn rfc8439_vectors() {
    let recs = records("poly1305_rfc8439.jsonl");
    assert_eq!(recs.len(), 16);
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        assert_eq!(Poly1305::mac(&key, &msg), want);
        for b in supported() {
            let p = Poly1305::new_with_backend(&key, b).unwrap();
            assert_eq!(
                <[u8; 16]>::from(p.clone().compute_unpadded(&msg)),
                want,
                "{b}"
            );
            assert_eq!(p.verify_unpadded(&msg, &want), Ok(()));
        }
        // UniversalHash: whole blocks through update, the tail unpadded.
        let mut p = Poly1305::new(&key.into());
        let full = msg.len() / 16 * 16;
        let (blocks, _) = msg[..full].as_chunks::<16>();
        let blocks: Vec<_> = blocks.iter().map(|b| (*b).into()).collect();
        p.update(&blocks);
        assert_eq!(<[u8; 16]>::from(p.compute_unpadded(&msg[full..])), want);
    }
}

#[test]
fn unclamped_r_is_rejected() {
    let base: [u8; 32] = hexf(&records("poly1305_aes_bernstein.jsonl")[0], "key");
    // Each of the 22 bits the paper requires to be 0, alone.
    let mut n = 0;
    for (byte, bits) in [
        (3, 0xf0u8),
        (7, 0xf0),
        (11, 0xf0),
        (15, 0xf0),
        (4, 3),
        (8, 3),
        (12, 3),
    ] {
        for bit in 0..8 {
            if bits & (1 << bit) == 0 {
                continue;
            }
            let mut key = base;
            key[16 + byte] |= 1 << bit;
            assert!(matches!(
                Poly1305Aes::new(&key),
                Err(Error::InvalidKey { .. })
            ));
            assert!(<Poly1305Aes as TryKeyInit>::new(&key.into()).is_err());
            n += 1;
        }
    }
    assert_eq!(n, 22);
    assert!(Poly1305Aes::new(&base).is_ok());
}

#[test]
fn forcing_an_unsupported_backend_is_an_error() {
    let key = [0u8; 32];
    let foreign = if cfg!(target_arch = "aarch64") {
        Backend::Avx2
    } else {
        Backend::Neon
    };
    assert_eq!(
        Poly1305::new_with_backend(&key, foreign).err(),
        Some(Error::UnsupportedBackend(foreign))
    );
    // Mulx is a uhash backend this crate does not implement.
    assert_eq!(
        Poly1305::new_with_backend(&key, Backend::Mulx).err(),
        Some(Error::UnsupportedBackend(Backend::Mulx))
    );
    for b in Backend::ALL {
        if b == Backend::Asm {
            // Depends on this crate's build (feature `asm`), which
            // `is_supported` cannot see: tests/asm.rs checks it.
            continue;
        }
        let ok = Poly1305::new_with_backend(&key, b).is_ok();
        assert_eq!(
            ok,
            SUPPORTED_BACKENDS.contains(&b) && b.is_supported(),
            "{b}"
        );
    }
}

#[test]
fn detection_picks_the_fastest() {
    let d = poly1305_aes::detect();
    assert!(d.is_supported());
    assert_eq!(
        d,
        SUPPORTED_BACKENDS
            .iter()
            .copied()
            .find(|b| b.is_supported())
            .unwrap()
    );
    if uhash_core::backend::forced_soft() {
        assert_eq!(d, Backend::Soft);
    }
    // CI lists its CPU's flags (UHASH_EXPECT_X86): the default must be the
    // fastest backend they cover.
    #[cfg(target_arch = "x86_64")]
    {
        use uhash_core::backend::{Avx2, Avx512, Ifma};
        let ci = std::env::var("UHASH_EXPECT_X86").unwrap_or_default();
        if !uhash_core::backend::forced_soft() && !ci.is_empty() {
            let best = if Ifma::listed_in(&ci) {
                Backend::Ifma
            } else if Avx512::listed_in(&ci) {
                Backend::Avx512
            } else if Avx2::listed_in(&ci) {
                Backend::Avx2
            } else {
                Backend::Soft
            };
            assert_eq!(d, best);
        }
    }
    // Every AArch64 CPU (and qemu-aarch64) has Advanced SIMD.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if !uhash_core::backend::forced_soft() {
        assert_eq!(d, Backend::Neon);
    }
}

#[test]
fn universal_hash_verify_and_cipher_replaceability() {
    use aes::cipher::KeyInit as _;
    use poly1305_aes::Poly1305With;
    let recs = records("poly1305_aes_bernstein.jsonl");
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let nonce = Nonce::from_bytes(hexf(v, "nonce"));
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        // The generic path over a RustCrypto cipher (blanket PadCipher impl)
        // gives the paper's tags too.
        let k: [u8; 16] = key[..16].try_into().unwrap();
        let r: [u8; 16] = key[16..].try_into().unwrap();
        let generic = Poly1305With::from_cipher(aes::Aes128::new(&k.into()), &r).unwrap();
        assert_eq!(generic.authenticate(&nonce, &msg), want);
        // ... and another 16-byte-block cipher gives another MAC.
        let mut k256 = [0u8; 32];
        k256[..16].copy_from_slice(&k);
        let other = Poly1305With::from_cipher(aes::Aes256::new(&k256.into()), &r).unwrap();
        assert_ne!(other.authenticate(&nonce, &msg), want);
    }
    // UniversalHash::verify (constant-time, from the trait) accepts the
    // tag of the zero-padded message and rejects a flipped bit.
    let v = &records("poly1305_rfc8439.jsonl")[0];
    let key: [u8; 32] = hexf(v, "key");
    let msg = hexv(v, "msg");
    let mut p = Poly1305::new(&key.into());
    p.update_padded(&msg);
    let padded_tag = p.clone().finalize();
    assert!(p.clone().verify(&padded_tag).is_ok());
    let mut bad = padded_tag;
    bad[0] ^= 1;
    assert!(p.verify(&bad).is_err());
}
