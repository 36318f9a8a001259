//! AArch64 Advanced SIMD (NEON) kernels for the 32-bit families, built on
//! `umlal`/`umlal2` (`vmlal_u32`, `vmlal_high_u32`): two 32×32 → 64-bit
//! products accumulated into two 64-bit lanes per instruction.
//!
//! * MMH32, window r: the four message words of a 16-byte block multiply the
//!   key words at offset r (one `umlal` for the low two, one `umlal2` for the
//!   high two); the 64-bit lanes wrap mod 2^64 as Definition 5 asks.
//! * NH, window r (key shifted by 2r words): eight words s = m + k (32-bit
//!   lanes, wrapping), de-interleaved into even and odd words with
//!   `uzp1`/`uzp2`, then `umlal`/`umlal2` multiply each pair.
//!
//! * RFC 4418's NH, window r: a 32-byte block's halves s₁ = m₀..₃ + f and
//!   s₂ = m₄..₇ + s (the window's two key runs, one quarter each), then
//!   `umlal` multiplies their low words pairwise (pairs j, j + 4 for
//!   j = 0, 1) and `umlal2` the high words (j = 2, 3): no permutation.
//!
//! * Adiantum's NH, pass p: two 16-byte units A, B a step; the message
//!   vectors [A₀ A₁ B₀ B₁] and [A₂ A₃ B₂ B₃] (`zip1`/`zip2` on 64-bit
//!   lanes, once for all passes) and the key's paired layout loaded
//!   de-interleaved (`ld2`: [k₀ k₁ k₀′ k₁′] and [k₂ k₃ k₂′ k₃′]) give s₁, s₂
//!   whose lanes pair word j with j + 2; `umlal`/`umlal2` multiply them.
//!
//! Messages are loaded as bytes (`ld1 {v.16b}`), so no alignment is
//! assumed; this backend exists for little-endian AArch64 only (the lanes
//! must hold little-endian words). Tails of fewer than one block are summed
//! by the portable code.

use core::arch::aarch64::*;
use uhash_base::backend::Neon;

macro_rules! kernels {
    ($($mmh:ident, $nh:ident = $n:literal;)+) => {
        uhash_base::neon_fn! {
            $(
                /// MMH32 Toeplitz sums of `$n` windows (`soft::mmh32_sums`),
                /// in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $mmh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    let words = (msg.len() / 4).min(key.len().saturating_sub(N - 1));
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut lo = [vdupq_n_u64(0); N];
                    let mut hi = [vdupq_n_u64(0); N];
                    let mut i = 0usize;
                    while i + 4 <= words {
                        // SAFETY: message bytes 4i .. 4i+16 exist (i+4 ≤ words).
                        let m = vreinterpretq_u32_u8(unsafe { vld1q_u8(mp.add(4 * i)) });
                        for t in 0..N {
                            // SAFETY: key words i+t .. i+t+4 exist:
                            // i+t+4 ≤ words+N−1 ≤ key.len().
                            let k = unsafe { vld1q_u32(kp.add(i + t)) };
                            lo[t] = vmlal_u32(lo[t], vget_low_u32(m), vget_low_u32(k));
                            hi[t] = vmlal_high_u32(hi[t], m, k);
                        }
                        i += 4;
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        let v = vaddq_u64(lo[t], hi[t]);
                        out[t] = vgetq_lane_u64::<0>(v).wrapping_add(vgetq_lane_u64::<1>(v));
                    }
                    let tail = crate::backend::soft::mmh32_sums::<N>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..4 * words).unwrap_or(&[]),
                    );
                    for t in 0..N {
                        out[t] = out[t].wrapping_add(tail[t]);
                    }
                    out
                }

                /// NH Toeplitz sums of `$n` windows shifted by two words
                /// (`soft::nh_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $nh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    let words = (msg.len() / 4).min(key.len().saturating_sub(2 * (N - 1))) & !1;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut lo = [vdupq_n_u64(0); N];
                    let mut hi = [vdupq_n_u64(0); N];
                    let mut i = 0usize;
                    while i + 8 <= words {
                        // SAFETY: message bytes 4i .. 4i+32 exist (i+8 ≤ words).
                        let (a, b) = unsafe {
                            (
                                vreinterpretq_u32_u8(vld1q_u8(mp.add(4 * i))),
                                vreinterpretq_u32_u8(vld1q_u8(mp.add(4 * i + 16))),
                            )
                        };
                        for t in 0..N {
                            // SAFETY: key words i+2t .. i+2t+8 exist:
                            // i+8+2t ≤ words+2(N−1) ≤ key.len().
                            let (ka, kb) = unsafe {
                                (vld1q_u32(kp.add(i + 2 * t)), vld1q_u32(kp.add(i + 2 * t + 4)))
                            };
                            let sa = vaddq_u32(a, ka);
                            let sb = vaddq_u32(b, kb);
                            let e = vuzp1q_u32(sa, sb);
                            let o = vuzp2q_u32(sa, sb);
                            lo[t] = vmlal_u32(lo[t], vget_low_u32(e), vget_low_u32(o));
                            hi[t] = vmlal_high_u32(hi[t], e, o);
                        }
                        i += 8;
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        let v = vaddq_u64(lo[t], hi[t]);
                        out[t] = vgetq_lane_u64::<0>(v).wrapping_add(vgetq_lane_u64::<1>(v));
                    }
                    let tail = crate::backend::soft::nh_sums::<N>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..4 * words).unwrap_or(&[]),
                    );
                    for t in 0..N {
                        out[t] = out[t].wrapping_add(tail[t]);
                    }
                    out
                }
            )+
        }
    };
}

macro_rules! umac_kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_base::neon_fn! {
            $(
                /// RFC 4418 NH sums of `$n` windows (`soft::nh_umac_sums`),
                /// in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $name(even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; 4] {
                    const N: usize = $n;
                    // Whole blocks that every window's key covers: window
                    // r's runs (f, s) hold at least 4·blocks words each.
                    let blocks = crate::backend::soft::umac_blocks(N, even.len(), odd.len(), msg.len());
                    let mp = msg.as_ptr();
                    // Window r adds run r to the blocks' first halves and
                    // run r + 1 to their second halves.
                    let mut runs = [(core::ptr::null::<u32>(), core::ptr::null::<u32>()); N];
                    for (r, run) in runs.iter_mut().enumerate() {
                        let (f, s) = crate::backend::soft::umac_window(even, odd, r);
                        *run = (f.as_ptr(), s.as_ptr());
                    }
                    let mut lo = [vdupq_n_u64(0); N];
                    let mut hi = [vdupq_n_u64(0); N];
                    for b in 0..blocks {
                        // SAFETY: message bytes 32b .. 32b+32 exist (b < blocks).
                        let (m1, m2) = unsafe {
                            (
                                vreinterpretq_u32_u8(vld1q_u8(mp.add(32 * b))),
                                vreinterpretq_u32_u8(vld1q_u8(mp.add(32 * b + 16))),
                            )
                        };
                        for (r, &(f, s)) in runs.iter().enumerate() {
                            // SAFETY: words 4b .. 4b+4 of both runs exist
                            // (each holds 4·blocks words).
                            let (kf, ks) = unsafe { (vld1q_u32(f.add(4 * b)), vld1q_u32(s.add(4 * b))) };
                            let s1 = vaddq_u32(m1, kf);
                            let s2 = vaddq_u32(m2, ks);
                            lo[r] = vmlal_u32(lo[r], vget_low_u32(s1), vget_low_u32(s2));
                            hi[r] = vmlal_high_u32(hi[r], s1, s2);
                        }
                    }
                    let mut out = [0u64; 4];
                    for r in 0..N {
                        let v = vaddq_u64(lo[r], hi[r]);
                        out[r] = vgetq_lane_u64::<0>(v).wrapping_add(vgetq_lane_u64::<1>(v));
                    }
                    out
                }
            )+
        }
    };
}

umac_kernels! {
    nh_umac_1 = 1;
    nh_umac_2 = 2;
    nh_umac_3 = 3;
    nh_umac_4 = 4;
}

kernels! {
    mmh32_1, nh_1 = 1;
    mmh32_2, nh_2 = 2;
    mmh32_3, nh_3 = 3;
    mmh32_4, nh_4 = 4;
    mmh32_5, nh_5 = 5;
    mmh32_6, nh_6 = 6;
    mmh32_7, nh_7 = 7;
    mmh32_8, nh_8 = 8;
}

uhash_base::neon_fn! {
    /// Adiantum's NH sums (`soft::nh_adiantum_sums`), two units a step, an
    /// odd last unit by the portable code.
    ///
    /// # Safety
    /// The CPU must support the [`Neon`] feature set.
    unsafe fn nh_adiantum(key: &[u32], msg: &[u8]) -> [u64; 4] {
        let units = crate::backend::soft::adiantum_units(key.len(), msg.len());
        let whole = units & !1;
        let (mp, kp) = (msg.as_ptr(), key.as_ptr());
        let mut lo = [vdupq_n_u64(0); 4];
        let mut hi = [vdupq_n_u64(0); 4];
        let mut u = 0usize;
        while u < whole {
            // SAFETY: message bytes 16u .. 16u+32 exist (u + 2 ≤ units).
            let (a, b) = unsafe {
                (
                    vreinterpretq_u64_u8(vld1q_u8(mp.add(16 * u))),
                    vreinterpretq_u64_u8(vld1q_u8(mp.add(16 * u + 16))),
                )
            };
            let m1 = vreinterpretq_u32_u64(vzip1q_u64(a, b));
            let m2 = vreinterpretq_u32_u64(vzip2q_u64(a, b));
            for p in 0..4 {
                // SAFETY: key words 4(u + p) .. 4(u + p) + 8 exist
                // (u + 2 + 3 ≤ units + 3 ≤ key.len()/4).
                let k = unsafe { vld2q_u32(kp.add(4 * (u + p))) };
                let s1 = vaddq_u32(m1, k.0);
                let s2 = vaddq_u32(m2, k.1);
                lo[p] = vmlal_u32(lo[p], vget_low_u32(s1), vget_low_u32(s2));
                hi[p] = vmlal_high_u32(hi[p], s1, s2);
            }
            u += 2;
        }
        let mut out = [0u64; 4];
        for p in 0..4 {
            let v = vaddq_u64(lo[p], hi[p]);
            out[p] = vgetq_lane_u64::<0>(v).wrapping_add(vgetq_lane_u64::<1>(v));
        }
        crate::backend::soft::nh_adiantum_tail(key, msg, whole, units, &mut out);
        out
    }
}

table_kernels32!(Neon);
