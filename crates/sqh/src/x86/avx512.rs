//! AVX-512 kernels: the AVX2 scheme (see `x86::avx2`) on 512-bit vectors —
//! sixteen message elements per block (W contiguous 512-bit loads
//! transposed with masked `vpermd`), eight per `vpmuludq` step, one per
//! 64-bit lane. Same column arithmetic, same tails through the soft kernel.

use core::arch::x86_64::*;
use uhash_core::backend::Avx512;

use crate::soft::{self, COLS};

/// Blocks (two steps each) between flushes of the exact lane sums into
/// `u128`.
const FLUSH: usize = 1 << 19;

/// `vpermd` indices and lane masks: for W words per element, limb i of
/// element e (lane e) is word e·W + i of the block, in load r = (e·W+i)/8 at
/// position (e·W+i) mod 8. `TABLES[W−1][i][r]` = (indices, mask) of load r's
/// contribution to limb i.
/// One load's (indices, lane mask) for one limb.
type Perm = ([i32; 16], u16);

/// `vpermd` indices and lane masks: limb i of element e (lane e, 16
/// elements) is word e·W + i of the block, in load r = (e·W+i)/16 at
/// position (e·W+i) mod 16. `TABLES[W−1][i][r]`.
const TABLES: [[[Perm; 5]; 5]; 5] = tables();

const fn tables() -> [[[Perm; 5]; 5]; 5] {
    let mut t = [[[([0i32; 16], 0u16); 5]; 5]; 5];
    let mut w = 1;
    while w <= 5 {
        let mut i = 0;
        while i < w {
            let mut e = 0;
            while e < 16 {
                let g = e * w + i;
                let r = g / 16;
                t[w - 1][i][r].0[e] = (g % 16) as i32;
                t[w - 1][i][r].1 |= 1 << e;
                e += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

/// The W limb vectors (lane e = limb i of element e) of the sixteen
/// elements whose 16W words start at `$p` (a `*const __m512i`). Unsafe:
/// reads W·64 bytes from `$p`.
macro_rules! transpose {
    ($p:expr, $w:expr) => {{
        let p = $p;
        let mut loads = [_mm512_setzero_si512(); $w];
        for (r, l) in loads.iter_mut().enumerate() {
            *l = _mm512_loadu_si512(p.add(r));
        }
        let mut limbs = [_mm512_setzero_si512(); $w];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let mut v = _mm512_setzero_si512();
            for (r, l) in loads.iter().enumerate() {
                let (idx, mask) = &TABLES[$w - 1][i][r];
                let idx = _mm512_loadu_si512(idx.as_ptr().cast());
                v = _mm512_or_si512(v, _mm512_maskz_permutexvar_epi32(*mask, idx, *l));
            }
            *limb = v;
        }
        limbs
    }};
}

/// Lanes 8·half … 8·half+7 of a vector of sixteen 32-bit values,
/// zero-extended to 64-bit lanes.
macro_rules! widen {
    ($v:expr, $half:expr) => {
        _mm512_cvtepu32_epi64(if $half == 0 {
            _mm512_castsi512_si256($v)
        } else {
            _mm512_extracti64x4_epi64::<1>($v)
        })
    };
}

macro_rules! kernels {
    ($($c2:ident, $sq:ident = $w:literal, $exact:literal;)+) => {
        uhash_core::avx512_fn! {
            $(
                /// `soft::c2_columns` for this W and EXACT.
                ///
                /// # Safety
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $c2(key: &[u32], msg: &[u8]) -> [u64; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 16;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut acc = [_mm512_setzero_si512(); COLS];
                    for blk in 0..blocks {
                        // SAFETY: the block's words 16W·blk .. 16W·(blk+1) are
                        // below 16W·blocks ≤ k·W, inside the message (k·W
                        // words) and the key (≥ k·W words).
                        let (mt, xt) = unsafe {
                            (
                                transpose!(mp.add(64 * W * blk).cast::<__m512i>(), W),
                                transpose!(kp.add(16 * W * blk).cast::<__m512i>(), W),
                            )
                        };
                        for half in 0..2 {
                        let mut a = [_mm512_setzero_si512(); W];
                        let mut carry = _mm512_setzero_si512();
                        for (i, ai) in a.iter_mut().enumerate() {
                            let t = _mm512_add_epi64(
                                _mm512_add_epi64(widen!(mt[i], half), widen!(xt[i], half)),
                                carry,
                            );
                            *ai = t; // vpmuludq reads the low 32 bits only
                            carry = _mm512_srli_epi64::<32>(t);
                        }
                        for i in 0..W {
                            let d = _mm512_mul_epu32(a[i], a[i]);
                            acc[2 * i] = _mm512_add_epi64(acc[2 * i], d);
                            acc[2 * i + 1] =
                                _mm512_add_epi64(acc[2 * i + 1], _mm512_srli_epi64::<32>(d));
                            for j in (i + 1)..W {
                                let z = _mm512_mul_epu32(a[i], a[j]);
                                let h = _mm512_srli_epi64::<32>(z);
                                acc[i + j] = _mm512_add_epi64(acc[i + j], _mm512_add_epi64(z, z));
                                acc[i + j + 1] =
                                    _mm512_add_epi64(acc[i + j + 1], _mm512_add_epi64(h, h));
                            }
                        }
                        if EXACT {
                            for j in 0..W {
                                let z = _mm512_mul_epu32(carry, a[j]);
                                acc[W + j] = _mm512_add_epi64(acc[W + j], _mm512_add_epi64(z, z));
                            }
                            acc[2 * W] = _mm512_add_epi64(acc[2 * W], carry);
                        }
                        }
                    }
                    let mut out = [0u64; COLS];
                    for (o, v) in out.iter_mut().zip(&acc) {
                        let mut l = [0u64; 8];
                        // SAFETY: `l` is 64 bytes; unaligned store.
                        unsafe { _mm512_storeu_si512(l.as_mut_ptr().cast(), *v) };
                        *o = l.iter().fold(0u64, |a, &x| a.wrapping_add(x));
                    }
                    let done = 16 * blocks;
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
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $sq(key: &[u32], msg: &[u8]) -> [u128; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 16;
                    let lo32 = _mm512_set1_epi64(0xffff_ffff);
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut total = [0u128; COLS];
                    let mut g = 0;
                    while g < blocks {
                        let end = (g + FLUSH).min(blocks);
                        let mut acc = [_mm512_setzero_si512(); COLS];
                        while g < end {
                            // SAFETY: as in the c2 kernel: the block's words
                            // are below 16W·blocks ≤ k·W.
                            let (mt, xt) = unsafe {
                                (
                                    transpose!(mp.add(64 * W * g).cast::<__m512i>(), W),
                                    transpose!(kp.add(16 * W * g).cast::<__m512i>(), W),
                                )
                            };
                            for half in 0..2 {
                            let mut a = [_mm512_setzero_si512(); W];
                            let mut carry = _mm512_setzero_si512();
                            for (i, ai) in a.iter_mut().enumerate() {
                                let t = _mm512_add_epi64(
                                    _mm512_add_epi64(widen!(mt[i], half), widen!(xt[i], half)),
                                    carry,
                                );
                                *ai = t;
                                carry = _mm512_srli_epi64::<32>(t);
                            }
                            for i in 0..W {
                                let d = _mm512_mul_epu32(a[i], a[i]);
                                acc[2 * i] = _mm512_add_epi64(acc[2 * i], _mm512_and_si512(d, lo32));
                                acc[2 * i + 1] =
                                    _mm512_add_epi64(acc[2 * i + 1], _mm512_srli_epi64::<32>(d));
                                for j in (i + 1)..W {
                                    let z = _mm512_mul_epu32(a[i], a[j]);
                                    let l = _mm512_and_si512(z, lo32);
                                    let h = _mm512_srli_epi64::<32>(z);
                                    acc[i + j] = _mm512_add_epi64(acc[i + j], _mm512_add_epi64(l, l));
                                    acc[i + j + 1] =
                                        _mm512_add_epi64(acc[i + j + 1], _mm512_add_epi64(h, h));
                                }
                            }
                            if EXACT {
                                for j in 0..W {
                                    // carry·a_j < 2^32: no high half.
                                    let z = _mm512_mul_epu32(carry, a[j]);
                                    acc[W + j] = _mm512_add_epi64(acc[W + j], _mm512_add_epi64(z, z));
                                }
                                acc[2 * W] = _mm512_add_epi64(acc[2 * W], carry);
                            }
                            }
                            g += 1;
                        }
                        for (t, v) in total.iter_mut().zip(&acc) {
                            let mut l = [0u64; 8];
                            // SAFETY: `l` is 64 bytes; unaligned store.
                            unsafe { _mm512_storeu_si512(l.as_mut_ptr().cast(), *v) };
                            *t += l.iter().map(|&x| u128::from(x)).sum::<u128>();
                        }
                    }
                    let done = 16 * blocks;
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

        /// `soft::c2_columns` with AVX-512.
        #[inline]
        pub(crate) fn c2_columns<const W: usize, const EXACT: bool>(
            _: Avx512,
            key: &[u32],
            msg: &[u8],
        ) -> [u64; COLS] {
            match (W, EXACT) {
                $(($w, $exact) => {
                    // SAFETY: the witness proves the AVX-512 features were detected.
                    unsafe { $c2(key, msg) }
                })+
                _ => soft::c2_columns::<W, EXACT>(key, msg),
            }
        }

        /// `soft::sum_squares` with AVX-512.
        #[inline]
        pub(crate) fn sum_squares<const W: usize, const EXACT: bool>(
            _: Avx512,
            key: &[u32],
            msg: &[u8],
        ) -> [u128; COLS] {
            match (W, EXACT) {
                $(($w, $exact) => {
                    // SAFETY: the witness proves the AVX-512 features were detected.
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
