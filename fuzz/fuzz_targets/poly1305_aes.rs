//! Differential fuzzing of `poly1305-aes` against the big-integer
//! reference: the fuzzer picks a key (r forced into the paper's form, and
//! once as given to check the rejection), a nonce, a message and up to four
//! split points; every backend this CPU supports must give the reference
//! tag one-shot, incrementally in the given split, through `Poly1305`
//! (RFC 8439 one-time key), with stored powers, and in a batch of jobs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use poly1305_aes::batch::{Batch, Job};
use poly1305_aes::{
    Nonce, Poly1305, Poly1305Aes, Poly1305AesWithPowers, SUPPORTED_BACKENDS,
};
use uhash_ref::poly1305 as reference;

fuzz_target!(|data: &[u8]| {
    if data.len() < 48 + 4 {
        return;
    }
    let (head, rest) = data.split_at(48);
    let key: [u8; 32] = head[..32].try_into().unwrap();
    let nonce: [u8; 16] = head[32..].try_into().unwrap();
    let (cuts, msg) = rest.split_at(4);
    // Messages up to ~4 KiB; the all-0xff case is reached by the fuzzer.
    let msg = &msg[..msg.len().min(4200)];
    let k: [u8; 16] = key[..16].try_into().unwrap();
    let raw_r: [u8; 16] = key[16..].try_into().unwrap();
    let r = reference::clamp(&raw_r);
    let mut aes_key = key;
    aes_key[16..].copy_from_slice(&r);

    // An unclamped r is rejected exactly when the reference rejects it.
    assert_eq!(
        Poly1305Aes::new(&key).is_ok(),
        reference::poly1305_aes(&k, &raw_r, &nonce, msg).is_ok()
    );

    let want = reference::poly1305_aes(&k, &r, &nonce, msg).unwrap();
    let want_otk = reference::poly1305(&key, msg);
    let mut splits: Vec<usize> = cuts
        .iter()
        .map(|&c| (c as usize * msg.len()) / 255)
        .collect();
    splits.sort_unstable();
    let n = Nonce::from_bytes(nonce);
    for b in SUPPORTED_BACKENDS.iter().copied().filter(|b| b.is_supported()) {
        let mac = Poly1305Aes::new(&aes_key).unwrap().with_backend(b).unwrap();
        assert_eq!(mac.authenticate(&n, msg), want, "{b}");
        let mut st = mac.start();
        let mut at = 0;
        for &s in &splits {
            st.update(&msg[at..s.max(at)]);
            at = s.max(at);
        }
        st.update(&msg[at..]);
        assert_eq!(st.finalize(&n), want, "{b} split");
        let p = Poly1305::new_with_backend(&key, b).unwrap();
        assert_eq!(<[u8; 16]>::from(p.compute_unpadded(msg)), want_otk, "{b} otk");
        let wp = Poly1305AesWithPowers::new(mac.clone());
        assert_eq!(wp.authenticate(&n, msg), want, "{b} powers");
        // a batch: the message and its prefixes at the split points
        let msgs: Vec<&[u8]> = splits.iter().map(|&s| &msg[..s]).chain([msg]).collect();
        let jobs: Vec<Job<'_>> = msgs
            .iter()
            .map(|m| Job { key: &aes_key, nonce: &n, msg: m })
            .collect();
        let mut tags = vec![poly1305_aes::MacTag::default(); jobs.len()];
        Batch::with_backend(b).unwrap().poly1305_aes(&jobs, &mut tags).unwrap();
        for (m, t) in msgs.iter().zip(&tags) {
            assert_eq!(*t.as_bytes(), reference::poly1305_aes(&k, &r, &nonce, m).unwrap(), "{b} batch");
        }
    }
});
