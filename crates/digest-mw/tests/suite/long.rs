//! The long-message kernel, hashes and MACs against their reference
//! composition (`uhash_ref::long` over `uhash_ref::digest::digest_mw`, keys
//! from `uhash_ref::kdf`), for every backend (forced), chunk sizes chosen at
//! run time, every split of the input (proptest split points and byte-by-
//! byte), the one-shot path (`hash_tail`), the streaming MAC state, the
//! `UniversalHash` trait paths, and the independent Python vectors of
//! `tools/interop/digest_mw.py`.

use digest_mw::long::{CHUNK_BYTES, DigestMwKernel, FAMILY_DIGEST_MW32};
use digest_mw::{Engine, MacNonce};
use proptest::prelude::*;
use uhash_base::long::ChunkHash;
use uhash_base::mac::{MacHash, tag_for_hash};

/// The long-message hash composed from the reference digestMW.
fn reference_hash(n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    uhash_testkit::long::digest_mw_hash(FAMILY_DIGEST_MW32, n, chunk, seed, msg)
}

fn reference_mac(n: usize, seed: &[u8; 16], nonce: &[u8; 12], msg: &[u8]) -> Vec<u8> {
    let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(seed, FAMILY_DIGEST_MW32, n as u8);
    let h = reference_hash(n, CHUNK_BYTES, &hash_seed, msg);
    uhash_ref::mac::wegman_carter(&pad_key, nonce, 32, &h).unwrap()
}

/// LongHash over the kernel with a run-time chunk and engine, fed in pieces
/// (checked against hashing again and the one-shot path).
fn production<const N: usize>(
    engine: Engine,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) -> Vec<u8> {
    uhash_testkit::long::streamed(
        |ks| DigestMwKernel::<N, 4096>::from_key_stream_with(ks, chunk, engine),
        seed,
        msg,
        splits,
    )
}

fn all(n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let want = reference_hash(n, chunk, seed, msg);
    for e in Engine::all_supported() {
        let got = match n {
            1 => production::<1>(e, chunk, seed, msg, splits),
            2 => production::<2>(e, chunk, seed, msg, splits),
            3 => production::<3>(e, chunk, seed, msg, splits),
            4 => production::<4>(e, chunk, seed, msg, splits),
            5 => production::<5>(e, chunk, seed, msg, splits),
            6 => production::<6>(e, chunk, seed, msg, splits),
            7 => production::<7>(e, chunk, seed, msg, splits),
            _ => production::<8>(e, chunk, seed, msg, splits),
        };
        assert_eq!(
            got,
            want,
            "{} n={n} chunk={chunk} len={}",
            e.backend(),
            msg.len()
        );
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48u32)
        .min(48);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn kernels_with_any_chunk_and_split_equal_the_reference(
        n in 1usize..=8,
        chunk_words in prop_oneof![1usize..=20, 60usize..=70, Just(1024)],
        seed in any::<[u8; 16]>(),
        msg in proptest::collection::vec(any::<u8>(), 0..1500),
        splits in proptest::collection::vec(0usize..300, 0..6),
    ) {
        all(n, 4 * chunk_words, &seed, &msg, &splits);
    }
}

#[test]
fn edge_lengths_extreme_bytes_and_byte_by_byte() {
    let seed = [0xffu8; 16];
    for chunk in [4usize, 32, 36, 64, 68, 256, 4096] {
        for len in [
            0usize,
            1,
            3,
            4,
            5,
            31,
            32,
            33,
            chunk - 1,
            chunk,
            chunk + 1,
            2 * chunk,
            3 * chunk + 5,
        ] {
            for fill in [0u8, 0xff] {
                let msg = vec![fill; len];
                for n in [1, 2, 4, 8] {
                    all(n, chunk, &seed, &msg, &[]);
                    all(n, chunk, &seed, &msg, &[1, 7, 33]);
                }
                if chunk <= 256 {
                    let ones = vec![1usize; len];
                    all(2, chunk, &seed, &msg, &ones);
                }
            }
        }
    }
}

/// The ready-made types (16 KiB chunk) equal the reference, their MACs the
/// reference Wegman–Carter tag; every backend and split agree.
#[test]
fn default_types_equal_the_reference() {
    use digest_mw::hash::*;
    let seed = [7u8; 16];
    let nonce = [9u8; 12];
    let big: Vec<u8> = (0..2 * CHUNK_BYTES + 3)
        .map(|i| (i * 7 + (i >> 9)) as u8)
        .collect();
    let lens = [
        0usize,
        1,
        100,
        CHUNK_BYTES - 1,
        CHUNK_BYTES,
        2 * CHUNK_BYTES + 3,
    ];
    macro_rules! check {
        ($hash:ident, $mac:ident, $n:expr) => {
            for &len in &lens {
                let msg = &big[..len];
                let want = reference_hash($n, CHUNK_BYTES, &seed, msg);
                for e in Engine::all_supported() {
                    let mut h = $hash::from_seed_with_engine(&seed, e);
                    assert_eq!(h.engine(), e);
                    assert_eq!(h.backend(), e.backend());
                    assert_eq!(h.compute(msg).to_vec(), want, "one-shot {e}");
                    for piece in msg.chunks(977) {
                        h.update(piece);
                    }
                    assert_eq!(
                        h.finalize_reset().to_vec(),
                        want,
                        "{} {len}",
                        stringify!($hash)
                    );
                    h.update(msg);
                    assert_eq!(h.finalize().to_vec(), want);
                }
                let h = $hash::from_seed(&seed);
                assert_eq!(h.compute(msg).to_vec(), want, "one-shot");
                let mac = $mac::from_seed(&seed).unwrap();
                let nonce = MacNonce::from_bytes(nonce);
                let tag = uhash_testkit::mac::wegman_carter_paths(&mac, &nonce, msg);
                assert_eq!(
                    &tag.as_bytes()[..],
                    reference_mac($n, &seed, nonce.as_bytes(), msg)
                );
            }
        };
    }
    check!(DigestMw32Hash, DigestMw32Mac, 1);
    check!(DigestMw64Hash, DigestMw64Mac, 2);
    check!(DigestMw128Hash, DigestMw128Mac, 4);
    check!(DigestMw256Hash, DigestMw256Mac, 8);
}

/// The `UniversalHash` paths: whole blocks equal the byte API;
/// `update_padded` is the byte API on the zero-padded data; `KeyInit` is
/// `from_seed`.
#[test]
fn universal_hash_trait_paths() {
    use digest_mw::hash::*;
    uhash_testkit::assert_universal_hash_paths!(CHUNK_BYTES; DigestMw32Hash 4, DigestMw64Hash 8, DigestMw128Hash 16, DigestMw256Hash 32);
}

#[test]
fn constants_debug_and_checked_inputs() {
    use digest_mw::hash::*;
    assert_eq!(FAMILY_DIGEST_MW32, 0x0320);
    assert_eq!(DigestMw128Hash::OUT_BYTES, 16);
    assert_eq!(<DigestMw128Hash as MacHash>::LANE_BITS, 32);
    assert_eq!(
        <DigestMw64Hash as MacHash>::PAD_LABEL,
        uhash_base::kdf::label(0x0320, 2, 0xff, 0)
    );
    assert_eq!(<DigestMwKernel<3> as ChunkHash>::LANES, 3);
    let d = format!("{:?}", DigestMw32Hash::from_seed(&[1; 16]));
    assert!(d.starts_with("SeededHash { kernel: DigestMwKernel"), "{d}");
    let mut ks = uhash_base::kdf::KeyStream::new(&[0; 16], 0);
    for bad in [0usize, 2, 6, 4100] {
        assert!(
            DigestMwKernel::<1, 4096>::from_key_stream_with(&mut ks, bad, Engine::portable())
                .is_err(),
            "chunk {bad}"
        );
    }
    assert_eq!(
        DigestMwKernel::<2, 4096>::from_key(&[0; 17], 64, Engine::portable()).err(),
        Some(uhash_base::Error::KeyTooShort {
            needed: 18,
            got: 17
        })
    );
    assert!(DigestMwKernel::<2, 4096>::from_key(&[0; 18], 64, Engine::portable()).is_ok());
}

/// The `digest_mw_long_hash`/`digest_mw_long_mac` records of
/// `crates/uhash-cli/tests/suite/kat/`, computed by `tools/interop/digest_mw.py` (Python,
/// digestMW from the paper's formula, OpenSSL AES) independently of the
/// Rust code; every backend, streaming and one-shot.
#[test]
fn python_interop_vectors() {
    let seed: [u8; 16] = core::array::from_fn(|i| i as u8);
    let msg13: Vec<u8> = (0..13).collect();
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let nonce = MacNonce::from_bytes(core::array::from_fn(|i| i as u8));
    let pad = |n: u8| -> [u8; 16] {
        uhash_base::kdf::expand_array(
            &seed,
            uhash_base::kdf::label(FAMILY_DIGEST_MW32, n, 0xff, 0),
        )
    };
    let tag = |h: &[u8], n: u8| {
        let mut t = vec![0u8; h.len()];
        tag_for_hash(&pad(n), &nonce, 4, h, &mut t).unwrap();
        hex(&t)
    };
    // The MAC from a seed hashes under the seed derived at level 0xfe.
    let hash_seed = |n: u8| -> [u8; 16] {
        uhash_base::kdf::expand_array(
            &seed,
            uhash_base::kdf::label(FAMILY_DIGEST_MW32, n, 0xfe, 0),
        )
    };
    for e in Engine::all_supported() {
        // digest_mw_long_hash
        let got = production::<2>(e, 8, &seed, &msg13, &[5]);
        assert_eq!(hex(&got), "47631cd76f7e2579", "{e}");
        assert_eq!(hex(&production::<1>(e, 8, &seed, &[], &[])), "00000000");
        let got = production::<4>(e, 16, &seed, &[0xff; 40], &[]);
        assert_eq!(hex(&got), "a9e36e7c263f7c66e2ce7203f85d531d", "{e}");
        // digest_mw_long_mac
        assert_eq!(
            tag(&production::<2>(e, 8, &hash_seed(2), &msg13, &[]), 2),
            "2372608ec25d4151"
        );
        assert_eq!(
            tag(&production::<8>(e, 12, &hash_seed(8), &msg13, &[3]), 8),
            "b51d7564920a087458dffdd521891a0eca7fe5b5d254c093f9cecbebbfc588ab",
            "{e}"
        );
    }
}
