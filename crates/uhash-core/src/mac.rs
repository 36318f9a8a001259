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
//! # Keys from one seed
//! [`WegmanCarter::from_seed`] derives two independent keys from the seed s
//! (byte for byte in the [`kdf`] module docs): the hash is keyed by
//! `H::from_seed(expand(s, H::MAC_HASH_LABEL, 16))` and the pad key is
//! `expand(s, H::PAD_LABEL, 16)`. The hash key is **not** `H::from_seed(s)`:
//! outputs of the plain hash type keyed with the same seed, published or
//! not, say nothing about the MAC's hash (were it the same key, tag − hash
//! would give the pad of a nonce away, and with it a forgery under that
//! nonce). A MAC built with [`WegmanCarter::new`] takes its keys as given.
//!
//! # Nonces
//! **Never authenticate two messages under one key with the same nonce.**
//! Two tags with one nonce reveal H(m) − H(m′), which for these linear
//! hashes can give the key away. [`MacNonce`] is a distinct type so that a
//! nonce cannot be confused with other bytes. A random 96-bit nonce
//! (`MacNonce::try_generate()` with feature `getrandom`, or
//! `generate_from_rng` with feature `rand_core`: see [`crate::nonce`] for
//! the collision bound) needs no state; a counter
//! ([`Nonce::from_counter`]) is the alternative where the sender keeps
//! state.
//!
//! # Use
//! The MAC is keyed once and then only read: [`WegmanCarter::authenticate`]
//! and [`WegmanCarter::verify`] take `&self` and a whole message (no copy of
//! it), [`WegmanCarter::start`] a [`MacState`] for a message that arrives in
//! pieces — the same shape as every MAC of the workspace.

use crate::kdf;
use crate::tag::TagBytes;
use crate::{Error, Nonce};
use aes::cipher::{BlockCipherEncrypt, KeyInit};

/// The nonce of the Wegman–Carter MACs: 12 bytes.
pub type MacNonce = Nonce<12>;

/// A keyed hash that the MAC can wrap: a whole message at once, or in
/// pieces through a state of its own. The key is only read. (The method
/// names differ from the hash types' own `update`/`finalize`, so that
/// importing this trait never changes what `h.update(data)` calls.)
pub trait MacHash: Sized {
    /// Lane width b in bits (a multiple of 8); the pad is added lane by lane
    /// modulo 2^b.
    const LANE_BITS: u32;
    /// The label of the pad key when the MAC is built from a seed.
    const PAD_LABEL: u64;
    /// The label of the hash's seed when the MAC is built from a seed:
    /// [`PAD_LABEL`](Self::PAD_LABEL) with its level byte replaced by
    /// [`kdf::LEVEL_MAC_HASH`] (0xfe). For the long hash types and
    /// `DfcHash`: `label(family, lanes, 0xfe, 0)`.
    const MAC_HASH_LABEL: u64 = kdf::with_level(Self::PAD_LABEL, kdf::LEVEL_MAC_HASH);
    /// The output, as big as the tag.
    type Out: TagBytes;
    /// The state of one message being hashed in pieces.
    type State;
    /// The hash keyed from a 16-byte seed.
    ///
    /// # Errors
    /// As the hash's own seed constructor.
    fn from_seed(seed: &[u8; 16]) -> Result<Self, Error>;
    /// The hash of a whole message.
    fn hash_message(&self, msg: &[u8]) -> Self::Out;
    /// A state for a message arriving in pieces.
    fn new_state(&self) -> Self::State;
    /// Absorb bytes into `state` (any split gives the same output).
    fn absorb(&self, state: &mut Self::State, data: &[u8]);
    /// The hash of the bytes absorbed into `state`; resets it.
    fn finish(&self, state: &mut Self::State) -> Self::Out;
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

/// acc += x lane by lane modulo 2^b for b = `lane_bits`: [`add_lanes_assign`]
/// for lengths already known to be whole lanes, with the common widths as
/// one machine addition per lane (the MAC's tag = hash + pad).
#[inline(always)]
fn add_lanes_known(lane_bits: u32, acc: &mut [u8], x: &[u8]) {
    macro_rules! words {
        ($t:ty, $n:literal) => {
            for (a, b) in acc.chunks_exact_mut($n).zip(x.chunks_exact($n)) {
                let (Ok(wa), Ok(wb)) = (<[u8; $n]>::try_from(&*a), <[u8; $n]>::try_from(b)) else {
                    continue;
                };
                let sum = <$t>::from_le_bytes(wa).wrapping_add(<$t>::from_le_bytes(wb));
                a.copy_from_slice(&sum.to_le_bytes());
            }
        };
    }
    match lane_bits {
        32 => words!(u32, 4),
        64 => words!(u64, 8),
        128 => words!(u128, 16),
        // Other widths: the byte-wise carry of `add_lanes_assign` (the
        // lengths are whole lanes, so it cannot fail).
        _ => {
            let _ = add_lanes_assign(lane_bits as usize / 8, acc, x);
        }
    }
}

/// The pad stream AES_k(N ‖ LE32(0)) ‖ AES_k(N ‖ LE32(1)) ‖ … into `out`.
pub fn pad(cipher: &aes::Aes128, nonce: &MacNonce, out: &mut [u8]) {
    for (j, chunk) in out.chunks_mut(16).enumerate() {
        let mut b = pad_block(nonce, j).into();
        cipher.encrypt_block(&mut b);
        let b: [u8; 16] = b.into();
        chunk.copy_from_slice(&b[..chunk.len()]);
    }
}

/// Pad block j before encryption: N ‖ LE32(j).
fn pad_block(nonce: &MacNonce, j: usize) -> [u8; 16] {
    let mut block = [0u8; 16];
    block[..12].copy_from_slice(nonce.as_bytes());
    block[12..].copy_from_slice(&(j as u32).to_le_bytes());
    block
}

/// One-shot combinator for a hash value computed elsewhere:
/// `out = hash + pad(pad_key, nonce)` lane by lane modulo 2^(8·lane_bytes).
///
/// # Errors
/// [`Error::InvalidParameter`] when `lane_bytes` is zero, `hash` is not a
/// whole number of lanes, or `out` is not as long as `hash`.
pub fn tag_for_hash(
    pad_key: &[u8; 16],
    nonce: &MacNonce,
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

/// The pad key, expanded: AES-NI round keys on x86 CPUs with AES-NI (the
/// same AES-128, without the `aes` crate's per-call VAES set-up, which costs
/// more than the block itself), else the `aes` crate. Both wipe on drop.
///
/// The AES-NI round keys are a plain array (zeros without AES-NI) beside an
/// `Option` of the zero-sized witness, not an `Option<Aes128Ni>`: the
/// payload of a `None` is uninitialised and a move would carry stale stack
/// bytes (key bytes were found there) that no wipe reaches.
#[derive(Clone)]
struct PadKey {
    cipher: aes::Aes128,
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    ni: Option<crate::backend::Aesni>,
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    rk: [[u8; 16]; 11],
}

impl PadKey {
    fn new(key: &[u8; 16]) -> Self {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        let ni = crate::backend::Aesni::detect();
        Self {
            cipher: aes::Aes128::new(key.into()),
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            ni,
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            rk: ni.map_or([[0; 16]; 11], |w| crate::aesni::expand_key(w, key)),
        }
    }

    /// The pad stream of `nonce` into `out` (as [`pad`]).
    fn pad_into(&self, nonce: &MacNonce, out: &mut [u8]) {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(w) = self.ni {
            for (j, chunk) in out.chunks_mut(16).enumerate() {
                let mut block = pad_block(nonce, j);
                crate::aesni::encrypt_block(w, &self.rk, &mut block);
                chunk.copy_from_slice(&block[..chunk.len()]);
            }
            return;
        }
        pad(&self.cipher, nonce, out);
    }
}

impl Drop for PadKey {
    fn drop(&mut self) {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        zeroize::Zeroize::zeroize(&mut self.rk);
    }
}

/// The seed that keys the hash of [`WegmanCarter::from_seed`]`(seed)`:
/// `kdf::expand(seed, H::MAC_HASH_LABEL, 16)`. For code that builds the MAC
/// from its parts (a hash on a forced backend and [`WegmanCarter::new`]);
/// the caller wipes it.
#[must_use]
pub fn hash_seed<H: MacHash>(seed: &[u8; 16]) -> [u8; 16] {
    kdf::expand_array(seed, H::MAC_HASH_LABEL)
}

/// The pad key of [`WegmanCarter::from_seed`]`(seed)`:
/// `kdf::expand(seed, H::PAD_LABEL, 16)`; the caller wipes it.
#[must_use]
pub fn pad_key<H: MacHash>(seed: &[u8; 16]) -> [u8; 16] {
    kdf::expand_array(seed, H::PAD_LABEL)
}

/// Wegman–Carter MAC: tag = H(m) + AES_k(nonce ‖ j) lane by lane (see the
/// [module docs](self)). Keyed once, then only read.
#[derive(Clone)]
pub struct WegmanCarter<H: MacHash> {
    hash: H,
    pad: PadKey,
}

impl<H: MacHash> core::fmt::Debug for WegmanCarter<H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("WegmanCarter")
            .field("tag_bytes", &<H::Out as TagBytes>::LEN)
            .finish_non_exhaustive()
    }
}

impl<H: MacHash> WegmanCarter<H> {
    const CHECK: () = {
        let lane = H::LANE_BITS as usize / 8;
        assert!(H::LANE_BITS % 8 == 0 && lane > 0);
        assert!(<H::Out as TagBytes>::LEN % lane == 0);
    };

    /// From a keyed hash and the 16-byte AES key of the pads.
    #[must_use]
    pub fn new(hash: H, pad_key: &[u8; 16]) -> Self {
        let () = Self::CHECK;
        Self {
            hash,
            pad: PadKey::new(pad_key),
        }
    }

    /// Every key from one 16-byte seed s: the hash keyed by its
    /// `from_seed` of the derived seed `expand(s, MacHash::MAC_HASH_LABEL, 16)`
    /// ([`hash_seed`]; not of s itself, see the [module docs](self#keys-from-one-seed)),
    /// and the pad key `expand(s, MacHash::PAD_LABEL, 16)`.
    ///
    /// # Errors
    /// As the hash's seed constructor.
    pub fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        let mut hash_seed = hash_seed::<H>(seed);
        let hash = H::from_seed(&hash_seed);
        zeroize::Zeroize::zeroize(&mut hash_seed);
        let hash = hash?;
        let mut pad_key: [u8; 16] = kdf::expand_array(seed, H::PAD_LABEL);
        let mac = Self::new(hash, &pad_key);
        zeroize::Zeroize::zeroize(&mut pad_key);
        Ok(mac)
    }

    /// The keyed hash.
    pub fn hash(&self) -> &H {
        &self.hash
    }

    /// `h + pad(nonce)` lane by lane.
    fn seal(&self, nonce: &MacNonce, h: &H::Out) -> H::Out {
        let mut tag = H::Out::default();
        self.pad.pad_into(nonce, tag.as_mut());
        // `CHECK` (evaluated in `new`) makes the lengths whole lanes.
        add_lanes_known(H::LANE_BITS, tag.as_mut(), h.as_ref());
        tag
    }

    /// The tag of `msg` under `nonce` (never reuse a nonce under one key).
    #[must_use]
    pub fn authenticate(&self, nonce: &MacNonce, msg: &[u8]) -> H::Out {
        let mut h = self.hash.hash_message(msg);
        let tag = self.seal(nonce, &h);
        zeroize::Zeroize::zeroize(h.as_mut());
        tag
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] when it does not.
    pub fn verify(&self, nonce: &MacNonce, msg: &[u8], tag: &H::Out) -> Result<(), Error> {
        ct_check(&self.authenticate(nonce, msg), tag)
    }

    /// A state for a message that arrives in pieces.
    #[must_use]
    pub fn start(&self) -> MacState<'_, H> {
        MacState {
            mac: self,
            state: self.hash.new_state(),
        }
    }
}

/// `Ok` if the tags are equal (constant time), else [`Error::TagMismatch`].
fn ct_check<T: TagBytes>(got: &T, want: &T) -> Result<(), Error> {
    if bool::from(got.ct_eq(want)) {
        Ok(())
    } else {
        Err(Error::TagMismatch)
    }
}

/// One message being authenticated in pieces under a [`WegmanCarter`] key
/// (from [`WegmanCarter::start`]). Any split of the message into
/// [`MacState::update`] calls gives the tag of the whole message. With
/// feature `std` it is an `std::io::Write`, so `std::io::copy` can feed
/// it a file or a pipe.
pub struct MacState<'a, H: MacHash> {
    mac: &'a WegmanCarter<H>,
    state: H::State,
}

impl<H: MacHash> core::fmt::Debug for MacState<'_, H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("MacState { .. }")
    }
}

impl<H: MacHash> MacState<'_, H> {
    /// Appends `data` to the message.
    pub fn update(&mut self, data: &[u8]) {
        self.mac.hash.absorb(&mut self.state, data);
    }

    /// The tag of the whole message under `nonce`.
    #[must_use]
    pub fn finalize(mut self, nonce: &MacNonce) -> H::Out {
        let mut h = self.mac.hash.finish(&mut self.state);
        let tag = self.mac.seal(nonce, &h);
        zeroize::Zeroize::zeroize(h.as_mut());
        tag
    }

    /// Constant-time check of `tag` against [`MacState::finalize`].
    ///
    /// # Errors
    /// [`Error::TagMismatch`] when they differ.
    pub fn verify(self, nonce: &MacNonce, tag: &H::Out) -> Result<(), Error> {
        ct_check(&self.finalize(nonce), tag)
    }
}

/// `std::io::Write` for a type whose `update(&mut self, &[u8])` cannot
/// fail (a hash, a MAC state): `write` absorbs the whole buffer, `flush`
/// does nothing. Invoked under the calling crate's `std` feature, with the
/// impl's generic parameters in brackets:
///
/// ```ignore
/// #[cfg(feature = "std")]
/// uhash_base::write_by_update!([H: MacHash] MacState<'_, H>);
/// ```
#[macro_export]
macro_rules! write_by_update {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> ::std::io::Write for $ty {
            /// All of `buf`, absorbed by `update`; never fails.
            fn write(&mut self, buf: &[u8]) -> ::std::io::Result<usize> {
                self.update(buf);
                Ok(buf.len())
            }

            fn flush(&mut self) -> ::std::io::Result<()> {
                Ok(())
            }
        }
    };
}

#[cfg(feature = "std")]
crate::write_by_update!([H: MacHash] MacState<'_, H>);

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
    fn pad_blocks_are_nonce_then_counter() {
        let n = MacNonce::from_counter(0x0102).unwrap();
        let b = pad_block(&n, 3);
        assert_eq!(&b[..12], n.as_bytes());
        assert_eq!(b[12..], [3, 0, 0, 0]);
    }
}
