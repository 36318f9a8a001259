//! Every key-holding type of dfc-decorr, dropped in place, leaves no 8-byte
//! window of its key in its own memory or in heap memory it freed, and its
//! `Debug` text shows none (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use dfc_decorr::cipher::Dfc;
use dfc_decorr::{DfcHash, DfcMac};
use uhash_core::kdf::family;
use uhash_testkit::{ScanAlloc, assert_key_holder, assert_seeded_key_holder, test_key};

#[global_allocator]
static ALLOC: ScanAlloc = ScanAlloc;

#[test]
fn cipher() {
    let key: [u8; 32] = test_key(21);
    for len in [16, 24, 32] {
        assert_key_holder("Dfc", &[&key[..len]], || {
            Dfc::new_from_key(&key[..len]).unwrap()
        });
    }
}

#[test]
fn hash_and_mac() {
    let key: [u8; 16] = test_key(22);
    assert_key_holder("DfcHash::from_key", &[&key], || {
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
    assert_key_holder("DfcMac::new", &[&key, &pad], || {
        DfcMac::new(DfcHash::from_key(&key), &pad)
    });
}
