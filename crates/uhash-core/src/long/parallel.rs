//! The one-shot hash on several threads (feature `rayon`): the same value as
//! [`LongKey::hash_lanes`], bit for bit.
//!
//! Level 1 is independent per chunk and level 2 is a polynomial in each
//! lane's key k, so the whole chunks are cut into consecutive segments,
//! each segment s of n_s chunks is folded by Horner's rule on its own
//! thread into A_s = Σ_j y_j·k^(n_s−j+1), and the segments are joined in
//! order, A ← A·k^(n_s) + A_s (k^(n_s) by square-and-multiply), before the
//! last partial chunk and the length join as in the one-thread hash. All of
//! it is arithmetic modulo 2^130 − 5, where any order of evaluation gives
//! the same residue; level 3 then sees the same value.

use alloc::vec::Vec;
use rayon::prelude::*;

use super::{ChunkHash, LongKey, LongState, MAX_LANES};
use crate::p130::Fe130;

/// Bytes of message per segment below which a thread is not worth its
/// start-up (about 1 MiB: well above the per-segment cost of one power
/// k^n and one join).
pub const MIN_SEGMENT_BYTES: usize = 1 << 20;

/// x^n in the field, by square-and-multiply (n is public: a chunk count).
fn pow(x: Fe130, mut n: u64) -> Fe130 {
    let mut acc = Fe130::from_u128(1);
    let mut base = x;
    while n > 0 {
        if n & 1 == 1 {
            acc = acc.mul_fe(base);
        }
        base = base.mul_fe(base);
        n >>= 1;
    }
    acc
}

impl<H: ChunkHash + Sync> LongKey<H> {
    /// [`LongKey::hash_lanes`] on the threads of the current rayon pool
    /// (segments of at least [`MIN_SEGMENT_BYTES`]; a short message, or a
    /// pool of one thread, takes the one-thread path). The same output for
    /// every message and every number of threads.
    #[must_use]
    pub fn hash_lanes_parallel(&self, msg: &[u8]) -> [u64; MAX_LANES] {
        let threads = rayon::current_num_threads();
        let chunks = msg.len() / self.chunk;
        let segments = (chunks * self.chunk / MIN_SEGMENT_BYTES).min(4 * threads);
        if threads < 2 || segments < 2 {
            return self.hash_lanes(msg);
        }
        let per = chunks.div_ceil(segments);
        let whole = &msg[..chunks * self.chunk];
        let parts: Vec<([Fe130; MAX_LANES], usize)> = whole
            .par_chunks(per * self.chunk)
            .map(|seg| {
                let mut st = LongState::<H>::new();
                for c in seg.chunks_exact(self.chunk) {
                    st.absorb_chunk(self, c);
                }
                (st.chunks_value(self), seg.len() / self.chunk)
            })
            .collect();
        let mut acc = [Fe130::ZERO; MAX_LANES];
        for (i, a) in acc.iter_mut().enumerate().take(H::LANES) {
            let k = self.l2[i][0].value();
            for (part, n) in &parts {
                *a = a.mul_fe(pow(k, *n as u64)) + part[i];
            }
        }
        let mut st = LongState::with_chunks(acc, msg.len() as u64);
        let tail = &msg[whole.len()..];
        if !tail.is_empty() {
            let mut y = [0u64; MAX_LANES];
            self.l1.hash_tail(tail, &mut y);
            st.absorb_lanes(self, &y);
        }
        st.finish(self)
    }

    /// [`LongKey::hash_into`] on several threads ([`Self::hash_lanes_parallel`]).
    ///
    /// # Errors
    /// [`crate::Error::InvalidOutputLength`] when `out` is shorter than
    /// `OUT_BYTES`.
    pub fn hash_into_parallel(&self, msg: &[u8], out: &mut [u8]) -> Result<(), crate::Error> {
        if out.len() < Self::OUT_BYTES {
            return Err(crate::Error::InvalidOutputLength {
                expected: Self::OUT_BYTES,
                got: out.len(),
            });
        }
        super::write_lanes::<H>(&self.hash_lanes_parallel(msg), out);
        Ok(())
    }
}
