//! Every key-holding type of digest-mw, dropped in place, leaves no 8-byte
//! window of its keys in its own memory or in heap memory it freed, and its
//! `Debug` text shows none (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use digest_mw::DigestPrime;
use digest_mw::hash::*;
use digest_mw::long::FAMILY_DIGEST_MW32;
use uhash_testkit::{assert_key_holder, assert_seeded_hashes_and_macs, test_key};

uhash_testkit::scan_alloc!();

#[test]
fn every_hash_and_mac() {
    assert_seeded_hashes_and_macs! {
        DigestMw32Hash DigestMw32Mac FAMILY_DIGEST_MW32, 1;
        DigestMw64Hash DigestMw64Mac FAMILY_DIGEST_MW32, 2;
        DigestMw128Hash DigestMw128Mac FAMILY_DIGEST_MW32, 4;
        DigestMw256Hash DigestMw256Mac FAMILY_DIGEST_MW32, 8;
    }
}

/// digest′ holds k₁ (and hashes k₂ into its SHA-256 state).
#[test]
fn digest_prime() {
    let key: [u8; 52] = test_key(11);
    for b in [16, 32] {
        let k1 = if b == 16 { 34 } else { 36 };
        assert_key_holder("DigestPrime", &[&key[..k1]], || {
            let mut d = DigestPrime::from_key(b, &key).unwrap();
            d.update(b"message");
            d
        });
    }
}

/// digest′ over MMH32 and NH holds k₁ (k₂ is borrowed); both inner hashes.
#[test]
fn digest_prime_over() {
    let key: [u8; 48] = test_key(12);
    for inner in [digest_mw::PrimeInner::Mmh32, digest_mw::PrimeInner::Nh] {
        assert_key_holder("DigestPrimeOver", &[&key[..32]], || {
            let mut d = digest_mw::DigestPrimeOver::from_key(inner, &key).unwrap();
            d.update(b"message");
            d
        });
    }
}
