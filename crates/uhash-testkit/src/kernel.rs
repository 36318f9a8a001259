//! The inputs of the kernel-level tests, which check every backend's
//! kernel against the portable one: edge cases around the word or element
//! counts ([`edges`]) and proptest keys and misaligned messages
//! ([`input`]).

use std::ops::Range;

use proptest::prelude::*;

use crate::data::pattern;

/// Calls `check(key, msg)` on the edge inputs of a kernel whose message
/// unit (word or element) is `unit` bytes (a multiple of 4) and whose key
/// has `unit / 4` words per unit: for every count n of `counts` and every
/// message alignment (0..4 bytes into a buffer),
/// * a fixed byte filler of n units, and of n units and `unit − 1`
///   trailing bytes (not a unit, which the kernels ignore), under the key
///   `pattern(n·unit/4 + slack, 7)` (slack ≥ 1 words more than the
///   message's), that key cut to the words of ⌊n/2⌋ units and one word
///   less than a unit (shorter than the message), and cut to the message's
///   words and one more;
/// * all-ones message words under all-ones key words (the products and
///   sums at their largest), the filler under all-ones key words, all-zero
///   words under all-ones and all-zero key words, and all-ones words under
///   the pattern key.
pub fn edges(
    unit: usize,
    slack: usize,
    counts: impl IntoIterator<Item = usize>,
    mut check: impl FnMut(&[u32], &[u8]),
) {
    assert!(
        unit.is_multiple_of(4) && slack >= 1,
        "a unit of whole words, a key with slack"
    );
    let kw = unit / 4;
    for n in counts {
        for off in 0..4 {
            let key = pattern(kw * n + slack, 7);
            let buf: Vec<u8> = (0..unit * n + unit + off)
                .map(|i| (i as u8).wrapping_mul(37).wrapping_add(11))
                .collect();
            for extra in [0, unit - 1] {
                let msg = &buf[off..off + unit * n + extra];
                check(&key, msg);
                check(&key[..kw * (n / 2) + kw - 1], msg);
                check(&key[..kw * n + 1], msg);
            }
            let ones = vec![0xffu8; unit * n + off];
            let zeros = vec![0u8; unit * n + off];
            let max = vec![u32::MAX; key.len()];
            check(&max, &ones[off..]);
            check(&max, &buf[off..off + unit * n]);
            check(&max, &zeros[off..]);
            check(&vec![0u32; key.len()], &zeros[off..]);
            check(&key, &ones[off..]);
        }
    }
}

/// A proptest input of a kernel test: key words, and a message that starts
/// `off` bytes into its buffer (0..4: the kernels' loads at every
/// alignment).
#[derive(Clone, Debug)]
pub struct Input {
    /// The key words.
    pub key: Vec<u32>,
    buf: Vec<u8>,
    off: usize,
}

impl Input {
    /// The message: the buffer from `off` on (empty when the buffer is
    /// shorter).
    #[must_use]
    pub fn msg(&self) -> &[u8] {
        self.buf.get(self.off..).unwrap_or(&[])
    }
}

/// Keys of `key_words` words (any values) and messages of fewer than
/// `max_bytes` bytes at any alignment.
pub fn input(key_words: Range<usize>, max_bytes: usize) -> impl Strategy<Value = Input> {
    (
        proptest::collection::vec(any::<u32>(), key_words),
        proptest::collection::vec(any::<u8>(), 0..max_bytes),
        0usize..4,
    )
        .prop_map(|(key, buf, off)| Input { key, buf, off })
}
