//! Differential fuzzing of the `umac` crate (RFC 4418), the fast tier
//! (messages of many chunks and the 16 MiB switch are `umac_long`): the
//! input chooses the NH backend (any `uhash::mmh::Engine32` this CPU and
//! build run), a key, a tag size, a nonce of 1 to 16 bytes, up to four
//! split points and a message of up to 4 KiB expanded from a short
//! description, optionally behind a chunk built so that one iteration's
//! L1 output lands in POLY's escape range (which random input reaches with
//! probability 2^-32). The backend must give the portable backend's tag
//! one-shot, streamed in the given split, through a session, and verify
//! it (`uhash_fuzz::umac::tags`); the portable tag must equal the
//! reference's on every message of up to 256 bytes and on 1 input in 16 of
//! the longer ones (`uhash_fuzz::against_reference`); RFC 4418's NH kernel
//! (`Engine32::nh_umac_toeplitz`) on that backend must equal the
//! reference NH. Bad nonce lengths must be typed errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::Engine32;
use uhash::umac::UmacNonce;
use uhash_fuzz::umac::tags_of_len;
use uhash_fuzz::{Input, against_reference, message, pick, splits, tally};
use uhash_ref::umac as reference;
use uhash_testkit::umac::{escaping_chunk, l1_key};

/// The longest message: four L1 chunks.
const MAX_MSG: usize = 4 * 1024;

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine32> = Engine32::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let key: [u8; 16] = inp.array();
    let (ctrl, nlen) = (inp.byte(), 1 + usize::from(inp.byte() % 16));
    // A nonce of 0 or 17 bytes is a typed error; 1..=16 are nonces.
    assert!(UmacNonce::from_slice(&[]).is_err());
    assert!(UmacNonce::from_slice(&[0; 17]).is_err());
    let nonce: [u8; 16] = inp.array();
    let nonce = UmacNonce::from_slice(&nonce[..nlen]).unwrap();
    let cuts: [u8; 4] = inp.array();
    let mut msg = message(&mut inp, MAX_MSG, 1024);
    let taglen = 4 * (1 + usize::from(ctrl & 3));
    if ctrl & 0x20 != 0 {
        let mut m = escaping_chunk(&key, usize::from(ctrl >> 6) % (taglen / 4));
        m.extend_from_slice(&msg);
        msg = m;
    }
    let splits = splits(cuts, msg.len(), 1024);
    let msg = &msg[..];
    let r = against_reference(data, msg.len());
    tags_of_len(taglen, e, &key, &nonce, msg, &splits, r);
    // The NH kernel on the message's whole blocks (up to 4 KiB), four
    // iterations: cheap in the reference (64-bit words), always checked.
    let blocks = (msg.len() / 32).min(128);
    if blocks > 0 {
        let k = l1_key(&key, 0);
        let kw: Vec<u32> = k.iter().copied().cycle().take(8 * blocks + 12).collect();
        let kb: Vec<u8> = kw.iter().flat_map(|w| w.to_be_bytes()).collect();
        let mut out = [0u64; 4];
        e.nh_umac_toeplitz(&kw, &msg[..32 * blocks], &mut out)
            .unwrap();
        for (r, o) in out.iter().enumerate() {
            let want = reference::nh(&kb[16 * r..16 * r + 32 * blocks], &msg[..32 * blocks]);
            assert_eq!(Ok(*o), want, "{e} window {r}");
        }
    }
});
