//! The reductions every paper function ends with, shared by every backend:
//! a kernel's accumulator (column sums or carry-dropped words) to a residue
//! mod p_W, and a residue to its low L bits.

use uhash_core::pw::{Elem, MAX_W};

/// Columns of a kernel's accumulator ([`crate::kernels::Kernels`]): 2W + 1
/// ≤ 11 (column c has weight 2^(32c)).
pub const COLS: usize = 2 * MAX_W + 1;

/// Limbs of the values the reductions take: at most 2W+1 words of C-sums,
/// or exact column sums below k·2^(2L+2) < 2^(64W+64) (k < 2^61 elements
/// of a slice), i.e. 2W+2 limbs; two more for the folds' slack.
const RED: usize = COLS + 3;

/// The value Σ_c limbs[c]·2^(32c) mod p_W, for at most 2W+3 limbs below
/// 2^(64W+64). With 2^(64W) ≡ c² (mod p), three folds V ← V mod 2^(64W) +
/// c²·⌊V / 2^(64W)⌋ (c² < 2^12) bring any such V below 2^(64W+1); then
/// [`Elem::from_wide_limbs_reduced`]. Fixed loop counts, no branch on the
/// value.
pub(crate) fn reduce_limbs<const W: usize>(limbs: &[u32]) -> Elem<W> {
    let c = u64::from(uhash_core::pw::C[W - 1]);
    let c2 = c * c;
    let n = 2 * W + 3;
    let mut v = [0u32; RED];
    let take = limbs.len().min(n);
    v[..take].copy_from_slice(&limbs[..take]);
    for _ in 0..3 {
        let mut out = [0u32; RED];
        let mut carry = 0u64;
        for i in 0..n {
            let lo = if i < 2 * W { u64::from(v[i]) } else { 0 };
            let hi = v.get(2 * W + i).copied().map_or(0, u64::from);
            let t = lo + c2 * hi + carry;
            out[i] = t as u32;
            carry = t >> 32;
        }
        v = out;
    }
    Elem::<W>::from_wide_limbs_reduced(&v[..2 * W + 2])
}

/// Exact column sums (weights 2^(32c), each < 2^127, their value below
/// 2^(64W+64)) mod p_W: carries propagated into 2W+3 limbs, then
/// [`reduce_limbs`].
pub(crate) fn reduce_columns<const W: usize>(col: &[u128; COLS]) -> Elem<W> {
    let mut limbs = [0u32; RED];
    let mut carry = 0u128;
    for c in 0..=2 * W {
        let v = col[c] + carry;
        limbs[c] = v as u32;
        carry = v >> 32;
    }
    limbs[2 * W + 1] = carry as u32;
    limbs[2 * W + 2] = (carry >> 32) as u32;
    reduce_limbs::<W>(&limbs[..2 * W + 3])
}

/// The low W limbs of a value (mod 2^L): the {0,1}^L outputs.
#[inline]
pub(crate) fn mod_2l<const W: usize>(e: &Elem<W>) -> Elem<W> {
    let mut w = [0u32; W];
    w.copy_from_slice(&e.limbs()[..W]);
    Elem::from_words(&w)
}

/// The value of C2 columns (the low 32 bits of each of the first `n`
/// columns, as [`crate::kernels::Kernels::c2_columns`] returns them) mod
/// p_W.
pub(crate) fn reduce_c2<const W: usize>(cols: &[u64; COLS], n: usize) -> Elem<W> {
    let mut words = [0u32; COLS];
    for (o, &c) in words.iter_mut().zip(cols) {
        *o = c as u32;
    }
    reduce_limbs::<W>(&words[..n])
}
