//! Ready-made long-message hashes and their Wegman–Carter MACs, with the
//! RustCrypto `universal_hash` traits: SQHasm2 and SQHE at 32, 64, 96 and
//! 128-bit output.
//!
//! Each type is a [`SeededHash`] (a
//! [`LongHash`](uhash_base::long::LongHash) keyed from a seed) named by a
//! type alias, over a kernel of [`crate::long`] (W = output
//! bits / 32, default chunk [`crate::long::chunk_bytes`]`(W)`), keyed from a
//! 16-byte seed by [`uhash_base::kdf`]:
//!
//! | type | kernel | output | lanes | log₂ ε (c ≤ 2^20 chunks) |
//! |---|---|---|---|---|
//! | [`Asm2x32Hash`] | SQHasm2, W = 1 | 4 bytes | 1 × 32 | −28.42 |
//! | [`Asm2x64Hash`] | SQHasm2, W = 2 | 8 bytes | 1 × 64 | −60.42 |
//! | [`Asm2x96Hash`] | SQHasm2, W = 3 | 12 bytes | 3 × 32 | −84.43 |
//! | [`Asm2x128Hash`] | SQHasm2, W = 4 | 16 bytes | 2 × 64 | −120.46 |
//! | [`Sqhe32Hash`] | SQHE, W = 1 | 4 bytes | 1 × 32 | −26.09 |
//! | [`Sqhe64Hash`] | SQHE, W = 2 | 8 bytes | 1 × 64 | −52.63 |
//! | [`Sqhe96Hash`] | SQHE, W = 3 | 12 bytes | 3 × 32 | −68.84 |
//! | [`Sqhe128Hash`] | SQHE, W = 4 | 16 bytes | 2 × 64 | −97.25 |
//!
//! ε bounds Pr[H(M) − H(M′) = δ] lane by lane modulo 2^b for any M ≠ M′
//! and δ, by `docs/sqh-spec.md` §5:
//! ε ≤ Σ_j C(n, j)·ε₁(n − j)·(ε₂ + ε₃)^j, ε₁(t) = 3·2^((b+1)(n−t))·ε_p,
//! ε_p = 2·2^-L (SQHasm2) or 2·N_E·2^-L (SQHE), ε₂ = (c+1)/2^128,
//! ε₃ = 6·2^-b. The 96-bit types pay for splitting one 96-bit value into
//! three 32-bit lanes (a set of lanes that collides alone is far likelier than
//! 2^-96); the MAC aliases ([`Asm2x32Mac`], …) are [`WegmanCarter`] over
//! these types: a forgery attempt succeeds with probability at most ε plus
//! AES's PRF advantage.
//!
//! # The `UniversalHash` trait
//! `BlockSize` is the output size; `KeyInit` takes the 16-byte seed. Every
//! input path **appends bytes to the message**: `update(&[block])` appends
//! the blocks' bytes, `update_padded(d)` appends d and zeros up to a
//! multiple of `BlockSize`, and `finalize` hashes the bytes appended so far
//! (their count, padding included, is the length level 2 encodes). For
//! messages of any length use the byte API `update(&[u8])`, which accepts
//! any split.

use uhash_base::long::{ChunkHash, SeededHash, SeededKernel};
use uhash_base::mac::WegmanCarter;
use uhash_base::{Error, kdf};

use crate::kernels::Engine;
use crate::long::{Asm2Kernel, Level1, SqhKernel, SqheKernel};

/// SQHasm2 (Def. 10) with 32-bit elements over messages of any length:
/// 16-byte seed, 4-byte output, one 32-bit lane. ε ≤ 2^-28.42 for up to
/// 2^20 chunks (module docs).
pub type Asm2x32Hash = SeededHash<Asm2Kernel<1>, 4>;
/// The Wegman–Carter MAC over [`Asm2x32Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Asm2x32Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Asm2x32Mac::new(hash, &pad_key)`.
pub type Asm2x32Mac = WegmanCarter<Asm2x32Hash>;

/// SQHasm2 with 64-bit elements (p = 2^64 + 13): 8-byte output, one
/// 64-bit lane. ε ≤ 2^-60.42 for up to 2^20 chunks.
pub type Asm2x64Hash = SeededHash<Asm2Kernel<2>, 8>;
/// The Wegman–Carter MAC over [`Asm2x64Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Asm2x64Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Asm2x64Mac::new(hash, &pad_key)`.
pub type Asm2x64Mac = WegmanCarter<Asm2x64Hash>;

/// SQHasm2 with 96-bit elements (p = 2^96 + 61, the paper's Table 1
/// output size): 12-byte output, three 32-bit lanes. ε ≤ 2^-84.43 for up
/// to 2^20 chunks.
pub type Asm2x96Hash = SeededHash<Asm2Kernel<3>, 12>;
/// The Wegman–Carter MAC over [`Asm2x96Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Asm2x96Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Asm2x96Mac::new(hash, &pad_key)`.
pub type Asm2x96Mac = WegmanCarter<Asm2x96Hash>;

/// SQHasm2 with 128-bit elements (p = 2^128 + 51): 16-byte output, two
/// 64-bit lanes. ε ≤ 2^-120.46 for up to 2^20 chunks.
pub type Asm2x128Hash = SeededHash<Asm2Kernel<4>, 16>;
/// The Wegman–Carter MAC over [`Asm2x128Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Asm2x128Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Asm2x128Mac::new(hash, &pad_key)`.
pub type Asm2x128Mac = WegmanCarter<Asm2x128Hash>;

/// SQHE (Def. 13) with 32-bit elements: 4-byte output, one 32-bit lane.
/// ε ≤ 2^-26.09 for up to 2^20 chunks.
pub type Sqhe32Hash = SeededHash<SqheKernel<1>, 4>;
/// The Wegman–Carter MAC over [`Sqhe32Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Sqhe32Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Sqhe32Mac::new(hash, &pad_key)`.
pub type Sqhe32Mac = WegmanCarter<Sqhe32Hash>;

/// SQHE with 64-bit elements: 8-byte output, one 64-bit lane.
/// ε ≤ 2^-52.63 for up to 2^20 chunks.
pub type Sqhe64Hash = SeededHash<SqheKernel<2>, 8>;
/// The Wegman–Carter MAC over [`Sqhe64Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Sqhe64Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Sqhe64Mac::new(hash, &pad_key)`.
pub type Sqhe64Mac = WegmanCarter<Sqhe64Hash>;

/// SQHE with 96-bit elements: 12-byte output, three 32-bit lanes.
/// ε ≤ 2^-68.84 for up to 2^20 chunks.
pub type Sqhe96Hash = SeededHash<SqheKernel<3>, 12>;
/// The Wegman–Carter MAC over [`Sqhe96Hash`]: tag = hash + AES-128 pad, lane by
/// lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Sqhe96Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Sqhe96Mac::new(hash, &pad_key)`.
pub type Sqhe96Mac = WegmanCarter<Sqhe96Hash>;

/// SQHE with 128-bit elements: 16-byte output, two 64-bit lanes.
/// ε ≤ 2^-97.25 for up to 2^20 chunks.
pub type Sqhe128Hash = SeededHash<SqheKernel<4>, 16>;
/// The Wegman–Carter MAC over [`Sqhe128Hash`]: tag = hash + AES-128 pad, lane
/// by lane; 12-byte nonces (never reuse one under a key); a forgery attempt
/// succeeds with probability at most the hash's ε plus AES's PRF advantage.
/// Keyed by `Sqhe128Mac::from_seed(&seed)` (the hash from a seed derived under
/// label (family, lanes, 0xfe, 0), never the seed itself; the pad key under
/// (family, lanes, 0xff, 0)) or `Sqhe128Mac::new(hash, &pad_key)`.
pub type Sqhe128Mac = WegmanCarter<Sqhe128Hash>;

impl<F: Level1, const W: usize> SeededKernel for SqhKernel<F, W> {
    type Engine = Engine;

    /// [`Engine::detect_long`].
    fn default_engine() -> Engine {
        Engine::detect_long()
    }

    fn from_key_stream_on(ks: &mut kdf::KeyStream, engine: Engine) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, <Self as ChunkHash>::CHUNK_BYTES, engine)
    }

    fn engine(&self) -> Engine {
        SqhKernel::engine(self)
    }
}
