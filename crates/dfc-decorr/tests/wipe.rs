//! Every key-holding type of dfc-decorr, dropped in place, leaves no 8-byte
//! window of its key in its own memory or in heap memory it freed, and its
//! `Debug` text shows none (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use dfc_decorr::cipher::Dfc;
use dfc_decorr::{DfcHash, DfcMac};
use num_bigint::BigUint;
use uhash_base::kdf::family;
use uhash_testkit::{assert_key_holder, assert_seeded_key_holder, test_key};

uhash_testkit::scan_alloc!();

#[test]
fn cipher() {
    let key: [u8; 32] = test_key(21);
    for len in [16, 24, 32] {
        assert_key_holder("Dfc", &[&key[..len]], || {
            Dfc::new_from_key(&key[..len]).unwrap()
        });
    }
}

/// The forms a hash key a ‖ b takes inside `DfcHash`: the key bytes and
/// the low words of the powers a², …, a⁸ mod 2^64 + 13 that the split
/// Horner loop keeps (little-endian, as stored).
fn hash_key_forms(key: &[u8; 16]) -> Vec<Vec<u8>> {
    let p = (BigUint::from(1u8) << 64u32) + 13u32;
    let a = BigUint::from_bytes_le(&key[..8]);
    let mut forms = vec![key.to_vec()];
    for j in 2u32..=8 {
        let r = a.modpow(&BigUint::from(j), &p);
        let mut lo = (r % (BigUint::from(1u8) << 64u32)).to_bytes_le();
        lo.resize(8, 0);
        forms.push(lo);
    }
    forms
}

#[test]
fn hash_and_mac() {
    let key: [u8; 16] = test_key(22);
    let forms = hash_key_forms(&key);
    let forms: Vec<&[u8]> = forms.iter().map(Vec::as_slice).collect();
    assert_key_holder("DfcHash::from_key", &forms, || {
        let mut h = DfcHash::from_key(&key);
        h.update(&[0x3c; 13]); // a partial block buffered
        h
    });
    assert_seeded_key_holder("DfcHash", family::DFC, 1, DfcHash::from_seed);
    // (Seeded, the MAC once kept a copy of the hash key in the padding of
    // the moved `DfcHash` on AArch64: the types now have no padding.)
    assert_seeded_key_holder("DfcMac", family::DFC, 1, |seed| {
        DfcMac::from_seed(seed).unwrap()
    });
    let pad: [u8; 16] = test_key(23);
    let mut with_pad = forms.clone();
    with_pad.push(&pad);
    assert_key_holder("DfcMac::new", &with_pad, || {
        DfcMac::new(DfcHash::from_key(&key), &pad)
    });
}
