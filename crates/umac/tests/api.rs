//! The API's contract: typed errors for bad keys, nonces, tags and
//! backends; nonce types; sessions and streaming states give the one-shot
//! tags; `Send + Sync` keys; `std::io::Write`.

use umac::{Backend, Engine32, Error, Nonce, Tag, Umac32, Umac64, Umac96, Umac128, UmacNonce};

const KEY: [u8; 16] = *b"abcdefghijklmnop";

#[test]
fn bad_lengths_are_typed_errors() {
    for len in [0, 1, 15, 17, 32] {
        let k = vec![7u8; len];
        assert_eq!(
            Umac64::from_slice(&k).err(),
            Some(Error::InvalidKeyLength {
                expected: 16,
                got: len
            })
        );
        assert!(Umac32::from_slice(&k).is_err() && Umac96::from_slice(&k).is_err());
        assert!(Umac128::from_slice(&k).is_err());
    }
    assert!(Umac128::from_slice(&KEY).is_ok());
    assert_eq!(
        UmacNonce::from_slice(&[]),
        Err(Error::InvalidNonceLength {
            expected: 1,
            got: 0
        })
    );
    assert_eq!(
        UmacNonce::from_slice(&[0; 17]),
        Err(Error::InvalidNonceLength {
            expected: 16,
            got: 17
        })
    );
    assert_eq!(
        Tag::<8>::from_slice(&[0; 7]),
        Err(Error::InvalidTagLength {
            expected: 8,
            got: 7
        })
    );
    assert_eq!(
        Umac64::new_with_backend(&KEY, Backend::Ifma).err(),
        Some(Error::UnsupportedBackend(Backend::Ifma))
    );
}

#[test]
fn nonce_types_agree() {
    let mac = Umac64::new(&KEY);
    let msg = b"the same message";
    macro_rules! lengths {
        ($($l:literal)+) => {$(
            let b: [u8; $l] = core::array::from_fn(|i| i as u8 * 7 + 1);
            let typed = Nonce::<$l>::from_bytes(b);
            let dynamic = UmacNonce::from_slice(&b).unwrap();
            assert_eq!(UmacNonce::from(typed), dynamic);
            assert_eq!(mac.authenticate(&typed, msg), mac.authenticate(&dynamic, msg));
        )+};
    }
    lengths!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    assert_eq!(
        UmacNonce::from_counter(0x0102).as_bytes(),
        &[0, 0, 0, 0, 0, 0, 1, 2]
    );
    assert_eq!(
        format!("{:?}", UmacNonce::from_counter(1)),
        "UmacNonce(0000000000000001)"
    );
}

#[test]
fn every_supported_backend_can_be_chosen() {
    for e in Engine32::all_supported() {
        let mac = Umac64::new_with_backend(&KEY, e.backend()).unwrap();
        assert_eq!(mac.backend(), e.backend());
        assert_eq!(mac.engine(), e);
    }
    if let Ok(e) = Engine32::new(Backend::Asm) {
        assert_eq!(
            Umac32::new_with_backend(&KEY, Backend::Asm)
                .unwrap()
                .backend(),
            e.backend()
        );
    }
    assert_eq!(Umac128::new(&KEY).backend(), Engine32::detect().backend());
    uhash_testkit::expect::assert_within_avx2_cap("umac", Umac128::new(&KEY).backend());
}

#[test]
fn verify_states_and_sessions() {
    let mac = Umac96::new(&KEY);
    let n = UmacNonce::from_counter(41);
    let msg: Vec<u8> = (0..3000u32).map(|i| (i * 7) as u8).collect();
    let tag = mac.authenticate(&n, &msg);
    assert_eq!(mac.verify(&n, &msg, &tag), Ok(()));
    let mut bad = tag.into_bytes();
    bad[11] ^= 0x80;
    assert_eq!(
        mac.verify(&n, &msg, &Tag::from_bytes(bad)),
        Err(Error::TagMismatch)
    );
    assert_eq!(
        mac.verify(&UmacNonce::from_counter(42), &msg, &tag),
        Err(Error::TagMismatch)
    );
    let mut s = mac.start();
    s.update(&msg[..1000]).unwrap();
    s.update(&msg[1000..]).unwrap();
    assert_eq!(s.verify(&n, &tag), Ok(()));
    let mut session = mac.session();
    let mut s = mac.start();
    s.update(&msg).unwrap();
    assert_eq!(session.finalize(s, &n), tag);
    assert_eq!(session.verify(&n, &msg, &tag), Ok(()));
    assert_eq!(session.verify(&n, &msg[1..], &tag), Err(Error::TagMismatch));
}

#[test]
fn sessions_share_the_pdf_block_and_give_the_same_tags() {
    let m32 = Umac32::new(&KEY);
    let m64 = Umac64::new(&KEY);
    let m128 = Umac128::new(&KEY);
    let (mut s32, mut s64, mut s128) = (m32.session(), m64.session(), m128.session());
    for i in 0..20u64 {
        let n = UmacNonce::from_counter(1000 + i);
        let msg = i.to_le_bytes();
        assert_eq!(s32.authenticate(&n, &msg), m32.authenticate(&n, &msg));
        assert_eq!(s64.authenticate(&n, &msg), m64.authenticate(&n, &msg));
        assert_eq!(s128.authenticate(&n, &msg), m128.authenticate(&n, &msg));
        // A nonce of another length after: a different block.
        let short = Nonce::<3>::from_bytes([1, 2, (i & 0xff) as u8]);
        assert_eq!(
            s64.authenticate(&short, &msg),
            m64.authenticate(&short, &msg)
        );
    }
}

#[test]
fn keys_are_send_sync_and_debug_shows_no_secret() {
    fn shared<T: Send + Sync + Clone>() {}
    shared::<Umac32>();
    shared::<Umac64>();
    shared::<Umac96>();
    shared::<Umac128>();
    let mac = Umac64::new(&KEY);
    let shown = format!("{mac:?} {:?} {:?}", mac.start(), mac.session());
    assert!(shown.starts_with("Umac64 { backend: "), "{shown}");
    assert!(!shown.contains("abcdefgh") && !shown.contains("6162636465"));
    // Threads share one key.
    std::thread::scope(|s| {
        let h = s.spawn(|| mac.authenticate(&UmacNonce::from_counter(1), b"x"));
        assert_eq!(
            h.join().unwrap(),
            mac.authenticate(&UmacNonce::from_counter(1), b"x")
        );
    });
}

#[cfg(feature = "std")]
#[test]
fn states_are_io_write() {
    use std::io::Write;
    let mac = Umac128::new(&KEY);
    let msg: Vec<u8> = (0..5000u32).map(|i| i as u8).collect();
    let mut s = mac.start();
    std::io::copy(&mut &msg[..], &mut s).unwrap();
    s.flush().unwrap();
    let n = UmacNonce::from_counter(9);
    assert_eq!(s.finalize(&n), mac.authenticate(&n, &msg));
}
