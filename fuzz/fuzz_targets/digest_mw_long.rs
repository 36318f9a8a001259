//! Differential fuzzing of the `digest-mw` long-message machinery (the
//! fixed-length functions are the fast tier, `digest_mw`): the input
//! chooses the backend (any `Engine` this CPU and build run), 1 to 8
//! lanes, a chunk of a few words or the production 16 KiB, and a message
//! of up to 36 KiB expanded from a short description, fed in a split the
//! input chooses. The long-message hash must equal `uhash_ref::long`'s
//! layers 2 and 3 over layer-1 outputs of the portable backend — of the
//! big-integer reference on every message of up to 256 bytes and on 1
//! input in 16 of the longer ones (`uhash_fuzz::against_reference`) —
//! and digest′ of the same message, split, must equal the portable
//! backend's (and the reference's on the same inputs).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::digest_mw::long::{CHUNK_BYTES, DigestMwKernel, FAMILY_DIGEST_MW32};
use uhash::digest_mw::{DigestPrime, Engine};
use uhash_fuzz::{
    Input, against_reference, feed, long_hash, message, pick, splits, tally, words32,
};
use uhash_ref::kdf::{expand, label};

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 2 * CHUNK_BYTES + 4096;

/// The composition of `n` lanes, `chunk`-byte chunks: layer 1 by the
/// reference digestMW if `l1_reference`, else by the portable backend.
fn composition(n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8], l1_reference: bool) -> Vec<u8> {
    if l1_reference {
        return uhash_testkit::long::digest_mw_hash(FAMILY_DIGEST_MW32, n, chunk, seed, msg);
    }
    let fam = FAMILY_DIGEST_MW32;
    let key = words32(&expand(
        seed,
        label(fam, n as u8, 1, 0),
        4 * (chunk / 4 + n),
    ));
    let (l2, l3) = uhash_testkit::long::outer_keys(seed, fam, n, 32);
    let portable = Engine::portable();
    let l1 = |c: &[u8]| -> Vec<u64> {
        let mut out = vec![0u32; n];
        portable.digest_mw(&key, c, &mut out).unwrap();
        out.into_iter().map(u64::from).collect()
    };
    uhash_ref::long::long_hash(&l1, chunk, 32, &l2, &l3, msg).unwrap()
}

fn production<const N: usize>(
    e: Engine,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) -> Vec<u8> {
    long_hash(seed, msg, splits, |ks| {
        DigestMwKernel::<N, CHUNK_BYTES>::from_key_stream_with(ks, chunk, e)
    })
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let lanes = 1 + usize::from(inp.byte() % 8);
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
    let r = against_reference(data, m.len());
    let want = composition(lanes, chunk, &seed, &m, r);
    let got = match lanes {
        1 => production::<1>(e, chunk, &seed, &m, &splits),
        2 => production::<2>(e, chunk, &seed, &m, &splits),
        3 => production::<3>(e, chunk, &seed, &m, &splits),
        4 => production::<4>(e, chunk, &seed, &m, &splits),
        5 => production::<5>(e, chunk, &seed, &m, &splits),
        6 => production::<6>(e, chunk, &seed, &m, &splits),
        7 => production::<7>(e, chunk, &seed, &m, &splits),
        _ => production::<8>(e, chunk, &seed, &m, &splits),
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
    let mut port = DigestPrime::new(32, k1, k2).unwrap();
    port.update(&m);
    let want = u64::from(port.finalize_with(Engine::portable()).value());
    if r {
        assert_eq!(
            want,
            uhash_ref::digest::digest_prime(32, k1, k2, &m).unwrap()
        );
    }
    let mut p = DigestPrime::new(32, k1, k2).unwrap();
    feed(&m, &splits, |piece| {
        p.update(piece);
    });
    assert_eq!(u64::from(p.finalize_with(e).value()), want, "{e} digest'");
});
