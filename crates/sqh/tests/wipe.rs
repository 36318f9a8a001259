//! Every key-holding type of sqh, dropped in place, leaves no 8-byte window
//! of its keys (seed, level-1 key stream, level-2/3 keys, pad key) in its
//! own memory or in heap memory it freed, and its `Debug` text shows none
//! (`uhash_testkit::wipe`).
#![cfg(not(miri))]

use sqh::hash::*;
use uhash_base::kdf::family;
use uhash_testkit::{ScanAlloc, assert_seeded_key_holder};

#[global_allocator]
static ALLOC: ScanAlloc = ScanAlloc;

macro_rules! hash_and_mac {
    ($($hash:ident $mac:ident $family:expr, $lanes:literal;)*) => {$(
        assert_seeded_key_holder(stringify!($hash), $family, $lanes, |seed| {
            let mut h = $hash::from_seed(seed);
            h.update(&[0xa5; 300]); // a partial chunk buffered
            h
        });
        assert_seeded_key_holder(stringify!($mac), $family, $lanes, |seed| {
            $mac::from_seed(seed).unwrap()
        });
    )*};
}

#[test]
fn every_hash_and_mac() {
    hash_and_mac! {
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
