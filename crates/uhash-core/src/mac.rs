//! The Wegman–Carter MAC over any uhash hash.
//!
//! # Definition
//! For a hash H whose output is n lanes of b bits (lane i little-endian at
//! bytes [i·b/8, (i+1)·b/8)), a 16-byte AES key k and a 12-byte nonce N:
//! ```text
//! pad  = AES-128_k(N ‖ LE32(0)) ‖ AES-128_k(N ‖ LE32(1)) ‖ …   (first n·b/8 bytes)
//! tag_i = (H(m)_i + pad_i) mod 2^b                              for every lane i
//! ```
//! The addition is done in H's own output group, word by word, exactly as
//! Poly1305-AES adds AES_k(n) modulo 2^128 (there n = 1, b = 128). If H is
//! ε-AΔU with respect to that group, the MAC's forgery probability after any
//! number of tags under distinct nonces is at most ε per verification
//! attempt plus AES's distinguishing advantage.
//!
//! # Nonces
//! **Never authenticate two messages under one key with the same nonce.**
//! Two tags with one nonce reveal H(m) − H(m′), which for these linear
//! hashes can give the key away. [`Nonce`] is a distinct type so that a
//! nonce cannot be confused with other bytes; a counter
//! ([`Nonce::from_counter`]) is the simplest correct source.

use crate::Error;
use crate::kdf::{self, LEVEL_MAC_PAD};
use crate::long::{ChunkHash, LongHash};
use aes::cipher::{BlockCipherEncrypt, KeyInit};
use subtle::ConstantTimeEq;

/// A 12-byte nonce. Use each value at most once per key.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nonce([u8; 12]);

impl Nonce {
    /// The nonce with these bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 12]) -> Self {
        Self(bytes)
    }

    /// The nonce for message number `n` of a counter: LE64(n) ‖ 0⁴.
    #[must_use]
    pub const fn from_counter(n: u64) -> Self {
        let b = n.to_le_bytes();
        Self([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], 0, 0, 0, 0])
    }

    /// The bytes.
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; 12] {
        &self.0
    }
}

impl From<[u8; 12]> for Nonce {
    fn from(b: [u8; 12]) -> Self {
        Self(b)
    }
}

impl core::fmt::Debug for Nonce {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Nonce(")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// The most bytes a tag may have (8 lanes of 64 bits).
pub const MAX_TAG_BYTES: usize = 64;

/// An authentication tag. Equality is constant-time.
#[derive(Clone, Copy)]
pub struct Tag {
    bytes: [u8; MAX_TAG_BYTES],
    len: usize,
}

impl Tag {
    /// The tag bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl AsRef<[u8]> for Tag {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl ConstantTimeEq for Tag {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        self.as_bytes().ct_eq(other.as_bytes())
    }
}

impl PartialEq for Tag {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Tag {}

impl core::fmt::Debug for Tag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Tag(")?;
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// A streaming hash that the MAC can wrap.
pub trait MacHash {
    /// Output (and tag) bytes, at most [`MAX_TAG_BYTES`].
    const OUT_BYTES: usize;
    /// Lane width b in bits; the pad is added lane by lane modulo 2^b.
    const LANE_BITS: u32;
    /// The label of the pad key when the MAC is built from a seed.
    const PAD_LABEL: u64;
    /// The hash keyed from a 16-byte seed.
    ///
    /// # Errors
    /// As the hash's own seed constructor.
    fn from_seed(seed: &[u8; 16]) -> Result<Self, Error>
    where
        Self: Sized;
    /// Absorb bytes.
    fn update(&mut self, data: &[u8]);
    /// Write `OUT_BYTES` bytes of hash to `out` and reset the state.
    ///
    /// # Errors
    /// [`Error::InvalidOutputLength`] when `out` is not `OUT_BYTES` long
    /// (nothing is written and the state is kept).
    fn finalize_reset(&mut self, out: &mut [u8]) -> Result<(), Error>;
    /// Forget the message so far.
    fn reset(&mut self);
}

impl<H: ChunkHash> MacHash for LongHash<H> {
    const OUT_BYTES: usize = LongHash::<H>::OUT_BYTES;
    const LANE_BITS: u32 = H::LANE_BITS;
    const PAD_LABEL: u64 = kdf::label(H::FAMILY, H::LANES as u8, LEVEL_MAC_PAD, 0);

    fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        LongHash::from_seed(seed)
    }

    fn update(&mut self, data: &[u8]) {
        LongHash::update(self, data);
    }

    fn finalize_reset(&mut self, out: &mut [u8]) -> Result<(), Error> {
        if out.len() != Self::OUT_BYTES {
            return Err(Error::InvalidOutputLength {
                expected: Self::OUT_BYTES,
                got: out.len(),
            });
        }
        self.finalize_into(out)
    }

    fn reset(&mut self) {
        LongHash::reset(self);
    }
}

/// acc += x lane by lane modulo 2^(8·lane_bytes), lanes little-endian; the
/// carry out of each lane is dropped.
///
/// # Errors
/// [`Error::InvalidParameter`] (and `acc` unchanged) when `lane_bytes` is
/// zero, the slices differ in length, or their length is not a whole number
/// of lanes.
pub fn add_lanes_assign(lane_bytes: usize, acc: &mut [u8], x: &[u8]) -> Result<(), Error> {
    if lane_bytes == 0 || acc.len() != x.len() || !acc.len().is_multiple_of(lane_bytes) {
        return Err(Error::InvalidParameter {
            name: "lane_bytes",
            reason: "both slices must be the same whole, non-zero number of lanes",
        });
    }
    for (la, lx) in acc.chunks_mut(lane_bytes).zip(x.chunks(lane_bytes)) {
        // The common lane widths as one machine addition each.
        macro_rules! word {
            ($t:ty, $n:literal) => {
                if let (Ok(a), Ok(b)) = (<[u8; $n]>::try_from(&*la), <[u8; $n]>::try_from(lx)) {
                    let sum = <$t>::from_le_bytes(a).wrapping_add(<$t>::from_le_bytes(b));
                    la.copy_from_slice(&sum.to_le_bytes());
                    continue;
                }
            };
        }
        word!(u32, 4);
        word!(u64, 8);
        word!(u128, 16);
        let mut carry = 0u16;
        for (a, b) in la.iter_mut().zip(lx) {
            let s = *a as u16 + *b as u16 + carry;
            *a = s as u8;
            carry = s >> 8;
        }
    }
    Ok(())
}

/// The pad stream AES_k(N ‖ LE32(0)) ‖ AES_k(N ‖ LE32(1)) ‖ … into `out`.
pub fn pad(cipher: &aes::Aes128, nonce: &Nonce, out: &mut [u8]) {
    for (j, chunk) in out.chunks_mut(16).enumerate() {
        let mut block = [0u8; 16];
        block[..12].copy_from_slice(&nonce.0);
        block[12..].copy_from_slice(&(j as u32).to_le_bytes());
        let mut b = block.into();
        cipher.encrypt_block(&mut b);
        let b: [u8; 16] = b.into();
        chunk.copy_from_slice(&b[..chunk.len()]);
    }
}

/// One-shot combinator for a hash value computed elsewhere:
/// `out = hash + pad(pad_key, nonce)` lane by lane modulo 2^(8·lane_bytes).
///
/// # Errors
/// [`Error::InvalidParameter`] when `lane_bytes` is zero, `hash` is not a
/// whole number of lanes, or `out` is not as long as `hash`.
pub fn tag_for_hash(
    pad_key: &[u8; 16],
    nonce: &Nonce,
    lane_bytes: usize,
    hash: &[u8],
    out: &mut [u8],
) -> Result<(), Error> {
    if lane_bytes == 0 || !hash.len().is_multiple_of(lane_bytes) || out.len() != hash.len() {
        return Err(Error::InvalidParameter {
            name: "lane_bits",
            reason: "the hash must be a whole number of lanes and the output as long as the hash",
        });
    }
    let cipher = aes::Aes128::new(pad_key.into());
    pad(&cipher, nonce, out);
    add_lanes_assign(lane_bytes, out, hash)
}

/// Wegman–Carter MAC: tag = H(m) + AES_k(nonce ‖ j) lane by lane.
///
/// On x86 CPUs with AES-NI the pad blocks are computed by
/// `crate::aesni` (the same AES-128, without the `aes` crate's per-call
/// VAES set-up, which costs more than the block itself); elsewhere by the
/// `aes` crate.
#[derive(Clone)]
pub struct WegmanCarter<H: MacHash> {
    hash: H,
    cipher: aes::Aes128,
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    fast: Option<crate::aesni::Aes128Ni>,
}

impl<H: MacHash> core::fmt::Debug for WegmanCarter<H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("WegmanCarter")
            .field("tag_bytes", &H::OUT_BYTES)
            .finish_non_exhaustive()
    }
}

impl<H: MacHash> WegmanCarter<H> {
    const CHECK: () =
        assert!(H::OUT_BYTES <= MAX_TAG_BYTES && H::OUT_BYTES * 8 % H::LANE_BITS as usize == 0);

    /// From a keyed hash and the 16-byte AES key of the pads.
    #[must_use]
    pub fn new(hash: H, pad_key: &[u8; 16]) -> Self {
        let () = Self::CHECK;
        Self {
            hash,
            cipher: aes::Aes128::new(pad_key.into()),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            fast: crate::aesni::Aes128Ni::new(pad_key),
        }
    }

    /// The pad stream of `nonce` into `out` (as [`pad`]).
    fn pad_into(&self, nonce: &Nonce, out: &mut [u8]) {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(fast) = &self.fast {
            for (j, chunk) in out.chunks_mut(16).enumerate() {
                let mut block = [0u8; 16];
                block[..12].copy_from_slice(&nonce.0);
                block[12..].copy_from_slice(&(j as u32).to_le_bytes());
                fast.encrypt_block(&mut block);
                chunk.copy_from_slice(&block[..chunk.len()]);
            }
            return;
        }
        pad(&self.cipher, nonce, out);
    }

    /// Every key from one 16-byte seed: the hash's keys as its `from_seed`
    /// derives them, and the pad key under [`MacHash::PAD_LABEL`].
    ///
    /// # Errors
    /// As the hash's seed constructor.
    pub fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        let hash = H::from_seed(seed)?;
        let mut pad_key: [u8; 16] = kdf::expand_array(seed, H::PAD_LABEL);
        let mac = Self::new(hash, &pad_key);
        zeroize::Zeroize::zeroize(&mut pad_key);
        Ok(mac)
    }

    /// Absorb message bytes (any split gives the same tag).
    pub fn update(&mut self, data: &[u8]) {
        self.hash.update(data);
    }

    /// The tag of the bytes absorbed since the last finalize, under `nonce`;
    /// resets the message state.
    ///
    /// A [`MacHash`] that breaks its contract (fails on a buffer of
    /// `OUT_BYTES`) yields an empty tag, which never verifies, rather than
    /// a panic or a tag that would reveal the pad.
    pub fn finalize(&mut self, nonce: &Nonce) -> Tag {
        self.try_finalize(nonce).unwrap_or(Tag {
            bytes: [0; MAX_TAG_BYTES],
            len: 0,
        })
    }

    fn try_finalize(&mut self, nonce: &Nonce) -> Result<Tag, Error> {
        let n = H::OUT_BYTES;
        let mut h = [0u8; MAX_TAG_BYTES];
        let hashed = self.hash.finalize_reset(&mut h[..n]);
        let mut tag = Tag {
            bytes: [0; MAX_TAG_BYTES],
            len: n,
        };
        self.pad_into(nonce, &mut tag.bytes[..n]);
        let added = add_lanes_assign(H::LANE_BITS as usize / 8, &mut tag.bytes[..n], &h[..n]);
        zeroize::Zeroize::zeroize(&mut h[..n]);
        hashed.and(added).map(|()| tag)
    }

    /// Check `tag` for the bytes absorbed so far, in constant time; resets
    /// the message state.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] when the tag is wrong or has the wrong length.
    pub fn verify(&mut self, nonce: &Nonce, tag: &[u8]) -> Result<(), Error> {
        match self.try_finalize(nonce) {
            Ok(expected) if bool::from(expected.as_bytes().ct_eq(tag)) => Ok(()),
            _ => Err(Error::TagMismatch),
        }
    }

    /// One-shot: the tag of `msg` under `nonce`.
    pub fn authenticate(&mut self, nonce: &Nonce, msg: &[u8]) -> Tag {
        self.hash.reset();
        self.hash.update(msg);
        self.finalize(nonce)
    }

    /// One-shot verification of `tag` for `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] when the tag is wrong or has the wrong length.
    pub fn verify_message(&mut self, nonce: &Nonce, msg: &[u8], tag: &[u8]) -> Result<(), Error> {
        self.hash.reset();
        self.hash.update(msg);
        self.verify(nonce, tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_add_with_wrap_inside_each_lane_only() {
        let b = [1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff];
        // 32-bit lanes: each lane wraps to zero, no carry crosses lanes
        let mut o = [0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0];
        add_lanes_assign(4, &mut o, &b).unwrap();
        assert_eq!(o, [0, 0, 0, 0, 0, 0, 0, 0]);
        // one 64-bit lane: the carry crosses the 32-bit boundary
        let mut o = [0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0];
        add_lanes_assign(8, &mut o, &b).unwrap();
        assert_eq!(o, [0, 0, 0, 0, 1, 0, 0, 0]);
    }

    #[test]
    fn bad_lane_arguments_are_typed_errors() {
        let x = [1u8; 8];
        for (lane, len) in [(0, 8), (3, 8), (4, 7), (8, 16)] {
            let mut acc = [7u8; 16];
            let before = acc;
            let r = add_lanes_assign(lane, &mut acc[..len], &x[..len.min(8)]);
            assert!(
                matches!(r, Err(Error::InvalidParameter { .. })),
                "lane {lane}, len {len}"
            );
            assert_eq!(acc, before, "acc changed on error");
        }
    }

    #[test]
    fn counter_nonce_layout() {
        assert_eq!(
            Nonce::from_counter(0x0102).as_bytes(),
            &[2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
    }
}
