//! L1-HASH (RFC 4418 **§5.1.1**) and its key: NH (**§5.1.2**) on `mmh`'s
//! kernels.
//!
//! The message is cut into 1024-byte chunks (the last one 1 to 1024 bytes;
//! the empty message is one empty chunk); each chunk, zero-padded to a
//! multiple of 32 bytes ("the nearest positive multiple": the empty chunk
//! is 32 zero bytes), is hashed by NH, and its bit length is added modulo
//! 2^64. NH pairs word j of each 32-byte block with word j + 4, message
//! words little-endian, key words big-endian; iteration i of UHASH uses the
//! key 16·i bytes (4 words) further: `mmh`'s `nh_umac_sums::<N>` computes
//! all N iterations of a chunk in one pass over it.
//!
//! The key words are converted once, at key setup: KDF block q (16 bytes,
//! four big-endian words) is quarter q of the natural key, stored in the
//! (even, odd) quarter layout the kernels read (`uhash_mmh::nh_umac_key_layout`).

use uhash_mmh::{Engine32, Kernels32};
use zeroize::Zeroize;

use crate::kdf;

/// Bytes of a chunk.
pub(crate) const CHUNK: usize = 1024;
/// Bytes of an NH block (the padding unit).
pub(crate) const BLOCK: usize = 32;
/// Quarters (16-byte KDF blocks) of the L1 key for N iterations: 64 + N − 1.
const fn quarters(n: usize) -> usize {
    CHUNK / 16 + n - 1
}

/// The L1 key for up to 4 iterations in the (even, odd) quarter layout,
/// 64-byte aligned (the kernels' vector loads then split no cache line).
/// The padding to 64 bytes is a field of its own, zeroed: implicit padding
/// would be copied, with whatever the stack held, on every move.
#[derive(Clone)]
#[repr(C, align(64))]
pub(crate) struct L1Key {
    even: [u32; 4 * quarters(4).div_ceil(2)],
    odd: [u32; 4 * (quarters(4) / 2)],
    pad: [u32; 4],
}

const _: () = assert!(
    core::mem::size_of::<L1Key>() == 4 * (4 * quarters(4).div_ceil(2) + 4 * (quarters(4) / 2) + 4)
);

impl L1Key {
    /// An all-zero key (filled in place by [`L1Key::fill`]).
    pub(crate) const ZERO: Self = Self {
        even: [0; 4 * quarters(4).div_ceil(2)],
        odd: [0; 4 * (quarters(4) / 2)],
        pad: [0; 4],
    };

    /// `KDF(K, 1, 1024 + 16·(N − 1))` in the kernels' layout, written in
    /// place (no copy of the key words is left behind on the stack).
    pub(crate) fn fill<const N: usize>(&mut self, keys: &kdf::Keys) {
        for (q, block) in keys.blocks(kdf::L1).iter().take(quarters(N)).enumerate() {
            let half: &mut [u32] = if q % 2 == 0 {
                &mut self.even
            } else {
                &mut self.odd
            };
            for (j, w) in block.as_chunks::<4>().0.iter().enumerate() {
                half[4 * (q / 2) + j] = u32::from_be_bytes(*w);
            }
        }
    }

    /// The NH sums of the N iterations over the whole 32-byte blocks of
    /// `data`, which start at block `block` (< 32) of a chunk; `data` holds
    /// at most 32 − `block` blocks.
    #[inline(always)]
    pub(crate) fn sums<const N: usize>(
        &self,
        engine: Engine32,
        block: usize,
        data: &[u8],
    ) -> [u64; N] {
        let q = quarters(N);
        let even = self.even.get(4 * block..4 * q.div_ceil(2)).unwrap_or(&[]);
        let odd = self.odd.get(4 * block..4 * (q / 2)).unwrap_or(&[]);
        engine.nh_umac_sums::<N>(even, odd, data)
    }
}

impl L1Key {
    /// The NH sums of the N iterations of each whole chunk of `data`, in
    /// `out[c]` for chunk c (as many as `out` holds): one kernel call for
    /// them all.
    #[inline(always)]
    pub(crate) fn chunk_sums<const N: usize>(
        &self,
        engine: Engine32,
        data: &[u8],
        out: &mut [[u64; N]],
    ) {
        let q = quarters(N);
        engine.nh_umac_chunk_sums::<N>(
            &self.even[..4 * q.div_ceil(2)],
            &self.odd[..4 * (q / 2)],
            data,
            out,
        );
    }
}

impl Drop for L1Key {
    fn drop(&mut self) {
        self.even.zeroize();
        self.odd.zeroize();
    }
}
