//! The level-1 kernel for [`uhash_base::long`]: digestMW (b = 32) over one
//! chunk, for messages of any length.
//!
//! [`DigestMwKernel`]`<N>` is a [`ChunkHash`]; [`LongHash`]`<kernel>` is
//! then the three-level construction of `uhash_base::long` (digestMW →
//! polynomial mod 2^130 − 5 → MMH32 to 32 bits per lane), keyed from a
//! 16-byte seed. The ready-made types of [`crate::hash`] wrap it.
//!
//! | kernel | family id | lanes | lane bits | level-1 key (key stream of label (family, lanes, 1, 0)) | chunk bytes must be a multiple of |
//! |---|---|---|---|---|---|
//! | [`DigestMwKernel`]`<N>` | `0x0320` (800 = `DIGEST` + b) | N ∈ 1..=8 | 32 | C/4 + N words, LE | 4 |
//!
//! C is the chunk size: `CHUNK` (the type parameter, [`CHUNK_BYTES`] by
//! default) or a smaller size chosen with `from_key_stream_with`. Lane r
//! (0-based) of a chunk is d_{r+1} of digestMW over the chunk's C/4 words:
//! digest under key words r … r + C/4 (Fig. 2). `uhash kat` names this
//! composition `digest_mw_long_hash`/`digest_mw_long_mac`.
//!
//! # Bound
//! `uhash_base::long` proves (ε₁ + ε₂ + ε₃)^n for n lanes, with
//! ε₂ = (c+1)/2^128 for c chunks and ε₃ = 6·2^-32 (level 3, MMH32), given a
//! level-1 bound ε₁ per lane such that any set T of lanes collides together
//! with probability ≤ ε₁^|T|. Here ε₁ = 2^-31: Theorem 3 gives 2^(n−nb) =
//! (2^(1−b))^n for the n words d₁ … d_n together. For a subset T of the
//! words the proof of Theorem 3 applies to the equalities E_i, i ∈ T, alone
//! (it solves them one at a time, from the last, each for a fresh pair of
//! key-word halves given the later words); this extension is derived here,
//! not stated in the paper.
//!
//! # Cost
//! Zero words add nothing to digestMW (it is linear in the message words),
//! so the zero padding of a last chunk costs nothing: only the words
//! holding message bytes are multiplied, and a one-shot hash takes its last
//! chunk in place, its last partial word padded on the stack
//! ([`ChunkHash::hash_tail`]), without a chunk buffer.

use uhash_base::Error;
use uhash_base::kdf::{KeyStream, family};
use uhash_base::keybuf::{ChunkBuf, KeyWords, check_chunk};
use uhash_base::long::{ChunkHash, MAX_LANES};

use crate::kernels::{Engine, Kernels};

#[cfg(doc)]
use uhash_base::long::LongHash;

/// The default chunk size: 16 KiB (the level-1 key, 16 KiB + N words, stays
/// in the first-level data cache next to the message stream; level 2 and the
/// finish stay a few percent of the kernel's work on long messages).
pub const CHUNK_BYTES: usize = 16 * 1024;

/// The family identifier of the b = 32 kernel: `family::DIGEST` + 32.
pub const FAMILY_DIGEST_MW32: u16 = family::DIGEST + 32;

/// digestMW (b = 32, §3.3) over one chunk of C bytes (t = C/4 words) with
/// N output words = N lanes: lane r is d_{r+1}, a value below 2^32. Key:
/// t + N words. Family [`FAMILY_DIGEST_MW32`].
///
/// Level-1 bound: any T of the N lanes collide together with probability
/// ≤ 2^(−31|T|) (Theorem 3; see the [module docs](self)).
pub struct DigestMwKernel<const N: usize, const CHUNK: usize = CHUNK_BYTES> {
    key: KeyWords<u32>,
    chunk: usize,
    engine: Engine,
}

impl<const N: usize, const CHUNK: usize> DigestMwKernel<N, CHUNK> {
    const VALID: () = assert!(N >= 1 && N <= MAX_LANES && CHUNK >= 4 && CHUNK.is_multiple_of(4));

    /// The key length in words for chunk size `chunk`: C/4 + N.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `chunk` is not a positive multiple of
    /// 4 of at most `CHUNK` bytes.
    fn key_words(chunk: usize) -> Result<usize, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 4, CHUNK)?;
        Ok(chunk / 4 + N)
    }

    /// Keyed from the front of `ks` (C/4 + N little-endian 32-bit words),
    /// with chunk size `chunk` ≤ `CHUNK` and the given backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `chunk` is not a positive multiple of
    /// 4 of at most `CHUNK` bytes.
    pub fn from_key_stream_with(
        ks: &mut KeyStream,
        chunk: usize,
        engine: Engine,
    ) -> Result<Self, Error> {
        let key = KeyWords::from_stream(ks, Self::key_words(chunk)?);
        Ok(Self { key, chunk, engine })
    }

    /// From raw key words (at least C/4 + N; a longer key is used by its
    /// prefix).
    ///
    /// # Errors
    /// As [`DigestMwKernel::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u32], chunk: usize, engine: Engine) -> Result<Self, Error> {
        let key = KeyWords::from_prefix(key, Self::key_words(chunk)?)?;
        Ok(Self { key, chunk, engine })
    }

    uhash_base::kernel_accessors!(Engine);
}

impl<const N: usize, const CHUNK: usize> Clone for DigestMwKernel<N, CHUNK> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            chunk: self.chunk,
            engine: self.engine,
        }
    }
}

impl<const N: usize, const CHUNK: usize> core::fmt::Debug for DigestMwKernel<N, CHUNK> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DigestMwKernel")
            .field("lanes", &N)
            .field("chunk", &self.chunk)
            .field("backend", &self.engine.backend())
            .finish_non_exhaustive()
    }
}

impl<const N: usize, const CHUNK: usize> ChunkHash for DigestMwKernel<N, CHUNK> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 32;
    const FAMILY: u16 = FAMILY_DIGEST_MW32;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        ChunkBuf::zeroed(CHUNK)
    }

    /// C = `CHUNK`, the detected backend.
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, CHUNK, Engine::detect())
    }

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let d = self.engine.mw32_sums::<N>(self.key.words(), chunk);
        for (o, d) in out.iter_mut().zip(d) {
            *o = u64::from(d);
        }
    }

    /// Zero words add nothing: only the words holding message bytes are
    /// multiplied.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        self.hash_chunk(chunk.get(..used.div_ceil(4) * 4).unwrap_or(chunk), out);
    }

    /// The tail's whole words through the kernel, its last partial word
    /// (zero-padded on the stack) through the kernel at its key offset:
    /// zero words add nothing, so no chunk buffer is needed.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let full = tail.len() & !3;
        let key = self.key.words();
        let mut d = self.engine.mw32_sums::<N>(key, &tail[..full]);
        if full < tail.len() {
            let mut w = [0u8; 4];
            w[..tail.len() - full].copy_from_slice(&tail[full..]);
            let last = self
                .engine
                .mw32_sums::<N>(key.get(full / 4..).unwrap_or(&[]), &w);
            for (d, l) in d.iter_mut().zip(last) {
                *d = d.wrapping_add(l);
            }
        }
        for (o, d) in out.iter_mut().zip(d) {
            *o = u64::from(d);
        }
    }

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}
