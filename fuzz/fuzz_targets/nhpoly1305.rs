//! Differential fuzzing of the `nhpoly1305` crate, the fast tier, in two
//! comparisons. The input
//! chooses the NH backend (any `uhash::mmh::Engine32` this CPU and build
//! run), a key (1088 bytes from an 8-byte seed, or all zeros, or all ones:
//! every 32-bit addition wraps), up to four split points and a message of
//! up to 8 KiB expanded from a short description. First: the chosen
//! backend gives the portable backend's NHPoly1305 one-shot and streamed in
//! the given split, and its NH of the message's first whole units (up to
//! 1024 bytes). Second: the portable backend gives the big-integer
//! reference `uhash_ref::nhpoly1305` on every message of at most 256 bytes
//! and on 1 input in 16 of the longer ones (`uhash_fuzz::against_reference`;
//! the reference is slow). Lengths NH refuses are typed errors. No
//! `nhpoly1305_long` tier: 8 KiB already spans eight chunks, and nothing
//! above one Poly1305 call depends on the length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::Engine32;
use uhash::nhpoly1305::{Error, NhAdiantum, NhPoly1305};
use uhash_fuzz::{Input, SplitMix, against_reference, feed, message, pick, splits, tally};
use uhash_ref::nhpoly1305 as reference;

/// The longest message.
const MAX_MSG: usize = 8 * 1024;

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let engines: Vec<Engine32> = Engine32::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let ctrl = inp.byte();
    let mut key = [0u8; 1088];
    match ctrl % 4 {
        0 => {}
        1 => key.fill(0xff),
        _ => SplitMix::new(inp.u64()).fill(&mut key),
    }
    let cuts: [u8; 4] = inp.array();
    let msg = message(&mut inp, MAX_MSG, 1024);
    let splits = splits(cuts, msg.len(), 16);
    let portable = Engine32::portable();

    // The chosen backend against the portable one.
    let soft = NhPoly1305::new_with_engine(&key, portable).compute(&msg);
    let mut h = NhPoly1305::new_with_engine(&key, e);
    assert_eq!(h.compute(&msg), soft, "{e} len {}", msg.len());
    feed(&msg, &splits, |piece| h.update(piece));
    assert_eq!(h.finalize(), soft, "{e} len {} split {splits:?}", msg.len());
    let nh_key: &[u8; 1072] = key[16..].try_into().unwrap();
    let units = msg.len().min(1024) / 16 * 16;
    let nh_msg = &msg[..units];
    let nh = NhAdiantum::new_with_engine(nh_key, e).compute(nh_msg);
    let nh_soft = NhAdiantum::new_with_engine(nh_key, portable).compute(nh_msg);
    assert_eq!(nh, nh_soft, "{e} NH {units}");
    if units == 0 {
        assert!(matches!(
            nh,
            Err(Error::InvalidMessageLength { got: 0, .. })
        ));
    }
    if !msg.len().is_multiple_of(16) && msg.len() < 1024 {
        assert!(
            NhAdiantum::new_with_engine(nh_key, e)
                .compute(&msg)
                .is_err()
        );
    }

    // The portable backend against the reference.
    if against_reference(data, msg.len()) {
        assert_eq!(soft, reference::nhpoly1305(&key, &msg), "len {}", msg.len());
        if units > 0 {
            assert_eq!(
                nh_soft.ok(),
                reference::nh_adiantum(nh_key, nh_msg).ok(),
                "NH {units}"
            );
        }
    }
});
