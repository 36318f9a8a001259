//! h in five 26-bit limbs and back: the boundary of every radix-2^26 path
//! (the AVX2, AVX-512F and NEON backends and the ARMv4 assembly).

/// 2^26 − 1.
pub(crate) const M26: u64 = (1 << 26) - 1;

/// The five 26-bit limbs of h (64-bit limbs, h₂ ≤ 5).
#[inline(always)]
pub(crate) fn to26(h: &[u64; 3]) -> [u64; 5] {
    [
        h[0] & M26,
        (h[0] >> 26) & M26,
        ((h[0] >> 52) | (h[1] << 12)) & M26,
        (h[1] >> 14) & M26,
        (h[1] >> 40) | (h[2] << 24),
    ]
}

/// Σ 2^(26i)·sᵢ (each sᵢ < 2^40) back to 64-bit limbs with h₂ ≤ 4 (after
/// the carries s₄ < 2^26, so h₂ = ⌊s₄/2^24⌋ + a carry ≤ 3 + 1).
#[inline(always)]
pub(crate) fn from26(s: [u64; 5]) -> [u64; 3] {
    let [mut s0, mut s1, mut s2, mut s3, mut s4] = s;
    s1 += s0 >> 26;
    s0 &= M26;
    s2 += s1 >> 26;
    s1 &= M26;
    s3 += s2 >> 26;
    s2 &= M26;
    s4 += s3 >> 26;
    s3 &= M26;
    let c = s4 >> 26;
    s4 &= M26;
    s0 += 5 * c;
    s1 += s0 >> 26;
    s0 &= M26;
    let low =
        u128::from(s0) + (u128::from(s1) << 26) + (u128::from(s2) << 52) + (u128::from(s3) << 78);
    let (low, carry) = low.overflowing_add(u128::from(s4 & 0xff_ffff) << 104);
    [
        low as u64,
        (low >> 64) as u64,
        (s4 >> 24) + u64::from(carry),
    ]
}
