//! [`Mmh32Kernel`]: MMH32 and its Toeplitz rows over one chunk.

use uhash_base::kdf::{KeyStream, family};
use uhash_base::keybuf::{ChunkBuf, KeyWords, check_chunk};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::{Error, p32, toeplitz};

use super::chunk::{CHUNK_BYTES, words_used};
use crate::kernels::{Engine32, Kernels32};

/// MMH32 (Definition 5) over one chunk of C bytes (k = C/4 words), in N
/// Toeplitz lanes (§2.4): lane r is MMH32 under key words r … r+k−1, a
/// value below 2^32. Key: k + N − 1 words. Family [`family::MMH32`].
///
/// Level-1 bound: one lane 6·2^-32 (Theorem 8); any T of the N lanes
/// collide together with probability ≤ ½·(12·2^-32)^|T| (crate docs).
pub struct Mmh32Kernel<const N: usize, const CHUNK: usize = CHUNK_BYTES> {
    key: KeyWords<u32>,
    chunk: usize,
    engine: Engine32,
}

impl<const N: usize, const CHUNK: usize> Mmh32Kernel<N, CHUNK> {
    const VALID: () = assert!(N >= 1 && N <= MAX_LANES && CHUNK >= 4 && CHUNK.is_multiple_of(4));

    /// Keyed from the front of `ks` (C/4 + N − 1 little-endian words), with
    /// chunk size `chunk` ≤ `CHUNK` and the given backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `chunk` is not a positive multiple of
    /// 4 of at most `CHUNK` bytes.
    pub fn from_key_stream_with(
        ks: &mut KeyStream,
        chunk: usize,
        engine: Engine32,
    ) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 4, CHUNK)?;
        Ok(Self::with_key(
            KeyWords::from_stream(ks, chunk / 4 + N - 1),
            chunk,
            engine,
        ))
    }

    /// The kernel over `key` (exactly C/4 + N − 1 words).
    fn with_key(key: KeyWords<u32>, chunk: usize, engine: Engine32) -> Self {
        Self { key, chunk, engine }
    }

    /// From raw key words (at least C/4 + N − 1; a longer key is used by
    /// its prefix).
    ///
    /// # Errors
    /// As [`Mmh32Kernel::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u32], chunk: usize, engine: Engine32) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 4, CHUNK)?;
        let needed = toeplitz::key_words_needed(chunk / 4, N, 1)?;
        Ok(Self::with_key(
            KeyWords::from_prefix(key, needed)?,
            chunk,
            engine,
        ))
    }

    uhash_base::kernel_accessors!(Engine32);
}

kernel_traits!(Mmh32Kernel [const N: usize, const CHUNK: usize] [N, CHUNK] key);

impl<const N: usize, const CHUNK: usize> ChunkHash for Mmh32Kernel<N, CHUNK> {
    chunk_hash_frame!(lanes = N, bits = 32, family = MMH32, engine = Engine32);

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let sums = self.engine.mmh32_sums::<N>(self.key.words(), chunk);
        for (o, s) in out.iter_mut().zip(sums) {
            *o = u64::from(p32::reduce_to_u32(s));
        }
    }

    /// Zero words add nothing to the sum: only the words holding message
    /// bytes are multiplied.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        self.hash_chunk(words_used(used, chunk), out);
    }

    /// The tail's whole words through the kernel, its last partial word
    /// (zero-padded) added here: zero words add nothing, so no chunk buffer
    /// is needed.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let full = tail.len() & !3;
        let key = self.key.words();
        let mut sums = self.engine.mmh32_sums::<N>(key, &tail[..full]);
        if full < tail.len() {
            let mut w = [0u8; 4];
            w[..tail.len() - full].copy_from_slice(&tail[full..]);
            let m = u64::from(u32::from_le_bytes(w));
            for (r, s) in sums.iter_mut().enumerate() {
                let x = key.get(full / 4 + r).copied().unwrap_or(0);
                *s = s.wrapping_add(m * u64::from(x));
            }
        }
        for (o, s) in out.iter_mut().zip(sums) {
            *o = u64::from(p32::reduce_to_u32(s));
        }
    }
}
