//! Differential fuzzing of `poly1305-aes`, the fast tier (the long
//! messages and the parallel paths are `poly1305_aes_long`). The input
//! chooses the backend (any this CPU and build run), a key (r forced into
//! the paper's form, and once as given to check the rejection), a nonce,
//! four split points and a message of up to 8 KiB (expanded from a short
//! description by `uhash_fuzz::message`, so the vector paths from 256 bytes
//! (IFMA) and 1 KiB (the others) are reached). That backend must give the
//! portable backend's tag one-shot, incrementally in the split, through
//! `Poly1305` (RFC 8439 one-time key), with stored powers, and in a batch
//! of the message's prefixes; the portable tags must equal the big-integer
//! reference's on every message of up to 256 bytes and on 1 input in 16
//! of the longer ones (`uhash_fuzz::against_reference`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::poly1305_aes::batch::{Batch, Job};
use uhash::poly1305_aes::{
    Backend, Engine, MacTag, Nonce, Poly1305, Poly1305Aes, Poly1305AesWithPowers,
};
use uhash_fuzz::{Input, against_reference, feed, message, pick, splits, tally};
use uhash_ref::poly1305 as reference;

/// The longest message: past the widest vector loop several times over.
const MAX_MSG: usize = 8 * 1024;

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let backends: Vec<Backend> = Engine::all_supported().map(Engine::backend).collect();
    let Some(b) = pick(&mut inp, &backends) else {
        return;
    };
    let portable = Engine::portable().backend();
    let key: [u8; 32] = inp.array();
    let nonce: [u8; 16] = inp.array();
    let cuts: [u8; 4] = inp.array();
    let msg = message(&mut inp, MAX_MSG, 256);
    let msg = &msg[..];
    let k: [u8; 16] = key[..16].try_into().unwrap();
    let raw_r: [u8; 16] = key[16..].try_into().unwrap();
    let r = reference::clamp(&raw_r);
    let mut aes_key = key;
    aes_key[16..].copy_from_slice(&r);
    let n = Nonce::from_bytes(nonce);

    // An unclamped r is rejected exactly when the reference rejects it.
    assert_eq!(
        Poly1305Aes::new(&key).is_ok(),
        reference::poly1305_aes(&k, &raw_r, &nonce, &[]).is_ok()
    );

    let base = Poly1305Aes::new(&aes_key).unwrap();
    let port = base.clone().with_backend(portable).unwrap();
    let want = *port.authenticate(&n, msg).as_bytes();
    let want_otk = <[u8; 16]>::from(
        Poly1305::new_with_backend(&key, portable)
            .unwrap()
            .compute_unpadded(msg),
    );
    if against_reference(data, msg.len()) {
        assert_eq!(
            want,
            reference::poly1305_aes(&k, &r, &nonce, msg).unwrap(),
            "portable len {}",
            msg.len()
        );
        assert_eq!(
            want_otk,
            reference::poly1305(&key, msg),
            "portable otk len {}",
            msg.len()
        );
    }

    let splits = splits(cuts, msg.len(), 16);
    let mac = base.with_backend(b).unwrap();
    assert_eq!(mac.backend(), b);
    assert_eq!(
        *mac.authenticate(&n, msg).as_bytes(),
        want,
        "{b} len {}",
        msg.len()
    );
    let mut st = mac.start();
    feed(msg, &splits, |piece| {
        st.update(piece);
    });
    assert_eq!(*st.finalize(&n).as_bytes(), want, "{b} split {splits:?}");
    let wp = Poly1305AesWithPowers::new(mac.clone());
    assert_eq!(*wp.authenticate(&n, msg).as_bytes(), want, "{b} powers");
    let p = Poly1305::new_with_backend(&key, b).unwrap();
    assert_eq!(
        <[u8; 16]>::from(p.compute_unpadded(msg)),
        want_otk,
        "{b} otk"
    );

    // A batch: the message and its prefixes at the split points, each
    // against the portable one-shot tag.
    let msgs: Vec<&[u8]> = splits.iter().map(|&s| &msg[..s]).chain([msg]).collect();
    let jobs: Vec<Job<'_>> = msgs
        .iter()
        .map(|m| Job {
            key: &aes_key,
            nonce: &n,
            msg: m,
        })
        .collect();
    let mut tags = vec![MacTag::default(); jobs.len()];
    Batch::with_backend(b)
        .unwrap()
        .poly1305_aes(&jobs, &mut tags)
        .unwrap();
    for (m, t) in msgs.iter().zip(&tags) {
        assert_eq!(
            t.as_bytes(),
            port.authenticate(&n, m).as_bytes(),
            "{b} batch len {}",
            m.len()
        );
    }
});
