//! Every backend against the big-integer reference `uhash-ref`: random
//! keys, messages and update splits; edge lengths around the block, the
//! 8- and 16-block SIMD steps and 4 KiB; all-0xff messages and keys with
//! every allowed bit of r set (carry stress).

use crate::common;

use common::supported;
use poly1305_aes::universal_hash::UniversalHash;
use poly1305_aes::{Accumulator, LongTermR, Nonce, Poly1305, Poly1305Aes};
use proptest::prelude::*;
use uhash_ref::poly1305 as reference;

const EDGE: &[usize] = &[
    0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 384, 511, 512, 513, 1023,
    1024, 1025, 1040, 4095, 4096, 4097,
];

fn check_all(key: &[u8; 32], nonce: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let (k, r) = key.split_at(16);
    let k: [u8; 16] = k.try_into().unwrap();
    let r = reference::clamp(&r.try_into().unwrap());
    let mut aes_key = [0u8; 32];
    aes_key[..16].copy_from_slice(&k);
    aes_key[16..].copy_from_slice(&r);
    let want_aes = reference::poly1305_aes(&k, &r, nonce, msg).unwrap();
    let want = reference::poly1305(key, msg);
    // `LongTermR::absorb_padded` zero-pads a short last block (and gives
    // it the 2^128 bit): Poly1305 of the message zero-padded to blocks.
    let mut padded = msg.to_vec();
    padded.resize(msg.len().next_multiple_of(16), 0);
    let want_padded = reference::poly1305(key, &padded);
    let (r16, s16): (&[u8; 16], &[u8; 16]) =
        (key[..16].try_into().unwrap(), key[16..].try_into().unwrap());
    let nonce = Nonce::from_bytes(*nonce);
    for b in supported() {
        let p = Poly1305::new_with_backend(key, b).unwrap();
        assert_eq!(
            <[u8; 16]>::from(p.compute_unpadded(msg)),
            want,
            "{b} len {}",
            msg.len()
        );
        let mac = Poly1305Aes::new(&aes_key).unwrap().with_backend(b).unwrap();
        assert_eq!(
            mac.authenticate(&nonce, msg),
            want_aes,
            "{b} len {}",
            msg.len()
        );
        // incremental with the given split points
        let mut st = mac.start();
        let mut at = 0;
        for &s in splits {
            let s = s.min(msg.len()).max(at);
            st.update(&msg[at..s]);
            at = s;
        }
        st.update(&msg[at..]);
        assert_eq!(st.finalize(&nonce), want_aes, "{b} split {splits:?}");
        // UniversalHash::update_padded in pieces that are whole blocks
        let mut p = Poly1305::new_with_backend(key, b).unwrap();
        let mut at = 0;
        for &s in splits {
            let s = (s.min(msg.len()) & !15).max(at);
            p.update_padded(&msg[at..s]);
            at = s;
        }
        assert_eq!(
            <[u8; 16]>::from(p.compute_unpadded(&msg[at..])),
            want,
            "{b} padded split"
        );
        // the long-term r with its kept powers, in the same pieces, the
        // last one padded
        let lt = LongTermR::new_with_backend(r16, b).unwrap();
        let mut acc = Accumulator::new();
        let mut at = 0;
        for &s in splits {
            let s = (s.min(msg.len()) & !15).max(at);
            lt.absorb_padded(&mut acc, &msg[at..s]);
            at = s;
        }
        lt.absorb_padded(&mut acc, &msg[at..]);
        assert_eq!(
            lt.tag(&acc, s16),
            want_padded,
            "{b} LongTermR split {splits:?}"
        );
    }
}

#[test]
fn edge_lengths_and_carry_stress() {
    let mut rng = uhash_testkit::rng::XorShift64::new(0x0123_4567_89ab_cdef);
    let mut next = || rng.next_u64() as u8;
    for &len in EDGE {
        let msg: Vec<u8> = (0..len).map(|_| next()).collect();
        let key: [u8; 32] = core::array::from_fn(|_| next());
        let nonce: [u8; 16] = core::array::from_fn(|_| next());
        check_all(&key, &nonce, &msg, &[len / 3, len / 2 + 1]);
        // all-ones message and key: every limb at its maximum
        let ff = vec![0xffu8; len];
        check_all(&[0xff; 32], &[0xff; 16], &ff, &[7, 300]);
        check_all(&key, &nonce, &ff, &[]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200)))]

    #[test]
    fn matches_reference(
        key in prop::array::uniform32(any::<u8>()),
        nonce in prop::array::uniform16(any::<u8>()),
        msg in prop::collection::vec(any::<u8>(), 0..1200),
        splits in prop::collection::vec(0usize..1200, 0..6),
    ) {
        let mut splits = splits;
        splits.sort_unstable();
        check_all(&key, &nonce, &msg, &splits);
    }

    #[test]
    fn long_messages_match_reference(
        key in prop::array::uniform32(any::<u8>()),
        len in 1000usize..6000,
        fill in any::<u8>(),
        split in 0usize..6000,
    ) {
        let msg: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(31) ^ fill).collect();
        check_all(&key, &[fill; 16], &msg, &[split]);
    }
}
