//! The per-message state every type of the crate runs on, and the steps of
//! the definition around the block loop: reading a final partial chunk and
//! the final (h mod p + s) mod 2^128.

use zeroize::Zeroize;

use crate::kernels::{Engine, Kernels, Powers};

/// (h mod p + s) mod 2^128, little-endian, for h₂ ≤ 5 (h < 6·2^128 < 2p;
/// the kernels leave h₂ ≤ 4).
/// Every backend finishes here (the IFMA batch in its vector lanes).
///
/// h mod p is h or h − p: with g = h + 5, h ≥ p iff g ≥ 2^130, and then
/// (h − p + s) mod 2^128 = (h + 5 + s) mod 2^128. Both candidates are
/// summed while g's bits from 2^128 up (g₂ ≤ 6; g ≥ 2^130 iff g₂ ≥ 4) are
/// computed, and the choice is the last step, without a branch on the
/// secret h: `uhash_base::ct::select2_if_ge_u64` (a comparison and two
/// conditional moves on x86-64; a mask through the optimisation barrier
/// elsewhere, so that the optimiser cannot turn the select into a branch).
/// Always inlined: the tag is built in registers where it is used.
#[inline(always)]
pub(crate) fn finish(h: &[u64; 3], s: u128) -> [u8; 16] {
    let [h0, h1, h2] = *h;
    let low = u128::from(h0) | u128::from(h1) << 64;
    let keep = low.wrapping_add(s);
    let minus_p = low.wrapping_add(s.wrapping_add(5));
    let t0 = u128::from(h0) + 5;
    let t1 = u128::from(h1) + (t0 >> 64);
    let g2 = h2 + (t1 >> 64) as u64; // ≤ 6
    let [lo, hi] = uhash_base::ct::select2_if_ge_u64(
        g2,
        4,
        [minus_p as u64, (minus_p >> 64) as u64],
        [keep as u64, (keep >> 64) as u64],
    );
    crate::backend::bytes16(lo, hi)
}

/// A final chunk of 1..=15 bytes (longer input: its first 15) read
/// little-endian plus 2^(8·len), without a call to `memcpy`: pieces of 8,
/// 4, 2 and 1 bytes chosen by the (public) length.
#[inline(always)]
pub(crate) fn pad_partial(tail: &[u8]) -> u128 {
    let n = tail.len().min(15);
    let mut v = 0u128;
    let mut off = 0;
    if n & 8 != 0 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&tail[off..off + 8]);
        v |= u128::from(u64::from_le_bytes(w)) << (8 * off);
        off += 8;
    }
    if n & 4 != 0 {
        let mut w = [0u8; 4];
        w.copy_from_slice(&tail[off..off + 4]);
        v |= u128::from(u32::from_le_bytes(w)) << (8 * off);
        off += 4;
    }
    if n & 2 != 0 {
        let mut w = [0u8; 2];
        w.copy_from_slice(&tail[off..off + 2]);
        v |= u128::from(u16::from_le_bytes(w)) << (8 * off);
        off += 2;
    }
    if n & 1 != 0 {
        v |= u128::from(tail[off]) << (8 * off);
    }
    v | 1u128 << (8 * n)
}

/// Absorbs a final chunk of 1..=15 bytes (padded with 0x01 and zeros, no
/// 2^128 bit) with `k`'s scalar kernel; an empty chunk is ignored.
#[inline]
pub(crate) fn partial<K: Kernels>(k: K, h: &mut [u64; 3], r: &[u64; 2], tail: &[u8]) {
    if tail.is_empty() {
        return;
    }
    let block = pad_partial(tail).to_le_bytes();
    k.blocks(h, r, &block, false);
}

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
            crate::backend::short_message(&mut f.h, &f.r, msg);
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
            crate::backend::soft::message(&mut h, &self.0.r, msg);
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
