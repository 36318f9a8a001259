//! KDF (RFC 4418 **§3.2**): the keys of UHASH and of the PDF from the
//! 16-byte key K,
//!
//! ```text
//! KDF(K, index, numbytes) = first numbytes bytes of
//!     AES-128_K(BE64(index) ‖ BE64(1)) ‖ AES-128_K(BE64(index) ‖ BE64(2)) ‖ …
//! ```
//!
//! (big-endian, the counter starting at 1: not `uhash_core::kdf::expand`,
//! whose labels are little-endian and whose counter starts at 0). UHASH
//! takes index 1 (L1 key, 1024 + 16·(iters − 1) bytes), 2 (L2, 24·iters),
//! 3 (L3 first keys, 64·iters), 4 (L3 second keys, 4·iters); the PDF key K′
//! is index 0, 16 bytes.

use aes::cipher::BlockCipherEncrypt;
use zeroize::Zeroize;

/// KDF index of the PDF key K′.
pub(crate) const PDF: u64 = 0;
/// KDF index of the L1 (NH) key.
pub(crate) const L1: u64 = 1;
/// KDF index of the L2 (POLY) keys.
pub(crate) const L2: u64 = 2;
/// KDF index of the L3 inner-product keys.
pub(crate) const L3_1: u64 = 3;
/// KDF index of the L3 output keys.
pub(crate) const L3_2: u64 = 4;

/// The first `16·out.len()` bytes of `KDF(K, index, ·)` into `out` (the
/// cipher is AES-128 keyed with K). The blocks are encrypted together,
/// which lets the `aes` crate pipeline them.
pub(crate) fn blocks(cipher: &aes::Aes128, index: u64, out: &mut [[u8; 16]]) {
    for (i, b) in out.iter_mut().enumerate() {
        b[..8].copy_from_slice(&index.to_be_bytes());
        b[8..].copy_from_slice(&(i as u64 + 1).to_be_bytes());
    }
    cipher.encrypt_blocks(aes::Block::cast_slice_from_core_mut(out));
}

/// Key bytes that are wiped when dropped (the KDF output between
/// derivation and its conversion into the key words the hash uses).
pub(crate) struct Wiped<const B: usize>(pub(crate) [[u8; 16]; B]);

impl<const B: usize> Wiped<B> {
    /// `KDF(K, index, 16·B)`.
    pub(crate) fn derive(cipher: &aes::Aes128, index: u64) -> Self {
        let mut out = Self([[0u8; 16]; B]);
        blocks(cipher, index, &mut out.0);
        out
    }

    /// The bytes, flat.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.0.as_flattened()
    }
}

impl<const B: usize> Drop for Wiped<B> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
