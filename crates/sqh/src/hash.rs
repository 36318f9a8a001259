//! Ready-made long-message hashes and their Wegman–Carter MACs, with the
//! RustCrypto `universal_hash` traits: SQHasm2 and SQHE at 32, 64, 96 and
//! 128-bit output.
//!
//! Each type is [`LongHash`] over a kernel of [`crate::long`] (W = output
//! bits / 32, default chunk [`crate::long::chunk_bytes`]`(W)`), keyed from a
//! 16-byte seed by [`uhash_core::kdf`]:
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

use universal_hash::array::Array;
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U4, U8, U12, U16, U1024, U2048, U4096};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};

use uhash_core::Error;
use uhash_core::long::{ChunkHash, LongHash};
use uhash_core::mac::{MacHash, WegmanCarter};

use crate::engine::Engine;
use crate::long::{Asm2Kernel, SqheKernel};

macro_rules! long_type {
    (
        $(#[$doc:meta])*
        $name:ident, $mac:ident, $kernel:ty, $out:literal, $bs:ty, $par:ty
    ) => {
        $(#[$doc])*
        ///
        /// Streaming: any split of a message into `update` calls gives the
        /// same output. Keys (one chunk of level-1 key, plus the level-2 and
        /// level-3 keys) are zeroized on drop; `Debug` prints none of them.
        #[derive(Clone)]
        pub struct $name(LongHash<$kernel>);

        impl $name {
            /// Output (and MAC tag) bytes.
            pub const OUT_BYTES: usize = $out;

            /// Every key from a 16-byte seed ([`LongHash::from_seed`]), with
            /// the backend of [`Engine::detect_long`].
            #[must_use]
            pub fn from_seed(seed: &[u8; 16]) -> Self {
                Self::from_seed_with_engine(seed, Engine::detect_long())
            }

            /// Every key from a 16-byte seed, computed with `engine` (see
            /// [`crate::engine`] to force a backend).
            #[must_use]
            pub fn from_seed_with_engine(seed: &[u8; 16], engine: Engine) -> Self {
                let built = LongHash::from_seed_with_kernel(seed, |ks| {
                    <$kernel>::from_key_stream_with(ks, <$kernel as ChunkHash>::CHUNK_BYTES, engine)
                });
                match built {
                    Ok(h) => Self(h),
                    // The kernel accepts every key stream at its own default
                    // chunk size, and `from_seed_with_kernel` derives one key
                    // per lane: there is no error to report.
                    Err(_) => unreachable!("default-chunk kernels are always keyed"),
                }
            }

            /// The backend in use.
            #[must_use]
            pub fn engine(&self) -> Engine {
                self.0.kernel().engine()
            }

            /// Absorb message bytes (any split gives the same output).
            pub fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            /// The hash of the bytes absorbed so far (lanes little-endian,
            /// lane 0 first).
            #[must_use]
            pub fn finalize(mut self) -> [u8; $out] {
                self.finalize_reset()
            }

            /// The hash of the bytes absorbed so far; the state is reset for
            /// the next message (keys stay).
            pub fn finalize_reset(&mut self) -> [u8; $out] {
                let mut out = [0u8; $out];
                let lanes = self.0.finalize_lanes();
                let b = $out / <$kernel as ChunkHash>::LANES;
                for (o, lane) in out.chunks_mut(b).zip(lanes) {
                    o.copy_from_slice(&lane.to_le_bytes()[..b]);
                }
                out
            }

            /// Forget the message so far (keys stay).
            pub fn reset(&mut self) {
                self.0.reset();
            }

            /// The underlying [`LongHash`].
            #[must_use]
            pub fn as_long_hash(&self) -> &LongHash<$kernel> {
                &self.0
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("backend", &self.engine().backend())
                    .finish_non_exhaustive()
            }
        }

        impl KeySizeUser for $name {
            type KeySize = U16;
        }

        impl KeyInit for $name {
            /// The 16-byte seed of [`Self::from_seed`].
            fn new(key: &Key<Self>) -> Self {
                Self::from_seed(&key.0)
            }
        }

        impl BlockSizeUser for $name {
            type BlockSize = $bs;
        }

        impl UniversalHash for $name {
            fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
                struct Backend<'a>(&'a mut LongHash<$kernel>);
                impl BlockSizeUser for Backend<'_> {
                    type BlockSize = $bs;
                }
                impl ParBlocksSizeUser for Backend<'_> {
                    /// One chunk of blocks.
                    type ParBlocksSize = $par;
                }
                impl UhfBackend for Backend<'_> {
                    #[inline]
                    fn proc_block(&mut self, block: &Block<Self>) {
                        self.0.update(block.as_slice());
                    }

                    #[inline]
                    fn proc_par_blocks(&mut self, blocks: &Array<Block<Self>, $par>) {
                        self.0.update(blocks.as_flattened());
                    }
                }
                f.call(&mut Backend(&mut self.0));
            }

            fn finalize(self) -> Block<Self> {
                $name::finalize(self).into()
            }

            fn finalize_reset(&mut self) -> Block<Self> {
                $name::finalize_reset(self).into()
            }
        }

        impl Reset for $name {
            fn reset(&mut self) {
                $name::reset(self);
            }
        }

        impl MacHash for $name {
            const OUT_BYTES: usize = $out;
            const LANE_BITS: u32 = <LongHash<$kernel> as MacHash>::LANE_BITS;
            const PAD_LABEL: u64 = <LongHash<$kernel> as MacHash>::PAD_LABEL;

            /// [`Self::from_seed`]; never fails.
            fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
                Ok($name::from_seed(seed))
            }

            fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }

            fn finalize_reset(&mut self, out: &mut [u8]) {
                MacHash::finalize_reset(&mut self.0, out);
            }

            fn reset(&mut self) {
                self.0.reset();
            }
        }

        #[doc = concat!("The Wegman–Carter MAC over [`", stringify!($name), "`]: tag = hash + AES-128 pad, lane by lane; 12-byte nonces (never reuse one under a key). A forgery attempt succeeds with probability at most the hash's ε (see its docs) plus AES's PRF advantage. Build it with `", stringify!($mac), "::from_seed(&seed)` (hash keys and pad key from one seed, the pad key under label (family, lanes, 0xff, 0)) or `", stringify!($mac), "::new(hash, &pad_key)`.")]
        pub type $mac = WegmanCarter<$name>;
    };
}

long_type!(
    /// SQHasm2 (Def. 10) with 32-bit elements over messages of any length:
    /// 16-byte seed, 4-byte output, one 32-bit lane. ε ≤ 2^-28.42 for up to
    /// 2^20 chunks (module docs).
    Asm2x32Hash, Asm2x32Mac, Asm2Kernel<1>, 4, U4, U4096
);
long_type!(
    /// SQHasm2 with 64-bit elements (p = 2^64 + 13): 8-byte output, one
    /// 64-bit lane. ε ≤ 2^-60.42 for up to 2^20 chunks.
    Asm2x64Hash, Asm2x64Mac, Asm2Kernel<2>, 8, U8, U2048
);
long_type!(
    /// SQHasm2 with 96-bit elements (p = 2^96 + 61, the paper's Table 1
    /// output size): 12-byte output, three 32-bit lanes. ε ≤ 2^-84.43 for up
    /// to 2^20 chunks.
    Asm2x96Hash, Asm2x96Mac, Asm2Kernel<3>, 12, U12, U1024
);
long_type!(
    /// SQHasm2 with 128-bit elements (p = 2^128 + 51): 16-byte output, two
    /// 64-bit lanes. ε ≤ 2^-120.46 for up to 2^20 chunks.
    Asm2x128Hash, Asm2x128Mac, Asm2Kernel<4>, 16, U16, U1024
);
long_type!(
    /// SQHE (Def. 13) with 32-bit elements: 4-byte output, one 32-bit lane.
    /// ε ≤ 2^-26.09 for up to 2^20 chunks.
    Sqhe32Hash, Sqhe32Mac, SqheKernel<1>, 4, U4, U4096
);
long_type!(
    /// SQHE with 64-bit elements: 8-byte output, one 64-bit lane.
    /// ε ≤ 2^-52.63 for up to 2^20 chunks.
    Sqhe64Hash, Sqhe64Mac, SqheKernel<2>, 8, U8, U2048
);
long_type!(
    /// SQHE with 96-bit elements: 12-byte output, three 32-bit lanes.
    /// ε ≤ 2^-68.84 for up to 2^20 chunks.
    Sqhe96Hash, Sqhe96Mac, SqheKernel<3>, 12, U12, U1024
);
long_type!(
    /// SQHE with 128-bit elements: 16-byte output, two 64-bit lanes.
    /// ε ≤ 2^-97.25 for up to 2^20 chunks.
    Sqhe128Hash, Sqhe128Mac, SqheKernel<4>, 16, U16, U1024
);
