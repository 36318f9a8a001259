//! KDF (RFC 4418 **§3.2**): the keys of UHASH and of the PDF from the
//! 16-byte key K,
//!
//! ```text
//! KDF(K, index, numbytes) = first numbytes bytes of
//!     AES-128_K(BE64(index) ‖ BE64(1)) ‖ AES-128_K(BE64(index) ‖ BE64(2)) ‖ …
//! ```
//!
//! (big-endian, the counter starting at 1: not `uhash_base::kdf::expand`,
//! whose labels are little-endian and whose counter starts at 0). UHASH
//! takes index 1 (L1 key, 1024 + 16·(iters − 1) bytes), 2 (L2, 24·iters),
//! 3 (L3 first keys, 64·iters), 4 (L3 second keys, 4·iters); the PDF key K′
//! is index 0, 16 bytes. All of them are one batch of AES blocks (at most
//! 91), encrypted by one call: the `aes` crate pipelines them, and pays its
//! per-call set-up once.

use aes::cipher::BlockCipherEncrypt;
use zeroize::Zeroize;

/// AES blocks of each KDF index for N iterations, in the batch's order.
const fn counts(n: usize) -> [usize; 5] {
    [1, 64 + n - 1, (24 * n).div_ceil(16), 4 * n, 1]
}

/// The most blocks of one batch (N = 4).
const MAX: usize = {
    let c = counts(4);
    c[0] + c[1] + c[2] + c[3] + c[4]
};

/// The KDF output of every index for N iterations, wiped on drop.
pub(crate) struct Keys {
    blocks: [[u8; 16]; MAX],
    starts: [usize; 5],
    counts: [usize; 5],
    used: usize,
}

impl Keys {
    /// An empty batch, to be filled in place by [`Keys::derive`] (a batch
    /// returned by value would leave a copy of every key on the stack).
    pub(crate) const fn new() -> Self {
        Self {
            blocks: [[0; 16]; MAX],
            starts: [0; 5],
            counts: [0; 5],
            used: 0,
        }
    }

    /// Every key UMAC with N iterations needs (`cipher` is AES-128 under K),
    /// in place.
    pub(crate) fn derive<const N: usize>(&mut self, cipher: &aes::Aes128) {
        self.counts = counts(N);
        let mut at = 0;
        for (index, &count) in counts(N).iter().enumerate() {
            self.starts[index] = at;
            for (i, b) in self.blocks[at..at + count].iter_mut().enumerate() {
                b[..8].copy_from_slice(&(index as u64).to_be_bytes());
                b[8..].copy_from_slice(&(i as u64 + 1).to_be_bytes());
            }
            at += count;
        }
        self.used = at;
        cipher.encrypt_blocks(aes::Block::cast_slice_from_core_mut(&mut self.blocks[..at]));
    }

    /// `KDF(K, index, ·)`: the blocks of `index` (0 to 4).
    pub(crate) fn blocks(&self, index: usize) -> &[[u8; 16]] {
        &self.blocks[self.starts[index]..self.starts[index] + self.counts[index]]
    }

    /// `KDF(K, index, ·)` as bytes.
    pub(crate) fn bytes(&self, index: usize) -> &[u8] {
        self.blocks(index).as_flattened()
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        // Only the blocks written (the rest are still zero).
        self.blocks[..self.used].as_flattened_mut().zeroize();
    }
}

/// KDF index of the PDF key K′.
pub(crate) const PDF: usize = 0;
/// KDF index of the L1 (NH) key.
pub(crate) const L1: usize = 1;
/// KDF index of the L2 (POLY) keys.
pub(crate) const L2: usize = 2;
/// KDF index of the L3 inner-product keys.
pub(crate) const L3_1: usize = 3;
/// KDF index of the L3 output keys.
pub(crate) const L3_2: usize = 4;
