//! The IFMA block loop (see the [backend docs](super) for the schedule):
//! sixteen blocks per step in two vectors, the last 1..15 blocks in one or
//! two masked 8-lane steps, with powers stored or computed per call, with
//! the VBMI2 message split, and (feature `asm`) around an external group
//! loop.

use core::arch::x86_64::*;
use uhash_base::backend::{Ifma, IfmaVbmi2};
#[cfg(feature = "asm")]
use zeroize::Zeroize;

use super::arith::{from44, to44};
use super::powers::Powers;
use uhash_base::prefetch;

/// Absorbs every whole block of `data` (with the 2^128 bit) and returns
/// their length; `h` in and out as in the scalar block interface of
/// [`crate::kernels`]. Groups of 16 blocks go through the two-vector loop,
/// the last 1..15 blocks through at most two 8-lane steps (the last one
/// masked). With VBMI2 (detected here) the loop splits the blocks with
/// `vpshldq`.
#[inline]
pub(crate) fn cached(w: Ifma, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
    let _ = w;
    if let Some(v) = IfmaVbmi2::detect() {
        let _ = v;
        // SAFETY: the witness `v` proves the `IfmaVbmi2` features were
        // detected.
        return unsafe { blocks_cached_vbmi2(h, p, data) };
    }
    // SAFETY: the witness `w` proves the `Ifma` features were detected.
    unsafe { blocks_cached(h, p, data) }
}

/// As [`cached`] for a message absorbed in one call: the powers are
/// computed here and never stored.
#[inline]
pub(crate) fn once(w: Ifma, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
    let _ = w;
    if let Some(v) = IfmaVbmi2::detect() {
        let _ = v;
        // SAFETY: the witness `v` proves the `IfmaVbmi2` features were
        // detected.
        return unsafe { blocks_uncached_vbmi2(h, r, data) };
    }
    // SAFETY: the witness `w` proves the `Ifma` features were detected.
    unsafe { blocks_uncached(h, r, data) }
}

/// As `load8!` with VBMI2: `vpshrdq` shifts the 128-bit concatenation of
/// two lanes, so limb 1 = (hi:lo) >> 44 masked (two instructions instead
/// of three) and limb 2 with the 2^128 bit = (1:hi) >> 24, one
/// instruction that also sets bit 40 (no OR, no constant copy).
macro_rules! load8_vbmi2 {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the caller passes a pointer to 128 readable bytes.
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(64).cast()),
            )
        };
        // lane t holds block σ(t), as in `load8_raw!`
        let lo = _mm512_unpacklo_epi64(a, b);
        let hi = _mm512_unpackhi_epi64(a, b);
        let m = mask44!();
        (
            _mm512_and_si512(lo, m),
            _mm512_and_si512(_mm512_shrdi_epi64::<44>(lo, hi), m),
            _mm512_shrdi_epi64::<24>(hi, _mm512_set1_epi64(1)),
        )
    }};
}

/// Eight blocks (128 bytes at `$p`) as radix-2^44 limbs, lane t = block
/// σ(t) (see `load8_raw!`), each plus 2^128.
macro_rules! load8 {
    ($p:expr) => {{
        let (l0, l1, l2) = load8_raw!($p);
        (l0, l1, _mm512_or_si512(l2, _mm512_set1_epi64(1 << 40)))
    }};
}

/// As `load8!` without the 2^128 bits.
macro_rules! load8_raw {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the caller passes a pointer to 128 readable bytes.
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(64).cast()),
            )
        };
        // in-lane unpacks (non-destructive, no index vectors): lane t holds
        // block σ(t) = ⌊t/2⌋ + 4·(t mod 2), i.e. blocks 0, 4, 1, 5, 2, 6, 3, 7
        let lo = _mm512_unpacklo_epi64(a, b);
        let hi = _mm512_unpackhi_epi64(a, b);
        let m = mask44!();
        let l0 = _mm512_and_si512(lo, m);
        // (a | b) & m in one vpternlogq (truth table 0xA8: (A | B) & C)
        let l1 = _mm512_ternarylogic_epi64::<0xA8>(
            _mm512_srli_epi64::<44>(lo),
            _mm512_slli_epi64::<20>(hi),
            m,
        );
        (l0, l1, _mm512_srli_epi64::<24>(hi))
    }};
}

/// The last k blocks (1 ≤ k ≤ 8) at `$p` (16·k readable bytes) in lanes
/// 8 − k .. 8, each plus 2^128; lanes below are zero. With the lane
/// weights r^(8−t) this is Horner's rule over the k blocks.
macro_rules! load_last {
    ($p:expr, $k:expr) => {{
        let k: usize = $k;
        let base: *const u8 = ($p as *const u8).wrapping_sub(16 * (8 - k));
        // lanes of blocks present: t ≥ 8 − k; qwords 2t, 2t + 1, i.e.
        // qwords 16 − 2k .. 16
        let lanes: u32 = (0xffu32 << (8 - k)) & 0xff;
        let q: u32 = (0xffffu32 << (16 - 2 * k)) & 0xffff;
        // SAFETY: only the lanes of present blocks are read (masked-off
        // lanes are never accessed and cannot fault); they lie in the
        // 16·k bytes at `$p`.
        let (a, b) = unsafe {
            (
                _mm512_maskz_loadu_epi64(q as __mmask8, base.cast()),
                _mm512_maskz_loadu_epi64((q >> 8) as __mmask8, base.wrapping_add(64).cast()),
            )
        };
        let lo = _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), b);
        let hi = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), b);
        let m = mask44!();
        let l0 = _mm512_and_si512(lo, m);
        let l1 = _mm512_ternarylogic_epi64::<0xA8>(
            _mm512_srli_epi64::<44>(lo),
            _mm512_slli_epi64::<20>(hi),
            m,
        );
        let l2 = _mm512_mask_or_epi64(
            _mm512_srli_epi64::<24>(hi),
            lanes as __mmask8,
            _mm512_srli_epi64::<24>(hi),
            _mm512_set1_epi64(1 << 40),
        );
        ((l0, l1, l2), (8 - k) as u32)
    }};
}

/// The block loop (see the module docs), as a macro so that it is
/// expanded inside each `#[target_feature]` function.
macro_rules! kernel {
    ($h:expr, $p8:expr, $p16:expr, $data:expr) => {
        kernel!($h, $p8, $p16, $data, vbmi2 = false)
    };
    ($h:expr, $p8:expr, $p16:expr, $data:expr, vbmi2 = $v:tt) => {{
        let h: &mut [u64; 3] = $h;
        let data: &[u8] = $data;
        let p8 = $p8;
        let n16 = data.len() / 256;
        let mut ptr = data.as_ptr();
        let h44 = to44(h);
        let lane0 = |x: u64| _mm512_maskz_set1_epi64(1, x as i64);
        let p8s = (times20!(p8.1), times20!(p8.2));
        let mut done = 256 * n16;
        let rest = (data.len() - done) / 16;
        if n16 > 0 {
            let p16 = $p16;
            let z = _mm512_setzero_si512();
            let r16 = (
                _mm512_permutexvar_epi64(z, p16.0),
                _mm512_permutexvar_epi64(z, p16.1),
                _mm512_permutexvar_epi64(z, p16.2),
            );
            let r16s = (times20!(r16.1), times20!(r16.2));
            let acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
            let mut a = add3!(acc, load8!(ptr));
            let mut b = load8!(ptr.wrapping_add(128));
            ptr = ptr.wrapping_add(256);
            kernel_loop!($v, a, b, ptr, n16, r16, r16s);
            // lane t holds block σ(t) of each group (see `load8_raw!`): it
            // takes the power of that block, lane σ(t) of p16 / p8
            let sigma = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
            let perm = |v: (__m512i, __m512i, __m512i)| {
                (
                    _mm512_permutexvar_epi64(sigma, v.0),
                    _mm512_permutexvar_epi64(sigma, v.1),
                    _mm512_permutexvar_epi64(sigma, v.2),
                )
            };
            let (q16, q8) = (perm(p16), perm(p8));
            // both lane products summed before one carry (six products
            // per row, the bounds of `fold4!`'s with fewer terms)
            let z = _mm512_setzero_si512();
            let (mut lo, mut hi) = ((z, z, z), (z, z, z));
            rows_add!(lo, hi, b, q8, times20!(q8.1), times20!(q8.2));
            rows_add!(lo, hi, a, q16, times20!(q16.1), times20!(q16.2));
            let s = reduce!(lo.0, hi.0, lo.1, hi.1, lo.2, hi.2);
            *h = from44(hsum!(s));
        }
        // at most 15 blocks left: up to two 8-lane steps, the last one
        // masked (h joins the lane of the first block present), each in
        // the latency form (`mul_fast!`: the step's result is awaited)
        let mut h44 = if n16 > 0 && rest > 0 { to44(h) } else { h44 };
        let mut left = rest;
        while left > 0 {
            let k = left.min(8);
            let (m, first) = load_last!(ptr, k);
            let bc = |x: u64| _mm512_set1_epi64(x as i64);
            let sel = (1u32 << first) as __mmask8;
            let v = (
                _mm512_mask_add_epi64(m.0, sel, m.0, bc(h44[0])),
                _mm512_mask_add_epi64(m.1, sel, m.1, bc(h44[1])),
                _mm512_mask_add_epi64(m.2, sel, m.2, bc(h44[2])),
            );
            let s = mul_fast!(v, p8, p8s.0, p8s.1);
            ptr = ptr.wrapping_add(16 * k);
            done += 16 * k;
            left -= k;
            let hh = from44(hsum!(s));
            if left == 0 {
                *h = hh;
            } else {
                h44 = to44(&hh);
            }
        }
        done
    }};
}

/// The 16-block loop of `kernel!`: without VBMI2 the 2^128 bits enter
/// through the row-1 high chain (see `mul_add!`), with VBMI2 through the
/// message limbs of `load8_vbmi2!`; with `($f)` the external group loop
/// `$f` (a [`GroupsFn`]) runs it, on A and B through memory.
macro_rules! kernel_loop {
    (($f:expr), $a:ident, $b:ident, $ptr:ident, $n16:expr, $r16:expr, $r16s:expr) => {
        let _ = $r16s;
        let groups = $n16 - 1;
        if groups > 0 {
            let f: GroupsFn = $f;
            let mut acc = [[[0u64; 8]; 3]; 2];
            // r^16 in every lane (the kernel reads lane 0 of each limb row)
            let mut r16 = [[0u64; 8]; 3];
            store_arr!(&mut acc[0], $a);
            store_arr!(&mut acc[1], $b);
            store_arr!(&mut r16, $r16);
            // SAFETY: the caller of the enclosing function guarantees the
            // IFMA + VBMI2 features and that `f` has the contract of
            // `uhash_poly1305_ifma_vbmi2_groups`; `acc` is 48 u64s, `r16`
            // 24, and `$ptr` is followed by `groups` whole 256-byte groups
            // of `data`. A's and B's limbs are carried values plus message
            // limbs (< 2^45), r^16's are carried (< 2^44 + 2^15).
            unsafe { f(acc.as_mut_ptr().cast(), r16.as_ptr().cast(), $ptr, groups) };
            $a = load_arr!(&acc[0]);
            $b = load_arr!(&acc[1]);
            $ptr = $ptr.wrapping_add(256 * groups);
            acc.zeroize();
            r16.zeroize();
        }
    };
    // Four groups per carry while four are left (`fold4!`): `$full` loads
    // a group's limbs with the 2^128 bits, `$last` the last group's (without
    // them when `$c1` adds them, as in `mul_add!`).
    (@fold $a:ident, $b:ident, $ptr:ident, $left:ident, $r16:expr, $r16s:expr,
     $full:ident, $last:ident, $c1:expr) => {
        if $left >= FOLD_GROUPS {
            let p = fold_powers!($r16, $r16s);
            let long = $left >= prefetch::MIN_BYTES / 256;
            while $left >= FOLD_GROUPS {
                let g = |k: usize| $ptr.wrapping_add(256 * k);
                if long {
                    for line in 0..256 * FOLD_GROUPS / 64 {
                        prefetch::ahead($ptr.wrapping_add(64 * line));
                    }
                }
                $a = fold4!(
                    $a,
                    ($full!(g(0)), $full!(g(1)), $full!(g(2))),
                    $last!(g(3)),
                    $c1,
                    p
                );
                $b = fold4!(
                    $b,
                    (
                        $full!(g(0).wrapping_add(128)),
                        $full!(g(1).wrapping_add(128)),
                        $full!(g(2).wrapping_add(128))
                    ),
                    $last!(g(3).wrapping_add(128)),
                    $c1,
                    p
                );
                $ptr = $ptr.wrapping_add(256 * FOLD_GROUPS);
                $left -= FOLD_GROUPS;
            }
        }
    };
    (false, $a:ident, $b:ident, $ptr:ident, $n16:expr, $r16:expr, $r16s:expr) => {
        let bit = _mm512_set1_epi64(1 << 32);
        let mut left = $n16 - 1;
        kernel_loop!(@fold $a, $b, $ptr, left, $r16, $r16s, load8, load8_raw, bit);
        for _ in 0..left {
            let ma = load8_raw!($ptr);
            let mb = load8_raw!($ptr.wrapping_add(128));
            $a = mul_add!($a, $r16, $r16s.0, $r16s.1, ma, bit);
            $b = mul_add!($b, $r16, $r16s.0, $r16s.1, mb, bit);
            $ptr = $ptr.wrapping_add(256);
        }
    };
    (true, $a:ident, $b:ident, $ptr:ident, $n16:expr, $r16:expr, $r16s:expr) => {
        let z = _mm512_setzero_si512();
        let mut left = $n16 - 1;
        kernel_loop!(@fold $a, $b, $ptr, left, $r16, $r16s, load8_vbmi2, load8_vbmi2, z);
        for _ in 0..left {
            let ma = load8_vbmi2!($ptr);
            let mb = load8_vbmi2!($ptr.wrapping_add(128));
            $a = mul_add!($a, $r16, $r16s.0, $r16s.1, ma);
            $b = mul_add!($b, $r16, $r16s.0, $r16s.1, mb);
            $ptr = $ptr.wrapping_add(256);
        }
    };
}

/// Groups (of sixteen blocks, 256 bytes) per step of the folded loop: A and
/// B each take four group halves with one carry (`fold4!`), A ← A·r^64 +
/// m₁·r^48 + m₂·r^32 + m₃·r^16 + m₄. The loop without the fold carries
/// once per group (72 vector instructions per 256 bytes: split 6,
/// products 18, carry 12 per eight blocks); the fold carries once per four
/// (54: split 6, products 18, carry 3).
const FOLD_GROUPS: usize = 4;

/// The powers r^16, r^32, r^48, r^64 (each in every lane, with 20× limbs 1
/// and 2) from r^16 and its 20× limbs: two vector products, r^16·r^16 and
/// then r^32·(r^16, r^32) in lanes 0 and 1.
macro_rules! fold_powers {
    ($r16:expr, $r16s:expr) => {{
        let r16 = $r16;
        let r16s = $r16s;
        let r32 = mul_fast!(r16, r16, r16s.0, r16s.1);
        let r32s = (times20!(r32.1), times20!(r32.2));
        // lane 0: r^16, lane 1: r^32 (the rest r^32 too)
        let k: __mmask8 = 1;
        let g = (
            _mm512_mask_blend_epi64(k, r32.0, r16.0),
            _mm512_mask_blend_epi64(k, r32.1, r16.1),
            _mm512_mask_blend_epi64(k, r32.2, r16.2),
        );
        let t = mul_fast!(r32, g, times20!(g.1), times20!(g.2));
        let lane = |v: __m512i, i: i64| _mm512_permutexvar_epi64(_mm512_set1_epi64(i), v);
        let r48 = (lane(t.0, 0), lane(t.1, 0), lane(t.2, 0));
        let r64 = (lane(t.0, 1), lane(t.1, 1), lane(t.2, 1));
        (
            (r16, r16s.0, r16s.1),
            (r32, r32s.0, r32s.1),
            fold_power!(r48),
            fold_power!(r64),
        )
    }};
}

uhash_base::ifma_fn! {
    /// See [`cached`] (powers from the message state).
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn blocks_cached(h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        kernel!(h, load_arr!(&p.p8), load_arr!(&p.p16), data)
    }

    /// See [`once`] (powers computed here, kept in registers).
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn blocks_uncached(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        let p8 = powers8!(r);
        kernel!(h, p8, powers16!(p8), data)
    }
}

uhash_base::ifma_vbmi2_fn! {
    /// [`blocks_cached`] with the VBMI2 message split.
    ///
    /// # Safety
    /// The CPU must support the [`IfmaVbmi2`] feature set.
    unsafe fn blocks_cached_vbmi2(h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        kernel!(h, load_arr!(&p.p8), load_arr!(&p.p16), data, vbmi2 = true)
    }

    /// [`blocks_uncached`] with the VBMI2 message split.
    ///
    /// # Safety
    /// The CPU must support the [`IfmaVbmi2`] feature set.
    unsafe fn blocks_uncached_vbmi2(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        let p8 = powers8!(r);
        kernel!(h, p8, powers16!(p8), data, vbmi2 = true)
    }
}

/// An external 16-block group loop with the contract of
/// `uhash_asm::poly1305_ifma::uhash_poly1305_ifma_vbmi2_groups` (A, B,
/// r^16 table, data, number of groups).
#[cfg(feature = "asm")]
pub(crate) type GroupsFn = unsafe extern "C" fn(*mut u64, *const u64, *const u8, usize);

#[cfg(feature = "asm")]
uhash_base::ifma_vbmi2_fn! {
    /// [`blocks_cached_vbmi2`] with the group loop run by `f` (setup,
    /// first group, final lane products and tail as here).
    ///
    /// # Safety
    /// The CPU must support the [`IfmaVbmi2`] feature set, and `f` must
    /// satisfy the contract of [`GroupsFn`].
    pub(crate) unsafe fn blocks_cached_groups(
        h: &mut [u64; 3],
        p: &Powers,
        data: &[u8],
        f: GroupsFn,
    ) -> usize {
        kernel!(h, load_arr!(&p.p8), load_arr!(&p.p16), data, vbmi2 = (f))
    }

    /// [`blocks_uncached_vbmi2`] with the group loop run by `f`.
    ///
    /// # Safety
    /// As [`blocks_cached_groups`].
    pub(crate) unsafe fn blocks_uncached_groups(
        h: &mut [u64; 3],
        r: &[u64; 2],
        data: &[u8],
        f: GroupsFn,
    ) -> usize {
        let p8 = powers8!(r);
        kernel!(h, p8, powers16!(p8), data, vbmi2 = (f))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::final_steps::finish;
    use std::vec::Vec;

    /// Both message splits (plain IFMA and IFMA + VBMI2, cached and
    /// uncached powers) against the portable kernel on whole-block lengths around the
    /// 16-block steps, with pseudo-random and all-0xff data; compared as
    /// finished tags (the accumulators may differ by multiples of p).
    #[test]
    fn both_splits_match_soft() {
        let (Some(w), Some(v)) = (Ifma::detect(), IfmaVbmi2::detect()) else {
            // Where CI's CPU has both (UHASH_EXPECT_X86 lists its flags), a
            // skipped test is a failure; elsewhere CI's log says that these
            // kernels were not exercised.
            let ci = std::env::var("UHASH_EXPECT_X86").unwrap_or_default();
            assert!(
                uhash_base::backend::masked_by_build(IfmaVbmi2::FEATURES)
                    || !IfmaVbmi2::listed_in(&ci),
                "the CPU lists IFMA + VBMI2 but they were not detected"
            );
            return;
        };
        let _ = (w, v);
        let mut rng = uhash_testkit::rng::XorShift64::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let lens: Vec<usize> = (0..70).chain([127, 128, 129, 255, 256, 257, 300]).collect();
        for fill in [None, Some(0xffu8)] {
            for &nb in &lens {
                let data: Vec<u8> = (0..16 * nb).map(|_| fill.unwrap_or(next() as u8)).collect();
                let r = [
                    next() & 0x0fff_fffc_0fff_ffff,
                    next() & 0x0fff_fffc_0fff_fffc,
                ];
                let h0 = [next(), next(), next() % 5];
                let mut want = h0;
                crate::backend::soft::blocks(&mut want, &r, &data, true);
                let want = finish(&want, 0);
                let mut powers = Powers::ZERO;
                super::super::powers::compute(w, &r, &mut powers);
                let p = &powers;
                let mut got = [h0; 4];
                // SAFETY: the features were detected above.
                let n = unsafe {
                    [
                        blocks_cached(&mut got[0], p, &data),
                        blocks_uncached(&mut got[1], &r, &data),
                        blocks_cached_vbmi2(&mut got[2], p, &data),
                        blocks_uncached_vbmi2(&mut got[3], &r, &data),
                    ]
                };
                for (g, n) in got.iter().zip(n) {
                    assert_eq!(n, data.len());
                    assert_eq!(finish(g, 0), want, "{nb} blocks");
                }
            }
        }
    }
}
