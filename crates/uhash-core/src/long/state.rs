//! [`LongState`]: one message being hashed in pieces.

use super::{ChunkHash, LongKey, MAX_LANES};
use crate::block;
use crate::p130::{self, Fe130};
use zeroize::Zeroize;

/// The running state of one message under a [`LongKey`]: the level-2
/// accumulators, the chunk outputs not yet folded in, the byte count, and a
/// buffer for a partial chunk (allocated by the kernel's
/// [`ChunkHash::zero_chunk`] the first time bytes must wait for the rest of
/// their chunk). Any split of a message into [`LongState::update`] calls
/// gives the same hash.
///
/// It holds message-derived values, not keys; it is zeroized on drop
/// anyway.
#[derive(Clone)]
pub struct LongState<H: ChunkHash> {
    acc: [Fe130; MAX_LANES],
    buf: Option<H::Chunk>,
    buf_len: usize,
    /// Bytes of `buf` (a prefix) that may be non-zero; the rest is zero.
    dirty: usize,
    /// Lane values of up to four chunks not yet in `acc`. Level 2 takes
    /// chunks four at a time ([`p130::horner_powers`]: a quarter of the
    /// carries and three quarters of the products of four single steps),
    /// when a fifth chunk arrives; so the last group of a message is still
    /// here at the end, and joins the length in one step of powers.
    group: [[u64; MAX_LANES]; 4],
    group_len: usize,
    total: u64,
}

impl<H: ChunkHash> core::fmt::Debug for LongState<H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LongState")
            .field("bytes_so_far", &self.total)
            .finish_non_exhaustive()
    }
}

impl<H: ChunkHash> Default for LongState<H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<H: ChunkHash> LongState<H> {
    /// The state of an empty message.
    #[must_use]
    pub fn new() -> Self {
        Self {
            acc: [Fe130::ZERO; MAX_LANES],
            buf: None,
            buf_len: 0,
            dirty: 0,
            group: [[0; MAX_LANES]; 4],
            group_len: 0,
            total: 0,
        }
    }

    /// A chunk's lane values: held; when four are held and a fifth comes,
    /// the four enter `acc` in one step of powers.
    #[inline(always)]
    pub(super) fn absorb_lanes(&mut self, key: &LongKey<H>, y: &[u64; MAX_LANES]) {
        if self.group_len == 4 {
            for (i, (acc, pow)) in self.acc.iter_mut().zip(&key.l2).enumerate().take(H::LANES) {
                let ys = [
                    self.group[0][i],
                    self.group[1][i],
                    self.group[2][i],
                    self.group[3][i],
                ];
                *acc = p130::horner_powers(*acc, &ys, pow);
            }
            self.group_len = 0;
        }
        self.group[self.group_len] = *y;
        self.group_len += 1;
    }

    #[inline(always)]
    pub(super) fn absorb_chunk(&mut self, key: &LongKey<H>, chunk: &[u8]) {
        let mut y = [0u64; MAX_LANES];
        key.l1.hash_chunk(chunk, &mut y);
        self.absorb_lanes(key, &y);
    }

    pub(super) fn set_total(&mut self, total: u64) {
        self.total = total;
    }

    /// The held chunks folded in: per lane, Σ_j y_j·k^(n−j+1) over the n
    /// chunks absorbed (Horner's rule, add then multiply), without the
    /// length; the state keeps no pending chunk afterwards.
    #[cfg(feature = "rayon")]
    pub(super) fn chunks_value(&mut self, key: &LongKey<H>) -> [Fe130; MAX_LANES] {
        let g = self.group_len;
        for (i, (acc, pow)) in self.acc.iter_mut().zip(&key.l2).enumerate().take(H::LANES) {
            let mut ys = [0u64; 4];
            for (y, held) in ys.iter_mut().zip(&self.group[..g]) {
                *y = held[i];
            }
            *acc = p130::horner_powers(*acc, &ys[..g], pow);
        }
        self.group_len = 0;
        self.acc
    }

    /// A state whose chunk part is `acc` (from [`Self::chunks_value`] of
    /// the chunks so far), with `total` bytes counted.
    #[cfg(feature = "rayon")]
    pub(super) fn with_chunks(acc: [Fe130; MAX_LANES], total: u64) -> Self {
        let mut st = Self::new();
        st.acc = acc;
        st.total = total;
        st
    }

    /// Hash the buffered chunk, zero-padded past `buf_len` (only the bytes
    /// written since the buffer was last cleared need clearing: a stream of
    /// short messages does not pay for a whole chunk of zeroing each).
    fn absorb_buffer(&mut self, key: &LongKey<H>) {
        let mut y = [0u64; MAX_LANES];
        if self.buffer_lanes(key, &mut y) {
            self.absorb_lanes(key, &y);
        }
        self.buf_len = 0;
    }

    /// The lane values of the buffered chunk, zero-padded past `buf_len`,
    /// into `y`; `false` (and `y` untouched) when no buffer exists.
    fn buffer_lanes(&mut self, key: &LongKey<H>, y: &mut [u64; MAX_LANES]) -> bool {
        let chunk = key.chunk;
        let used = self.buf_len;
        let Some(buf) = self.buf.as_mut() else {
            return false;
        };
        if self.dirty > used {
            buf.as_mut()[used..self.dirty].fill(0);
        }
        self.dirty = used;
        key.l1.hash_padded_chunk(&buf.as_ref()[..chunk], used, y);
        true
    }

    /// The chunk buffer, allocated on first use.
    fn buffer(&mut self) -> &mut [u8] {
        self.buf.get_or_insert_with(H::zero_chunk).as_mut()
    }

    /// Absorb message bytes under `key` (the key this state was started
    /// with); any split of a message into calls gives the same result.
    pub fn update(&mut self, key: &LongKey<H>, mut data: &[u8]) {
        let chunk = key.chunk;
        self.total = self.total.wrapping_add(data.len() as u64);
        if self.buf_len > 0 {
            let buf = self.buf.get_or_insert_with(H::zero_chunk).as_mut();
            let full = block::top_up(&mut buf[..chunk], &mut self.buf_len, &mut data);
            self.dirty = self.dirty.max(self.buf_len);
            if !full {
                return;
            }
            self.absorb_buffer(key);
        }
        let mut chunks = data.chunks_exact(chunk);
        for c in &mut chunks {
            self.absorb_chunk(key, c);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            self.buffer()[..rest.len()].copy_from_slice(rest);
            self.buf_len = rest.len();
            self.dirty = self.dirty.max(self.buf_len);
        }
    }

    /// The hash of the bytes absorbed so far as lane values; leaves the
    /// state as after [`LongState::reset`].
    pub fn finalize_lanes(&mut self, key: &LongKey<H>) -> [u64; MAX_LANES] {
        if self.total == self.buf_len as u64 {
            // Every byte is still in the buffer: a message of less than one
            // chunk (or none), hashed as `LongKey::hash_lanes` hashes it,
            // without the state's level-2 steps.
            let mut y = [0u64; MAX_LANES];
            if self.buf_len > 0 {
                self.buffer_lanes(key, &mut y);
            }
            let out = key.finish_short(&y, self.total);
            y.zeroize();
            self.reset();
            return out;
        }
        if self.buf_len > 0 {
            self.absorb_buffer(key);
        }
        self.finish(key)
    }

    /// The held chunks and the length (one step of powers per lane), then
    /// level 3; resets the state.
    pub(super) fn finish(&mut self, key: &LongKey<H>) -> [u64; MAX_LANES] {
        let g = self.group_len;
        for (i, (acc, pow)) in self.acc.iter_mut().zip(&key.l2).enumerate().take(H::LANES) {
            let mut ys = [0u64; 5];
            for (y, held) in ys.iter_mut().zip(&self.group[..g]) {
                *y = held[i];
            }
            ys[g] = self.total;
            *acc = p130::horner_powers(*acc, &ys[..=g], pow);
        }
        let out = key.level3(&self.acc);
        self.reset();
        out
    }

    /// Forget the message so far. The chunk buffer holds message bytes, not
    /// key material: it is overwritten by the next message and zeroized on
    /// drop, not here (a volatile wipe of a whole chunk would cost more than
    /// hashing a short message).
    pub fn reset(&mut self) {
        self.acc = [Fe130::ZERO; MAX_LANES];
        self.group_len = 0;
        self.buf_len = 0;
        self.total = 0;
    }
}

impl<H: ChunkHash> Drop for LongState<H> {
    fn drop(&mut self) {
        for a in &mut self.acc {
            a.zeroize();
        }
        self.group.zeroize();
        if let Some(b) = self.buf.as_mut() {
            b.zeroize();
        }
    }
}
