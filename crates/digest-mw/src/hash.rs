//! Ready-made long-message hashes over digestMW (b = 32) and their
//! Wegman–Carter MACs, with the RustCrypto `universal_hash` traits.
//!
//! Each type is [`LongHash`](uhash_base::long::LongHash) over [`DigestMwKernel`]`<N>` with the default
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
//! [`WegmanCarter`](uhash_base::mac::WegmanCarter) over these types: a forgery attempt succeeds with
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

use universal_hash::consts::{U4, U8, U16, U32, U512, U1024, U2048, U4096};

use crate::kernels::Engine;
use crate::long::{CHUNK_BYTES, DigestMwKernel};

uhash_base::long_hash_type!(
    /// digestMW (b = 32, one word: digest, Eq. (1)) over messages of any
    /// length: 16 KiB chunks, one 32-bit lane; 16-byte seed, 4-byte output.
    /// ε ≤ 2^-31 + (c+1)/2^128 + 6·2^-32 for messages of c chunks (AΔU mod
    /// 2^32).
    DigestMw32Hash, DigestMw32Mac, DigestMwKernel<1>, Engine, Engine::detect(), 4, U4, U4096
);
uhash_base::long_hash_type!(
    /// digestMW (b = 32, n = 2) over messages of any length: two 32-bit
    /// lanes; 16-byte seed, 8-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)² for c chunks (AΔU lane by lane mod 2^32).
    DigestMw64Hash, DigestMw64Mac, DigestMwKernel<2>, Engine, Engine::detect(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// digestMW (b = 32, n = 4) over messages of any length: four 32-bit
    /// lanes; 16-byte seed, 16-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)⁴ for c chunks.
    DigestMw128Hash, DigestMw128Mac, DigestMwKernel<4>, Engine, Engine::detect(), 16, U16, U1024
);
uhash_base::long_hash_type!(
    /// digestMW (b = 32, n = 8) over messages of any length: eight 32-bit
    /// lanes; 16-byte seed, 32-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)⁸ for c chunks.
    DigestMw256Hash, DigestMw256Mac, DigestMwKernel<8>, Engine, Engine::detect(), 32, U32, U512
);

/// `ParBlocksSize` must be exactly one chunk of blocks.
const _: () = {
    assert!(4 * 4096 == CHUNK_BYTES);
    assert!(8 * 2048 == CHUNK_BYTES);
    assert!(16 * 1024 == CHUNK_BYTES);
    assert!(32 * 512 == CHUNK_BYTES);
};
