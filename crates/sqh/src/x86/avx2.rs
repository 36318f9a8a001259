//! AVX2 kernels: eight message elements per block, four per step, one per
//! 64-bit lane.
//!
//! The 8W words of eight consecutive elements (and of their key elements)
//! are read with W contiguous 256-bit loads and transposed in registers:
//! limb i of element e is word e·W + i, so limb i's vector is assembled
//! from the W loads with `vpermd` (index tables [`TABLES`]) and masks. Each
//! half (four elements) is widened to 64-bit lanes and the exact sum
//! mᵢ + xᵢ is formed limb by limb with the carry in the lane's high half.
//! Squares use `vpmuludq`: W(W+1)/2 products per element (cross products
//! once, doubled). (A first version fetched limbs with `vpgatherdd`; it was
//! about 3× slower than the portable code.)
//!
//! * `c2_*` (SQHc2, SQHE): column c is the low 32 bits of a 64-bit lane
//!   accumulator; a product z is added whole (`acc[c] += z`) and its high
//!   half to the next column (`acc[c+1] += z >> 32`), exactly as
//!   `soft::c2_columns`; the lanes are summed mod 2^64 at the end (their low
//!   halves then hold the column mod 2^32).
//! * `sq_*` (SQH\*, SQHasm, SQHasm2): exact column sums, the low and high
//!   halves of every product added separately into 64-bit lanes (each step
//!   adds < 2^37 to a lane, so they are flushed into `u128` totals every
//!   2^20 steps); the lanes are then summed exactly.
//!
//! The elements after the last whole group of four go through the soft
//! kernel (inlined here, so compiled with the same features).

use core::arch::x86_64::*;
use uhash_core::backend::Avx2;

use crate::soft::{self, COLS};

/// Blocks (two steps each) between flushes of the exact lane sums into
/// `u128`.
const FLUSH: usize = 1 << 19;

/// `vpermd` indices and lane masks: for W words per element, limb i of
/// element e (lane e) is word e·W + i of the block, in load r = (e·W+i)/8 at
/// position (e·W+i) mod 8. `TABLES[W−1][i][r]` = (indices, mask) of load r's
/// contribution to limb i.
/// One load's (indices, mask) for one limb.
type Perm = ([i32; 8], [i32; 8]);

const TABLES: [[[Perm; 5]; 5]; 5] = tables();

const fn tables() -> [[[Perm; 5]; 5]; 5] {
    let mut t = [[[([0i32; 8], [0i32; 8]); 5]; 5]; 5];
    let mut w = 1;
    while w <= 5 {
        let mut i = 0;
        while i < w {
            let mut e = 0;
            while e < 8 {
                let g = e * w + i;
                let r = g / 8;
                t[w - 1][i][r].0[e] = (g % 8) as i32;
                t[w - 1][i][r].1[e] = -1;
                e += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

/// The W limb vectors (lane e = limb i of element e) of the eight elements
/// whose 8W words start at `$p` (a `*const __m256i`). Unsafe: reads W·32
/// bytes from `$p`.
macro_rules! transpose {
    ($p:expr, $w:expr) => {{
        let p = $p;
        let mut loads = [_mm256_setzero_si256(); $w];
        for (r, l) in loads.iter_mut().enumerate() {
            *l = _mm256_loadu_si256(p.add(r));
        }
        let mut limbs = [_mm256_setzero_si256(); $w];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let mut v = _mm256_setzero_si256();
            for (r, l) in loads.iter().enumerate() {
                let (idx, mask) = &TABLES[$w - 1][i][r];
                let idx = _mm256_loadu_si256(idx.as_ptr().cast());
                let mask = _mm256_loadu_si256(mask.as_ptr().cast());
                v = _mm256_or_si256(
                    v,
                    _mm256_and_si256(_mm256_permutevar8x32_epi32(*l, idx), mask),
                );
            }
            *limb = v;
        }
        limbs
    }};
}

/// Lanes 4·half … 4·half+3 of a vector of eight 32-bit values, zero-extended
/// to 64-bit lanes.
macro_rules! widen {
    ($v:expr, $half:expr) => {
        _mm256_cvtepu32_epi64(if $half == 0 {
            _mm256_castsi256_si128($v)
        } else {
            _mm256_extracti128_si256::<1>($v)
        })
    };
}

macro_rules! kernels {
    ($($c2:ident, $sq:ident = $w:literal, $exact:literal;)+) => {
        uhash_core::avx2_fn! {
            $(
                /// `soft::c2_columns` for this W and EXACT.
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                unsafe fn $c2(key: &[u32], msg: &[u8]) -> [u64; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 8;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut acc = [_mm256_setzero_si256(); COLS];
                    for blk in 0..blocks {
                        // SAFETY: the block's words 8W·blk .. 8W·(blk+1) are
                        // below 8W·blocks ≤ k·W, inside the message (k·W
                        // words) and the key (≥ k·W words).
                        let (mt, xt) = unsafe {
                            (
                                transpose!(mp.add(32 * W * blk).cast::<__m256i>(), W),
                                transpose!(kp.add(8 * W * blk).cast::<__m256i>(), W),
                            )
                        };
                        for half in 0..2 {
                        let mut a = [_mm256_setzero_si256(); W];
                        let mut carry = _mm256_setzero_si256();
                        for (i, ai) in a.iter_mut().enumerate() {
                            let t = _mm256_add_epi64(
                                _mm256_add_epi64(widen!(mt[i], half), widen!(xt[i], half)),
                                carry,
                            );
                            *ai = t; // vpmuludq reads the low 32 bits only
                            carry = _mm256_srli_epi64::<32>(t);
                        }
                        for i in 0..W {
                            let d = _mm256_mul_epu32(a[i], a[i]);
                            acc[2 * i] = _mm256_add_epi64(acc[2 * i], d);
                            acc[2 * i + 1] =
                                _mm256_add_epi64(acc[2 * i + 1], _mm256_srli_epi64::<32>(d));
                            for j in (i + 1)..W {
                                let z = _mm256_mul_epu32(a[i], a[j]);
                                let h = _mm256_srli_epi64::<32>(z);
                                acc[i + j] = _mm256_add_epi64(acc[i + j], _mm256_add_epi64(z, z));
                                acc[i + j + 1] =
                                    _mm256_add_epi64(acc[i + j + 1], _mm256_add_epi64(h, h));
                            }
                        }
                        if EXACT {
                            for j in 0..W {
                                let z = _mm256_mul_epu32(carry, a[j]);
                                acc[W + j] = _mm256_add_epi64(acc[W + j], _mm256_add_epi64(z, z));
                            }
                            acc[2 * W] = _mm256_add_epi64(acc[2 * W], carry);
                        }
                        }
                    }
                    let mut out = [0u64; COLS];
                    for (o, v) in out.iter_mut().zip(&acc) {
                        let mut l = [0u64; 4];
                        // SAFETY: `l` is 32 bytes; unaligned store.
                        unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), *v) };
                        *o = l[0].wrapping_add(l[1]).wrapping_add(l[2]).wrapping_add(l[3]);
                    }
                    let done = 8 * blocks;
                    let tail = soft::c2_columns::<W, EXACT>(
                        key.get(W * done..).unwrap_or(&[]),
                        msg.get(4 * W * done..).unwrap_or(&[]),
                    );
                    for (o, t) in out.iter_mut().zip(tail) {
                        *o = o.wrapping_add(t);
                    }
                    out
                }

                /// `soft::sum_squares` for this W and EXACT.
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                unsafe fn $sq(key: &[u32], msg: &[u8]) -> [u128; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 8;
                    let lo32 = _mm256_set1_epi64x(0xffff_ffff);
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut total = [0u128; COLS];
                    let mut g = 0;
                    while g < blocks {
                        let end = (g + FLUSH).min(blocks);
                        let mut acc = [_mm256_setzero_si256(); COLS];
                        while g < end {
                            // SAFETY: as in the c2 kernel: the block's words
                            // are below 8W·blocks ≤ k·W.
                            let (mt, xt) = unsafe {
                                (
                                    transpose!(mp.add(32 * W * g).cast::<__m256i>(), W),
                                    transpose!(kp.add(8 * W * g).cast::<__m256i>(), W),
                                )
                            };
                            for half in 0..2 {
                            let mut a = [_mm256_setzero_si256(); W];
                            let mut carry = _mm256_setzero_si256();
                            for (i, ai) in a.iter_mut().enumerate() {
                                let t = _mm256_add_epi64(
                                    _mm256_add_epi64(widen!(mt[i], half), widen!(xt[i], half)),
                                    carry,
                                );
                                *ai = t;
                                carry = _mm256_srli_epi64::<32>(t);
                            }
                            for i in 0..W {
                                let d = _mm256_mul_epu32(a[i], a[i]);
                                acc[2 * i] = _mm256_add_epi64(acc[2 * i], _mm256_and_si256(d, lo32));
                                acc[2 * i + 1] =
                                    _mm256_add_epi64(acc[2 * i + 1], _mm256_srli_epi64::<32>(d));
                                for j in (i + 1)..W {
                                    let z = _mm256_mul_epu32(a[i], a[j]);
                                    let l = _mm256_and_si256(z, lo32);
                                    let h = _mm256_srli_epi64::<32>(z);
                                    acc[i + j] = _mm256_add_epi64(acc[i + j], _mm256_add_epi64(l, l));
                                    acc[i + j + 1] =
                                        _mm256_add_epi64(acc[i + j + 1], _mm256_add_epi64(h, h));
                                }
                            }
                            if EXACT {
                                for j in 0..W {
                                    // carry·a_j < 2^32: no high half.
                                    let z = _mm256_mul_epu32(carry, a[j]);
                                    acc[W + j] = _mm256_add_epi64(acc[W + j], _mm256_add_epi64(z, z));
                                }
                                acc[2 * W] = _mm256_add_epi64(acc[2 * W], carry);
                            }
                            }
                            g += 1;
                        }
                        for (t, v) in total.iter_mut().zip(&acc) {
                            let mut l = [0u64; 4];
                            // SAFETY: `l` is 32 bytes; unaligned store.
                            unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), *v) };
                            *t += l.iter().map(|&x| u128::from(x)).sum::<u128>();
                        }
                    }
                    let done = 8 * blocks;
                    let tail = soft::sum_squares::<W, EXACT>(
                        key.get(W * done..).unwrap_or(&[]),
                        msg.get(4 * W * done..).unwrap_or(&[]),
                    );
                    for (t, x) in total.iter_mut().zip(tail) {
                        *t += x;
                    }
                    total
                }
            )+
        }

        /// `soft::c2_columns` with AVX2.
        #[inline]
        pub(crate) fn c2_columns<const W: usize, const EXACT: bool>(
            _: Avx2,
            key: &[u32],
            msg: &[u8],
        ) -> [u64; COLS] {
            match (W, EXACT) {
                $(($w, $exact) => {
                    // SAFETY: the witness proves the AVX2 features were detected.
                    unsafe { $c2(key, msg) }
                })+
                _ => soft::c2_columns::<W, EXACT>(key, msg),
            }
        }

        /// `soft::sum_squares` with AVX2.
        #[inline]
        pub(crate) fn sum_squares<const W: usize, const EXACT: bool>(
            _: Avx2,
            key: &[u32],
            msg: &[u8],
        ) -> [u128; COLS] {
            match (W, EXACT) {
                $(($w, $exact) => {
                    // SAFETY: the witness proves the AVX2 features were detected.
                    unsafe { $sq(key, msg) }
                })+
                _ => soft::sum_squares::<W, EXACT>(key, msg),
            }
        }
    };
}

kernels! {
    c2_1t, sq_1t = 1, true;
    c2_1f, sq_1f = 1, false;
    c2_2t, sq_2t = 2, true;
    c2_2f, sq_2f = 2, false;
    c2_3t, sq_3t = 3, true;
    c2_3f, sq_3f = 3, false;
    c2_4t, sq_4t = 4, true;
    c2_4f, sq_4f = 4, false;
    c2_5t, sq_5t = 5, true;
    c2_5f, sq_5f = 5, false;
}
