//! Ready-made long-message hashes and their Wegman–Carter MACs, with the
//! RustCrypto `universal_hash` traits.
//!
//! Each type is [`LongHash`](uhash_base::long::LongHash) over one of the kernels of [`crate::long`]
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
//! ([`Mmh32Mac`], …) are [`WegmanCarter`](uhash_base::mac::WegmanCarter) over these types: a forgery
//! attempt succeeds with probability at most ε plus AES's PRF advantage.
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

use universal_hash::consts::{U4, U8, U16, U32, U512, U1024, U2048, U4096};

use crate::kernels::{Engine32, Engine64};
use crate::long::{CHUNK_BYTES, Mmh32Kernel, Mmh64Kernel, NhKernel, Nmh32Kernel};

uhash_base::long_hash_type!(
    /// MMH32 (Definition 5) over messages of any length: 16 KiB chunks, one
    /// 32-bit lane; 16-byte seed, 4-byte output. ε ≤ 6·2^-32 + (c+1)/2^128 +
    /// 6·2^-32 for messages of c chunks (AΔU mod 2^32).
    Mmh32Hash, Mmh32Mac, Mmh32Kernel<1>, Engine32, Engine32::detect(), 4, U4, U4096
);
uhash_base::long_hash_type!(
    /// MMH32 with the Toeplitz construction (§2.4), two lanes, over messages
    /// of any length: 16-byte seed, 8-byte output (the paper's
    /// "high-security" 64-bit variant of §3.3). ε ≤ (12·2^-32 + (c+1)/2^128 +
    /// 6·2^-32)² for c chunks (AΔU lane by lane mod 2^32).
    Mmh32x2Hash, Mmh32x2Mac, Mmh32Kernel<2>, Engine32, Engine32::detect(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// MMH32 with the Toeplitz construction, four lanes, over messages of
    /// any length: 16-byte seed, 16-byte output. ε ≤ (12·2^-32 +
    /// (c+1)/2^128 + 6·2^-32)⁴ for c chunks.
    Mmh32x4Hash, Mmh32x4Mac, Mmh32Kernel<4>, Engine32, Engine32::detect(), 16, U16, U1024
);
uhash_base::long_hash_type!(
    /// NMH32 (Definition 10) over messages of any length: one 32-bit lane;
    /// 16-byte seed, 4-byte output. ε ≤ 12·2^-32 + (c+1)/2^128 + 6·2^-32
    /// for c chunks.
    Nmh32Hash, Nmh32Mac, Nmh32Kernel, Engine32, Engine32::detect(), 4, U4, U4096
);
uhash_base::long_hash_type!(
    /// MMH64 (§3.2's 64-bit variant) over messages of any length: one 64-bit
    /// lane; 16-byte seed, 8-byte output. ε ≤ 6·2^-64 + (c+1)/2^128 +
    /// 6·2^-64 for c chunks.
    Mmh64Hash, Mmh64Mac, Mmh64Kernel, Engine64, Engine64::detect(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// NH (UMAC) over messages of any length: one 64-bit lane; 16-byte seed,
    /// 8-byte output. ε ≤ 2^-32 + (c+1)/2^128 + 6·2^-64 for c chunks (AΔU
    /// mod 2^64: level 3 restores Δ-universality).
    NhHash, NhMac, NhKernel<1>, Engine32, Engine32::detect(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// NH with the Toeplitz construction, two lanes (key shifted by two
    /// words), over messages of any length: 16-byte seed, 16-byte output.
    /// ε ≤ (2^-32 + (c+1)/2^128 + 6·2^-64)² for c chunks.
    Nhx2Hash, Nhx2Mac, NhKernel<2>, Engine32, Engine32::detect(), 16, U16, U1024
);
uhash_base::long_hash_type!(
    /// NH with the Toeplitz construction, four lanes, over messages of any
    /// length: 16-byte seed, 32-byte output. ε ≤ (2^-32 + (c+1)/2^128 +
    /// 6·2^-64)⁴ for c chunks.
    Nhx4Hash, Nhx4Mac, NhKernel<4>, Engine32, Engine32::detect(), 32, U32, U512
);

/// `ParBlocksSize` must be exactly one chunk of blocks.
const _: () = {
    assert!(4 * 4096 == CHUNK_BYTES);
    assert!(8 * 2048 == CHUNK_BYTES);
    assert!(16 * 1024 == CHUNK_BYTES);
    assert!(32 * 512 == CHUNK_BYTES);
};
