//! Every backend's kernels against the portable sums, at the kernel level:
//! word counts 0..=70, every message alignment, a key shorter or longer
//! than the message, all-ones words and the largest key words, and
//! proptest inputs — for every engine this CPU and build can run, the
//! assembly backends included. RFC 4418's NH (`nh_umac_sums`) likewise, and
//! against the reference `uhash_ref::umac::nh`; its chunk form
//! (`nh_umac_chunk_sums`) against `nh_umac_sums` chunk by chunk.

use proptest::prelude::*;
use uhash_mmh::{Engine32, Engine64, Kernels32, Kernels64};
use uhash_testkit::data::pattern;
use uhash_testkit::kernel;

fn engines32() -> Vec<Engine32> {
    Engine32::all_supported().collect()
}

/// Every window count N = 1..=8 of one engine against the portable engine
/// on one input. N = 1 takes any key; N > 1 kernels assume the key covers
/// every window for the message's words (their callers check it).
fn check(e: Engine32, key: &[u32], msg: &[u8]) {
    let soft = Engine32::portable();
    let words = msg.len() / 4;
    macro_rules! each_n {
        ($($n:literal)+) => {$(
            if $n == 1 || key.len() >= words + $n - 1 {
                assert_eq!(
                    e.mmh32_sums::<$n>(key, msg),
                    soft.mmh32_sums::<$n>(key, msg),
                    "mmh32 {e} n={} words={words} key={}", $n, key.len()
                );
            }
            if $n == 1 || key.len() >= (words & !1) + 2 * ($n - 1) {
                assert_eq!(
                    e.nh_sums::<$n>(key, msg),
                    soft.nh_sums::<$n>(key, msg),
                    "nh {e} n={} words={words} key={}", $n, key.len()
                );
            }
        )+};
    }
    each_n!(1 2 3 4 5 6 7 8);
    check_umac(e, key, msg);
}

/// The (even, odd) quarter layout of the first whole quarters of `key`.
fn layout(key: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let q = key.len() / 4;
    let (mut even, mut odd) = (vec![0; 4 * q.div_ceil(2)], vec![0; 4 * (q / 2)]);
    uhash_mmh::nh_umac_key_layout(&key[..4 * q], &mut even, &mut odd).unwrap();
    (even, odd)
}

/// `nh_umac_sums::<N>` for N = 1..=5 of one engine against the portable
/// engine, on the layout of `key` and on shortened halves (the kernel sums
/// the blocks every window covers).
fn check_umac(e: Engine32, key: &[u32], msg: &[u8]) {
    let soft = Engine32::portable();
    let (even, odd) = layout(key);
    let cuts = [
        (even.len(), odd.len()),
        (even.len().saturating_sub(4), odd.len()),
        (even.len(), odd.len().saturating_sub(4)),
        (even.len() / 2, odd.len()),
    ];
    for (el, ol) in cuts {
        let (ev, od) = (&even[..el], &odd[..ol]);
        macro_rules! each_n {
            ($($n:literal)+) => {$(
                assert_eq!(
                    e.nh_umac_sums::<$n>(ev, od, msg),
                    soft.nh_umac_sums::<$n>(ev, od, msg),
                    "nh_umac {e} n={} bytes={} even={el} odd={ol}", $n, msg.len()
                );
            )+};
        }
        each_n!(1 2 3 4 5);
    }
}

/// RFC 4418's NH of `blocks` whole blocks, window r, from the reference
/// (key words as the big-endian bytes it reads).
fn reference_umac(key: &[u32], msg: &[u8], blocks: usize, r: usize) -> u64 {
    let bytes: Vec<u8> = key[4 * r..4 * r + 8 * blocks]
        .iter()
        .flat_map(|w| w.to_be_bytes())
        .collect();
    uhash_ref::umac::nh(&bytes, &msg[..32 * blocks]).unwrap()
}

/// The edge inputs of `uhash_testkit::kernel::edges` over 0..=70 words:
/// trailing bytes that are not a word are ignored, a key shorter than the
/// message bounds the sum, and under all-ones words the products
/// (2^32 − 1)^2 and the sums wrap mod 2^64 many times.
#[test]
fn edge_word_counts_alignments_and_extremes() {
    for e in engines32() {
        kernel::edges(4, 16, 0..=70, |key, msg| check(e, key, msg));
    }
}

#[test]
fn nh_umac_equals_the_reference() {
    for e in engines32() {
        for blocks in [0usize, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33] {
            let key = pattern(8 * blocks + 12, 3);
            let (even, odd) = layout(&key);
            for off in [0, 1] {
                let buf: Vec<u8> = (0..32 * blocks + 1).map(|i| (i * 89 + 5) as u8).collect();
                let msg = &buf[off..off + 32 * blocks];
                let got = e.nh_umac_sums::<4>(&even, &odd, msg);
                for (r, g) in got.iter().enumerate() {
                    assert_eq!(
                        *g,
                        reference_umac(&key, msg, blocks, r),
                        "{e} {blocks} r={r}"
                    );
                }
                let mut out = [0u64; 3];
                if blocks > 0 {
                    e.nh_umac_toeplitz(&key, msg, &mut out).unwrap();
                    for (r, o) in out.iter().enumerate() {
                        assert_eq!(*o, reference_umac(&key, msg, blocks, r));
                    }
                    assert_eq!(e.nh_umac(&key, msg), Ok(out[0]));
                }
            }
        }
        // All-ones message and key: the products and sums wrap.
        let key = vec![u32::MAX; 8 * 40 + 12];
        let (even, odd) = layout(&key);
        let ones = vec![0xffu8; 32 * 40];
        let got = e.nh_umac_sums::<4>(&even, &odd, &ones);
        assert_eq!(got[3], reference_umac(&key, &ones, 40, 3), "{e}");
    }
}

#[test]
fn nh_umac_paper_functions_check_their_arguments() {
    use uhash_mmh::Error;
    let key = [0u32; 64];
    assert!(matches!(
        uhash_mmh::nh_umac(&key, &[]),
        Err(Error::InvalidMessageLength { .. })
    ));
    assert!(matches!(
        uhash_mmh::nh_umac(&key, &[0; 33]),
        Err(Error::InvalidMessageLength { .. })
    ));
    assert!(matches!(
        uhash_mmh::nh_umac(&key[..7], &[0; 32]),
        Err(Error::KeyTooShort { .. })
    ));
    let mut out = [0u64; 2];
    assert!(matches!(
        uhash_mmh::nh_umac_toeplitz(&key[..11], &[0; 32], &mut out),
        Err(Error::KeyTooShort {
            needed: 12,
            got: 11
        })
    ));
    assert!(matches!(
        uhash_mmh::nh_umac_toeplitz(&key, &[0; 32], &mut []),
        Err(Error::InvalidParameter { .. })
    ));
    let (mut e, mut o) = ([0u32; 8], [0u32; 4]);
    assert!(uhash_mmh::nh_umac_key_layout(&key[..12], &mut e, &mut o).is_ok());
    assert!(uhash_mmh::nh_umac_key_layout(&key[..13], &mut e, &mut o).is_err());
    assert!(uhash_mmh::nh_umac_key_layout(&key[..16], &mut e, &mut o).is_err());
}

#[test]
fn mmh64_kernels_equal_portable() {
    let soft = Engine64::portable();
    for e in Engine64::all_supported() {
        for words in 0..=80usize {
            let key: Vec<u64> = (0..words as u64 + 2)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::MAX)
                .collect();
            let msg: Vec<u8> = (0..8 * words + 5).map(|i| (i * 31 + 7) as u8).collect();
            for off in [0, 3] {
                let m = &msg[off..];
                assert_eq!(e.mmh64_sum(&key, m), soft.mmh64_sum(&key, m), "{e} {words}");
                assert_eq!(
                    e.mmh64_sum(&key[..words / 2], m),
                    soft.mmh64_sum(&key[..words / 2], m)
                );
            }
            let ones = vec![0xffu8; 8 * words];
            let max = vec![u64::MAX; words];
            assert_eq!(e.mmh64_sum(&max, &ones), soft.mmh64_sum(&max, &ones));
        }
    }
}

/// `nh_umac_chunk_sums::<N>` for N = 1..=5 of one engine against
/// `nh_umac_sums` of the portable engine, chunk by chunk, on the layout of
/// `key` and on halves cut short (then the kernels fall back to the
/// per-chunk sums): chunk c's sums in `out[c]` for the whole chunks that
/// `out` holds, the rest of `out` untouched.
fn check_umac_chunks(e: Engine32, key: &[u32], msg: &[u8]) {
    let soft = Engine32::portable();
    let (even, odd) = layout(key);
    let cuts = [
        (even.len(), odd.len()),
        (even.len().saturating_sub(4), odd.len()),
        (even.len(), odd.len().saturating_sub(4)),
    ];
    let whole = msg.len() / 1024;
    for (el, ol) in cuts {
        let (ev, od) = (&even[..el], &odd[..ol]);
        for slots in [0, whole.saturating_sub(1), whole, whole + 2] {
            macro_rules! each_n {
                ($($n:literal)+) => {$(
                    let mut out = vec![[0x5a5a_5a5a_5a5a_5a5au64; $n]; slots];
                    e.nh_umac_chunk_sums::<$n>(ev, od, msg, &mut out);
                    for (c, got) in out.iter().enumerate() {
                        let want = if c < whole {
                            soft.nh_umac_sums::<$n>(ev, od, &msg[1024 * c..1024 * (c + 1)])
                        } else {
                            [0x5a5a_5a5a_5a5a_5a5a; $n]
                        };
                        assert_eq!(
                            *got, want,
                            "nh_umac_chunk_sums {e} n={} chunk {c} of {whole}, {slots} slots, even={el} odd={ol}",
                            $n
                        );
                    }
                )+};
            }
            each_n!(1 2 3 4 5);
        }
    }
}

#[test]
fn umac_chunk_sums_equal_per_chunk_sums() {
    // Keys covering a chunk for every N (64 + 4 quarters) and the largest
    // words; messages of 0..=5 chunks plus a partial one (ignored).
    let key = pattern(4 * 68, 3);
    let max = vec![u32::MAX; 4 * 68];
    for e in engines32() {
        for len in [0, 1000, 1024, 1025, 2048, 3 * 1024 + 31, 5 * 1024] {
            let msg: Vec<u8> = (0..len)
                .map(|i| (i as u8).wrapping_mul(29).wrapping_add(5))
                .collect();
            check_umac_chunks(e, &key, &msg);
            check_umac_chunks(e, &max, &vec![0xff; len]);
        }
    }
}

proptest! {
    #[test]
    fn umac_chunk_sums_equal_portable(input in kernel::input(4 * 60..4 * 70, 5000)) {
        for e in engines32() {
            check_umac_chunks(e, &input.key, input.msg());
        }
    }

    #[test]
    fn kernels_equal_portable(input in kernel::input(0..600, 2600)) {
        for e in engines32() {
            check(e, &input.key, input.msg());
        }
    }
}
