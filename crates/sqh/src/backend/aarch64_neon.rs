//! AArch64 Advanced SIMD (NEON) kernels: four message elements per block,
//! one per 32-bit lane, their squares two per `umull`/`umull2`.
//!
//! The 4W words of four consecutive elements (and of their key elements)
//! are read with W contiguous 128-bit byte loads (`ld1 {v.16b}`, no
//! alignment assumed) and transposed in registers, as the AVX2 kernels do
//! with `vpermd`: limb i of element e is word e·W + i, so limb i's vector
//! is `uzp1`/`uzp2` of the two loads for W = 2, a `trn1`/`trn2` 4×4
//! transposition for W = 4, the load itself for W = 1 and, for W = 3 and
//! 5, the OR of `tbl` lookups (byte index tables [`IDX`]; out-of-range
//! indices give zero) of the loads that hold one of its words. The exact
//! sum mᵢ + xᵢ is formed limb by limb in 32-bit lanes, the carry kept as a
//! lane mask (`cmhi` detects the wrap). Squares use `umull`/`umull2`
//! (two 32×32 → 64-bit products each): W(W+1)/2 products per element
//! (cross products once, doubled).
//!
//! * `c2_*` (SQHc2, SQHE): column c is the low 32 bits of a 64-bit lane
//!   accumulator; a product z is added whole (`acc[c] += z`) and its high
//!   half to the next column (`usra`: `acc[c+1] += z >> 32`), exactly as
//!   `soft::c2_columns`; the lanes are summed mod 2^64 at the end.
//! * `sq_*` (SQH\*, SQHasm, SQHasm2): exact column sums. Each column has
//!   two 64-bit lane accumulators: `z[c]` the products of column c added
//!   whole (mod 2^64) and `h[c+1]` their high halves (exact); the exact sum
//!   of their low halves is then `z[c] − 2^32·h[c+1]` mod 2^64 (it is below
//!   2^64), and column c is that plus `h[c]`. Each block adds < 2^38 to a
//!   lane, so they are flushed into `u128` totals every 2^19 blocks.
//!
//! The elements after the last whole block of four go through the soft
//! kernel (inlined here). This backend exists for little-endian AArch64
//! only (the lanes must hold little-endian words).

use core::arch::aarch64::*;
use uhash_base::backend::Neon;

use super::soft;
use crate::kernels::COLS;

/// Blocks between flushes of the exact lane sums into `u128`.
const FLUSH: usize = 1 << 19;

/// `tbl` byte indices: for W words per element, limb i of element e (lane
/// e) is word e·W + i of the block, in load r = (e·W+i)/4 at position
/// (e·W+i) mod 4. `IDX[W−1][i][r]` picks load r's words of limb i (0xff,
/// out of range, elsewhere: `tbl` gives zero there).
const IDX: [[[[u8; 16]; 5]; 5]; 5] = tables().0;

/// `USE[W−1][i][r]`: whether load r holds a word of limb i.
const USE: [[[bool; 5]; 5]; 5] = tables().1;

#[allow(clippy::type_complexity)]
const fn tables() -> ([[[[u8; 16]; 5]; 5]; 5], [[[bool; 5]; 5]; 5]) {
    let mut t = [[[[0xffu8; 16]; 5]; 5]; 5];
    let mut u = [[[false; 5]; 5]; 5];
    let mut w = 1;
    while w <= 5 {
        let mut i = 0;
        while i < w {
            let mut e = 0;
            while e < 4 {
                let g = e * w + i;
                let r = g / 4;
                let mut b = 0;
                while b < 4 {
                    t[w - 1][i][r][4 * e + b] = (4 * (g % 4) + b) as u8;
                    b += 1;
                }
                u[w - 1][i][r] = true;
                e += 1;
            }
            i += 1;
        }
        w += 1;
    }
    (t, u)
}

/// The W limb vectors (lane e = limb i of element e) of the four elements
/// whose 4W words start at byte pointer `p`.
///
/// # Safety
/// `p` must be valid for reading 16·W bytes; the CPU must have NEON (every
/// AArch64 CPU; callers are `neon_fn!` kernels).
#[inline(always)]
unsafe fn transpose<const W: usize>(p: *const u8) -> [uint32x4_t; W] {
    // SAFETY: NEON is present (caller); bytes 16r .. 16r+16 < 16W are
    // readable (caller); the `IDX` rows are 16 bytes.
    unsafe {
        let mut loads = [vdupq_n_u32(0); W];
        for (r, l) in loads.iter_mut().enumerate() {
            *l = vreinterpretq_u32_u8(vld1q_u8(p.add(16 * r)));
        }
        let mut limbs = [vdupq_n_u32(0); W];
        if W == 1 {
            limbs.copy_from_slice(&loads);
        } else if W == 2 {
            limbs.copy_from_slice(&[
                vuzp1q_u32(loads[0], loads[1]),
                vuzp2q_u32(loads[0], loads[1]),
            ]);
        } else if W == 4 {
            let mut r = [vdupq_n_u32(0); 4];
            r.copy_from_slice(&loads);
            // 2×2 transpositions of words, then of 64-bit halves.
            let t0 = vreinterpretq_u64_u32(vtrn1q_u32(r[0], r[1]));
            let t1 = vreinterpretq_u64_u32(vtrn2q_u32(r[0], r[1]));
            let t2 = vreinterpretq_u64_u32(vtrn1q_u32(r[2], r[3]));
            let t3 = vreinterpretq_u64_u32(vtrn2q_u32(r[2], r[3]));
            limbs.copy_from_slice(&[
                vreinterpretq_u32_u64(vtrn1q_u64(t0, t2)),
                vreinterpretq_u32_u64(vtrn1q_u64(t1, t3)),
                vreinterpretq_u32_u64(vtrn2q_u64(t0, t2)),
                vreinterpretq_u32_u64(vtrn2q_u64(t1, t3)),
            ]);
        } else {
            for (i, limb) in limbs.iter_mut().enumerate() {
                let mut v = vdupq_n_u8(0);
                for (r, l) in loads.iter().enumerate() {
                    if USE[W - 1][i][r] {
                        let idx = vld1q_u8(IDX[W - 1][i][r].as_ptr());
                        v = vorrq_u8(v, vqtbl1q_u8(vreinterpretq_u8_u32(*l), idx));
                    }
                }
                *limb = vreinterpretq_u32_u8(v);
            }
        }
        limbs
    }
}

/// The limbs aᵢ of the four sums (mᵢ + xᵢ) mod 2^L and the carry out as a
/// lane mask (all ones where the sum carried).
///
/// # Safety
/// The CPU must have NEON (callers are `neon_fn!` kernels).
#[inline(always)]
unsafe fn add<const W: usize>(
    m: &[uint32x4_t; W],
    x: &[uint32x4_t; W],
) -> ([uint32x4_t; W], uint32x4_t) {
    // SAFETY: NEON is present (caller).
    unsafe {
        let mut a = [vdupq_n_u32(0); W];
        let mut carry = vdupq_n_u32(0);
        for i in 0..W {
            let t = vaddq_u32(m[i], x[i]);
            let c1 = vcltq_u32(t, m[i]); // m + x wrapped
            let s = vsubq_u32(t, carry); // + 1 where the carry mask is all ones
            let c2 = vcltq_u32(s, t); // t + 1 wrapped
            a[i] = s;
            carry = vorrq_u32(c1, c2);
        }
        (a, carry)
    }
}

/// Adds the products of one block's squares (and, `EXACT`, the carry
/// terms) to `$z` (whole products, in their column) and `$h` (high halves,
/// one column up). With `$h` the same array as `$z` this is the C2
/// accumulation of `soft::c2_columns`.
macro_rules! square_into {
    ($a:expr, $carry:expr, $w:expr, $exact:expr, $z:ident, $h:ident) => {{
        let a = $a;
        for i in 0..$w {
            for d in [
                vmull_u32(vget_low_u32(a[i]), vget_low_u32(a[i])),
                vmull_high_u32(a[i], a[i]),
            ] {
                $z[2 * i] = vaddq_u64($z[2 * i], d);
                $h[2 * i + 1] = vsraq_n_u64::<32>($h[2 * i + 1], d);
            }
            for j in (i + 1)..$w {
                for p in [
                    vmull_u32(vget_low_u32(a[i]), vget_low_u32(a[j])),
                    vmull_high_u32(a[i], a[j]),
                ] {
                    $z[i + j] = vaddq_u64(vaddq_u64($z[i + j], p), p);
                    $h[i + j + 1] = vsraq_n_u64::<32>(vsraq_n_u64::<32>($h[i + j + 1], p), p);
                }
            }
        }
        if $exact {
            let carry = $carry;
            // carry·a_j < 2^32 (no high half), added twice: `ushll #1`.
            for j in 0..$w {
                let t = vandq_u32(carry, a[j]);
                $z[$w + j] = vaddq_u64(
                    $z[$w + j],
                    vaddq_u64(vshll_n_u32::<1>(vget_low_u32(t)), vshll_high_n_u32::<1>(t)),
                );
            }
            let one = vshrq_n_u32::<31>(carry);
            $z[2 * $w] = vaddw_high_u32(vaddw_u32($z[2 * $w], vget_low_u32(one)), one);
        }
    }};
}

/// The kernel functions of `simd_backend!`.
macro_rules! kernels {
    ($args:tt; $($c2:ident, $sq:ident = $w:literal, $exact:literal;)+) => {
        uhash_base::neon_fn! {
            $(
                /// `soft::c2_columns` for this W and EXACT.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $c2(key: &[u32], msg: &[u8]) -> [u64; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 4;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr().cast::<u8>();
                    let mut acc = [vdupq_n_u64(0); COLS + 1];
                    for blk in 0..blocks {
                        // SAFETY: the block's bytes 16W·blk .. 16W·(blk+1)
                        // are below 16W·blocks ≤ 4W·k, inside the message
                        // (4W·k bytes) and the key (≥ 4W·k bytes).
                        let (mt, xt) = unsafe {
                            (
                                transpose::<W>(mp.add(16 * W * blk)),
                                transpose::<W>(kp.add(16 * W * blk)),
                            )
                        };
                        // SAFETY: NEON is present (this function's contract).
                        let (a, carry) = unsafe { add::<W>(&mt, &xt) };
                        square_into!(a, carry, W, EXACT, acc, acc);
                    }
                    let mut out = [0u64; COLS];
                    for (o, v) in out.iter_mut().zip(&acc) {
                        *o = vgetq_lane_u64::<0>(*v).wrapping_add(vgetq_lane_u64::<1>(*v));
                    }
                    let (key, msg) = soft::after::<W>(key, msg, 4 * blocks);
                    for (o, t) in out.iter_mut().zip(soft::c2_columns::<W, EXACT>(key, msg)) {
                        *o = o.wrapping_add(t);
                    }
                    out
                }

                /// `soft::sum_squares` for this W and EXACT.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $sq(key: &[u32], msg: &[u8]) -> [u128; COLS] {
                    const W: usize = $w;
                    const EXACT: bool = $exact;
                    let k = (msg.len() / (4 * W)).min(key.len() / W);
                    let blocks = k / 4;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr().cast::<u8>();
                    let mut total = [0u128; COLS];
                    let mut g = 0;
                    while g < blocks {
                        let end = (g + FLUSH).min(blocks);
                        let mut z = [vdupq_n_u64(0); COLS + 1];
                        let mut h = [vdupq_n_u64(0); COLS + 1];
                        while g < end {
                            // SAFETY: as in the c2 kernel: the block's bytes
                            // are below 16W·blocks ≤ 4W·k.
                            let (mt, xt) = unsafe {
                                (
                                    transpose::<W>(mp.add(16 * W * g)),
                                    transpose::<W>(kp.add(16 * W * g)),
                                )
                            };
                            // SAFETY: NEON is present (this function's contract).
                            let (a, carry) = unsafe { add::<W>(&mt, &xt) };
                            square_into!(a, carry, W, EXACT, z, h);
                            g += 1;
                        }
                        for c in 0..COLS {
                            // Low halves of column c's products, exactly.
                            let lo = vsubq_u64(z[c], vshlq_n_u64::<32>(h[c + 1]));
                            for v in [lo, h[c]] {
                                total[c] += u128::from(vgetq_lane_u64::<0>(v))
                                    + u128::from(vgetq_lane_u64::<1>(v));
                            }
                        }
                    }
                    let (key, msg) = soft::after::<W>(key, msg, 4 * blocks);
                    for (t, x) in total.iter_mut().zip(soft::sum_squares::<W, EXACT>(key, msg)) {
                        *t += x;
                    }
                    total
                }
            )+
        }
    };
}

simd_backend!(Neon, kernels, []);
