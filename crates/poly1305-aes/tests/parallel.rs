//! `authenticate_parallel`, `mac_parallel` and `compute_unpadded_parallel`
//! (feature `rayon`) against the one-thread tags, bit for bit: lengths 0,
//! 1, 15, 16, 17, around the segment boundaries and several MiB, pools of
//! 1, 2, 3 and 7 threads, every backend this CPU has; and against the
//! reference `uhash-ref` at a length that is split.

#[path = "suite/common/mod.rs"]
mod common;

use common::supported;
use poly1305_aes::parallel::MIN_SEGMENT_BYTES;
use poly1305_aes::universal_hash::UniversalHash;
use poly1305_aes::{Nonce, Poly1305, Poly1305Aes};

fn msg(len: usize) -> Vec<u8> {
    let mut x = uhash_testkit::rng::XorShift64::new(0x9e37_79b9_7f4a_7c15);
    (0..len).map(|_| (x.next_u64() >> 24) as u8).collect()
}

fn lengths() -> Vec<usize> {
    let s = MIN_SEGMENT_BYTES;
    let mut v = vec![0, 1, 15, 16, 17, 1000];
    for k in [1, 2, 3, 5, 8, 9] {
        for d in [-17isize, -16, -1, 0, 1, 15, 16, 17] {
            v.push((k * s).checked_add_signed(d).unwrap());
        }
    }
    v.extend([4 << 20, (5 << 20) + 13]);
    v
}

#[test]
fn equal_to_one_thread() {
    let big = msg((5 << 20) + 13);
    let key = [0x0fu8; 32];
    let aes_key = {
        let mut k = [0x0cu8; 32];
        k[16..].copy_from_slice(&[0x0c; 16]);
        k
    };
    let nonce = Nonce::from_u128(42);
    for threads in [1, 2, 3, 7] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for b in supported() {
            let mac = Poly1305Aes::new(&aes_key).unwrap().with_backend(b).unwrap();
            for len in lengths() {
                let m = &big[..len];
                let want = mac.authenticate(&nonce, m);
                let got = pool.install(|| mac.authenticate_parallel(&nonce, m));
                assert_eq!(got, want, "{b}, {threads} threads, len {len}");
                pool.install(|| mac.verify_parallel(&nonce, m, &want))
                    .unwrap();
                let want = Poly1305::new_with_backend(&key, b)
                    .unwrap()
                    .compute_unpadded(m);
                let got = pool.install(|| {
                    Poly1305::new_with_backend(&key, b)
                        .unwrap()
                        .compute_unpadded_parallel(m)
                });
                assert_eq!(got, want, "{b}, {threads} threads, len {len} (Poly1305)");
                // after blocks absorbed through `update`
                let pre = [[0xa5u8; 16].into(); 3];
                let mut p = Poly1305::new_with_backend(&key, b).unwrap();
                p.update(&pre);
                let want = p.clone().compute_unpadded(m);
                let got = pool.install(|| p.compute_unpadded_parallel(m));
                assert_eq!(
                    got, want,
                    "{b}, {threads} threads, len {len} (after update)"
                );
            }
        }
        let m = &big[..3 * MIN_SEGMENT_BYTES + 5];
        assert_eq!(
            pool.install(|| Poly1305::mac_parallel(&key, m)),
            Poly1305::mac(&key, m),
            "{threads} threads"
        );
    }
}

#[test]
fn split_message_matches_the_reference() {
    let m = msg(4 * MIN_SEGMENT_BYTES + 7);
    let key: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(37));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let got = pool.install(|| Poly1305::mac_parallel(&key, &m));
    assert_eq!(
        <[u8; 16]>::from(got),
        uhash_ref::poly1305::poly1305(&key, &m)
    );
}
