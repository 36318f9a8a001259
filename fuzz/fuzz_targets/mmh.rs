//! Differential fuzzing of the `uhash-mmh` crate against the big-integer
//! reference. The input chooses the backend (any of `Engine32` /
//! `Engine64` this CPU and build run) and then either
//! * the fixed-length functions (MMH32, NMH32, NH, both Toeplitz forms,
//!   MMH64) on words read from the input (biased to 0 and all-ones) or on
//!   up to 16 KiB of words expanded from a seed, or
//! * a long-message hash (MMH32, NMH32, MMH64, NH with 1 to 4 lanes) with
//!   a chunk of a few words or the production 16 KiB, over a message of up
//!   to 36 KiB expanded from a short description, fed in a split the input
//!   chooses, or
//! * the §2.4 hash tree `Mmh32Tree` (k = 2..=40 words per block, keys from
//!   a seed) over such a message, one-shot and in the same split,
//!
//! and the backend must equal the plain definition.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::base::long::{ChunkHash, LongHash};
use uhash::mmh::long::{CHUNK_BYTES, Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};
use uhash::mmh::{Engine32, Engine64, Mmh32Tree};
use uhash_fuzz::{
    Input, SplitMix, biased_words32, feed, le32, message, pick, splits, words32, words64,
};
use uhash_ref::kdf::{expand, label};

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 2 * CHUNK_BYTES + 4096;
/// The most message words of a fixed-length call from a seed.
const MAX_FIXED_WORDS: usize = 4096;

/// The fixed-length functions of `e32`/`e64` against the reference.
fn fixed(e32: Engine32, e64: Engine64, key: &[u32], msg: &[u32], n: usize) {
    let bytes = le32(msg);
    assert_eq!(
        e32.mmh32(key, &bytes).ok(),
        uhash_ref::mmh::mmh32(key, msg).ok(),
        "{e32}"
    );
    assert_eq!(
        e32.nmh32(key, &bytes).ok(),
        uhash_ref::mmh::nmh32(key, msg).ok(),
        "{e32}"
    );
    assert_eq!(
        e32.nh(key, &bytes).ok(),
        uhash_ref::nh::nh(key, msg).ok(),
        "{e32}"
    );
    let mut o32 = vec![0u32; n];
    let got = e32.mmh32_toeplitz(key, &bytes, &mut o32).map(|()| o32);
    assert_eq!(
        got.ok(),
        uhash_ref::mmh::mmh32_toeplitz(key, msg, n).ok(),
        "{e32}"
    );
    let mut o64 = vec![0u64; n];
    let got = e32.nh_toeplitz(key, &bytes, &mut o64).map(|()| o64);
    assert_eq!(
        got.ok(),
        uhash_ref::nh::nh_toeplitz(key, msg, n).ok(),
        "{e32}"
    );
    // MMH64 on the same bytes read as 64-bit words.
    let k64: Vec<u64> = key
        .chunks(2)
        .map(|c| u64::from(c[0]) | u64::from(*c.get(1).unwrap_or(&0)) << 32)
        .collect();
    let b64 = &bytes[..bytes.len() / 8 * 8];
    assert_eq!(
        e64.mmh64(&k64, b64).ok(),
        uhash_ref::mmh::mmh64(&k64, &words64(b64)).ok(),
        "{e64}"
    );
}

/// `LongHash` over a kernel, the message fed in the pieces of `splits`.
fn production<H: ChunkHash>(
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
    make: impl FnOnce(&mut uhash::base::kdf::KeyStream) -> Result<H, uhash::base::Error>,
) -> Vec<u8> {
    let mut h = LongHash::<H>::from_seed_with_kernel(seed, make).unwrap();
    feed(msg, splits, |piece| h.update(piece));
    let mut out = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut out).unwrap();
    out
}

/// The reference composition of family `fam` (0 MMH32, 1 NMH32, 2 MMH64,
/// 3 NH) with `n` lanes and `chunk`-byte chunks.
fn reference(fam: u8, n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let f = 0x0101 + u16::from(fam);
    let k = chunk / 4;
    let (l1_bytes, lane_bits, l3) = match fam {
        0 => (4 * (k + n - 1), 32, 20),
        1 => (4 * k, 32, 20),
        2 => (chunk, 64, 24),
        _ => (4 * (k + 2 * (n - 1)), 64, 24),
    };
    let key = expand(seed, label(f, n as u8, 1, 0), l1_bytes);
    let (k32, k64) = (words32(&key), words64(&key));
    let l2: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, n as u8, 2, i as u32), 16))
        .collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(seed, label(f, n as u8, 3, i as u32), l3))
        .collect();
    let l1 = |c: &[u8]| -> Vec<u64> {
        match fam {
            0 => uhash_ref::mmh::mmh32_toeplitz(&k32, &words32(c), n)
                .unwrap()
                .into_iter()
                .map(u64::from)
                .collect(),
            1 => vec![u64::from(uhash_ref::mmh::nmh32(&k32, &words32(c)).unwrap())],
            2 => vec![uhash_ref::mmh::mmh64(&k64, &words64(c)).unwrap()],
            _ => uhash_ref::nh::nh_toeplitz(&k32, &words32(c), n).unwrap(),
        }
    };
    uhash_ref::long::long_hash(&l1, chunk, lane_bits, &l2, &l3, msg).unwrap()
}

/// The long-message hash of family `fam` on `e32`/`e64` against the
/// reference.
#[allow(clippy::too_many_arguments)]
fn long(
    e32: Engine32,
    e64: Engine64,
    fam: u8,
    n: usize,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) {
    const CAP: usize = CHUNK_BYTES;
    let want = reference(fam, n, chunk, seed, msg);
    macro_rules! lanes {
        ($kernel:ident) => {
            match n {
                1 => production(seed, msg, splits, |ks| {
                    $kernel::<1, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                2 => production(seed, msg, splits, |ks| {
                    $kernel::<2, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                3 => production(seed, msg, splits, |ks| {
                    $kernel::<3, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                _ => production(seed, msg, splits, |ks| {
                    $kernel::<4, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
            }
        };
    }
    let got = match fam {
        0 => lanes!(Mmh32Kernel),
        1 => production(seed, msg, splits, |ks| {
            Nmh32Kernel::<CAP>::from_key_stream_with(ks, chunk, e32)
        }),
        2 => production(seed, msg, splits, |ks| {
            Mmh64Kernel::<CAP>::from_key_stream_with(ks, chunk, e64)
        }),
        _ => lanes!(NhKernel),
    };
    assert_eq!(
        got,
        want,
        "family {fam} n {n} chunk {chunk} len {} {e32}/{e64} splits {splits:?}",
        msg.len()
    );
}

/// `Mmh32Tree` with block size `k` on `e32`, one-shot and fed in the
/// pieces of `splits`, against `uhash_ref::mmh_tree` with the keys its
/// `from_seed_with` documents.
fn tree(e32: Engine32, k: usize, seed: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let t = Mmh32Tree::from_seed_with(seed, k, e32).unwrap();
    let lk = words32(&expand(
        seed,
        label(0x0105, 1, 1, k as u32),
        4 * k * t.levels(),
    ));
    let rk = words32(&expand(seed, label(0x0105, 1, 2, k as u32), 4 * (k + 2)));
    let levels: Vec<Vec<u32>> = lk.chunks(k).map(<[u32]>::to_vec).collect();
    let want = uhash_ref::mmh_tree::mmh32_tree(k, &levels, &rk, msg).unwrap();
    assert_eq!(
        t.hash(msg).unwrap(),
        want,
        "tree k {k} len {} {e32}",
        msg.len()
    );
    let mut st = t.start();
    feed(msg, splits, |piece| st.update(piece).unwrap());
    assert_eq!(st.finalize(), want, "tree k {k} {e32} splits {splits:?}");
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input::new(data);
    let e32s: Vec<Engine32> = Engine32::all_supported().collect();
    let e64s: Vec<Engine64> = Engine64::all_supported().collect();
    let (Some(e32), Some(e64)) = (pick(&mut inp, &e32s), pick(&mut inp, &e64s)) else {
        return;
    };
    let ctl = inp.byte();
    let n = 1 + usize::from(ctl % 8);
    match ctl >> 6 {
        0 => {
            // Fixed length, words from the input: k words of message,
            // k + 2n words of key.
            let k = 1 + usize::from(inp.byte() % 64);
            let msg: Vec<u32> = (0..k).map(|_| inp.word32()).collect();
            let key: Vec<u32> = (0..k + 2 * n).map(|_| inp.word32()).collect();
            fixed(e32, e64, &key, &msg, n);
            // A key one word short must be an error on every path.
            fixed(e32, e64, &key[..k - 1], &msg, n);
        }
        1 => {
            // Fixed length, long: words expanded from a seed.
            let k = 1 + usize::from(inp.u16()) % MAX_FIXED_WORDS;
            let mut rng = SplitMix::new(inp.u64());
            let msg = biased_words32(&mut rng, k);
            let key = biased_words32(&mut rng, k + 2 * n);
            fixed(e32, e64, &key, &msg, n);
        }
        3 if ctl & 0x20 != 0 => {
            let k = 2 + usize::from(inp.byte() % 39);
            let seed: [u8; 16] = inp.array();
            let cuts: [u8; 4] = inp.array();
            let msg = message(&mut inp, MAX_LONG, 4 * k);
            let splits = splits(cuts, msg.len(), 4 * k);
            tree(e32, k, &seed, &msg, &splits);
        }
        _ => {
            let fam = inp.byte() % 4;
            let n = match fam {
                1 | 2 => 1,
                _ => 1 + (n - 1) % 4,
            };
            let unit = if fam == 0 { 4 } else { 8 };
            let c = inp.byte();
            let chunk = if c & 0x80 != 0 {
                CHUNK_BYTES
            } else {
                unit * (1 + usize::from(c % 64))
            };
            let seed: [u8; 16] = inp.array();
            let cuts: [u8; 4] = inp.array();
            let msg = message(&mut inp, MAX_LONG, chunk);
            let splits = splits(cuts, msg.len(), chunk);
            long(e32, e64, fam, n, chunk, &seed, &msg, &splits);
        }
    }
});
