//! The powers of r of the IFMA backends: r^(8−t) and r^(16−t) in lane t,
//! computed with four vector products (per message, or once for a
//! long-term key).

use core::arch::x86_64::*;
use uhash_base::backend::{Ifma, IfmaVbmi2};
use zeroize::Zeroize;

use super::arith::to44;

/// A witness whose feature set contains every feature of [`Ifma`], so that
/// the `ifma_fn!` functions may run: [`Ifma`] itself and [`IfmaVbmi2`]
/// (which adds VBMI2; a unit test checks the inclusion).
pub(crate) trait HasIfma: Copy {}
impl HasIfma for Ifma {}
impl HasIfma for IfmaVbmi2 {}

/// r^(8−t) and r^(16−t) in lane t, limbs 0..3 (radix 2^44, carried); all
/// zeros until computed ([`compute`]). Kept by a long-term key beside a
/// flag that says whether they are computed (a plain value, not an
/// `Option`: the payload of a `None` is uninitialised, and moving the value
/// copies whatever the stack held there — a key window was found that way
/// by `tests/wipe.rs` — beyond the reach of the wipe on drop). `Copy`: its
/// owner wipes it on drop.
#[derive(Clone, Copy)]
pub(crate) struct Powers {
    pub(super) p8: [[u64; 8]; 3],
    pub(super) p16: [[u64; 8]; 3],
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
}

/// Computes the powers of the clamped r (two 64-bit limbs) into `out`.
#[inline]
pub(crate) fn compute<W: HasIfma>(w: W, r: &[u64; 2], out: &mut Powers) {
    let _ = w;
    // SAFETY: the witness `w` proves every feature of the `Ifma` set
    // (`HasIfma`).
    unsafe { powers(r, out) };
}

/// r² for the clamped r (two 64-bit limbs), as three 64-bit limbs with
/// h₂ ≤ 4: one step of the portable kernel with h = r and a block of zeros
/// without the pad bit (the scalar unit computes it while the vector unit
/// splits the first blocks; a vector product in its place measured some 5 %
/// slower at 1 KiB, and r³, r⁴ in scalar code too, 10 % slower: a longer
/// chain).
#[inline(always)]
pub(crate) fn square(r: &[u64; 2]) -> [u64; 3] {
    let mut h = [r[0], r[1], 0];
    crate::backend::soft::blocks(&mut h, r, &[0u8; 16], false);
    h
}

/// r^(8−t) in lane t (t = 0..8) as a carried vector triple, from the
/// clamped r: r² in scalar code, then two vector products (exponents, lane
/// 0 first: \[2,2,2,2,2,2,1,0\] + \[2,2,2,2,2,1,1,1\] → \[4,4,4,4,4,3,2,1\]
/// → \[8,…,1\]).
macro_rules! powers8 {
    ($r:expr) => {{
        let r: &[u64; 2] = $r;
        let r44 = to44(&[r[0], r[1], 0]);
        let r2 = to44(&$crate::backend::x86_ifma::powers::square(r));
        let one = _mm512_set1_epi64(1);
        let bc = |x: u64| _mm512_set1_epi64(x as i64);
        let rv = (bc(r44[0]), bc(r44[1]), bc(r44[2]));
        let r2v = (bc(r2[0]), bc(r2[1]), bc(r2[2]));
        // X = [r² ×6, r, 1], Y = [r² ×5, r, r, r]: X·Y = [r⁴ ×5, r³, r², r]
        let kx: __mmask8 = 0x3f;
        let x = (
            _mm512_mask_blend_epi64(kx, _mm512_mask_blend_epi64(0x80, rv.0, one), r2v.0),
            _mm512_mask_blend_epi64(kx, _mm512_maskz_mov_epi64(0x7f, rv.1), r2v.1),
            _mm512_mask_blend_epi64(kx, _mm512_maskz_mov_epi64(0x7f, rv.2), r2v.2),
        );
        let ky: __mmask8 = 0x1f;
        let y = (
            _mm512_mask_blend_epi64(ky, rv.0, r2v.0),
            _mm512_mask_blend_epi64(ky, rv.1, r2v.1),
            _mm512_mask_blend_epi64(ky, rv.2, r2v.2),
        );
        let t = mul!(x, y, times20!(y.1), times20!(y.2));
        // T3 = T2·[T2₄, T2₅, T2₆, T2₇, 1, 1, 1, 1] → [8,7,6,5,4,3,2,1]
        let idx = _mm512_set_epi64(0, 0, 0, 0, 7, 6, 5, 4);
        let k3: __mmask8 = 0x0f;
        let g = (
            _mm512_mask_blend_epi64(k3, one, _mm512_permutexvar_epi64(idx, t.0)),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.1),
            _mm512_maskz_permutexvar_epi64(k3, idx, t.2),
        );
        mul!(t, g, times20!(g.1), times20!(g.2))
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
        mul!(p8, g, times20!(g.1), times20!(g.2))
    }};
}

uhash_base::ifma_fn! {
    /// Computes r^(8−t) and r^(16−t) for lanes t = 0..8 into `out`.
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`] feature set.
    unsafe fn powers(r: &[u64; 2], out: &mut Powers) {
        let p8 = powers8!(r);
        store_arr!(&mut out.p8, p8);
        store_arr!(&mut out.p16, powers16!(p8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `HasIfma`: `IfmaVbmi2` detects every feature `Ifma` does.
    #[test]
    fn vbmi2_set_contains_the_ifma_set() {
        for f in Ifma::FEATURES {
            assert!(IfmaVbmi2::FEATURES.contains(f), "{f}");
        }
    }
}
