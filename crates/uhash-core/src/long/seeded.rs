//! [`SeededHash`]: a family's ready-made long-message hash, keyed from a
//! 16-byte seed, and what a kernel provides for it ([`SeededKernel`]).

use universal_hash::array::{Array, ArraySize};
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U4, U8, U12, U16, U32, U512, U1024, U2048, U4096};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};

use super::{ChunkHash, LongHash, LongState, MAX_LANES};
use crate::engine::Choose;
use crate::mac::MacHash;
use crate::{Backend, Error, Tag, kdf};

/// A level-1 kernel that [`SeededHash`] can key from a seed: its engine
/// (the family's dispatch enum), the engine a new hash takes by default,
/// and keying at the default chunk size [`ChunkHash::CHUNK_BYTES`] on a
/// given engine.
pub trait SeededKernel: ChunkHash {
    /// The family's engine (the backend the kernel runs on).
    type Engine: Choose;

    /// The engine of [`SeededHash::from_seed`]: the family's default
    /// backend for long messages on this CPU (by default the engine's
    /// `detect()`).
    fn default_engine() -> Self::Engine {
        Self::Engine::detect()
    }

    /// The kernel keyed from the front of `stream` at
    /// [`ChunkHash::CHUNK_BYTES`], on `engine`.
    ///
    /// # Errors
    /// None for the kernels of this workspace: every key stream is a valid
    /// key at the kernel's own chunk size.
    fn from_key_stream_on(stream: &mut kdf::KeyStream, engine: Self::Engine)
    -> Result<Self, Error>;

    /// The engine in use.
    fn engine(&self) -> Self::Engine;

    /// The backend in use.
    fn backend(&self) -> Backend {
        self.engine().backend()
    }
}

/// The output size `OUT` (bytes) as a type, for the RustCrypto sizes of
/// [`SeededHash`] ([`BlockSizes`]).
#[derive(Clone, Copy, Debug)]
pub struct OutBytes<const OUT: usize>;

/// The `typenum` sizes of the RustCrypto traits for one output size:
/// `BlockSize` is the output, `ParBlocksSize` the blocks of 16 KiB (of
/// 12 KiB for 12-byte blocks).
pub trait BlockSizes {
    /// `BlockSizeUser::BlockSize`: the output bytes.
    type BlockSize: ArraySize;
    /// `ParBlocksSizeUser::ParBlocksSize` of the backend.
    type ParBlocksSize: ArraySize;
}

impl BlockSizes for OutBytes<4> {
    type BlockSize = U4;
    type ParBlocksSize = U4096;
}

impl BlockSizes for OutBytes<8> {
    type BlockSize = U8;
    type ParBlocksSize = U2048;
}

impl BlockSizes for OutBytes<12> {
    type BlockSize = U12;
    type ParBlocksSize = U1024;
}

impl BlockSizes for OutBytes<16> {
    type BlockSize = U16;
    type ParBlocksSize = U1024;
}

impl BlockSizes for OutBytes<32> {
    type BlockSize = U32;
    type ParBlocksSize = U512;
}

/// A family's long-message hash over kernel `K` with `OUT` output bytes
/// (`K::LANES` lanes of `K::LANE_BITS / 8` bytes; any other `OUT` fails to
/// compile when a hash is built), keyed from a 16-byte seed
/// ([`LongHash::from_seed_with_kernel`] under the kernel's labels).
///
/// Every multilinear family (MMH, digestMW, Square Hash, …) offers this
/// shape over [`LongHash`]: an inherent byte API (`update`, `finalize`,
/// `finalize_reset`, `reset`, the one-shot `compute`), the RustCrypto
/// `UniversalHash` + `KeyInit` + `Reset` traits, `std::io::Write` (feature
/// `std`), [`MacHash`], and a Wegman–Carter MAC over it. A family names
/// each instance it offers with a documented type alias
/// (`pub type Mmh32Hash = SeededHash<Mmh32Kernel<1>, 4>;`,
/// `pub type Mmh32Mac = WegmanCarter<Mmh32Hash>;`) carrying its
/// definition, sizes and ε.
///
/// Streaming: any split of a message into `update` calls gives the same
/// output. Keys (one chunk of level-1 key, plus the level-2 and level-3
/// keys) are zeroized on drop; `Debug` prints none of them.
///
/// # The `UniversalHash` trait
/// `BlockSize` is the output size and `ParBlocksSize` the blocks of 16 KiB
/// (1024 blocks of 12 bytes): [`BlockSizes`] of [`OutBytes`]`<OUT>`.
/// `KeyInit` takes the 16-byte seed. Every input path appends bytes to the
/// message: `update(&[block])` appends its blocks (a whole chunk goes to
/// the kernel without a copy), `update_padded(d)` appends d and zeros up to
/// a multiple of the block size, and the length L of level 2 counts every
/// appended byte, padding included.
#[derive(Clone)]
pub struct SeededHash<K: SeededKernel, const OUT: usize>(LongHash<K>);

impl<K: SeededKernel, const OUT: usize> SeededHash<K, OUT> {
    /// Output (and MAC tag) bytes.
    pub const OUT_BYTES: usize = OUT;

    /// `OUT` is the kernel's lanes times its lane bytes.
    const VALID: () = assert!(
        OUT == K::LANES * (K::LANE_BITS as usize / 8),
        "OUT must be the kernel's lanes times its lane bytes"
    );

    /// Every key from a 16-byte seed ([`LongHash::from_seed_with_kernel`]),
    /// with the family's default backend for long messages on this CPU
    /// ([`SeededKernel::default_engine`]).
    #[must_use]
    pub fn from_seed(seed: &[u8; 16]) -> Self {
        Self::from_seed_with_engine(seed, K::default_engine())
    }

    /// Every key from a 16-byte seed, computed with `engine` (a forced
    /// backend).
    #[must_use]
    pub fn from_seed_with_engine(seed: &[u8; 16], engine: K::Engine) -> Self {
        let () = Self::VALID;
        match LongHash::from_seed_with_kernel(seed, |ks| K::from_key_stream_on(ks, engine)) {
            Ok(h) => Self(h),
            // The kernel accepts every key stream at its own default chunk
            // size, and `from_seed_with_kernel` derives one key per lane:
            // there is no error to report.
            Err(_) => unreachable!("default-chunk kernels are always keyed"),
        }
    }

    /// The engine in use.
    #[must_use]
    pub fn engine(&self) -> K::Engine {
        self.0.kernel().engine()
    }

    /// The backend in use.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.0.kernel().backend()
    }

    /// Absorb message bytes (any split gives the same output).
    pub fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }

    /// The hash of the bytes absorbed so far (lanes little-endian, lane 0
    /// first).
    #[must_use]
    pub fn finalize(mut self) -> [u8; OUT] {
        self.finalize_reset()
    }

    /// The hash of the bytes absorbed so far; the state is reset for the
    /// next message (keys stay).
    pub fn finalize_reset(&mut self) -> [u8; OUT] {
        let lanes = self.0.finalize_lanes();
        Self::lanes_to_bytes(&lanes)
    }

    /// The hash of a whole message `msg`, in one call and without copying
    /// it; the streaming state is neither used nor changed.
    #[must_use]
    pub fn compute(&self, msg: &[u8]) -> [u8; OUT] {
        Self::lanes_to_bytes(&self.0.key().hash_lanes(msg))
    }

    fn lanes_to_bytes(lanes: &[u64; MAX_LANES]) -> [u8; OUT] {
        let () = Self::VALID;
        let mut out = [0u8; OUT];
        let b = OUT / K::LANES;
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
    pub fn as_long_hash(&self) -> &LongHash<K> {
        &self.0
    }
}

impl<K: SeededKernel + core::fmt::Debug, const OUT: usize> core::fmt::Debug for SeededHash<K, OUT> {
    /// The kernel (its name, lanes, chunk size and backend), no key.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SeededHash")
            .field("kernel", self.0.kernel())
            .finish_non_exhaustive()
    }
}

impl<K: SeededKernel, const OUT: usize> KeySizeUser for SeededHash<K, OUT> {
    type KeySize = U16;
}

impl<K: SeededKernel, const OUT: usize> KeyInit for SeededHash<K, OUT> {
    /// The 16-byte seed of [`Self::from_seed`].
    fn new(key: &Key<Self>) -> Self {
        Self::from_seed(&key.0)
    }
}

impl<K: SeededKernel, const OUT: usize> BlockSizeUser for SeededHash<K, OUT>
where
    OutBytes<OUT>: BlockSizes,
{
    type BlockSize = <OutBytes<OUT> as BlockSizes>::BlockSize;
}

/// The `UhfBackend` of [`SeededHash`]: blocks appended to the message.
struct Blocks<'a, K: SeededKernel, const OUT: usize>(&'a mut LongHash<K>);

impl<K: SeededKernel, const OUT: usize> BlockSizeUser for Blocks<'_, K, OUT>
where
    OutBytes<OUT>: BlockSizes,
{
    type BlockSize = <OutBytes<OUT> as BlockSizes>::BlockSize;
}

impl<K: SeededKernel, const OUT: usize> ParBlocksSizeUser for Blocks<'_, K, OUT>
where
    OutBytes<OUT>: BlockSizes,
{
    type ParBlocksSize = <OutBytes<OUT> as BlockSizes>::ParBlocksSize;
}

impl<K: SeededKernel, const OUT: usize> UhfBackend for Blocks<'_, K, OUT>
where
    OutBytes<OUT>: BlockSizes,
{
    #[inline]
    fn proc_block(&mut self, block: &Block<Self>) {
        self.0.update(block.as_slice());
    }

    #[inline]
    fn proc_par_blocks(&mut self, blocks: &Array<Block<Self>, Self::ParBlocksSize>) {
        self.0.update(blocks.as_flattened());
    }
}

impl<K: SeededKernel, const OUT: usize> UniversalHash for SeededHash<K, OUT>
where
    OutBytes<OUT>: BlockSizes,
{
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut Blocks::<K, OUT>(&mut self.0));
    }

    fn finalize(mut self) -> Block<Self> {
        UniversalHash::finalize_reset(&mut self)
    }

    fn finalize_reset(&mut self) -> Block<Self> {
        // `BlockSize` is `OUT` bytes (the impls of `BlockSizes` above).
        let mut block = Block::<Self>::default();
        block.copy_from_slice(&SeededHash::finalize_reset(self));
        block
    }
}

impl<K: SeededKernel, const OUT: usize> Reset for SeededHash<K, OUT> {
    fn reset(&mut self) {
        SeededHash::reset(self);
    }
}

impl<K: SeededKernel, const OUT: usize> MacHash for SeededHash<K, OUT> {
    const LANE_BITS: u32 = K::LANE_BITS;
    const PAD_LABEL: u64 = kdf::label(K::FAMILY, K::LANES as u8, kdf::LEVEL_MAC_PAD, 0);
    const MAC_HASH_LABEL: u64 = kdf::label(K::FAMILY, K::LANES as u8, kdf::LEVEL_MAC_HASH, 0);
    type Out = Tag<OUT>;
    type State = LongState<K>;

    /// [`Self::from_seed`]; never fails.
    fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        Ok(SeededHash::from_seed(seed))
    }

    fn hash_message(&self, msg: &[u8]) -> Self::Out {
        Tag::from_bytes(self.compute(msg))
    }

    fn new_state(&self) -> Self::State {
        self.0.key().start()
    }

    fn absorb(&self, state: &mut Self::State, data: &[u8]) {
        state.update(self.0.key(), data);
    }

    fn finish(&self, state: &mut Self::State) -> Self::Out {
        let lanes = state.finalize_lanes(self.0.key());
        Tag::from_bytes(Self::lanes_to_bytes(&lanes))
    }
}

#[cfg(feature = "std")]
crate::write_by_update!([K: SeededKernel, const OUT: usize] SeededHash<K, OUT>);
