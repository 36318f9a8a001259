//! The long-message construction and the Wegman–Carter MAC against their
//! reference compositions (`uhash_ref::long`, `uhash_ref::mac`, built from
//! the plain definitions), at edge lengths and for any split of the input.
//!
//! The level-1 kernels here are written for the test only (the families
//! bring their own); they are MMH32 and NH in Toeplitz form, and the
//! reference side uses `uhash_ref::mmh::mmh32_toeplitz` and
//! `uhash_ref::nh::nh_toeplitz` on the same chunk words.

use proptest::prelude::*;
use uhash_base::kdf::{self, KeyStream};
use uhash_base::long::{ChunkHash, LongHash, LongKey, LongState, MAX_LANES};
use uhash_base::mac::{MacHash, MacNonce, WegmanCarter};
use uhash_base::{Error, Tag, p32};
use uhash_testkit::mac::bit_flipped;

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// MMH32 (Def. 5) over 256-word chunks, N Toeplitz lanes.
#[derive(Clone)]
struct Mmh32T<const N: usize> {
    key: Vec<u32>,
}

const MMH_CHUNK: usize = 1024;

impl<const N: usize> ChunkHash for Mmh32T<N> {
    const CHUNK_BYTES: usize = MMH_CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 32;
    const FAMILY: u16 = kdf::family::GENERIC;
    type Chunk = [u8; MMH_CHUNK];

    fn zero_chunk() -> Self::Chunk {
        [0; MMH_CHUNK]
    }

    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Ok(Self {
            key: (0..MMH_CHUNK / 4 + N - 1).map(|_| ks.next_u32()).collect(),
        })
    }

    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let m = words32(chunk);
        for (i, o) in out.iter_mut().enumerate().take(N) {
            let mut sum = 0u64;
            for (j, w) in m.iter().enumerate() {
                sum = sum.wrapping_add(*w as u64 * self.key[i + j] as u64);
            }
            *o = p32::reduce_to_u32(sum) as u64;
        }
    }
}

/// NH over 16-word (64-byte) chunks, N lanes shifted by two words.
#[derive(Clone)]
struct NhT<const N: usize> {
    key: Vec<u32>,
}

const NH_CHUNK: usize = 64;

impl<const N: usize> ChunkHash for NhT<N> {
    const CHUNK_BYTES: usize = NH_CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 64;
    const FAMILY: u16 = kdf::family::GENERIC;
    type Chunk = [u8; NH_CHUNK];

    fn zero_chunk() -> Self::Chunk {
        [0; NH_CHUNK]
    }

    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Ok(Self {
            key: (0..NH_CHUNK / 4 + 2 * (N - 1))
                .map(|_| ks.next_u32())
                .collect(),
        })
    }

    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let m = words32(chunk);
        for (i, o) in out.iter_mut().enumerate().take(N) {
            let k = &self.key[2 * i..];
            let mut sum = 0u64;
            for j in (0..m.len()).step_by(2) {
                let a = m[j].wrapping_add(k[j]) as u64;
                let b = m[j + 1].wrapping_add(k[j + 1]) as u64;
                sum = sum.wrapping_add(a * b);
            }
            *o = sum;
        }
    }
}

// ------------------------------------------------------------ reference side

fn ref_l1_mmh<const N: usize>(key: &[u32]) -> impl Fn(&[u8]) -> Vec<u64> + '_ {
    move |chunk| {
        uhash_ref::mmh::mmh32_toeplitz(key, &words32(chunk), N)
            .unwrap()
            .into_iter()
            .map(u64::from)
            .collect()
    }
}

fn ref_l1_nh<const N: usize>(key: &[u32]) -> impl Fn(&[u8]) -> Vec<u64> + '_ {
    move |chunk| uhash_ref::nh::nh_toeplitz(key, &words32(chunk), N).unwrap()
}

/// The keys of `LongHash::from_seed`, derived with the reference expansion.
fn ref_keys(
    seed: &[u8; 16],
    family: u16,
    lanes: usize,
    lane_bits: u32,
    l1_words: usize,
) -> (Vec<u32>, Vec<Vec<u8>>, Vec<Vec<u8>>) {
    use uhash_ref::kdf::{expand, label};
    let l1 = words32(&expand(
        seed,
        label(family, lanes as u8, 1, 0),
        4 * l1_words,
    ));
    let (l2, l3) = uhash_testkit::long::outer_keys(seed, family, lanes, lane_bits);
    (l1, l2, l3)
}

fn fast_split<H: ChunkHash>(h: &mut LongHash<H>, msg: &[u8], cuts: &[usize]) -> Vec<u8> {
    let mut prev = 0;
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (msg.len() + 1)).collect();
    points.sort_unstable();
    for p in points {
        h.update(&msg[prev..p]);
        prev = p;
    }
    h.update(&msg[prev..]);
    let mut out = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut out).unwrap();
    // The one-shot path (whole chunks in place, the tail by `hash_tail`)
    // gives the same bytes.
    let mut once = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.key().hash_into(msg, &mut once).unwrap();
    assert_eq!(once, out, "one-shot vs streaming, len {}", msg.len());
    out
}

/// A test kernel's long-message hash as a MAC's hash, with its output size.
struct Tagged<H: ChunkHash, const OUT: usize>(LongKey<H>);

impl<H: ChunkHash, const OUT: usize> MacHash for Tagged<H, OUT> {
    const LANE_BITS: u32 = H::LANE_BITS;
    const PAD_LABEL: u64 = kdf::label(H::FAMILY, H::LANES as u8, kdf::LEVEL_MAC_PAD, 0);
    type Out = Tag<OUT>;
    type State = LongState<H>;
    fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        LongKey::from_seed(seed).map(Self)
    }
    fn hash_message(&self, msg: &[u8]) -> Tag<OUT> {
        let mut out = [0u8; OUT];
        self.0.hash_into(msg, &mut out).unwrap();
        Tag::from_bytes(out)
    }
    fn new_state(&self) -> LongState<H> {
        self.0.start()
    }
    fn absorb(&self, state: &mut LongState<H>, data: &[u8]) {
        state.update(&self.0, data);
    }
    fn finish(&self, state: &mut LongState<H>) -> Tag<OUT> {
        let lanes = state.finalize_lanes(&self.0);
        let b = H::LANE_BITS as usize / 8;
        let mut out = [0u8; OUT];
        for (o, l) in out.chunks_exact_mut(b).zip(lanes) {
            o.copy_from_slice(&l.to_le_bytes()[..b]);
        }
        Tag::from_bytes(out)
    }
}

fn check_mmh<const N: usize>(seed: &[u8; 16], msg: &[u8], cuts: &[usize]) {
    let mut fast = LongHash::<Mmh32T<N>>::from_seed(seed).unwrap();
    let got = fast_split(&mut fast, msg, cuts);
    let (l1, l2, l3) = ref_keys(seed, kdf::family::GENERIC, N, 32, MMH_CHUNK / 4 + N - 1);
    let want =
        uhash_ref::long::long_hash(&ref_l1_mmh::<N>(&l1), MMH_CHUNK, 32, &l2, &l3, msg).unwrap();
    assert_eq!(got, want, "mmh32 n={N} len={}", msg.len());
    // the state was reset: hashing again gives the same answer
    assert_eq!(fast_split(&mut fast, msg, &[]), want);
}

fn check_nh<const N: usize>(seed: &[u8; 16], msg: &[u8], cuts: &[usize]) {
    let mut fast = LongHash::<NhT<N>>::from_seed(seed).unwrap();
    let got = fast_split(&mut fast, msg, cuts);
    let (l1, l2, l3) = ref_keys(
        seed,
        kdf::family::GENERIC,
        N,
        64,
        NH_CHUNK / 4 + 2 * (N - 1),
    );
    let want =
        uhash_ref::long::long_hash(&ref_l1_nh::<N>(&l1), NH_CHUNK, 64, &l2, &l3, msg).unwrap();
    assert_eq!(got, want, "nh n={N} len={}", msg.len());
}

fn edge_lengths(chunk: usize) -> Vec<usize> {
    vec![
        0,
        1,
        chunk - 1,
        chunk,
        chunk + 1,
        2 * chunk,
        5 * chunk + 3,
        17 * chunk - 1,
    ]
}

#[test]
fn long_hash_edge_lengths() {
    let seed = [0x5a; 16];
    for len in edge_lengths(MMH_CHUNK) {
        let msg: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        check_mmh::<1>(&seed, &msg, &[]);
        check_mmh::<2>(&seed, &msg, &[len / 2]);
    }
    for len in edge_lengths(NH_CHUNK) {
        let msg = vec![0xffu8; len]; // carry stress
        check_nh::<1>(&seed, &msg, &[]);
        check_nh::<4>(&seed, &msg, &[1, len / 3]);
    }
}

#[test]
fn zero_padding_is_unambiguous() {
    // m and m ‖ 0 share level-1 outputs (MMH is linear): only the length
    // coefficient separates them, and it must.
    let seed = [1; 16];
    let mut h = LongHash::<Mmh32T<1>>::from_seed(&seed).unwrap();
    let a = fast_split(&mut h, &[9, 9, 9], &[]);
    let b = fast_split(&mut h, &[9, 9, 9, 0], &[]);
    let c = fast_split(&mut h, &[], &[]);
    let d = fast_split(&mut h, &[0], &[]);
    assert_ne!(a, b);
    assert_ne!(c, d);
}

#[test]
fn from_parts_checks_keys() {
    let seed = [2; 16];
    let l1 = Mmh32T::<2>::from_key_stream(&mut KeyStream::new(&seed, 0)).unwrap();
    let k2 = [[0u8; 16]; 2];
    let k3 = [[0u8; 20]; 2];
    assert!(LongHash::from_parts(l1.clone(), &k2, &k3).is_ok());
    assert!(matches!(
        LongHash::from_parts(l1.clone(), &k2[..1], &k3),
        Err(Error::InvalidParameter { .. })
    ));
    assert!(matches!(
        LongHash::from_parts(l1.clone(), &[[0u8; 15]; 2], &k3),
        Err(Error::InvalidKeyLength {
            expected: 16,
            got: 15
        })
    ));
    assert!(matches!(
        LongHash::from_parts(l1, &k2, &[[0u8; 19]; 2]),
        Err(Error::InvalidKeyLength {
            expected: 20,
            got: 19
        })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: ProptestConfig::default().cases.min(48), ..ProptestConfig::default() })]

    #[test]
    fn long_hash_any_split_mmh(seed in any::<[u8; 16]>(), msg in proptest::collection::vec(any::<u8>(), 0..3 * MMH_CHUNK), cuts in proptest::collection::vec(any::<usize>(), 0..6)) {
        check_mmh::<2>(&seed, &msg, &cuts);
    }

    #[test]
    fn long_hash_any_split_nh(seed in any::<[u8; 16]>(), msg in proptest::collection::vec(any::<u8>(), 0..20 * NH_CHUNK), cuts in proptest::collection::vec(any::<usize>(), 0..6)) {
        check_nh::<3>(&seed, &msg, &cuts);
    }

    #[test]
    fn mac_matches_reference(seed in any::<[u8; 16]>(), nonce in any::<[u8; 12]>(), msg in proptest::collection::vec(any::<u8>(), 0..4 * NH_CHUNK), cut in any::<usize>()) {
        type H = Tagged<NhT<2>, 16>;
        let mac = WegmanCarter::<H>::from_seed(&seed).unwrap();
        let nonce = MacNonce::from_bytes(nonce);
        let cut = cut % (msg.len() + 1);
        let mut st = mac.start();
        st.update(&msg[..cut]);
        st.update(&msg[cut..]);
        let tag = st.finalize(&nonce);
        // reference: the hash from the reference composition, the pad key from the reference expansion
        // (the hash keyed from the seed derived at level 0xfe, never from the seed itself)
        let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(&seed, kdf::family::GENERIC, 2);
        prop_assert_eq!(pad_key.to_vec(), uhash_ref::kdf::expand(&seed, H::PAD_LABEL, 16));
        let (l1, l2, l3) = ref_keys(&hash_seed, kdf::family::GENERIC, 2, 64, NH_CHUNK / 4 + 2);
        let h = uhash_ref::long::long_hash(&ref_l1_nh::<2>(&l1), NH_CHUNK, 64, &l2, &l3, &msg).unwrap();
        let want = uhash_ref::mac::wegman_carter(&pad_key, nonce.as_bytes(), 64, &h).unwrap();
        prop_assert_eq!(tag.as_bytes(), &want[..]);
        prop_assert_eq!(mac.authenticate(&nonce, &msg), tag);
        let want = Tag::<16>::from_slice(&want).unwrap();
        prop_assert!(mac.verify(&nonce, &msg, &want).is_ok());
        // a flipped bit, a wrong nonce and another message all fail; a
        // truncated tag is not a tag
        prop_assert_eq!(mac.verify(&nonce, &msg, &bit_flipped(want, 0)), Err(Error::TagMismatch));
        let other = MacNonce::from_counter((nonce.to_counter() + 1) % (1 << 96)).unwrap();
        prop_assert_eq!(mac.verify(&other, &msg, &want), Err(Error::TagMismatch));
        prop_assert_eq!(
            Tag::<16>::from_slice(&want.as_bytes()[..15]),
            Err(Error::InvalidTagLength { expected: 16, got: 15 })
        );
        let mut msg2 = msg.clone();
        msg2.push(0);
        prop_assert_eq!(mac.verify(&nonce, &msg2, &want), Err(Error::TagMismatch));
        let mut st = mac.start();
        st.update(&msg2);
        prop_assert_eq!(st.verify(&nonce, &want), Err(Error::TagMismatch));
    }

    #[test]
    fn mac_32_bit_lanes_match_reference(seed in any::<[u8; 16]>(), nonce in any::<[u8; 12]>(), msg in proptest::collection::vec(any::<u8>(), 0..2 * MMH_CHUNK + 5)) {
        type H = Tagged<Mmh32T<4>, 16>;
        let mac = WegmanCarter::<H>::from_seed(&seed).unwrap();
        let nonce = MacNonce::from_bytes(nonce);
        let tag = mac.authenticate(&nonce, &msg);
        let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(&seed, kdf::family::GENERIC, 4);
        prop_assert_eq!(pad_key.to_vec(), uhash_ref::kdf::expand(&seed, H::PAD_LABEL, 16));
        let (l1, l2, l3) = ref_keys(&hash_seed, kdf::family::GENERIC, 4, 32, MMH_CHUNK / 4 + 3);
        let h = uhash_ref::long::long_hash(&ref_l1_mmh::<4>(&l1), MMH_CHUNK, 32, &l2, &l3, &msg).unwrap();
        let want = uhash_ref::mac::wegman_carter(&pad_key, nonce.as_bytes(), 32, &h).unwrap();
        prop_assert_eq!(tag.as_bytes(), &want[..]);
    }
}

#[test]
fn key_labels_separate_lane_counts() {
    // one seed, 1 and 2 lanes: the one-lane tag is not the prefix of the two-lane tag
    let seed = [4; 16];
    let mut a = LongHash::<Mmh32T<1>>::from_seed(&seed).unwrap();
    let mut b = LongHash::<Mmh32T<2>>::from_seed(&seed).unwrap();
    let ta = fast_split(&mut a, b"abc", &[]);
    let tb = fast_split(&mut b, b"abc", &[]);
    assert_ne!(ta[..], tb[..4]);
}

/// A short output buffer is a typed error and writes nothing; a state
/// reused after `finalize_lanes` starts a new message.
#[test]
fn output_length_is_checked_and_states_reset() {
    let seed = [9u8; 16];
    let msg = [0x31u8; 300];
    let mut h = LongHash::<NhT<2>>::from_seed(&seed).unwrap();
    let want = fast_split(&mut h, &msg, &[]);
    for bad in [0, 15] {
        let mut out = vec![0xeeu8; bad];
        assert_eq!(
            h.key().hash_into(&msg, &mut out),
            Err(Error::InvalidOutputLength {
                expected: 16,
                got: bad
            })
        );
        h.update(&msg);
        assert_eq!(
            h.finalize_into(&mut out),
            Err(Error::InvalidOutputLength {
                expected: 16,
                got: bad
            })
        );
        assert!(out.iter().all(|&b| b == 0xee), "written on error");
        h.reset();
    }
    let key = h.key();
    let mut st = key.start();
    st.update(key, b"something else");
    let _ = st.finalize_lanes(key);
    st.update(key, &msg);
    let mut again = h.clone();
    again.update(&msg);
    assert_eq!(st.finalize_lanes(key), again.finalize_lanes());
    assert_eq!(want.len(), 16);
}

/// The parallel one-shot hash equals the one-thread hash at many lengths
/// and thread counts (segments of 1 MiB: 2, 3 and more segments, a partial
/// last chunk, none).
#[cfg(feature = "rayon")]
#[test]
fn parallel_equals_one_thread() {
    use uhash_base::long::MIN_SEGMENT_BYTES;
    let seed = [0x3cu8; 16];
    let key2 = LongKey::<NhT<2>>::from_seed(&seed).unwrap();
    let key1 = LongKey::<Mmh32T<1>>::from_seed(&seed).unwrap();
    let big: Vec<u8> = (0..5 * MIN_SEGMENT_BYTES + 777)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[1])
        .collect();
    for threads in [1, 2, 3, 5] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for len in [
            0,
            100,
            2 * MIN_SEGMENT_BYTES,
            2 * MIN_SEGMENT_BYTES + 13,
            3 * MIN_SEGMENT_BYTES + NH_CHUNK,
            big.len(),
        ] {
            let m = &big[..len];
            pool.install(|| {
                assert_eq!(
                    key2.hash_lanes_parallel(m),
                    key2.hash_lanes(m),
                    "nh {threads} {len}"
                );
                assert_eq!(
                    key1.hash_lanes_parallel(m),
                    key1.hash_lanes(m),
                    "mmh {threads} {len}"
                );
            });
        }
    }
}
