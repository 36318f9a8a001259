//! Differential fuzzing of `dfc-decorr` against the big-integer reference.
//! The input chooses a strategy of the decorrelation module (any
//! `uhash::dfc_decorr::Engine` this CPU and build run) and a cipher backend (any
//! `CipherEngine`), then
//! * a, b, x (biased to 0 and all-ones; optionally b chosen so that
//!   (a·x + b) mod p ≥ 2^64): the strategy, single and batched, equals
//!   `uhash_ref::dfc::dfc_module`;
//! * a key of 1 to 32 bytes and a block: the cipher with its key schedule
//!   and rounds on that strategy, and the cipher on that backend, equal
//!   `uhash_ref::dfc::dfc_encrypt`, and decryption inverts;
//! * a message of up to 16 KiB expanded from a short description
//!   (optionally with the accumulator ≥ 2^64 after block 2), fed in a
//!   split the input chooses: the Horner hash equals the one-shot hash,
//!   and that equals `uhash_ref::dfc::horner_hash` on every message of up
//!   to 256 bytes and on 1 input in 16 of the longer ones
//!   (`uhash_fuzz::against_reference`). The module and cipher checks are
//!   cheap and always against the reference.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::dfc_decorr::DfcHash;
use uhash::dfc_decorr::cipher::{CipherEngine, Dfc};
use uhash::dfc_decorr::module::{P, Strategy, module_batch_with, module_with};
use uhash_fuzz::{Input, against_reference, feed, message, pick, splits, tally};
use uhash_ref::dfc::{dfc_encrypt, dfc_module, horner_hash};

/// The longest hashed message.
const MAX_MSG: usize = 16 * 1024;

fn check_module(s: Strategy, a: u64, b: u64, x: u64) {
    let want = dfc_module(a, b, x);
    assert_eq!(module_with(s, a, b, x), want, "{s}");
    let mut y = [0u64; 2];
    module_batch_with(s, &[a, b], &[b, x], &[x, a], &mut y).unwrap();
    assert_eq!(y, [want, dfc_module(b, x, a)], "{s} batch");
}

fuzz_target!(|data: &[u8]| {
    tally::input();
    let mut inp = Input::new(data);
    let strategies: Vec<Strategy> = Strategy::all_supported().collect();
    let ciphers: Vec<CipherEngine> = CipherEngine::all_supported().collect();
    let (Some(s), Some(c)) = (pick(&mut inp, &strategies), pick(&mut inp, &ciphers)) else {
        return;
    };
    let (a, b, x) = (inp.word64(), inp.word64(), inp.word64());
    check_module(s, a, b, x);
    // Edge class: choose b so that (a·x + b) mod p = 2^64 + e, e ≤ 12.
    let sel = inp.byte();
    if sel & 0x80 != 0 {
        let e = u128::from(sel % 13);
        let ax = u128::from(a) * u128::from(x) % P;
        if let Ok(b) = u64::try_from(((1u128 << 64) + e + P - ax) % P) {
            assert_eq!(dfc_module(a, b, x), e as u64);
            check_module(s, a, b, x);
        }
    }

    // The cipher: a key of 1..=32 bytes, one block.
    if sel & 0x20 != 0 {
        let key_len = 1 + usize::from(inp.byte() % 32);
        let key: [u8; 32] = inp.array();
        let key = &key[..key_len];
        let block: [u8; 16] = inp.array();
        let want = dfc_encrypt(key, &block).unwrap();
        let got = Dfc::new_from_key_with(key, s)
            .unwrap()
            .encrypt_block_be(&block);
        assert_eq!(got, want, "cipher on module strategy {s}");
        let dfc = Dfc::new_from_key(key).unwrap().with_engine(c);
        assert_eq!(dfc.encrypt_block_be(&block), want, "cipher on {c}");
        assert_eq!(dfc.decrypt_block_be(&want), block, "decrypt on {c}");
    }

    // The hash over a long message, split at up to four points.
    let cuts: [u8; 4] = inp.array();
    let mut msg = message(&mut inp, MAX_MSG, 8);
    // Edge class of the hash: make the accumulator after block 2 equal
    // 2^64 + e (a 65-bit residue), by choosing block 2 from a and block 1.
    if sel & 0x40 != 0 && msg.len() >= 16 {
        let m1 = u64::from_le_bytes(msg[..8].try_into().unwrap());
        let ax = u128::from(a) * u128::from(m1) % P;
        let e = u128::from(sel % 13);
        if let Ok(m2) = u64::try_from(((1u128 << 64) + e + P - ax) % P) {
            msg[8..16].copy_from_slice(&m2.to_le_bytes());
        }
    }
    let splits = splits(cuts, msg.len(), 8);
    let mut whole = DfcHash::from_parts(a, b);
    whole.update(&msg);
    let want = whole.finalize();
    if against_reference(data, msg.len()) {
        assert_eq!(want, horner_hash(a, b, &msg), "len {}", msg.len());
    }
    let mut h = DfcHash::from_parts(a, b);
    feed(&msg, &splits, |piece| h.update(piece));
    assert_eq!(h.finalize(), want, "len {} split {splits:?}", msg.len());
});
