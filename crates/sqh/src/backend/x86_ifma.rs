//! AVX-512 IFMA kernels (`vpmadd52luq`/`vpmadd52huq`: a 52×52-bit product's
//! low or high 52 bits added to a 64-bit lane in one instruction) for the
//! paper's 96-bit setting, w = 3 with truncated sums: SQHasm2
//! ([`Kernels::sum_squares`]`::<3, false>`) and SQHE
//! ([`Kernels::c2_columns`]`::<3, false>`). Every other (W, EXACT) runs the
//! AVX2 kernels below [`AVX512_FROM_BYTES`] and the AVX-512 ones from there
//! (the IFMA set includes both).
//!
//! # Layout
//! Sixteen elements (192 bytes, three 64-byte loads L0, L1, L2) per step,
//! in two groups of eight, one element per 64-bit lane: `vpermt2d` takes
//! element e's words 0 and 1 into lane e as one 64-bit value (`lo`) and,
//! zero-masked, word 2 into the low half of the lane (`hi`); group 0 reads
//! (L0, L1), group 1 (L1, L2) with the indices shifted by 8 words. The sum
//! s = (m + x) mod 2^96 is `lo = m_lo + x_lo` (64-bit lanes), its carry a
//! `vpcmpuq` mask, and `t2 = m_hi + x_hi + carry`, whose bit 32 is the
//! carry out of 2^96 and must be dropped. The elements after the last whole
//! step are loaded with zero-masked loads (masked-off words are not read):
//! a zero element (m = x = 0) adds nothing, so the tail needs no other code.
//!
//! # SQHE (C2 columns, 32-bit halves)
//! With 32-bit limbs a₀ = lo mod 2^32, a₁ = lo >> 32, a₂ = t2 mod 2^32, a
//! word product z = aᵢaⱼ < 2^64 needs its halves lo(z) and hi(z), each
//! only mod 2^32 (C2 keeps every column mod 2^32):
//! * lo(z): `vpmadd52luq(acc, A, B)` adds (A·B mod 2^52) for the low 52
//!   bits of A and B; with A ≡ aᵢ and B ≡ aⱼ (mod 2^32) that is ≡ z (mod
//!   2^32), so `lo` itself stands for a₀ and `t2` for a₂ (the bits above
//!   32 do not matter);
//! * hi(z): `vpmadd52huq(acc, aᵢ, aⱼ·2^20)` adds ⌊aᵢaⱼ·2^20 / 2^52⌋ =
//!   ⌊z / 2^32⌋ exactly; the exact aᵢ is masked (or shifted) out, and
//!   aⱼ·2^20 is `v << 20` of any v ≡ aⱼ (mod 2^32) — IFMA reads bits 0..51,
//!   so bit 32 of `t2` (the dropped carry, now bit 52) and a₁'s bits above
//!   a₀ in `lo << 20` fall outside.
//!
//! Twelve IFMA per eight elements (6 products × 2 halves). Column c is
//! D_c + 2·X_c (squares D, cross products X, doubled once at the end); the
//! 64-bit lanes wrap, and only each column's low 32 bits are used.
//!
//! # SQHasm2 (exact column sums)
//! Radix 2^52: s = s₀ + 2^52·s₁ with s₀ = s mod 2^52 (the low 52 bits of
//! `lo`, which is what IFMA reads: no instruction) and s₁ = ⌊s / 2^52⌋ < 2^44
//! (`((lo >> 52) | (t2 << 12)) & (2^44 − 1)`, one `vpternlogq`). Then
//! s² = s₀² + 2^53·s₀s₁ + 2^104·s₁², i.e. six accumulators
//! A₀ = Σ lo(s₀²), A₁ = Σ hi(s₀²), A₂ = Σ lo(s₀s₁), A₃ = Σ hi(s₀s₁),
//! A₄ = Σ lo(s₁²), A₅ = Σ hi(s₁²) (each term < 2^52) and
//! Σ s² = B₀ + 2^52·B₁ + 2^104·B₂ + 2^156·B₃ with B₀ = A₀, B₁ = A₁ + 2A₂,
//! B₂ = A₄ + 2A₃, B₃ = A₅. Six IFMA per eight elements. Each lane of each
//! A gets two terms < 2^52 per step, so after [`FLUSH`] = 64 steps a lane of
//! B is < 3·2^59 and the eight lanes' sum < 3·2^62: the horizontal sums are
//! exact in 64 bits. They are added into `u128` totals, placed into the
//! 32-bit columns at the end ([`place`]).
//!
//! # Horizontal sums
//! The lanes of up to eight accumulators are summed at once ([`hsum8`]:
//! three levels of `vpunpck`/`vshufi64x2` and adds, 21 instructions for
//! eight vectors instead of 7 per `_mm512_reduce_add_epi64`), which is what
//! a short message pays beyond its one step.

use core::arch::x86_64::*;
use uhash_base::backend::{Avx2, Avx512, Ifma};

use crate::backend::soft;
use crate::kernels::{COLS, Kernels};

/// Message bytes from which the AVX-512 kernels beat the AVX2 ones for the
/// (W, EXACT) pairs without an IFMA kernel (the crossover of the `sqh/`
/// summary rows: at 256 bytes AVX2 is 10–15% faster, at 1 KiB AVX-512 is
/// 7–11% faster).
const AVX512_FROM_BYTES: usize = 512;

/// Elements from which the w = 3 IFMA kernels run; shorter messages take the
/// portable kernel (one or two elements: its scalar code has less latency
/// than a step and the horizontal sums).
const IFMA_FROM_ELEMS: usize = 8;

/// Steps (16 elements each) between the SQHasm2 accumulators' horizontal
/// sums (see the module docs: the sums stay below 2^64).
const FLUSH: usize = 64;

/// The AVX2 or AVX-512 kernels for a message of `len` bytes.
#[inline]
fn wide(len: usize) -> Option<Avx512> {
    if len >= AVX512_FROM_BYTES {
        Avx512::detect()
    } else {
        None
    }
}

impl Kernels for Ifma {
    #[inline]
    fn sum_squares<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u128; COLS] {
        if W == 3 && !EXACT {
            if msg.len() < 12 * IFMA_FROM_ELEMS {
                return soft::sum_squares::<W, EXACT>(key, msg);
            }
            // SAFETY: `self` exists only if run-time detection found every
            // feature of the IFMA set, the list the kernel is compiled with.
            return unsafe { asm2_w3(key, msg) };
        }
        match (wide(msg.len()), Avx2::detect()) {
            (Some(a), _) => a.sum_squares::<W, EXACT>(key, msg),
            (None, Some(a)) => a.sum_squares::<W, EXACT>(key, msg),
            (None, None) => soft::sum_squares::<W, EXACT>(key, msg),
        }
    }

    #[inline]
    fn c2_columns<const W: usize, const EXACT: bool>(self, key: &[u32], msg: &[u8]) -> [u64; COLS] {
        if W == 3 && !EXACT {
            if msg.len() < 12 * IFMA_FROM_ELEMS {
                return soft::c2_columns::<W, EXACT>(key, msg);
            }
            // SAFETY: as in `sum_squares`.
            return unsafe { e_w3(key, msg) };
        }
        match (wide(msg.len()), Avx2::detect()) {
            (Some(a), _) => a.c2_columns::<W, EXACT>(key, msg),
            (None, Some(a)) => a.c2_columns::<W, EXACT>(key, msg),
            (None, None) => soft::c2_columns::<W, EXACT>(key, msg),
        }
    }
}

/// Adds v·2^shift to 32-bit columns (`u128`, weights 2^(32c)): the two
/// 64-bit halves of v, each shifted by shift mod 32 (< 2^96), into columns
/// ⌊shift/32⌋ and ⌊shift/32⌋ + 2.
#[inline]
fn place(col: &mut [u128; COLS], v: u128, shift: usize) {
    let (q, r) = (shift / 32, shift % 32);
    col[q] += u128::from(v as u64) << r;
    col[q + 2] += (v >> 64) << r;
}

/// `vpermt2d` indices of one group of eight elements (24 words from the
/// 32 of two loads, starting at word `base`): element e's words 0, 1 into
/// lane e (`lo`), and word 2 into the low half of lane e (`hi`, whose odd
/// words are zero-masked).
macro_rules! indices {
    ($base:expr) => {{
        let b = $base;
        (
            _mm512_setr_epi32(
                b,
                b + 1,
                b + 3,
                b + 4,
                b + 6,
                b + 7,
                b + 9,
                b + 10,
                b + 12,
                b + 13,
                b + 15,
                b + 16,
                b + 18,
                b + 19,
                b + 21,
                b + 22,
            ),
            _mm512_setr_epi32(
                b + 2,
                0,
                b + 5,
                0,
                b + 8,
                0,
                b + 11,
                0,
                b + 14,
                0,
                b + 17,
                0,
                b + 20,
                0,
                b + 23,
                0,
            ),
        )
    }};
}

/// The zero-masking of `hi`: the even words of a vector.
const EVEN: __mmask16 = 0x5555;

/// The sum s = (m + x) mod 2^96 of a group of eight elements from the
/// message loads (`$m0`, `$m1`) and key loads (`$x0`, `$x1`) with indices
/// `$ix`: `(lo, t2)`, lo = s mod 2^64, t2 ≡ ⌊s / 2^64⌋ (mod 2^32) with the
/// carry out of 2^96 in bit 32.
macro_rules! group_sum {
    ($m0:expr, $m1:expr, $x0:expr, $x1:expr, $ix:expr) => {{
        let (ilo, ihi) = $ix;
        let mlo = _mm512_permutex2var_epi32($m0, ilo, $m1);
        let xlo = _mm512_permutex2var_epi32($x0, ilo, $x1);
        let mhi = _mm512_maskz_permutex2var_epi32(EVEN, $m0, ihi, $m1);
        let xhi = _mm512_maskz_permutex2var_epi32(EVEN, $x0, ihi, $x1);
        let lo = _mm512_add_epi64(mlo, xlo);
        let carry = _mm512_cmplt_epu64_mask(lo, mlo);
        let t2 = _mm512_add_epi64(mhi, xhi);
        let t2 = _mm512_mask_sub_epi64(t2, carry, t2, _mm512_set1_epi64(-1));
        (lo, t2)
    }};
}

/// The three 64-byte loads of the message and of the key for 16 elements
/// from element `$e` on, the last `$n` elements (≤ 16) of the 16 present:
/// `$n` = 16 uses plain loads, fewer zero-masked ones.
macro_rules! loads {
    ($mp:expr, $kp:expr, $e:expr, $n:expr) => {{
        let (m, x) = ($mp.add(12 * $e), $kp.add(12 * $e));
        if $n == 16 {
            (
                [
                    _mm512_loadu_si512(m.cast()),
                    _mm512_loadu_si512(m.add(64).cast()),
                    _mm512_loadu_si512(m.add(128).cast()),
                ],
                [
                    _mm512_loadu_si512(x.cast()),
                    _mm512_loadu_si512(x.add(64).cast()),
                    _mm512_loadu_si512(x.add(128).cast()),
                ],
            )
        } else {
            let words = 3 * $n as u32;
            let mask = |r: u32| -> __mmask16 {
                let w = words.saturating_sub(16 * r).min(16);
                ((1u32 << w) - 1) as __mmask16
            };
            (
                [
                    _mm512_maskz_loadu_epi32(mask(0), m.cast()),
                    _mm512_maskz_loadu_epi32(mask(1), m.add(64).cast()),
                    _mm512_maskz_loadu_epi32(mask(2), m.add(128).cast()),
                ],
                [
                    _mm512_maskz_loadu_epi32(mask(0), x.cast()),
                    _mm512_maskz_loadu_epi32(mask(1), x.add(64).cast()),
                    _mm512_maskz_loadu_epi32(mask(2), x.add(128).cast()),
                ],
            )
        }
    }};
}

uhash_base::ifma_fn! {
    /// The lane sums (mod 2^64) of eight vectors: lane j of the result is
    /// the sum of the eight lanes of `v[j]`.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn hsum8(v: [__m512i; 8]) -> [u64; 8] {
        // Level 1: adjacent lanes of two vectors, interleaved.
        let p: [__m512i; 4] = core::array::from_fn(|i| {
            let (a, b) = (v[2 * i], v[2 * i + 1]);
            _mm512_add_epi64(_mm512_unpacklo_epi64(a, b), _mm512_unpackhi_epi64(a, b))
        });
        // Levels 2 and 3: 128-bit blocks of two vectors, pairwise.
        let blocks = |a: __m512i, b: __m512i| {
            _mm512_add_epi64(
                _mm512_shuffle_i64x2::<0b10_00_10_00>(a, b),
                _mm512_shuffle_i64x2::<0b11_01_11_01>(a, b),
            )
        };
        let r = blocks(blocks(p[0], p[1]), blocks(p[2], p[3]));
        let mut out = [0u64; 8];
        // SAFETY: `out` is 64 writable bytes.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), r) };
        out
    }

    /// `soft::c2_columns::<3, false>` (SQHE, w = 3) with IFMA; see the
    /// module docs.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn e_w3(key: &[u32], msg: &[u8]) -> [u64; COLS] {
        let k = (msg.len() / 12).min(key.len() / 3);
        let mp = msg.as_ptr();
        let kp = key.as_ptr().cast::<u8>();
        let ix = [indices!(0), indices!(8)];
        let m32 = _mm512_set1_epi64(0xffff_ffff);
        let z = _mm512_setzero_si512();
        // Squares D0..D5, cross products X1..X4 (column c).
        let mut d = [z; 6];
        let mut xc = [z; 5];
        let mut e = 0;
        while e < k {
            let n = (k - e).min(16);
            // SAFETY: elements e .. e+n are inside the message and the key
            // (e + n ≤ k); the loads read 192 bytes from element e when
            // n = 16, else only the first 3n words (zero-masked loads do not
            // read masked-off words).
            let (lm, lx) = unsafe { loads!(mp, kp, e, n) };
            for g in 0..2 {
                if g == 1 && n <= 8 {
                    break;
                }
                let (lo, t2) = group_sum!(lm[g], lm[g + 1], lx[g], lx[g + 1], ix[g]);
                let a0 = _mm512_and_si512(lo, m32);
                let a1 = _mm512_srli_epi64::<32>(lo);
                let a2 = _mm512_and_si512(t2, m32);
                let s0 = _mm512_slli_epi64::<20>(lo);
                let s1 = _mm512_slli_epi64::<20>(a1);
                let s2 = _mm512_slli_epi64::<20>(t2);
                d[0] = _mm512_madd52lo_epu64(d[0], lo, lo);
                d[1] = _mm512_madd52hi_epu64(d[1], a0, s0);
                xc[1] = _mm512_madd52lo_epu64(xc[1], lo, a1);
                xc[2] = _mm512_madd52hi_epu64(xc[2], a1, s0);
                d[2] = _mm512_madd52lo_epu64(d[2], a1, a1);
                xc[2] = _mm512_madd52lo_epu64(xc[2], lo, t2);
                d[3] = _mm512_madd52hi_epu64(d[3], a1, s1);
                xc[3] = _mm512_madd52hi_epu64(xc[3], a2, s0);
                xc[3] = _mm512_madd52lo_epu64(xc[3], a1, t2);
                xc[4] = _mm512_madd52hi_epu64(xc[4], a1, s2);
                d[4] = _mm512_madd52lo_epu64(d[4], t2, t2);
                d[5] = _mm512_madd52hi_epu64(d[5], a2, s2);
            }
            e += n;
        }
        let cols: [__m512i; 8] = core::array::from_fn(|c| match c {
            0 | 5 => d[c],
            1..5 => _mm512_add_epi64(d[c], _mm512_add_epi64(xc[c], xc[c])),
            _ => z,
        });
        // SAFETY: this function's features are `hsum8`'s.
        let sums = unsafe { hsum8(cols) };
        let mut out = [0u64; COLS];
        out[..8].copy_from_slice(&sums);
        out
    }

    /// `soft::sum_squares::<3, false>` (SQHasm2, w = 3) with IFMA; see the
    /// module docs.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn asm2_w3(key: &[u32], msg: &[u8]) -> [u128; COLS] {
        let k = (msg.len() / 12).min(key.len() / 3);
        let mp = msg.as_ptr();
        let kp = key.as_ptr().cast::<u8>();
        let ix = [indices!(0), indices!(8)];
        let m44 = _mm512_set1_epi64((1 << 44) - 1);
        let z = _mm512_setzero_si512();
        let mut total = [0u128; 4];
        let mut e = 0;
        while e < k {
            let end = k.min(e + 16 * FLUSH);
            let mut a = [z; 6];
            while e < end {
                let n = (end - e).min(16);
                // SAFETY: as in `e_w3` (e + n ≤ end ≤ k).
                let (lm, lx) = unsafe { loads!(mp, kp, e, n) };
                for g in 0..2 {
                    if g == 1 && n <= 8 {
                        break;
                    }
                    let (lo, t2) = group_sum!(lm[g], lm[g + 1], lx[g], lx[g + 1], ix[g]);
                    // s₀ = lo (IFMA reads its low 52 bits), s₁ < 2^44.
                    let s1 = _mm512_ternarylogic_epi64::<0xa8>(
                        _mm512_srli_epi64::<52>(lo),
                        _mm512_slli_epi64::<12>(t2),
                        m44,
                    );
                    a[0] = _mm512_madd52lo_epu64(a[0], lo, lo);
                    a[1] = _mm512_madd52hi_epu64(a[1], lo, lo);
                    a[2] = _mm512_madd52lo_epu64(a[2], lo, s1);
                    a[3] = _mm512_madd52hi_epu64(a[3], lo, s1);
                    a[4] = _mm512_madd52lo_epu64(a[4], s1, s1);
                    a[5] = _mm512_madd52hi_epu64(a[5], s1, s1);
                }
                e += n;
            }
            let two = |v: __m512i| _mm512_add_epi64(v, v);
            let b = [
                a[0],
                _mm512_add_epi64(a[1], two(a[2])),
                _mm512_add_epi64(a[4], two(a[3])),
                a[5],
                z,
                z,
                z,
                z,
            ];
            // SAFETY: this function's features are `hsum8`'s.
            let sums = unsafe { hsum8(b) };
            for (t, s) in total.iter_mut().zip(sums) {
                *t += u128::from(s);
            }
        }
        let mut col = [0u128; COLS];
        for (&v, shift) in total.iter().zip([0, 52, 104, 156]) {
            place(&mut col, v, shift);
        }
        col
    }
}
