//! The long-message kernels, hashes and MACs against their reference
//! compositions (`uhash_ref::long` over the big-integer paper functions, keys
//! from `uhash_ref::kdf`), for every backend, chunk sizes chosen at run time,
//! every split of the input, the `UniversalHash` trait paths, and the
//! independent Python vectors of `tools/interop/long_mac.py`.

use proptest::prelude::*;
use uhash_base::mac::{MacHash, MacNonce, tag_for_hash};
use uhash_mmh::long::{CHUNK_BYTES, Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};
use uhash_mmh::{Engine32, Engine64};
use uhash_ref::kdf::{expand, label};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Fam {
    Mmh32,
    Nmh32,
    Mmh64,
    Nh,
}

impl Fam {
    fn id(self) -> u16 {
        match self {
            Fam::Mmh32 => 0x0101,
            Fam::Nmh32 => 0x0102,
            Fam::Mmh64 => 0x0103,
            Fam::Nh => 0x0104,
        }
    }
}

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn words64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The long-message hash composed from the reference paper functions, keys
/// derived as `LongHash::from_seed` documents.
fn reference_hash(fam: Fam, n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let f = fam.id();
    let lanes = n as u8;
    let k = chunk / 4;
    let (l1_bytes, lane_bits, l3_len) = match fam {
        Fam::Mmh32 => (4 * (k + n - 1), 32, 20),
        Fam::Nmh32 => (4 * k, 32, 20),
        Fam::Mmh64 => (chunk, 64, 24),
        Fam::Nh => (4 * (k + 2 * (n - 1)), 64, 24),
    };
    let key = expand(seed, label(f, lanes, 1, 0), l1_bytes);
    let l2: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, lanes, 2, i as u32), 16))
        .collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, lanes, 3, i as u32), l3_len))
        .collect();
    let l1 = |c: &[u8]| -> Vec<u64> {
        match fam {
            Fam::Mmh32 => uhash_ref::mmh::mmh32_toeplitz(&words32(&key), &words32(c), n)
                .unwrap()
                .into_iter()
                .map(u64::from)
                .collect(),
            Fam::Nmh32 => vec![u64::from(
                uhash_ref::mmh::nmh32(&words32(&key), &words32(c)).unwrap(),
            )],
            Fam::Mmh64 => vec![uhash_ref::mmh::mmh64(&words64(&key), &words64(c)).unwrap()],
            Fam::Nh => uhash_ref::nh::nh_toeplitz(&words32(&key), &words32(c), n).unwrap(),
        }
    };
    uhash_ref::long::long_hash(&l1, chunk, lane_bits, &l2, &l3, msg).unwrap()
}

/// The Wegman–Carter tag over `reference_hash`.
fn reference_mac(
    fam: Fam,
    n: usize,
    chunk: usize,
    seed: &[u8; 16],
    nonce: &[u8; 12],
    msg: &[u8],
) -> Vec<u8> {
    let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(seed, fam.id(), n as u8);
    let h = reference_hash(fam, n, chunk, &hash_seed, msg);
    let lane_bits = if matches!(fam, Fam::Mmh32 | Fam::Nmh32) {
        32
    } else {
        64
    };
    uhash_ref::mac::wegman_carter(&pad_key, nonce, lane_bits, &h).unwrap()
}

/// LongHash over a kernel with a run-time chunk, fed in the pieces `splits`
/// (checked against hashing again and the one-shot path).
use uhash_testkit::long::streamed as production;

/// Every backend's production hash of (fam, n, chunk) over `msg`.
fn all_productions(
    fam: Fam,
    n: usize,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) -> Vec<(String, Vec<u8>)> {
    const CAP: usize = 1 << 12;
    let mut v = Vec::new();
    macro_rules! lanes {
        ($kernel:ident, $engine:ident) => {
            for e in $engine::all_supported() {
                let out = match n {
                    1 => production(
                        |ks| $kernel::<1, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    2 => production(
                        |ks| $kernel::<2, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    3 => production(
                        |ks| $kernel::<3, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    4 => production(
                        |ks| $kernel::<4, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    5 => production(
                        |ks| $kernel::<5, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    8 => production(
                        |ks| $kernel::<8, CAP>::from_key_stream_with(ks, chunk, e),
                        seed,
                        msg,
                        splits,
                    ),
                    _ => unreachable!(),
                };
                v.push((e.backend().to_string(), out));
            }
        };
    }
    match fam {
        Fam::Mmh32 => lanes!(Mmh32Kernel, Engine32),
        Fam::Nh => lanes!(NhKernel, Engine32),
        Fam::Nmh32 => {
            for e in Engine32::all_supported() {
                let out = production(
                    |ks| Nmh32Kernel::<CAP>::from_key_stream_with(ks, chunk, e),
                    seed,
                    msg,
                    splits,
                );
                v.push((e.backend().to_string(), out));
            }
        }
        Fam::Mmh64 => {
            for e in Engine64::all_supported() {
                let out = production(
                    |ks| Mmh64Kernel::<CAP>::from_key_stream_with(ks, chunk, e),
                    seed,
                    msg,
                    splits,
                );
                v.push((e.backend().to_string(), out));
            }
        }
    }
    v
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: ProptestConfig::default().cases.min(48),
        ..ProptestConfig::default()
    }
}

fn family() -> impl Strategy<Value = (Fam, usize)> {
    prop_oneof![
        (
            Just(Fam::Mmh32),
            prop::sample::select(vec![1usize, 2, 3, 4, 5, 8])
        ),
        (
            Just(Fam::Nh),
            prop::sample::select(vec![1usize, 2, 3, 4, 5, 8])
        ),
        (Just(Fam::Nmh32), Just(1usize)),
        (Just(Fam::Mmh64), Just(1usize)),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn kernels_with_any_chunk_equal_the_reference(
        (fam, n) in family(),
        chunk_units in prop_oneof![1usize..=4, 5usize..=40, Just(128), Just(129)],
        len_chunks in 0usize..4,
        len_extra in 0usize..70,
        seed in any::<[u8; 16]>(),
        fill in any::<u8>(),
        splits in prop::collection::vec(0usize..300, 0..5),
    ) {
        let unit = if fam == Fam::Mmh32 { 4 } else { 8 };
        let chunk = unit * chunk_units;
        let len = len_chunks * chunk + len_extra;
        let msg: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(31) ^ fill).collect();
        let want = reference_hash(fam, n, chunk, &seed, &msg);
        for (backend, got) in all_productions(fam, n, chunk, &seed, &msg, &splits) {
            prop_assert_eq!(&got, &want, "{:?} n={} chunk={} len={} {}", fam, n, chunk, len, backend);
        }
    }
}

#[test]
fn edge_lengths_and_extreme_bytes() {
    let seed = [0xa5; 16];
    for (fam, n) in [
        (Fam::Mmh32, 1),
        (Fam::Mmh32, 3),
        (Fam::Nh, 2),
        (Fam::Nmh32, 1),
        (Fam::Mmh64, 1),
    ] {
        for chunk in [8, 64, 72] {
            for len in [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 7] {
                for fill in [0u8, 0xff] {
                    let msg = vec![fill; len];
                    let want = reference_hash(fam, n, chunk, &seed, &msg);
                    for (backend, got) in all_productions(fam, n, chunk, &seed, &msg, &[1, chunk]) {
                        assert_eq!(
                            got, want,
                            "{fam:?} n={n} chunk={chunk} len={len} fill={fill:#x} {backend}"
                        );
                    }
                }
            }
        }
    }
}

/// `long_hash`/`long_mac` vectors of `crates/uhash-cli/tests/suite/kat/`, computed by
/// `tools/interop/long_mac.py` (Python, OpenSSL AES) independently of the
/// Rust code.
#[test]
fn python_interop_vectors() {
    let seed: [u8; 16] = core::array::from_fn(|i| i as u8);
    let msg13: Vec<u8> = (0..13).collect();
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    // long_hash family 257 n=2 chunk=8
    let got = production(
        |ks| Mmh32Kernel::<2, 8>::from_key_stream_with(ks, 8, Engine32::detect()),
        &seed,
        &msg13,
        &[],
    );
    assert_eq!(hex(&got), "a1c84d764509ee17");
    let got = production(
        |ks| Mmh32Kernel::<1, 8>::from_key_stream_with(ks, 8, Engine32::detect()),
        &seed,
        &[],
        &[],
    );
    assert_eq!(hex(&got), "00000000");
    let got = production(
        |ks| NhKernel::<2, 16>::from_key_stream_with(ks, 16, Engine32::detect()),
        &seed,
        &[0xff; 40],
        &[],
    );
    assert_eq!(hex(&got), "bbf8fa79f332b18a6373bf50563c3927");
    // long_mac
    let nonce = MacNonce::from_bytes(core::array::from_fn(|i| i as u8));
    let pad = |fam: u16, n: u8| -> [u8; 16] {
        uhash_base::kdf::expand_array(&seed, uhash_base::kdf::label(fam, n, 0xff, 0))
    };
    // The MAC from a seed hashes under the seed derived at level 0xfe.
    let hash_seed = |fam: u16, n: u8| -> [u8; 16] {
        uhash_base::kdf::expand_array(&seed, uhash_base::kdf::label(fam, n, 0xfe, 0))
    };
    let tag = |h: &[u8], lane: usize, key: [u8; 16]| {
        let mut t = vec![0u8; h.len()];
        tag_for_hash(&key, &nonce, lane, h, &mut t).unwrap();
        hex(&t)
    };
    let h = production(
        |ks| Mmh32Kernel::<2, 8>::from_key_stream_with(ks, 8, Engine32::detect()),
        &hash_seed(0x0101, 2),
        &msg13,
        &[],
    );
    assert_eq!(tag(&h, 4, pad(0x0101, 2)), "93b1287c0818c47d");
    let h = production(
        |ks| NhKernel::<1, 8>::from_key_stream_with(ks, 8, Engine32::detect()),
        &hash_seed(0x0104, 1),
        &msg13,
        &[],
    );
    assert_eq!(tag(&h, 8, pad(0x0104, 1)), "cb4f2f84da74000e");
}

/// The ready-made types (default 16 KiB chunk) equal the reference, and
/// their MACs equal the reference Wegman–Carter tag.
#[test]
fn default_types_equal_the_reference() {
    use uhash_mmh::hash::*;
    let seed = [7u8; 16];
    let nonce = [9u8; 12];
    let lens = [
        0usize,
        1,
        100,
        CHUNK_BYTES - 1,
        CHUNK_BYTES,
        CHUNK_BYTES + 3,
    ];
    let big: Vec<u8> = (0..CHUNK_BYTES + 3)
        .map(|i| (i * 7 + (i >> 9)) as u8)
        .collect();
    macro_rules! check {
        ($hash:ident, $mac:ident, $fam:expr, $n:expr) => {
            for &len in &lens {
                let msg = &big[..len];
                let want = reference_hash($fam, $n, CHUNK_BYTES, &seed, msg);
                let mut h = $hash::from_seed(&seed);
                assert_eq!(h.compute(msg).to_vec(), want, "one-shot");
                h.update(msg);
                assert_eq!(
                    h.clone().finalize().to_vec(),
                    want,
                    "{} len={len}",
                    stringify!($hash)
                );
                assert_eq!(h.finalize_reset().to_vec(), want);
                h.update(msg);
                assert_eq!(h.finalize().to_vec(), want);
                let mac = $mac::from_seed(&seed).unwrap();
                let nonce = MacNonce::from_bytes(nonce);
                let tag = uhash_testkit::mac::wegman_carter_paths(&mac, &nonce, msg);
                assert_eq!(
                    &tag.as_bytes()[..],
                    reference_mac($fam, $n, CHUNK_BYTES, &seed, nonce.as_bytes(), msg)
                );
            }
        };
    }
    check!(Mmh32Hash, Mmh32Mac, Fam::Mmh32, 1);
    check!(Mmh32x2Hash, Mmh32x2Mac, Fam::Mmh32, 2);
    check!(Mmh32x4Hash, Mmh32x4Mac, Fam::Mmh32, 4);
    check!(Nmh32Hash, Nmh32Mac, Fam::Nmh32, 1);
    check!(Mmh64Hash, Mmh64Mac, Fam::Mmh64, 1);
    check!(NhHash, NhMac, Fam::Nh, 1);
    check!(Nhx2Hash, Nhx2Mac, Fam::Nh, 2);
    check!(Nhx4Hash, Nhx4Mac, Fam::Nh, 4);
}

/// Every backend gives the same default-type output (40 KiB crosses two
/// whole chunks and a partial one).
#[test]
fn default_types_agree_across_backends() {
    use uhash_mmh::hash::*;
    let seed = [3u8; 16];
    let msg: Vec<u8> = (0..40_000u32).map(|i| (i ^ (i >> 8)) as u8).collect();
    macro_rules! check {
        ($hash:ident, $engine:ident) => {{
            let want = {
                let mut h = $hash::from_seed_with_engine(&seed, $engine::portable());
                h.update(&msg);
                h.finalize()
            };
            for e in $engine::all_supported() {
                let mut h = $hash::from_seed_with_engine(&seed, e);
                assert_eq!(h.engine(), e);
                for piece in msg.chunks(977) {
                    h.update(piece);
                }
                assert_eq!(h.finalize(), want, "{} {}", stringify!($hash), e.backend());
            }
        }};
    }
    check!(Mmh32Hash, Engine32);
    check!(Mmh32x2Hash, Engine32);
    check!(Mmh32x4Hash, Engine32);
    check!(Nmh32Hash, Engine32);
    check!(Mmh64Hash, Engine64);
    check!(NhHash, Engine32);
    check!(Nhx2Hash, Engine32);
    check!(Nhx4Hash, Engine32);
}

/// The `UniversalHash` paths: whole blocks equal the byte API; a whole
/// chunk of blocks goes through `proc_par_blocks`; `update_padded` is the
/// byte API on the zero-padded data; `KeyInit` is `from_seed`.
#[test]
fn universal_hash_trait_paths() {
    use uhash_mmh::hash::*;
    uhash_testkit::assert_universal_hash_paths!(CHUNK_BYTES; Mmh32Hash 4, Mmh32x2Hash 8, Mmh32x4Hash 16, Nmh32Hash 4, Mmh64Hash 8, NhHash 8, Nhx2Hash 16, Nhx4Hash 32);
}

#[test]
fn mac_hash_constants_match_long_hash() {
    use uhash_mmh::hash::*;
    assert_eq!(Mmh32x2Hash::OUT_BYTES, 8);
    assert_eq!(<Mmh32x2Hash as MacHash>::LANE_BITS, 32);
    assert_eq!(
        <Mmh32x2Hash as MacHash>::PAD_LABEL,
        uhash_base::kdf::label(0x0101, 2, 0xff, 0)
    );
    assert_eq!(<Nhx4Hash as MacHash>::LANE_BITS, 64);
    assert_eq!(
        <Mmh64Hash as MacHash>::PAD_LABEL,
        uhash_base::kdf::label(0x0103, 1, 0xff, 0)
    );
    assert_eq!(
        <Mmh64Hash as MacHash>::MAC_HASH_LABEL,
        uhash_base::kdf::label(0x0103, 1, 0xfe, 0)
    );
    assert_eq!(
        <Mmh32x2Hash as MacHash>::MAC_HASH_LABEL,
        uhash_base::kdf::label(0x0101, 2, 0xfe, 0)
    );
    // Debug prints no key material
    let h = Mmh32Hash::from_seed(&[1; 16]);
    let d = format!("{h:?}");
    assert!(d.starts_with("SeededHash { kernel: Mmh32Kernel"), "{d}");
}

#[test]
fn chunk_sizes_are_checked() {
    let mut ks = uhash_base::kdf::KeyStream::new(&[0; 16], 0);
    for bad in [0, 2, 6, 4100] {
        assert!(
            Mmh32Kernel::<1, 4096>::from_key_stream_with(&mut ks, bad, Engine32::portable())
                .is_err(),
            "{bad}"
        );
    }
    for bad in [0, 4, 12, 4104] {
        assert!(
            NhKernel::<1, 4096>::from_key_stream_with(&mut ks, bad, Engine32::portable()).is_err()
        );
        assert!(
            Nmh32Kernel::<4096>::from_key_stream_with(&mut ks, bad, Engine32::portable()).is_err()
        );
        assert!(
            Mmh64Kernel::<4096>::from_key_stream_with(&mut ks, bad, Engine64::portable()).is_err()
        );
    }
    assert!(Mmh32Kernel::<1, 4096>::from_key(&[1; 10], 44, Engine32::portable()).is_err());
    assert!(Mmh32Kernel::<1, 4096>::from_key(&[1; 11], 44, Engine32::portable()).is_ok());
    assert!(NhKernel::<2, 4096>::from_key(&[1; 12], 40, Engine32::portable()).is_ok());
    assert!(NhKernel::<2, 4096>::from_key(&[1; 11], 40, Engine32::portable()).is_err());
}
