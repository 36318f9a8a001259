//! AVX2 kernels: four message elements per step, one per 64-bit lane.
//!
//! Limb i of four consecutive elements (and of their key elements) is
//! fetched with one `vpgatherdd` each (stride W words; the gather reads
//! exactly the four 32-bit words it names, all inside the slices), widened
//! to 64-bit lanes, and the exact sum mᵢ + xᵢ is formed limb by limb with
//! the carry in the lane's high half. Squares use `vpmuludq`: W(W+1)/2
//! products per element (cross products once, doubled).
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

/// Steps between flushes of the exact lane sums into `u128`.
const FLUSH: usize = 1 << 20;

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
                    let groups = k / 4;
                    let idx = _mm_setr_epi32(0, W as i32, 2 * W as i32, 3 * W as i32);
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut acc = [_mm256_setzero_si256(); COLS];
                    for g in 0..groups {
                        let base = 4 * W * g;
                        let mut a = [_mm256_setzero_si256(); W];
                        let mut carry = _mm256_setzero_si256();
                        for (i, ai) in a.iter_mut().enumerate() {
                            // SAFETY: the gathers read words base+i+{0,W,2W,3W}
                            // ≤ base+4W−1 < 4W·groups ≤ k·W, inside both the
                            // message (k·W words) and the key (≥ k·W words).
                            let (mw, xw) = unsafe {
                                (
                                    _mm_i32gather_epi32::<4>(mp.add(4 * (base + i)).cast(), idx),
                                    _mm_i32gather_epi32::<4>(kp.add(base + i).cast(), idx),
                                )
                            };
                            let t = _mm256_add_epi64(
                                _mm256_add_epi64(_mm256_cvtepu32_epi64(mw), _mm256_cvtepu32_epi64(xw)),
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
                    let mut out = [0u64; COLS];
                    for (o, v) in out.iter_mut().zip(&acc) {
                        let mut l = [0u64; 4];
                        // SAFETY: `l` is 32 bytes; unaligned store.
                        unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), *v) };
                        *o = l[0].wrapping_add(l[1]).wrapping_add(l[2]).wrapping_add(l[3]);
                    }
                    let done = 4 * groups;
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
                    let groups = k / 4;
                    let idx = _mm_setr_epi32(0, W as i32, 2 * W as i32, 3 * W as i32);
                    let lo32 = _mm256_set1_epi64x(0xffff_ffff);
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut total = [0u128; COLS];
                    let mut g = 0;
                    while g < groups {
                        let end = (g + FLUSH).min(groups);
                        let mut acc = [_mm256_setzero_si256(); COLS];
                        while g < end {
                            let base = 4 * W * g;
                            let mut a = [_mm256_setzero_si256(); W];
                            let mut carry = _mm256_setzero_si256();
                            for (i, ai) in a.iter_mut().enumerate() {
                                // SAFETY: as in the c2 kernel: every gathered
                                // word is below k·W.
                                let (mw, xw) = unsafe {
                                    (
                                        _mm_i32gather_epi32::<4>(mp.add(4 * (base + i)).cast(), idx),
                                        _mm_i32gather_epi32::<4>(kp.add(base + i).cast(), idx),
                                    )
                                };
                                let t = _mm256_add_epi64(
                                    _mm256_add_epi64(
                                        _mm256_cvtepu32_epi64(mw),
                                        _mm256_cvtepu32_epi64(xw),
                                    ),
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
                            g += 1;
                        }
                        for (t, v) in total.iter_mut().zip(&acc) {
                            let mut l = [0u64; 4];
                            // SAFETY: `l` is 32 bytes; unaligned store.
                            unsafe { _mm256_storeu_si256(l.as_mut_ptr().cast(), *v) };
                            *t += l.iter().map(|&x| u128::from(x)).sum::<u128>();
                        }
                    }
                    let done = 4 * groups;
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
