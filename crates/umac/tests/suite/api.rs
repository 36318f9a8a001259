//! The API's contract: typed errors for bad keys, nonces, tags and
//! backends; nonce types; sessions and streaming states give the one-shot
//! tags; `Send + Sync` keys; `std::io::Write`.

use uhash_testkit::mac::bit_flipped;
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
            let mac = mac.clone().for_nonce_len($l).unwrap();
            assert_eq!(mac.nonce_len(), $l);
            assert_eq!(mac.authenticate(&typed, msg), mac.authenticate(&dynamic, msg));
            assert!(mac.authenticate(&typed, msg).is_ok());
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
    uhash_testkit::expect::assert_within_cap("umac", Umac128::new(&KEY).backend());
}

#[test]
fn verify_states_and_sessions() {
    let mac = Umac96::new(&KEY);
    let n = UmacNonce::from_counter(41);
    let msg: Vec<u8> = (0..3000u32).map(|i| (i * 7) as u8).collect();
    let tag = mac.authenticate(&n, &msg).unwrap();
    assert_eq!(mac.verify(&n, &msg, &tag), Ok(()));
    let bad = bit_flipped(tag, 95);
    assert_eq!(mac.verify(&n, &msg, &bad), Err(Error::TagMismatch));
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
    assert_eq!(session.finalize(s, &n), Ok(tag));
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
        // A nonce of another length than the key's: an error, and the
        // session goes on.
        let short = Nonce::<3>::from_bytes([1, 2, (i & 0xff) as u8]);
        let wrong = Err(Error::InvalidNonceLength {
            expected: 8,
            got: 3,
        });
        assert_eq!(s64.authenticate(&short, &msg), wrong);
        assert_eq!(m64.authenticate(&short, &msg), wrong);
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
    assert!(shown.contains("nonce_len: 8"), "{shown}");
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

/// RFC 4418 zero-pads a nonce, so under one key `04` and `04 00` had one
/// pad and two tags under them xor to UHASH(M) ⊕ UHASH(M′) (a forgery).
/// A key takes nonces of one length: the pair cannot both be used.
#[test]
fn nonces_of_two_lengths_under_one_key_are_refused() {
    let (a, b) = (
        UmacNonce::from_slice(&[4]).unwrap(),
        UmacNonce::from_slice(&[4, 0]).unwrap(),
    );
    let (m1, m2) = (b"pay 10".as_slice(), b"pay 99".as_slice());
    // The default key (8-byte nonces) takes neither.
    let mac = Umac64::new(&KEY);
    assert_eq!(mac.nonce_len(), 8);
    for n in [&a, &b] {
        let got = n.as_bytes().len();
        let err = Err(Error::InvalidNonceLength { expected: 8, got });
        assert_eq!(mac.authenticate(n, m1), err);
        assert_eq!(mac.session().authenticate(n, m1), err);
        assert_eq!(mac.start().finalize(n), err);
        let mut s = mac.session();
        assert_eq!(s.finalize(mac.start(), n), err);
        let tag = Tag::from_bytes([0; 8]);
        assert_eq!(mac.verify(n, m1, &tag), err.map(|_| ()));
        assert_eq!(mac.start().verify(n, &tag), err.map(|_| ()));
        assert_eq!(s.verify(n, m1, &tag), err.map(|_| ()));
    }
    // A key for 1-byte nonces takes `04` and refuses `04 00`; one for
    // 2-byte nonces the other way round. Every UMAC size.
    macro_rules! pair {
        ($($t:ident)+) => {$(
            let one = $t::with_nonce_len(&KEY, 1).unwrap();
            assert!(one.authenticate(&a, m1).is_ok());
            assert_eq!(
                one.authenticate(&b, m2),
                Err(Error::InvalidNonceLength { expected: 1, got: 2 })
            );
            let two = $t::with_nonce_len(&KEY, 2).unwrap();
            assert!(two.authenticate(&b, m2).is_ok());
            assert_eq!(
                two.authenticate(&a, m1),
                Err(Error::InvalidNonceLength { expected: 2, got: 1 })
            );
        )+};
    }
    pair!(Umac32 Umac64 Umac96 Umac128);
    // Lengths outside 1..=16 are refused when keying.
    assert_eq!(
        Umac64::with_nonce_len(&KEY, 0).err(),
        Some(Error::InvalidNonceLength {
            expected: 1,
            got: 0
        })
    );
    assert_eq!(
        Umac64::new(&KEY).for_nonce_len(17).err(),
        Some(Error::InvalidNonceLength {
            expected: 16,
            got: 17
        })
    );
    assert_eq!(Umac128::with_nonce_len(&KEY, 16).unwrap().nonce_len(), 16);
}
