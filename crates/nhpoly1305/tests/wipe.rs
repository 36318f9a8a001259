//! Key wiping: `NhAdiantum` and `NhPoly1305`, dropped in place, leave no
//! 8-byte window of their keys as stored (r clamped, as little-endian
//! limbs: the test's r is chosen clamped, so these are its bytes; the NH
//! key in the kernel's paired layout, native-endian words) in their own
//! memory or in heap memory they freed, and their `Debug` text shows none
//! (`uhash_testkit::wipe`). A state that absorbed a partial chunk wipes its
//! buffered message bytes too, and one that absorbed whole chunks the NH
//! outputs it keeps for Poly1305. Poly1305's own types are poly1305-aes's
//! (checked by its tests).
#![cfg(not(miri))]

use nhpoly1305::{NhAdiantum, NhPoly1305};
use uhash_testkit::{assert_debug_hides, assert_wiped, test_key};

uhash_testkit::scan_alloc!();

/// The NH key as the kernels store it: each unit's words k₀, k₂, k₁, k₃,
/// native-endian.
fn laid_out(k: &[u8]) -> Vec<u8> {
    k.chunks_exact(16)
        .flat_map(|u| {
            [0, 2, 1, 3].into_iter().flat_map(move |j| {
                u32::from_le_bytes(u[4 * j..4 * j + 4].try_into().unwrap()).to_ne_bytes()
            })
        })
        .collect()
}

#[test]
fn nh_adiantum() {
    let k: [u8; 1072] = test_key(0x4e48);
    let stored = laid_out(&k);
    let keys: [&[u8]; 1] = [&stored];
    assert_debug_hides("NhAdiantum", &format!("{:?}", NhAdiantum::new(&k)), &keys);
    assert_wiped("NhAdiantum", &keys, || NhAdiantum::new(&k));
}

/// A test key whose r (its first 16 bytes) is already clamped.
fn nhpoly1305_key(seed: u64) -> [u8; 1088] {
    let mut k: [u8; 1088] = test_key(seed);
    for i in [3, 7, 11, 15] {
        k[i] &= 15;
    }
    for i in [4, 8, 12] {
        k[i] &= 252;
    }
    k
}

#[test]
fn nhpoly1305_with_a_partial_chunk() {
    let k = nhpoly1305_key(0x4e50);
    let stored = laid_out(&k[16..]);
    let msg: [u8; 100] = test_key(0x4d53);
    let keys: [&[u8]; 3] = [&k[..16], &stored, &msg];
    assert_debug_hides("NhPoly1305", &format!("{:?}", NhPoly1305::new(&k)), &keys);
    assert_wiped("NhPoly1305", &keys, || {
        let mut h = NhPoly1305::new(&k);
        h.update(&msg);
        h
    });
}

#[test]
fn nhpoly1305_with_whole_chunks() {
    let k = nhpoly1305_key(0x4e51);
    let stored = laid_out(&k[16..]);
    let msg: Vec<u8> = (0..3 * 1024 + 40).map(|i| (i * 13 + 7) as u8).collect();
    let nh = NhAdiantum::new(k[16..].try_into().unwrap());
    let outs: Vec<[u8; 32]> = msg[..3072]
        .chunks(1024)
        .map(|c| nh.compute(c).unwrap())
        .collect();
    let mut keys: Vec<&[u8]> = vec![&k[..16], &stored, &msg[3072..]];
    keys.extend(outs.iter().map(|o| &o[..]));
    assert_wiped("NhPoly1305 (whole chunks)", &keys, || {
        let mut h = NhPoly1305::new(&k);
        h.update(&msg[..1500]);
        h.update(&msg[1500..]);
        h
    });
}
