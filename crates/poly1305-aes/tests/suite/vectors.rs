//! Known answers from outside: Bernstein's Appendix A examples (all 4,
//! through `Poly1305Aes`, on every backend) and the 16 RFC 8439 vectors
//! (through `Poly1305`), read from `tests/vectors/*.jsonl` at the workspace
//! root; and the rejection of an r with clamped bits set.

use crate::common;

use common::{hexf, hexv, records, supported};
use poly1305_aes::universal_hash::common::TryKeyInit;
use poly1305_aes::universal_hash::{KeyInit, UniversalHash};
use poly1305_aes::{Backend, Engine, Error, MacTag, Nonce, Poly1305, Poly1305Aes, Tag};
use uhash_testkit::mac::bit_flipped;

#[test]
fn bernstein_appendix_a() {
    let recs = records("poly1305_aes_bernstein.jsonl");
    assert_eq!(recs.len(), 4);
    for v in &recs {
        let key: [u8; 32] = hexf(v, "key");
        let nonce = Nonce::from_bytes(hexf(v, "nonce"));
        let msg = hexv(v, "msg");
        let want = MacTag::from_bytes(hexf(v, "out"));
        for b in supported() {
            let mac = Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap();
            assert_eq!(mac.backend(), b);
            assert_eq!(mac.authenticate(&nonce, &msg), want, "{b}");
            assert_eq!(mac.verify(&nonce, &msg, &want), Ok(()));
            let bad = bit_flipped(want, 127);
            assert_eq!(mac.verify(&nonce, &msg, &bad), Err(Error::TagMismatch));
            let mut st = mac.start();
            for c in msg.chunks(3) {
                st.update(c);
            }
            assert_eq!(st.finalize(&nonce), want);
            let mut st = mac.start();
            st.update(&msg);
            assert_eq!(st.verify(&nonce, &want), Ok(()));
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
        let want_tag = Tag::from(want);
        assert_eq!(Poly1305::mac(&key, &msg), want_tag);
        for b in supported() {
            let p = Poly1305::new_with_backend(&key, b).unwrap();
            assert_eq!(p.backend(), b);
            assert_eq!(
                <[u8; 16]>::from(p.clone().compute_unpadded(&msg)),
                want,
                "{b}"
            );
            assert_eq!(p.verify_unpadded(&msg, &want_tag), Ok(()));
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
    let supported = supported();
    for b in Backend::ALL {
        let got = Poly1305::new_with_backend(&key, b);
        if b.is_asm() {
            // Depends on this crate's build (feature `asm`), which
            // `is_supported` cannot see: tests/suite/asm.rs checks it.
            continue;
        }
        assert_eq!(got.is_ok(), supported.contains(&b), "{b}");
        assert_eq!(
            got.is_ok(),
            Engine::BACKENDS.contains(&b) && b.is_supported(),
            "{b}"
        );
    }
    // The same answers from the engine and every constructor.
    for &b in Engine::BACKENDS {
        let e = Engine::new(b);
        assert_eq!(e.is_ok(), supported.contains(&b), "{b}");
        assert_eq!(
            Poly1305Aes::new(&key).unwrap().with_backend(b).err(),
            e.err()
        );
        assert_eq!(
            poly1305_aes::batch::Batch::with_backend(b).err(),
            Engine::new(b).err()
        );
    }
}

#[test]
fn detection_picks_the_fastest() {
    let d = Engine::detect().backend();
    assert_eq!(poly1305_aes::detect(), d);
    assert_eq!(poly1305_aes::SUPPORTED_BACKENDS, Engine::BACKENDS);
    assert!(d.is_supported());
    // The first supported backend of the list: with `supported()` checking
    // CI's expectations (UHASH_EXPECT_X86), the fastest the CPU has.
    assert_eq!(d, supported()[0]);
    assert_eq!(Engine::default(), Engine::detect());
    if uhash_base::backend::forced_soft() {
        assert_eq!(d, Backend::Soft);
    }
    uhash_testkit::expect::assert_within_cap("poly1305-aes", d);
    // Every AArch64 CPU (and qemu-aarch64) has Advanced SIMD.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if !uhash_base::backend::forced_soft() {
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
        let want = MacTag::from_bytes(hexf(v, "out"));
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
    let padded_tag: Tag = p.clone().finalize();
    assert!(p.clone().verify(&padded_tag).is_ok());
    let mut bad = padded_tag;
    bad[0] ^= 1;
    assert!(p.verify(&bad).is_err());
}

/// `std::io::Write` on the streaming MAC state: `io::copy` from a reader
/// gives the one-shot tag.
#[cfg(feature = "std")]
#[test]
fn streaming_state_is_io_write() {
    let v = &records("poly1305_aes_bernstein.jsonl")[3];
    let key: [u8; 32] = hexf(v, "key");
    let nonce = Nonce::from_bytes(hexf(v, "nonce"));
    let msg = hexv(v, "msg");
    let want = MacTag::from_bytes(hexf(v, "out"));
    for b in supported() {
        let mac = Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap();
        let mut st = mac.start();
        std::io::copy(&mut msg.as_slice(), &mut st).unwrap();
        std::io::Write::flush(&mut st).unwrap();
        assert_eq!(st.finalize(&nonce), want, "{b}");
    }
}
