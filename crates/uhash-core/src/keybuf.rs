//! Heap storage for a long key (and for a long-message chunk buffer):
//! 64-byte aligned (so that a SIMD load at a block boundary never splits a
//! cache line), zeroized on drop, never printed. Feature `alloc`; shared by
//! the family crates whose level-1 keys are one chunk long.

use alloc::vec::Vec;
use zeroize::Zeroize;

use crate::Error;
use crate::kdf::KeyStream;

/// `len` words of type `T`, the first one 64-byte aligned (`Debug` shows
/// only the length).
pub struct KeyWords<T: Copy + Default + Zeroize> {
    buf: Vec<T>,
    off: usize,
    len: usize,
}

impl<T: Copy + Default + Zeroize> KeyWords<T> {
    /// Extra words allocated so that an aligned start exists.
    const SLACK: usize = 64 / core::mem::size_of::<T>();

    /// `len` words, filled in order by `next`.
    pub fn from_fn(len: usize, mut next: impl FnMut() -> T) -> Self {
        let mut buf = alloc::vec![T::default(); len + Self::SLACK];
        let off = buf.as_ptr().align_offset(64).min(Self::SLACK);
        for w in buf.iter_mut().skip(off).take(len) {
            *w = next();
        }
        Self { buf, off, len }
    }

    /// A copy of `words`.
    #[must_use]
    pub fn from_slice(words: &[T]) -> Self {
        let mut it = words.iter();
        Self::from_fn(words.len(), || it.next().copied().unwrap_or_default())
    }

    /// The first `len` words of `key` (a longer key is used by its
    /// prefix).
    ///
    /// # Errors
    /// [`Error::KeyTooShort`] when `key` holds fewer than `len` words.
    pub fn from_prefix(key: &[T], len: usize) -> Result<Self, Error> {
        key.get(..len)
            .map(Self::from_slice)
            .ok_or(Error::KeyTooShort {
                needed: len,
                got: key.len(),
            })
    }

    /// The words.
    #[inline(always)]
    pub fn words(&self) -> &[T] {
        self.buf.get(self.off..self.off + self.len).unwrap_or(&[])
    }

    /// The words, mutably.
    #[inline(always)]
    pub fn words_mut(&mut self) -> &mut [T] {
        self.buf
            .get_mut(self.off..self.off + self.len)
            .unwrap_or(&mut [])
    }
}

/// A key word that [`KeyWords::from_stream`] reads from a key stream:
/// `u32` ([`KeyStream::next_u32`]) or `u64` ([`KeyStream::next_u64`]),
/// little-endian.
pub trait StreamWord: Copy + Default + Zeroize {
    /// The next word of `stream`.
    fn next_from(stream: &mut KeyStream) -> Self;
}

impl StreamWord for u32 {
    fn next_from(stream: &mut KeyStream) -> Self {
        stream.next_u32()
    }
}

impl StreamWord for u64 {
    fn next_from(stream: &mut KeyStream) -> Self {
        stream.next_u64()
    }
}

impl<T: StreamWord> KeyWords<T> {
    /// `len` words from the front of a key stream, little-endian.
    #[must_use]
    pub fn from_stream(stream: &mut KeyStream, len: usize) -> Self {
        Self::from_fn(len, || T::next_from(stream))
    }
}

impl<T: Copy + Default + Zeroize> Zeroize for KeyWords<T> {
    fn zeroize(&mut self) {
        self.buf.zeroize();
        self.buf.resize(self.len + Self::SLACK, T::default());
    }
}

impl<T: Copy + Default + Zeroize> Clone for KeyWords<T> {
    fn clone(&self) -> Self {
        Self::from_slice(self.words())
    }
}

impl<T: Copy + Default + Zeroize> Drop for KeyWords<T> {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

impl<T: Copy + Default + Zeroize> core::fmt::Debug for KeyWords<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyWords")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// The chunk buffer of a long-message kernel whose chunks are too large
/// for the stack ([`crate::long::ChunkHash::Chunk`]): `len` bytes on the
/// heap, 64-byte aligned, zeroized on drop (it holds message bytes).
#[derive(Clone)]
pub struct ChunkBuf(KeyWords<u8>);

impl ChunkBuf {
    /// `len` zero bytes.
    #[must_use]
    pub fn zeroed(len: usize) -> Self {
        Self(KeyWords::from_fn(len, || 0))
    }
}

impl AsRef<[u8]> for ChunkBuf {
    fn as_ref(&self) -> &[u8] {
        self.0.words()
    }
}

impl AsMut<[u8]> for ChunkBuf {
    fn as_mut(&mut self) -> &mut [u8] {
        self.0.words_mut()
    }
}

impl Zeroize for ChunkBuf {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl core::fmt::Debug for ChunkBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ChunkBuf")
            .field("bytes", &self.0.words().len())
            .finish_non_exhaustive()
    }
}

/// Checks a chunk size chosen at run time: a positive multiple of `unit`
/// bytes (the family's word or element size), at most `max` (the kernel's
/// `CHUNK_BYTES`).
///
/// # Errors
/// [`crate::Error::InvalidParameter`] otherwise.
pub fn check_chunk(chunk: usize, unit: usize, max: usize) -> Result<(), crate::Error> {
    if chunk == 0 || chunk > max || unit == 0 || !chunk.is_multiple_of(unit) {
        Err(crate::Error::InvalidParameter {
            name: "chunk",
            reason: "the chunk size must be a positive multiple of the family's word or \
                     element size, at most its default chunk",
        })
    } else {
        Ok(())
    }
}
