//! Differential fuzzing of the `uhash-mmh` fixed-length functions, the
//! fast tier (the long-message hash and the §2.4 tree are `mmh_long`).
//! The input chooses the backend (any of `Engine32` / `Engine64` this CPU
//! and build run), the function (MMH32, NMH32, NH, the Toeplitz forms of
//! MMH32 and NH with n outputs, MMH64), n, and words read from the input
//! (biased to 0 and all-ones) or up to 4096 words expanded from a seed;
//! the function on that backend must equal the portable backend's answer
//! (a key one word short must be an error on every path), and the
//! portable answer must equal the big-integer reference's on every message
//! of up to 256 bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::{Engine32, Engine64};
use uhash_fuzz::{Input, SplitMix, against_reference, biased_words32, pick, tally, words64};

/// The most message words of a call from a seed.
const MAX_FIXED_WORDS: usize = 4096;

/// The functions, in the order the input chooses them by.
const FUNCTIONS: [&str; 6] = [
    "mmh32",
    "nmh32",
    "nh",
    "mmh32_toeplitz",
    "nh_toeplitz",
    "mmh64",
];

/// A key of 64-bit words from pairs of 32-bit ones (MMH64's key).
fn key64(key: &[u32]) -> Vec<u64> {
    key.chunks(2)
        .map(|c| u64::from(c[0]) | u64::from(*c.get(1).unwrap_or(&0)) << 32)
        .collect()
}

/// The whole 64-bit words of `bytes` (MMH64's message).
fn bytes64(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.len() / 8 * 8]
}

/// Function `f` of [`FUNCTIONS`] on `e32`/`e64` (`n` outputs for the
/// Toeplitz forms), its outputs widened; an error as `None`.
fn production(
    f: usize,
    (e32, e64): (Engine32, Engine64),
    key: &[u32],
    bytes: &[u8],
    n: usize,
) -> Option<Vec<u64>> {
    match f {
        0 => e32.mmh32(key, bytes).ok().map(|x| vec![u64::from(x)]),
        1 => e32.nmh32(key, bytes).ok().map(|x| vec![u64::from(x)]),
        2 => e32.nh(key, bytes).ok().map(|x| vec![x]),
        3 => {
            let mut o = vec![0u32; n];
            let r = e32.mmh32_toeplitz(key, bytes, &mut o).ok();
            r.map(|()| o.into_iter().map(u64::from).collect())
        }
        4 => {
            let mut o = vec![0u64; n];
            e32.nh_toeplitz(key, bytes, &mut o).ok().map(|()| o)
        }
        _ => e64.mmh64(&key64(key), bytes64(bytes)).ok().map(|x| vec![x]),
    }
}

/// Function `f` of [`FUNCTIONS`] in the big-integer reference.
fn reference(f: usize, key: &[u32], msg: &[u32], bytes: &[u8], n: usize) -> Option<Vec<u64>> {
    use uhash_ref::{mmh, nh};
    match f {
        0 => mmh::mmh32(key, msg).ok().map(|x| vec![u64::from(x)]),
        1 => mmh::nmh32(key, msg).ok().map(|x| vec![u64::from(x)]),
        2 => nh::nh(key, msg).ok().map(|x| vec![x]),
        3 => mmh::mmh32_toeplitz(key, msg, n)
            .ok()
            .map(|o| o.into_iter().map(u64::from).collect()),
        4 => nh::nh_toeplitz(key, msg, n).ok(),
        _ => mmh::mmh64(&key64(key), &words64(bytes64(bytes)))
            .ok()
            .map(|x| vec![x]),
    }
}

/// Function `f` on `e32`/`e64` against the portable backends on `key`
/// and `msg`, and those against the reference where `check_reference`.
fn fixed(
    f: usize,
    e: (Engine32, Engine64),
    key: &[u32],
    msg: &[u32],
    n: usize,
    check_reference: bool,
) {
    let bytes = uhash_fuzz::le32(msg);
    let name = FUNCTIONS[f];
    let portable = (Engine32::portable(), Engine64::portable());
    let want = production(f, portable, key, &bytes, n);
    if check_reference {
        let r = reference(f, key, msg, &bytes, n);
        assert_eq!(want, r, "portable {name}, {} words", msg.len());
    }
    let got = production(f, e, key, &bytes, n);
    assert_eq!(got, want, "{}/{} {name}, {} words", e.0, e.1, msg.len());
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let e32s: Vec<Engine32> = Engine32::all_supported().collect();
    let e64s: Vec<Engine64> = Engine64::all_supported().collect();
    let (Some(e32), Some(e64)) = (pick(&mut inp, &e32s), pick(&mut inp, &e64s)) else {
        return;
    };
    let e = (e32, e64);
    let f = usize::from(inp.byte()) % FUNCTIONS.len();
    let ctl = inp.byte();
    let n = 1 + usize::from(ctl % 8);
    if ctl & 0x80 == 0 {
        // Words from the input: k words of message, k + 2n of key.
        let k = 1 + usize::from(inp.byte() % 64);
        let msg: Vec<u32> = (0..k).map(|_| inp.word32()).collect();
        let key: Vec<u32> = (0..k + 2 * n).map(|_| inp.word32()).collect();
        let r = against_reference(data, 4 * k);
        fixed(f, e, &key, &msg, n, r);
        // A key one word short must be an error on every path.
        fixed(f, e, &key[..k - 1], &msg, n, r);
    } else {
        // Words expanded from a seed.
        // Log-uniform lengths, biased to multiples of 16 words (`length`).
        let k = 1 + uhash_fuzz::length(&mut inp, MAX_FIXED_WORDS - 1, 16);
        let mut rng = SplitMix::new(inp.u64());
        let msg = biased_words32(&mut rng, k);
        let key = biased_words32(&mut rng, k + 2 * n);
        fixed(f, e, &key, &msg, n, against_reference(data, 4 * k));
    }
});
