//! [`NhPoly1305`]: Adiantum's NH over 1024-byte chunks, Poly1305 (s = 0)
//! over the NH outputs; one-shot and streaming.

use core::fmt;

use poly1305_aes::{Accumulator, LongTermR};
use universal_hash::common::{BlockSizeUser, KeySizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U1, U16};
use universal_hash::{Block, Key, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};
use zeroize::Zeroize;

use crate::nh::{self, NhAdiantum};
use crate::{Backend, Engine32, Error};

/// Bytes of an NHPoly1305 key: Poly1305's r (16) ‖ the NH key (1072).
pub const KEY_BYTES: usize = 16 + nh::KEY_BYTES;
/// Bytes of an NHPoly1305 output.
pub const TAG_BYTES: usize = 16;

/// Bytes of a chunk (one NH message).
const CHUNK: usize = nh::MAX_MSG_BYTES;
/// NH outputs kept for one call of Poly1305 (512 bytes: its vector
/// backends take such inputs; see [`Pending`]).
const BATCH: usize = 16;
/// The same for [`NhPoly1305::compute`] of at most this many chunks: a
/// smaller buffer to set up and wipe (a 512-byte one cost some 50 cycles
/// at 4 KiB, 8 % of NH).
const SHORT_BATCH: usize = 4;

/// The zero bytes that round [`NhPoly1305`] up to its alignment (no
/// implicit padding: a move would copy stale stack bytes into it).
const FILL: usize = {
    let end = size_of::<LongTermR>()
        + size_of::<Pending<BATCH>>()
        + CHUNK
        + 2 * size_of::<usize>()
        + size_of::<NhAdiantum>();
    let align = if align_of::<LongTermR>() > 8 {
        align_of::<LongTermR>()
    } else {
        8
    };
    end.next_multiple_of(align) - end
};

/// NHPoly1305 (see the [crate docs](crate) for the definition and its
/// bound): a 1088-byte key R ‖ K (R Poly1305's r, clamped; K the NH key),
/// any message, a 16-byte output. The value is also the streaming state:
/// [`update`](Self::update) with any split gives the output of
/// [`compute`](Self::compute) over the concatenation.
///
/// NH runs on the [`Engine32`] chosen at construction, Poly1305 on
/// `poly1305-aes` with r as a long-term key ([`LongTermR`]: the powers its
/// backend uses computed once; the backend: [`Self::poly_backend`]). Keys,
/// buffered message bytes and kept NH outputs are wiped on drop; `Debug`
/// shows the backend only.
#[derive(Clone)]
#[repr(C)]
pub struct NhPoly1305 {
    poly: LongTermR,
    pending: Pending<BATCH>,
    buf: [u8; CHUNK],
    len: usize,
    /// Bytes of `buf` written since it was last wiped (its wipe on reset
    /// covers these only: `zeroize` stores one byte at a time).
    dirty: usize,
    nh: NhAdiantum,
    fill: [u8; FILL],
}

const _: () = assert!(
    size_of::<NhPoly1305>()
        == size_of::<LongTermR>()
            + size_of::<Pending<BATCH>>()
            + CHUNK
            + 2 * size_of::<usize>()
            + size_of::<NhAdiantum>()
            + FILL
);

impl NhPoly1305 {
    /// The key `key` = r ‖ NH key, NH on the fastest backend of this CPU.
    #[must_use]
    pub fn new(key: &[u8; KEY_BYTES]) -> Self {
        Self::new_with_engine(key, Engine32::detect())
    }

    /// The key `key` with NH on a forced backend; Poly1305 on the portable
    /// backend if that is `soft`, else on its detected one (see
    /// [`Self::poly_backend`]).
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this build or CPU cannot run it.
    pub fn new_with_backend(key: &[u8; KEY_BYTES], backend: Backend) -> Result<Self, Error> {
        Ok(Self::new_with_engine(key, Engine32::new(backend)?))
    }

    /// The key `key` with NH on `engine` (Poly1305 as for
    /// [`Self::new_with_backend`]).
    #[must_use]
    pub fn new_with_engine(key: &[u8; KEY_BYTES], engine: Engine32) -> Self {
        let (r, k) = key.split_at(16);
        let r: &[u8; 16] = r.try_into().unwrap_or(&[0; 16]);
        let k: &[u8; nh::KEY_BYTES] = k.try_into().unwrap_or(&[0; nh::KEY_BYTES]);
        Self {
            poly: poly_for(r, engine.backend()),
            pending: Pending::new(),
            buf: [0; CHUNK],
            len: 0,
            dirty: 0,
            nh: NhAdiantum::new_with_engine(k, engine),
            fill: [0; FILL],
        }
    }

    /// The engine NH runs on.
    #[must_use]
    pub fn engine(&self) -> Engine32 {
        self.nh.engine()
    }

    /// The backend NH runs on.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.nh.backend()
    }

    /// The backend Poly1305 runs on.
    #[must_use]
    pub fn poly_backend(&self) -> Backend {
        self.poly.backend()
    }

    /// NHPoly1305 of a whole message `msg`, in one call; the streaming
    /// state is neither used nor changed.
    #[must_use]
    pub fn compute(&self, msg: &[u8]) -> [u8; TAG_BYTES] {
        if msg.len() <= SHORT_BATCH * CHUNK {
            self.compute_in::<SHORT_BATCH>(msg)
        } else {
            self.compute_in::<BATCH>(msg)
        }
    }

    /// [`Self::compute`] with batches of `N` NH outputs.
    #[inline(always)]
    fn compute_in<const N: usize>(&self, msg: &[u8]) -> [u8; TAG_BYTES] {
        let mut pending = Pending::<N>::new();
        let (chunks, rest) = msg.as_chunks::<CHUNK>();
        // The last NH input: a short last chunk (zero-padded) or else the
        // last whole one.
        let (body, last) = match (rest.is_empty(), chunks.split_last()) {
            (true, Some((l, init))) => (init, Some(l)),
            _ => (chunks, None),
        };
        for c in body {
            pending.push(&self.poly, &self.nh, c);
        }
        // The outputs kept so far go to Poly1305 before the last chunk's
        // NH, so that the two overlap; only the last output's two blocks
        // and the final reduction follow the last NH.
        pending.flush(&self.poly);
        match last {
            Some(l) => pending.push(&self.poly, &self.nh, l),
            None => pending.push_short(&self.poly, &self.nh, rest),
        }
        pending.tag(&self.poly)
    }

    /// Absorb message bytes (any split gives the same output).
    pub fn update(&mut self, mut data: &[u8]) {
        if self.len > 0 {
            let take = (CHUNK - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            self.dirty = self.dirty.max(self.len);
            data = &data[take..];
            if self.len < CHUNK {
                return;
            }
            self.pending.push(&self.poly, &self.nh, &self.buf);
            self.len = 0;
        }
        let (chunks, rest) = data.as_chunks::<CHUNK>();
        for c in chunks {
            self.pending.push(&self.poly, &self.nh, c);
        }
        self.buf[..rest.len()].copy_from_slice(rest);
        self.len = rest.len();
        self.dirty = self.dirty.max(self.len);
    }

    /// The output for the bytes absorbed so far.
    #[must_use]
    pub fn finalize(mut self) -> [u8; TAG_BYTES] {
        self.finalize_reset()
    }

    /// The output for the bytes absorbed so far; the state is reset for
    /// the next message (keys stay).
    pub fn finalize_reset(&mut self) -> [u8; TAG_BYTES] {
        if self.len > 0 {
            let n = self.len.next_multiple_of(16);
            self.buf[self.len..n].fill(0);
            self.pending.push(&self.poly, &self.nh, &self.buf[..n]);
        }
        let tag = self.pending.tag(&self.poly);
        self.reset();
        tag
    }

    /// Forget the message so far (keys stay).
    pub fn reset(&mut self) {
        self.pending = Pending::new();
        self.buf[..self.dirty].zeroize();
        self.len = 0;
        self.dirty = 0;
    }
}

/// Poly1305 with r beside NH on `nh`: the portable backend beside
/// portable NH (a forced `soft` runs no SIMD at all), the detected backend
/// otherwise (beside AVX2 NH too: poly1305-aes's AVX2 backend computes its
/// powers per call, and the whole hash measured 1.08–1.15× NH alone at
/// 64 KiB with it against 1.07–1.10× with IFMA on an IFMA CPU).
fn poly_for(r: &[u8; 16], nh: Backend) -> LongTermR {
    let soft = match nh {
        Backend::Soft => LongTermR::new_with_backend(r, Backend::Soft).ok(),
        _ => None,
    };
    soft.unwrap_or_else(|| LongTermR::new(r))
}

/// Poly1305's accumulator and the NH outputs not yet absorbed into it: up
/// to `N`, hashed in one call (with r's powers kept, 4 outputs of
/// 32 bytes already take a vector backend's 8-lane step; one call per
/// output would run the scalar loop). Wiped on drop.
#[derive(Clone)]
#[repr(C)]
struct Pending<const N: usize> {
    acc: Accumulator,
    outs: [[u8; nh::OUT_BYTES]; N],
    n: usize,
    fill: [u8; PENDING_FILL],
}

/// The zero bytes that round a [`Pending`] up to its alignment (a usize
/// after 8-byte units: four bytes on 32-bit targets).
const PENDING_FILL: usize = {
    let end = size_of::<Accumulator>() + size_of::<usize>();
    end.next_multiple_of(align_of::<Accumulator>()) - end
};

const _: () = assert!(
    size_of::<Pending<BATCH>>()
        == size_of::<Accumulator>() + nh::OUT_BYTES * BATCH + size_of::<usize>() + PENDING_FILL
);
const _: () = assert!(
    size_of::<Pending<SHORT_BATCH>>()
        == size_of::<Accumulator>()
            + nh::OUT_BYTES * SHORT_BATCH
            + size_of::<usize>()
            + PENDING_FILL
);

impl<const N: usize> Pending<N> {
    fn new() -> Self {
        Self {
            acc: Accumulator::new(),
            outs: [[0; nh::OUT_BYTES]; N],
            n: 0,
            fill: [0; PENDING_FILL],
        }
    }

    /// Appends NH of `chunk` (whole units, 16..=1024 bytes); a full batch
    /// goes to Poly1305.
    #[inline(always)]
    fn push(&mut self, poly: &LongTermR, nh: &NhAdiantum, chunk: &[u8]) {
        nh.sums_into(chunk, &mut self.outs[self.n % N]);
        self.advance(poly);
    }

    /// Appends NH of `rest` (0..1024 bytes) zero-padded to whole units;
    /// nothing if it is empty.
    #[inline]
    fn push_short(&mut self, poly: &LongTermR, nh: &NhAdiantum, rest: &[u8]) {
        let out = &mut self.outs[self.n % N];
        match rest.len() {
            0 => return,
            n if n.is_multiple_of(16) => nh.sums_into(rest, out),
            _ => nh.sums_padded_into(rest, out),
        }
        self.advance(poly);
    }

    /// Counts the output just written; a full batch goes to Poly1305.
    #[inline(always)]
    fn advance(&mut self, poly: &LongTermR) {
        self.n += 1;
        if self.n == N {
            self.flush(poly);
        }
    }

    /// The outputs kept so far into Poly1305.
    #[inline]
    fn flush(&mut self, poly: &LongTermR) {
        poly.absorb_padded(&mut self.acc, self.outs[..self.n].as_flattened());
        self.n = 0;
    }

    /// Poly1305 (s = 0) of every output pushed.
    #[inline]
    fn tag(&mut self, poly: &LongTermR) -> [u8; TAG_BYTES] {
        self.flush(poly);
        poly.tag(&self.acc, &[0; 16])
    }
}

impl<const N: usize> Drop for Pending<N> {
    /// The NH outputs overwritten by a vector fill kept by `black_box`
    /// (`zeroize` writes one volatile byte at a time: up to 512 stores,
    /// measured as a share of a 4 KiB hash); the accumulator wipes itself.
    fn drop(&mut self) {
        self.outs = [[0; nh::OUT_BYTES]; N];
        core::hint::black_box(&mut self.outs);
    }
}

impl fmt::Debug for NhPoly1305 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NhPoly1305")
            .field("backend", &self.backend())
            .finish_non_exhaustive()
    }
}

impl Drop for NhPoly1305 {
    fn drop(&mut self) {
        // Every byte written since the last wipe (`dirty`); the rest is 0.
        self.buf[..self.dirty].zeroize();
    }
}

impl BlockSizeUser for NhPoly1305 {
    type BlockSize = U16;
}

impl KeySizeUser for NhPoly1305 {
    type KeySize = hybrid_array::sizes::U1088;
}

impl KeyInit for NhPoly1305 {
    /// Key r ‖ NH key (1088 bytes), as [`NhPoly1305::new`].
    fn new(key: &Key<Self>) -> Self {
        Self::new_with_engine(key.as_ref(), Engine32::detect())
    }
}

/// The `UhfBackend` of [`NhPoly1305`]: blocks appended to the message.
struct Blocks<'a>(&'a mut NhPoly1305);

impl BlockSizeUser for Blocks<'_> {
    type BlockSize = U16;
}

impl ParBlocksSizeUser for Blocks<'_> {
    type ParBlocksSize = U1;
}

impl UhfBackend for Blocks<'_> {
    #[inline]
    fn proc_block(&mut self, block: &Block<Self>) {
        self.0.update(block.as_slice());
    }
}

impl UniversalHash for NhPoly1305 {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(&mut Blocks(self));
    }

    fn finalize(mut self) -> Block<Self> {
        UniversalHash::finalize_reset(&mut self)
    }

    fn finalize_reset(&mut self) -> Block<Self> {
        NhPoly1305::finalize_reset(self).into()
    }
}

impl Reset for NhPoly1305 {
    fn reset(&mut self) {
        NhPoly1305::reset(self);
    }
}

#[cfg(feature = "std")]
impl std::io::Write for NhPoly1305 {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
