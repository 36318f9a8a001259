//! digest′ (§5) against the reference for b = 16 and 32 (random keys and
//! messages, every split of the streaming form), the reference's known
//! answers, the key-length errors, and [`ShortCode`] rendering and parsing.

use digest_mw::{
    DigestPrime, Error, K1_BYTES_16, K1_BYTES_32, ShortCode, digest_prime16, digest_prime32,
};
use proptest::prelude::*;
use uhash_ref::digest::digest_prime as rprime;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn equals_reference_with_any_split(
        k1 in proptest::collection::vec(any::<u8>(), K1_BYTES_32),
        k2 in proptest::collection::vec(any::<u8>(), 10..40),
        msg in proptest::collection::vec(any::<u8>(), 0..300),
        cut in any::<prop::sample::Index>(),
    ) {
        let r32 = rprime(32, &k1, &k2, &msg).unwrap();
        let r16 = rprime(16, &k1[..K1_BYTES_16], &k2, &msg).unwrap();
        prop_assert_eq!(u64::from(digest_prime32(&k1, &k2, &msg).unwrap()), r32);
        prop_assert_eq!(u64::from(digest_prime16(&k1[..K1_BYTES_16], &k2, &msg).unwrap()), r16);
        let c = cut.index(msg.len() + 1);
        let mut d = DigestPrime::new(32, &k1, &k2).unwrap();
        d.update(&msg[..c]).update(&msg[c..]);
        prop_assert_eq!(u64::from(d.finalize().value()), r32);
        let key = [k1.as_slice(), &k2].concat();
        let mut d = DigestPrime::from_key(32, &key).unwrap();
        d.update(&msg);
        prop_assert_eq!(u64::from(d.finalize().value()), r32);
        for e in digest_mw::Engine::all_supported() {
            for (b, want) in [(16, r16), (32, r32)] {
                let k1_len = if b == 16 { K1_BYTES_16 } else { K1_BYTES_32 };
                let mut d = DigestPrime::new(b, &k1[..k1_len], &k2).unwrap();
                d.update(&msg);
                prop_assert_eq!(u64::from(d.finalize_with(e).value()), want, "{}", e);
            }
        }
    }
}

#[test]
fn reference_known_answers() {
    let k2: Vec<u8> = (0xa0..0xaa).collect();
    let k1_16: Vec<u8> = (1..=34).collect();
    let k1_32: Vec<u8> = (1..=36).collect();
    assert_eq!(digest_prime16(&k1_16, &k2, b"abc"), Ok(15307));
    assert_eq!(digest_prime32(&k1_32, &k2, b"abc"), Ok(1_635_867_752));
}

#[test]
fn key_errors() {
    let k2 = [0u8; 10];
    assert_eq!(
        digest_prime16(&[0; 33], &k2, b""),
        Err(Error::InvalidKeyLength {
            expected: 34,
            got: 33
        })
    );
    assert_eq!(
        digest_prime32(&[0; 34], &k2, b""),
        Err(Error::InvalidKeyLength {
            expected: 36,
            got: 34
        })
    );
    assert_eq!(
        digest_prime32(&[0; 36], &[0; 9], b""),
        Err(Error::InvalidKeyLength {
            expected: 10,
            got: 9
        })
    );
    assert!(matches!(
        DigestPrime::new(24, &[0; 35], &k2),
        Err(Error::InvalidParameter { name: "b", .. })
    ));
    assert_eq!(
        DigestPrime::from_key(32, &[0; 45]).err(),
        Some(Error::InvalidKeyLength {
            expected: 46,
            got: 45
        })
    );
}

#[test]
fn short_codes() {
    let c = ShortCode::new(1_635_867_752, 32).unwrap();
    assert_eq!(c.to_string(), "16358 67752");
    assert_eq!(ShortCode::new(7, 32).unwrap().to_string(), "00000 00007");
    assert_eq!(ShortCode::new(15307, 16).unwrap().to_string(), "15307");
    assert_eq!(ShortCode::new(65535, 16).unwrap().to_string(), "65535");
    assert_eq!(
        ShortCode::new(u32::MAX, 32).unwrap().to_string(),
        "42949 67295"
    );
    assert_eq!(ShortCode::parse("16358-67752", 32), Ok(c));
    assert_eq!(ShortCode::parse(" 1635867752 ", 32), Ok(c));
    assert!(ShortCode::parse("1635867752", 16).is_err());
    assert!(ShortCode::parse("99999", 16).is_err()); // > 2^16 − 1
    assert!(ShortCode::parse("4294967296", 32).is_err());
    assert!(ShortCode::parse("12a45", 16).is_err());
    assert!(ShortCode::new(70000, 16).is_err());
    assert!(ShortCode::new(1, 8).is_err());
    assert_ne!(
        ShortCode::new(5, 16).unwrap(),
        ShortCode::new(5, 32).unwrap()
    );
    for v in [0u32, 1, 9, 10, 12345, 65535] {
        let c = ShortCode::new(v, 16).unwrap();
        assert_eq!(ShortCode::parse(&c.to_string(), 16), Ok(c));
    }
}
