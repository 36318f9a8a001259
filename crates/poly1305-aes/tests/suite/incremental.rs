//! `IncrementalMac` against recomputation from scratch: random messages,
//! chunks (the last partial one included) replaced one after another, on
//! every backend; the reference `uhash-ref` for the value after updates;
//! typed errors that leave the value unchanged; fresh nonces only.

use crate::common;

use common::supported;
use poly1305_aes::{Error, IncrementalMac, NonceCounter, Poly1305Aes};
use proptest::prelude::*;
use uhash_ref::poly1305 as reference;

fn key(seed: u8) -> [u8; 32] {
    let mut k: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(29) ^ seed);
    poly1305_aes::clamp_r((&mut k[16..]).try_into().unwrap());
    k
}

/// Replaces chunk `i` of `msg` by bytes derived from `fill` in both the
/// message and `inc`, then checks the next tag against `authenticate`.
fn step(
    mac: &Poly1305Aes,
    inc: &mut IncrementalMac<'_, poly1305_aes::Aes128Pad>,
    nonces: &mut NonceCounter,
    msg: &mut [u8],
    i: usize,
    fill: u8,
) {
    let lo = 16 * i;
    let hi = (lo + 16).min(msg.len());
    let new: Vec<u8> = (lo..hi).map(|j| fill ^ (j as u8).wrapping_mul(7)).collect();
    inc.replace_chunk(i, &msg[lo..hi], &new).unwrap();
    msg[lo..hi].copy_from_slice(&new);
    let (n, tag) = inc.tag(nonces.next_fresh().unwrap());
    assert_eq!(
        tag,
        mac.authenticate(&n, msg),
        "len {} chunk {i}",
        msg.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)))]

    #[test]
    fn updates_match_recomputation(
        len in 1usize..3000,
        seed in any::<u8>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        for b in supported() {
            let mac = Poly1305Aes::new(&key(seed)).unwrap().with_backend(b).unwrap();
            let mut msg: Vec<u8> = (0..len).map(|j| (j as u8) ^ seed).collect();
            let mut inc = IncrementalMac::new(&mac, &msg);
            prop_assert_eq!(inc.len(), len);
            prop_assert_eq!(inc.chunks(), len.div_ceil(16));
            let mut nonces = NonceCounter::starting_at(u128::from(seed) << 64);
            let (n, tag) = inc.tag(nonces.next_fresh().unwrap());
            prop_assert_eq!(tag, mac.authenticate(&n, &msg));
            for (i, fill) in &edits {
                let i = i.index(inc.chunks());
                step(&mac, &mut inc, &mut nonces, &mut msg, i, *fill);
            }
        }
    }
}

#[test]
fn first_last_and_partial_chunks_and_the_reference() {
    for len in [
        1usize, 15, 16, 17, 31, 32, 33, 255, 256, 257, 4096, 4097, 70_000,
    ] {
        let k = key(len as u8);
        let mac = Poly1305Aes::new(&k).unwrap();
        let mut msg = vec![0xffu8; len];
        let mut inc = IncrementalMac::new(&mac, &msg);
        let mut nonces = NonceCounter::new();
        let q = inc.chunks();
        for i in [0, q / 2, q - 1, 0, q - 1] {
            step(&mac, &mut inc, &mut nonces, &mut msg, i, 0x5a ^ i as u8);
        }
        // all-ones again in the last chunk, then zeros in the first: extremes
        let last = 16 * (q - 1);
        let ones = vec![0xffu8; len - last];
        inc.replace_chunk(q - 1, &msg[last..], &ones).unwrap();
        msg[last..].copy_from_slice(&ones);
        let first = 16.min(len);
        let zeros = vec![0u8; first];
        inc.replace_chunk(0, &msg[..first], &zeros).unwrap();
        msg[..first].copy_from_slice(&zeros);
        let (n, tag) = inc.tag(nonces.next_fresh().unwrap());
        let want = reference::poly1305_aes(
            &k[..16].try_into().unwrap(),
            &k[16..].try_into().unwrap(),
            n.as_bytes(),
            &msg,
        )
        .unwrap();
        assert_eq!(tag, want, "len {len}");
    }
}

#[test]
fn bad_arguments_are_errors_and_change_nothing() {
    let mac = Poly1305Aes::new(&key(1)).unwrap();
    let msg = vec![3u8; 40]; // chunks of 16, 16, 8
    let mut inc = IncrementalMac::new(&mac, &msg);
    let mut nonces = NonceCounter::new();
    for (i, old, new) in [
        (3usize, &msg[..8], &[0u8; 8][..]),
        (2, &msg[32..40], &[0u8; 16][..]),
        (2, &msg[32..39], &[0u8; 7][..]),
        (0, &msg[..16], &[0u8; 15][..]),
        (usize::MAX, &msg[..16], &[0u8; 16][..]),
    ] {
        assert!(matches!(
            inc.replace_chunk(i, old, new),
            Err(Error::InvalidParameter { .. })
        ));
    }
    let (n, tag) = inc.tag(nonces.next_fresh().unwrap());
    assert_eq!(tag, mac.authenticate(&n, &msg));
    let empty = IncrementalMac::new(&mac, &[]);
    assert!(empty.is_empty());
    assert!(matches!(
        IncrementalMac::new(&mac, &[]).replace_chunk(0, &[], &[]),
        Err(Error::InvalidParameter { .. })
    ));
    let (n, tag) = empty.tag(nonces.next_fresh().unwrap());
    assert_eq!(tag, mac.authenticate(&n, &[]));
}

#[test]
fn fresh_nonces_are_the_sequence_and_debug_hides_the_value() {
    let mut nonces = NonceCounter::starting_at(5);
    let a = nonces.next_fresh().unwrap();
    let b = nonces.next_fresh().unwrap();
    assert_eq!(a.nonce().to_counter(), 5);
    assert_eq!(b.nonce().to_counter(), 6);
    let mut last = NonceCounter::with_range(9, 9).unwrap();
    assert!(last.next_fresh().is_ok());
    assert_eq!(last.next_fresh(), Err(Error::NonceExhausted));
    let mac = Poly1305Aes::new(&key(2)).unwrap();
    let inc = IncrementalMac::new(&mac, b"secret message");
    assert_eq!(format!("{inc:?}"), "IncrementalMac { len: 14, .. }");
}
