//! The per-message state every type of the crate runs on, and the steps of
//! the definition around the block loop: reading a final partial chunk and
//! the final (h mod p + s) mod 2^128.

use zeroize::Zeroize;

use crate::kernels::{Engine, Kernels, PowerCache};

/// (h mod p + s) mod 2^128, little-endian; h < 2^130 + 2^128.
#[inline]
pub(crate) fn finish(h: &[u64; 3], s: u128) -> [u8; 16] {
    let [h0, h1, h2] = *h;
    // g = h + 5; h ≥ p iff g ≥ 2^130, and then h − p = g − 2^130 < 2^130.
    let t0 = u128::from(h0) + 5;
    let t1 = u128::from(h1) + (t0 >> 64);
    let g2 = h2 + (t1 >> 64) as u64;
    let use_g = 0u128.wrapping_sub(u128::from(g2 >> 2)); // g2 ≤ 6
    let h = u128::from(h0) | u128::from(h1) << 64;
    let g = (t0 as u64) as u128 | ((t1 as u64) as u128) << 64;
    let low = (h & !use_g) | (g & use_g);
    low.wrapping_add(s).to_le_bytes()
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

/// The per-message state: accumulator, clamped r, the backend, and the
/// powers of r the backend keeps for this message (zeros until computed:
/// not an `Option`, whose uninitialised payload would carry stack bytes
/// along when the state is moved; a key window was found that way by
/// `tests/wipe.rs`). The powers come first (`repr(C)`): see the layout
/// note of the x86-64 `PowerCache`.
#[derive(Clone)]
#[repr(C)]
pub(crate) struct State {
    powers: PowerCache,
    pub(crate) r: [u64; 2],
    pub(crate) h: [u64; 3],
    pub(crate) engine: Engine,
}

impl State {
    #[inline]
    pub(crate) fn new(r: [u64; 2], engine: Engine) -> Self {
        Self::with_powers(r, engine, PowerCache::default())
    }

    /// A state that starts with powers computed for its key.
    #[inline]
    pub(crate) fn with_powers(r: [u64; 2], engine: Engine, powers: PowerCache) -> Self {
        Self {
            h: [0; 3],
            r,
            engine,
            powers,
        }
    }

    /// Absorbs whole blocks (`data.len()` a multiple of 16; a shorter tail
    /// is ignored) with the 2^128 bit set.
    #[inline]
    pub(crate) fn blocks(&mut self, data: &[u8]) {
        let data = &data[..data.len() & !15];
        self.engine
            .absorb(&mut self.h, &self.r, &mut self.powers, data, false);
    }

    /// Absorbs a final chunk of 1..=15 bytes (padded with 0x01 and zeros,
    /// no 2^128 bit); an empty chunk is ignored.
    #[inline]
    pub(crate) fn partial(&mut self, tail: &[u8]) {
        partial(self.engine, &mut self.h, &self.r, tail);
    }

    /// A whole message: its blocks, then its padded tail.
    #[inline]
    pub(crate) fn message(&mut self, msg: &[u8]) {
        let full = msg.len() & !15;
        self.engine
            .absorb(&mut self.h, &self.r, &mut self.powers, &msg[..full], true);
        self.partial(&msg[full..]);
    }

    /// The tag with pad s.
    #[inline]
    pub(crate) fn finish(&self, s: u128) -> [u8; 16] {
        finish(&self.h, s)
    }
}

impl Drop for State {
    fn drop(&mut self) {
        self.h.zeroize();
        self.r.zeroize();
        // `powers` wipes itself (only where computed: the flag is not
        // secret).
    }
}
