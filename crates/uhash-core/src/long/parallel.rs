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
use crate::pieces::{Pieces, visit_checked};

/// Bytes of message per segment below which a thread is not worth its
/// start-up (about 1 MiB: well above the per-segment cost of one power
/// k^n and one join).
pub const MIN_SEGMENT_BYTES: usize = 1 << 20;

/// Segments for `whole` bytes of whole chunks on `threads` threads: one
/// per [`MIN_SEGMENT_BYTES`], at most four per thread; below 2 the
/// one-thread path is the better one.
fn segments(whole: usize, threads: usize) -> usize {
    if threads < 2 {
        return 1;
    }
    (whole / MIN_SEGMENT_BYTES).min(4 * threads)
}

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
        if segments(chunks * self.chunk, threads) < 2 {
            return self.hash_lanes(msg);
        }
        crate::pieces::infallible(self.hash_lanes_parallel_from(msg))
    }

    /// [`Self::hash_lanes_parallel`] of a message read in pieces (a file
    /// read on every thread: [`crate::pieces`]): each segment's chunks are
    /// absorbed as its pieces arrive, on the thread that read them. The
    /// same output as for the slice of the message's bytes.
    ///
    /// # Errors
    /// The first error `msg` returned.
    pub fn hash_lanes_parallel_from<P: Pieces + ?Sized>(
        &self,
        msg: &P,
    ) -> Result<[u64; MAX_LANES], P::Error> {
        let len = msg.len();
        let chunk = self.chunk as u64;
        let chunks = len / chunk;
        let whole = chunks * chunk;
        let count = segments(
            usize::try_from(whole).unwrap_or(usize::MAX),
            rayon::current_num_threads(),
        )
        .max(1);
        let per = chunks.div_ceil(count as u64).max(1) * chunk;
        let parts: Vec<([Fe130; MAX_LANES], u64)> = (0..whole.div_ceil(per))
            .into_par_iter()
            .map(|s| {
                let at = s * per;
                let n = per.min(whole - at);
                let mut st = LongState::<H>::new();
                visit_checked(msg, at, n, self.chunk, &mut |piece| {
                    for c in piece.chunks_exact(self.chunk) {
                        st.absorb_chunk(self, c);
                    }
                })?;
                Ok((st.chunks_value(self), n / chunk))
            })
            .collect::<Result<_, P::Error>>()?;
        let mut acc = [Fe130::ZERO; MAX_LANES];
        for (i, a) in acc.iter_mut().enumerate().take(H::LANES) {
            let k = self.l2[i][0].value();
            for (part, n) in &parts {
                *a = a.mul_fe(pow(k, *n)) + part[i];
            }
        }
        let mut st = LongState::with_chunks(acc, len);
        if whole < len {
            let mut y = [0u64; MAX_LANES];
            // The last partial chunk in one piece (its length is the unit).
            let tail = (len - whole) as usize;
            visit_checked(msg, whole, tail as u64, tail, &mut |tail| {
                self.l1.hash_tail(tail, &mut y);
            })?;
            st.absorb_lanes(self, &y);
        }
        Ok(st.finish(self))
    }

    /// [`LongKey::hash_into_parallel`] of a message read in pieces
    /// ([`Self::hash_lanes_parallel_from`]).
    ///
    /// # Errors
    /// The first error `msg` returned, or `Ok(Err(…))`:
    /// [`crate::Error::InvalidOutputLength`] when `out` is shorter than
    /// `OUT_BYTES`.
    pub fn hash_into_parallel_from<P: Pieces + ?Sized>(
        &self,
        msg: &P,
        out: &mut [u8],
    ) -> Result<Result<(), crate::Error>, P::Error> {
        if out.len() < Self::OUT_BYTES {
            return Ok(Err(crate::Error::InvalidOutputLength {
                expected: Self::OUT_BYTES,
                got: out.len(),
            }));
        }
        super::write_lanes::<H>(&self.hash_lanes_parallel_from(msg)?, out);
        Ok(Ok(()))
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
