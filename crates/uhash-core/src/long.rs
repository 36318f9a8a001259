//! Messages of any length: the three-level construction of MMH §2.4/§3.4
//! (and UMAC's UHASH), built once for every multilinear family.
//!
//! # Definition
//! A family supplies a level-1 kernel ([`ChunkHash`]): its paper function
//! over chunks of C = [`ChunkHash::chunk_bytes`] bytes (by default
//! `CHUNK_BYTES`) with `LANES` output words ("lanes":
//! Toeplitz rows, digestMW words), each below 2^64. For a message M of
//! L bytes:
//!
//! 1. **Level 1.** Split M into c = ⌈L / C⌉ chunks; zero-pad the
//!    last one to a full chunk (an empty message has no chunk). Lane i of
//!    chunk j is y_{i,j} = L1_i(chunk_j) ∈ [0, 2^64).
//! 2. **Level 2.** Per lane, polynomial evaluation modulo p = 2^130 − 5 with
//!    key k_i (16 bytes read little-endian, any value below 2^128) over the
//!    chunk outputs followed by the byte length:
//!    z_i = (y_{i,1}·k_i^{c+1} + … + y_{i,c}·k_i^2 + L·k_i) mod p.
//! 3. **Level 3.** Per lane, compress z_i to the lane width b ∈ {32, 64}:
//!    * b = 32: MMH32 (Def. 5) over the five 32-bit words of z_i
//!      (little-endian; the fifth holds bits 128–129) with a 5-word key:
//!      [[Σ z_{i,t}·x_{i,t}] mod 2^64] mod (2^32+15) mod 2^32;
//!    * b = 64: the 64-bit analogue (MMH §3.2) over the three 64-bit words
//!      of z_i with a 3-word key: [[Σ z_{i,t}·x_{i,t}] mod 2^128] mod
//!      (2^64+13) mod 2^64.
//!
//! The output is lane 0 ‖ lane 1 ‖ …, each lane b/8 bytes little-endian.
//!
//! # Length encoding
//! The byte length L enters level 2 as the last coefficient. Two messages of
//! equal length have the same chunk count; two of different lengths have
//! different coefficients of k^1. Zero-padding is therefore unambiguous.
//!
//! # Collision bound (proof sketch)
//! Let ε₁ be the family's bound for one lane on one chunk (for Toeplitz
//! lanes: any set T of lanes collides together with probability at most
//! ε₁^|T|), and c the number of chunks of the longer message.
//! * Level 2: for different coefficient sequences (y…, L) ≠ (y′…, L′) the
//!   difference is a non-zero polynomial of degree ≤ c+1 in k with no
//!   constant term, so it has at most c+1 roots; k is uniform over 2^128
//!   values: ε₂ = (c+1)/2^128.
//! * Level 3: MMH32 is 6·2^-32-AΔU for any number of words (Thm. 8: the
//!   proof of Lemma 7 only needs that one product adds at most one carry);
//!   the same argument with 64-bit words and p = 2^64+13 gives 6·2^-64:
//!   ε₃ = 6·2^-b.
//! * One lane: if the level-1 outputs of M and M′ agree in every chunk
//!   (probability ≤ ε₁ for the chunk where M and M′ differ, or 0 when only
//!   the lengths differ), the level-2 inputs still differ only through L;
//!   otherwise level 2 collides with probability ≤ ε₂, and otherwise level 3
//!   hits any fixed difference with probability ≤ ε₃. So each lane is
//!   (ε₁ + ε₂ + ε₃)-AΔU (mod 2^b).
//! * n lanes: keys of levels 2 and 3 are independent per lane. Let D be the
//!   set of lanes whose level-2 inputs (chunk outputs, then L) differ; a lane
//!   outside D has difference 0, a lane in D hits its δᵢ with probability
//!   ≤ ε₂ + ε₃ independently of the others, and Pr[D = S] ≤ ε₁^(n−|S|) (the
//!   lanes outside S collide at level 1 on the chunk where M and M′ differ).
//!   So Pr[all lanes hit δ] ≤ Σ_S ε₁^(n−|S|)·(ε₂+ε₃)^|S| = (ε₁ + ε₂ + ε₃)^n.
//!
//! Example: MMH32, 1 KiB chunks, n = 2 Toeplitz lanes, a 1 GiB message
//! (c = 2^20). For Toeplitz lanes ε₁ is the per-lane factor of the joint
//! bound: any set T of MMH32 Toeplitz rows collides with probability at
//! most ½·(12·2^-32)^|T| (mmh's crate docs), so ε₁ = 12·2^-32 (not the
//! single-row 6·2^-32):
//! ε ≤ (12·2^-32 + (2^20+1)/2^128 + 6·2^-32)^2 ≈ (18·2^-32)^2 = 324·2^-64 ≈ 2^-55.7.
//!
//! # Cost
//! Per chunk and lane about one multiplication modulo 2^130−5: chunks are
//! taken four at a time with the precomputed powers k², …, k⁵
//! ([`crate::p130::horner_powers`]: 27 word products and one carry for four Horner
//! steps), and the lanes' chains are independent, so they overlap in the
//! pipeline. The last (up to four) chunks of a message join the length in
//! one such step, so the work after the last kernel is one short product
//! and a carry, then per lane one level-3 inner product of 5 or 3 words.
//! Families choose `CHUNK_BYTES` so that all this stays a few percent of
//! the chunk kernel.

mod hash;
mod key;
#[cfg(feature = "rayon")]
mod parallel;
mod seeded;
mod state;

pub use hash::LongHash;
pub use key::LongKey;
#[cfg(feature = "rayon")]
pub use parallel::MIN_SEGMENT_BYTES;
pub use seeded::{BlockSizes, OutBytes, SeededHash, SeededKernel};
pub use state::LongState;

use crate::{Error, kdf, p32, p64, wide};
use zeroize::Zeroize;

/// The most lanes a kernel may have.
pub const MAX_LANES: usize = 8;

/// A family's level-1 kernel: its paper function over one fixed-size chunk.
///
/// The chunk size is fixed per keyed kernel: [`ChunkHash::chunk_bytes`],
/// which is `CHUNK_BYTES` unless the kernel chose a smaller size when it was
/// keyed (for example to answer a known-answer record with another chunk
/// parameter). The key schedule and every output are functions of the chunk
/// size actually used.
pub trait ChunkHash: Clone {
    /// Message bytes per chunk, and the size of [`ChunkHash::Chunk`]: the
    /// largest chunk a kernel of this type may use.
    const CHUNK_BYTES: usize;
    /// Output lanes, 1..=[`MAX_LANES`].
    const LANES: usize;
    /// Width b of each final lane, 32 or 64.
    const LANE_BITS: u32;
    /// The family's identifier for key labels ([`kdf::family`]).
    const FAMILY: u16;
    /// A zeroed chunk buffer (`[0u8; CHUNK_BYTES]`).
    type Chunk: AsRef<[u8]> + AsMut<[u8]> + Clone + Zeroize;

    /// A zero-filled [`ChunkHash::Chunk`].
    fn zero_chunk() -> Self::Chunk;

    /// The kernel keyed from the front of a key stream (its level-1 label's
    /// [`kdf::KeyStream`]); the family documents the byte layout it reads.
    ///
    /// # Errors
    /// When the key read violates the family's rules.
    fn from_key_stream(stream: &mut kdf::KeyStream) -> Result<Self, Error>;

    /// Hash one chunk of exactly [`ChunkHash::chunk_bytes`] bytes into
    /// `out[..LANES]`.
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]);

    /// Message bytes per chunk of this keyed kernel, in 1..=`CHUNK_BYTES`
    /// (the default is `CHUNK_BYTES`).
    fn chunk_bytes(&self) -> usize {
        Self::CHUNK_BYTES
    }

    /// Hash the last, zero-padded chunk of a message: `chunk` is
    /// [`ChunkHash::chunk_bytes`] long and every byte from `used` on is zero.
    /// The output must equal [`ChunkHash::hash_chunk`]`(chunk)`, which is the
    /// default; a kernel for which zero words contribute nothing (a linear
    /// hash such as MMH) may skip the padding.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        let _ = used;
        self.hash_chunk(chunk, out);
    }

    /// Hash the last chunk of a message given only its bytes: `tail` is
    /// 1..[`ChunkHash::chunk_bytes`] bytes, to be zero-padded to a whole
    /// chunk. The output must equal [`ChunkHash::hash_chunk`] of the padded
    /// chunk. The default copies `tail` into a zeroed chunk (for a kernel
    /// whose chunk lives on the heap: one allocation per call); a linear
    /// kernel should pad only the last block on the stack instead — this is
    /// what a one-shot hash of a short message costs.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let mut c = Self::zero_chunk();
        let n = self.chunk_bytes();
        c.as_mut()[..tail.len()].copy_from_slice(tail);
        self.hash_padded_chunk(&c.as_ref()[..n], tail.len(), out);
        c.as_mut()[..tail.len()].zeroize();
    }
}

/// The accessors of a family's level-1 kernel, written inside the kernel's
/// `impl` block: `engine()` (the value of its field `engine`, of type
/// `$engine`) and `chunk()` (its field `chunk`, the chunk size C in bytes).
///
/// ```ignore
/// impl<const N: usize> Mmh32Kernel<N> {
///     uhash_base::kernel_accessors!(Engine32);
/// }
/// ```
#[macro_export]
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

/// Level-3 key of one lane: five 32-bit or three 64-bit words (unused words
/// are zero).
#[derive(Clone, Copy, Default)]
pub(crate) struct L3Key(pub(crate) [u64; 5]);

impl L3Key {
    pub(crate) const fn bytes(lane_bits: u32) -> usize {
        if lane_bits == 32 { 20 } else { 24 }
    }

    pub(crate) fn from_bytes(lane_bits: u32, b: &[u8]) -> Self {
        let mut k = [0u64; 5];
        let word_bytes = if lane_bits == 32 { 4 } else { 8 };
        for (i, chunk) in b.chunks_exact(word_bytes).take(5).enumerate() {
            let mut buf = [0u8; 8];
            buf[..word_bytes].copy_from_slice(chunk);
            k[i] = u64::from_le_bytes(buf);
        }
        Self(k)
    }
}

/// Level 3 for 32-bit lanes: MMH32 over the five 32-bit words of z.
#[inline]
#[must_use]
pub fn l3_mmh32(key: &[u32; 5], z: (u128, u64)) -> u32 {
    let (low, top) = z;
    // The five products written out: a fixed-length sum, not a loop.
    let sum = wide::mul32(low as u32, key[0])
        .wrapping_add(wide::mul32((low >> 32) as u32, key[1]))
        .wrapping_add(wide::mul32((low >> 64) as u32, key[2]))
        .wrapping_add(wide::mul32((low >> 96) as u32, key[3]))
        .wrapping_add(wide::mul32(top as u32, key[4]));
    p32::reduce_to_u32(sum)
}

/// Level 3 for 64-bit lanes: the 64-bit MMH analogue over the three 64-bit
/// words of z.
#[inline]
#[must_use]
pub fn l3_mmh64(key: &[u64; 3], z: (u128, u64)) -> u64 {
    let (low, top) = z;
    let sum = wide::mul64(low as u64, key[0])
        .wrapping_add(wide::mul64((low >> 64) as u64, key[1]))
        .wrapping_add(wide::mul64(top, key[2]));
    p64::reduce(sum) as u64
}

/// The hash's output bytes from its lane values: `LANES` lanes of
/// `LANE_BITS / 8` bytes, little-endian, lane 0 first.
pub(crate) fn write_lanes<H: ChunkHash>(lanes: &[u64; MAX_LANES], out: &mut [u8]) {
    let b = H::LANE_BITS as usize / 8;
    for (o, lane) in out.chunks_exact_mut(b).zip(lanes).take(H::LANES) {
        o.copy_from_slice(&lane.to_le_bytes()[..b]);
    }
}
