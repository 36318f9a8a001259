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

#[cfg(doc)]
use uhash_base::kdf::family;
#[cfg(doc)]
use uhash_base::long::{ChunkHash, LongHash};

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

mod chunk;
// After the macros above, which the kernel files use.
mod mmh32_kernel;
mod mmh64_kernel;
mod nh_kernel;
mod nmh32_kernel;

pub use chunk::CHUNK_BYTES;
pub use mmh32_kernel::Mmh32Kernel;
pub use mmh64_kernel::Mmh64Kernel;
pub use nh_kernel::NhKernel;
pub use nmh32_kernel::Nmh32Kernel;
