//! The carry-count factors of the bounds (`docs/sqh-spec.md` §4), computed
//! from the column structure rather than pasted.
//!
//! For the carry-dropping variants, the proof counts the possible differences
//! of two correction vectors: at word boundary t the dropped amount f_t
//! (column carry of the first square plus the outer carry) is at most
//! F_t = ⌊(Σ max half in column t + 2^32 − 1) / 2^32⌋, so the difference
//! takes at most 2F_t + 1 values and the count is Π_t (2F_t + 1). The
//! counts take the limb width as a parameter ([`carry_count_with_limbs`]):
//! the crate's elements have 32-bit limbs, the ε lab (`uhash epsilon`)
//! measures the same constructions with narrower ones.
//!
//! [`Variant::epsilon_log2`] turns the counts into the figures of the
//! crate docs.

use crate::variant::Variant;

/// F_t for the schoolbook column square of a number with `w` full limbs of
/// `limb_bits` bits (1..=32) and, if `top`, a carry limb in {0, 1}, over
/// `cols` columns, plus one outer limb-sized word per column:
/// F_t = ⌊(Σ max half in column t + 2^l − 1) / 2^l⌋ for l = `limb_bits`
/// (the crate's elements: l = 32; the ε lab's reduced widths: smaller l).
pub fn column_maxima(
    limb_bits: u32,
    w: usize,
    top: bool,
    cols: usize,
) -> impl Iterator<Item = u128> {
    let full = (1u128 << limb_bits) - 1;
    let n = if top { w + 1 } else { w };
    (0..cols).map(move |t| {
        let mut max = full; // the outer sum's word
        for i in 0..n {
            for j in 0..n {
                let tops = usize::from(i == w) + usize::from(j == w);
                if i + j == t {
                    max += if tops == 2 { 1 } else { full };
                }
                if i + j + 1 == t && tops == 0 {
                    max += full - 1; // hi of a product of two full limbs
                }
            }
        }
        max >> limb_bits
    })
}

/// F_q for SQH2's double-word columns (`docs/sqh-spec.md` §4) over `w`
/// limbs of `limb_bits` bits (1..=32): for each of the w double-word
/// columns q, ⌊(Σ max part in column q + 2^(2l) − 1) / 2^(2l)⌋ over the
/// parts one element's D2(s²) puts there (whole products at position 2q,
/// lo·2^l of those at 2q + 1, hi of those at 2q − 1) and the outer sum's
/// double word.
pub fn pair_maxima(limb_bits: u32, w: usize) -> impl Iterator<Item = u128> {
    let full = (1u128 << limb_bits) - 1;
    (0..w).map(move |q| {
        let mut max = (1u128 << (2 * limb_bits)) - 1; // the outer sum's double word
        for i in 0..w {
            for j in 0..w {
                let c = i + j;
                if c == 2 * q {
                    max += full * full;
                } else if c == 2 * q + 1 {
                    max += full << limb_bits;
                } else if c + 1 == 2 * q {
                    max += full - 1;
                }
            }
        }
        max >> (2 * limb_bits)
    })
}

/// The count N of possible correction-vector differences (1 for the
/// variants that drop no carries), for w elements of 32-bit limbs:
/// [`carry_count_with_limbs`] at 32 bits.
#[must_use]
pub fn carry_count(v: Variant, w: usize) -> u128 {
    carry_count_with_limbs(v, 32, w)
}

/// The count N of [`carry_count`] for elements of w limbs of `limb_bits`
/// bits (1..=32): 3^(2w+1) for SQHc, Π(2F_t + 1) over [`column_maxima`]
/// for SQHc2 (2w + 1 columns, with the carry limb) and SQHE (2w columns),
/// Π(2F_q + 1) over [`pair_maxima`] for SQH2, 1 for the others.
#[must_use]
pub fn carry_count_with_limbs(v: Variant, limb_bits: u32, w: usize) -> u128 {
    let count = |f: u128| 2 * f + 1;
    match v {
        Variant::Star | Variant::Asm | Variant::Asm2 | Variant::Asm2ModP => 1,
        Variant::Sqh2 => pair_maxima(limb_bits, w).map(count).product(),
        Variant::C => 3u128.pow(2 * w as u32 + 1),
        Variant::C2 => column_maxima(limb_bits, w, true, 2 * w + 1)
            .map(count)
            .product(),
        Variant::E => column_maxima(limb_bits, w, false, 2 * w)
            .map(count)
            .product(),
    }
}

impl Variant {
    /// log₂ of the proven bound ε for w-word elements (`docs/sqh-spec.md`
    /// §4, "ours"): SQH\* 2^-L, SQHasm 3·2^-L, SQHasm2 6·2^-L, SQHasm2 mod
    /// p 2·2^-L (Thm. 7), SQHc 3^(2w+1)·2^-L, SQHc2 N_c2·2^-L, SQHE
    /// 6·N_E·2^-L, SQH2 6·N₂·2^-L (N from [`carry_count`]). `None` for w
    /// outside 1..=5.
    #[must_use]
    pub fn epsilon_log2(self, w: usize) -> Option<f64> {
        if !(1..=5).contains(&w) {
            return None;
        }
        let l = 32.0 * w as f64;
        let n = carry_count(self, w) as f64;
        let factor = match self {
            Variant::Star => 1.0,
            Variant::Asm => 3.0,
            Variant::Asm2 | Variant::E | Variant::Sqh2 => 6.0,
            Variant::Asm2ModP => 2.0,
            Variant::C | Variant::C2 => 1.0,
        };
        Some(log2(factor * n) - l)
    }
}

/// log₂ for positive finite values without `std` (bit-exact enough for
/// documentation figures: the exponent plus a 30-term series).
fn log2(x: f64) -> f64 {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52)); // in [1, 2)
    // log2(m) = ln(m)/ln 2 with ln(m) = 2·atanh((m−1)/(m+1)).
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut term = t;
    let mut sum = 0.0;
    let mut k = 1.0;
    for _ in 0..30 {
        sum += term / k;
        term *= t2;
        k += 2.0;
    }
    exp as f64 + 2.0 * sum / core::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn counts_match_spec() {
        let c2 = [63u128, 4851, 800_415, 228_118_275, 99_687_686_175];
        let e = [9u128, 441, 53361, 12_006_225, 4_334_247_225];
        for w in 1..=5 {
            assert_eq!(carry_count(Variant::C2, w), c2[w - 1], "c2 w={w}");
            assert_eq!(carry_count(Variant::E, w), e[w - 1], "e w={w}");
            // N_E = Π (4i − 1)².
            let pe: u128 = (1..=w as u128).map(|i| (4 * i - 1) * (4 * i - 1)).product();
            assert_eq!(carry_count(Variant::E, w), pe);
        }
        // The paper's figures from its own formulas (Thms. 8, 9), w = 2, 5.
        let paper8 = |w: u32| 2.0 * w as f64 * 3f64.log2() - 32.0 * w as f64;
        assert!((paper8(2) - -57.66).abs() < 0.01);
        assert!((paper8(5) - -144.15).abs() < 0.01);
        let paper9 = |w: u32| {
            let p: f64 = (1..=w).map(|i| (4 * i + 1) as f64).product();
            2.0 * p.log2() - 32.0 * w as f64
        };
        assert!((paper9(2) - -53.02).abs() < 0.01);
        assert!((paper9(5) - -124.66).abs() < 0.01);
        // Ours, as tabulated in the spec.
        let ours = |v: Variant, w| Variant::epsilon_log2(v, w).unwrap();
        assert!((ours(Variant::C, 2) - -56.08).abs() < 0.01);
        assert!((ours(Variant::C2, 5) - -123.46).abs() < 0.01);
        assert!((ours(Variant::E, 3) - -77.71).abs() < 0.01);
        assert!((ours(Variant::Asm2, 3) - -93.42).abs() < 0.01);
        assert!(Variant::epsilon_log2(Variant::E, 6).is_none());
        // SQH2: N₂ = Π (2F_q + 1), F = [1], [3, 1], [3, 5, 1], [3, 7, 5, 1],
        // [3, 7, 9, 5, 1] (spec §4).
        let n2 = [3u128, 21, 231, 3465, 65835];
        for w in 1..=5 {
            assert_eq!(carry_count(Variant::Sqh2, w), n2[w - 1], "sqh2 w={w}");
        }
        assert!((ours(Variant::Sqh2, 3) - -85.56).abs() < 0.01);
        assert!((ours(Variant::Asm2ModP, 3) - -95.0).abs() < 1e-9);
    }
}
