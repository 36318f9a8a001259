//! digest′ over MMH32 and NH (§5's remark) against the reference
//! (`uhash_ref::digest::digest_prime_mmh32`/`_nh`) with random keys and
//! messages, any split of the streaming form and every `Engine32` backend;
//! the key-length errors; and the inner-hash properties the soundness
//! argument of the module docs rests on: MMH's balance εd = 4·2^-b and
//! NH's εd = (2^(w+1) − 1)·2^-2w measured exhaustively at a small width,
//! MMH32's zero input, and the pair on which NH truncated to 32 bits
//! collides for half of all keys.

use digest_mw::{
    DigestPrimeOver, Error, K1_BYTES_INNER, PrimeInner, digest_prime_mmh32, digest_prime_nh,
};
use proptest::prelude::*;
use uhash_mmh::Engine32;
use uhash_ref::digest as nr;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn equals_reference_with_any_split(
        k1 in proptest::collection::vec(any::<u8>(), K1_BYTES_INNER),
        k2 in proptest::collection::vec(any::<u8>(), 10..40),
        msg in proptest::collection::vec(any::<u8>(), 0..300),
        cut in any::<prop::sample::Index>(),
    ) {
        let rm = nr::digest_prime_mmh32(&k1, &k2, &msg).unwrap();
        let rn = nr::digest_prime_nh(&k1, &k2, &msg).unwrap();
        prop_assert_eq!(digest_prime_mmh32(&k1, &k2, &msg).unwrap(), rm);
        prop_assert_eq!(digest_prime_nh(&k1, &k2, &msg).unwrap(), rn);
        let c = cut.index(msg.len() + 1);
        let key = [k1.as_slice(), &k2].concat();
        for e in Engine32::all_supported() {
            for (inner, want) in [(PrimeInner::Mmh32, u64::from(rm)), (PrimeInner::Nh, rn)] {
                let mut d = DigestPrimeOver::new(inner, &k1, &k2).unwrap();
                d.update(&msg[..c]).update(&msg[c..]);
                prop_assert_eq!(d.finalize_with(e), want, "{:?} {:?}", inner, e.backend());
                let mut d = DigestPrimeOver::from_key(inner, &key).unwrap();
                d.update(&msg);
                prop_assert_eq!(d.finalize_with(e), want);
            }
        }
    }
}

#[test]
fn key_errors() {
    let k2 = [0u8; 10];
    assert_eq!(
        digest_prime_mmh32(&[0; 31], &k2, b""),
        Err(Error::InvalidKeyLength {
            expected: 32,
            got: 31
        })
    );
    assert_eq!(
        digest_prime_nh(&[0; 33], &k2, b""),
        Err(Error::InvalidKeyLength {
            expected: 32,
            got: 33
        })
    );
    assert_eq!(
        digest_prime_nh(&[0; 32], &k2[..9], b""),
        Err(Error::InvalidKeyLength {
            expected: 10,
            got: 9
        })
    );
    assert!(matches!(
        DigestPrimeOver::from_key(PrimeInner::Mmh32, &[0; 41]),
        Err(Error::InvalidKeyLength {
            expected: 42,
            got: 41
        })
    ));
    assert!(nr::digest_prime_mmh32(&[0; 31], &k2, b"").is_err());
    assert!(nr::digest_prime_nh(&[0; 32], &k2[..9], b"").is_err());
}

#[test]
fn debug_shows_no_key() {
    let k1 = [0x5au8; 32];
    let d = DigestPrimeOver::new(PrimeInner::Nh, &k1, &[0xa5; 12]).unwrap();
    let shown = format!("{d:?}");
    assert!(!shown.contains("90") && !shown.contains("5a"), "{shown}");
}

/// MMH_b's balance, exhaustively at b = 4 (p = 17) for two-word inputs:
/// max over x ≠ 0 and y of Pr_k[MMH_b(k, x) = y] ≤ 4·2^-b (the proof in
/// the module docs), and the all-zero input hashes to 0 under every key.
#[test]
fn mmh_balance_at_b4() {
    let b = 4u32;
    let n = 1u64 << b;
    let mut worst = 0u32;
    for x1 in 0..n {
        for x2 in 0..n {
            let mut count = vec![0u32; n as usize];
            for k1 in 0..n {
                for k2 in 0..n {
                    let h = uhash_ref::mmh::mmh_b(b, &[k1, k2], &[x1, x2]).unwrap();
                    count[h as usize] += 1;
                }
            }
            let m = *count.iter().max().unwrap();
            if x1 == 0 && x2 == 0 {
                assert_eq!(m as u64, n * n, "MMH(k, 0) = 0 for every key");
            } else {
                worst = worst.max(m);
            }
        }
    }
    // At most 4·2^-b of the 2^(2b) keys: 64 of 256.
    assert!(u64::from(worst) <= 4 * n, "worst {worst}/{}", n * n);
}

/// NH's balance, exhaustively at w = 4 for one pair: Pr_k[NH(k, x) = 0] =
/// (2^(w+1) − 1)/2^(2w) for every x (u = x₁ + k₁, v = x₂ + k₂ are
/// uniform), the bound of the module docs, reached.
#[test]
fn nh_balance_at_w4() {
    let w = 4u32;
    let n = 1u64 << w;
    for x1 in 0..n {
        for x2 in 0..n {
            let mut count = std::collections::HashMap::new();
            for k1 in 0..n {
                for k2 in 0..n {
                    let h = uhash_ref::nh::nh_w(w, &[k1, k2], &[x1, x2]).unwrap();
                    *count.entry(h).or_insert(0u64) += 1;
                }
            }
            let m = *count.values().max().unwrap();
            assert_eq!(m, 2 * n - 1, "x = ({x1}, {x2})");
            assert_eq!(count[&0], 2 * n - 1);
        }
    }
}

/// NH truncated to its low 32 bits is not almost-universal: x and x′ equal
/// but for x′₁ = x₁ + 2^31 collide mod 2^32 exactly when x₂ + k₂ is even,
/// i.e. for half of all keys; the full 64-bit NH separates them unless
/// x₂ + k₂ = 0. Theorem 4's proof therefore bounds digest′ over truncated
/// NH by 1/2 + θc only.
#[test]
fn nh_truncated_to_32_bits_collides_for_half_the_keys() {
    let x: [u32; 8] = [0x0123_4567, 0x89ab_cdef, 1, 2, 3, 4, 5, 6];
    let mut x2 = x;
    x2[0] = x[0].wrapping_add(1 << 31);
    let bytes = |m: &[u32; 8]| -> Vec<u8> { m.iter().flat_map(|w| w.to_le_bytes()).collect() };
    let (m, m2) = (bytes(&x), bytes(&x2));
    let mut rng = uhash_testkit::rng::XorShift64::new(0x2545_f491_4f6c_dd1d);
    let mut low_collisions = 0;
    let trials = 4096;
    for _ in 0..trials {
        let mut key = [0u32; 8];
        for k in &mut key {
            *k = rng.next_u64() as u32;
        }
        let h = uhash_mmh::nh(&key, &m).unwrap();
        let h2 = uhash_mmh::nh(&key, &m2).unwrap();
        assert_eq!(h, uhash_ref::nh::nh(&key, &bytes_to_words(&m)).unwrap());
        let even = x[1].wrapping_add(key[1]) % 2 == 0;
        assert_eq!(h as u32 == h2 as u32, even, "key {key:?}");
        assert_eq!(h == h2, x[1].wrapping_add(key[1]) == 0);
        low_collisions += u32::from(even);
    }
    // The key's parity bit is uniform: about half of the trials.
    assert!((1800..2300).contains(&low_collisions), "{low_collisions}");
}

fn bytes_to_words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
