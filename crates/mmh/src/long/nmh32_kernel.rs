//! [`Nmh32Kernel`]: NMH32 over one chunk.

use uhash_base::kdf::{KeyStream, family};
use uhash_base::keybuf::{ChunkBuf, KeyWords, check_chunk};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::{Error, p32};

use super::chunk::{CHUNK_BYTES, nh_pad_table, nh_padded, nh_tail};
use crate::kernels::{Engine32, Kernels32};

/// NMH32 (Definition 10) over one chunk of C bytes (k = C/4 words, even),
/// one 32-bit lane. Key: k words. Family [`family::NMH32`].
///
/// Level-1 bound: 12·2^-32 (crate docs).
pub struct Nmh32Kernel<const CHUNK: usize = CHUNK_BYTES> {
    key: KeyWords<u32>,
    pad: KeyWords<u64>,
    chunk: usize,
    engine: Engine32,
}

impl<const CHUNK: usize> Nmh32Kernel<CHUNK> {
    const VALID: () = assert!(CHUNK >= 8 && CHUNK.is_multiple_of(8));

    /// Keyed from the front of `ks` (C/4 little-endian words), with chunk
    /// size `chunk` ≤ `CHUNK` and the given backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `chunk` is not a positive multiple of
    /// 8 of at most `CHUNK` bytes.
    pub fn from_key_stream_with(
        ks: &mut KeyStream,
        chunk: usize,
        engine: Engine32,
    ) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 8, CHUNK)?;
        let key = KeyWords::from_stream(ks, chunk / 4);
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, 1),
            key,
            chunk,
            engine,
        })
    }

    /// From raw key words (at least C/4; a longer key is used by its prefix).
    ///
    /// # Errors
    /// As [`Nmh32Kernel::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u32], chunk: usize, engine: Engine32) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 8, CHUNK)?;
        let key = KeyWords::from_prefix(key, chunk / 4)?;
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, 1),
            key,
            chunk,
            engine,
        })
    }

    uhash_base::kernel_accessors!(Engine32);
}

kernel_traits!(Nmh32Kernel [const CHUNK: usize] [CHUNK] key pad);

impl<const CHUNK: usize> ChunkHash for Nmh32Kernel<CHUNK> {
    chunk_hash_frame!(lanes = 1, bits = 32, family = NMH32, engine = Engine32);

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let [s] = self.engine.nh_sums::<1>(self.key.words(), chunk);
        out[0] = u64::from(p32::reduce_to_u32(s));
    }

    /// The inner sum over the 64-byte blocks that hold message bytes, plus
    /// the precomputed contribution of the all-zero rest.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        let [s] = nh_padded::<1>(self.engine, self.key.words(), self.pad.words(), chunk, used);
        out[0] = u64::from(p32::reduce_to_u32(s));
    }

    /// As [`Self::hash_padded_chunk`], from the tail's bytes alone.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let [s] = nh_tail::<1>(
            self.engine,
            self.key.words(),
            self.pad.words(),
            self.chunk,
            tail,
        );
        out[0] = u64::from(p32::reduce_to_u32(s));
    }
}
