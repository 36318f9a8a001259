//! Poly1305 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`), 8 lanes,
//! radix 2^44.
//!
//! # Representation
//! A field element is three limbs v = l₀ + 2^44·l₁ + 2^88·l₂, one element
//! per 64-bit lane. With 2^132 ≡ 20 (mod p) the product d = h·g is
//!
//! * d₀ = h₀g₀ + h₁·20g₂ + h₂·20g₁,
//! * d₁ = h₀g₁ + h₁g₀ + h₂·20g₂,
//! * d₂ = h₀g₂ + h₁g₁ + h₂g₀.
//!
//! IFMA gives the low and the high 52 bits of each 52×52-bit product; a high
//! part has weight 2^52 = 2^44·2^8 relative to its row, so row i's high sum
//! moves to row i + 1 shifted left by 8, and row 2's to row 0 times
//! 20·2^8 = 5120.
//!
//! # Bounds
//! After a product the limbs are carried once, in parallel (see `reduce!`),
//! to below B = 2^44 + 2^15. Multiplier limbs (powers of r) are < B, so
//! 20·g < 2^48.4; accumulator limbs are < 2B (a carried value plus a
//! message limb < 2^44). So row 0 and row 1 products are < 2^93.4 (high
//! halves < 2^41.4, three of them < 2^43: 256·hi < 2^51), row 2 products
//! (no factor 20) < 2^89.1 (high halves sum < 2^38.6: 5120·hi₂ < 2^51), and
//! each row's three low halves sum below 3·2^52: every dᵢ < 2^54, every
//! carry cᵢ < 2^10 and 20·c₂ < 2^15. All inputs stay below 2^52, where IFMA
//! multiplies exactly, and no 64-bit lane overflows.
//!
//! # Schedule
//! Sixteen blocks per step in two vectors A (blocks 0..8 of the step) and B
//! (blocks 8..16): A ← A·r^16 + m, B ← B·r^16 + m′. Lane t holds block
//! σ(t) = ⌊t/2⌋ + 4·(t mod 2) of its eight (in-lane `vpunpck{l,h}qdq` of
//! the two 64-byte loads, no cross-lane permute in the loop). The incoming
//! h joins lane 0 (block 0) of A's first blocks. At the end lane t of A is
//! multiplied by r^(16−σ(t)) and lane t of B by r^(8−σ(t)) (the power
//! vectors permuted once, outside the loop), and the sixteen products are
//! summed: Horner's rule regrouped, the same value mod p as the scalar
//! code. With VBMI2 (`IfmaVbmi2`) the loop splits the blocks with
//! `vpshldq` (limb 1 and limb 2 plus the 2^128 bit: 6 instead of 8 vector
//! instructions per eight blocks; the limbs are the same, so the bounds
//! below hold unchanged). The remaining k ≤ 15 blocks go through one or two vectors with
//! r^(8−t): k < 8 blocks sit in lanes 8 − k .. 8 (masked loads; the lanes
//! below are zero) and h joins the first of them. The powers r^1..r^16 are computed per message (four vector
//! products) and kept in the message state.

use core::arch::x86_64::*;
use uhash_core::backend::{Ifma, IfmaVbmi2};
use zeroize::Zeroize;

const M44: u64 = (1 << 44) - 1;

/// r^(8−t) and r^(16−t) in lane t, limbs 0..3 (radix 2^44, carried).
#[derive(Clone)]
pub(crate) struct Powers {
    p8: [[u64; 8]; 3],
    p16: [[u64; 8]; 3],
}

impl Zeroize for Powers {
    fn zeroize(&mut self) {
        self.p8.zeroize();
        self.p16.zeroize();
    }
}

impl Powers {
    /// All zeros: no powers.
    pub(crate) const ZERO: Self = Powers {
        p8: [[0; 8]; 3],
        p16: [[0; 8]; 3],
    };

    /// The powers of the clamped r (two 64-bit limbs).
    #[inline]
    pub(crate) fn new(w: Ifma, r: &[u64; 2]) -> Self {
        let _ = w;
        let mut p = Self::ZERO;
        // SAFETY: the witness `w` proves the `Ifma` features were detected.
        unsafe { powers(r, &mut p) };
        p
    }
}

/// Absorbs every whole block of `data` (with the 2^128 bit) and returns
/// their length; `h` in and out as in [`super::soft64::blocks`]. Groups of
/// 16 blocks go through the two-vector loop, the last 1..15 blocks through
/// at most two 8-lane steps (the last one masked).
#[inline]
pub(crate) fn blocks(w: Ifma, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
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

/// As [`blocks`] for a message absorbed in one call: the powers are
/// computed here and never stored.
#[inline]
pub(crate) fn blocks_once(w: Ifma, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
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

/// Vector constants and helpers, expanded inside the `#[target_feature]`
/// functions so that every intrinsic is compiled with their features.
macro_rules! mask44 {
    () => {
        _mm512_set1_epi64(M44 as i64)
    };
}

/// x·20 = (x << 4) + (x << 2), lane-wise.
macro_rules! times20 {
    ($x:expr) => {{
        let x = $x;
        _mm512_add_epi64(_mm512_slli_epi64::<4>(x), _mm512_slli_epi64::<2>(x))
    }};
}

/// The carry step shared by both multiplies: the three row sums of low
/// halves (lo) and of high halves (hi), to carried limbs.
///
/// hi₀·2^52 = (256·hi₀)·2^44 joins row 1, hi₁ joins row 2 the same way,
/// and hi₂·2^140 ≡ 5120·hi₂ joins row 0; each of these products is below
/// 2^52 (hi₀, hi₁ < 2^44, hi₂ < 2^39: row 2 has no factor 20), so one
/// `vpmadd52luq` adds it exactly. Then one parallel carry round:
/// cᵢ = dᵢ >> 44 moves up a limb (c₂ back to limb 0 times 20, c₂ < 2^12).
macro_rules! reduce {
    ($lo0:expr, $hi0:expr, $lo1:expr, $hi1:expr, $lo2:expr, $hi2:expr) => {{
        let m = mask44!();
        let d0 = _mm512_madd52lo_epu64($lo0, $hi2, _mm512_set1_epi64(5120));
        let d1 = _mm512_madd52lo_epu64($lo1, $hi0, _mm512_set1_epi64(256));
        let d2 = _mm512_madd52lo_epu64($lo2, $hi1, _mm512_set1_epi64(256));
        let c0 = _mm512_srli_epi64::<44>(d0);
        let c1 = _mm512_srli_epi64::<44>(d1);
        let c2 = _mm512_srli_epi64::<44>(d2);
        (
            _mm512_madd52lo_epu64(_mm512_and_si512(d0, m), c2, _mm512_set1_epi64(20)),
            _mm512_add_epi64(_mm512_and_si512(d1, m), c0),
            _mm512_add_epi64(_mm512_and_si512(d2, m), c1),
        )
    }};
}

/// (h₀, h₁, h₂)·(g₀, g₁, g₂) + (a₀, a₁, a₂) with 20g₁ = s₁, 20g₂ = s₂,
/// carried; each row one chain of `vpmadd52` that starts from the addend
/// (fewest instructions: the throughput form; the addend is the next
/// message blocks, limbs < 2^44).
macro_rules! mul_add {
    ($h:expr, $g:expr, $s1:expr, $s2:expr, $a:expr) => {{ mul_add!($h, $g, $s1, $s2, $a, _mm512_setzero_si512()) }};
    // `$c1` starts the row-1 high chain: it enters d₂ times 256 (the block
    // loop passes 2^32 there, which is the 2^128 bit, 2^40 in limb 2, of
    // the blocks it adds, saving an OR per block vector).
    ($h:expr, $g:expr, $s1:expr, $s2:expr, $a:expr, $c1:expr) => {{
        let (h0, h1, h2) = $h;
        let (g0, g1, g2) = $g;
        let (s1, s2) = ($s1, $s2);
        let (a0, a1, a2) = $a;
        let z = _mm512_setzero_si512();
        let lo0 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(a0, h0, g0), h1, s2),
            h2,
            s1,
        );
        let hi0 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h0, g0), h1, s2),
            h2,
            s1,
        );
        let lo1 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(a1, h0, g1), h1, g0),
            h2,
            s2,
        );
        let hi1 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64($c1, h0, g1), h1, g0),
            h2,
            s2,
        );
        let lo2 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(a2, h0, g2), h1, g1),
            h2,
            g0,
        );
        let hi2 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h0, g2), h1, g1),
            h2,
            g0,
        );
        reduce!(lo0, hi0, lo1, hi1, lo2, hi2)
    }};
}

/// (h₀, h₁, h₂)·(g₀, g₁, g₂), carried (throughput form).
macro_rules! mul {
    ($h:expr, $g:expr, $s1:expr, $s2:expr) => {{
        let z = _mm512_setzero_si512();
        mul_add!($h, $g, $s1, $s2, (z, z, z))
    }};
}

/// The same product with independent products summed by additions
/// (shorter dependency chains: the latency form, for the powers of r).
macro_rules! mul_fast {
    ($h:expr, $g:expr, $s1:expr, $s2:expr) => {{
        let (h0, h1, h2) = $h;
        let (g0, g1, g2) = $g;
        let (s1, s2) = ($s1, $s2);
        let z = _mm512_setzero_si512();
        macro_rules! row {
            ($f:ident, $a:expr, $b:expr, $c:expr, $d:expr, $e:expr, $g_:expr) => {
                _mm512_add_epi64(
                    _mm512_add_epi64($f(z, $a, $b), $f(z, $c, $d)),
                    $f(z, $e, $g_),
                )
            };
        }
        let lo0 = row!(_mm512_madd52lo_epu64, h0, g0, h1, s2, h2, s1);
        let hi0 = row!(_mm512_madd52hi_epu64, h0, g0, h1, s2, h2, s1);
        let lo1 = row!(_mm512_madd52lo_epu64, h0, g1, h1, g0, h2, s2);
        let hi1 = row!(_mm512_madd52hi_epu64, h0, g1, h1, g0, h2, s2);
        let lo2 = row!(_mm512_madd52lo_epu64, h0, g2, h1, g1, h2, g0);
        let hi2 = row!(_mm512_madd52hi_epu64, h0, g2, h1, g1, h2, g0);
        reduce!(lo0, hi0, lo1, hi1, lo2, hi2)
    }};
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
        // lanes of blocks present: t ≥ 8 − k; qwords 2t, 2t + 1
        let lanes: u32 = (0xffu32 << (8 - k)) & 0xff;
        let mut q: u32 = 0;
        let mut t = 0;
        while t < 8 {
            q |= ((lanes >> t) & 1) * (3 << (2 * t));
            t += 1;
        }
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

macro_rules! add3 {
    ($a:expr, $b:expr) => {{
        let (a0, a1, a2) = $a;
        let (b0, b1, b2) = $b;
        (
            _mm512_add_epi64(a0, b0),
            _mm512_add_epi64(a1, b1),
            _mm512_add_epi64(a2, b2),
        )
    }};
}

macro_rules! load_arr {
    ($a:expr) => {{
        let a: &[[u64; 8]; 3] = $a;
        // SAFETY: each row is 8 u64 = 64 readable bytes.
        unsafe {
            (
                _mm512_loadu_si512(a[0].as_ptr().cast()),
                _mm512_loadu_si512(a[1].as_ptr().cast()),
                _mm512_loadu_si512(a[2].as_ptr().cast()),
            )
        }
    }};
}

macro_rules! store_arr {
    ($a:expr, $v:expr) => {{
        let a: &mut [[u64; 8]; 3] = $a;
        let (v0, v1, v2) = $v;
        // SAFETY: each row is 8 u64 = 64 writable bytes.
        unsafe {
            _mm512_storeu_si512(a[0].as_mut_ptr().cast(), v0);
            _mm512_storeu_si512(a[1].as_mut_ptr().cast(), v1);
            _mm512_storeu_si512(a[2].as_mut_ptr().cast(), v2);
        }
    }};
}

/// Radix 2^44 limbs of h = h₀ + 2^64h₁ + 2^128h₂ (h₂ ≤ 5).
#[inline(always)]
fn to44(h: &[u64; 3]) -> [u64; 3] {
    [
        h[0] & M44,
        ((h[0] >> 44) | (h[1] << 20)) & M44,
        (h[1] >> 24) | (h[2] << 40),
    ]
}

/// h = s₀ + 2^44s₁ + 2^88s₂ (each sᵢ < 2^52) to 64-bit limbs with
/// h < 2^130 + 2^128.
#[inline(always)]
fn from44(s: [u64; 3]) -> [u64; 3] {
    let [mut s0, mut s1, mut s2] = s;
    s1 += s0 >> 44;
    s0 &= M44;
    s2 += s1 >> 44;
    s1 &= M44;
    let c = s2 >> 42;
    s2 &= (1 << 42) - 1;
    s0 += c * 5;
    s1 += s0 >> 44;
    s0 &= M44;
    // now s0 < 2^44, s1 ≤ 2^44, s2 < 2^42: h < 2^130 + 2^89
    let h0 = s0 | (s1 << 44);
    let rest = u128::from(s1 >> 20) + (u128::from(s2) << 24);
    [h0, rest as u64, (rest >> 64) as u64]
}

/// Lane sums (each < 2^49) of a carried vector triple.
macro_rules! hsum {
    ($s:expr) => {{
        let (s0, s1, s2) = $s;
        [
            _mm512_reduce_add_epi64(s0) as u64,
            _mm512_reduce_add_epi64(s1) as u64,
            _mm512_reduce_add_epi64(s2) as u64,
        ]
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
        let mut acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
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
            let fa = mul!(a, q16, times20!(q16.1), times20!(q16.2));
            let fb = mul!(b, q8, times20!(q8.1), times20!(q8.2));
            let s = add3!(fa, fb);
            if rest > 0 {
                let h44 = to44(&from44(hsum!(s)));
                acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
            } else {
                *h = from44(hsum!(s));
            }
        }
        // at most 15 blocks left: up to two 8-lane steps, the last one
        // masked (h joins the lane of the first block present)
        let mut left = rest;
        while left > 0 {
            let k = left.min(8);
            let (m, first) = load_last!(ptr, k);
            let hv = (
                _mm512_permutexvar_epi64(_mm512_set1_epi64(0), acc.0),
                _mm512_permutexvar_epi64(_mm512_set1_epi64(0), acc.1),
                _mm512_permutexvar_epi64(_mm512_set1_epi64(0), acc.2),
            );
            let sel = (1u32 << first) as __mmask8;
            let v = (
                _mm512_mask_add_epi64(m.0, sel, m.0, hv.0),
                _mm512_mask_add_epi64(m.1, sel, m.1, hv.1),
                _mm512_mask_add_epi64(m.2, sel, m.2, hv.2),
            );
            let s = mul!(v, p8, p8s.0, p8s.1);
            ptr = ptr.wrapping_add(16 * k);
            done += 16 * k;
            left -= k;
            let hh = from44(hsum!(s));
            if left == 0 {
                *h = hh;
            } else {
                let h44 = to44(&hh);
                acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
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
    (false, $a:ident, $b:ident, $ptr:ident, $n16:expr, $r16:expr, $r16s:expr) => {
        let bit = _mm512_set1_epi64(1 << 32);
        for _ in 1..$n16 {
            let ma = load8_raw!($ptr);
            let mb = load8_raw!($ptr.wrapping_add(128));
            $a = mul_add!($a, $r16, $r16s.0, $r16s.1, ma, bit);
            $b = mul_add!($b, $r16, $r16s.0, $r16s.1, mb, bit);
            $ptr = $ptr.wrapping_add(256);
        }
    };
    (true, $a:ident, $b:ident, $ptr:ident, $n16:expr, $r16:expr, $r16s:expr) => {
        for _ in 1..$n16 {
            let ma = load8_vbmi2!($ptr);
            let mb = load8_vbmi2!($ptr.wrapping_add(128));
            $a = mul_add!($a, $r16, $r16s.0, $r16s.1, ma);
            $b = mul_add!($b, $r16, $r16s.0, $r16s.1, mb);
            $ptr = $ptr.wrapping_add(256);
        }
    };
}

/// r^(8−t) in lane t (t = 0..8) as a carried vector triple, from the
/// clamped r: three products (exponents [2,…,2,1] → [4,4,4,4,4,3,2,1] →
/// [8,…,1]).
macro_rules! powers8 {
    ($r:expr) => {{
        let r: &[u64; 2] = $r;
        let r44 = to44(&[r[0], r[1], 0]);
        let one = _mm512_set1_epi64(1);
        let rv = (
            _mm512_set1_epi64(r44[0] as i64),
            _mm512_set1_epi64(r44[1] as i64),
            _mm512_set1_epi64(r44[2] as i64),
        );
        // T = r·[r ×7, 1] → exponents [2,2,2,2,2,2,2,1]
        let k1: __mmask8 = 0x7f;
        let g = (
            _mm512_mask_blend_epi64(k1, one, rv.0),
            _mm512_maskz_mov_epi64(k1, rv.1),
            _mm512_maskz_mov_epi64(k1, rv.2),
        );
        let t = mul_fast!(rv, g, times20!(g.1), times20!(g.2));
        // T2 = T·[T₀ ×5, T₇, 1, 1] → [4,4,4,4,4,3,2,1]
        let idx = _mm512_set_epi64(0, 0, 7, 0, 0, 0, 0, 0);
        let k2: __mmask8 = 0x3f;
        let g = (
            _mm512_mask_blend_epi64(k2, one, _mm512_permutexvar_epi64(idx, t.0)),
            _mm512_maskz_permutexvar_epi64(k2, idx, t.1),
            _mm512_maskz_permutexvar_epi64(k2, idx, t.2),
        );
        let t = mul_fast!(t, g, times20!(g.1), times20!(g.2));
        // T3 = T2·[T2₄, T2₅, T2₆, T2₇, 1, 1, 1, 1] → [8,7,6,5,4,3,2,1]
        let idx = _mm512_set_epi64(0, 0, 0, 0, 7, 6, 5, 4);
        let k3: __mmask8 = 0x0f;
        let g = (
            _mm512_mask_blend_epi64(k3, one, _mm512_permutexvar_epi64(idx, t.0)),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.1),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.2),
        );
        mul_fast!(t, g, times20!(g.1), times20!(g.2))
    }};
}

/// r^(16−t) in lane t from the triple of `powers8!`: ×r^8 (lane 0).
macro_rules! powers16 {
    ($p8:expr) => {{
        let p8 = $p8;
        let z = _mm512_setzero_si512();
        let g = (
            _mm512_permutexvar_epi64(z, p8.0),
            _mm512_permutexvar_epi64(z, p8.1),
            _mm512_permutexvar_epi64(z, p8.2),
        );
        mul_fast!(p8, g, times20!(g.1), times20!(g.2))
    }};
}

uhash_core::ifma_fn! {
    /// Computes r^(8−t) and r^(16−t) for lanes t = 0..8 into `out`.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn powers(r: &[u64; 2], out: &mut Powers) {
        let p8 = powers8!(r);
        store_arr!(&mut out.p8, p8);
        store_arr!(&mut out.p16, powers16!(p8));
    }

    /// See [`blocks`] (powers from the message state).
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn blocks_cached(h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        kernel!(h, load_arr!(&p.p8), load_arr!(&p.p16), data)
    }

    /// See [`blocks_once`] (powers computed here, kept in registers).
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn blocks_uncached(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        let p8 = powers8!(r);
        kernel!(h, p8, powers16!(p8), data)
    }
}

uhash_core::ifma_vbmi2_fn! {
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
uhash_core::ifma_vbmi2_fn! {
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

/// The last block of `msg` (1..16 bytes; none for an empty message) as
/// (low word, high word, 2^128 bit): a partial chunk is padded (0x01,
/// zeros) and has no 2^128 bit.
#[inline(always)]
fn last_block(msg: &[u8]) -> (u64, u64, u64) {
    if msg.is_empty() {
        return (0, 0, 0);
    }
    let full = (msg.len() - 1) & !15;
    let chunk = &msg[full..];
    let (v, top) = if chunk.len() == 16 {
        let mut w = [0u8; 16];
        w.copy_from_slice(chunk);
        (u128::from_le_bytes(w), 1)
    } else {
        (super::pad_partial(chunk), 0)
    };
    (v as u64, (v >> 64) as u64, top)
}

/// Eight messages under eight keys at once, one per lane (key agility: no
/// powers, nothing kept): lane i computes Horner's rule for message i with
/// its own r, the messages right-aligned so that a shorter one starts
/// later (h = 0 times r stays 0 until its first block). Returns each
/// lane's tag (h mod p + sᵢ) mod 2^128, frozen and added in the lanes.
#[inline]
pub(crate) fn batch8(
    w: Ifma,
    r: &[[u64; 2]; 8],
    s: &[u128; 8],
    msgs: &[&[u8]; 8],
) -> [[u8; 16]; 8] {
    let _ = w;
    // SAFETY: the witness `w` proves the `Ifma` features were detected.
    unsafe { batch8_ifma(r, s, msgs) }
}

uhash_core::ifma_fn! {
    /// See [`batch8`].
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn batch8_ifma(r: &[[u64; 2]; 8], pads: &[u128; 8], msgs: &[&[u8]; 8]) -> [[u8; 16]; 8] {
        let mut g = [[0u64; 8]; 3];
        for (i, ri) in r.iter().enumerate() {
            let l = to44(&[ri[0], ri[1], 0]);
            g[0][i] = l[0];
            g[1][i] = l[1];
            g[2][i] = l[2];
        }
        let g = load_arr!(&g);
        let (s1, s2) = (times20!(g.1), times20!(g.2));
        let q: [usize; 8] = core::array::from_fn(|i| msgs[i].len().div_ceil(16));
        let steps = q.iter().copied().max().unwrap_or(0);
        let z = _mm512_setzero_si512();
        let mut h = (z, z, z);
        let m44 = mask44!();
        let mut words = [[0u64; 8]; 3];
        for j in 0..steps {
            if j + 1 < steps {
                // every block before the last step is a whole one (the
                // messages are right-aligned); lanes not started are zero
                for (i, m) in msgs.iter().enumerate() {
                    let (lo, hi, top) = match (j + q[i]).checked_sub(steps) {
                        Some(b) => {
                            let w = u128::from_le_bytes(
                                m[16 * b..16 * b + 16].try_into().unwrap_or([0; 16]),
                            );
                            (w as u64, (w >> 64) as u64, 1u64 << 40)
                        }
                        None => (0, 0, 0),
                    };
                    words[0][i] = lo;
                    words[1][i] = hi;
                    words[2][i] = top;
                }
            } else {
                for (i, m) in msgs.iter().enumerate() {
                    let (lo, hi, top) = last_block(m);
                    words[0][i] = lo;
                    words[1][i] = hi;
                    words[2][i] = top << 40;
                }
            }
            let (lo, hi, top) = load_arr!(&words);
            let m = (
                _mm512_and_si512(lo, m44),
                _mm512_ternarylogic_epi64::<0xA8>(
                    _mm512_srli_epi64::<44>(lo),
                    _mm512_slli_epi64::<20>(hi),
                    m44,
                ),
                _mm512_or_si512(_mm512_srli_epi64::<24>(hi), top),
            );
            h = mul_fast!(add3!(h, m), g, s1, s2);
        }
        // Freeze in the lanes: full carry, then h − p if h ≥ p (g = h + 5
        // reaches 2^130), chosen by mask (no branch on the value).
        let (mut h0, mut h1, mut h2) = h;
        let m42 = _mm512_set1_epi64((1 << 42) - 1);
        h1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(h0));
        h0 = _mm512_and_si512(h0, m44);
        h2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(h1));
        h1 = _mm512_and_si512(h1, m44);
        let c = _mm512_srli_epi64::<42>(h2);
        h2 = _mm512_and_si512(h2, m42);
        h0 = _mm512_add_epi64(h0, _mm512_add_epi64(c, _mm512_slli_epi64::<2>(c)));
        h1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(h0));
        h0 = _mm512_and_si512(h0, m44);
        h2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(h1));
        h1 = _mm512_and_si512(h1, m44);
        // now h₀, h₁ < 2^44, h₂ ≤ 2^42: h < 2^130 + 2^88 < 2p
        let g0 = _mm512_add_epi64(h0, _mm512_set1_epi64(5));
        let g1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(g0));
        let g0 = _mm512_and_si512(g0, m44);
        let g2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(g1));
        let g1 = _mm512_and_si512(g1, m44);
        let ge = _mm512_cmpge_epu64_mask(g2, _mm512_set1_epi64(1 << 42));
        let f0 = _mm512_mask_blend_epi64(ge, h0, g0);
        let f1 = _mm512_mask_blend_epi64(ge, h1, g1);
        let f2 = _mm512_mask_blend_epi64(ge, h2, _mm512_and_si512(g2, m42));
        // to two 64-bit words and + s mod 2^128
        let lo = _mm512_or_si512(f0, _mm512_slli_epi64::<44>(f1));
        let hi = _mm512_or_si512(_mm512_srli_epi64::<20>(f1), _mm512_slli_epi64::<24>(f2));
        let mut sw = [[0u64; 8]; 3];
        for (i, p) in pads.iter().enumerate() {
            sw[0][i] = *p as u64;
            sw[1][i] = (*p >> 64) as u64;
        }
        let (slo, shi, _) = load_arr!(&sw);
        let lo2 = _mm512_add_epi64(lo, slo);
        let carry = _mm512_cmplt_epu64_mask(lo2, lo);
        let hi2 = _mm512_add_epi64(hi, shi);
        let hi2 = _mm512_mask_add_epi64(hi2, carry, hi2, _mm512_set1_epi64(1));
        let t0 = _mm512_permutex2var_epi64(lo2, _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), hi2);
        let t1 = _mm512_permutex2var_epi64(lo2, _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4), hi2);
        let mut tags = [[0u8; 16]; 8];
        // SAFETY: `tags` is 128 writable bytes; two 64-byte stores.
        unsafe {
            _mm512_storeu_si512(tags.as_mut_ptr().cast(), t0);
            _mm512_storeu_si512(tags.as_mut_ptr().cast::<u8>().add(64).cast(), t1);
        }
        tags
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    /// Both message splits (plain IFMA and IFMA + VBMI2, cached and
    /// uncached powers) against soft64 on whole-block lengths around the
    /// 16-block steps, with pseudo-random and all-0xff data; compared as
    /// finished tags (the accumulators may differ by multiples of p).
    #[test]
    fn both_splits_match_soft64() {
        let (Some(w), Some(v)) = (Ifma::detect(), IfmaVbmi2::detect()) else {
            // Where CI's CPU has both (UHASH_EXPECT_X86 lists its flags), a
            // skipped test is a failure; elsewhere CI's log says that these
            // kernels were not exercised.
            let ci = std::env::var("UHASH_EXPECT_X86").unwrap_or_default();
            assert!(
                uhash_core::backend::forced_soft() || !IfmaVbmi2::listed_in(&ci),
                "the CPU lists IFMA + VBMI2 but they were not detected"
            );
            return;
        };
        let _ = (w, v);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
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
                super::super::soft64::blocks(&mut want, &r, &data, true);
                let want = super::super::finish(&want, 0);
                let p = Powers::new(w, &r);
                let mut got = [h0; 4];
                // SAFETY: the features were detected above.
                let n = unsafe {
                    [
                        blocks_cached(&mut got[0], &p, &data),
                        blocks_uncached(&mut got[1], &r, &data),
                        blocks_cached_vbmi2(&mut got[2], &p, &data),
                        blocks_uncached_vbmi2(&mut got[3], &r, &data),
                    ]
                };
                for (g, n) in got.iter().zip(n) {
                    assert_eq!(n, data.len());
                    assert_eq!(super::super::finish(g, 0), want, "{nb} blocks");
                }
            }
        }
    }
}
