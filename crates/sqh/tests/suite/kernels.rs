//! Every backend's kernels against the portable ones, at the kernel level,
//! for every engine this CPU and build can run (the assembly backend
//! included): element counts 0..=70 and around the SIMD blocks and the
//! assembly's 2047-element piece size, every message alignment, keys
//! shorter and longer than the message, trailing bytes that are not an
//! element, all-ones and all-zero inputs, and proptest inputs.
//!
//! What must agree: the value Σ col[c]·2^(32c) of `sum_squares` (backends
//! may split it into columns differently), the low 32 bits of each
//! `c2_columns` column, and `c_words` exactly.

use proptest::prelude::*;
use sqh::kernels::COLS;
use sqh::{Engine, Kernels};
use uhash_testkit::kernel;

/// Column sums as carry-propagated limbs (the value).
fn value(col: &[u128; COLS]) -> [u32; COLS + 2] {
    let mut out = [0u32; COLS + 2];
    let mut carry = 0u128;
    for (o, c) in out.iter_mut().zip(col.iter().chain([&0, &0])) {
        let v = c + carry;
        *o = v as u32;
        carry = v >> 32;
    }
    assert_eq!(carry, 0);
    out
}

fn low32(col: &[u64; COLS]) -> [u32; COLS] {
    col.map(|c| c as u32)
}

fn check_we<const W: usize, const EXACT: bool>(e: Engine, key: &[u32], msg: &[u8]) {
    let soft = Engine::portable();
    let k = msg.len() / (4 * W);
    assert_eq!(
        value(&e.sum_squares::<W, EXACT>(key, msg)),
        value(&soft.sum_squares::<W, EXACT>(key, msg)),
        "{e} sum_squares W={W} exact={EXACT} k={k}"
    );
    assert_eq!(
        low32(&e.c2_columns::<W, EXACT>(key, msg)),
        low32(&soft.c2_columns::<W, EXACT>(key, msg)),
        "{e} c2_columns W={W} exact={EXACT} k={k}"
    );
}

fn check_w<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) {
    check_we::<W, true>(e, key, msg);
    check_we::<W, false>(e, key, msg);
    assert_eq!(
        e.c_words::<W>(key, msg),
        Engine::portable().c_words::<W>(key, msg),
        "{e} c_words W={W}"
    );
}

/// Every W on one input.
fn check(e: Engine, key: &[u32], msg: &[u8]) {
    check_w::<1>(e, key, msg);
    check_w::<2>(e, key, msg);
    check_w::<3>(e, key, msg);
    check_w::<4>(e, key, msg);
    check_w::<5>(e, key, msg);
}

/// The edge inputs of `uhash_testkit::kernel::edges` in units of 12 bytes
/// (one w = 3 element, the assembly's): 0..=70 elements, and for the fast
/// backends also around the assembly's 2047-element piece size.
#[test]
fn edge_counts_alignments_and_extremes() {
    for e in Engine::all_supported() {
        let large: &[usize] = if e == Engine::portable() {
            &[]
        } else {
            &[2046, 2047, 2048, 2049, 4095]
        };
        let counts = (0..=70usize).chain(large.iter().copied());
        kernel::edges(12, 3, counts, |key, msg| check(e, key, msg));
    }
}

proptest! {
    #[test]
    fn kernels_equal_portable(input in kernel::input(0..400, 1600)) {
        for e in Engine::all_supported() {
            check(e, &input.key, input.msg());
        }
    }
}
