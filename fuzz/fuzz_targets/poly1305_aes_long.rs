//! Differential fuzzing of `poly1305-aes`'s parallel paths (feature
//! `rayon`): a message of up to 512 KiB + 4 KiB (lengths biased to
//! multiples of the 64 KiB segment, so that 2 to 8 segments are joined
//! with powers of r), a pool of 2 to 4 threads, a backend, and the message read whole
//! or in pieces of a few blocks (`Pieces`). `authenticate_parallel`,
//! `authenticate_parallel_from`, `Poly1305::compute_unpadded_parallel`
//! and `mac_parallel_from` on that backend must give the tag of the
//! portable backend's one-thread path (which the fast tier,
//! `poly1305_aes`, ties to the reference); on every message of up to 256
//! bytes and on 1 input in 16 of the longer ones
//! (`uhash_fuzz::against_reference`) the Poly1305-AES tag is also the
//! big-integer reference's.
#![no_main]

use std::convert::Infallible;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rayon::{ThreadPool, ThreadPoolBuilder};
use uhash::base::pieces::{Pieces, Sink};
use uhash::poly1305_aes::parallel::MIN_SEGMENT_BYTES;
use uhash::poly1305_aes::{Backend, Engine, Nonce, Poly1305, Poly1305Aes};
use uhash_fuzz::{Input, against_reference, message, pick, tally};
use uhash_ref::poly1305 as reference;

/// The longest message: 8 segments and a part (a 2-thread pool splits it
/// in 8, a 4-thread pool in 8; 16 segments took the reference past 1 s).
const MAX_MSG: usize = 8 * MIN_SEGMENT_BYTES + 4096;

/// Pools of 2, 3 and 4 threads, built once.
fn pool(threads: usize) -> &'static ThreadPool {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    &POOLS.get_or_init(|| {
        (2..=4)
            .map(|n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
            .collect()
    })[threads - 2]
}

/// A message handed out in pieces of `units` units (the last may be
/// shorter), as a file read in blocks is.
struct Chopped<'a> {
    msg: &'a [u8],
    units: usize,
}

impl Pieces for Chopped<'_> {
    type Error = Infallible;

    fn len(&self) -> u64 {
        self.msg.len() as u64
    }

    fn visit(&self, at: u64, len: u64, unit: usize, f: &mut Sink<'_>) -> Result<(), Infallible> {
        let range = &self.msg[at as usize..(at + len) as usize];
        for piece in range.chunks(unit * self.units) {
            f(piece);
        }
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let backends: Vec<Backend> = Engine::all_supported().map(Engine::backend).collect();
    let Some(b) = pick(&mut inp, &backends) else {
        return;
    };
    let ctl = inp.byte();
    let threads = 2 + usize::from(ctl % 3);
    let units = 1 + usize::from(inp.byte());
    let key: [u8; 32] = inp.array();
    let nonce: [u8; 16] = inp.array();
    let msg = message(&mut inp, MAX_MSG, MIN_SEGMENT_BYTES);
    let msg = &msg[..];
    let k: [u8; 16] = key[..16].try_into().unwrap();
    let r = reference::clamp(&key[16..].try_into().unwrap());
    let mut aes_key = key;
    aes_key[16..].copy_from_slice(&r);
    let n = Nonce::from_bytes(nonce);
    let portable = Engine::portable().backend();

    let base = Poly1305Aes::new(&aes_key).unwrap();
    let want = *base
        .clone()
        .with_backend(portable)
        .unwrap()
        .authenticate(&n, msg)
        .as_bytes();
    let want_otk = <[u8; 16]>::from(
        Poly1305::new_with_backend(&key, portable)
            .unwrap()
            .compute_unpadded(msg),
    );
    // One reference tag: the one-time-key tag is the same polynomial.
    if against_reference(data, msg.len()) {
        assert_eq!(want, reference::poly1305_aes(&k, &r, &nonce, msg).unwrap());
    }

    let mac = base.with_backend(b).unwrap();
    let pieces = Chopped { msg, units };
    let what = format!("{b} len {} threads {threads} units {units}", msg.len());
    pool(threads).install(|| {
        assert_eq!(
            *mac.authenticate_parallel(&n, msg).as_bytes(),
            want,
            "{what}"
        );
        let from = mac.authenticate_parallel_from(&n, &pieces);
        assert_eq!(*from.unwrap().as_bytes(), want, "{what} pieces");
        let p = Poly1305::new_with_backend(&key, b).unwrap();
        let t = <[u8; 16]>::from(p.compute_unpadded_parallel(msg));
        assert_eq!(t, want_otk, "{what} otk");
        // `mac_parallel_from` runs on the detected backend.
        let t = Poly1305::mac_parallel_from(&key, &pieces).map(<[u8; 16]>::from);
        assert_eq!(t, Ok(want_otk), "{what} otk pieces");
    });
});
