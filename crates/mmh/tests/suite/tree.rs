//! `Mmh32Tree` (MMH §2.4's hash tree) against the big-integer reference
//! `uhash_ref::mmh_tree`, for every backend, block sizes k chosen at run
//! time, the one-shot hash and the streaming state with every split, keys
//! from a seed as documented, edge lengths at block and level boundaries,
//! and every typed error.

use proptest::prelude::*;
use uhash_base::Error;
use uhash_mmh::Engine32;
use uhash_mmh::tree::{Mmh32Tree, TREE_K, TREE_MAX_K, tree_height};
use uhash_ref::kdf::{expand, label};

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Keys for `levels` internal levels and the root from a byte pattern.
fn keys(k: usize, levels: usize, seed: u8) -> (Vec<u32>, Vec<u32>) {
    let mut x = u32::from(seed).wrapping_mul(0x9e37_79b9) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x
    };
    let lk = (0..levels * k).map(|_| next()).collect();
    let rk = (0..k + 2).map(|_| next()).collect();
    (lk, rk)
}

fn reference(k: usize, lk: &[u32], rk: &[u32], msg: &[u8]) -> u32 {
    let levels: Vec<Vec<u32>> = lk.chunks(k).map(<[u32]>::to_vec).collect();
    uhash_ref::mmh_tree::mmh32_tree(k, &levels, rk, msg).unwrap()
}

/// The state fed at the given cut points (any order, deduplicated).
fn streamed(tree: &Mmh32Tree, msg: &[u8], cuts: &[usize]) -> u32 {
    let mut cuts: Vec<usize> = cuts.iter().map(|&c| c % (msg.len() + 1)).collect();
    cuts.sort_unstable();
    let mut st = tree.start();
    let mut at = 0;
    for c in cuts {
        st.update(&msg[at..c]).unwrap();
        at = c;
    }
    st.update(&msg[at..]).unwrap();
    st.finalize()
}

/// Levels enough for `len` bytes with block size `k`.
fn levels_for(len: usize, k: usize) -> usize {
    tree_height(len as u64, k).unwrap() - 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn equals_reference_any_split(
        k in prop_oneof![2usize..=9, Just(32usize)],
        msg in proptest::collection::vec(any::<u8>(), 0..1500),
        cuts in proptest::collection::vec(any::<usize>(), 0..6),
        seed in any::<u8>(),
        extra in 0usize..2,
    ) {
        let levels = levels_for(msg.len(), k) + extra;
        let (lk, rk) = keys(k, levels, seed);
        let want = reference(k, &lk, &rk, &msg);
        for e in Engine32::all_supported() {
            let tree = Mmh32Tree::from_keys(k, &lk, &rk, e).unwrap();
            prop_assert_eq!(tree.hash(&msg).unwrap(), want, "{:?}", e.backend());
            prop_assert_eq!(streamed(&tree, &msg, &cuts), want, "{:?}", e.backend());
        }
    }
}

#[test]
fn edge_lengths_every_backend() {
    for k in [2usize, 3, 5, 32] {
        let b = 4 * k;
        let mut lens = vec![0, 1, 3, 4, 5, b - 1, b, b + 1, b * k - 1, b * k, b * k + 1];
        if k <= 5 {
            lens.extend([b * k * k, b * k * k + 3, b * k * k * k + 1]);
        } else {
            lens.push(b * k + 4 * b);
        }
        for len in lens {
            let msg: Vec<u8> = (0..len).map(|i| (i * 131 + 7) as u8).collect();
            let (lk, rk) = keys(k, levels_for(len, k), len as u8);
            let want = reference(k, &lk, &rk, &msg);
            for e in Engine32::all_supported() {
                let tree = Mmh32Tree::from_keys(k, &lk, &rk, e).unwrap();
                assert_eq!(tree.hash(&msg).unwrap(), want, "k {k} len {len} {e:?}");
                let mut st = tree.start();
                for byte in &msg {
                    st.update(core::slice::from_ref(byte)).unwrap();
                }
                assert_eq!(st.finalize(), want, "k {k} len {len} {e:?} bytewise");
            }
        }
    }
}

/// The all-ones words maximise every sum: the carries out of 2^64 and the
/// reduction's edge (mod p then mod 2^32) are exercised at every level.
#[test]
fn all_ones_keys_and_message() {
    for k in [2usize, 32] {
        let len = 4 * k * k * 3 + 2;
        let msg = vec![0xffu8; len];
        let levels = levels_for(len, k);
        let lk = vec![u32::MAX; levels * k];
        let rk = vec![u32::MAX; k + 2];
        let want = reference(k, &lk, &rk, &msg);
        for e in Engine32::all_supported() {
            let tree = Mmh32Tree::from_keys(k, &lk, &rk, e).unwrap();
            assert_eq!(tree.hash(&msg).unwrap(), want);
            assert_eq!(streamed(&tree, &msg, &[1, 4 * k + 1]), want);
        }
    }
}

#[test]
fn from_seed_is_the_documented_key_schedule() {
    let seed = *b"tree test seed!!";
    let k = TREE_K;
    let tree = Mmh32Tree::from_seed(&seed);
    assert_eq!(tree.levels(), 12);
    assert_eq!(tree.max_len(), u64::MAX);
    let lk = words32(&expand(&seed, label(0x0105, 1, 1, k as u32), 4 * 12 * k));
    let rk = words32(&expand(&seed, label(0x0105, 1, 2, k as u32), 4 * (k + 2)));
    for len in [0usize, 100, 128, 129, 4096, 4097, 70_000] {
        let msg: Vec<u8> = (0..len).map(|i| (i * 7 + 1) as u8).collect();
        assert_eq!(
            tree.hash(&msg).unwrap(),
            reference(k, &lk, &rk, &msg),
            "len {len}"
        );
    }
    let t3 = Mmh32Tree::from_seed_with(&seed, 3, Engine32::detect()).unwrap();
    let lk3 = words32(&expand(&seed, label(0x0105, 1, 1, 3), 4 * 3 * t3.levels()));
    let rk3 = words32(&expand(&seed, label(0x0105, 1, 2, 3), 4 * 5));
    let msg = [0x5au8; 999];
    assert_eq!(t3.hash(&msg).unwrap(), reference(3, &lk3, &rk3, &msg));
}

#[test]
fn height_is_the_documented_function() {
    let h = |len: u64| tree_height(len, 32).unwrap();
    assert_eq!(h(0), 1);
    assert_eq!(h(128), 1);
    assert_eq!(h(129), 2);
    assert_eq!(h(4096), 2);
    assert_eq!(h(4097), 3);
    assert_eq!(h(1024), 2);
    assert_eq!(h(64 << 10), 3);
    assert_eq!(h(128 << 10), 3);
    assert_eq!(h(1 << 20), 4);
    assert_eq!(h(4 << 20), 4);
    assert_eq!(h((4 << 20) + 1), 5);
    assert_eq!(h(u64::MAX), 13);
    assert_eq!(tree_height(9, 2).unwrap(), 2);
}

/// Without the length in the root, M and M ‖ 0000 would collide under
/// every key (zero words add nothing to an MMH sum); with it they do not.
#[test]
fn trailing_zeros_change_the_hash() {
    let tree = Mmh32Tree::from_seed(b"zero padding key");
    let msg = vec![0x11u8; 200];
    let mut longer = msg.clone();
    longer.extend([0u8; 4]);
    assert_ne!(tree.hash(&msg).unwrap(), tree.hash(&longer).unwrap());
    let mut one_zero = msg.clone();
    one_zero.push(0);
    assert_ne!(tree.hash(&msg).unwrap(), tree.hash(&one_zero).unwrap());
}

#[test]
fn bad_input_is_a_typed_error() {
    let e = Engine32::detect();
    for k in [0usize, 1, TREE_MAX_K + 1] {
        assert!(matches!(
            Mmh32Tree::from_keys(k, &[], &[0; 8000], e),
            Err(Error::InvalidParameter { name: "k", .. })
        ));
        assert!(matches!(
            Mmh32Tree::from_seed_with(&[0; 16], k, e),
            Err(Error::InvalidParameter { name: "k", .. })
        ));
        assert!(tree_height(5, k).is_err());
    }
    assert!(matches!(
        Mmh32Tree::from_keys(4, &[1, 2, 3], &[0; 6], e),
        Err(Error::InvalidParameter {
            name: "level_keys",
            ..
        })
    ));
    assert_eq!(
        Mmh32Tree::from_keys(4, &[1, 2, 3, 4], &[0; 5], e).unwrap_err(),
        Error::KeyTooShort { needed: 6, got: 5 }
    );
    // No level key: messages of at most k words only.
    let tree = Mmh32Tree::from_keys(4, &[], &[7; 6], e).unwrap();
    assert_eq!(tree.max_len(), 16);
    assert!(tree.hash(&[1; 16]).is_ok());
    assert!(matches!(
        tree.hash(&[1; 17]),
        Err(Error::InvalidMessageLength { got: 17, .. })
    ));
    let mut st = tree.start();
    st.update(&[1; 10]).unwrap();
    assert!(matches!(
        st.update(&[1; 7]),
        Err(Error::InvalidMessageLength { .. })
    ));
    // Nothing was absorbed by the refused call.
    st.update(&[1; 6]).unwrap();
    assert_eq!(st.finalize(), tree.hash(&[1; 16]).unwrap());
}

#[test]
fn debug_shows_no_key() {
    let (lk, rk) = keys(4, 2, 9);
    let tree = Mmh32Tree::from_keys(4, &lk, &rk, Engine32::detect()).unwrap();
    let shown = format!("{tree:?} {:?}", tree.start());
    for w in lk.iter().chain(&rk) {
        assert!(!shown.contains(&w.to_string()), "{shown}");
    }
}
