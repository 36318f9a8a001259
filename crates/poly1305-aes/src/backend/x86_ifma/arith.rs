//! The radix-2^44 vector arithmetic of the IFMA backends (see the
//! [backend docs](super) for the representation and the bounds): macros
//! expanded inside each `#[target_feature]` function, so that every
//! intrinsic is compiled with its features, and the scalar conversions of
//! h at the boundary.

/// 2^44 − 1.
pub(crate) const M44: u64 = (1 << 44) - 1;

/// Vector constants and helpers, expanded inside the `#[target_feature]`
/// functions so that every intrinsic is compiled with their features.
macro_rules! mask44 {
    () => {
        _mm512_set1_epi64($crate::backend::x86_ifma::arith::M44 as i64)
    };
}

/// x·20, lane-wise, for x < 2^47 (so 20x < 2^52): one `vpmadd52luq`
/// (written as shifts and an add, LLVM turns x·20 back into a 64-bit
/// multiplication, which without AVX-512DQ costs five instructions).
macro_rules! times20 {
    ($x:expr) => {{ _mm512_madd52lo_epu64(_mm512_setzero_si512(), $x, _mm512_set1_epi64(20)) }};
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

/// Adds (x₀, x₁, x₂)·(g₀, g₁, g₂) (s₁ = 20g₁, s₂ = 20g₂) to the six row
/// sums `$lo` (low halves) and `$hi` (high halves), not carried: the
/// product terms of the k-fold step (`fold4!`), each row one chain of
/// `vpmadd52` into its sum.
macro_rules! rows_add {
    ($lo:ident, $hi:ident, $x:expr, $g:expr, $s1:expr, $s2:expr) => {{
        let (x0, x1, x2) = $x;
        let (g0, g1, g2) = $g;
        let (s1, s2) = ($s1, $s2);
        $lo.0 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64($lo.0, x0, g0), x1, s2),
            x2,
            s1,
        );
        $hi.0 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64($hi.0, x0, g0), x1, s2),
            x2,
            s1,
        );
        $lo.1 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64($lo.1, x0, g1), x1, g0),
            x2,
            s2,
        );
        $hi.1 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64($hi.1, x0, g1), x1, g0),
            x2,
            s2,
        );
        $lo.2 = _mm512_madd52lo_epu64(
            _mm512_madd52lo_epu64(_mm512_madd52lo_epu64($lo.2, x0, g2), x1, g1),
            x2,
            g0,
        );
        $hi.2 = _mm512_madd52hi_epu64(
            _mm512_madd52hi_epu64(_mm512_madd52hi_epu64($hi.2, x0, g2), x1, g1),
            x2,
            g0,
        );
    }};
}

/// A power of r for the k-fold step: its limbs broadcast and 20× limbs 1
/// and 2, `(g, s1, s2)`.
macro_rules! fold_power {
    ($g:expr) => {{
        let g = $g;
        let (s1, s2) = (times20!(g.1), times20!(g.2));
        (g, s1, s2)
    }};
}

/// Four groups of eight blocks into one accumulator with one carry:
/// X·r^64 + m₁·r^48 + m₂·r^32 + m₃·r^16 + m₄ (`$p` = the powers r^16,
/// r^32, r^48, r^64 from `fold_power!`, `$m` = the four groups' limbs, the
/// first three with their 2^128 bits, `$m4` the last one's, without it when
/// `$c1` adds it through the row-1 high chain as in `mul_add!`). Bounds
/// (message limbs < 2^44, 2^44, 2^41; X's < 2^45, 2^45, 2^44.2; powers
/// carried, < 2^44 + 2^15, 20× < 2^48.4): the high halves sum below
/// 2^43.1, 2^41.3, 2^39.6 in rows 0, 1, 2, so 256·hi₀, 256·hi₁ and
/// 5120·hi₂ stay below 2^52 as `reduce!` needs; the low halves sum below
/// 2^56.
macro_rules! fold4 {
    ($x:expr, $m:expr, $m4:expr, $c1:expr, $p:expr) => {{
        let (m1, m2, m3) = $m;
        let (p16, p32, p48, p64) = $p;
        let z = _mm512_setzero_si512();
        let mut lo = $m4;
        let mut hi = (z, $c1, z);
        rows_add!(lo, hi, m3, p16.0, p16.1, p16.2);
        rows_add!(lo, hi, m2, p32.0, p32.1, p32.2);
        rows_add!(lo, hi, m1, p48.0, p48.1, p48.2);
        rows_add!(lo, hi, $x, p64.0, p64.1, p64.2);
        reduce!(lo.0, hi.0, lo.1, hi.1, lo.2, hi.2)
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
pub(crate) fn to44(h: &[u64; 3]) -> [u64; 3] {
    [
        h[0] & M44,
        ((h[0] >> 44) | (h[1] << 20)) & M44,
        (h[1] >> 24) | (h[2] << 40),
    ]
}

/// h = s₀ + 2^44s₁ + 2^88s₂ (each sᵢ < 2^52) to 64-bit limbs with
/// h < 2^130 + 2^89 (h₂ ≤ 4).
#[inline(always)]
pub(crate) fn from44(s: [u64; 3]) -> [u64; 3] {
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
