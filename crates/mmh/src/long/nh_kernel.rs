//! [`NhKernel`]: NH and its Toeplitz rows over one chunk.

use uhash_base::kdf::{KeyStream, family};
use uhash_base::keybuf::{ChunkBuf, KeyWords, check_chunk};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::{Error, toeplitz};

use super::chunk::{CHUNK_BYTES, nh_pad_table, nh_padded, nh_tail};
use crate::kernels::{Engine32, Kernels32};

/// NH (UMAC, 32-bit words, adjacent pairs) over one chunk of C bytes
/// (k = C/4 words), in N Toeplitz lanes: lane r is NH under key words
/// 2r … 2r+k−1, a 64-bit value. Key: k + 2(N − 1) words. Family
/// [`family::NH`].
///
/// Level-1 bound: any T of the N lanes collide together with probability
/// ≤ 2^(−32|T|) (UMAC's Toeplitz theorem for NH).
pub struct NhKernel<const N: usize, const CHUNK: usize = CHUNK_BYTES> {
    key: KeyWords<u32>,
    pad: KeyWords<u64>,
    chunk: usize,
    engine: Engine32,
}

impl<const N: usize, const CHUNK: usize> NhKernel<N, CHUNK> {
    const VALID: () = assert!(N >= 1 && N <= MAX_LANES && CHUNK >= 8 && CHUNK.is_multiple_of(8));

    /// Keyed from the front of `ks` (C/4 + 2(N − 1) little-endian words),
    /// with chunk size `chunk` ≤ `CHUNK` and the given backend.
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
        let key = KeyWords::from_stream(ks, chunk / 4 + 2 * (N - 1));
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, N),
            key,
            chunk,
            engine,
        })
    }

    /// From raw key words (at least C/4 + 2(N − 1); a longer key is used by
    /// its prefix).
    ///
    /// # Errors
    /// As [`NhKernel::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u32], chunk: usize, engine: Engine32) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 8, CHUNK)?;
        let needed = toeplitz::key_words_needed(chunk / 4, N, 2)?;
        let key = KeyWords::from_prefix(key, needed)?;
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, N),
            key,
            chunk,
            engine,
        })
    }

    uhash_base::kernel_accessors!(Engine32);
}

kernel_traits!(NhKernel [const N: usize, const CHUNK: usize] [N, CHUNK] key pad);

impl<const N: usize, const CHUNK: usize> ChunkHash for NhKernel<N, CHUNK> {
    chunk_hash_frame!(lanes = N, bits = 64, family = NH, engine = Engine32);

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let sums = self.engine.nh_sums::<N>(self.key.words(), chunk);
        out[..N].copy_from_slice(&sums);
    }

    /// NH over the 64-byte blocks that hold message bytes, plus the
    /// precomputed contribution of the all-zero rest.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        let sums = nh_padded::<N>(self.engine, self.key.words(), self.pad.words(), chunk, used);
        out[..N].copy_from_slice(&sums);
    }

    /// As [`Self::hash_padded_chunk`], from the tail's bytes alone.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let sums = nh_tail::<N>(
            self.engine,
            self.key.words(),
            self.pad.words(),
            self.chunk,
            tail,
        );
        out[..N].copy_from_slice(&sums);
    }
}
