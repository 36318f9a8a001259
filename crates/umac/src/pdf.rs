//! PDF (RFC 4418 **§3.3**): the pad of a nonce.
//!
//! K′ = KDF(K, 0, 16). The nonce (1 to 16 bytes) is zero-padded at the end
//! to 16 bytes and encrypted with AES-128 under K′; UMAC-96 and UMAC-128
//! take the first 12 or 16 bytes of the block. For UMAC-32 and UMAC-64 the
//! low 2 (resp. 1) bits of the nonce (as a big-endian integer: the last
//! byte) are cleared before encryption and select which 4 (8) bytes of the
//! block are the pad: four (two) consecutive nonces share one AES call.
//!
//! # The cache and `&self`
//! The MAC types are keyed once and then only read (`authenticate(&self)`,
//! `Send + Sync`, usable from many threads at once): they hold no cache and
//! compute one AES block per message (about 40 cycles with AES-NI). The
//! cache is a value of its own, [`PadCache`], owned by whoever sends or
//! receives the messages in order (the MAC's `session()`): it keeps the last
//! nonce block and its AES output, so a counter pays one AES call per four
//! (UMAC-32) or two (UMAC-64) messages. Nothing is shared, nothing is
//! locked, and a hit depends on the nonce alone — which is public — so the
//! cache adds no secret-dependent timing; its AES output is wiped on drop.

use aes::cipher::{BlockCipherEncrypt, KeyInit};
use zeroize::Zeroize;

use crate::kdf;

/// AES-128 under K′: AES-NI round keys where the CPU has them (one block
/// costs less than the `aes` crate's per-call set-up), else the `aes` crate.
/// Both wipe their round keys on drop.
#[derive(Clone)]
pub(crate) enum Pdf {
    /// AES-NI.
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    Ni(uhash_base::aesni::Aes128Ni),
    /// The `aes` crate.
    Aes(aes::Aes128),
}

/// The nonce block to encrypt and the index of the pad within it, from the
/// nonce zero-padded to 16 bytes and its length (1 to 16). Computed on the
/// block as one 128-bit integer (a byte stored into the block and the block
/// read back whole would stall the store forwarding).
#[inline(always)]
fn nonce_block<const N: usize>((block, len): ([u8; 16], usize)) -> ([u8; 16], usize) {
    // str2uint(Nonce) mod (16 / taglen): the low bits of the last byte,
    // which sits 8·(16 − len) bits up in the padded block.
    let low: u128 = match N {
        1 => 3,
        2 => 1,
        _ => 0,
    };
    let shift = 8 * (16 - len.clamp(1, 16)) as u32;
    let v = u128::from_be_bytes(block);
    let index = ((v >> shift) & low) as usize;
    ((v & !(low << shift)).to_be_bytes(), index)
}

/// The pad words (big-endian) at `index` of the encrypted block `t`.
#[inline(always)]
fn words<const N: usize>(t: &[u8; 16], index: usize) -> [u32; N] {
    core::array::from_fn(|i| {
        let at = 4 * (index * N + i) % 16;
        u32::from_be_bytes([t[at], t[at + 1], t[at + 2], t[at + 3]])
    })
}

impl Pdf {
    /// The PDF under K′ = KDF(K, 0, 16).
    pub(crate) fn derive(keys: &kdf::Keys) -> Self {
        let k = &keys.blocks(kdf::PDF)[0];
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(ni) = uhash_base::aesni::Aes128Ni::new(k) {
            return Self::Ni(ni);
        }
        Self::Aes(aes::Aes128::new(k.into()))
    }

    /// AES-128_K′ of one block, in place.
    #[inline(always)]
    fn encrypt(&self, block: &mut [u8; 16]) {
        match self {
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            Self::Ni(ni) => ni.encrypt_block(block),
            Self::Aes(aes) => {
                let mut b = (*block).into();
                aes.encrypt_block(&mut b);
                *block = b.into();
            }
        }
    }

    /// The N-word pad of `nonce` (zero-padded, and its length).
    #[inline(always)]
    pub(crate) fn pad<const N: usize>(&self, nonce: ([u8; 16], usize)) -> [u32; N] {
        let (mut t, index) = nonce_block::<N>(nonce);
        self.encrypt(&mut t);
        let pad = words::<N>(&t, index);
        t.zeroize();
        pad
    }
}

/// The last nonce block and its AES output (see the [module docs](self)):
/// consecutive UMAC-32/64 nonces that share a block cost one AES call.
#[derive(Clone, Default)]
pub(crate) struct PadCache {
    block: [u8; 16],
    t: [u8; 16],
    valid: bool,
}

impl PadCache {
    /// The pad of `nonce`, from the cache when its block was the last one.
    #[inline(always)]
    pub(crate) fn pad<const N: usize>(&mut self, pdf: &Pdf, nonce: ([u8; 16], usize)) -> [u32; N] {
        let (block, index) = nonce_block::<N>(nonce);
        // The nonce is public: so is whether this hits.
        if !self.valid || self.block != block {
            self.block = block;
            self.t = block;
            pdf.encrypt(&mut self.t);
            self.valid = true;
        }
        words::<N>(&self.t, index)
    }
}

impl Drop for PadCache {
    fn drop(&mut self) {
        self.t.zeroize();
    }
}
