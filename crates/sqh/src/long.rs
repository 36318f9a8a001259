//! Level-1 kernels for [`uhash_core::long`]: SQHasm2 and SQHE over one
//! chunk, for messages of any length.
//!
//! Each kernel is a [`ChunkHash`]; [`LongHash`]`<kernel>` is then the
//! three-level construction of `uhash_core::long` (kernel → polynomial mod
//! 2^130 − 5 → MMH to the lane width), keyed from a 16-byte seed. The
//! ready-made types of [`crate::hash`] wrap W = 1..4.
//!
//! | kernel | family id | lanes × bits | level-1 key (stream of label (family, lanes, 1, 0)) |
//! |---|---|---|---|
//! | [`Asm2Kernel`]`<W>` | `0x020A` (SQH + Def. 10) | see below | C/4 words, LE |
//! | [`SqheKernel`]`<W>` | `0x020D` (SQH + Def. 13) | see below | C/4 words, LE |
//!
//! C is the chunk size, [`chunk_bytes`]`(W)` = 4W·⌊4096/W⌋ by default
//! (16 KiB for W = 1, 2, 4; 16380 bytes for W = 3, 5), or a smaller
//! positive multiple of 4W chosen with `from_key_stream_with`. The chunk's
//! k = C/4W elements are hashed with the paper function under the k key
//! elements; the L-bit result is split into lanes: W = 1 one 32-bit lane,
//! W = 2 one 64-bit lane, W = 3 three 32-bit lanes, W = 4 two 64-bit lanes,
//! W = 5 five 32-bit lanes (lane i = bits [b·i, b·(i+1)) of the value).
//!
//! # Bounds
//! The lanes of one L-bit value are not independent, so the per-lane
//! product form of `uhash_core::long` does not apply directly; the spec
//! (`docs/sqh-spec.md` §5) redoes its lane-set sum with the joint level-1
//! bound ε₁(t) ≤ 3·2^((b+1)(n−t))·ε_p for any t of the n lanes:
//! ε ≤ Σ_j C(n, j)·ε₁(n − j)·(ε₂ + ε₃)^j with ε₂ = (c+1)/2^128 and
//! ε₃ = 6·2^-b. Figures for each type are in [`crate::hash`].
//!
//! # Padding
//! The last chunk is zero-padded and hashed whole: a zero element still adds
//! xᵢ² (Square Hash is not linear), so no shortcut is taken.

use alloc::vec::Vec;
use uhash_core::Error;
use uhash_core::kdf::{KeyStream, family};
use uhash_core::long::{ChunkHash, MAX_LANES};
use zeroize::Zeroize;

use crate::engine::Engine;
use crate::fixed::Variant;

#[cfg(doc)]
use uhash_core::long::LongHash;

/// The default chunk size for W-word elements: 4W·⌊4096/W⌋ bytes.
#[must_use]
pub const fn chunk_bytes(w: usize) -> usize {
    4 * w * (4096 / w)
}

/// Lane width for W-word elements: 64 bits when 32W is a multiple of 64,
/// else 32.
#[must_use]
pub const fn lane_bits(w: usize) -> u32 {
    if w.is_multiple_of(2) { 64 } else { 32 }
}

/// Lanes for W-word elements: 32W / [`lane_bits`].
#[must_use]
pub const fn lanes(w: usize) -> usize {
    32 * w / lane_bits(w) as usize
}

/// The chunk buffer: heap bytes, zeroized on drop.
#[derive(Clone)]
pub struct ChunkBuf(Vec<u8>);

impl AsRef<[u8]> for ChunkBuf {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl AsMut<[u8]> for ChunkBuf {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl Zeroize for ChunkBuf {
    fn zeroize(&mut self) {
        self.0.zeroize();
        self.0.resize(self.0.capacity(), 0);
    }
}

impl Drop for ChunkBuf {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl core::fmt::Debug for ChunkBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChunkBuf")
            .field("bytes", &self.0.len())
            .finish_non_exhaustive()
    }
}

/// Key words, zeroized on drop.
#[derive(Clone)]
struct KeyWords(Vec<u32>);

impl Drop for KeyWords {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

fn check_chunk(chunk: usize, w: usize, max: usize) -> Result<(), Error> {
    if chunk == 0 || chunk > max || !chunk.is_multiple_of(4 * w) {
        Err(Error::InvalidParameter {
            name: "chunk",
            reason: "the chunk size must be a positive multiple of 4w bytes, at most the default",
        })
    } else {
        Ok(())
    }
}

macro_rules! kernel {
    ($(#[$doc:meta])* $name:ident, $variant:expr, $family:expr) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name<const W: usize> {
            key: KeyWords,
            chunk: usize,
            engine: Engine,
        }

        impl<const W: usize> $name<W> {
            const VALID: () = assert!(W >= 1 && W <= 5);

            /// Keyed from the front of `ks` (C/4 little-endian words), with
            /// chunk size `chunk` (a positive multiple of 4W, at most
            /// [`chunk_bytes`]`(W)`) and the given backend.
            ///
            /// # Errors
            /// [`Error::InvalidParameter`] for a bad `chunk`.
            pub fn from_key_stream_with(
                ks: &mut KeyStream,
                chunk: usize,
                engine: Engine,
            ) -> Result<Self, Error> {
                let () = Self::VALID;
                check_chunk(chunk, W, chunk_bytes(W))?;
                let key = (0..chunk / 4).map(|_| ks.next_u32()).collect();
                Ok(Self { key: KeyWords(key), chunk, engine })
            }

            /// From raw key words (at least C/4; a longer key is used by its
            /// prefix).
            ///
            /// # Errors
            /// As [`Self::from_key_stream_with`]; [`Error::KeyTooShort`].
            pub fn from_key(key: &[u32], chunk: usize, engine: Engine) -> Result<Self, Error> {
                let () = Self::VALID;
                check_chunk(chunk, W, chunk_bytes(W))?;
                crate::fixed::key_words(key.len(), chunk / 4)?;
                Ok(Self { key: KeyWords(key[..chunk / 4].to_vec()), chunk, engine })
            }

            /// The backend in use.
            #[must_use]
            pub fn engine(&self) -> Engine {
                self.engine
            }

            /// The chunk size C in bytes.
            #[must_use]
            pub fn chunk(&self) -> usize {
                self.chunk
            }
        }

        impl<const W: usize> core::fmt::Debug for $name<W> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("w", &W)
                    .field("chunk", &self.chunk)
                    .field("backend", &self.engine.backend())
                    .finish_non_exhaustive()
            }
        }

        impl<const W: usize> ChunkHash for $name<W> {
            const CHUNK_BYTES: usize = chunk_bytes(W);
            const LANES: usize = lanes(W);
            const LANE_BITS: u32 = lane_bits(W);
            const FAMILY: u16 = $family;
            type Chunk = ChunkBuf;

            fn zero_chunk() -> Self::Chunk {
                ChunkBuf(alloc::vec![0; chunk_bytes(W)])
            }

            /// C = [`chunk_bytes`]`(W)`, the backend of [`Engine::detect_long`].
            fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
                Self::from_key_stream_with(ks, chunk_bytes(W), Engine::detect_long())
            }

            #[inline]
            fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
                let v = self.engine.value::<W>($variant, &self.key.0, chunk);
                let limbs = v.limbs();
                if lane_bits(W) == 64 {
                    for (i, o) in out.iter_mut().enumerate().take(lanes(W)) {
                        *o = u64::from(limbs[2 * i]) | u64::from(limbs[2 * i + 1]) << 32;
                    }
                } else {
                    for (o, &l) in out.iter_mut().zip(&limbs[..W]) {
                        *o = u64::from(l);
                    }
                }
            }

            fn chunk_bytes(&self) -> usize {
                self.chunk
            }
        }
    };
}

kernel!(
    /// SQHasm2 (Def. 10, output mod 2^L) over one chunk of k = C/4W
    /// elements, the L-bit value split into lanes. Family `0x020A`.
    /// Level-1 bound mod p: 2·2^-L (Thm. 7).
    Asm2Kernel, Variant::Asm2, family::SQH + 10
);
kernel!(
    /// SQHE (Def. 13) over one chunk of k = C/4W elements, the L-bit value
    /// split into lanes. Family `0x020D`. Level-1 bound mod p: 2·N_E·2^-L
    /// (`docs/sqh-spec.md` §4).
    SqheKernel, Variant::E, family::SQH + 13
);
