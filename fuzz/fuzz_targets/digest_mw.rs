//! Differential fuzzing of the `digest-mw` fixed-length functions, the
//! fast tier (the long-message hash and digest′ are `digest_mw_long`).
//! The input chooses the backend (any `Engine` this CPU and build run), the
//! function (digestMW, digest or trunc), b, the output count n and a
//! truncation width, then words read from the input (biased to 0, 1 and
//! all-ones) or up to 4096 words expanded from a seed, with a key long
//! enough and one word short: that backend must give the portable
//! backend's answers, and the portable answers must equal the big-integer reference's on every
//! message of up to 256 bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::digest_mw::Engine;
use uhash_fuzz::{Input, SplitMix, against_reference, biased_words64, pick, tally};

/// The most message words of a call from a seed.
const MAX_FIXED_WORDS: usize = 4096;

fn mask(b: u32) -> u64 {
    if b == 64 { u64::MAX } else { (1 << b) - 1 }
}

/// The functions, in the order the input chooses them by.
const FUNCTIONS: [&str; 3] = ["digest_mw", "digest", "digest_trunc"];

/// Function `f` of [`FUNCTIONS`] on `e` (n outputs for digestMW, `bits`
/// for trunc), widened; an error as `None`.
fn production(
    f: usize,
    e: Engine,
    b: u32,
    key: &[u64],
    bytes: &[u8],
    n: usize,
    bits: u32,
) -> Option<Vec<u64>> {
    macro_rules! run {
        ($t:ty) => {{
            let k: Vec<$t> = key.iter().map(|&x| x as $t).collect();
            match f {
                0 => {
                    let mut out = vec![0 as $t; n];
                    let r = e.digest_mw(&k, bytes, &mut out).ok();
                    r.map(|()| out.iter().map(|&x| x as u64).collect())
                }
                1 => e.digest(&k, bytes).ok().map(|x| vec![x as u64]),
                _ => e.digest_trunc(&k, bytes, bits).ok().map(|x| vec![x as u64]),
            }
        }};
    }
    match b {
        16 => run!(u16),
        32 => run!(u32),
        _ => run!(u64),
    }
}

#[allow(clippy::too_many_arguments)]
fn fixed(
    f: usize,
    e: Engine,
    b: u32,
    key: &[u64],
    msg: &[u64],
    n: usize,
    bits: u32,
    check_reference: bool,
) {
    let w = (b / 8) as usize;
    let mut bytes = Vec::with_capacity(w * msg.len());
    for x in msg {
        bytes.extend_from_slice(&x.to_le_bytes()[..w]);
    }
    let name = FUNCTIONS[f];
    let want = production(f, Engine::portable(), b, key, &bytes, n, bits);
    if check_reference {
        let r = match f {
            0 => uhash_ref::digest::digest_mw(b, key, msg, n).ok(),
            1 => uhash_ref::digest::digest(b, key, msg).ok().map(|x| vec![x]),
            _ => uhash_ref::digest::digest_trunc(b, bits, key, msg)
                .ok()
                .map(|x| vec![x]),
        };
        let t = msg.len();
        assert_eq!(want, r, "portable {name} b={b} n={n} t={t} bits={bits}");
    }
    let got = production(f, e, b, key, &bytes, n, bits);
    let t = msg.len();
    assert_eq!(got, want, "{e} {name} b={b} n={n} t={t} bits={bits}");
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let f = usize::from(inp.byte()) % FUNCTIONS.len();
    let b = [16u32, 32, 64, 32][usize::from(inp.byte() % 4)];
    let n = 1 + usize::from(inp.byte() % 10);
    let bits = 1 + u32::from(inp.byte()) % b;
    let mode = inp.byte();
    let (msg, key) = if mode & 0x40 == 0 {
        let t = 1 + usize::from(mode % 48);
        let extra = usize::from(inp.byte() % 3);
        let msg: Vec<u64> = (0..t).map(|_| inp.word64() & mask(b)).collect();
        let key: Vec<u64> = (0..t + n + extra).map(|_| inp.word64() & mask(b)).collect();
        (msg, key)
    } else {
        // Log-uniform lengths, biased to multiples of 16 words (`length`).
        let t = 1 + uhash_fuzz::length(&mut inp, MAX_FIXED_WORDS - 1, 16);
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
    let r = against_reference(data, msg.len() * b as usize / 8);
    fixed(f, e, b, &key, &msg, n, bits, r);
    // Too short a key must be an error on every path.
    fixed(f, e, b, &key[..msg.len() + n - 1], &msg, n, bits, r);
});
