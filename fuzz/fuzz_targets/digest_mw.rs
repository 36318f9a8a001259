//! Differential fuzzing of the `digest-mw` crate against the big-integer
//! reference: the fuzzer picks the words of a key and a message (biased
//! towards 0, 1 and all-ones), the output count n, a truncation width, a
//! chunk size and split points; every backend this CPU supports must equal
//! the plain definition (digest, digestMW, trunc at b = 16, 32, 64), and the
//! long-message hash over every backend, fed in the chosen split, must equal
//! the reference composition; digest′ must equal the reference for any
//! split of its message.
#![no_main]

use digest_mw::Engine;
use digest_mw::long::{DigestMwKernel, FAMILY_DIGEST_MW32};
use libfuzzer_sys::fuzz_target;
use uhash_core::long::LongHash;
use uhash_ref::kdf::{expand, label};

/// A byte from the input (0 when exhausted).
fn byte(d: &mut &[u8]) -> u8 {
    match d.split_first() {
        Some((c, r)) => {
            *d = r;
            *c
        }
        None => 0,
    }
}

/// A 64-bit word from the input, biased: a control byte picks 0, 1,
/// all-ones or the next eight bytes; masked to `b` bits by the caller.
fn word(d: &mut &[u8]) -> u64 {
    match byte(d) % 8 {
        0 => 0,
        1 => u64::MAX,
        2 => 1,
        _ => {
            let mut b = [0u8; 8];
            for x in &mut b {
                *x = byte(d);
            }
            u64::from_le_bytes(b)
        }
    }
}

fn mask(b: u32) -> u64 {
    if b == 64 { u64::MAX } else { (1 << b) - 1 }
}

fn fixed(b: u32, key: &[u64], msg: &[u64], n: usize, bits: u32) {
    let w = (b / 8) as usize;
    let bytes: Vec<u8> = msg.iter().flat_map(|x| x.to_le_bytes()[..w].to_vec()).collect();
    let want_mw = uhash_ref::digest::digest_mw(b, key, msg, n).ok();
    let want_d = uhash_ref::digest::digest(b, key, msg).ok();
    let want_t = uhash_ref::digest::digest_trunc(b, bits, key, msg).ok();
    macro_rules! check {
        ($t:ty) => {{
            let k: Vec<$t> = key.iter().map(|&x| x as $t).collect();
            for e in Engine::all_supported() {
                let mut out = vec![0 as $t; n];
                let got = e
                    .digest_mw(&k, &bytes, &mut out)
                    .map(|()| out.iter().map(|&x| x as u64).collect::<Vec<u64>>());
                assert_eq!(got.ok(), want_mw, "{} n={n}", e.backend());
                assert_eq!(e.digest(&k, &bytes).ok().map(|x| x as u64), want_d);
                assert_eq!(e.digest_trunc(&k, &bytes, bits).ok().map(|x| x as u64), want_t);
            }
        }};
    }
    match b {
        16 => check!(u16),
        32 => check!(u32),
        _ => check!(u64),
    }
}

fn reference_long(n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let f = FAMILY_DIGEST_MW32;
    let lanes = n as u8;
    let words = |b: &[u8]| -> Vec<u64> {
        b.chunks_exact(4)
            .map(|c| u64::from(u32::from_le_bytes(c.try_into().unwrap())))
            .collect()
    };
    let key = words(&expand(seed, label(f, lanes, 1, 0), 4 * (chunk / 4 + n)));
    let l2: Vec<Vec<u8>> = (0..n).map(|i| expand(seed, label(f, lanes, 2, i as u32), 16)).collect();
    let l3: Vec<Vec<u8>> = (0..n).map(|i| expand(seed, label(f, lanes, 3, i as u32), 20)).collect();
    let l1 = |c: &[u8]| uhash_ref::digest::digest_mw(32, &key, &words(c), n).unwrap();
    uhash_ref::long::long_hash(&l1, chunk, 32, &l2, &l3, msg).unwrap()
}

fn production_long<const N: usize>(
    e: Engine,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) -> Vec<u8> {
    let mut h = LongHash::<DigestMwKernel<N, 1024>>::from_seed_with_kernel(seed, |ks| {
        DigestMwKernel::from_key_stream_with(ks, chunk, e)
    })
    .unwrap();
    let mut rest = msg;
    for &s in splits {
        let s = s.min(rest.len());
        h.update(&rest[..s]);
        rest = &rest[s..];
    }
    h.update(rest);
    let mut out = vec![0u8; 4 * N];
    h.finalize_into(&mut out).unwrap();
    out
}

fuzz_target!(|data: &[u8]| {
    let mut d = data;
    let b = [16u32, 32, 64, 32][usize::from(byte(&mut d) % 4)];
    let n = 1 + usize::from(byte(&mut d) % 10);
    let bits = 1 + u32::from(byte(&mut d)) % b;
    let t = 1 + usize::from(byte(&mut d) % 48);
    let extra = usize::from(byte(&mut d) % 3);
    let msg: Vec<u64> = (0..t).map(|_| word(&mut d) & mask(b)).collect();
    let key: Vec<u64> = (0..t + n + extra).map(|_| word(&mut d) & mask(b)).collect();
    fixed(b, &key, &msg, n, bits);
    // Too short a key must be an error on every path.
    if t + n > 1 {
        fixed(b, &key[..t + n - 1], &msg, n, bits);
    }

    // Long messages: the rest of the input is the message.
    let lanes = 1 + usize::from(byte(&mut d) % 8);
    let chunk = 4 * (1 + usize::from(byte(&mut d)) % 256);
    let mut seed = [0u8; 16];
    for x in &mut seed {
        *x = byte(&mut d);
    }
    let splits: Vec<usize> = (0..3).map(|_| usize::from(byte(&mut d)) * 3).collect();
    let m = d;
    let want = reference_long(lanes, chunk, &seed, m);
    for e in Engine::all_supported() {
        let got = match lanes {
            1 => production_long::<1>(e, chunk, &seed, m, &splits),
            2 => production_long::<2>(e, chunk, &seed, m, &splits),
            3 => production_long::<3>(e, chunk, &seed, m, &splits),
            4 => production_long::<4>(e, chunk, &seed, m, &splits),
            5 => production_long::<5>(e, chunk, &seed, m, &splits),
            6 => production_long::<6>(e, chunk, &seed, m, &splits),
            7 => production_long::<7>(e, chunk, &seed, m, &splits),
            _ => production_long::<8>(e, chunk, &seed, m, &splits),
        };
        assert_eq!(got, want, "{} lanes={lanes} chunk={chunk}", e.backend());
    }

    // digest′ over the same message, split at the first split point.
    let k: Vec<u8> = seed.iter().cycle().take(36 + 10 + usize::from(seed[0] % 8)).copied().collect();
    let (k1, k2) = k.split_at(36);
    let want = uhash_ref::digest::digest_prime(32, k1, k2, m).unwrap();
    let mut p = digest_mw::DigestPrime::new(32, k1, k2).unwrap();
    let c = splits[0].min(m.len());
    p.update(&m[..c]).update(&m[c..]);
    assert_eq!(u64::from(p.finalize().value()), want);
});
