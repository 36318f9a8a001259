//! [`Dfc`]: the cipher with an expanded key, its byte API and its choice
//! of backend.

#[cfg(doc)]
use super::constants::KS;
use super::constants::{MAX_KEY_BYTES, PAR_BLOCKS, RoundKeys};
use super::engine::{CipherEngine, CipherKernels};
use super::key_schedule::padded_key;
use crate::kernels::Engine;
#[cfg(doc)]
use cipher::KeyInit;
use uhash_base::{Backend, Error};
use zeroize::{Zeroize, ZeroizeOnDrop};

/// The big-endian halves `(L, R)` of a block.
#[inline(always)]
pub(crate) fn split(block: &[u8; 16]) -> (u64, u64) {
    let (l, r) = block.split_at(8);
    (
        u64::from_be_bytes(l.try_into().expect("8 bytes")),
        u64::from_be_bytes(r.try_into().expect("8 bytes")),
    )
}

/// The block `L ‖ R`, big-endian.
#[inline(always)]
pub(crate) fn join(l: u64, r: u64) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&l.to_be_bytes());
    out[8..].copy_from_slice(&r.to_be_bytes());
    out
}

/// The DFC block cipher with an expanded key: the eight 128-bit round keys.
///
/// * Block: 16 bytes, big-endian (`L ‖ R`, as in the NIST files).
/// * Key: 1 to 256 bits ([`Dfc::new_from_key_bits`]); whole-byte keys of 1
///   to 32 bytes with [`Dfc::new_from_key`] or [`KeyInit::new_from_slice`];
///   [`KeyInit::new`] takes a 256-bit key. Fixed-size variants:
///   [`Dfc128`](super::Dfc128), [`Dfc192`](super::Dfc192),
///   [`Dfc256`](super::Dfc256).
/// * Encryption and decryption are constant time (no key- or data-dependent
///   branch or address; see the [module docs](super)).
/// * The round keys are zeroized on drop; `Debug` prints `Dfc { .. }`.
/// * The decorrelation module inside every round (key schedule included)
///   runs with a strategy of the crate's [`Engine`]: `native` by default,
///   any other with [`Dfc::new_from_key_with`] /
///   [`Dfc::new_from_key_bits_with`]. All compute the same cipher; they
///   exist to reproduce the paper's comparison (Table 3) and to test each
///   strategy inside the real cipher.
///
/// The definition is the one in the [module docs](super) (DFC v1).
#[derive(Clone)]
pub struct Dfc {
    pub(crate) rk: RoundKeys,
    pub(crate) engine: CipherEngine,
    pub(crate) module: Engine,
}

impl Dfc {
    /// Expands a key of `key.len()` whole bytes (8 to 256 bits in steps of
    /// 8; the NIST sizes are 16, 24 and 32 bytes). Uses the fastest
    /// backend this CPU supports. Keys whose length is not a multiple of 8
    /// bits go through [`Dfc::new_from_key_bits`].
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] for an empty key or one longer than 32
    /// bytes; its `expected` field is then the maximum length, 32.
    pub fn new_from_key(key: &[u8]) -> Result<Dfc, Error> {
        Dfc::new_from_key_with(key, Engine::detect())
    }

    /// [`Dfc::new_from_key`] with the module strategy `module`: the key
    /// schedule and every later encryption or decryption run the
    /// decorrelation module with it.
    ///
    /// # Errors
    /// As [`Dfc::new_from_key`].
    pub fn new_from_key_with(key: &[u8], module: Engine) -> Result<Dfc, Error> {
        if key.is_empty() || key.len() > MAX_KEY_BYTES {
            return Err(Error::InvalidKeyLength {
                expected: MAX_KEY_BYTES,
                got: key.len(),
            });
        }
        Dfc::new_from_key_bits_with(key, 8 * key.len(), module)
    }

    /// Expands a key of `bits` bits, 1 ≤ `bits` ≤ 256: the first `bits` bits
    /// of `key` (most significant bit of `key[0]` first), which must be
    /// exactly `bits.div_ceil(8)` bytes long; the unused low bits of the last
    /// byte are ignored. The key is completed with the first `256 − bits`
    /// bits of [`KS`] as DFC specifies.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `bits` is 0 or above 256, or if
    /// `key.len() != bits.div_ceil(8)`.
    pub fn new_from_key_bits(key: &[u8], bits: usize) -> Result<Dfc, Error> {
        Dfc::new_from_key_bits_with(key, bits, Engine::detect())
    }

    /// [`Dfc::new_from_key_bits`] with the module strategy `module` (see
    /// [`Dfc::new_from_key_with`]).
    ///
    /// # Errors
    /// As [`Dfc::new_from_key_bits`].
    pub fn new_from_key_bits_with(key: &[u8], bits: usize, module: Engine) -> Result<Dfc, Error> {
        if bits == 0 || bits > 8 * MAX_KEY_BYTES {
            return Err(Error::InvalidParameter {
                name: "key_bits",
                reason: "DFC keys have 1 to 256 bits",
            });
        }
        if key.len() != bits.div_ceil(8) {
            return Err(Error::InvalidParameter {
                name: "key",
                reason: "the key must be exactly ceil(bits / 8) bytes long",
            });
        }
        let engine = CipherEngine::detect();
        let mut pk = padded_key(key, bits);
        let rk = engine.expand(module, &pk);
        pk.zeroize();
        Ok(Dfc { rk, engine, module })
    }

    /// The same key schedule run by another backend: [`Backend::Soft`]
    /// (portable, always available) or [`Backend::Avx512`] (x86-64 with
    /// AVX-512 F/BW/VL); see [`CipherEngine`]. Both compute the same
    /// function; this exists to test and measure each.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] for a backend this CPU or build lacks
    /// or that DFC does not offer.
    pub fn with_backend(self, backend: Backend) -> Result<Dfc, Error> {
        Ok(self.with_engine(CipherEngine::new(backend)?))
    }

    /// The same key schedule run by `engine` (whose value proves that its
    /// backend runs here).
    #[must_use]
    pub fn with_engine(mut self, engine: CipherEngine) -> Dfc {
        self.engine = engine;
        self
    }

    /// The backend this value runs.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// The engine this value runs.
    #[must_use]
    pub fn engine(&self) -> CipherEngine {
        self.engine
    }

    /// The strategy of the decorrelation module this value runs.
    #[must_use]
    pub fn module(&self) -> Engine {
        self.module
    }

    /// Encrypts one block; input and output are big-endian as in the NIST
    /// files. Constant time.
    #[must_use]
    pub fn encrypt_block_be(&self, block: &[u8; 16]) -> [u8; 16] {
        let (l, r) = split(block);
        let (l, r) = self.engine.encrypt(self.module, &self.rk, l, r);
        join(l, r)
    }

    /// Decrypts one block (the inverse of [`Dfc::encrypt_block_be`]).
    /// Constant time.
    #[must_use]
    pub fn decrypt_block_be(&self, block: &[u8; 16]) -> [u8; 16] {
        let (l, r) = split(block);
        let (l, r) = self.engine.decrypt(self.module, &self.rk, l, r);
        join(l, r)
    }

    /// Encrypts blocks in place (ECB), several at a time so that their
    /// Feistel chains overlap. Same result as [`Dfc::encrypt_block_be`] on
    /// each block. Constant time.
    pub fn encrypt_blocks_be(&self, blocks: &mut [[u8; 16]]) {
        self.blocks_be(blocks, true);
    }

    /// Decrypts blocks in place (ECB), the inverse of
    /// [`Dfc::encrypt_blocks_be`]. Constant time.
    pub fn decrypt_blocks_be(&self, blocks: &mut [[u8; 16]]) {
        self.blocks_be(blocks, false);
    }

    fn blocks_be(&self, blocks: &mut [[u8; 16]], enc: bool) {
        let mut chunks = blocks.chunks_exact_mut(PAR_BLOCKS);
        for chunk in &mut chunks {
            let mut w = [(0u64, 0u64); PAR_BLOCKS];
            for (w, b) in w.iter_mut().zip(chunk.iter()) {
                *w = split(b);
            }
            if enc {
                self.engine.encrypt_par(self.module, &self.rk, &mut w);
            } else {
                self.engine.decrypt_par(self.module, &self.rk, &mut w);
            }
            for (w, b) in w.iter().zip(chunk.iter_mut()) {
                *b = join(w.0, w.1);
            }
        }
        for b in chunks.into_remainder() {
            *b = if enc {
                self.encrypt_block_be(b)
            } else {
                self.decrypt_block_be(b)
            };
        }
    }
}

impl Drop for Dfc {
    fn drop(&mut self) {
        self.rk.zeroize();
    }
}

impl ZeroizeOnDrop for Dfc {}

impl core::fmt::Debug for Dfc {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Dfc { .. }")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lengths() {
        assert!(Dfc::new_from_key(&[]).is_err());
        assert!(Dfc::new_from_key(&[0; 33]).is_err());
        assert!(Dfc::new_from_key(&[0; 1]).is_ok());
        assert!(Dfc::new_from_key_bits(&[0; 2], 9).is_ok());
        assert!(Dfc::new_from_key_bits(&[0; 1], 9).is_err());
        assert!(Dfc::new_from_key_bits(&[0; 3], 9).is_err());
        assert!(Dfc::new_from_key_bits(&[], 0).is_err());
        // ignored low bits of the last byte
        let a = Dfc::new_from_key_bits(&[0xff, 0x80], 9).unwrap();
        let b = Dfc::new_from_key_bits(&[0xff, 0xff], 9).unwrap();
        assert_eq!(a.rk, b.rk);
        // a whole-byte key by bits equals the byte API
        let c = Dfc::new_from_key_bits(&[7; 24], 192).unwrap();
        let d = Dfc::new_from_key(&[7; 24]).unwrap();
        assert_eq!(c.rk, d.rk);
    }
}
