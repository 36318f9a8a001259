//! Differential fuzzing of `dfc-decorr` against the big-integer reference:
//! every supported strategy of the decorrelation module (single calls and
//! batches) equals `uhash_ref::dfc::dfc_module`, and the Horner hash, fed
//! in fuzzer-chosen pieces, equals `uhash_ref::dfc::horner_hash`.
//!
//! Input layout: a, b, x (8 bytes LE each; missing bytes are 0), one byte
//! choosing the edge classes (bit 7: (a·x + b) mod p ≥ 2^64 for the module;
//! bit 6: the hash accumulator ≥ 2^64 after block 2; the byte mod 13 picks
//! which value), four split points (2 bytes LE each), then the message.
#![no_main]

use dfc_decorr::DfcHash;
use dfc_decorr::module::{P, Strategy, module_batch_with, module_with};
use libfuzzer_sys::fuzz_target;
use uhash_ref::dfc::{dfc_module, horner_hash};

fn u64_at(d: &[u8], i: usize) -> u64 {
    let mut b = [0u8; 8];
    for (k, x) in b.iter_mut().enumerate() {
        *x = d.get(i * 8 + k).copied().unwrap_or(0);
    }
    u64::from_le_bytes(b)
}

fn check_module(a: u64, b: u64, x: u64) {
    let want = dfc_module(a, b, x);
    for s in Strategy::all_supported() {
        assert_eq!(module_with(s, a, b, x), want, "{s}");
        let mut y = [0u64; 2];
        module_batch_with(s, &[a, b], &[b, x], &[x, a], &mut y).unwrap();
        assert_eq!(y, [want, dfc_module(b, x, a)], "{s} batch");
    }
}

fuzz_target!(|data: &[u8]| {
    let (a, b, x) = (u64_at(data, 0), u64_at(data, 1), u64_at(data, 2));
    check_module(a, b, x);
    // Edge class: choose b so that (a·x + b) mod p = 2^64 + e, e ≤ 12.
    let sel = data.get(24).copied().unwrap_or(0);
    if sel & 0x80 != 0 {
        let e = u128::from(sel % 13);
        let ax = u128::from(a) * u128::from(x) % P;
        if let Ok(b) = u64::try_from(((1u128 << 64) + e + P - ax) % P) {
            assert_eq!(dfc_module(a, b, x), e as u64);
            check_module(a, b, x);
        }
    }

    // The hash over the rest, split at up to four fuzzer-chosen points.
    let head = 25 + 8;
    let mut msg = data.get(head..).unwrap_or_default().to_vec();
    // Edge class of the hash: make the accumulator after block 2 equal
    // 2^64 + e (a 65-bit residue), by choosing block 2 from a and block 1.
    if sel & 0x40 != 0 && msg.len() >= 16 {
        let m1 = u64_at(&msg, 0);
        let ax = u128::from(a) * u128::from(m1) % P;
        let e = u128::from(sel % 13);
        if let Ok(m2) = u64::try_from(((1u128 << 64) + e + P - ax) % P) {
            msg[8..16].copy_from_slice(&m2.to_le_bytes());
        }
    }
    let msg = &msg[..];
    let mut cuts: Vec<usize> = (0..4)
        .map(|i| {
            let lo = data.get(25 + 2 * i).copied().unwrap_or(0);
            let hi = data.get(26 + 2 * i).copied().unwrap_or(0);
            usize::from(u16::from_le_bytes([lo, hi])) % (msg.len() + 1)
        })
        .collect();
    cuts.sort_unstable();
    let mut h = DfcHash::from_parts(a, b);
    let mut start = 0;
    for c in cuts {
        h.update(&msg[start..c]);
        start = c;
    }
    h.update(&msg[start..]);
    assert_eq!(h.finalize(), horner_hash(a, b, msg));
});
