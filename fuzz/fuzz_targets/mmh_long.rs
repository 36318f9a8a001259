//! Differential fuzzing of the `uhash-mmh` long-message machinery (the
//! fixed-length functions are the fast tier, `mmh`): the input chooses the
//! backend (any of `Engine32` / `Engine64` this CPU and build run) and
//! either
//! * a long-message hash (MMH32, NMH32, MMH64, NH with 1 to 4 lanes) with
//!   a chunk of a few words or the production 16 KiB, over a message of up
//!   to 36 KiB expanded from a short description, fed in a split the input
//!   chooses, against `uhash_ref::long`'s layers 2 and 3 over layer-1
//!   outputs of the portable backend (of the big-integer reference on
//!   every message of up to 256 bytes and 1 input in 16 of the longer
//!   ones: `uhash_fuzz::against_reference`), or
//! * the §2.4 hash tree `Mmh32Tree` (k = 2..=40 words per block, keys from
//!   a seed) over such a message, one-shot and in the same split, against
//!   the portable backend's tree, and that against `uhash_ref::mmh_tree`
//!   on the same inputs as above.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::long::{CHUNK_BYTES, Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};
use uhash::mmh::{Engine32, Engine64, Mmh32Tree};
use uhash_fuzz::{
    Input, against_reference, feed, long_hash, message, pick, splits, tally, words32, words64,
};
use uhash_ref::kdf::{expand, label};

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 2 * CHUNK_BYTES + 4096;

/// The reference composition of family `fam` (0 MMH32, 1 NMH32, 2 MMH64,
/// 3 NH) with `n` lanes and `chunk`-byte chunks: `uhash_ref::long`'s
/// layers 2 and 3 over layer-1 outputs of the big-integer reference if
/// `l1_reference`, else of the portable backend (which the fast tier,
/// `mmh`, ties to the reference).
fn reference(
    fam: u8,
    n: usize,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    l1_reference: bool,
) -> Vec<u8> {
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
    let (p32, p64) = (Engine32::portable(), Engine64::portable());
    let l1_portable = |c: &[u8]| -> Vec<u64> {
        match fam {
            0 => {
                let mut o = vec![0u32; n];
                p32.mmh32_toeplitz(&k32, c, &mut o).unwrap();
                o.into_iter().map(u64::from).collect()
            }
            1 => vec![u64::from(p32.nmh32(&k32, c).unwrap())],
            2 => vec![p64.mmh64(&k64, c).unwrap()],
            _ => {
                let mut o = vec![0u64; n];
                p32.nh_toeplitz(&k32, c, &mut o).unwrap();
                o
            }
        }
    };
    let l1_ref = |c: &[u8]| -> Vec<u64> {
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
    if l1_reference {
        uhash_ref::long::long_hash(&l1_ref, chunk, lane_bits, &l2, &l3, msg).unwrap()
    } else {
        uhash_ref::long::long_hash(&l1_portable, chunk, lane_bits, &l2, &l3, msg).unwrap()
    }
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
    l1_reference: bool,
) {
    const CAP: usize = CHUNK_BYTES;
    let want = reference(fam, n, chunk, seed, msg, l1_reference);
    macro_rules! lanes {
        ($kernel:ident) => {
            match n {
                1 => long_hash(seed, msg, splits, |ks| {
                    $kernel::<1, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                2 => long_hash(seed, msg, splits, |ks| {
                    $kernel::<2, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                3 => long_hash(seed, msg, splits, |ks| {
                    $kernel::<3, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
                _ => long_hash(seed, msg, splits, |ks| {
                    $kernel::<4, CAP>::from_key_stream_with(ks, chunk, e32)
                }),
            }
        };
    }
    let got = match fam {
        0 => lanes!(Mmh32Kernel),
        1 => long_hash(seed, msg, splits, |ks| {
            Nmh32Kernel::<CAP>::from_key_stream_with(ks, chunk, e32)
        }),
        2 => long_hash(seed, msg, splits, |ks| {
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
/// pieces of `splits`, against the portable backend's tree, and that
/// against `uhash_ref::mmh_tree` with the keys its `from_seed_with`
/// documents where `check_reference`.
fn tree(
    e32: Engine32,
    k: usize,
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
    check_reference: bool,
) {
    let portable = Mmh32Tree::from_seed_with(seed, k, Engine32::portable()).unwrap();
    let want = portable.hash(msg).unwrap();
    if check_reference {
        let lk = words32(&expand(
            seed,
            label(0x0105, 1, 1, k as u32),
            4 * k * portable.levels(),
        ));
        let rk = words32(&expand(seed, label(0x0105, 1, 2, k as u32), 4 * (k + 2)));
        let levels: Vec<Vec<u32>> = lk.chunks(k).map(<[u32]>::to_vec).collect();
        let r = uhash_ref::mmh_tree::mmh32_tree(k, &levels, &rk, msg).unwrap();
        assert_eq!(want, r, "portable tree k {k} len {}", msg.len());
    }
    let t = Mmh32Tree::from_seed_with(seed, k, e32).unwrap();
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
    tally::input();
    let mut inp = Input::new(data);
    let e32s: Vec<Engine32> = Engine32::all_supported().collect();
    let e64s: Vec<Engine64> = Engine64::all_supported().collect();
    let (Some(e32), Some(e64)) = (pick(&mut inp, &e32s), pick(&mut inp, &e64s)) else {
        return;
    };
    let ctl = inp.byte();
    if ctl & 0x80 != 0 {
        let k = 2 + usize::from(inp.byte() % 39);
        let seed: [u8; 16] = inp.array();
        let cuts: [u8; 4] = inp.array();
        let msg = message(&mut inp, MAX_LONG, 4 * k);
        let splits = splits(cuts, msg.len(), 4 * k);
        let r = against_reference(data, msg.len());
        tree(e32, k, &seed, &msg, &splits, r);
        return;
    }
    let fam = inp.byte() % 4;
    let n = match fam {
        1 | 2 => 1,
        _ => 1 + usize::from(ctl % 4),
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
    let r = against_reference(data, msg.len());
    long(e32, e64, fam, n, chunk, &seed, &msg, &splits, r);
});
