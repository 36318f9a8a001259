//! digest′ (Nguyen–Roscoe **§5, Theorem 4**) for manual authentication; its
//! output is a [`ShortCode`].
//!
//! digest′(k, m) = digest(k₁, SHA-256(m ‖ k₂)), k = k₁ ‖ k₂, with k₁ of
//! 256 + b bits (t = 256/b words plus one: the key of digest over the
//! 32-byte hash) and k₂ of at least 80 bits, for b = 16 or 32 (§5 asks for
//! b ∈ [16, 32]: "humans only can compare short value"; 16 and 32 split the
//! hash and the key into whole words). The message has any length: the
//! hash removes digest's equal-length restriction.
//!
//! **Bound** (Theorem 4): ε_d = 2^(−b) and ε_c = 2^(1−b) + θ_c, θ_c the
//! collision probability of SHA-256 on m ‖ k₂ vs m′ ‖ k₂.
//!
//! Byte order (the paper fixes none; this is the reading of `uhash-ref`
//! and `uhash kat`): the 32-byte SHA-256 output is split into t = 256/b
//! words of b/8 bytes, word 1 = the first bytes, each little-endian; k₁ is
//! split the same way into k₁ … k_{t+1}.
//!
//! # Use (§5)
//! In the pairwise protocol A and B exchange their data m_A, m_B over a
//! normal (attackable) link, A commits to a long random key k_A first,
//! B reveals k_B, A opens k_A, and both compute digest′(k_A ⊕ k_B,
//! ⟨m_A, m_B⟩), which their human owners compare over an authentic channel
//! (reading it out, or looking at two screens). A fresh k* is used in every
//! run, so no key is ever used twice. The pair must be encoded
//! unambiguously — the bare m_A ‖ m_B lets an attacker move bytes from one
//! message to the other unseen: use [`crate::manual_auth::pair_code`]. See
//! `examples/manual_auth.rs`.

use core::fmt;

use sha2::{Digest as _, Sha256};
use uhash_base::Error;
use uhash_base::error::key_at_least;
use zeroize::Zeroize;

use crate::kernels::Engine;
use crate::short_code::ShortCode;

/// The smallest k₂, in bytes (80 bits, §5).
pub const K2_MIN_BYTES: usize = 10;

/// The bytes of k₁ for b = 16: (256 + 16)/8.
pub const K1_BYTES_16: usize = 34;

/// The bytes of k₁ for b = 32: (256 + 32)/8.
pub const K1_BYTES_32: usize = 36;

/// Checks k₁ (exactly (256 + b)/8 bytes) and k₂ (at least 10 bytes).
fn check_keys(k1: &[u8], k2: &[u8], k1_len: usize) -> Result<(), Error> {
    if k1.len() != k1_len {
        return Err(Error::InvalidKeyLength {
            expected: k1_len,
            got: k1.len(),
        });
    }
    key_at_least(k2, K2_MIN_BYTES)
}

/// Streaming digest′: absorb the message in any number of pieces, then
/// [`DigestPrime::finalize`]. Holds k₁ (zeroized on drop) and borrows k₂.
#[derive(Clone)]
pub struct DigestPrime<'k> {
    bits: u32,
    k1: [u8; K1_BYTES_32],
    k2: &'k [u8],
    sha: Sha256,
}

impl<'k> DigestPrime<'k> {
    /// digest′ with word width `b` ∈ {16, 32}, k₁ of (256 + b)/8 bytes
    /// (34 or 36) and k₂ of at least 10 bytes.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for another `b`;
    /// [`Error::InvalidKeyLength`] for a k₁ of the wrong length or a k₂
    /// shorter than 10 bytes.
    pub fn new(b: u32, k1: &[u8], k2: &'k [u8]) -> Result<Self, Error> {
        let k1_len = match b {
            16 => K1_BYTES_16,
            32 => K1_BYTES_32,
            _ => {
                return Err(Error::InvalidParameter {
                    name: "b",
                    reason: "digest' is defined here for b = 16 or 32",
                });
            }
        };
        check_keys(k1, k2, k1_len)?;
        let mut key = [0u8; K1_BYTES_32];
        key[..k1_len].copy_from_slice(k1);
        Ok(Self {
            bits: b,
            k1: key,
            k2,
            sha: Sha256::new(),
        })
    }

    /// From one key k = k₁ ‖ k₂ (k₂ is the rest after (256 + b)/8 bytes).
    ///
    /// # Errors
    /// As [`DigestPrime::new`].
    pub fn from_key(b: u32, key: &'k [u8]) -> Result<Self, Error> {
        let k1_len = if b == 16 { K1_BYTES_16 } else { K1_BYTES_32 };
        if b == 16 || b == 32 {
            key_at_least(key, k1_len + K2_MIN_BYTES)?;
        }
        let (k1, k2) = key.split_at(k1_len.min(key.len()));
        Self::new(b, k1, k2)
    }

    /// Absorb message bytes (any split gives the same output).
    pub fn update(&mut self, data: &[u8]) -> &mut Self {
        self.sha.update(data);
        self
    }

    /// digest(k₁, SHA-256(m ‖ k₂)) of the bytes absorbed.
    #[must_use]
    pub fn finalize(self) -> ShortCode {
        self.finalize_with(Engine::detect())
    }

    /// [`DigestPrime::finalize`] with the digest computed by `engine`
    /// (every backend gives the same code).
    #[must_use]
    pub fn finalize_with(mut self, engine: Engine) -> ShortCode {
        self.sha.update(self.k2);
        let mut h: [u8; 32] = self.sha.clone().finalize().into();
        let value = if self.bits == 16 {
            let mut k = [0u16; 17];
            for (w, c) in k.iter_mut().zip(self.k1.chunks_exact(2)) {
                *w = u16::from_le_bytes([c[0], c[1]]);
            }
            let d = engine.digest(&k, &h).map_or(0, u32::from);
            k.zeroize();
            d
        } else {
            let mut k = [0u32; 9];
            for (w, c) in k.iter_mut().zip(self.k1.chunks_exact(4)) {
                *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            }
            let d = engine.digest(&k, &h).unwrap_or(0);
            k.zeroize();
            d
        };
        h.zeroize();
        ShortCode::from_digest(value, self.bits)
    }
}

// The SHA-256 state absorbs k₂: it must wipe itself on drop (sha2's
// `zeroize` feature), or this fails to compile.
const _: fn() = || {
    fn wipes_on_drop<T: sha2::digest::zeroize::ZeroizeOnDrop>() {}
    wipes_on_drop::<Sha256>();
};

impl Drop for DigestPrime<'_> {
    fn drop(&mut self) {
        self.k1.zeroize();
    }
}

impl fmt::Debug for DigestPrime<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DigestPrime")
            .field("b", &self.bits)
            .finish_non_exhaustive()
    }
}

/// digest′ with b = 16 (§5, Theorem 4: ε_c = 2^-15 + θ_c, ε_d = 2^-16):
/// k₁ 34 bytes, k₂ ≥ 10 bytes, any message; 16-bit output.
///
/// # Errors
/// [`Error::InvalidKeyLength`] (k₁ not 34 bytes, k₂ under 10).
pub fn digest_prime16(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u16, Error> {
    let mut d = DigestPrime::new(16, k1, k2)?;
    d.update(msg);
    Ok(d.finalize().value() as u16)
}

/// digest′ with b = 32 (§5, Theorem 4: ε_c = 2^-31 + θ_c, ε_d = 2^-32):
/// k₁ 36 bytes, k₂ ≥ 10 bytes, any message; 32-bit output.
///
/// # Errors
/// [`Error::InvalidKeyLength`] (k₁ not 36 bytes, k₂ under 10).
pub fn digest_prime32(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u32, Error> {
    let mut d = DigestPrime::new(32, k1, k2)?;
    d.update(msg);
    Ok(d.finalize().value())
}
