//! The ready-made long-message hash type of a family, as a macro.
//!
//! Every multilinear family (MMH, digestMW, Square Hash, …) offers the same
//! public shape over [`crate::long::LongHash`]: a type keyed from a 16-byte
//! seed with an inherent byte API (`update`, `finalize`, `finalize_reset`,
//! `reset`, the one-shot `compute`), the RustCrypto `UniversalHash` +
//! `KeyInit` + `Reset` traits, `std::io::Write` (feature `std` of the
//! family), [`crate::mac::MacHash`], and a Wegman–Carter MAC alias.
//! [`long_hash_type!`] writes all of it once for every family.
//!
//! # The `UniversalHash` trait
//! `BlockSize` is the output size and `ParBlocksSize` one chunk's worth of
//! blocks; `KeyInit` takes the 16-byte seed. Every input path appends bytes
//! to the message: `update(&[block])` appends its blocks (a whole chunk goes
//! to the kernel without a copy), `update_padded(d)` appends d and zeros up
//! to a multiple of the block size, and the length L of level 2 counts every
//! appended byte, padding included.

/// Defines a family's long-message hash type and its MAC alias.
///
/// ```text
/// long_hash_type!(
///     /// docs (definition, sizes, ε)
///     Name, MacName, Kernel, Engine, detect_expr, OUT_BYTES, BlockSize, ParBlocksSize
/// );
/// ```
///
/// `Kernel` implements [`crate::long::ChunkHash`] and has
/// `from_key_stream_with(&mut KeyStream, chunk_bytes, Engine) -> Result<Kernel, Error>`
/// (infallible at its own `CHUNK_BYTES`) and `engine(&self) -> Engine`;
/// `Engine` has `backend(self) -> Backend`; `detect_expr` is the `Engine`
/// that `from_seed` uses; `BlockSize` is the `typenum` of `OUT_BYTES` and
/// `ParBlocksSize` the number of blocks in one chunk. The calling crate needs
/// no imports.
#[macro_export]
macro_rules! long_hash_type {
    (
        $(#[$doc:meta])*
        $name:ident, $mac:ident, $kernel:ty, $engine:ty, $detect:expr, $out:literal, $bs:ty, $par:ty
    ) => {
        $(#[$doc])*
        ///
        /// Streaming: any split of a message into `update` calls gives the
        /// same output. Keys (one chunk of level-1 key, plus the level-2 and
        /// level-3 keys) are zeroized on drop; `Debug` prints none of them.
        #[derive(Clone)]
        pub struct $name($crate::long::LongHash<$kernel>);

        impl $name {
            /// Output (and MAC tag) bytes.
            pub const OUT_BYTES: usize = $out;

            /// Every key from a 16-byte seed (`LongHash::from_seed`), with
            /// the family's default backend for long messages on this CPU.
            #[must_use]
            pub fn from_seed(seed: &[u8; 16]) -> Self {
                Self::from_seed_with_engine(seed, $detect)
            }

            /// Every key from a 16-byte seed, computed with `engine` (a
            /// forced backend).
            #[must_use]
            pub fn from_seed_with_engine(seed: &[u8; 16], engine: $engine) -> Self {
                let built = $crate::long::LongHash::from_seed_with_kernel(seed, |ks| {
                    <$kernel>::from_key_stream_with(
                        ks,
                        <$kernel as $crate::long::ChunkHash>::CHUNK_BYTES,
                        engine,
                    )
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

            /// The backend in use.
            #[must_use]
            pub fn backend(&self) -> $crate::Backend {
                self.engine().backend()
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
                let lanes = self.0.finalize_lanes();
                Self::lanes_to_bytes(&lanes)
            }

            /// The hash of a whole message `msg`, in one call and without
            /// copying it; the streaming state is neither used nor changed.
            #[must_use]
            pub fn compute(&self, msg: &[u8]) -> [u8; $out] {
                Self::lanes_to_bytes(&self.0.key().hash_lanes(msg))
            }

            fn lanes_to_bytes(lanes: &[u64; $crate::long::MAX_LANES]) -> [u8; $out] {
                let mut out = [0u8; $out];
                let b = $out / <$kernel as $crate::long::ChunkHash>::LANES;
                for (o, lane) in out.chunks_mut(b).zip(lanes) {
                    o.copy_from_slice(&lane.to_le_bytes()[..b]);
                }
                out
            }

            /// Forget the message so far (keys stay).
            pub fn reset(&mut self) {
                self.0.reset();
            }

            /// The underlying `LongHash`.
            #[must_use]
            pub fn as_long_hash(&self) -> &$crate::long::LongHash<$kernel> {
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

        impl $crate::__private::universal_hash::common::KeySizeUser for $name {
            type KeySize = $crate::__private::universal_hash::consts::U16;
        }

        impl $crate::__private::universal_hash::KeyInit for $name {
            /// The 16-byte seed of [`Self::from_seed`].
            fn new(key: &$crate::__private::universal_hash::Key<Self>) -> Self {
                Self::from_seed(&key.0)
            }
        }

        impl $crate::__private::universal_hash::common::BlockSizeUser for $name {
            type BlockSize = $bs;
        }

        impl $crate::__private::universal_hash::UniversalHash for $name {
            fn update_with_backend(&mut self, f: impl $crate::__private::universal_hash::UhfClosure<BlockSize = Self::BlockSize>) {
                struct Backend<'a>(&'a mut $crate::long::LongHash<$kernel>);
                impl $crate::__private::universal_hash::common::BlockSizeUser for Backend<'_> {
                    type BlockSize = $bs;
                }
                impl $crate::__private::universal_hash::common::ParBlocksSizeUser for Backend<'_> {
                    /// One chunk of blocks.
                    type ParBlocksSize = $par;
                }
                impl $crate::__private::universal_hash::UhfBackend for Backend<'_> {
                    #[inline]
                    fn proc_block(&mut self, block: &$crate::__private::universal_hash::Block<Self>) {
                        self.0.update(block.as_slice());
                    }

                    #[inline]
                    fn proc_par_blocks(&mut self, blocks: &$crate::__private::universal_hash::array::Array<$crate::__private::universal_hash::Block<Self>, $par>) {
                        self.0.update(blocks.as_flattened());
                    }
                }
                f.call(&mut Backend(&mut self.0));
            }

            fn finalize(self) -> $crate::__private::universal_hash::Block<Self> {
                $name::finalize(self).into()
            }

            fn finalize_reset(&mut self) -> $crate::__private::universal_hash::Block<Self> {
                $name::finalize_reset(self).into()
            }
        }

        impl $crate::__private::universal_hash::Reset for $name {
            fn reset(&mut self) {
                $name::reset(self);
            }
        }

        impl $crate::mac::MacHash for $name {
            const LANE_BITS: u32 = <$kernel as $crate::long::ChunkHash>::LANE_BITS;
            const PAD_LABEL: u64 = $crate::kdf::label(
                <$kernel as $crate::long::ChunkHash>::FAMILY,
                <$kernel as $crate::long::ChunkHash>::LANES as u8,
                $crate::kdf::LEVEL_MAC_PAD,
                0,
            );
            const MAC_HASH_LABEL: u64 = $crate::kdf::label(
                <$kernel as $crate::long::ChunkHash>::FAMILY,
                <$kernel as $crate::long::ChunkHash>::LANES as u8,
                $crate::kdf::LEVEL_MAC_HASH,
                0,
            );
            type Out = $crate::Tag<$out>;
            type State = $crate::long::LongState<$kernel>;

            /// [`Self::from_seed`]; never fails.
            fn from_seed(seed: &[u8; 16]) -> Result<Self, $crate::Error> {
                Ok($name::from_seed(seed))
            }

            fn hash_message(&self, msg: &[u8]) -> Self::Out {
                $crate::Tag::from_bytes(self.compute(msg))
            }

            fn new_state(&self) -> Self::State {
                self.0.key().start()
            }

            fn absorb(&self, state: &mut Self::State, data: &[u8]) {
                state.update(self.0.key(), data);
            }

            fn finish(&self, state: &mut Self::State) -> Self::Out {
                let lanes = state.finalize_lanes(self.0.key());
                $crate::Tag::from_bytes(Self::lanes_to_bytes(&lanes))
            }
        }

        #[cfg(feature = "std")]
        impl $crate::__private::io::Write for $name {
            fn write(&mut self, buf: &[u8]) -> $crate::__private::io::Result<usize> {
                self.update(buf);
                Ok(buf.len())
            }

            fn flush(&mut self) -> $crate::__private::io::Result<()> {
                Ok(())
            }
        }

        #[doc = concat!("The Wegman–Carter MAC over [`", stringify!($name), "`]: tag = hash + AES-128 pad, lane by lane; 12-byte nonces (never reuse one under a key). A forgery attempt succeeds with probability at most the hash's ε (see its docs) plus AES's PRF advantage. Build it with `", stringify!($mac), "::from_seed(&seed)` (hash keys and pad key from one seed: the hash keyed by `from_seed` of the derived seed under label (family, lanes, 0xfe, 0) — never the seed itself, so outputs of `", stringify!($name), "::from_seed(&seed)` reveal nothing about the MAC —, the pad key under label (family, lanes, 0xff, 0)) or `", stringify!($mac), "::new(hash, &pad_key)`.")]
        pub type $mac = $crate::mac::WegmanCarter<$name>;
    };
}
