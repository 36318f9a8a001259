//! Ready-made long-message hashes and their Wegman–Carter MACs, with the
//! RustCrypto `universal_hash` traits.
//!
//! Each type is a [`SeededHash`] (a
//! [`LongHash`](uhash_base::long::LongHash) keyed from a seed) named by a
//! type alias, over one of the kernels of [`crate::long`]
//! with the default chunk ([`CHUNK_BYTES`], 16 KiB),
//! keyed from a 16-byte seed by [`uhash_base::kdf`]:
//!
//! | type | kernel | output | ε per message pair (c chunks) |
//! |---|---|---|---|
//! | [`Mmh32Hash`] | MMH32, 1 lane | 4 bytes | 6·2^-32 + (c+1)/2^128 + 6·2^-32 |
//! | [`Mmh32x2Hash`] | MMH32 Toeplitz, 2 lanes | 8 bytes | (12·2^-32 + (c+1)/2^128 + 6·2^-32)² |
//! | [`Mmh32x4Hash`] | MMH32 Toeplitz, 4 lanes | 16 bytes | (12·2^-32 + (c+1)/2^128 + 6·2^-32)⁴ |
//! | [`Nmh32Hash`] | NMH32 | 4 bytes | 12·2^-32 + (c+1)/2^128 + 6·2^-32 |
//! | [`Mmh64Hash`] | MMH64 | 8 bytes | 6·2^-64 + (c+1)/2^128 + 6·2^-64 |
//! | [`NhHash`] | NH, 1 lane | 8 bytes | 2^-32 + (c+1)/2^128 + 6·2^-64 |
//! | [`Nhx2Hash`] | NH Toeplitz, 2 lanes | 16 bytes | (2^-32 + (c+1)/2^128 + 6·2^-64)² |
//! | [`Nhx4Hash`] | NH Toeplitz, 4 lanes | 32 bytes | (2^-32 + (c+1)/2^128 + 6·2^-64)⁴ |
//!
//! Each ε bounds Pr[H(M) − H(M′) = δ] lane by lane modulo 2^b (b the lane
//! width) for any M ≠ M′ and δ: the hashes are ε-AΔU in their output group,
//! which is what the Wegman–Carter MAC needs (`uhash_base::long` gives the
//! proof; the level-1 terms are derived in the crate docs). The MAC aliases
//! ([`Mmh32Mac`], …) are [`WegmanCarter`] over these types: a forgery
//! attempt succeeds with probability at most ε plus AES's PRF advantage.
//!
//! A `SeededHash` whose output size is not its kernel's lanes times their
//! bytes does not compile:
//!
//! ```compile_fail,E0080
//! use uhash_base::long::SeededHash;
//! let h = SeededHash::<uhash_mmh::long::Mmh32Kernel<1>, 8>::from_seed(&[0; 16]);
//! ```
//!
//! # The `UniversalHash` trait
//! `BlockSize` is the output size and `ParBlocksSize` one chunk's worth of
//! blocks; `KeyInit` takes the 16-byte seed. The trait and the byte API
//! feed one state, and every input path **appends bytes to the message**:
//!
//! * `UniversalHash::update(&[block])` appends the bytes of its blocks (a
//!   whole chunk of blocks goes to the kernel without a copy);
//! * `update_padded(d)` appends d followed by zeros up to the next multiple
//!   of `BlockSize` of d's own length (the trait's definition);
//! * `UniversalHash::finalize` returns the hash of the bytes appended so
//!   far, whose length L (level 2's last coefficient) counts every appended
//!   byte, padding included.
//!
//! So the trait path and the byte API (`update(&[u8])`, `finalize`) agree
//! exactly when the trait is given whole blocks, or `update_padded` data
//! whose length is a multiple of the block size; otherwise `update_padded`
//! hashes the zero-padded message, with the padded length. For messages of
//! any length use the byte API: it accepts any split and encodes the true
//! length.

use uhash_base::long::{ChunkHash, SeededHash, SeededKernel};
use uhash_base::mac::WegmanCarter;
use uhash_base::{Error, kdf};

use crate::kernels::{Engine32, Engine64};
use crate::long::{CHUNK_BYTES, Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};

/// MMH32 (Definition 5) over messages of any length: 16 KiB chunks, one
/// 32-bit lane; 16-byte seed, 4-byte output. ε ≤ 6·2^-32 + (c+1)/2^128 +
/// 6·2^-32 for messages of c chunks (AΔU mod 2^32).
pub type Mmh32Hash = SeededHash<Mmh32Kernel<1>, 4>;
/// The Wegman–Carter MAC over [`Mmh32Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Mmh32Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Mmh32Mac::new(hash, &pad_key)`.
pub type Mmh32Mac = WegmanCarter<Mmh32Hash>;

/// MMH32 with the Toeplitz construction (§2.4), two lanes, over messages
/// of any length: 16-byte seed, 8-byte output (the paper's
/// "high-security" 64-bit variant of §3.3). ε ≤ (12·2^-32 + (c+1)/2^128 +
/// 6·2^-32)² for c chunks (AΔU lane by lane mod 2^32).
pub type Mmh32x2Hash = SeededHash<Mmh32Kernel<2>, 8>;
/// The Wegman–Carter MAC over [`Mmh32x2Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Mmh32x2Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Mmh32x2Mac::new(hash, &pad_key)`.
pub type Mmh32x2Mac = WegmanCarter<Mmh32x2Hash>;

/// MMH32 with the Toeplitz construction, four lanes, over messages of
/// any length: 16-byte seed, 16-byte output. ε ≤ (12·2^-32 +
/// (c+1)/2^128 + 6·2^-32)⁴ for c chunks.
pub type Mmh32x4Hash = SeededHash<Mmh32Kernel<4>, 16>;
/// The Wegman–Carter MAC over [`Mmh32x4Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Mmh32x4Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Mmh32x4Mac::new(hash, &pad_key)`.
pub type Mmh32x4Mac = WegmanCarter<Mmh32x4Hash>;

/// NMH32 (Definition 10) over messages of any length: one 32-bit lane;
/// 16-byte seed, 4-byte output. ε ≤ 12·2^-32 + (c+1)/2^128 + 6·2^-32
/// for c chunks.
pub type Nmh32Hash = SeededHash<Nmh32Kernel, 4>;
/// The Wegman–Carter MAC over [`Nmh32Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Nmh32Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Nmh32Mac::new(hash, &pad_key)`.
pub type Nmh32Mac = WegmanCarter<Nmh32Hash>;

/// MMH64 (§3.2's 64-bit variant) over messages of any length: one 64-bit
/// lane; 16-byte seed, 8-byte output. ε ≤ 6·2^-64 + (c+1)/2^128 +
/// 6·2^-64 for c chunks.
pub type Mmh64Hash = SeededHash<Mmh64Kernel, 8>;
/// The Wegman–Carter MAC over [`Mmh64Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Mmh64Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Mmh64Mac::new(hash, &pad_key)`.
pub type Mmh64Mac = WegmanCarter<Mmh64Hash>;

/// NH (UMAC) over messages of any length: one 64-bit lane; 16-byte seed,
/// 8-byte output. ε ≤ 2^-32 + (c+1)/2^128 + 6·2^-64 for c chunks (AΔU
/// mod 2^64: level 3 restores Δ-universality).
pub type NhHash = SeededHash<NhKernel<1>, 8>;
/// The Wegman–Carter MAC over [`NhHash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `NhMac::from_seed(&seed)` (the hash from a seed derived under label
/// (family, lanes, 0xfe, 0), never the seed itself; the pad key under (family,
/// lanes, 0xff, 0)) or `NhMac::new(hash, &pad_key)`.
pub type NhMac = WegmanCarter<NhHash>;

/// NH with the Toeplitz construction, two lanes (key shifted by two
/// words), over messages of any length: 16-byte seed, 16-byte output.
/// ε ≤ (2^-32 + (c+1)/2^128 + 6·2^-64)² for c chunks.
pub type Nhx2Hash = SeededHash<NhKernel<2>, 16>;
/// The Wegman–Carter MAC over [`Nhx2Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Nhx2Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Nhx2Mac::new(hash, &pad_key)`.
pub type Nhx2Mac = WegmanCarter<Nhx2Hash>;

/// NH with the Toeplitz construction, four lanes, over messages of any
/// length: 16-byte seed, 32-byte output. ε ≤ (2^-32 + (c+1)/2^128 +
/// 6·2^-64)⁴ for c chunks.
pub type Nhx4Hash = SeededHash<NhKernel<4>, 32>;
/// The Wegman–Carter MAC over [`Nhx4Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Nhx4Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Nhx4Mac::new(hash, &pad_key)`.
pub type Nhx4Mac = WegmanCarter<Nhx4Hash>;

impl<const N: usize, const CHUNK: usize> SeededKernel for Mmh32Kernel<N, CHUNK> {
    type Engine = Engine32;

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine32) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine32 {
        Mmh32Kernel::engine(self)
    }
}

impl<const CHUNK: usize> SeededKernel for Nmh32Kernel<CHUNK> {
    type Engine = Engine32;

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine32) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine32 {
        Nmh32Kernel::engine(self)
    }
}

impl<const CHUNK: usize> SeededKernel for Mmh64Kernel<CHUNK> {
    type Engine = Engine64;

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine64) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine64 {
        Mmh64Kernel::engine(self)
    }
}

impl<const N: usize, const CHUNK: usize> SeededKernel for NhKernel<N, CHUNK> {
    type Engine = Engine32;

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine32) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine32 {
        NhKernel::engine(self)
    }
}

/// `ParBlocksSize` (`uhash_base::long::BlockSizes`: 16 KiB of blocks) is
/// exactly one chunk.
const _: () = assert!(CHUNK_BYTES == 16 * 1024);
