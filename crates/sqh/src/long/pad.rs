//! The zero padding of a chunk's last elements, without hashing them: a
//! table of what the all-zero rest of a chunk adds, per block of
//! [`PAD_ELEMS`] elements, built once per key.

use uhash_base::keybuf::KeyWords;
use uhash_base::pw::MAX_W;

use super::Level1;
use crate::kernels::{COLS, Engine};

/// Elements per block of the padding table (one AVX-512 block): a short
/// last chunk costs the kernel over its used blocks (at most this many
/// elements more than it holds) plus one table row.
pub const PAD_ELEMS: usize = 16;

/// One block of zero elements of up to [`MAX_W`] words.
static ZEROS: [u8; 4 * MAX_W * PAD_ELEMS] = [0; 4 * MAX_W * PAD_ELEMS];

/// Adds columns `b` into `a`.
fn add(a: &mut [u128; COLS], b: &[u128; COLS]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// Adds what the zero elements from element `at` (a multiple of
/// [`PAD_ELEMS`]) to the chunk's end add — table row `at / PAD_ELEMS` —
/// into `a`: nothing when `at` is the chunk's end (`elems`).
fn add_rest<const W: usize>(a: &mut [u128; COLS], table: &[u32], at: usize, elems: usize) {
    if at >= elems {
        return;
    }
    let width = 2 * W + 1;
    let b = at / PAD_ELEMS;
    let row = table.get(b * width..(b + 1) * width).unwrap_or(&[]);
    for (x, &y) in a.iter_mut().zip(row) {
        *x += u128::from(y);
    }
}

/// The padding table of a kernel over `key` (k·W words, k = the chunk's
/// elements): row b (b = 0..⌈k/PAD_ELEMS⌉) is [`Level1::row`] of the
/// columns of all-zero elements PAD_ELEMS·b … k − 1 under their key
/// elements. Derived from the key: zeroized on drop.
pub(super) fn table<L: Level1, const W: usize>(e: Engine, key: &[u32]) -> KeyWords<u32> {
    let elems = key.len() / W;
    let blocks = elems.div_ceil(PAD_ELEMS);
    let width = 2 * W + 1;
    let mut rows = KeyWords::from_fn(blocks * width, || 0);
    let mut acc = [0u128; COLS];
    for b in (0..blocks).rev() {
        let start = b * PAD_ELEMS;
        let n = (elems - start).min(PAD_ELEMS);
        let k = key.get(start * W..(start + n) * W).unwrap_or(&[]);
        add(&mut acc, &L::columns::<W>(e, k, &ZEROS[..4 * W * n]));
        let row = L::row::<W>(&acc);
        if let Some(out) = rows.words_mut().get_mut(b * width..(b + 1) * width) {
            out.copy_from_slice(&row[..width]);
        }
    }
    zeroize::Zeroize::zeroize(&mut acc);
    rows
}

/// The columns of a whole chunk `chunk` whose bytes from `used` on are
/// zero: the blocks holding message bytes through the kernel, the rest
/// from the table.
pub(super) fn padded<L: Level1, const W: usize>(
    e: Engine,
    key: &[u32],
    table: &[u32],
    chunk: &[u8],
    used: usize,
) -> [u128; COLS] {
    let elems = chunk.len() / (4 * W);
    let cut = (used.div_ceil(4 * W).div_ceil(PAD_ELEMS) * PAD_ELEMS).min(elems);
    let mut cols = L::columns::<W>(e, key, chunk.get(..4 * W * cut).unwrap_or(chunk));
    add_rest::<W>(&mut cols, table, cut, elems);
    cols
}

/// The columns of the chunk `tail ‖ 0…` (`tail` 1..C bytes; the chunk has
/// `key.len()/W` elements), without a chunk buffer: `tail`'s whole
/// elements through the kernel where they lie, its last partial element
/// padded on the stack, zero elements up to the next block from a static
/// zero block, the rest from the table — the same value as [`padded`].
pub(super) fn tail<L: Level1, const W: usize>(
    e: Engine,
    key: &[u32],
    table: &[u32],
    tail: &[u8],
) -> [u128; COLS] {
    let elems = key.len() / W;
    let full = tail.len() / (4 * W);
    let mut cols = L::columns::<W>(e, key, &tail[..4 * W * full]);
    let mut at = full;
    let rest = &tail[4 * W * full..];
    if !rest.is_empty() {
        let mut elem = [0u8; 4 * MAX_W];
        elem[..rest.len()].copy_from_slice(rest);
        let k = key.get(at * W..).unwrap_or(&[]);
        add(&mut cols, &L::columns::<W>(e, k, &elem[..4 * W]));
        zeroize::Zeroize::zeroize(&mut elem);
        at += 1;
    }
    let cut = (at.div_ceil(PAD_ELEMS) * PAD_ELEMS).min(elems);
    if cut > at {
        let k = key.get(at * W..cut * W).unwrap_or(&[]);
        add(
            &mut cols,
            &L::columns::<W>(e, k, &ZEROS[..4 * W * (cut - at)]),
        );
    }
    add_rest::<W>(&mut cols, table, cut, elems);
    cols
}
