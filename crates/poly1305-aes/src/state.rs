//! The per-message state every type of the crate runs on (the steps of the
//! definition around the block loop are in `final_steps.rs`).

use zeroize::Zeroize;

use crate::backend::soft;
use crate::final_steps::finish;
use crate::kernels::{Engine, Kernels, Powers, absorb_padded, partial};

/// Messages shorter than this take the portable code inlined in
/// [`State::message`] on every backend whose [`Kernels::short_is_soft`]
/// holds: those run it for such a body anyway (below the vector
/// thresholds, checked here).
pub(crate) const SHORT_BYTES: usize = 256;

#[cfg(target_arch = "x86_64")]
const _: () = assert!(SHORT_BYTES <= crate::backend::x86_ifma::IFMA_MIN_BYTES);
const _: () = assert!(SHORT_BYTES <= crate::backend::radix26::RADIX26_MIN_BYTES);

/// Bytes that make `n` bytes a whole number of units of the larger of two
/// alignments.
pub(crate) const fn fill(n: usize, align_a: usize, align_b: usize) -> usize {
    let align = if align_a > align_b { align_a } else { align_b };
    (align - n % align) % align
}

/// The per-message state: accumulator, clamped r and the backend (a few
/// words: the SIMD backends compute the powers of r they need per call, so
/// a state is cheap to build, to copy and to wipe). Wiped on drop.
pub(crate) struct State(Fields);

/// The bytes of a [`State`]: plain data, `Copy`, so that a state is built
/// from one constant and cloned with one copy. Layout (`repr(C)`): no
/// padding at all — the `fill` bytes are zeros that take its place, so
/// that no stale stack bytes travel along when the state is moved
/// (`tests/wipe.rs` found key windows in the padding of an earlier layout).
#[derive(Clone, Copy)]
#[repr(C)]
struct Fields {
    r: [u64; 2],
    h: [u64; 3],
    engine: Engine,
    fill: [u8; STATE_FILL],
}

/// The zero bytes that round [`State`] up to its alignment.
const STATE_FILL: usize = fill(16 + 24 + size_of::<Engine>(), align_of::<u64>(), 1);

// No padding in a state: every byte is a field.
const _: () = assert!(size_of::<State>() == 16 + 24 + size_of::<Engine>() + STATE_FILL);

impl Clone for State {
    #[inline]
    fn clone(&self) -> Self {
        Self(self.0)
    }
}

impl State {
    #[inline]
    pub(crate) fn new(r: [u64; 2], engine: Engine) -> Self {
        Self(Fields {
            r,
            h: [0; 3],
            engine,
            fill: [0; STATE_FILL],
        })
    }

    /// The backend.
    #[inline]
    pub(crate) fn engine(&self) -> Engine {
        self.0.engine
    }

    /// The backend's [`Kernels::absorb`] on this state, with a long-term
    /// key's powers if any.
    #[inline]
    pub(crate) fn absorb(&mut self, powers: Option<&Powers>, data: &[u8]) {
        let f = &mut self.0;
        f.engine.absorb(&mut f.h, &f.r, powers, data);
    }

    /// Absorbs whole blocks (`data.len()` a multiple of 16; a shorter tail
    /// is ignored) with the 2^128 bit set.
    #[inline]
    pub(crate) fn blocks(&mut self, data: &[u8]) {
        self.absorb(None, &data[..data.len() & !15]);
    }

    /// Absorbs `data` as blocks with the 2^128 bit, a short last block
    /// zero-padded ([`crate::kernels::absorb_padded`]).
    #[inline]
    pub(crate) fn absorb_padded(&mut self, data: &[u8]) {
        let f = &mut self.0;
        absorb_padded(f.engine, &mut f.h, &f.r, None, data);
    }

    /// Absorbs a final chunk of 1..=15 bytes (padded with 0x01 and zeros,
    /// no 2^128 bit); an empty chunk is ignored.
    #[inline]
    pub(crate) fn partial(&mut self, tail: &[u8]) {
        let f = &mut self.0;
        partial(f.engine, &mut f.h, &f.r, tail);
    }

    /// A whole message: its blocks, then its padded tail, in one call that
    /// is not inlined: the callers that are (`compute_unpadded`,
    /// `authenticate`) keep only the final (h mod p + s) mod 2^128, so that
    /// the tag is computed in registers where the caller uses it (returned
    /// through memory, written in two 8-byte halves and read back in one
    /// 16-byte load, it stalled the caller on store forwarding: some 12
    /// cycles per tag). A message shorter than [`SHORT_BYTES`] on a backend
    /// whose scalar kernel is the portable one calls that loop directly
    /// (blocks and tail in one loop in registers), without the backend
    /// dispatch.
    #[inline(always)]
    pub(crate) fn message(&mut self, msg: &[u8]) {
        if self.takes_short_path(msg) {
            let f = &mut self.0;
            soft::message_outlined(&mut f.h, &f.r, msg);
        } else {
            self.message_body(msg);
        }
    }

    /// Whether `msg` is shorter than [`SHORT_BYTES`] on a backend whose
    /// scalar kernel is the portable one (see [`Self::message`]).
    #[inline(always)]
    fn takes_short_path(&self, msg: &[u8]) -> bool {
        msg.len() < SHORT_BYTES && self.0.engine.short_is_soft()
    }

    /// [`Self::message`] then [`Self::finish`] with pad `s`, for a caller
    /// that keeps only the tag ([`crate::Poly1305::compute_unpadded`]). A
    /// message shorter than [`SHORT_BYTES`] on a backend whose scalar
    /// kernel is the portable one is hashed and finished inlined, h and r
    /// in registers from the key to the tag (the outlined
    /// [`Self::message`] takes r and returns h through memory).
    #[inline(always)]
    pub(crate) fn message_tag(&mut self, msg: &[u8], s: u128) -> [u8; 16] {
        if self.takes_short_path(msg) {
            let mut h = self.0.h;
            soft::message(&mut h, &self.0.r, msg);
            finish(&h, s)
        } else {
            self.message_body(msg);
            self.finish(s)
        }
    }

    /// [`Self::message`] through the backend.
    #[inline(never)]
    fn message_body(&mut self, msg: &[u8]) {
        let full = msg.len() & !15;
        self.absorb(None, &msg[..full]);
        self.partial(&msg[full..]);
    }

    /// [`Self::message`] on the threads of the current rayon pool (the
    /// one-thread path for a short message or a pool of one thread).
    #[cfg(feature = "rayon")]
    pub(crate) fn message_parallel(&mut self, msg: &[u8]) {
        let f = &mut self.0;
        if crate::parallel::message(f.engine, &mut f.h, &f.r, msg).is_none() {
            self.message(msg);
        }
    }

    /// [`Self::message_parallel`] of a message read in pieces
    /// ([`uhash_base::pieces`]).
    #[cfg(feature = "rayon")]
    pub(crate) fn message_parallel_from<P: uhash_base::pieces::Pieces + ?Sized>(
        &mut self,
        msg: &P,
    ) -> Result<(), P::Error> {
        let f = &mut self.0;
        crate::parallel::message_from(f.engine, &mut f.h, &f.r, msg)
    }

    /// The tag with pad s.
    #[inline]
    pub(crate) fn finish(&self, s: u128) -> [u8; 16] {
        finish(&self.0.h, s)
    }
}

impl Drop for State {
    #[inline]
    fn drop(&mut self) {
        let f = &mut self.0;
        f.h.zeroize();
        f.r.zeroize();
    }
}
