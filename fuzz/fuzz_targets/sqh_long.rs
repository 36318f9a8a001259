//! Differential fuzzing of the `sqh` long-message machinery (the
//! fixed-length functions are the fast tier, `sqh`): the input chooses the
//! backend (any `Engine` this CPU and build run), w, SQHasm2 or SQHE, a
//! chunk of 1 to 8 elements or the production one, and a message of up to
//! 36 KiB expanded from a short description, fed in a split the input
//! chooses. The long-message hash must equal `uhash_ref::long`'s layers 2
//! and 3 over layer-1 outputs of the portable backend — of the big-integer
//! reference (`uhash_testkit::long::sqh_hash`) on every message of up to
//! 256 bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::sqh::long::{Asm2Kernel, SqheKernel, chunk_bytes, lane_bits, lanes};
use uhash::sqh::{Engine, Variant};
use uhash_fuzz::{Input, against_reference, long_hash, message, pick, splits, tally, words32};
use uhash_ref::kdf::{expand, label};

/// The longest long message: two production chunks and a part.
const MAX_LONG: usize = 36 * 1024;

/// The composition of family `fam` for `W`-word elements, `chunk`-byte
/// chunks: layer 1 by the reference if `l1_reference`, else by the
/// portable backend.
fn composition<const W: usize>(
    fam: u16,
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
    l1_reference: bool,
) -> Vec<u8> {
    let (n, bits) = (lanes(W), lane_bits(W));
    if l1_reference {
        return uhash_testkit::long::sqh_hash(fam, W, (n, bits), chunk, seed, msg);
    }
    let key = words32(&expand(seed, label(fam, n as u8, 1, 0), chunk));
    let (l2, l3) = uhash_testkit::long::outer_keys(seed, fam, n, bits);
    let v = if fam == uhash_testkit::long::SQH_ASM2 {
        Variant::Asm2
    } else {
        Variant::E
    };
    let portable = Engine::portable();
    let l1 = |c: &[u8]| -> Vec<u64> {
        let mut le = vec![0u8; 4 * W];
        portable
            .hash::<W>(v, &key, c)
            .unwrap()
            .write_le_bytes(&mut le);
        uhash_testkit::long::lanes_le(&le, bits)
    };
    uhash_ref::long::long_hash(&l1, chunk, bits, &l2, &l3, msg).unwrap()
}

/// The long message of width `W`: a chunk of 1 to 8 elements or the
/// production one, a seed, splits and the message.
fn long_w<const W: usize>(e: Engine, data: &[u8], inp: &mut Input<'_>) {
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
    let fam = if e_variant {
        0x020D
    } else {
        uhash_testkit::long::SQH_ASM2
    };
    let want = composition::<W>(fam, chunk, &seed, &msg, against_reference(data, msg.len()));
    let got = if e_variant {
        long_hash(&seed, &msg, &splits, |ks| {
            SqheKernel::<W>::from_key_stream_with(ks, chunk, e)
        })
    } else {
        long_hash(&seed, &msg, &splits, |ks| {
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

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    match 1 + inp.byte() % 5 {
        1 => long_w::<1>(e, data, &mut inp),
        2 => long_w::<2>(e, data, &mut inp),
        3 => long_w::<3>(e, data, &mut inp),
        4 => long_w::<4>(e, data, &mut inp),
        _ => long_w::<5>(e, data, &mut inp),
    }
});
