//! Level-1 kernels for [`uhash_base::long`]: SQHasm2 and SQHE over one
//! chunk, for messages of any length.
//!
//! Each kernel is a [`ChunkHash`]; [`LongHash`]`<kernel>` is then the
//! three-level construction of `uhash_base::long` (kernel → polynomial mod
//! 2^130 − 5 → MMH to the lane width), keyed from a 16-byte seed. The
//! ready-made types of [`crate::hash`](mod@crate::hash) wrap W = 1..4.
//!
//! | kernel | family id | lanes × bits | level-1 key (stream of label (family, lanes, 1, 0)) |
//! |---|---|---|---|
//! | [`Asm2Kernel`]`<W>` | `0x020A` (SQH + Def. 10) | see below | C/4 words, LE |
//! | [`SqheKernel`]`<W>` | `0x020D` (SQH + Def. 13) | see below | C/4 words, LE |
//!
//! C is the chunk size, [`chunk_bytes`]`(W)` = 4W·⌊4096/W⌋ by default
//! (16 KiB for W = 1, 2, 4; 16380 bytes for W = 3, 5), or a smaller
//! positive multiple of 4W chosen with `from_key_stream_with`. The chunk's
//! k = C/4W elements are hashed with the paper function under the k key
//! elements; the L-bit result is split into lanes: W = 1 one 32-bit lane,
//! W = 2 one 64-bit lane, W = 3 three 32-bit lanes, W = 4 two 64-bit lanes,
//! W = 5 five 32-bit lanes (lane i = bits [b·i, b·(i+1)) of the value).
//! The kernels run [`Engine::detect_long`]'s backend unless given one.
//!
//! # Bounds
//! The lanes of one L-bit value are not independent, so the per-lane
//! product form of `uhash_base::long` does not apply directly; the spec
//! (`docs/sqh-spec.md` §5) redoes its lane-set sum with the joint level-1
//! bound ε₁(t) ≤ 3·2^((b+1)(n−t))·ε_p for any t of the n lanes:
//! ε ≤ Σ_j C(n, j)·ε₁(n − j)·(ε₂ + ε₃)^j with ε₂ = (c+1)/2^128 and
//! ε₃ = 6·2^-b. Figures for each type are in [`crate::hash`](mod@crate::hash).
//!
//! # Padding
//! The last chunk is zero-padded, and a zero element still adds xᵢ²
//! (Square Hash is not linear). The kernels' column sums are additive over
//! any split of the elements, so each kernel keeps a table of what the
//! all-zero rest of a chunk adds from each block of [`PAD_ELEMS`] elements
//! on (2W+1 words per block, derived from the key: zeroized on drop). The
//! last chunk then costs the kernel over its used blocks plus one table
//! row, and a one-shot message's last chunk needs no chunk buffer (its
//! last partial element is padded on the stack).

use core::marker::PhantomData;

use uhash_base::Error;
use uhash_base::kdf::KeyStream;
use uhash_base::keybuf::{ChunkBuf, KeyWords};
#[cfg(doc)]
use uhash_base::long::LongHash;
use uhash_base::long::{ChunkHash, MAX_LANES};

use crate::kernels::{COLS, Engine};

pub use pad::PAD_ELEMS;

/// The default chunk size for W-word elements: 4W·⌊4096/W⌋ bytes.
#[must_use]
pub const fn chunk_bytes(w: usize) -> usize {
    4 * w * (4096 / w)
}

/// Lane width for W-word elements: 64 bits when 32W is a multiple of 64,
/// else 32.
#[must_use]
pub const fn lane_bits(w: usize) -> u32 {
    if w.is_multiple_of(2) { 64 } else { 32 }
}

/// Lanes for W-word elements: 32W / [`lane_bits`].
#[must_use]
pub const fn lanes(w: usize) -> usize {
    32 * w / lane_bits(w) as usize
}

/// The paper function of a long-message kernel, as column sums that add
/// over any split of a chunk's elements: the parameter `F` of
/// [`SqhKernel`] ([`Asm2`], [`Sqhe`]). Sealed: its module is private.
mod level1 {
    use uhash_base::pw::Elem;

    use crate::kernels::{COLS, Engine};

    /// See the [parent](super::Level1).
    pub trait Level1 {
        /// The family identifier of its key labels.
        const FAMILY: u16;
        /// The name of its kernel type, for `Debug`.
        const KERNEL: &'static str;

        /// The columns of the function over the elements of `msg` under
        /// `key` (what [`Level1::finish`] reads of them is additive: the
        /// columns of a concatenation are the sums of its pieces').
        fn columns<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> [u128; COLS];

        /// The 2W+1 words to store for accumulated columns `cols` in the
        /// padding table: adding word c to column c adds what `cols` adds.
        fn row<const W: usize>(cols: &[u128; COLS]) -> [u32; COLS];

        /// The L-bit value from (summed) columns.
        fn finish<const W: usize>(cols: &[u128; COLS]) -> Elem<W>;
    }
}

pub(crate) use level1::Level1;

/// A level-1 kernel: the paper function `F` ([`Asm2`] for SQHasm2,
/// [`Sqhe`] for SQHE) over one chunk of k = C/4W elements of W words, the
/// L-bit value split into lanes (see the [module docs](self)); named
/// [`Asm2Kernel`]`<W>` and [`SqheKernel`]`<W>`. The key and the padding
/// table are zeroized on drop; `Debug` prints neither.
pub struct SqhKernel<F: Level1, const W: usize> {
    key: KeyWords<u32>,
    table: KeyWords<u32>,
    chunk: usize,
    engine: Engine,
    function: PhantomData<F>,
}

impl<F: Level1, const W: usize> SqhKernel<F, W> {
    const VALID: () = assert!(W >= 1 && W <= 5);

    /// Keyed from the front of `ks` (C/4 little-endian words), with
    /// chunk size `chunk` (a positive multiple of 4W, at most
    /// [`chunk_bytes`]`(W)`) and the given backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for a bad `chunk`.
    pub fn from_key_stream_with(
        ks: &mut KeyStream,
        chunk: usize,
        engine: Engine,
    ) -> Result<Self, Error> {
        uhash_base::keybuf::check_chunk(chunk, 4 * W, chunk_bytes(W))?;
        Ok(Self::with_key(
            KeyWords::from_stream(ks, chunk / 4),
            chunk,
            engine,
        ))
    }

    /// From raw key words (at least C/4; a longer key is used by its
    /// prefix).
    ///
    /// # Errors
    /// As [`Self::from_key_stream_with`]; [`Error::KeyTooShort`].
    pub fn from_key(key: &[u32], chunk: usize, engine: Engine) -> Result<Self, Error> {
        uhash_base::keybuf::check_chunk(chunk, 4 * W, chunk_bytes(W))?;
        let key = KeyWords::from_prefix(key, chunk / 4)?;
        Ok(Self::with_key(key, chunk, engine))
    }

    /// The kernel over `key` (exactly C/4 words), with its padding
    /// table.
    fn with_key(key: KeyWords<u32>, chunk: usize, engine: Engine) -> Self {
        let () = Self::VALID;
        let table = pad::table::<F, W>(engine, key.words());
        Self {
            key,
            table,
            chunk,
            engine,
            function: PhantomData,
        }
    }

    uhash_base::kernel_accessors!(Engine);

    /// The lanes of the L-bit value of summed columns.
    fn lanes_out(cols: &[u128; COLS], out: &mut [u64; MAX_LANES]) {
        let v = F::finish::<W>(cols);
        let limbs = v.limbs();
        if lane_bits(W) == 64 {
            for (i, o) in out.iter_mut().enumerate().take(lanes(W)) {
                *o = u64::from(limbs[2 * i]) | u64::from(limbs[2 * i + 1]) << 32;
            }
        } else {
            for (o, &l) in out.iter_mut().zip(&limbs[..W]) {
                *o = u64::from(l);
            }
        }
    }
}

impl<F: Level1, const W: usize> Clone for SqhKernel<F, W> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            table: self.table.clone(),
            chunk: self.chunk,
            engine: self.engine,
            function: PhantomData,
        }
    }
}

impl<F: Level1, const W: usize> core::fmt::Debug for SqhKernel<F, W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct(F::KERNEL)
            .field("w", &W)
            .field("chunk", &self.chunk)
            .field("backend", &self.engine.backend())
            .finish_non_exhaustive()
    }
}

impl<F: Level1, const W: usize> ChunkHash for SqhKernel<F, W> {
    const CHUNK_BYTES: usize = chunk_bytes(W);
    const LANES: usize = lanes(W);
    const LANE_BITS: u32 = lane_bits(W);
    const FAMILY: u16 = F::FAMILY;
    type Chunk = ChunkBuf;

    fn zero_chunk() -> Self::Chunk {
        ChunkBuf::zeroed(chunk_bytes(W))
    }

    /// C = [`chunk_bytes`]`(W)`, the backend of [`Engine::detect_long`].
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Self::from_key_stream_with(ks, chunk_bytes(W), Engine::detect_long())
    }

    #[inline]
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let cols = F::columns::<W>(self.engine, self.key.words(), chunk);
        Self::lanes_out(&cols, out);
    }

    /// The used blocks through the kernel, the zero rest from the
    /// padding table.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        let cols = pad::padded::<F, W>(
            self.engine,
            self.key.words(),
            self.table.words(),
            chunk,
            used,
        );
        Self::lanes_out(&cols, out);
    }

    /// As [`ChunkHash::hash_padded_chunk`], without a chunk buffer:
    /// the last partial element is padded on the stack.
    fn hash_tail(&self, tail: &[u8], out: &mut [u64; MAX_LANES]) {
        let cols = pad::tail::<F, W>(self.engine, self.key.words(), self.table.words(), tail);
        Self::lanes_out(&cols, out);
    }

    fn chunk_bytes(&self) -> usize {
        self.chunk
    }
}

mod asm2_kernel;
mod pad;
mod sqhe_kernel;

pub use asm2_kernel::{Asm2, Asm2Kernel};
pub use sqhe_kernel::{Sqhe, SqheKernel};
