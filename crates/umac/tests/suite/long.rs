//! Past POLY's switch to 2^128 − 159 after 2^14 L1 outputs (16 MiB of
//! message): a fixed few lengths around it (2^24 exactly, 2^24 + 1, one and
//! two more chunks) and an L1 output in POLY-128's escape range (the high
//! half of a 128-bit word ≥ 2^64 − 2^32), every tag size and backend
//! against the reference, one-shot and streamed. Natively only (see
//! `common::long_tests`); under qemu-user the long published vectors
//! (`tests/suite/vectors.rs`) check these lengths.

use crate::common;

use common::{Mac, bytes, engines, long_tests};
use umac::UmacNonce;

const SWITCH: usize = 1 << 24;

/// The reference tags of every size: UHASH-128 once (UHASH with fewer
/// iterations is its prefix: the KDF is a counter mode) xor each PDF.
fn reference_tags(key: &[u8; 16], nonce: &[u8], msg: &[u8]) -> [Vec<u8>; 4] {
    let h = uhash_ref::umac::uhash(key, msg, 16).unwrap();
    [4, 8, 12, 16].map(|t| {
        let pad = uhash_ref::umac::pdf(key, nonce, t).unwrap();
        h[..t].iter().zip(&pad).map(|(a, b)| a ^ b).collect()
    })
}

fn check_all(key: &[u8; 16], msg: &[u8]) {
    let nonce = b"long nonce";
    let want = reference_tags(key, nonce, msg);
    let n = UmacNonce::from_slice(nonce).unwrap();
    let cuts = [3, SWITCH - 1, SWITCH + 5];
    for e in engines() {
        fn one<M: Mac>(
            key: &[u8; 16],
            n: &UmacNonce,
            msg: &[u8],
            want: &[u8],
            e: umac::Engine32,
            cuts: &[usize],
        ) {
            let mac = M::keyed(key, e);
            assert_eq!(
                mac.tag(n, msg),
                want,
                "{e} {} bytes, tag {}",
                msg.len(),
                M::TAG
            );
            if M::TAG == 8 {
                assert_eq!(mac.streamed(n, msg, cuts), want, "{e} streamed");
            }
        }
        one::<umac::Umac32>(key, &n, msg, &want[0], e, &cuts);
        one::<umac::Umac64>(key, &n, msg, &want[1], e, &cuts);
        one::<umac::Umac96>(key, &n, msg, &want[2], e, &cuts);
        one::<umac::Umac128>(key, &n, msg, &want[3], e, &cuts);
    }
}

#[test]
fn around_the_16_mib_switch() {
    if !long_tests() {
        return;
    }
    let key = *b"sixteen mebibyte";
    let big = bytes(SWITCH + 2 * 1024 + 33, 7);
    for len in [SWITCH, SWITCH + 1, SWITCH + 1025, SWITCH + 2 * 1024 + 33] {
        check_all(&key, &big[..len]);
    }
}

#[test]
fn poly128_escape() {
    if !long_tests() {
        return;
    }
    let key = *b"escape past 16Mi";
    for iter in [0, 3] {
        // Chunk 2^14 (the first after the switch: the high half of
        // POLY-128's first message word) escapes for iteration `iter`.
        let k: Vec<u32> = uhash_ref::umac::kdf(&key, 1, 1024 + 48)[16 * iter..16 * iter + 1024]
            .chunks_exact(4)
            .map(|w| u32::from_be_bytes(w.try_into().unwrap()))
            .collect();
        let mut s = [0u32; 256];
        (s[0], s[4], s[1], s[5]) = (u32::MAX, u32::MAX, 2, 1 << 31);
        let mut msg = bytes(SWITCH, 11 + iter as u64);
        msg.extend((0..256).flat_map(|i| s[i].wrapping_sub(k[i]).to_le_bytes()));
        msg.extend_from_slice(&bytes(100, 3));
        check_all(&key, &msg);
    }
}
