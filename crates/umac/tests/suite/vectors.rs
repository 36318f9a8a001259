//! All 152 published vectors (RFC 4418's appendix and nettle's additions,
//! `tests/vectors/*.jsonl`, messages up to 32 MiB) on every backend of the
//! NH kernels this CPU and build run: one-shot, streamed in pieces that
//! cross block and chunk boundaries, through a session, and verified.

use crate::common;

use common::{Mac, Vector, engines, vectors};
use umac::{Engine32, UmacNonce};

fn check<M: Mac>(v: &Vector, msg: &[u8], e: Engine32) {
    let mac = M::keyed(&v.key, e);
    let nonce = UmacNonce::from_slice(&v.nonce).unwrap();
    assert_eq!(mac.tag(&nonce, msg), v.out, "{} on {e}", v.at);
    let cuts = [
        1,
        31,
        33,
        1000,
        1024,
        4097,
        msg.len() / 2,
        msg.len().saturating_sub(5),
    ];
    let mut cuts: Vec<usize> = cuts.iter().map(|&c| c.min(msg.len())).collect();
    cuts.sort_unstable();
    assert_eq!(
        mac.streamed(&nonce, msg, &cuts),
        v.out,
        "{} streamed on {e}",
        v.at
    );
    if msg.len() <= 1 << 16 {
        assert_eq!(
            mac.session_tags(&[nonce, nonce], msg),
            [v.out.clone(), v.out.clone()]
        );
        assert!(mac.verifies(&nonce, msg, &v.out));
        let mut bad = v.out.clone();
        bad[0] ^= 1;
        assert!(!mac.verifies(&nonce, msg, &bad));
    }
}

#[test]
fn every_backend_is_offered_and_runs() {
    let supported: Vec<_> = engines().iter().map(|e| e.backend()).collect();
    let n = uhash_testkit::expect::assert_supported("umac", Engine32::BACKENDS, &supported);
    assert!(n >= 1 && supported.contains(&umac::Backend::Soft));
}

#[test]
fn all_152_vectors_on_every_backend() {
    let all = vectors();
    assert_eq!(all.len(), 152);
    let engines = engines();
    for v in &all {
        let msg = v.msg();
        for &e in &engines {
            with_mac!(v.taglen, M => check::<M>(v, &msg, e));
        }
    }
}
