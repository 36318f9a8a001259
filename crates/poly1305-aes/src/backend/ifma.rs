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
//! Multiplier limbs (powers of r, carried) are < 2^44 + 2^20, so 20·g < 2^49;
//! accumulator limbs are < 2^45 (a carried value < 2^44 + 2^20 plus a message
//! limb < 2^44). Every product is < 2^94 < 2^104, so its high part is below
//! 2^42 and each row's three highs sum below 2^44; each row's three lows sum
//! below 3·2^52. Then d₀ < 3·2^52 + 5120·2^44 < 2^57, d₁, d₂ < 2^55, and
//! one carry round (with the top carry ×20 into limb 0, and one more carry
//! from limb 0) leaves limbs < 2^44 + 2^20 — inside the 52-bit inputs IFMA
//! multiplies exactly.
//!
//! # Schedule
//! Sixteen blocks per step in two vectors A (blocks 0..8 of the step) and B
//! (blocks 8..16): A ← A·r^16 + m, B ← B·r^16 + m′. The incoming h joins
//! lane 0 of A's first blocks. At the end lane t of A is multiplied by
//! r^(16−t) and lane t of B by r^(8−t), and the sixteen products are
//! summed: Horner's rule regrouped, the same value mod p as the scalar
//! code. A remaining group of 8 blocks goes through one vector with
//! r^(8−t). The powers r^1..r^16 are computed per message (four vector
//! products) and kept in the message state.

use core::arch::x86_64::*;
use uhash_core::backend::Ifma;
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
    /// The powers of the clamped r (two 64-bit limbs).
    #[inline]
    pub(crate) fn new(w: Ifma, r: &[u64; 2]) -> Self {
        let _ = w;
        let mut p = Powers {
            p8: [[0; 8]; 3],
            p16: [[0; 8]; 3],
        };
        // SAFETY: the witness `w` proves the `Ifma` features were detected.
        unsafe { powers(r, &mut p) };
        p
    }
}

/// Absorbs the longest prefix of `data` that is a multiple of 128 bytes
/// (with the 2^128 bit in every block) and returns its length; `h` in and
/// out as in [`super::soft64::blocks`].
#[inline]
pub(crate) fn blocks(w: Ifma, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
    let _ = w;
    // SAFETY: the witness `w` proves the `Ifma` features were detected.
    unsafe { blocks_ifma(h, p, data) }
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

/// (h₀, h₁, h₂)·(g₀, g₁, g₂) with 20g₁ = s₁, 20g₂ = s₂, carried.
macro_rules! mul {
    ($h:expr, $g:expr, $s1:expr, $s2:expr) => {{
        let (h0, h1, h2) = $h;
        let (g0, g1, g2) = $g;
        let (s1, s2) = ($s1, $s2);
        let z = _mm512_setzero_si512();
        let lo0 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h0, g0), h1, s2),
            h2,
            s1,
        );
        let hi0 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h0, g0), h1, s2),
            h2,
            s1,
        );
        let lo1 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h0, g1), h1, g0),
            h2,
            s2,
        );
        let hi1 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h0, g1), h1, g0),
            h2,
            s2,
        );
        let lo2 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64(z, h0, g2), h1, g1),
            h2,
            g0,
        );
        let hi2 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64(z, h0, g2), h1, g1),
            h2,
            g0,
        );
        let m = mask44!();
        // hi2·5120 = (hi2 << 12) + (hi2 << 10)
        let d0 = _mm512_add_epi64(
            lo0,
            _mm512_add_epi64(_mm512_slli_epi64::<12>(hi2), _mm512_slli_epi64::<10>(hi2)),
        );
        let d1 = _mm512_add_epi64(lo1, _mm512_slli_epi64::<8>(hi0));
        let d2 = _mm512_add_epi64(lo2, _mm512_slli_epi64::<8>(hi1));
        let d1 = _mm512_add_epi64(d1, _mm512_srli_epi64::<44>(d0));
        let d0 = _mm512_and_si512(d0, m);
        let d2 = _mm512_add_epi64(d2, _mm512_srli_epi64::<44>(d1));
        let d1 = _mm512_and_si512(d1, m);
        let c = _mm512_srli_epi64::<44>(d2);
        let d2 = _mm512_and_si512(d2, m);
        let d0 = _mm512_add_epi64(d0, times20!(c));
        let d1 = _mm512_add_epi64(d1, _mm512_srli_epi64::<44>(d0));
        let d0 = _mm512_and_si512(d0, m);
        (d0, d1, d2)
    }};
}

/// Eight blocks (128 bytes at `$p`) as radix-2^44 limbs, lane t = block t,
/// each plus 2^128.
macro_rules! load8 {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the caller passes a pointer to 128 readable bytes.
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(64).cast()),
            )
        };
        let lo = _mm512_permutex2var_epi64(a, _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), b);
        let hi = _mm512_permutex2var_epi64(a, _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1), b);
        let m = mask44!();
        let l0 = _mm512_and_si512(lo, m);
        let l1 = _mm512_and_si512(
            _mm512_or_si512(_mm512_srli_epi64::<44>(lo), _mm512_slli_epi64::<20>(hi)),
            m,
        );
        let l2 = _mm512_or_si512(_mm512_srli_epi64::<24>(hi), _mm512_set1_epi64(1 << 40));
        (l0, l1, l2)
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

uhash_core::ifma_fn! {
    /// Computes r^(8−t) and r^(16−t) for lanes t = 0..8.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn powers(r: &[u64; 2], out: &mut Powers) {
        let r44 = to44(&[r[0], r[1], 0]);
        let one = _mm512_set1_epi64(1);
        let z = _mm512_setzero_si512();
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
        let t = mul!(rv, g, times20!(g.1), times20!(g.2));
        // T2 = T·[T₀ ×5, T₇, 1, 1] → [4,4,4,4,4,3,2,1]
        let idx = _mm512_set_epi64(0, 0, 7, 0, 0, 0, 0, 0);
        let k2: __mmask8 = 0x3f;
        let g = (
            _mm512_mask_blend_epi64(k2, one, _mm512_permutexvar_epi64(idx, t.0)),
            _mm512_maskz_permutexvar_epi64(k2, idx, t.1),
            _mm512_maskz_permutexvar_epi64(k2, idx, t.2),
        );
        let t = mul!(t, g, times20!(g.1), times20!(g.2));
        // T3 = T2·[T2₄, T2₅, T2₆, T2₇, 1, 1, 1, 1] → [8,7,6,5,4,3,2,1]
        let idx = _mm512_set_epi64(0, 0, 0, 0, 7, 6, 5, 4);
        let k3: __mmask8 = 0x0f;
        let g = (
            _mm512_mask_blend_epi64(k3, one, _mm512_permutexvar_epi64(idx, t.0)),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.1),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.2),
        );
        let p8 = mul!(t, g, times20!(g.1), times20!(g.2));
        // P16 = P8·r^8 (lane 0 broadcast) → [16..9]
        let g = (
            _mm512_permutexvar_epi64(z, p8.0),
            _mm512_permutexvar_epi64(z, p8.1),
            _mm512_permutexvar_epi64(z, p8.2),
        );
        let p16 = mul!(p8, g, times20!(g.1), times20!(g.2));
        store_arr!(&mut out.p8, p8);
        store_arr!(&mut out.p16, p16);
    }

    /// See [`blocks`].
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn blocks_ifma(h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        let n16 = data.len() / 256;
        let mut ptr = data.as_ptr();
        let h44 = to44(h);
        let lane0 = |x: u64| _mm512_maskz_set1_epi64(1, x as i64);
        let mut acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
        let p8 = load_arr!(&p.p8);
        let p8s = (times20!(p8.1), times20!(p8.2));
        if n16 > 0 {
            let p16 = load_arr!(&p.p16);
            let p16s = (times20!(p16.1), times20!(p16.2));
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
            for _ in 1..n16 {
                let ma = load8!(ptr);
                let mb = load8!(ptr.wrapping_add(128));
                a = add3!(mul!(a, r16, r16s.0, r16s.1), ma);
                b = add3!(mul!(b, r16, r16s.0, r16s.1), mb);
                ptr = ptr.wrapping_add(256);
            }
            let fa = mul!(a, p16, p16s.0, p16s.1);
            let fb = mul!(b, p8, p8s.0, p8s.1);
            let s = add3!(fa, fb);
            let h44 = to44(&from44(hsum!(s)));
            acc = (lane0(h44[0]), lane0(h44[1]), lane0(h44[2]));
        }
        let mut done = 256 * n16;
        if data.len() - done >= 128 {
            let v = add3!(acc, load8!(ptr));
            let s = mul!(v, p8, p8s.0, p8s.1);
            done += 128;
            *h = from44(hsum!(s));
        } else {
            // acc holds h in lane 0 only
            let s = acc;
            *h = from44(hsum!(s));
        }
        done
    }
}
