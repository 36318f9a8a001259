//! The key-agility batch API and the opt-in long-term-key type against the
//! reference, on every backend: batches of 0..20 jobs with random keys,
//! nonces and message lengths (so IFMA groups of 8, partial groups and the
//! one-by-one remainder all occur), edge lengths, an invalid key.

use poly1305_aes::batch::{Batch, Job};
use poly1305_aes::{Error, MacTag, Nonce, Poly1305Aes, Poly1305AesWithPowers, Tag};
use proptest::prelude::*;
use uhash_ref::poly1305 as reference;

use crate::common;
use common::supported;

fn clamp_key(mut key: [u8; 32]) -> [u8; 32] {
    let r = reference::clamp(&key[16..].try_into().unwrap());
    key[16..].copy_from_slice(&r);
    key
}

fn ref_aes(key: &[u8; 32], nonce: &[u8; 16], msg: &[u8]) -> [u8; 16] {
    reference::poly1305_aes(
        &key[..16].try_into().unwrap(),
        &key[16..].try_into().unwrap(),
        nonce,
        msg,
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)))]

    #[test]
    fn batch_matches_reference(
        jobs in prop::collection::vec(
            (prop::array::uniform32(any::<u8>()), prop::array::uniform16(any::<u8>()),
             prop::collection::vec(any::<u8>(), 0..300)),
            0..20),
    ) {
        let keys: Vec<[u8; 32]> = jobs.iter().map(|j| clamp_key(j.0)).collect();
        let nonces: Vec<Nonce> = jobs.iter().map(|j| Nonce::from_bytes(j.1)).collect();
        let want: Vec<[u8; 16]> = jobs.iter().zip(&keys)
            .map(|(j, k)| ref_aes(k, &j.1, &j.2)).collect();
        let want_otk: Vec<[u8; 16]> = jobs.iter().map(|j| reference::poly1305(&j.0, &j.2)).collect();
        let raw: Vec<[u8; 32]> = jobs.iter().map(|j| j.0).collect();
        let msgs: Vec<&[u8]> = jobs.iter().map(|j| j.2.as_slice()).collect();
        for b in supported() {
            let batch = Batch::with_backend(b).unwrap();
            let list: Vec<Job<'_>> = (0..jobs.len())
                .map(|i| Job { key: &keys[i], nonce: &nonces[i], msg: msgs[i] }).collect();
            prop_assert_eq!(batch.backend(), b);
            let mut tags = vec![MacTag::default(); jobs.len()];
            batch.poly1305_aes(&list, &mut tags).unwrap();
            prop_assert_eq!(&tags, &want, "{}", b);
            let mut tags = vec![Tag::default(); jobs.len()];
            batch.poly1305(&raw, &msgs, &mut tags).unwrap();
            let tags: Vec<[u8; 16]> = tags.into_iter().map(Into::into).collect();
            prop_assert_eq!(&tags, &want_otk, "{}", b);
        }
    }

    #[test]
    fn with_powers_matches_reference(
        key in prop::array::uniform32(any::<u8>()),
        nonce in prop::array::uniform16(any::<u8>()),
        msg in prop::collection::vec(any::<u8>(), 0..1500),
    ) {
        let key = clamp_key(key);
        let want = ref_aes(&key, &nonce, &msg);
        for b in supported() {
            let mac = Poly1305AesWithPowers::new(Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap());
            let n = Nonce::from_bytes(nonce);
            prop_assert_eq!(mac.authenticate(&n, &msg), want, "{}", b);
            // the same key again: the stored powers are reused
            prop_assert_eq!(mac.authenticate(&n, &msg), want);
            prop_assert_eq!(mac.verify(&n, &msg, &MacTag::from_bytes(want)), Ok(()));
            // streaming with the stored powers, in two pieces
            let mut st = mac.start();
            let cut = msg.len() / 3;
            st.update(&msg[..cut]);
            st.update(&msg[cut..]);
            prop_assert_eq!(st.finalize(&n), want);
        }
    }
}

#[test]
fn edge_lengths_all_ff() {
    let key = clamp_key([0xff; 32]);
    for len in [
        0usize, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 4095, 4096, 4097,
    ] {
        let msg = vec![0xffu8; len];
        let want = ref_aes(&key, &[0xff; 16], &msg);
        for b in supported() {
            let nonce = Nonce::from_bytes([0xff; 16]);
            let mac = Poly1305AesWithPowers::new(
                Poly1305Aes::new(&key).unwrap().with_backend(b).unwrap(),
            );
            assert_eq!(mac.authenticate(&nonce, &msg), want, "{b} {len}");
            let keys = [key; 9];
            let jobs: Vec<Job<'_>> = keys
                .iter()
                .map(|k| Job {
                    key: k,
                    nonce: &nonce,
                    msg: &msg,
                })
                .collect();
            let mut tags = [MacTag::default(); 9];
            Batch::with_backend(b)
                .unwrap()
                .poly1305_aes(&jobs, &mut tags)
                .unwrap();
            assert!(tags.iter().all(|t| *t == want), "{b} {len}");
        }
    }
}

#[test]
fn batch_errors() {
    let good = clamp_key([7; 32]);
    let mut bad = good;
    bad[31] |= 0x10;
    let nonce = Nonce::from_u128(1);
    let jobs = [
        Job {
            key: &good,
            nonce: &nonce,
            msg: b"abc",
        },
        Job {
            key: &bad,
            nonce: &nonce,
            msg: b"abc",
        },
    ];
    let mut tags = [MacTag::from_bytes([0x55; 16]); 2];
    let batch = Batch::new();
    assert!(matches!(
        batch.poly1305_aes(&jobs, &mut tags),
        Err(Error::InvalidKey { .. })
    ));
    assert_eq!(tags, [[0x55u8; 16]; 2], "no tag written on error");
    let mut one = [MacTag::default(); 1];
    assert!(matches!(
        batch.poly1305_aes(&jobs, &mut one),
        Err(Error::InvalidParameter { .. })
    ));
}
