//! Every key-holding type of mmh, dropped in place, leaves no 8-byte window
//! of its keys (seed, level-1 key stream, level-2/3 keys, pad key) in its
//! own memory or in heap memory it freed, and its `Debug` text shows none
//! (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use uhash_base::kdf::family;
use uhash_mmh::hash::*;
use uhash_testkit::assert_seeded_hashes_and_macs;

uhash_testkit::scan_alloc!();

#[test]
fn every_hash_and_mac() {
    assert_seeded_hashes_and_macs! {
        Mmh32Hash Mmh32Mac family::MMH32, 1;
        Mmh32x2Hash Mmh32x2Mac family::MMH32, 2;
        Mmh32x4Hash Mmh32x4Mac family::MMH32, 4;
        Nmh32Hash Nmh32Mac family::NMH32, 1;
        Mmh64Hash Mmh64Mac family::MMH64, 1;
        NhHash NhMac family::NH, 1;
        Nhx2Hash Nhx2Mac family::NH, 2;
        Nhx4Hash Nhx4Mac family::NH, 4;
    }
}

/// The MMH32 tree: the seed, its level keys' stream and its root key.
#[test]
fn mmh32_tree() {
    use uhash_ref::kdf::{expand, label};
    let seed: [u8; 16] = uhash_testkit::test_key(0x7472_6565);
    let keys = [
        seed.to_vec(),
        expand(&seed, label(family::MMH32_TREE, 1, 1, 32), 4 * 12 * 32),
        expand(&seed, label(family::MMH32_TREE, 1, 2, 32), 4 * 34),
    ];
    let keys: Vec<&[u8]> = keys.iter().map(Vec::as_slice).collect();
    uhash_testkit::assert_key_holder("Mmh32Tree", &keys, || {
        uhash_mmh::Mmh32Tree::from_seed(&seed)
    });
}
