//! Every backend's kernel against the portable sums, at the kernel level
//! (`Kernels::mw32_sums`): every N = 1..=8, word counts 0..=70 (around the
//! 4-, 8- and 16-word blocks), every message alignment, trailing bytes that
//! are not a word, keys shorter than the windows (which bound the words
//! summed), all-ones words, and proptest inputs — for every engine this CPU
//! and build can run, the assembly backends included.

use digest_mw::{Engine, Kernels};
use proptest::prelude::*;

use uhash_testkit::kernel;

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

/// The edge inputs of `uhash_testkit::kernel::edges` over 0..=70 words: a
/// key shorter than the windows bounds the words summed.
#[test]
fn edge_word_counts_alignments_and_extremes() {
    for e in Engine::all_supported() {
        kernel::edges(4, 8, 0..=70, |key, msg| check(e, key, msg));
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
    fn kernels_equal_portable(input in kernel::input(0..600, 2600)) {
        for e in Engine::all_supported() {
            check(e, &input.key, input.msg());
        }
    }
}
