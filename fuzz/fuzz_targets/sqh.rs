//! Differential fuzzing of the `sqh` crate against the big-integer
//! reference `uhash_ref::sqh`. The input chooses the backend (any `Engine`
//! this CPU and build run), w and a Toeplitz output count, then the words
//! of a key and a message (read from the input, biased to 0, all-ones and
//! values near the fold constant c_w, or up to 128 elements expanded from
//! a seed), and a long message (up to 36 KiB expanded from a short
//! description, a chunk of a few elements or the production one, split
//! where the input says); the backend must equal the reference for every
//! variant, SQH, SQHU and Toeplitz, and the long-message hash must equal
//! the reference composition.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::base::long::{ChunkHash, LongHash};
use uhash::sqh::long::{Asm2Kernel, SqheKernel, chunk_bytes, lane_bits, lanes};
use uhash::sqh::{Elem, Engine, Variant};
use uhash_fuzz::{Input, SplitMix, biased_words32, feed, le32, message, pick, splits};
use uhash_ref::sqh as r;

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 36 * 1024;
/// The most elements of a fixed-length call from a seed.
const MAX_FIXED_ELEMS: usize = 128;

fn ref_fn(v: Variant) -> r::VecFn {
    uhash_testkit::reference::sqh(v.name())
}

fn out<const W: usize>(e: &Elem<W>, len: usize) -> Vec<u8> {
    let mut o = vec![0u8; len];
    e.write_le_bytes(&mut o);
    o
}

fn fixed<const W: usize>(e: Engine, key: &[u32], msg: &[u8], n: usize) {
    let w = W as u32;
    let rk = r::elements_le(&le32(key), w);
    let rm = r::elements_le(msg, w);
    for v in Variant::ALL {
        let want = ref_fn(v)(w, &rk, &rm)
            .ok()
            .map(|x| r::to_le(&x, v.out_bytes(W)));
        let want_t = r::toeplitz(ref_fn(v), w, &rk, &rm, n).ok().map(|xs| {
            xs.iter()
                .map(|x| r::to_le(x, v.out_bytes(W)))
                .collect::<Vec<_>>()
        });
        let got = e
            .hash::<W>(v, key, msg)
            .ok()
            .map(|x| out(&x, v.out_bytes(W)));
        // The reference also rejects a partial element; production too.
        if msg.len().is_multiple_of(4 * W) {
            assert_eq!(got, want, "{} w={W} {e}", v.name());
        } else {
            assert!(got.is_none());
        }
        let mut o = vec![Elem::<W>::ZERO; n];
        let got_t = e
            .toeplitz::<W>(v, key, msg, &mut o)
            .ok()
            .map(|()| o.iter().map(|x| out(x, v.out_bytes(W))).collect::<Vec<_>>());
        if msg.len().is_multiple_of(4 * W) {
            assert_eq!(got_t, want_t, "toeplitz {} w={W} {e}", v.name());
        }
    }
    if msg.len() >= 4 * W && key.len() > 2 * W {
        let m = &msg[..4 * W];
        let x = uhash_ref::BigUint::from_bytes_le(&le32(&key[..W]));
        let b = uhash_ref::BigUint::from_bytes_le(&le32(&key[W..=2 * W]));
        let mm = uhash_ref::BigUint::from_bytes_le(m);
        let want_sqh = r::sqh(w, &x, &mm).ok().map(|v| r::to_le(&v, 4 * W + 4));
        let want_sqhu = r::sqhu(w, &x, &b, &mm)
            .ok()
            .map(|v| r::to_le(&v, 4 * W + 4));
        assert_eq!(
            e.sqh::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)),
            want_sqh,
            "{e}"
        );
        assert_eq!(
            e.sqhu::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)),
            want_sqhu,
            "{e}"
        );
    }
}

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

fn reference_long(fam: u16, w: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    uhash_testkit::long::sqh_hash(fam, w, (lanes(w), lane_bits(w)), chunk, seed, msg)
}

fn long<const W: usize>(
    e: Engine,
    e_variant: bool,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
) {
    let fam = if e_variant { 0x020D } else { 0x020A };
    let want = reference_long(fam, W, chunk, seed, msg);
    let got = if e_variant {
        production(seed, msg, splits, |ks| {
            SqheKernel::<W>::from_key_stream_with(ks, chunk, e)
        })
    } else {
        production(seed, msg, splits, |ks| {
            Asm2Kernel::<W>::from_key_stream_with(ks, chunk, e)
        })
    };
    assert_eq!(
        got,
        want,
        "long fam {fam:#x} w={W} chunk={chunk} len={} {e}",
        msg.len()
    );
}

/// The long message of width `W`: a chunk of 1 to 8 elements or the
/// production one, a seed, splits and the message.
fn long_w<const W: usize>(e: Engine, inp: &mut Input<'_>) {
    let c = inp.byte();
    let chunk = if c & 0x80 != 0 {
        chunk_bytes(W)
    } else {
        4 * W * (1 + usize::from(c % 8))
    };
    let e_variant = c & 0x40 != 0;
    let seed: [u8; 16] = inp.array();
    let cuts: [u8; 4] = inp.array();
    let msg = message(inp, MAX_LONG, chunk);
    let splits = splits(cuts, msg.len(), chunk);
    long::<W>(e, e_variant, chunk, &seed, &msg, &splits);
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let w = 1 + usize::from(inp.byte() % 5);
    let n = 1 + usize::from(inp.byte() % 4);
    let mode = inp.byte();
    if mode & 0x80 != 0 {
        match w {
            1 => long_w::<1>(e, &mut inp),
            2 => long_w::<2>(e, &mut inp),
            3 => long_w::<3>(e, &mut inp),
            4 => long_w::<4>(e, &mut inp),
            _ => long_w::<5>(e, &mut inp),
        }
        return;
    }
    let (key, msg) = if mode & 0x40 == 0 {
        let key_words = usize::from(inp.byte()) % 120;
        let msg_bytes = usize::from(inp.byte()) * 2;
        let key: Vec<u32> = (0..key_words).map(|_| inp.word32()).collect();
        let msg_words: Vec<u32> = (0..msg_bytes.div_ceil(4)).map(|_| inp.word32()).collect();
        let mut msg = le32(&msg_words);
        msg.truncate(msg_bytes);
        (key, msg)
    } else {
        // k elements of message and k + n − 1 + (0 or 1) of key, from a seed.
        let k = 1 + usize::from(inp.u16()) % MAX_FIXED_ELEMS;
        let extra = usize::from(mode & 1);
        let mut rng = SplitMix::new(inp.u64());
        let msg = le32(&biased_words32(&mut rng, k * w));
        let key = biased_words32(&mut rng, (k + n - 1 + extra) * w);
        (key, msg)
    };
    match w {
        1 => fixed::<1>(e, &key, &msg, n),
        2 => fixed::<2>(e, &key, &msg, n),
        3 => fixed::<3>(e, &key, &msg, n),
        4 => fixed::<4>(e, &key, &msg, n),
        _ => fixed::<5>(e, &key, &msg, n),
    }
});
