//! Every UMAC key type, dropped in place, leaves no 8-byte window of its
//! keys in its own memory or in heap memory it freed, and its `Debug` text
//! shows none (`uhash_testkit::wipe`): K (AES's first round key), K′ (the
//! PDF's), the L1 key words as stored (native-endian words, quarter by
//! quarter), the L2 keys (masked k64, k128, as stored) and the L3 keys
//! (reduced, as stored). Sessions wipe their cached AES block.
//!
//! Not checked (zeroize's documented limit): a move or a clone copies the
//! value's padding bytes (after the engine tag, at the end of the 64-byte
//! aligned struct, in the PDF's cipher enum) from a stack temporary, and
//! those can hold stale stack bytes — on armv7 and in a check of `clone()`
//! they held key words left by an earlier construction. `L1Key` and
//! `L3Key` carry no implicit padding and every key (the KDF batch
//! included) is derived in place, so a construction leaves no copy of its
//! own keys in dead stack slots; the test clears the stack between checks.
#![cfg(not(miri))]

use uhash_testkit::{assert_debug_hides, assert_wiped, test_key};
use umac::{Umac32, Umac64, Umac96, Umac128, UmacNonce};

uhash_testkit::scan_alloc!();

/// Overwrites the stack below the caller with zeros: the key words an
/// earlier construction (the `Debug` check's) left in dead stack slots must
/// not be copied into the padding bytes of the value checked next (a move
/// copies padding from wherever the temporary was built; see the module
/// docs). What is checked is then this value's own fields.
#[inline(never)]
fn scrub_stack() {
    std::hint::black_box([0u8; 1 << 16]);
}

/// The key forms a UMAC key with `iters` iterations stores, from the
/// reference KDF.
fn forms(k: &[u8; 16], iters: usize) -> Vec<Vec<u8>> {
    use uhash_ref::umac::kdf;
    let mut out = vec![k.to_vec(), kdf(k, 0, 16)];
    // L1: each quarter as the kernels see it (native u32 words).
    for q in kdf(k, 1, 1024 + 16 * (iters - 1)).chunks_exact(16) {
        out.push(
            q.chunks_exact(4)
                .flat_map(|w| u32::from_be_bytes(w.try_into().unwrap()).to_ne_bytes())
                .collect(),
        );
    }
    let l2 = kdf(k, 2, 24 * iters);
    let l3 = kdf(k, 3, 64 * iters);
    for i in 0..iters {
        let b = &l2[24 * i..24 * i + 24];
        let k64 = u64::from_be_bytes(b[..8].try_into().unwrap()) & 0x01ff_ffff_01ff_ffff;
        let k128 = u128::from_be_bytes(b[8..].try_into().unwrap())
            & 0x01ff_ffff_01ff_ffff_01ff_ffff_01ff_ffff;
        out.push(k64.to_ne_bytes().to_vec());
        out.push(k128.to_ne_bytes().to_vec());
        let q: Vec<u8> = l3[64 * i..64 * i + 64]
            .chunks_exact(8)
            .flat_map(|w| {
                (u64::from_be_bytes(w.try_into().unwrap()) % ((1 << 36) - 5)).to_ne_bytes()
            })
            .collect();
        out.push(q);
    }
    // Windows too regular to search for (masked keys: few distinct bytes)
    // are left out.
    out.retain(|f| {
        f.windows(8).all(|w| {
            let mut d = w.to_vec();
            d.sort_unstable();
            d.dedup();
            d.len() >= 4
        })
    });
    out
}

macro_rules! check {
    ($($t:ident $iters:literal $seed:literal;)+) => {$(
        let k: [u8; 16] = test_key($seed);
        let f = forms(&k, $iters);
        let keys: Vec<&[u8]> = f.iter().map(Vec::as_slice).collect();
        assert!(keys.len() > 60, "{} forms", keys.len());
        assert_debug_hides(stringify!($t), &format!("{:?}", $t::new(&k)), &keys);
        scrub_stack();
        assert_wiped(stringify!($t), &keys, || $t::new(&k));
        // A session after a message: its cached AES output (the pad
        // block) must go with it.
        let mac = $t::new(&k);
        let n = UmacNonce::from_counter(6);
        // The block encrypted: the nonce with its low bits cleared (UMAC-32:
        // two, UMAC-64: one), zero-padded.
        let last = if $iters == 1 { 4 } else { 6 };
        let block = uhash_ref::umac::pdf(&k, &[0, 0, 0, 0, 0, 0, 0, last, 0, 0, 0, 0, 0, 0, 0, 0], 16).unwrap();
        assert_wiped(concat!(stringify!($t), " session"), &[&k, &block], || {
            let mut s = mac.session();
            assert!(s.authenticate(&n, b"abc").is_ok());
            s
        });
    )+};
}

#[test]
fn every_umac_type() {
    check! {
        Umac32 1 0x3201;
        Umac64 2 0x6402;
        Umac96 3 0x9603;
        Umac128 4 0x1284;
    }
}
