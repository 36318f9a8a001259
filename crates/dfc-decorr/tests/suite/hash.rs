//! The Horner hash and its MAC against the big-integer reference
//! (`uhash_ref::dfc::horner_hash`, `uhash_ref::kdf`, `uhash_ref::mac`):
//! any split of the input, edge lengths, the `UniversalHash` trait path,
//! keys from seeds, and tags.

use dfc_decorr::hash::{DfcHash, DfcMac, DfcState, KEY_LABEL};
use dfc_decorr::module::P;
use dfc_decorr::{Nonce, Tag};
use proptest::prelude::*;
use uhash_ref::dfc::horner_hash;
// A deterministic pseudo-random message.
use uhash_testkit::data::bytes as message;
use universal_hash::{KeyInit, UniversalHash};

fn key_bytes(a: u64, b: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&a.to_le_bytes());
    k[8..].copy_from_slice(&b.to_le_bytes());
    k
}

/// The hash of `msg` fed in pieces cut at `cuts` (positions taken modulo
/// the length, sorted).
fn hash_split(a: u64, b: u64, msg: &[u8], cuts: &[usize]) -> u64 {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (msg.len() + 1)).collect();
    points.sort_unstable();
    let mut h = DfcHash::from_parts(a, b);
    let mut start = 0;
    for p in points {
        h.update(&msg[start..p]);
        start = p;
    }
    h.update(&msg[start..]);
    h.finalize()
}

/// [`hash_split`] through the MAC's interface: the one-shot `hash` and a
/// `DfcState` fed the same pieces must agree. (`MacHash` is not imported:
/// its `update(&self, …)` would shadow the inherent `update(&mut self, …)`
/// in method calls.)
fn mac_hash_split(a: u64, b: u64, msg: &[u8], cuts: &[usize]) -> u64 {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (msg.len() + 1)).collect();
    points.sort_unstable();
    let h = DfcHash::from_parts(a, b);
    let mut state: DfcState = uhash_base::mac::MacHash::new_state(&h);
    let mut start = 0;
    for p in points {
        uhash_base::mac::MacHash::absorb(&h, &mut state, &msg[start..p]);
        start = p;
    }
    uhash_base::mac::MacHash::absorb(&h, &mut state, &msg[start..]);
    let streamed = uhash_base::mac::MacHash::finish(&h, &mut state);
    assert_eq!(streamed, uhash_base::mac::MacHash::hash_message(&h, msg));
    // `finish` resets the state: it hashes the empty message next.
    assert_eq!(
        uhash_base::mac::MacHash::finish(&h, &mut state).into_bytes(),
        b.to_le_bytes()
    );
    u64::from_le_bytes(streamed.into_bytes())
}

proptest! {
    #[test]
    fn any_split_equals_the_reference(
        a in any::<u64>(),
        b in any::<u64>(),
        msg in prop::collection::vec(any::<u8>(), 0..300),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let want = horner_hash(a, b, &msg);
        prop_assert_eq!(hash_split(a, b, &msg, &cuts), want);
        prop_assert_eq!(mac_hash_split(a, b, &msg, &cuts), want);
        prop_assert_eq!(DfcHash::from_parts(a, b).compute(&msg), want);
        // one byte at a time
        let mut h = DfcHash::from_parts(a, b);
        for byte in &msg {
            h.update(core::slice::from_ref(byte));
        }
        prop_assert_eq!(h.finalize(), want);
    }

    /// The 65-bit state: choose the second block so that the accumulator
    /// after it is 2^64 + e (e ≤ 12), inside the block loop, then go on.
    #[test]
    fn accumulator_above_2_64_inside_the_loop(
        a in any::<u64>(),
        b in any::<u64>(),
        m1 in any::<u64>(),
        e in 0u64..=12,
        tail in prop::collection::vec(any::<u8>(), 0..200),
        cut in any::<usize>(),
    ) {
        let ax = u128::from(a) * u128::from(m1) % P;
        let m2 = ((1u128 << 64) + u128::from(e) + P - ax) % P;
        prop_assume!(m2 < 1 << 64);
        let mut msg = m1.to_le_bytes().to_vec();
        msg.extend_from_slice(&(m2 as u64).to_le_bytes());
        msg.extend_from_slice(&tail);
        let want = horner_hash(a, b, &msg);
        prop_assert_eq!(hash_split(a, b, &msg, &[]), want);
        prop_assert_eq!(hash_split(a, b, &msg, &[cut]), want);
        // Cut after the two blocks: the next call's groups of 8 blocks
        // (the split Horner loop) start from the 65-bit state.
        prop_assert_eq!(hash_split(a, b, &msg, &[16]), want);
        prop_assert_eq!(mac_hash_split(a, b, &msg, &[16]), want);
    }

    /// Long messages (many groups of the split loop, and the single steps
    /// after them) in pieces, on random keys and on the keys whose powers
    /// reach 2^64.
    #[test]
    fn long_messages_any_split(
        key in prop_oneof![any::<u64>(), proptest::sample::select(TOP_POWER_KEYS.map(|k| k.0).to_vec())],
        b in any::<u64>(),
        msg in prop::collection::vec(any::<u8>(), 0..3000),
        cuts in prop::collection::vec(any::<usize>(), 0..4),
    ) {
        let want = horner_hash(key, b, &msg);
        prop_assert_eq!(hash_split(key, b, &msg, &cuts), want);
        prop_assert_eq!(mac_hash_split(key, b, &msg, &cuts), want);
        prop_assert_eq!(DfcHash::from_parts(key, b).compute(&msg), want);
    }

    #[test]
    fn trait_path_equals_the_byte_api_on_whole_blocks(
        key in any::<[u8; 16]>(),
        blocks in prop::collection::vec(any::<[u8; 8]>(), 0..40),
        tail in prop::collection::vec(any::<u8>(), 0..8),
    ) {
        let a = u64::from_le_bytes(key[..8].try_into().unwrap());
        let b = u64::from_le_bytes(key[8..].try_into().unwrap());
        let bytes: Vec<u8> = blocks.concat();
        let want = horner_hash(a, b, &bytes);

        let mut t = <DfcHash as KeyInit>::new(&key.into());
        let arr: Vec<universal_hash::Block<DfcHash>> = blocks.iter().map(|blk| (*blk).into()).collect();
        UniversalHash::update(&mut t, &arr);
        prop_assert_eq!(<[u8; 8]>::from(UniversalHash::finalize(t)), want.to_le_bytes());

        // update_padded(d) = update(d ‖ zeros to a multiple of 8)
        let mut d = bytes.clone();
        d.extend_from_slice(&tail);
        let mut padded = d.clone();
        padded.resize(d.len().div_ceil(8) * 8, 0);
        let mut t = DfcHash::new_from_slice(&key).unwrap();
        t.update_padded(&d);
        prop_assert_eq!(
            <[u8; 8]>::from(UniversalHash::finalize(t)),
            horner_hash(a, b, &padded).to_le_bytes()
        );

        // byte and block paths interleave: both append bytes to one message
        let mut m = DfcHash::from_key(&key);
        m.update(&tail);
        UniversalHash::update(&mut m, &arr);
        let mut whole = tail.clone();
        whole.extend_from_slice(&bytes);
        prop_assert_eq!(m.finalize(), horner_hash(a, b, &whole));
    }
}

#[test]
fn edge_lengths_and_all_ones() {
    let keys = [
        (0, 0),
        (1, 0),
        (u64::MAX, u64::MAX),
        (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210),
        (1 << 63, 13),
    ];
    for len in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65] {
        for (a, b) in keys {
            for msg in [vec![0xff; len], vec![0; len], message(len, len as u64)] {
                let want = horner_hash(a, b, &msg);
                let mut h = DfcHash::from_parts(a, b);
                assert_eq!(h.compute(&msg), want, "len {len} a {a:#x} b {b:#x}");
                h.update(&msg);
                assert_eq!(h.finalize(), want, "len {len} a {a:#x} b {b:#x}");
                assert_eq!(mac_hash_split(a, b, &msg, &[len / 2]), want);
                for cut in 0..=len {
                    assert_eq!(hash_split(a, b, &msg, &[cut]), want, "len {len} cut {cut}");
                }
            }
        }
    }
}

/// Keys a whose power a^j mod p is a residue in [2^64, p) (found with
/// sympy's `nthroot_mod`), as (a, j): the split Horner loop multiplies by
/// a, …, a^8, and a power with bit 64 set takes the masked path of
/// `uhash_base::p64mul`. `powers_at_or_above_2_64` checks each claim.
const TOP_POWER_KEYS: [(u64, u32); 8] = [
    (0x1_0000_0000, 2),
    (0x34de_3361_6f98_319d, 3),
    (0x1_0000, 4),
    (0x12e4_a8ea_4d02_6ae4, 5),
    (0x0a4a_0083_53e3_ce1b, 6),
    (0x509b_3b09_152c_579b, 7),
    (0x100, 8),
    // a² ≡ −1 = 2^64 + 12: a square root of −1 modulo p.
    (SQRT_MINUS_ONE, 2),
];

const SQRT_MINUS_ONE: u64 = 0x20e5_c5a1_532a_203c;

#[test]
fn powers_at_or_above_2_64() {
    use num_bigint::BigUint;
    let p = BigUint::from(P);
    for (a, j) in TOP_POWER_KEYS {
        let r = BigUint::from(a).modpow(&BigUint::from(j), &p);
        assert!(r >= BigUint::from(1u128 << 64), "{a:#x}^{j} mod p = {r:#x}");
    }
    for (a, _) in TOP_POWER_KEYS {
        for len in [0, 8, 63, 64, 65, 127, 128, 129, 200, 1000, 4096] {
            for msg in [vec![0xff; len], vec![0; len], message(len, a ^ len as u64)] {
                let want = horner_hash(a, 7, &msg);
                assert_eq!(
                    DfcHash::from_parts(a, 7).compute(&msg),
                    want,
                    "a {a:#x} len {len}"
                );
                for cuts in [&[][..], &[1], &[16, 80], &[64, 65, 200]] {
                    assert_eq!(
                        hash_split(a, 7, &msg, cuts),
                        want,
                        "a {a:#x} len {len} {cuts:?}"
                    );
                }
                assert_eq!(mac_hash_split(a, 7, &msg, &[24]), want);
            }
        }
    }
}

#[test]
fn many_blocks() {
    for (len, a, b) in [
        (4096, u64::MAX, u64::MAX),
        (8191, 0x9e37_79b9_7f4a_7c15, 3),
        (10_000, 2, 1),
    ] {
        let msg = message(len, 42);
        let want = horner_hash(a, b, &msg);
        assert_eq!(hash_split(a, b, &msg, &[]), want);
        assert_eq!(hash_split(a, b, &msg, &[1, 1000, 1001, 4095]), want);
        let ones = vec![0xff; len];
        assert_eq!(hash_split(a, b, &ones, &[3, 77]), horner_hash(a, b, &ones));
    }
}

#[test]
fn empty_message_hashes_to_b_and_reset_forgets() {
    let mut h = DfcHash::from_parts(12345, 678);
    assert_eq!(h.clone().finalize(), 678);
    h.update(b"some bytes");
    assert_eq!(h.bytes_absorbed(), 10);
    h.reset();
    assert_eq!(h.bytes_absorbed(), 0);
    assert_eq!(h.finalize_reset(), 678);
    h.update(b"abc");
    let first = h.finalize_reset();
    h.update(b"abc");
    assert_eq!(h.finalize_reset(), first);
    assert_eq!(first, horner_hash(12345, 678, b"abc"));
}

#[test]
fn length_block_separates_zero_padding() {
    // "a" and "a\0" pad to the same block; the length block tells them apart.
    let h = |m: &[u8]| {
        let mut h = DfcHash::from_parts(0x1234_5678_9abc_def1, 5);
        h.update(m);
        h.finalize()
    };
    assert_ne!(h(b"a"), h(b"a\0"));
    assert_ne!(h(b""), h(b"\0"));
}

#[test]
fn keys_from_seeds_follow_the_documented_expansion() {
    let seed = *b"0123456789abcdef";
    let key = uhash_ref::kdf::expand(&seed, uhash_ref::kdf::label(0x0400, 1, 1, 0), 16);
    assert_eq!(KEY_LABEL, uhash_ref::kdf::label(0x0400, 1, 1, 0));
    let a = u64::from_le_bytes(key[..8].try_into().unwrap());
    let b = u64::from_le_bytes(key[8..].try_into().unwrap());
    let msg = message(100, 9);
    let mut h = DfcHash::from_seed(&seed);
    h.update(&msg);
    assert_eq!(h.finalize(), horner_hash(a, b, &msg));
    let m = <DfcHash as uhash_base::mac::MacHash>::from_seed(&seed).unwrap();
    assert_eq!(
        uhash_base::mac::MacHash::hash_message(&m, &msg),
        Tag::from_bytes(horner_hash(a, b, &msg).to_le_bytes())
    );
    let mut st = uhash_base::mac::MacHash::new_state(&m);
    uhash_base::mac::MacHash::absorb(&m, &mut st, &msg);
    assert_eq!(st.bytes_absorbed(), msg.len() as u64);
    assert_eq!(
        uhash_base::mac::MacHash::finish(&m, &mut st).into_bytes(),
        horner_hash(a, b, &msg).to_le_bytes()
    );
    assert_eq!(st.bytes_absorbed(), 0);
}

#[test]
fn mac_matches_the_reference_and_rejects_forgeries() {
    let seed = [0x5au8; 16];
    let nonce = Nonce::from_counter(7).unwrap();
    let msg = message(77, 1);

    let mac = DfcMac::from_seed(&seed).unwrap();
    let tag: Tag<8> = mac.authenticate(&nonce, &msg);

    // Reference: the hash's seed and the pad key from the seed (levels 0xfe
    // and 0xff), the hash key from the hash's seed, then Wegman–Carter.
    let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(&seed, 0x0400, 1);
    let key = uhash_ref::kdf::expand(&hash_seed, uhash_ref::kdf::label(0x0400, 1, 1, 0), 16);
    let a = u64::from_le_bytes(key[..8].try_into().unwrap());
    let b = u64::from_le_bytes(key[8..].try_into().unwrap());
    let want = uhash_ref::mac::wegman_carter(
        &pad_key,
        nonce.as_bytes(),
        64,
        &horner_hash(a, b, &msg).to_le_bytes(),
    )
    .unwrap();
    assert_eq!(tag.as_bytes(), &want[..]);
    // The same from an explicit hash and pad key.
    let explicit = DfcMac::new(DfcHash::from_parts(a, b), &pad_key);
    assert_eq!(explicit.authenticate(&nonce, &msg), tag);

    // Streaming gives the same tag (any split); verification accepts it.
    for cut in [0, 1, 30, 76, 77] {
        let mut st = mac.start();
        st.update(&msg[..cut]);
        st.update(&msg[cut..]);
        assert_eq!(st.finalize(&nonce), tag, "cut {cut}");
        let mut st = mac.start();
        st.update(&msg[..cut]);
        st.update(&msg[cut..]);
        assert_eq!(st.verify(&nonce, &tag), Ok(()));
    }
    assert_eq!(mac.verify(&nonce, &msg, &tag), Ok(()));

    // Any flipped bit of the tag or of the message is rejected.
    for bit in 0..64 {
        let mut bad = tag.into_bytes();
        bad[bit / 8] ^= 1 << (bit % 8);
        let bad = Tag::from_bytes(bad);
        assert_eq!(
            mac.verify(&nonce, &msg, &bad),
            Err(uhash_base::Error::TagMismatch)
        );
        let mut st = mac.start();
        st.update(&msg);
        assert_eq!(st.verify(&nonce, &bad), Err(uhash_base::Error::TagMismatch));
    }
    for bit in [0, 7, 100, 8 * 77 - 1] {
        let mut bad = msg.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        assert!(mac.verify(&nonce, &bad, &tag).is_err());
    }
    // A different nonce gives a different tag.
    assert!(
        mac.verify(&Nonce::from_counter(8).unwrap(), &msg, &tag)
            .is_err()
    );
}

/// `std::io::Write` on the hash and on the MAC's streaming state (feature
/// `std`): `io::copy` from a reader hashes what a single `update` does.
#[cfg(feature = "std")]
#[test]
fn io_write_feeds_the_hash_and_the_mac() {
    use std::io::Write;
    let msg = message(1000, 5);
    let mut h = DfcHash::from_parts(3, 4);
    std::io::copy(&mut &msg[..], &mut h).unwrap();
    h.flush().unwrap();
    assert_eq!(h.finalize(), horner_hash(3, 4, &msg));
    let mac = DfcMac::from_seed(&[9; 16]).unwrap();
    let nonce = Nonce::from_counter(1).unwrap();
    let mut st = mac.start();
    st.write_all(&msg[..333]).unwrap();
    st.write_all(&msg[333..]).unwrap();
    assert_eq!(st.finalize(&nonce), mac.authenticate(&nonce, &msg));
}

#[test]
fn debug_prints_no_key() {
    let h = DfcHash::from_parts(0x1122_3344_5566_7788, 0x99aa_bbcc_ddee_ff00);
    let mac = DfcMac::new(h.clone(), &[0x77; 16]);
    let mut st = mac.start();
    st.update(b"abc");
    for s in [format!("{mac:?}"), format!("{st:?}")] {
        for needle in ["1122", "7788", "99aa", "ff00", "7777"] {
            assert!(!s.to_lowercase().contains(needle), "{s}");
        }
    }
    let s = format!("{h:?}");
    assert!(s.starts_with("DfcHash"), "{s}");
    for needle in ["1122", "7788", "99aa", "ff00"] {
        assert!(!s.to_lowercase().contains(needle), "{s}");
    }
    let k = key_bytes(0x1122_3344_5566_7788, 0x99aa_bbcc_ddee_ff00);
    let mut from_key = DfcHash::from_key(&k);
    let mut from_parts = h.clone();
    from_key.update(b"x");
    from_parts.update(b"x");
    assert_eq!(from_key.finalize(), from_parts.finalize());
}
