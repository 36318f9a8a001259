//! Key expansion: every key of a long-message hash or MAC from one 16-byte
//! seed, with AES-128 in counter mode (MMH §3.4: "keys can be generated
//! using a strong pseudorandom generator").
//!
//! # Specification (so that any language can reproduce it)
//! ```text
//! expand(seed, label, len) = first len bytes of  AES-128_seed(B_0) ‖ AES-128_seed(B_1) ‖ …
//!     B_j = LE64(label) ‖ LE64(j)            (16 bytes; j = 0, 1, 2, …)
//! ```
//! Different labels give disjoint counter blocks, so under the PRP
//! assumption on AES every (label, j) yields an independent uniform block:
//! keys for different families, levels and lanes are independent.
//!
//! # Labels
//! A label packs, from the most significant bits down:
//! `family (16 bits) ‖ lanes (8) ‖ level (8) ‖ index (32)` — see
//! [`label`]. Families take their identifier from [`family`]; levels are
//! [`LEVEL_L1`], [`LEVEL_L2`], [`LEVEL_L3`], [`LEVEL_MAC_HASH`] and
//! [`LEVEL_MAC_PAD`]; the index is the lane for per-lane keys. Including the lane count means that, for
//! one seed, a 64-bit and a 128-bit tag use unrelated keys (the shorter tag is
//! not a prefix of the longer one).
//!
//! # Wegman–Carter MACs from one seed
//! A MAC keyed from a seed s (`uhash_base::mac::WegmanCarter::from_seed`)
//! never keys its hash with s itself — a hash keyed with s is the plain hash
//! type's `from_seed(s)`, whose outputs may be published, and
//! tag − hash would then give the pad away. For a hash of family f with n
//! lanes:
//! ```text
//! hash seed = expand(s, label(f, n, LEVEL_MAC_HASH = 0xfe, 0), 16)
//!             (the hash is then keyed by its own from_seed(hash seed), every
//!              level label as above, under the hash seed instead of s)
//! pad key   = expand(s, label(f, n, LEVEL_MAC_PAD  = 0xff, 0), 16)
//! ```
//! Both are 16 bytes, the first block of their label's stream; the labels
//! differ in the level byte only, and neither is a level of the hash itself.
//!
//! Pinned vectors (computed with the OpenSSL command-line AES, independently
//! of this crate) are in `tests/suite/kdf.rs`.

use aes::cipher::{BlockCipherEncrypt, KeyInit};

/// Level of the level-1 (chunk) key.
pub const LEVEL_L1: u8 = 1;
/// Level of the per-lane polynomial (level-2) keys.
pub const LEVEL_L2: u8 = 2;
/// Level of the per-lane compression (level-3) keys.
pub const LEVEL_L3: u8 = 3;
/// Level of the seed that keys the hash inside a Wegman–Carter MAC built
/// from a seed (see [Wegman–Carter MACs from one seed](self#wegmancarter-macs-from-one-seed)).
pub const LEVEL_MAC_HASH: u8 = 0xfe;
/// Level of the AES key that generates Wegman–Carter pads.
pub const LEVEL_MAC_PAD: u8 = 0xff;

/// Family identifiers for [`label`]. A value, once published, never changes.
pub mod family {
    /// A generic identifier for tests and for kernels outside this workspace.
    pub const GENERIC: u16 = 0x0000;
    /// MMH32 (Halevi–Krawczyk Def. 5), Toeplitz lanes.
    pub const MMH32: u16 = 0x0101;
    /// NMH32 (Def. 10).
    pub const NMH32: u16 = 0x0102;
    /// MMH64 (§3.2's 64-bit variant, p = 2^64+13).
    pub const MMH64: u16 = 0x0103;
    /// NH (Black et al.), adjacent pairs.
    pub const NH: u16 = 0x0104;
    /// The MMH32 hash tree (MMH §2.4, `uhash_mmh::Mmh32Tree`).
    pub const MMH32_TREE: u16 = 0x0105;
    /// Square Hash variants (0x0200 + variant).
    pub const SQH: u16 = 0x0200;
    /// digest / digestMW (Nguyen–Roscoe), 0x0300 + b.
    pub const DIGEST: u16 = 0x0300;
    /// The DFC-module Horner hash.
    pub const DFC: u16 = 0x0400;
}

/// The 64-bit label for (family, lanes, level, index).
#[must_use]
pub const fn label(family: u16, lanes: u8, level: u8, index: u32) -> u64 {
    (family as u64) << 48 | (lanes as u64) << 40 | (level as u64) << 32 | index as u64
}

/// `label` with its level byte (bits 32..40) replaced by `level`: the same
/// family, lanes and index.
#[must_use]
pub const fn with_level(label: u64, level: u8) -> u64 {
    label & !(0xff << 32) | (level as u64) << 32
}

/// Fill `out` with the key stream for `label` under `seed` (see the module
/// docs for the exact definition).
pub fn expand(seed: &[u8; 16], label: u64, out: &mut [u8]) {
    KeyStream::new(seed, label).fill(out);
}

/// The key stream of one label, read front to back: successive
/// [`KeyStream::fill`] calls return consecutive bytes of
/// `expand(seed, label, ∞)`. Kernels read their (possibly long) keys from it
/// straight into their own storage, so no temporary key buffer is needed.
pub struct KeyStream {
    cipher: aes::Aes128,
    label: u64,
    next_block: u64,
    block: [u8; 16],
    used: usize,
}

impl KeyStream {
    /// The stream for `label` under `seed`.
    #[must_use]
    pub fn new(seed: &[u8; 16], label: u64) -> Self {
        Self {
            cipher: aes::Aes128::new(seed.into()),
            label,
            next_block: 0,
            block: [0; 16],
            used: 16,
        }
    }

    /// The next `out.len()` bytes of the stream.
    pub fn fill(&mut self, out: &mut [u8]) {
        for byte in out {
            if self.used == 16 {
                let mut b = [0u8; 16];
                b[..8].copy_from_slice(&self.label.to_le_bytes());
                b[8..].copy_from_slice(&self.next_block.to_le_bytes());
                let mut blk = b.into();
                self.cipher.encrypt_block(&mut blk);
                self.block = blk.into();
                self.next_block = self.next_block.wrapping_add(1);
                self.used = 0;
            }
            *byte = self.block[self.used];
            self.used += 1;
        }
    }

    /// The next 4 bytes as a little-endian word.
    pub fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill(&mut b);
        u32::from_le_bytes(b)
    }

    /// The next 8 bytes as a little-endian word.
    pub fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill(&mut b);
        u64::from_le_bytes(b)
    }
}

impl Drop for KeyStream {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.block);
    }
}

impl core::fmt::Debug for KeyStream {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyStream")
            .field("label", &self.label)
            .finish_non_exhaustive()
    }
}

/// `expand` into a fixed-size array.
#[must_use]
pub fn expand_array<const N: usize>(seed: &[u8; 16], label: u64) -> [u8; N] {
    let mut out = [0u8; N];
    expand(seed, label, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_layout() {
        assert_eq!(label(0x0101, 2, 3, 7), 0x0101_0203_0000_0007);
        assert_eq!(label(0xffff, 0xff, 0xff, u32::MAX), u64::MAX);
        assert_eq!(
            with_level(label(0x0101, 2, LEVEL_MAC_PAD, 0), LEVEL_MAC_HASH),
            label(0x0101, 2, LEVEL_MAC_HASH, 0)
        );
        assert_eq!(with_level(u64::MAX, 0), 0xffff_ff00_ffff_ffff);
    }

    #[test]
    fn stream_reads_are_consecutive() {
        let seed = [3u8; 16];
        let whole: [u8; 37] = expand_array(&seed, 9);
        let mut ks = KeyStream::new(&seed, 9);
        let mut a = [0u8; 5];
        ks.fill(&mut a);
        let w = ks.next_u32();
        let q = ks.next_u64();
        let mut rest = [0u8; 20];
        ks.fill(&mut rest);
        assert_eq!(a, whole[..5]);
        assert_eq!(w.to_le_bytes(), whole[5..9]);
        assert_eq!(q.to_le_bytes(), whole[9..17]);
        assert_eq!(rest, whole[17..]);
    }

    #[test]
    fn prefix_consistent() {
        let seed = [7u8; 16];
        let long: [u8; 40] = expand_array(&seed, 5);
        let short: [u8; 17] = expand_array(&seed, 5);
        assert_eq!(long[..17], short);
        let other: [u8; 17] = expand_array(&seed, 6);
        assert_ne!(other, short);
    }
}
