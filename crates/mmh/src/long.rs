//! Level-1 kernels for [`uhash_base::long`]: the paper functions over one
//! chunk, for messages of any length.
//!
//! Each kernel is a [`ChunkHash`]; [`LongHash`]`<kernel>` is then the
//! three-level construction of `uhash_base::long` (kernel → polynomial mod
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
//! `uhash_base::long` proves (ε₁ + ε₂ + ε₃)^n for n lanes, with
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

use uhash_base::kdf::KeyStream;
#[cfg(doc)]
use uhash_base::kdf::family;
use uhash_base::keybuf::KeyWords;
#[cfg(doc)]
use uhash_base::long::{ChunkHash, LongHash};

use crate::kernels::{Engine32, Kernels32};

/// The default chunk size: 16 KiB. The level-1 key is as long (plus a few
/// words), so it stays in the first-level data cache next to the message
/// stream, while level 2 (one multiplication mod 2^130 − 5 per chunk and
/// lane) and the per-message finish stay a few percent of the kernel's work
/// on long messages.
pub const CHUNK_BYTES: usize = 16 * 1024;

/// `len` 32-bit little-endian words from the key stream.
pub(crate) fn stream_words32(ks: &mut KeyStream, len: usize) -> KeyWords<u32> {
    KeyWords::from_fn(len, || ks.next_u32())
}

/// The whole 32-bit words of `chunk` that hold its first `used` bytes.
pub(crate) fn words_used(used: usize, chunk: &[u8]) -> &[u8] {
    chunk.get(..used.div_ceil(4) * 4).unwrap_or(chunk)
}

/// Bytes per block of the NH padding table.
pub(crate) const PAD_BLOCK: usize = 64;

/// For NH and NMH32: what the zero padding of a chunk adds. Entry
/// (b, r) is Σ k_{2p+2r}·k_{2p+1+2r} mod 2^64 over the pairs p from block
/// b (64 bytes, 8 pairs) to the end of the chunk, i.e. NH of all-zero words
/// from byte 64b on, under lane r's key window. A short last chunk then
/// costs NH over its used blocks plus one table entry, instead of NH over
/// the whole padded chunk. Derived from the key: zeroized on drop.
pub(crate) fn nh_pad_table(key: &[u32], chunk: usize, lanes: usize) -> KeyWords<u64> {
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
pub(crate) fn nh_padded<const N: usize>(
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

/// NH sums of the last chunk of a message given only its bytes `tail`
/// (1..`chunk` of them; the chunk is `chunk` bytes): the whole 64-byte
/// blocks where they lie, the last partial block zero-padded on the stack,
/// the rest from the padding table — the same value as [`nh_padded`] of
/// the zero-padded chunk, without a chunk-sized buffer.
pub(crate) fn nh_tail<const N: usize>(
    engine: Engine32,
    key: &[u32],
    table: &[u64],
    chunk: usize,
    tail: &[u8],
) -> [u64; N] {
    let full = tail.len() / PAD_BLOCK * PAD_BLOCK;
    let mut sums = engine.nh_sums::<N>(key, &tail[..full]);
    let rest = &tail[full..];
    let mut cut = full;
    if !rest.is_empty() {
        let mut block = [0u8; PAD_BLOCK];
        block[..rest.len()].copy_from_slice(rest);
        let n = (chunk - full).min(PAD_BLOCK);
        let last = engine.nh_sums::<N>(key.get(full / 4..).unwrap_or(&[]), &block[..n]);
        for (s, l) in sums.iter_mut().zip(last) {
            *s = s.wrapping_add(l);
        }
        cut += n;
    }
    if cut < chunk {
        let b = cut / PAD_BLOCK;
        for (r, s) in sums.iter_mut().enumerate() {
            *s = s.wrapping_add(table.get(b * N + r).copied().unwrap_or(0));
        }
    }
    sums
}

/// The accessors every kernel has.
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

/// The items of `ChunkHash` every kernel fills the same way: its constants,
/// a zeroed chunk buffer of C = `CHUNK` bytes, construction with the
/// detected backend, the chunk size.
macro_rules! chunk_hash_frame {
    (lanes = $lanes:expr, bits = $bits:literal, family = $family:ident, engine = $engine:ty) => {
        const CHUNK_BYTES: usize = CHUNK;
        const LANES: usize = $lanes;
        const LANE_BITS: u32 = $bits;
        const FAMILY: u16 = family::$family;
        type Chunk = ChunkBuf;

        fn zero_chunk() -> Self::Chunk {
            ChunkBuf::zeroed(CHUNK)
        }

        /// C = `CHUNK`, the detected backend.
        fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
            Self::from_key_stream_with(ks, CHUNK, <$engine>::detect())
        }

        fn chunk_bytes(&self) -> usize {
            self.chunk
        }
    };
}

// After the macros above, which the kernel files use.
mod mmh32;
mod mmh64;
mod nh;
mod nmh32;

pub use mmh32::Mmh32Kernel;
pub use mmh64::Mmh64Kernel;
pub use nh::NhKernel;
pub use nmh32::Nmh32Kernel;
