//! [`Poly1305`]: the universal hash with a one-time key r ‖ s (RFC 8439
//! §2.5), a drop-in for RustCrypto's `poly1305::Poly1305` (0.9): the same
//! [`Key`], [`Block`] and [`Tag`] types, `KeyInit` + `UniversalHash`, and
//! no inherent method that shadows a trait method.

use core::fmt;

use subtle::ConstantTimeEq;
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U1, U16, U32};
use universal_hash::{KeyInit, UhfBackend, UhfClosure, UniversalHash};
use zeroize::Zeroize;

use crate::clamp::r_limbs_clamped;
use crate::kernels::Engine;
use crate::state::{State, fill};
use crate::{Backend, Error};

/// A 16-byte Poly1305 tag, as RustCrypto's `poly1305::Tag`: the
/// [`UniversalHash`] output block. (The Poly1305-AES MAC returns a
/// [`crate::MacTag`], compared in constant time by `==`; this one is
/// compared by [`UniversalHash::verify`] or [`Poly1305::verify_unpadded`].)
pub type Tag = universal_hash::Block<Poly1305>;

/// A Poly1305 key r ‖ s (32 bytes), as RustCrypto's `poly1305::Key`.
pub type Key = universal_hash::Key<Poly1305>;

/// A 16-byte block, as RustCrypto's `poly1305::Block`.
pub type Block = universal_hash::Block<Poly1305>;

/// Poly1305 with a one-time key (RFC 8439 §2.5): key = r ‖ s (16 + 16
/// bytes), r clamped (`r &= 0x0ffffffc0ffffffc0ffffffc0fffffff`), tag =
/// ((c₁r^q + … + c_q r) mod (2^130 − 5) + s) mod 2^128, 16 bytes
/// little-endian. This is Bernstein's Poly1305_r(m, s) with s in place of
/// AES_k(n).
///
/// ε-almost-Δ-universal with ε = 8⌈L/16⌉/2^106 for messages of at most L
/// bytes (Bernstein, Theorem 3.3); a key must authenticate one message
/// only. Through [`UniversalHash`] it takes 16-byte blocks (each with the
/// 2^128 bit, as RustCrypto's does); [`Poly1305::compute_unpadded`] hashes a
/// message of any length.
#[derive(Clone)]
#[repr(C)] // the state (its aligned power tables) first, no padding: see `State`
pub struct Poly1305 {
    state: State,
    s: u128,
    fill: [u8; POLY1305_FILL],
}

/// The zero bytes that round [`Poly1305`] up to its alignment.
const POLY1305_FILL: usize = fill(
    size_of::<State>() + 16,
    align_of::<State>(),
    align_of::<u128>(),
);

// No padding: every byte is a field (stale stack bytes would travel along).
const _: () = assert!(size_of::<Poly1305>() == size_of::<State>() + 16 + POLY1305_FILL);

impl Poly1305 {
    /// The hash keyed with `key` = r ‖ s on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this crate has no such backend or
    /// this CPU cannot run it.
    pub fn new_with_backend(key: &[u8; 32], backend: Backend) -> Result<Self, Error> {
        Ok(Self::with_engine(key, Engine::new(backend)?))
    }

    #[inline]
    fn with_engine(key: &[u8; 32], engine: Engine) -> Self {
        // r and s read in place (see `r_limbs_clamped`), without a copy of
        // the key
        let (r, s) = key.split_at(16);
        let r: &[u8; 16] = r.try_into().unwrap_or(&[0; 16]);
        let s: &[u8; 16] = s.try_into().unwrap_or(&[0; 16]);
        Self {
            state: State::new(r_limbs_clamped(r), engine),
            s: u128::from_le_bytes(*s),
            fill: [0; POLY1305_FILL],
        }
    }

    /// The backend this instance runs on (a concrete name: never the alias
    /// [`Backend::Asm`]).
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.state.engine().backend()
    }

    /// The tag of `data` (any length: a final partial chunk is padded with
    /// 0x01 and zeros, RFC 8439), after the blocks already absorbed.
    /// Always inlined: the tag stays in registers where the caller uses it
    /// (returned through memory in two 8-byte stores and read back in one
    /// 16-byte load, it cost a store-forwarding stall per tag), and a
    /// message shorter than 256 bytes is hashed in the caller, from the
    /// key's r in registers to the tag.
    #[inline(always)]
    #[must_use]
    pub fn compute_unpadded(mut self, data: &[u8]) -> Tag {
        let s = self.s;
        self.state.message_tag(data, s).into()
    }

    /// One-shot: the tag of `msg` under `key` = r ‖ s.
    #[inline]
    #[must_use]
    pub fn mac(key: &[u8; 32], msg: &[u8]) -> Tag {
        Self::with_engine(key, Engine::detect()).compute_unpadded(msg)
    }

    /// [`Self::compute_unpadded`] on the threads of the current rayon pool
    /// (feature `rayon`; see [`crate::parallel`]): the same tag, bit for
    /// bit, after the blocks already absorbed.
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn compute_unpadded_parallel(mut self, data: &[u8]) -> Tag {
        self.state.message_parallel(data);
        self.state.finish(self.s).into()
    }

    /// [`Self::mac`] on the threads of the current rayon pool (feature
    /// `rayon`): the tag ((Σ cᵢ·r^(q−i+1)) mod (2^130 − 5) + s) mod 2^128 of
    /// `msg` under `key` = r ‖ s (r clamped), the same bytes as
    /// [`Self::mac`].
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn mac_parallel(key: &[u8; 32], msg: &[u8]) -> Tag {
        Self::with_engine(key, Engine::detect()).compute_unpadded_parallel(msg)
    }

    /// [`Self::mac_parallel`] of a message read in pieces (a file read with
    /// `pread` on every thread: [`uhash_base::pieces`]): the same tag as
    /// for the slice of the message's bytes.
    ///
    /// # Errors
    /// The first error `msg` returned.
    #[cfg(feature = "rayon")]
    pub fn mac_parallel_from<P: uhash_base::pieces::Pieces + ?Sized>(
        key: &[u8; 32],
        msg: &P,
    ) -> Result<Tag, P::Error> {
        let mut mac = Self::with_engine(key, Engine::detect());
        mac.state.message_parallel_from(msg)?;
        Ok(mac.state.finish(mac.s).into())
    }

    /// Constant-time check of `tag` against the tag of `data`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if they differ.
    pub fn verify_unpadded(self, data: &[u8], tag: &Tag) -> Result<(), Error> {
        let t = self.compute_unpadded(data);
        if bool::from(t.as_slice().ct_eq(tag.as_slice())) {
            Ok(())
        } else {
            Err(Error::TagMismatch)
        }
    }
}

impl KeySizeUser for Poly1305 {
    type KeySize = U32;
}

impl KeyInit for Poly1305 {
    /// Key r ‖ s; r is clamped (RFC 8439).
    #[inline]
    fn new(key: &Key) -> Self {
        Self::with_engine(key.as_ref(), Engine::detect())
    }
}

impl BlockSizeUser for Poly1305 {
    type BlockSize = U16;
}

/// The backend handed to [`UhfClosure`]s: one block at a time (callers
/// that want the SIMD path pass many blocks to [`UniversalHash::update`],
/// which this type overrides to absorb them in one call).
struct OneBlock<'a>(&'a mut State);

impl BlockSizeUser for OneBlock<'_> {
    type BlockSize = U16;
}
impl ParBlocksSizeUser for OneBlock<'_> {
    type ParBlocksSize = U1;
}
impl UhfBackend for OneBlock<'_> {
    #[inline]
    fn proc_block(&mut self, block: &universal_hash::Block<Self>) {
        self.0.blocks(block.as_slice());
    }
}

impl UniversalHash for Poly1305 {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut OneBlock(&mut self.state));
    }

    #[inline]
    fn update(&mut self, blocks: &[Block]) {
        self.state.blocks(Block::slice_as_flattened(blocks));
    }

    #[inline]
    fn update_padded(&mut self, data: &[u8]) {
        self.state.absorb_padded(data);
    }

    #[inline]
    fn finalize(self) -> Block {
        self.state.finish(self.s).into()
    }
}

impl fmt::Debug for Poly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Poly1305")
            .field("backend", &self.backend())
            .finish_non_exhaustive()
    }
}

impl Drop for Poly1305 {
    #[inline]
    fn drop(&mut self) {
        self.s.zeroize();
    }
}
