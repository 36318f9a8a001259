//! Production ≡ the big-integer reference (`uhash_ref::umac`, the RFC's
//! pseudocode) on every backend the CPU and build run, for all four tag
//! sizes: lengths around every boundary (0, 1, 31, 32, 33, 1023–1025,
//! 2·1024 ± 1, …), any nonce length, one-shot, any split of the input,
//! sessions over consecutive nonces; and a message engineered so that an
//! L1 output falls in POLY's escape range (probability 2^-32 at random).
//! The 16 MiB switch of POLY is in `tests/suite/long.rs`.

use crate::common;

use common::{Mac, bytes, engines, reference};
use proptest::prelude::*;
use uhash_testkit::umac::{escaping_chunk, l1_key};
use umac::UmacNonce;

fn lengths() -> impl Strategy<Value = usize> {
    prop_oneof![
        prop::sample::select(vec![
            0usize, 1, 2, 3, 4, 15, 16, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025, 2047, 2048, 2049,
            3071, 3072, 3073, 4096, // Around the one-shot path's four-chunk NH batches.
            4097, 5120, 5121, 8193, 9217,
        ]),
        0usize..5000,
        (1usize..6, 0usize..64).prop_map(|(c, d)| (c * 1024 + d).saturating_sub(32)),
    ]
}

fn check<M: Mac>(key: &[u8; 16], nonce: &[u8], msg: &[u8], cuts: &[usize]) {
    let want = reference(key, nonce, msg, M::TAG);
    let n = UmacNonce::from_slice(nonce).unwrap();
    for e in engines() {
        let mac = M::keyed(key, e);
        assert_eq!(mac.tag(&n, msg), want, "{e} len {}", msg.len());
        assert_eq!(
            mac.streamed(&n, msg, cuts),
            want,
            "{e} len {} cuts {cuts:?}",
            msg.len()
        );
    }
}

proptest! {
    #[test]
    fn every_tag_size_and_backend(
        key in any::<[u8; 16]>(),
        nonce in prop::collection::vec(any::<u8>(), 1..=16),
        len in lengths(),
        seed in any::<u64>(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let msg = bytes(len, seed);
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(len + 1)).collect();
        cuts.sort_unstable();
        check::<umac::Umac32>(&key, &nonce, &msg, &cuts);
        check::<umac::Umac64>(&key, &nonce, &msg, &cuts);
        check::<umac::Umac96>(&key, &nonce, &msg, &cuts);
        check::<umac::Umac128>(&key, &nonce, &msg, &cuts);
    }

    #[test]
    fn byte_by_byte_streaming(key in any::<[u8; 16]>(), len in 0usize..2200, seed in any::<u64>()) {
        let msg = bytes(len, seed);
        let cuts: Vec<usize> = (0..len).collect();
        check::<umac::Umac64>(&key, b"nonce", &msg, &cuts);
    }

    #[test]
    fn sessions_over_consecutive_nonces(key in any::<[u8; 16]>(), start in any::<u64>(), len in 0usize..1500) {
        let msg = bytes(len, start);
        let nonces: Vec<UmacNonce> = (0..9u64).map(|i| UmacNonce::from_counter(start.wrapping_add(i))).collect();
        fn each<M: Mac>(key: &[u8; 16], nonces: &[UmacNonce], msg: &[u8]) {
            for e in engines() {
                let mac = M::keyed(key, e);
                let got = mac.session_tags(nonces, msg);
                for (n, g) in nonces.iter().zip(&got) {
                    assert_eq!(g, &reference(key, n.as_bytes(), msg, M::TAG));
                    assert_eq!(g, &mac.tag(n, msg));
                }
            }
        }
        each::<umac::Umac32>(&key, &nonces, &msg);
        each::<umac::Umac64>(&key, &nonces, &msg);
        each::<umac::Umac128>(&key, &nonces, &msg);
    }
}

#[test]
fn poly_escape_on_every_iteration_and_backend() {
    let key = *b"escape the range";
    for iter in 0..4 {
        let k = l1_key(&key, iter);
        let nh = uhash_ref::umac::nh(
            &k.iter().flat_map(|w| w.to_be_bytes()).collect::<Vec<_>>(),
            &escaping_chunk(&key, iter),
        )
        .unwrap();
        assert!(nh.wrapping_add(8192) > u64::MAX - (1 << 32), "{nh:#x}");
        // The escaped word first (then a partial chunk), and first and last
        // (the final chunk a full escaping one).
        let mut msg = escaping_chunk(&key, iter);
        msg.extend_from_slice(&bytes(1500, iter as u64));
        let mut twice = escaping_chunk(&key, iter);
        twice.extend_from_slice(&bytes(1024, iter as u64));
        twice.extend_from_slice(&escaping_chunk(&key, iter));
        for m in [&msg, &twice] {
            let nonce = b"12345678";
            check::<umac::Umac32>(&key, nonce, m, &[7, 1024]);
            check::<umac::Umac64>(&key, nonce, m, &[7, 1024]);
            check::<umac::Umac96>(&key, nonce, m, &[7, 1024]);
            check::<umac::Umac128>(&key, nonce, m, &[7, 1024]);
        }
    }
}
