//! Poly1305 on several threads (feature `rayon`): the same tag as one
//! thread, bit for bit.
//!
//! Horner's rule is a sum of terms cᵢ·r^(q−i+1), so the message's whole
//! blocks are cut into consecutive segments of whole 16-byte blocks; each
//! segment j of nⱼ blocks is hashed from h = 0 by the backend's fast
//! kernel on its own thread, giving hⱼ = Σ cᵢ·r^(nⱼ−i+1) over its blocks,
//! and the segments are joined in order, h ← h·r^(nⱼ) + hⱼ (r^(nⱼ) by
//! square-and-multiply; every segment but the last has the same length, so
//! at most two powers), before the final partial chunk is absorbed by the
//! scalar kernel as in the one-thread path. All of it is arithmetic modulo
//! p = 2^130 − 5 (`uhash_base::p130`), where any order of evaluation gives
//! the same residue, and the tag is the canonical residue plus the pad:
//! the same bytes.

extern crate std;

use rayon::prelude::*;
use std::vec::Vec;
use uhash_base::p130::Multiplier;
use uhash_base::pieces::{Pieces, infallible, visit_checked};
use zeroize::Zeroize;

use crate::field::{from_fe, pow, r_fe, to_fe};
use crate::kernels::partial;
use crate::kernels::{Engine, Kernels};

/// Bytes of message per segment below which a thread is not worth its
/// start-up (64 KiB: the one-thread kernel takes some 20 µs there, against
/// a few µs to hand a task to a pool thread and one power of r to join it).
/// Messages shorter than two segments, and pools of one thread, take the
/// one-thread path.
pub const MIN_SEGMENT_BYTES: usize = 64 * 1024;

/// At most this many segments per pool thread (work stealing evens out a
/// thread that is descheduled; more segments would only add joins).
const SEGMENTS_PER_THREAD: usize = 4;

/// Blocks per segment for `blocks` whole blocks on `threads` threads, or
/// `None` when the one-thread path is the better one.
fn segment_blocks(blocks: usize, threads: usize) -> Option<usize> {
    let segments = (blocks / (MIN_SEGMENT_BYTES / 16)).min(SEGMENTS_PER_THREAD * threads);
    (threads >= 2 && segments >= 2).then(|| blocks.div_ceil(segments))
}

/// Joins segment values in order: h ← h·r^(nⱼ) + hⱼ for each (hⱼ, nⱼ) of
/// `parts`, from `h`.
pub(crate) fn join(h: &mut [u64; 3], r: &[u64; 2], parts: &[([u64; 3], usize)]) {
    let rv = r_fe(r);
    let mut acc = to_fe(h);
    // Powers by segment length: all but the last segment share one.
    let mut cached: Option<(usize, Multiplier)> = None;
    for (hj, n) in parts {
        let m = match cached {
            Some((k, m)) if k == *n => m,
            _ => {
                let m = pow(rv, *n as u64);
                if let Some((_, mut old)) = cached.replace((*n, m)) {
                    old.zeroize();
                }
                m
            }
        };
        acc = acc * &m + to_fe(hj);
    }
    if let Some((_, mut m)) = cached {
        m.zeroize();
    }
    *h = from_fe(acc);
    acc.zeroize();
}

/// Absorbs the whole message `msg` (its blocks with the 2^128 bit, then its
/// padded final chunk) into `h` with `engine`'s kernels, the blocks in
/// segments of `per` blocks hashed on the current rayon pool, each
/// segment's blocks as its pieces arrive ([`Pieces::visit`]).
pub(crate) fn message_segmented<P: Pieces + ?Sized>(
    engine: Engine,
    h: &mut [u64; 3],
    r: &[u64; 2],
    msg: &P,
    per: usize,
) -> Result<(), P::Error> {
    let len = msg.len();
    let full = len & !15;
    let seg = 16 * per.max(1) as u64;
    let mut parts: Vec<([u64; 3], usize)> = (0..full.div_ceil(seg))
        .into_par_iter()
        .map(|j| {
            let at = j * seg;
            let n = seg.min(full - at);
            let mut hj = [0u64; 3];
            visit_checked(msg, at, n, 16, &mut |piece| {
                engine.absorb(&mut hj, r, None, piece)
            })?;
            Ok((hj, (n / 16) as usize))
        })
        .collect::<Result<_, P::Error>>()?;
    join(h, r, &parts);
    for (hj, _) in &mut parts {
        hj.zeroize();
    }
    // The final chunk in one piece (its length is the unit).
    let tail = (len - full) as usize;
    visit_checked(msg, full, tail as u64, tail.max(1), &mut |tail| {
        partial(engine, h, r, tail)
    })
}

/// [`message_segmented`] with segments sized for the current pool, or
/// `None` (nothing absorbed) when the one-thread path is the better one
/// (short message, one thread).
pub(crate) fn message(engine: Engine, h: &mut [u64; 3], r: &[u64; 2], msg: &[u8]) -> Option<()> {
    let per = segment_blocks(msg.len() / 16, rayon::current_num_threads())?;
    infallible(message_segmented(engine, h, r, msg, per));
    Some(())
}

/// [`message`] of a message read in pieces: the same segments (one for a
/// short message or a pool of one thread), each read and hashed on the
/// thread that takes it.
pub(crate) fn message_from<P: Pieces + ?Sized>(
    engine: Engine,
    h: &mut [u64; 3],
    r: &[u64; 2],
    msg: &P,
) -> Result<(), P::Error> {
    let blocks = usize::try_from(msg.len() / 16).unwrap_or(usize::MAX);
    let per = segment_blocks(blocks, rayon::current_num_threads()).unwrap_or(blocks);
    message_segmented(engine, h, r, msg, per)
}

#[cfg(test)]
mod tests {
    //! Segmented hashing at segment sizes far below [`MIN_SEGMENT_BYTES`]
    //! (so that short messages cross many boundaries), on every backend and
    //! several pool sizes, against the one-thread state; and the checks
    //! catch a planted off-by-one power.
    use super::*;
    use crate::clamp::r_limbs_clamped;
    use crate::final_steps::finish;

    fn one_thread(e: Engine, r: &[u64; 2], h0: [u64; 3], msg: &[u8]) -> [u8; 16] {
        let mut h = h0;
        let full = msg.len() & !15;
        e.absorb(&mut h, r, None, &msg[..full]);
        partial(e, &mut h, r, &msg[full..]);
        finish(&h, 0x1234)
    }

    fn segmented(e: Engine, r: &[u64; 2], h0: [u64; 3], msg: &[u8], per: usize) -> [u8; 16] {
        let mut h = h0;
        infallible(message_segmented(e, &mut h, r, msg, per));
        finish(&h, 0x1234)
    }

    fn msg(len: usize, fill: Option<u8>) -> Vec<u8> {
        let mut rng = uhash_testkit::rng::XorShift64::new(0x2545_f491_4f6c_dd1d ^ len as u64);
        (0..len)
            .map(|_| fill.unwrap_or(rng.next_u64() as u8))
            .collect()
    }

    #[test]
    fn segment_sizes_lengths_pools_backends() {
        let r = r_limbs_clamped(&[0xff; 16]);
        let r2 = r_limbs_clamped(&[0x5a; 16]);
        let starts = [[0; 3], [u64::MAX, u64::MAX, 4], [u64::MAX, u64::MAX, 5]];
        for threads in [1, 2, 3, 7] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                for e in Engine::all_supported() {
                    for per in [1usize, 2, 3, 5, 16, 17, 64, 65] {
                        let mut lens: Vec<usize> = (0..40).collect();
                        for k in [1usize, 2, 3, 7] {
                            let b = 16 * per * k;
                            lens.extend([b - 1, b, b + 1, b + 15, b + 16, b + 17]);
                        }
                        lens.extend([1024, 1040, 4096 + 7, 20_000]);
                        for &len in &lens {
                            for fill in [None, Some(0xff)] {
                                let m = msg(len, fill);
                                for (rr, h0) in [(&r, starts[0]), (&r2, starts[1]), (&r, starts[2])]
                                {
                                    assert_eq!(
                                        segmented(e, rr, h0, &m, per),
                                        one_thread(e, rr, h0, &m),
                                        "{e}, {threads} threads, {per} blocks/segment, len {len}"
                                    );
                                }
                            }
                        }
                    }
                }
            });
        }
    }

    /// The comparison above catches a join that is off by one power.
    #[test]
    fn planted_off_by_one_power_is_caught() {
        let r = r_limbs_clamped(&[0x77; 16]);
        let e = Engine::detect();
        for len in [48usize, 100, 1000, 5000] {
            let m = msg(len, None);
            let full = len & !15;
            let per = 2;
            let mut parts: Vec<([u64; 3], usize)> = m[..full]
                .chunks(16 * per)
                .map(|seg| {
                    let mut hj = [0u64; 3];
                    e.absorb(&mut hj, &r, None, seg);
                    (hj, seg.len() / 16)
                })
                .collect();
            // the bug: the last segment's power one too high (the first
            // one's multiplies h = 0 and could not show)
            let last = parts.len() - 1;
            parts[last].1 += 1;
            let mut h = [0u64; 3];
            join(&mut h, &r, &parts);
            partial(e, &mut h, &r, &m[full..]);
            assert_ne!(
                finish(&h, 0x1234),
                one_thread(e, &r, [0; 3], &m),
                "len {len}"
            );
            // and without it the same code agrees
            parts[last].1 -= 1;
            let mut h = [0u64; 3];
            join(&mut h, &r, &parts);
            partial(e, &mut h, &r, &m[full..]);
            assert_eq!(
                finish(&h, 0x1234),
                one_thread(e, &r, [0; 3], &m),
                "len {len}"
            );
        }
    }

    #[test]
    fn segment_plan() {
        let seg = MIN_SEGMENT_BYTES / 16;
        assert_eq!(segment_blocks(100 * seg, 1), None);
        assert_eq!(segment_blocks(2 * seg - 1, 2), None);
        assert_eq!(segment_blocks(2 * seg, 2), Some(seg));
        assert_eq!(segment_blocks(100 * seg, 2), Some((100 * seg).div_ceil(8)));
    }
}
