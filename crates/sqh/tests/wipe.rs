//! Every key-holding type of sqh, dropped in place, leaves no 8-byte window
//! of its keys (seed, level-1 key stream, level-2/3 keys, pad key) in its
//! own memory or in heap memory it freed, and its `Debug` text shows none
//! (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use sqh::hash::*;
use uhash_base::kdf::family;
use uhash_testkit::assert_seeded_hashes_and_macs;

uhash_testkit::scan_alloc!();

#[test]
fn every_hash_and_mac() {
    assert_seeded_hashes_and_macs! {
        Asm2x32Hash Asm2x32Mac family::SQH + 10, 1;
        Asm2x64Hash Asm2x64Mac family::SQH + 10, 2;
        Asm2x96Hash Asm2x96Mac family::SQH + 10, 3;
        Asm2x128Hash Asm2x128Mac family::SQH + 10, 4;
        Sqhe32Hash Sqhe32Mac family::SQH + 13, 1;
        Sqhe64Hash Sqhe64Mac family::SQH + 13, 2;
        Sqhe96Hash Sqhe96Mac family::SQH + 13, 3;
        Sqhe128Hash Sqhe128Mac family::SQH + 13, 4;
    }
}
