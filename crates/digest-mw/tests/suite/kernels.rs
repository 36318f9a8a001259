//! Every backend's kernel against the portable sums, at the kernel level
//! (`Kernels::mw32_sums`): every N = 1..=8, word counts 0..=70 (around the
//! 4-, 8- and 16-word blocks), every message alignment, trailing bytes that
//! are not a word, keys shorter than the windows (which bound the words
//! summed), all-ones words, and proptest inputs — for every engine this CPU
//! and build can run, the assembly backends included.

use digest_mw::{Engine, Kernels};
use proptest::prelude::*;

use uhash_testkit::data::pattern;

fn check(e: Engine, key: &[u32], msg: &[u8]) {
    let soft = Engine::portable();
    macro_rules! each_n {
        ($($n:literal)+) => {$(
            assert_eq!(
                e.mw32_sums::<$n>(key, msg),
                soft.mw32_sums::<$n>(key, msg),
                "{e} n={} words={} key={}", $n, msg.len() / 4, key.len()
            );
        )+};
    }
    each_n!(1 2 3 4 5 6 7 8);
}

#[test]
fn edge_word_counts_alignments_and_extremes() {
    for e in Engine::all_supported() {
        for words in 0..=70usize {
            for off in 0..4 {
                let key = pattern(words + 8, 7);
                let mut buf = vec![0u8; 4 * words + 3 + off];
                for (i, b) in buf.iter_mut().enumerate() {
                    *b = (i as u8).wrapping_mul(37).wrapping_add(11);
                }
                for extra in [0, 3] {
                    let msg = &buf[off..off + 4 * words + extra];
                    check(e, &key, msg);
                    // Key shorter than the windows: it bounds the words.
                    check(e, &key[..words / 2], msg);
                    check(e, &key[..words + 1], msg);
                }
                let ones = vec![0xffu8; 4 * words + off];
                let max = vec![u32::MAX; words + 8];
                check(e, &max, &ones[off..]);
                check(e, &max, &buf[off..off + 4 * words]);
                check(e, &key, &ones[off..]);
            }
        }
    }
}

/// The case proptest once shrank for the assembly kernels (a 12-word key
/// under a long message, at offset 1): the key bounds the words summed.
#[test]
fn short_key_under_a_long_message() {
    let mut key = [0u32; 12];
    key[9] = 1;
    let msg: Vec<u8> = (0..1801u32)
        .map(|i| (i.wrapping_mul(151) >> 3) as u8)
        .collect();
    for e in Engine::all_supported() {
        check(e, &key, &msg[1..]);
        check(e, &[u32::MAX; 12], &msg[1..]);
    }
}

proptest! {
    #[test]
    fn kernels_equal_portable(
        key in proptest::collection::vec(any::<u32>(), 0..600),
        msg in proptest::collection::vec(any::<u8>(), 0..2600),
        off in 0usize..4,
    ) {
        for e in Engine::all_supported() {
            check(e, &key, msg.get(off..).unwrap_or(&[]));
        }
    }
}
