//! Differential fuzzing of the `sqh` fixed-length functions, the fast tier
//! (the long-message hash is `sqh_long`). The input chooses the backend
//! (any `Engine` this CPU and build run), w and a Toeplitz output count,
//! then the words of a key and a message (read from the input, biased to
//! 0, all-ones and values near the fold constant c_w, or up to 128
//! elements expanded from a seed) and a variant (`Variant::ALL`). The
//! variant and its Toeplitz form, and the §3 `sqh`/`sqhu` of one element,
//! on that backend must give the portable backend's answers (errors
//! included), and
//! the portable answers must equal `uhash_ref::sqh` on every message of up
//! to 256 bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::sqh::{Elem, Engine, Variant};
use uhash_fuzz::{Input, SplitMix, against_reference, biased_words32, le32, pick, tally};
use uhash_ref::sqh as r;

/// The most elements of a call from a seed.
const MAX_FIXED_ELEMS: usize = 128;

/// Little-endian bytes of an output of `len` bytes.
type Out = Vec<u8>;

fn out<const W: usize>(e: &Elem<W>, len: usize) -> Out {
    let mut o = vec![0u8; len];
    e.write_le_bytes(&mut o);
    o
}

/// The variant's hash and its Toeplitz form of `n` outputs; then the §3
/// `sqh` and `sqhu` of the first element (errors as `None`).
#[derive(Debug, PartialEq)]
struct Answers {
    hash: Option<Out>,
    toeplitz: Option<Vec<Out>>,
    single: Option<(Option<Out>, Option<Out>)>,
}

fn production<const W: usize>(e: Engine, v: Variant, key: &[u32], msg: &[u8], n: usize) -> Answers {
    let len = v.out_bytes(W);
    let hash = e.hash::<W>(v, key, msg).ok().map(|x| out(&x, len));
    let mut o = vec![Elem::<W>::ZERO; n];
    let toeplitz = e
        .toeplitz::<W>(v, key, msg, &mut o)
        .ok()
        .map(|()| o.iter().map(|x| out(x, len)).collect());
    let single = (msg.len() >= 4 * W && key.len() > 2 * W).then(|| {
        let m = &msg[..4 * W];
        (
            e.sqh::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)),
            e.sqhu::<W>(key, m).ok().map(|v| out(&v, 4 * W + 4)),
        )
    });
    Answers {
        hash,
        toeplitz,
        single,
    }
}

fn reference<const W: usize>(v: Variant, key: &[u32], msg: &[u8], n: usize) -> Answers {
    let w = W as u32;
    let rk = r::elements_le(&le32(key), w);
    let rm = r::elements_le(msg, w);
    let f = uhash_testkit::reference::sqh(v.name());
    let len = v.out_bytes(W);
    // A partial element is an error (the reference reads whole ones).
    let whole = msg.len().is_multiple_of(4 * W);
    let hash = whole
        .then(|| f(w, &rk, &rm).ok().map(|x| r::to_le(&x, len)))
        .flatten();
    let toeplitz = whole
        .then(|| {
            r::toeplitz(f, w, &rk, &rm, n)
                .ok()
                .map(|xs| xs.iter().map(|x| r::to_le(x, len)).collect())
        })
        .flatten();
    let single = (msg.len() >= 4 * W && key.len() > 2 * W).then(|| {
        let x = uhash_ref::BigUint::from_bytes_le(&le32(&key[..W]));
        let b = uhash_ref::BigUint::from_bytes_le(&le32(&key[W..=2 * W]));
        let m = uhash_ref::BigUint::from_bytes_le(&msg[..4 * W]);
        (
            r::sqh(w, &x, &m).ok().map(|v| r::to_le(&v, 4 * W + 4)),
            r::sqhu(w, &x, &b, &m).ok().map(|v| r::to_le(&v, 4 * W + 4)),
        )
    });
    Answers {
        hash,
        toeplitz,
        single,
    }
}

fn fixed<const W: usize>(
    e: Engine,
    v: Variant,
    key: &[u32],
    msg: &[u8],
    n: usize,
    check_reference: bool,
) {
    let name = v.name();
    let want = production::<W>(Engine::portable(), v, key, msg, n);
    if check_reference {
        let r = reference::<W>(v, key, msg, n);
        assert_eq!(want, r, "portable {name} w={W} len {}", msg.len());
    }
    let got = production::<W>(e, v, key, msg, n);
    assert_eq!(got, want, "{e} {name} w={W} len {}", msg.len());
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let w = 1 + usize::from(inp.byte() % 5);
    let n = 1 + usize::from(inp.byte() % 4);
    let Some(v) = pick(&mut inp, &Variant::ALL) else {
        return;
    };
    let mode = inp.byte();
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
        // Log-uniform lengths, biased to multiples of 8 elements (`length`).
        let k = 1 + uhash_fuzz::length(&mut inp, MAX_FIXED_ELEMS - 1, 8);
        let extra = usize::from(mode & 1);
        let mut rng = SplitMix::new(inp.u64());
        let msg = le32(&biased_words32(&mut rng, k * w));
        let key = biased_words32(&mut rng, (k + n - 1 + extra) * w);
        (key, msg)
    };
    let r = against_reference(data, msg.len());
    match w {
        1 => fixed::<1>(e, v, &key, &msg, n, r),
        2 => fixed::<2>(e, v, &key, &msg, n, r),
        3 => fixed::<3>(e, v, &key, &msg, n, r),
        4 => fixed::<4>(e, v, &key, &msg, n, r),
        _ => fixed::<5>(e, v, &key, &msg, n, r),
    }
});
