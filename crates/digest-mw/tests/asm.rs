//! The assembly backend (`Backend::Asm`, feature `asm`) against the soft
//! backend and the big-integer reference (`uhash-ref`): the fixed-length
//! functions (digest, trunc, digestMW n = 1..=10) on proptest inputs and on
//! the edge classes (1 word, lengths around the kernels' 8- and 4-word
//! blocks, unaligned messages, all-0xff keys and messages, all-zero). The
//! long-message types with arbitrary splits are checked on every backend,
//! this one included, in `tests/long.rs`. The kernel-level
//! cases (0 words, keys shorter than the windows) are unit tests in
//! `src/asm.rs`.
//!
//! Without the backend (no feature `asm`, no kernels for this target, or
//! `--cfg uhash_backend="soft"`) the tests check that it is refused; with
//! `UHASH_EXPECT_ASM=1` (CI) its absence is a failure.

use digest_mw::long::CHUNK_BYTES;
use digest_mw::{Backend, Engine, Error};
use proptest::prelude::*;

/// The assembly engine, if this build and CPU have it.
fn asm() -> Option<Engine> {
    let e = Engine::new(Backend::Asm);
    if !uhash_core::backend::forced_soft() && std::env::var_os("UHASH_EXPECT_ASM").is_some() {
        assert!(e.is_ok(), "UHASH_EXPECT_ASM set but no assembly backend");
    }
    match e {
        Ok(e) => {
            assert_eq!(e.backend(), Backend::Asm);
            Some(e)
        }
        Err(err) => {
            assert_eq!(err, Error::UnsupportedBackend(Backend::Asm));
            None
        }
    }
}

#[test]
fn asm_is_requested_never_detected() {
    assert_ne!(Engine::detect().backend(), Backend::Asm);
    #[cfg(not(feature = "asm"))]
    assert!(asm().is_none());
    let _ = asm();
}

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn wide(w: &[u32]) -> Vec<u64> {
    w.iter().map(|&x| u64::from(x)).collect()
}

/// Every b = 32 function of the asm engine equals soft and the reference
/// on (key, msg words), the message placed at byte offset `off` of its
/// buffer (alignment).
fn check(key: &[u32], msg: &[u32], off: usize) {
    let Some(a) = asm() else { return };
    let s = Engine::soft();
    let mut buf = vec![0u8; off];
    buf.extend_from_slice(&le(msg));
    let bytes = &buf[off..];
    let t = msg.len();
    for n in 1..=10usize {
        let mut got = vec![0u32; n];
        let mut soft = vec![0u32; n];
        let ra = a.digest_mw(key, bytes, &mut got);
        let rs = s.digest_mw(key, bytes, &mut soft);
        assert_eq!(ra, rs, "t={t} n={n} key={}", key.len());
        if ra.is_ok() {
            assert_eq!(got, soft, "asm vs soft t={t} n={n} off={off}");
            let want = uhash_ref::digest::digest_mw(32, &wide(key), &wide(msg), n).unwrap();
            assert_eq!(wide(&got), want, "asm vs ref t={t} n={n} off={off}");
        }
    }
    let d = a.digest(key, bytes);
    assert_eq!(d, s.digest(key, bytes));
    if let Ok(d) = d {
        assert_eq!(
            u64::from(d),
            uhash_ref::digest::digest(32, &wide(key), &wide(msg)).unwrap()
        );
    }
    for bits in [1u32, 16, 31] {
        assert_eq!(
            a.digest_trunc(key, bytes, bits),
            s.digest_trunc(key, bytes, bits)
        );
    }
}

fn pattern(n: usize, seed: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| {
            i.wrapping_mul(0x9e37_79b9)
                .wrapping_add(seed)
                .rotate_left(i % 31)
        })
        .collect()
}

#[test]
fn edge_lengths_alignments_and_extremes() {
    // Lengths around the x86 8-word and the NEON 4-word blocks (and the
    // main loops' "more than one block left" bound), 0 words (refused).
    for t in (0..=42usize).chain([63, 64, 65, 127, 128, 129]) {
        for off in [0usize, 1, 3] {
            let msg = pattern(t, 5);
            // Key exactly t + 8 words and longer.
            check(&pattern(t + 8, 11), &msg, off);
            check(&pattern(t + 19, 13), &msg, off);
            // All-ones words: every product is (2^32 − 1)^2 and the sums
            // wrap mod 2^32 many times.
            let ones = vec![u32::MAX; t];
            let max = vec![u32::MAX; t + 10];
            check(&max, &ones, off);
            check(&max, &msg, off);
            check(&pattern(t + 10, 17), &ones, off);
            // All-zero message and key.
            check(&vec![0; t + 10], &vec![0; t], off);
            // Key too short for some n: a typed error, as soft.
            check(&pattern(t + 1, 3), &msg, off);
        }
    }
}

proptest! {
    #[test]
    fn fixed_functions_equal_soft_and_reference(
        msg in proptest::collection::vec(any::<u32>(), 1..300),
        extra in 0usize..12,
        seed in any::<u32>(),
        off in 0usize..4,
        ones in any::<bool>(),
    ) {
        let key: Vec<u32> = if ones {
            vec![u32::MAX; msg.len() + extra]
        } else {
            pattern(msg.len() + extra, seed)
        };
        check(&key, &msg, off);
    }
}

/// The ready-made 32/64/128/256-bit types with the asm engine equal the
/// detected engine, over two chunks and an odd split.
#[test]
fn ready_made_types_agree_with_detect() {
    use digest_mw::hash::*;
    let Some(a) = asm() else { return };
    let seed = [3u8; 16];
    let msg: Vec<u8> = (0..2 * CHUNK_BYTES + 13)
        .map(|i| (i * 31 + 7) as u8)
        .collect();
    macro_rules! agree {
        ($hash:ident) => {{
            let mut x = $hash::from_seed_with_engine(&seed, a);
            let mut y = $hash::from_seed_with_engine(&seed, Engine::detect());
            for piece in msg.chunks(1001) {
                x.update(piece);
            }
            y.update(&msg);
            assert_eq!(
                x.finalize().to_vec(),
                y.finalize().to_vec(),
                stringify!($hash)
            );
        }};
    }
    agree!(DigestMw32Hash);
    agree!(DigestMw64Hash);
    agree!(DigestMw128Hash);
    agree!(DigestMw256Hash);
}
