//! Ready-made long-message hashes over digestMW (b = 32) and their
//! Wegman–Carter MACs, with the RustCrypto `universal_hash` traits.
//!
//! Each type is a [`SeededHash`] (a
//! [`LongHash`](uhash_base::long::LongHash) keyed from a seed) named by a
//! type alias, over [`DigestMwKernel`]`<N>` with the default
//! chunk ([`CHUNK_BYTES`], 16 KiB), keyed from a 16-byte seed by
//! [`uhash_base::kdf`]; N = output bits / 32 lanes:
//!
//! | type | lanes | output | ε per message pair (c chunks) |
//! |---|---|---|---|
//! | [`DigestMw32Hash`] | 1 | 4 bytes | 2^-31 + (c+1)/2^128 + 6·2^-32 |
//! | [`DigestMw64Hash`] | 2 | 8 bytes | (2^-31 + (c+1)/2^128 + 6·2^-32)² |
//! | [`DigestMw128Hash`] | 4 | 16 bytes | (2^-31 + (c+1)/2^128 + 6·2^-32)⁴ |
//! | [`DigestMw256Hash`] | 8 | 32 bytes | (2^-31 + (c+1)/2^128 + 6·2^-32)⁸ |
//!
//! Each ε bounds Pr[H(M) − H(M′) = δ] lane by lane modulo 2^32 for any
//! M ≠ M′ (any lengths) and δ: the hashes are ε-AΔU, which is what the
//! Wegman–Carter MAC needs (`uhash_base::long` gives the proof; level 1 is
//! Theorem 3, see [`crate::long`]). Level 3 (MMH32, 6·2^-32) dominates: per
//! lane ε ≈ 2^-29. The MAC aliases ([`DigestMw32Mac`], …) are
//! [`WegmanCarter`] over these types: a forgery attempt succeeds with
//! probability at most ε plus AES's PRF advantage.
//!
//! # The `UniversalHash` trait
//! `BlockSize` is the output size and `ParBlocksSize` one chunk's worth of
//! blocks; `KeyInit` takes the 16-byte seed. The trait and the byte API
//! feed one state, and every input path **appends bytes to the message**:
//! `UniversalHash::update(&[block])` appends its blocks' bytes;
//! `update_padded(d)` appends d and zeros up to the next multiple of
//! `BlockSize`; `finalize` hashes the bytes appended so far (the length,
//! level 2's last coefficient, counts the padding). For messages of any
//! length use the byte API (`update(&[u8])`, `finalize`): it accepts any
//! split and encodes the true length.

use uhash_base::long::{ChunkHash, SeededHash, SeededKernel};
use uhash_base::mac::WegmanCarter;
use uhash_base::{Error, kdf};

use crate::kernels::Engine;
use crate::long::{CHUNK_BYTES, DigestMwKernel};

/// digestMW (b = 32, one word: digest, Eq. (1)) over messages of any
/// length: 16 KiB chunks, one 32-bit lane; 16-byte seed, 4-byte output.
/// ε ≤ 2^-31 + (c+1)/2^128 + 6·2^-32 for messages of c chunks (AΔU mod
/// 2^32).
pub type DigestMw32Hash = SeededHash<DigestMwKernel<1>, 4>;
/// The Wegman–Carter MAC over [`DigestMw32Hash`]: tag = hash + AES-128 pad,
/// lane by lane; 12-byte nonces (never reuse one under a key); a forgery
/// attempt succeeds with probability at most the hash's ε plus AES's PRF
/// advantage. Keyed by `DigestMw32Mac::from_seed(&seed)` (the hash from a seed
/// derived under label (family, lanes, 0xfe, 0), never the seed itself; the pad
/// key under (family, lanes, 0xff, 0)) or `DigestMw32Mac::new(hash, &pad_key)`.
pub type DigestMw32Mac = WegmanCarter<DigestMw32Hash>;

/// digestMW (b = 32, n = 2) over messages of any length: two 32-bit
/// lanes; 16-byte seed, 8-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
/// 6·2^-32)² for c chunks (AΔU lane by lane mod 2^32).
pub type DigestMw64Hash = SeededHash<DigestMwKernel<2>, 8>;
/// The Wegman–Carter MAC over [`DigestMw64Hash`]: tag = hash + AES-128 pad,
/// lane by lane; 12-byte nonces (never reuse one under a key); a forgery
/// attempt succeeds with probability at most the hash's ε plus AES's PRF
/// advantage. Keyed by `DigestMw64Mac::from_seed(&seed)` (the hash from a seed
/// derived under label (family, lanes, 0xfe, 0), never the seed itself; the pad
/// key under (family, lanes, 0xff, 0)) or `DigestMw64Mac::new(hash, &pad_key)`.
pub type DigestMw64Mac = WegmanCarter<DigestMw64Hash>;

/// digestMW (b = 32, n = 4) over messages of any length: four 32-bit
/// lanes; 16-byte seed, 16-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
/// 6·2^-32)⁴ for c chunks.
pub type DigestMw128Hash = SeededHash<DigestMwKernel<4>, 16>;
/// The Wegman–Carter MAC over [`DigestMw128Hash`]: tag = hash + AES-128 pad,
/// lane by lane; 12-byte nonces (never reuse one under a key); a forgery
/// attempt succeeds with probability at most the hash's ε plus AES's PRF
/// advantage. Keyed by `DigestMw128Mac::from_seed(&seed)` (the hash from a seed
/// derived under label (family, lanes, 0xfe, 0), never the seed itself; the pad
/// key under (family, lanes, 0xff, 0)) or `DigestMw128Mac::new(hash,
/// &pad_key)`.
pub type DigestMw128Mac = WegmanCarter<DigestMw128Hash>;

/// digestMW (b = 32, n = 8) over messages of any length: eight 32-bit
/// lanes; 16-byte seed, 32-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
/// 6·2^-32)⁸ for c chunks.
pub type DigestMw256Hash = SeededHash<DigestMwKernel<8>, 32>;
/// The Wegman–Carter MAC over [`DigestMw256Hash`]: tag = hash + AES-128 pad,
/// lane by lane; 12-byte nonces (never reuse one under a key); a forgery
/// attempt succeeds with probability at most the hash's ε plus AES's PRF
/// advantage. Keyed by `DigestMw256Mac::from_seed(&seed)` (the hash from a seed
/// derived under label (family, lanes, 0xfe, 0), never the seed itself; the pad
/// key under (family, lanes, 0xff, 0)) or `DigestMw256Mac::new(hash,
/// &pad_key)`.
pub type DigestMw256Mac = WegmanCarter<DigestMw256Hash>;

impl<const N: usize, const CHUNK: usize> SeededKernel for DigestMwKernel<N, CHUNK> {
    type Engine = Engine;

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine {
        DigestMwKernel::engine(self)
    }
}

/// `ParBlocksSize` (`uhash_base::long::BlockSizes`: 16 KiB of blocks) is
/// exactly one chunk.
const _: () = assert!(CHUNK_BYTES == 16 * 1024);
