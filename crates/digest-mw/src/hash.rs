//! Ready-made long-message hashes over digestMW (b = 32) and their
//! Wegman–Carter MACs, with the RustCrypto `universal_hash` traits.
//!
//! Each type is [`LongHash`] over [`DigestMwKernel`]`<N>` with the default
//! chunk ([`CHUNK_BYTES`], 16 KiB), keyed from a 16-byte seed by
//! [`uhash_core::kdf`]; N = output bits / 32 lanes:
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
//! Wegman–Carter MAC needs (`uhash_core::long` gives the proof; level 1 is
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

use universal_hash::array::Array;
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U4, U8, U16, U32, U512, U1024, U2048, U4096};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};

use uhash_core::Error;
use uhash_core::long::LongHash;
use uhash_core::mac::{MacHash, WegmanCarter};

use crate::engine::Engine;
use crate::long::{CHUNK_BYTES, DigestMwKernel};

macro_rules! long_type {
    (
        $(#[$doc:meta])*
        $name:ident, $mac:ident, $kernel:ty, $engine:ty, $out:literal, $bs:ty, $par:ty
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
            /// the fastest backend of this CPU.
            #[must_use]
            pub fn from_seed(seed: &[u8; 16]) -> Self {
                Self::from_seed_with_engine(seed, <$engine>::detect())
            }

            /// Every key from a 16-byte seed, computed with `engine` (see
            /// [`crate::engine`] to force a backend).
            #[must_use]
            pub fn from_seed_with_engine(seed: &[u8; 16], engine: $engine) -> Self {
                let built = LongHash::from_seed_with_kernel(seed, |ks| {
                    <$kernel>::from_key_stream_with(ks, CHUNK_BYTES, engine)
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
            pub fn engine(&self) -> $engine {
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
                let b = $out / <$kernel as uhash_core::long::ChunkHash>::LANES;
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
    /// digestMW (b = 32, one word: digest, Eq. (1)) over messages of any
    /// length: 16 KiB chunks, one 32-bit lane; 16-byte seed, 4-byte output.
    /// ε ≤ 2^-31 + (c+1)/2^128 + 6·2^-32 for messages of c chunks (AΔU mod
    /// 2^32).
    DigestMw32Hash, DigestMw32Mac, DigestMwKernel<1>, Engine, 4, U4, U4096
);
long_type!(
    /// digestMW (b = 32, n = 2) over messages of any length: two 32-bit
    /// lanes; 16-byte seed, 8-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)² for c chunks (AΔU lane by lane mod 2^32).
    DigestMw64Hash, DigestMw64Mac, DigestMwKernel<2>, Engine, 8, U8, U2048
);
long_type!(
    /// digestMW (b = 32, n = 4) over messages of any length: four 32-bit
    /// lanes; 16-byte seed, 16-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)⁴ for c chunks.
    DigestMw128Hash, DigestMw128Mac, DigestMwKernel<4>, Engine, 16, U16, U1024
);
long_type!(
    /// digestMW (b = 32, n = 8) over messages of any length: eight 32-bit
    /// lanes; 16-byte seed, 32-byte output. ε ≤ (2^-31 + (c+1)/2^128 +
    /// 6·2^-32)⁸ for c chunks.
    DigestMw256Hash, DigestMw256Mac, DigestMwKernel<8>, Engine, 32, U32, U512
);

/// `ParBlocksSize` must be exactly one chunk of blocks.
const _: () = {
    assert!(4 * 4096 == CHUNK_BYTES);
    assert!(8 * 2048 == CHUNK_BYTES);
    assert!(16 * 1024 == CHUNK_BYTES);
    assert!(32 * 512 == CHUNK_BYTES);
};
