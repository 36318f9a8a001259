//! Ready-made long-message hashes and their Wegman–Carter MACs, with the
//! RustCrypto `universal_hash` traits: SQHasm2 and SQHE at 32, 64, 96 and
//! 128-bit output.
//!
//! Each type is [`LongHash`](uhash_base::long::LongHash) over a kernel of [`crate::long`] (W = output
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
//! 2^-96); the MAC aliases ([`Asm2x32Mac`], …) are [`WegmanCarter`](uhash_base::mac::WegmanCarter) over
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

use universal_hash::consts::{U4, U8, U12, U16, U1024, U2048, U4096};

use crate::kernels::Engine;
use crate::long::{Asm2Kernel, SqheKernel};

uhash_base::long_hash_type!(
    /// SQHasm2 (Def. 10) with 32-bit elements over messages of any length:
    /// 16-byte seed, 4-byte output, one 32-bit lane. ε ≤ 2^-28.42 for up to
    /// 2^20 chunks (module docs).
    Asm2x32Hash, Asm2x32Mac, Asm2Kernel<1>, Engine, Engine::detect_long(), 4, U4, U4096
);
uhash_base::long_hash_type!(
    /// SQHasm2 with 64-bit elements (p = 2^64 + 13): 8-byte output, one
    /// 64-bit lane. ε ≤ 2^-60.42 for up to 2^20 chunks.
    Asm2x64Hash, Asm2x64Mac, Asm2Kernel<2>, Engine, Engine::detect_long(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// SQHasm2 with 96-bit elements (p = 2^96 + 61, the paper's Table 1
    /// output size): 12-byte output, three 32-bit lanes. ε ≤ 2^-84.43 for up
    /// to 2^20 chunks.
    Asm2x96Hash, Asm2x96Mac, Asm2Kernel<3>, Engine, Engine::detect_long(), 12, U12, U1024
);
uhash_base::long_hash_type!(
    /// SQHasm2 with 128-bit elements (p = 2^128 + 51): 16-byte output, two
    /// 64-bit lanes. ε ≤ 2^-120.46 for up to 2^20 chunks.
    Asm2x128Hash, Asm2x128Mac, Asm2Kernel<4>, Engine, Engine::detect_long(), 16, U16, U1024
);
uhash_base::long_hash_type!(
    /// SQHE (Def. 13) with 32-bit elements: 4-byte output, one 32-bit lane.
    /// ε ≤ 2^-26.09 for up to 2^20 chunks.
    Sqhe32Hash, Sqhe32Mac, SqheKernel<1>, Engine, Engine::detect_long(), 4, U4, U4096
);
uhash_base::long_hash_type!(
    /// SQHE with 64-bit elements: 8-byte output, one 64-bit lane.
    /// ε ≤ 2^-52.63 for up to 2^20 chunks.
    Sqhe64Hash, Sqhe64Mac, SqheKernel<2>, Engine, Engine::detect_long(), 8, U8, U2048
);
uhash_base::long_hash_type!(
    /// SQHE with 96-bit elements: 12-byte output, three 32-bit lanes.
    /// ε ≤ 2^-68.84 for up to 2^20 chunks.
    Sqhe96Hash, Sqhe96Mac, SqheKernel<3>, Engine, Engine::detect_long(), 12, U12, U1024
);
uhash_base::long_hash_type!(
    /// SQHE with 128-bit elements: 16-byte output, two 64-bit lanes.
    /// ε ≤ 2^-97.25 for up to 2^20 chunks.
    Sqhe128Hash, Sqhe128Mac, SqheKernel<4>, Engine, Engine::detect_long(), 16, U16, U1024
);
