//! Differential fuzzing of the `umac` crate (RFC 4418) over many L1
//! chunks (the fast tier is `umac`): the input chooses the NH backend, a
//! key, a tag size, a nonce, up to four split points and either a message
//! of up to 16 KiB expanded from a short description (L2's POLY-64 over
//! up to 16 chunk outputs; optionally behind a chunk whose L1 output lands
//! in POLY's escape range), or — on 1 input in 64 — a message of 16 MiB
//! plus or minus up to 4 KiB (zeros with the input's bytes written at an
//! offset near the end), across L2's switch to POLY-128 after 2^14 chunk
//! outputs. Below the switch the backend must give the portable backend's
//! tag every way the crate offers (`uhash_fuzz::umac::tags`) and the
//! portable tag the big-integer reference's on every message of up to 256
//! bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`); across it the backend's
//! UMAC-32 or UMAC-64 tag, one-shot and streamed, must be the reference's
//! on every input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::Engine32;
use uhash::umac::{Umac, UmacNonce};
use uhash_fuzz::umac::tags_of_len;
use uhash_fuzz::{Input, against_reference, message, pick, splits, tally};
use uhash_testkit::umac::escaping_chunk;

/// The longest message below the switch: 16 L1 chunks (POLY-64 over 16
/// outputs runs the same code as over more).
const MAX_MSG: usize = 16 * 1024;
/// L2 switches to POLY-128 after this many message bytes (2^14 chunks).
const SWITCH_BYTES: usize = 1 << 24;

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine32> = Engine32::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let key: [u8; 16] = inp.array();
    let ctrl = inp.byte();
    let nlen = 1 + usize::from(inp.byte() % 16);
    let nonce: [u8; 16] = inp.array();
    let nonce = UmacNonce::from_slice(&nonce[..nlen]).unwrap();
    let cuts: [u8; 4] = inp.array();
    let taglen = 4 * (1 + usize::from(ctrl & 3));
    // 37, not 0: an input too short to say reads zeros.
    if inp.byte() % 64 == 37 {
        across_the_switch(e, taglen, &key, &nonce, &mut inp);
        return;
    }
    let mut msg = message(&mut inp, MAX_MSG, 1024);
    if ctrl & 0x20 != 0 {
        let mut m = escaping_chunk(&key, usize::from(ctrl >> 6) % (taglen / 4));
        m.extend_from_slice(&msg);
        msg = m;
    }
    let r = against_reference(data, msg.len());
    let splits = splits(cuts, msg.len(), 1024);
    tags_of_len(taglen, e, &key, &nonce, &msg, &splits, r);
});

/// A message of 2^24 + δ bytes, δ in [−4096, 4096] (zeros, the rest of
/// the input written at an offset in the last 8 KiB), UMAC-32 or UMAC-64,
/// one-shot and streamed in two pieces split before the switch, against
/// the reference (about 0.25 s of one core).
/// Only this check sees POLY-128: both production paths share L2, so the
/// portable backend would agree with any backend on a wrong switch.
fn across_the_switch(
    e: Engine32,
    taglen: usize,
    key: &[u8; 16],
    nonce: &UmacNonce,
    inp: &mut Input<'_>,
) {
    tally::record(true);
    let delta = i64::from(inp.u16() % 8193) - 4096;
    let len = (SWITCH_BYTES as i64 + delta) as usize;
    let at = len - 8192 + usize::from(inp.u16() % 8193);
    let cut = usize::from(inp.u16()) * 64;
    let mut msg = vec![0u8; len];
    let patch = inp.rest();
    let n = patch.len().min(len - at);
    msg[at..at + n].copy_from_slice(&patch[..n]);
    // UMAC-32 or UMAC-64: one or two L2 iterations (each iteration is the
    // same code on its own key; four would take twice as long).
    let taglen = if taglen == 4 { 4 } else { 8 };
    let want = uhash_ref::umac::umac(key, nonce.as_bytes(), &msg, taglen).unwrap();
    let got = if taglen == 4 {
        one_shot_and_streamed::<4, 1>(e, key, nonce, &msg, cut)
    } else {
        one_shot_and_streamed::<8, 2>(e, key, nonce, &msg, cut)
    };
    assert_eq!(got.0, want, "{e} one-shot len {len}");
    assert_eq!(got.1, want, "{e} streamed len {len} cut {cut}");
}

/// The tag of `msg` one-shot and streamed in two pieces cut at `cut`.
fn one_shot_and_streamed<const TAG: usize, const ITERS: usize>(
    e: Engine32,
    key: &[u8; 16],
    nonce: &UmacNonce,
    msg: &[u8],
    cut: usize,
) -> (Vec<u8>, Vec<u8>) {
    let mac = Umac::<TAG, ITERS>::new_with_engine(key, e)
        .for_nonce_len(nonce.as_bytes().len())
        .unwrap();
    let one = mac.authenticate(nonce, msg).unwrap().as_bytes().to_vec();
    let mut st = mac.start();
    st.update(&msg[..cut.min(msg.len())]).unwrap();
    st.update(&msg[cut.min(msg.len())..]).unwrap();
    (one, st.finalize(nonce).unwrap().as_bytes().to_vec())
}
