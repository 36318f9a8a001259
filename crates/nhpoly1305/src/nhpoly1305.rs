//! [`NhPoly1305`]: Adiantum's NH over 1024-byte chunks, Poly1305 (s = 0)
//! over the NH outputs; one-shot and streaming.

use core::fmt;

use poly1305_aes::Poly1305;
use universal_hash::common::{BlockSizeUser, ParBlocksSizeUser};
use universal_hash::consts::{U1, U16};
use universal_hash::{Block, KeyInit, Reset, UhfBackend, UhfClosure, UniversalHash};
use zeroize::Zeroize;

use crate::nh::{self, NhAdiantum};
use crate::{Backend, Engine32, Error};

/// Bytes of an NHPoly1305 key: Poly1305's r (16) ‖ the NH key (1072).
pub const KEY_BYTES: usize = 16 + nh::KEY_BYTES;
/// Bytes of an NHPoly1305 output.
pub const TAG_BYTES: usize = 16;

/// Bytes of a chunk (one NH message).
const CHUNK: usize = nh::MAX_MSG_BYTES;
/// NH outputs handed to Poly1305 per call in [`NhPoly1305::compute`].
const BATCH: usize = 16;

/// The zero bytes that round [`NhPoly1305`] up to its alignment (no
/// implicit padding: a move would copy stale stack bytes into it).
const FILL: usize = {
    let end = size_of::<Poly1305>() + CHUNK + 16 + size_of::<usize>() + size_of::<NhAdiantum>();
    let align = if align_of::<Poly1305>() > 8 {
        align_of::<Poly1305>()
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
/// `poly1305-aes`'s detected backend. Keys and buffered message bytes are
/// wiped on drop; `Debug` shows the backend only.
#[derive(Clone)]
#[repr(C)]
pub struct NhPoly1305 {
    poly: Poly1305,
    buf: [u8; CHUNK],
    r: [u8; 16],
    len: usize,
    nh: NhAdiantum,
    fill: [u8; FILL],
}

const _: () = assert!(
    size_of::<NhPoly1305>()
        == size_of::<Poly1305>() + CHUNK + 16 + size_of::<usize>() + size_of::<NhAdiantum>() + FILL
);

impl NhPoly1305 {
    /// The key `key` = r ‖ NH key, NH on the fastest backend of this CPU.
    #[must_use]
    pub fn new(key: &[u8; KEY_BYTES]) -> Self {
        Self::new_with_engine(key, Engine32::detect())
    }

    /// The key `key` with NH on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this build or CPU cannot run it.
    pub fn new_with_backend(key: &[u8; KEY_BYTES], backend: Backend) -> Result<Self, Error> {
        Ok(Self::new_with_engine(key, Engine32::new(backend)?))
    }

    /// The key `key` with NH on `engine`.
    #[must_use]
    pub fn new_with_engine(key: &[u8; KEY_BYTES], engine: Engine32) -> Self {
        let (r, k) = key.split_at(16);
        let mut r16 = [0u8; 16];
        r16.copy_from_slice(r);
        let k: &[u8; nh::KEY_BYTES] = k.try_into().unwrap_or(&[0; nh::KEY_BYTES]);
        let poly = poly_with_r(&r16);
        let h = Self {
            poly,
            buf: [0; CHUNK],
            r: r16,
            len: 0,
            nh: NhAdiantum::new_with_engine(k, engine),
            fill: [0; FILL],
        };
        r16.zeroize();
        h
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

    /// NHPoly1305 of a whole message `msg`, in one call; the streaming
    /// state is neither used nor changed.
    #[must_use]
    pub fn compute(&self, msg: &[u8]) -> [u8; TAG_BYTES] {
        let mut poly = poly_with_r(&self.r);
        // NH outputs of up to BATCH chunks, hashed by Poly1305 in one call
        // (its SIMD backends then run on long inputs).
        let mut outs = [[0u8; 32]; BATCH];
        let (chunks, rest) = msg.as_chunks::<CHUNK>();
        for group in chunks.chunks(BATCH) {
            for (o, c) in outs.iter_mut().zip(group) {
                *o = self.nh.sums_bytes(c);
            }
            poly.update_padded(outs[..group.len()].as_flattened());
        }
        if !rest.is_empty() {
            let mut last = [0u8; CHUNK];
            last[..rest.len()].copy_from_slice(rest);
            let padded = &last[..rest.len().next_multiple_of(16)];
            absorb(&self.nh, &mut poly, padded, &mut outs[0]);
            last.zeroize();
        }
        wipe(&mut outs);
        poly.finalize().into()
    }

    /// Absorb message bytes (any split gives the same output).
    pub fn update(&mut self, mut data: &[u8]) {
        let mut out = [0u8; 32];
        if self.len > 0 {
            let take = (CHUNK - self.len).min(data.len());
            self.buf[self.len..self.len + take].copy_from_slice(&data[..take]);
            self.len += take;
            data = &data[take..];
            if self.len < CHUNK {
                return;
            }
            absorb(&self.nh, &mut self.poly, &self.buf, &mut out);
            self.len = 0;
        }
        let (chunks, rest) = data.as_chunks::<CHUNK>();
        for c in chunks {
            absorb(&self.nh, &mut self.poly, c, &mut out);
        }
        self.buf[..rest.len()].copy_from_slice(rest);
        self.len = rest.len();
        out.zeroize();
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
            let mut out = [0u8; 32];
            absorb(&self.nh, &mut self.poly, &self.buf[..n], &mut out);
            out.zeroize();
        }
        let poly = core::mem::replace(&mut self.poly, poly_with_r(&self.r));
        self.buf.zeroize();
        self.len = 0;
        poly.finalize().into()
    }

    /// Forget the message so far (keys stay).
    pub fn reset(&mut self) {
        self.poly = poly_with_r(&self.r);
        self.buf.zeroize();
        self.len = 0;
    }
}

/// NH of `chunk` (whole units) into `out`, then into `poly`.
#[inline(always)]
fn absorb(nh: &NhAdiantum, poly: &mut Poly1305, chunk: &[u8], out: &mut [u8; 32]) {
    *out = nh.sums_bytes(chunk);
    poly.update_padded(out);
}

/// Overwrites the NH outputs of [`NhPoly1305::compute`] with zeros: a
/// vector fill kept by `black_box` (a volatile write per byte, as
/// `zeroize` does it, cost up to 512 single-byte stores per call).
#[inline(always)]
fn wipe(outs: &mut [[u8; 32]; BATCH]) {
    *outs = [[0; 32]; BATCH];
    core::hint::black_box(outs);
}

/// Poly1305 keyed with r ‖ 0^16 (s = 0; r clamped by `Poly1305`).
fn poly_with_r(r: &[u8; 16]) -> Poly1305 {
    let mut k = [0u8; 32];
    k[..16].copy_from_slice(r);
    let p = Poly1305::new(&k.into());
    k.zeroize();
    p
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
        self.r.zeroize();
        self.buf.zeroize();
    }
}

impl BlockSizeUser for NhPoly1305 {
    type BlockSize = U16;
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
