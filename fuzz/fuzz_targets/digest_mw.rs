//! Differential fuzzing of the `digest-mw` crate against the big-integer
//! reference. The input chooses the backend (any `Engine` this CPU and
//! build run), b, the output count n and a truncation width, then
//! * digest, digestMW and trunc on words read from the input (biased to
//!   0, 1 and all-ones) or on up to 4096 words expanded from a seed, with a
//!   key long enough and one word short, and
//! * the long-message hash (1 to 8 lanes, a chunk of a few words or the
//!   production 16 KiB) over a message of up to 36 KiB expanded from a
//!   short description, fed in a split the input chooses, and digest′ of
//!   the same message,
//!
//! and the backend must equal the plain definition.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::base::long::LongHash;
use uhash::digest_mw::Engine;
use uhash::digest_mw::long::{CHUNK_BYTES, DigestMwKernel, FAMILY_DIGEST_MW32};
use uhash_fuzz::{Input, SplitMix, biased_words64, feed, message, pick, splits};

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 2 * CHUNK_BYTES + 4096;
/// The most message words of a fixed-length call from a seed.
const MAX_FIXED_WORDS: usize = 4096;

fn mask(b: u32) -> u64 {
    if b == 64 { u64::MAX } else { (1 << b) - 1 }
}

fn fixed(e: Engine, b: u32, key: &[u64], msg: &[u64], n: usize, bits: u32) {
    let w = (b / 8) as usize;
    let bytes: Vec<u8> = msg
        .iter()
        .flat_map(|x| x.to_le_bytes()[..w].to_vec())
        .collect();
    let want_mw = uhash_ref::digest::digest_mw(b, key, msg, n).ok();
    let want_d = uhash_ref::digest::digest(b, key, msg).ok();
    let want_t = uhash_ref::digest::digest_trunc(b, bits, key, msg).ok();
    macro_rules! check {
        ($t:ty) => {{
            let k: Vec<$t> = key.iter().map(|&x| x as $t).collect();
            let mut out = vec![0 as $t; n];
            let got = e
                .digest_mw(&k, &bytes, &mut out)
                .map(|()| out.iter().map(|&x| x as u64).collect::<Vec<u64>>());
            assert_eq!(got.ok(), want_mw, "{e} b={b} n={n} t={}", msg.len());
            assert_eq!(
                e.digest(&k, &bytes).ok().map(|x| x as u64),
                want_d,
                "{e} b={b}"
            );
            assert_eq!(
                e.digest_trunc(&k, &bytes, bits).ok().map(|x| x as u64),
                want_t,
                "{e} b={b} bits={bits}"
            );
        }};
    }
    match b {
        16 => check!(u16),
        32 => check!(u32),
        _ => check!(u64),
    }
}

fn reference_long(n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    uhash_testkit::long::digest_mw_hash(FAMILY_DIGEST_MW32, n, chunk, seed, msg)
}

fn production_long<const N: usize>(
    e: Engine,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) -> Vec<u8> {
    let mut h = LongHash::<DigestMwKernel<N, CHUNK_BYTES>>::from_seed_with_kernel(seed, |ks| {
        DigestMwKernel::from_key_stream_with(ks, chunk, e)
    })
    .unwrap();
    feed(msg, splits, |piece| h.update(piece));
    let mut out = vec![0u8; 4 * N];
    h.finalize_into(&mut out).unwrap();
    out
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let b = [16u32, 32, 64, 32][usize::from(inp.byte() % 4)];
    let n = 1 + usize::from(inp.byte() % 10);
    let bits = 1 + u32::from(inp.byte()) % b;
    let mode = inp.byte();
    if mode & 0x80 == 0 {
        // Fixed length.
        let (msg, key) = if mode & 0x40 == 0 {
            let t = 1 + usize::from(mode % 48);
            let extra = usize::from(inp.byte() % 3);
            let msg: Vec<u64> = (0..t).map(|_| inp.word64() & mask(b)).collect();
            let key: Vec<u64> = (0..t + n + extra).map(|_| inp.word64() & mask(b)).collect();
            (msg, key)
        } else {
            let t = 1 + usize::from(inp.u16()) % MAX_FIXED_WORDS;
            let mut rng = SplitMix::new(inp.u64());
            let msg: Vec<u64> = biased_words64(&mut rng, t)
                .iter()
                .map(|w| w & mask(b))
                .collect();
            let key: Vec<u64> = biased_words64(&mut rng, t + n)
                .iter()
                .map(|w| w & mask(b))
                .collect();
            (msg, key)
        };
        fixed(e, b, &key, &msg, n, bits);
        // Too short a key must be an error on every path.
        fixed(e, b, &key[..msg.len() + n - 1], &msg, n, bits);
        return;
    }

    // Long messages.
    let lanes = 1 + usize::from(mode % 8);
    let c = inp.byte();
    let chunk = if c & 0x80 != 0 {
        CHUNK_BYTES
    } else {
        4 * (1 + usize::from(c % 128))
    };
    let seed: [u8; 16] = inp.array();
    let cuts: [u8; 4] = inp.array();
    let m = message(&mut inp, MAX_LONG, chunk);
    let splits = splits(cuts, m.len(), chunk);
    let want = reference_long(lanes, chunk, &seed, &m);
    let got = match lanes {
        1 => production_long::<1>(e, chunk, &seed, &m, &splits),
        2 => production_long::<2>(e, chunk, &seed, &m, &splits),
        3 => production_long::<3>(e, chunk, &seed, &m, &splits),
        4 => production_long::<4>(e, chunk, &seed, &m, &splits),
        5 => production_long::<5>(e, chunk, &seed, &m, &splits),
        6 => production_long::<6>(e, chunk, &seed, &m, &splits),
        7 => production_long::<7>(e, chunk, &seed, &m, &splits),
        _ => production_long::<8>(e, chunk, &seed, &m, &splits),
    };
    assert_eq!(got, want, "{e} lanes={lanes} chunk={chunk} len={}", m.len());

    // digest′ over the same message, on the same backend, split.
    let k: Vec<u8> = seed
        .iter()
        .cycle()
        .take(36 + 10 + usize::from(seed[0] % 8))
        .copied()
        .collect();
    let (k1, k2) = k.split_at(36);
    let want = uhash_ref::digest::digest_prime(32, k1, k2, &m).unwrap();
    let mut p = uhash::digest_mw::DigestPrime::new(32, k1, k2).unwrap();
    feed(&m, &splits, |piece| {
        p.update(piece);
    });
    assert_eq!(u64::from(p.finalize_with(e).value()), want, "{e} digest'");
});
