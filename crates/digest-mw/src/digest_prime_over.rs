//! digest′ with MMH32 or NH in place of digest: the construction of
//! Nguyen–Roscoe **§5**, "which is also applicable to MMH and NH".
//!
//! U′(k, m) = U(k₁, SHA-256(m ‖ k₂)), k = k₁ ‖ k₂, for the inner hash U:
//!
//! | [`PrimeInner`] | U | k₁ | output | εc (Theorem 4's proof) | εd |
//! |---|---|---|---|---|---|
//! | `Mmh32` | MMH32 (MMH Def. 5) over the hash's eight 32-bit words | 8 words (32 bytes) | 32 bits | 6·2^-32 + θc | 4·2^-32 + θ₀ |
//! | `Nh` | NH (UMAC, w = 32) over the hash's four word pairs | 8 words (32 bytes) | 64 bits | 2^-32 + θc | (2^33 − 1)·2^-64 < 2^-31 |
//!
//! k₂ at least 80 bits (10 bytes), as for digest′; θc is the collision
//! probability of SHA-256(m ‖ k₂) vs SHA-256(m′ ‖ k₂) over k₂, θ₀ =
//! max_m Pr_{k₂}[SHA-256(m ‖ k₂) = 0^256]. Words are little-endian, word 1
//! the first four bytes (the reading of [`crate::DigestPrime`]).
//!
//! # Is it sound? What Theorem 4's proof uses
//! The proof of Theorem 4 uses exactly three properties of the inner hash U,
//! and none of digest's own structure:
//! 1. **Almost-universality on fixed-length inputs** (δ = 0 only, *not*
//!    Δ-universality): for distinct 256-bit inputs x ≠ x′, Pr_{k₁}[U(k₁, x)
//!    = U(k₁, x′)] ≤ εc(U). The two inputs always have the same length (the
//!    hash's B = 256 bits), which is what MMH and NH need — both are
//!    defined, and bounded, only for equal lengths.
//! 2. **k₁ uniform and independent of k₂** (the split k = k₁ ‖ k₂).
//! 3. **Balance** on every value the hash can take: Pr_{k₁}[U(k₁, x) = y]
//!    ≤ εd(U) for every x, y.
//!
//! Then εc(U′) = θc + (1 − θc)·εc(U) < εc(U) + θc and εd(U′) = εd(U) (+ the
//! probability of an input where 3 fails). Neither a prime nor the word
//! size enters, except that 256 must split into whole words (pairs for NH).
//!
//! * **MMH32: sound.** 1: Theorem 8 (6·2^-32-AΔU mod 2^32, any k), with
//!   δ = 0. 3: for x ≠ 0 pick i with xᵢ ≠ 0 and fix the other key words; as
//!   kᵢ runs over 2^32 words the sum mod 2^64 is the integer sum minus
//!   2^64·c with c taking at most two values (one product adds at most one
//!   wrap), xᵢ is invertible mod p = 2^32 + 15, so each c gives at most one
//!   kᵢ per residue; a residue r ∈ [0, p) with r mod 2^32 = y is y or
//!   y + 2^32: at most 2·2 = 4 keys, **εd = 4·2^-32** (the paper's 2^(2−b),
//!   §4.1, stated there without proof). But MMH32(k₁, 0) = 0 for every k₁:
//!   balance fails on the all-zero input, so εd(U′) ≤ 4·2^-32 + θ₀ (θ₀ =
//!   2^-256 if SHA-256 behaves as a random function; Theorem 4's own proof
//!   makes the same silent assumption for digest, whose digest(k, 0) is 0
//!   too).
//! * **NH: sound with its full 2w = 64-bit output.** 1: UMAC Theorem 1,
//!   εc = 2^-32 on equal-length inputs (NH is *not* Δ-universal, and the
//!   proof does not need it). 3: fix every pair but the first; (x₁ + k₁,
//!   x₂ + k₂) mod 2^32 is a uniform pair (u, v), and u·v = z (an integer
//!   below 2^64) has at most 2^33 − 1 solutions (z = 0: u = 0 or v = 0; any
//!   other z fewer): **εd ≤ (2^33 − 1)·2^-64 < 2^-31** (the paper's §4.2
//!   says 2^-b; the one-pair proof gives twice that).
//! * **NH truncated to w = 32 bits: Theorem 4 gives nothing.** The
//!   manual-authentication use wants b ∈ [16, 32] output bits, but NH's low
//!   half is not almost-universal: for x, x′ equal except x′₁ = x₁ + 2^31,
//!   u′ = u ± 2^31 and the difference of the sums is ∓2^31·(x₂ + k₂), which
//!   is 0 mod 2^32 whenever x₂ + k₂ is even — for **half** of all keys.
//!   So εc(U) = 1/2 and Theorem 4 bounds the truncated digest′ only by
//!   1/2 + θc (`tests/suite/digest_prime_over.rs` shows the pair). NH's guarantee
//!   needs the whole 2w bits: 64 bits to compare for a 2^-32 collision
//!   bound, where digest′ over digest gives 2^-31 with 32.

use core::fmt;

use sha2::{Digest as _, Sha256};
use uhash_base::Error;
use uhash_base::error::{key_array, key_at_least};
use uhash_mmh::Engine32;
use zeroize::Zeroize;

use crate::digest_prime::K2_MIN_BYTES;

/// The bytes of k₁ over MMH32 or NH: eight 32-bit words (B = 256 bits).
pub const K1_BYTES_INNER: usize = 32;

/// The inner hash of [`DigestPrimeOver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrimeInner {
    /// MMH32 (Halevi–Krawczyk Def. 5): 32-bit output.
    Mmh32,
    /// NH (UMAC, 32-bit words, adjacent pairs): 64-bit output.
    Nh,
}

impl PrimeInner {
    /// Output bits: 32 (MMH32) or 64 (NH).
    #[must_use]
    pub const fn out_bits(self) -> u32 {
        match self {
            Self::Mmh32 => 32,
            Self::Nh => 64,
        }
    }
}

/// Streaming digest′ over MMH32 or NH: absorb the message in any number of
/// pieces, then [`DigestPrimeOver::finalize`]. Holds k₁ (zeroized on drop)
/// and borrows k₂.
#[derive(Clone)]
pub struct DigestPrimeOver<'k> {
    inner: PrimeInner,
    k1: [u8; K1_BYTES_INNER],
    k2: &'k [u8],
    sha: Sha256,
}

impl<'k> DigestPrimeOver<'k> {
    /// digest′ over `inner` with k₁ of exactly 32 bytes and k₂ of at least
    /// 10 bytes.
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] for a k₁ of another length or a k₂
    /// shorter than 10 bytes.
    pub fn new(inner: PrimeInner, k1: &[u8], k2: &'k [u8]) -> Result<Self, Error> {
        let k1: &[u8; K1_BYTES_INNER] = key_array(k1)?;
        key_at_least(k2, K2_MIN_BYTES)?;
        Ok(Self {
            inner,
            k1: *k1,
            k2,
            sha: Sha256::new(),
        })
    }

    /// From one key k = k₁ ‖ k₂ (k₂ is the rest after 32 bytes).
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] when the key is shorter than 42 bytes.
    pub fn from_key(inner: PrimeInner, key: &'k [u8]) -> Result<Self, Error> {
        key_at_least(key, K1_BYTES_INNER + K2_MIN_BYTES)?;
        let (k1, k2) = key.split_at(K1_BYTES_INNER);
        Self::new(inner, k1, k2)
    }

    /// Absorb message bytes (any split gives the same output).
    pub fn update(&mut self, data: &[u8]) -> &mut Self {
        self.sha.update(data);
        self
    }

    /// U(k₁, SHA-256(m ‖ k₂)) of the bytes absorbed, below 2^out_bits.
    #[must_use]
    pub fn finalize(self) -> u64 {
        self.finalize_with(Engine32::detect())
    }

    /// [`DigestPrimeOver::finalize`] with the inner hash computed by
    /// `engine` (every backend gives the same value).
    #[must_use]
    pub fn finalize_with(mut self, engine: Engine32) -> u64 {
        self.sha.update(self.k2);
        let mut h: [u8; 32] = self.sha.clone().finalize().into();
        let mut k = [0u32; 8];
        for (w, c) in k.iter_mut().zip(self.k1.chunks_exact(4)) {
            *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        // Eight key words for a 32-byte message: neither call can fail.
        let v = match self.inner {
            PrimeInner::Mmh32 => engine.mmh32(&k, &h).map_or(0, u64::from),
            PrimeInner::Nh => engine.nh(&k, &h).unwrap_or(0),
        };
        k.zeroize();
        h.zeroize();
        v
    }
}

impl Drop for DigestPrimeOver<'_> {
    fn drop(&mut self) {
        self.k1.zeroize();
    }
}

impl fmt::Debug for DigestPrimeOver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DigestPrimeOver")
            .field("inner", &self.inner)
            .finish_non_exhaustive()
    }
}

/// digest′ over MMH32 (§5): MMH32(k₁, SHA-256(m ‖ k₂)), k₁ 32 bytes, k₂ ≥ 10
/// bytes, any message; 32-bit output. εc = 6·2^-32 + θc, εd = 4·2^-32 + θ₀
/// (module docs).
///
/// # Errors
/// [`Error::InvalidKeyLength`] (k₁ not 32 bytes, k₂ under 10).
pub fn digest_prime_mmh32(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u32, Error> {
    let mut d = DigestPrimeOver::new(PrimeInner::Mmh32, k1, k2)?;
    d.update(msg);
    Ok(d.finalize() as u32)
}

/// digest′ over NH (§5): NH(k₁, SHA-256(m ‖ k₂)), k₁ 32 bytes, k₂ ≥ 10
/// bytes, any message; 64-bit output. εc = 2^-32 + θc, εd < 2^-31 (module
/// docs; not sound when truncated to 32 bits).
///
/// # Errors
/// [`Error::InvalidKeyLength`] (k₁ not 32 bytes, k₂ under 10).
pub fn digest_prime_nh(k1: &[u8], k2: &[u8], msg: &[u8]) -> Result<u64, Error> {
    let mut d = DigestPrimeOver::new(PrimeInner::Nh, k1, k2)?;
    d.update(msg);
    Ok(d.finalize())
}
