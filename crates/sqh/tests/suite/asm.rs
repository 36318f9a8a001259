//! The assembly backend `armv4-asm` (feature `asm`: the ARMv4 inner loops
//! of SQHasm2, SQH2 and SQHE for w = 3 on little-endian 32-bit ARM) against the
//! portable backend and the big-integer reference `uhash_ref::sqh`, through the
//! public API: one-row hashes, Toeplitz n = 3 and the long-message 96-bit
//! types, on proptest inputs and the edge classes (all-0xff keys and
//! messages, all-zero, x + m = 2^96 − 1, 1 element, 22 elements = one
//! 2112-bit block, odd counts, unaligned messages).
//!
//! Availability: `Engine::new(Backend::Armv4Asm)` works exactly on 32-bit
//! ARM with the feature and assembled kernels; `UHASH_EXPECT_ASM=1` (CI)
//! makes its absence there a failure (`uhash_testkit::expect`). Everywhere
//! else it must be `Error::UnsupportedBackend`, and the value tests are
//! skipped. (The kernel-level comparison with the portable kernels is in
//! `tests/suite/kernels.rs`, for every backend.)

use crate::common;

use common::{key_bytes, ref_fn};
use proptest::prelude::*;
use sqh::universal_hash::KeyInit;
use sqh::{Asm2x96Hash, Backend, Elem, Engine, Error, Sqhe96Hash, Variant};
use uhash_ref::sqh as r;
use uhash_testkit::data::pattern;

/// Whether this build can have the assembly backend.
const ASM_TARGET: bool = cfg!(all(
    feature = "asm",
    target_arch = "arm",
    target_endian = "little"
));

/// The assembly engine, checking when it must and must not exist.
fn asm() -> Option<Engine> {
    let e = Engine::new(Backend::Armv4Asm);
    if !ASM_TARGET || uhash_base::backend::forced_soft() {
        assert_eq!(e, Err(Error::UnsupportedBackend(Backend::Armv4Asm)));
    }
    let supported: Vec<Backend> = e.iter().map(|e| e.backend()).collect();
    uhash_testkit::expect::assert_supported("sqh armv4-asm", &[Backend::Armv4Asm], &supported);
    e.ok()
}

fn out_bytes(e: &Elem<3>, v: Variant) -> Vec<u8> {
    let mut out = vec![0u8; v.out_bytes(3)];
    e.write_le_bytes(&mut out);
    out
}

/// SQHasm2, SQH2 and SQHE at w = 3 (and, more briefly, the other variants, which
/// an Asm engine computes with the portable code): asm = soft = reference,
/// one row and Toeplitz n = 3 when the key is long enough. `msg` is a
/// whole, non-zero number of 12-byte elements.
fn check(a: Engine, key: &[u32], msg: &[u8]) {
    let soft = Engine::portable();
    let rk = r::elements_le(&key_bytes(key), 3);
    let rm = r::elements_le(msg, 3);
    for v in Variant::ALL {
        let got = out_bytes(&a.hash::<3>(v, key, msg).unwrap(), v);
        assert_eq!(
            got,
            out_bytes(&soft.hash::<3>(v, key, msg).unwrap(), v),
            "{} k={} asm vs soft",
            v.name(),
            rm.len()
        );
        if matches!(v, Variant::Asm2 | Variant::E | Variant::Sqh2) {
            let want = r::to_le(&ref_fn(v)(3, &rk, &rm).unwrap(), v.out_bytes(3));
            assert_eq!(got, want, "{} k={} asm vs ref", v.name(), rm.len());
            if key.len() >= 3 * (rm.len() + 2) {
                let want = r::toeplitz(ref_fn(v), 3, &rk, &rm, 3).unwrap();
                let mut out = [Elem::<3>::ZERO; 3];
                a.toeplitz::<3>(v, key, msg, &mut out).unwrap();
                for (o, t) in out.iter().zip(&want) {
                    assert_eq!(out_bytes(o, v), r::to_le(t, v.out_bytes(3)));
                }
            }
        }
    }
}

/// `check` on `msg` at byte offsets 0..4 (the kernels read aligned
/// messages directly and copy unaligned ones).
fn check_offsets(a: Engine, key: &[u32], msg: &[u8]) {
    for off in 0..4 {
        let mut buf = vec![0u8; off];
        buf.extend_from_slice(msg);
        check(a, key, &buf[off..]);
    }
}

#[test]
fn availability() {
    let a = asm();
    assert_eq!(a.map(Engine::backend), a.map(|_| Backend::Armv4Asm));
    assert_eq!(Engine::new(Backend::Asm).ok(), a);
    assert_ne!(Engine::detect().backend(), Backend::Armv4Asm);
    assert_ne!(Engine::detect_long().backend(), Backend::Armv4Asm);
    assert_eq!(
        Engine::all_supported().any(|e| e.backend() == Backend::Armv4Asm),
        a.is_some()
    );
}

#[test]
fn edge_classes() {
    let Some(a) = asm() else { return };
    // 1 element, odd counts, 22 elements = 2112 bits, around the 32-element
    // copy buffer and beyond.
    for k in [1usize, 2, 3, 5, 7, 21, 22, 23, 31, 32, 33, 65, 100] {
        let n = 3 * (k + 2);
        let ones = vec![0xffu8; 12 * k];
        let zeros = vec![0u8; 12 * k];
        let max = vec![u32::MAX; n];
        // x + m = 2^97 − 2 → a = 2^96 − 2 (every sum carries);
        check_offsets(a, &max, &ones);
        // a = 2^96 − 1: every square column full, every dropped carry set;
        check_offsets(a, &max, &zeros);
        check_offsets(a, &vec![0u32; n], &ones);
        // all-zero;
        check_offsets(a, &vec![0u32; n], &zeros);
        // mixed;
        check_offsets(a, &pattern(n, 5), &key_bytes(&pattern(3 * k, 9)));
        check_offsets(a, &max, &key_bytes(&pattern(3 * k, 1)));
        // a key exactly k elements long (no Toeplitz).
        check(a, &pattern(3 * k, 3), &ones);
    }
}

#[test]
fn long_message_types() {
    let Some(a) = asm() else { return };
    let soft = Engine::portable();
    let seed = [0x5au8; 16];
    // Two 16380-byte chunks and a partial one, fed in odd pieces.
    let msg: Vec<u8> = (0..40_000u32).map(|i| (i * 29 + 3) as u8).collect();
    let ones = vec![0xffu8; 16_380 + 12];
    for m in [&msg[..], &ones[..], &msg[..12], &msg[..13]] {
        let mut x = Asm2x96Hash::from_seed_with_engine(&seed, a);
        let mut y = Asm2x96Hash::from_seed_with_engine(&seed, soft);
        for part in m.chunks(777) {
            x.update(part);
            y.update(part);
        }
        assert_eq!(x.finalize().to_vec(), y.finalize().to_vec());
        let mut x = Sqhe96Hash::from_seed_with_engine(&seed, a);
        let mut y = Sqhe96Hash::from_seed_with_engine(&seed, soft);
        x.update(m);
        y.update(m);
        assert_eq!(x.finalize().to_vec(), y.finalize().to_vec());
    }
    // The default type (detect_long) agrees too.
    let mut x = Asm2x96Hash::from_seed_with_engine(&seed, a);
    let mut y = <Asm2x96Hash as KeyInit>::new(&seed.into());
    x.update(&msg);
    y.update(&msg);
    assert_eq!(x.finalize().to_vec(), y.finalize().to_vec());
}

proptest! {
    #[test]
    fn random_inputs(k in 1usize..=40, extra in 0usize..3, off in 0usize..4,
                     words in proptest::collection::vec(any::<u32>(), 0..=(3 * 85))) {
        let Some(a) = asm() else { return Ok(()) };
        let need = 3 * (k + extra) + 3 * k;
        let mut w: Vec<u32> = words.into_iter().chain(pattern(need, 17)).take(need).collect();
        w.resize(need, 0);
        let (key, m) = w.split_at(3 * (k + extra));
        let mut buf = vec![0u8; off];
        buf.extend_from_slice(&key_bytes(m));
        check(a, key, &buf[off..]);
    }
}
