//! Level-1 kernels for [`uhash_core::long`]: the paper functions over one
//! chunk, for messages of any length.
//!
//! Each kernel is a [`ChunkHash`]; [`LongHash`]`<kernel>` is then the
//! three-level construction of `uhash_core::long` (kernel → polynomial mod
//! 2^130 − 5 → MMH to the lane width), keyed from a 16-byte seed. The
//! ready-made types of [`crate::hash`] wrap the common configurations.
//!
//! | kernel | family id | lanes | lane bits | level-1 key (from the key stream of label (family, lanes, 1, 0)) | chunk bytes must be a multiple of |
//! |---|---|---|---|---|---|
//! | [`Mmh32Kernel`]`<N>` | `0x0101` (257) | N ∈ 1..=8 | 32 | C/4 + N − 1 words, LE | 4 |
//! | [`Nmh32Kernel`] | `0x0102` (258) | 1 | 32 | C/4 words, LE | 8 |
//! | [`Mmh64Kernel`] | `0x0103` (259) | 1 | 64 | C/8 64-bit words, LE | 8 |
//! | [`NhKernel`]`<N>` | `0x0104` (260) | N ∈ 1..=8 | 64 | C/4 + 2(N − 1) words, LE | 8 |
//!
//! C is the chunk size: `CHUNK` (the type parameter, [`CHUNK_BYTES`] by
//! default) or a smaller size chosen with `from_key_stream_with`. Lane r
//! of a chunk is the paper function of its words under the key window
//! shifted by r words (MMH32) or 2r words (NH): the Toeplitz constructions.
//! MMH32 and NH with these layouts are exactly the compositions that
//! `uhash kat` names `long_hash`/`long_mac` with `family` 257 and 260 (and
//! the same `chunk` parameter).
//!
//! # Bounds
//! `uhash_core::long` proves (ε₁ + ε₂ + ε₃)^n for n lanes, with
//! ε₂ = (c+1)/2^128 for c chunks and ε₃ = 6·2^-b for b-bit lanes, given a
//! level-1 collision bound ε₁ per lane such that any set T of lanes
//! collides together with probability ≤ ε₁^|T|. Here (see the crate docs
//! for the derivations): MMH32 lanes ε₁ = 12·2^-32 (a set T of Toeplitz rows
//! collides with probability ≤ ½·(12·2^-32)^|T|; one row: 6·2^-32),
//! NMH32 ε₁ = 12·2^-32, MMH64 ε₁ = 6·2^-64, NH ε₁ = 2^-32 (UMAC's Toeplitz
//! theorem: any T rows together 2^(−32|T|)).
//!
//! # Cost
//! Zero padding of the last chunk costs nothing for the linear kernels
//! (MMH32, MMH64: zero words add nothing, so only the words holding message
//! bytes are multiplied). For NMH32 and NH zero words do add something
//! ((0 + k)(0 + k′) ≠ 0): the kernels keep a table of what the all-zero rest
//! of a chunk adds from each 64-byte block on (8 bytes per block and lane,
//! computed with the key), so a short last chunk costs NH over its used
//! blocks plus one table entry.

use uhash_core::kdf::{KeyStream, family};
use uhash_core::long::{ChunkHash, MAX_LANES};
use uhash_core::{Error, p32, p64, toeplitz};

use crate::engine::{Engine32, Engine64};
use crate::keybuf::KeyWords;

#[cfg(doc)]
use uhash_core::long::LongHash;

/// The default chunk size: 16 KiB. The level-1 key is as long (plus a few
/// words), so it stays in the first-level data cache next to the message
/// stream, while level 2 (one multiplication mod 2^130 − 5 per chunk and
/// lane) and the per-message finish stay a few percent of the kernel's work
/// on long messages.
pub const CHUNK_BYTES: usize = 16 * 1024;

/// Checks a chunk size chosen at run time.
fn check_chunk(chunk: usize, unit: usize, max: usize) -> Result<(), Error> {
    if chunk == 0 || chunk > max || !chunk.is_multiple_of(unit) {
        Err(Error::InvalidParameter {
            name: "chunk",
            reason: if unit == 4 {
                "the chunk size must be a positive multiple of 4 bytes, at most CHUNK"
            } else {
                "the chunk size must be a positive multiple of 8 bytes, at most CHUNK"
            },
        })
    } else {
        Ok(())
    }
}

/// `len` 32-bit little-endian words from the key stream.
fn stream_words32(ks: &mut KeyStream, len: usize) -> KeyWords<u32> {
    KeyWords::from_fn(len, || ks.next_u32())
}

/// The chunk buffer of the kernels' [`LongHash`]: `CHUNK` bytes on the
/// heap, 64-byte aligned (a buffered chunk is then read without cache-line
/// splits), zeroized on drop.
#[derive(Clone)]
pub struct ChunkBuf(KeyWords<u8>);

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

impl zeroize::Zeroize for ChunkBuf {
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

/// A zeroed chunk buffer.
fn zeroed(len: usize) -> ChunkBuf {
    ChunkBuf(KeyWords::from_fn(len, || 0))
}

/// The whole 32-bit words of `chunk` that hold its first `used` bytes.
fn words_used(used: usize, chunk: &[u8]) -> &[u8] {
    chunk.get(..used.div_ceil(4) * 4).unwrap_or(chunk)
}

/// The accessors every kernel has.
/// Bytes per block of the NH padding table.
const PAD_BLOCK: usize = 64;

/// For NH and NMH32: what the zero padding of a chunk adds. Entry
/// (b, r) is Σ k_{2p+2r}·k_{2p+1+2r} mod 2^64 over the pairs p from block
/// b (64 bytes, 8 pairs) to the end of the chunk, i.e. NH of all-zero words
/// from byte 64b on, under lane r's key window. A short last chunk then
/// costs NH over its used blocks plus one table entry, instead of NH over
/// the whole padded chunk. Derived from the key: zeroized on drop.
fn nh_pad_table(key: &[u32], chunk: usize, lanes: usize) -> KeyWords<u64> {
    let blocks = chunk.div_ceil(PAD_BLOCK);
    let pairs = chunk / 8;
    let mut table = alloc::vec![0u64; (blocks + 1) * lanes];
    for r in 0..lanes {
        let mut s = 0u64;
        for b in (0..blocks).rev() {
            for p in (8 * b..(8 * b + 8).min(pairs)).rev() {
                let k0 = key.get(2 * p + 2 * r).copied().unwrap_or(0);
                let k1 = key.get(2 * p + 1 + 2 * r).copied().unwrap_or(0);
                s = s.wrapping_add(u64::from(k0) * u64::from(k1));
            }
            table[b * lanes + r] = s;
        }
    }
    let mut it = table.iter();
    let out = KeyWords::from_fn(table.len(), || it.next().copied().unwrap_or(0));
    zeroize::Zeroize::zeroize(&mut table);
    out
}

/// NH sums of the chunk `chunk[..used] ‖ 0…` (its bytes from `used` on are
/// zero): the whole blocks holding message bytes through the kernel, the
/// rest from the padding table.
fn nh_padded<const N: usize>(
    engine: Engine32,
    key: &[u32],
    table: &[u64],
    chunk: &[u8],
    used: usize,
) -> [u64; N] {
    let cut = (used.div_ceil(PAD_BLOCK) * PAD_BLOCK).min(chunk.len());
    let mut sums = engine.nh_sums::<N>(key, chunk.get(..cut).unwrap_or(chunk));
    if cut < chunk.len() {
        let b = cut / PAD_BLOCK;
        for (r, s) in sums.iter_mut().enumerate() {
            *s = s.wrapping_add(table.get(b * N + r).copied().unwrap_or(0));
        }
    }
    sums
}

macro_rules! kernel_accessors {
    ($engine:ty) => {
        /// The backend in use.
        #[must_use]
        pub fn engine(&self) -> $engine {
            self.engine
        }

        /// The chunk size C in bytes.
        #[must_use]
        pub fn chunk(&self) -> usize {
            self.chunk
        }
    };
}

/// `Clone` (the key is copied into a new aligned buffer) and `Debug` (no
/// key bytes) for a kernel.
macro_rules! kernel_traits {
    ($name:ident [$($p:tt)*] [$($a:tt)*] $($field:ident)*) => {
        impl<$($p)*> Clone for $name<$($a)*> {
            fn clone(&self) -> Self {
                Self {
                    $($field: self.$field.clone(),)*
                    chunk: self.chunk,
                    engine: self.engine,
                }
            }
        }

        impl<$($p)*> core::fmt::Debug for $name<$($a)*> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("lanes", &<Self as ChunkHash>::LANES)
                    .field("chunk", &self.chunk)
                    .field("backend", &self.engine.backend())
                    .finish_non_exhaustive()
            }
        }
    };
}
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
            stream_words32(ks, chunk / 4 + N - 1),
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
        crate::fixed::key_words(key.len(), needed)?;
        let mut it = key.iter();
        Ok(Self::with_key(
            KeyWords::from_fn(needed, || it.next().copied().unwrap_or(0)),
            chunk,
            engine,
        ))
    }

    kernel_accessors!(Engine32);
}

kernel_traits!(Mmh32Kernel [const N: usize, const CHUNK: usize] [N, CHUNK] key);

impl<const N: usize, const CHUNK: usize> ChunkHash for Mmh32Kernel<N, CHUNK> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 32;
    const FAMILY: u16 = family::MMH32;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        zeroed(CHUNK)
    }

    /// C = `CHUNK`, the detected backend.
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, CHUNK, Engine32::detect())
    }

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

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}

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
        let key = stream_words32(ks, chunk / 4 + 2 * (N - 1));
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
        crate::fixed::key_words(key.len(), needed)?;
        let mut it = key.iter();
        let key = KeyWords::from_fn(needed, || it.next().copied().unwrap_or(0));
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, N),
            key,
            chunk,
            engine,
        })
    }

    kernel_accessors!(Engine32);
}

kernel_traits!(NhKernel [const N: usize, const CHUNK: usize] [N, CHUNK] key pad);

impl<const N: usize, const CHUNK: usize> ChunkHash for NhKernel<N, CHUNK> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 64;
    const FAMILY: u16 = family::NH;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        zeroed(CHUNK)
    }

    /// C = `CHUNK`, the detected backend.
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, CHUNK, Engine32::detect())
    }

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

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}

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
        let key = stream_words32(ks, chunk / 4);
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
        crate::fixed::key_words(key.len(), chunk / 4)?;
        let mut it = key.iter();
        let key = KeyWords::from_fn(chunk / 4, || it.next().copied().unwrap_or(0));
        Ok(Self {
            pad: nh_pad_table(key.words(), chunk, 1),
            key,
            chunk,
            engine,
        })
    }

    kernel_accessors!(Engine32);
}

kernel_traits!(Nmh32Kernel [const CHUNK: usize] [CHUNK] key pad);

impl<const CHUNK: usize> ChunkHash for Nmh32Kernel<CHUNK> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = 1;
    const LANE_BITS: u32 = 32;
    const FAMILY: u16 = family::NMH32;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        zeroed(CHUNK)
    }

    /// C = `CHUNK`, the detected backend.
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, CHUNK, Engine32::detect())
    }

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

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}

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
            key: KeyWords::from_fn(chunk / 8, || ks.next_u64()),
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
        crate::fixed::key_words(key.len(), chunk / 8)?;
        let mut it = key.iter();
        Ok(Self {
            key: KeyWords::from_fn(chunk / 8, || it.next().copied().unwrap_or(0)),
            chunk,
            engine,
        })
    }

    kernel_accessors!(Engine64);
}

kernel_traits!(Mmh64Kernel [const CHUNK: usize] [CHUNK] key);

impl<const CHUNK: usize> ChunkHash for Mmh64Kernel<CHUNK> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = 1;
    const LANE_BITS: u32 = 64;
    const FAMILY: u16 = family::MMH64;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        zeroed(CHUNK)
    }

    /// C = `CHUNK`, the detected backend.
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, CHUNK, Engine64::detect())
    }

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

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}
