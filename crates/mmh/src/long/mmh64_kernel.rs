//! [`Mmh64Kernel`]: MMH64 over one chunk.

use uhash_base::kdf::{KeyStream, family};
use uhash_base::keybuf::{ChunkBuf, KeyWords, check_chunk};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::{Error, p64};

use super::chunk::CHUNK_BYTES;
use crate::kernels::{Engine64, Kernels64};

/// MMH64 (§3.2's 64-bit variant) over one chunk of C bytes (k = C/8
/// 64-bit words), one 64-bit lane. Key: k 64-bit words. Family
/// [`family::MMH64`].
///
/// Level-1 bound: 6·2^-64 (crate docs).
pub struct Mmh64Kernel<const CHUNK: usize = CHUNK_BYTES> {
    key: KeyWords<u64>,
    chunk: usize,
    engine: Engine64,
}

impl<const CHUNK: usize> Mmh64Kernel<CHUNK> {
    const VALID: () = assert!(CHUNK >= 8 && CHUNK.is_multiple_of(8));

    /// Keyed from the front of `ks` (C/8 little-endian 64-bit words), with
    /// chunk size `chunk` ≤ `CHUNK` and the given backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when `chunk` is not a positive multiple of
    /// 8 of at most `CHUNK` bytes.
    pub fn from_key_stream_with(
        ks: &mut KeyStream,
        chunk: usize,
        engine: Engine64,
    ) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 8, CHUNK)?;
        Ok(Self {
            key: KeyWords::from_stream(ks, chunk / 8),
            chunk,
            engine,
        })
    }

    /// From raw key words (at least C/8; a longer key is used by its prefix).
    ///
    /// # Errors
    /// As [`Mmh64Kernel::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u64], chunk: usize, engine: Engine64) -> Result<Self, Error> {
        let () = Self::VALID;
        check_chunk(chunk, 8, CHUNK)?;
        Ok(Self {
            key: KeyWords::from_prefix(key, chunk / 8)?,
            chunk,
            engine,
        })
    }

    uhash_base::kernel_accessors!(Engine64);
}

kernel_traits!(Mmh64Kernel [const CHUNK: usize] [CHUNK] key);

impl<const CHUNK: usize> ChunkHash for Mmh64Kernel<CHUNK> {
    chunk_hash_frame!(lanes = 1, bits = 64, family = MMH64, engine = Engine64);

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let s = self.engine.mmh64_sum(self.key.words(), chunk);
        out[0] = p64::reduce(s) as u64;
    }

    /// Zero words add nothing to the sum: only the 64-bit words holding
    /// message bytes are multiplied.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        self.hash_chunk(chunk.get(..used.div_ceil(8) * 8).unwrap_or(chunk), out);
    }

    /// The tail's whole 64-bit words through the kernel, its last partial
    /// word (zero-padded) added here: zero words add nothing.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let full = tail.len() & !7;
        let key = self.key.words();
        let mut s = self.engine.mmh64_sum(key, &tail[..full]);
        if full < tail.len() {
            let mut w = [0u8; 8];
            w[..tail.len() - full].copy_from_slice(&tail[full..]);
            let x = key.get(full / 8).copied().unwrap_or(0);
            s = s.wrapping_add(u128::from(u64::from_le_bytes(w)) * u128::from(x));
        }
        out[0] = p64::reduce(s) as u64;
    }
}
