//! The reductions every paper function ends with, shared by every backend:
//! a kernel's accumulator (column sums or carry-dropped words) to a residue
//! mod p_W, and a residue to its low L bits.

use uhash_base::pw::{Elem, MAX_W};

/// Columns of a kernel's accumulator ([`crate::kernels::Kernels`]): 2W + 1
/// ≤ 11 (column c has weight 2^(32c)).
pub const COLS: usize = 2 * MAX_W + 1;

/// Limbs of the values the reductions take: below 2^(64W+64), so at most
/// 2W+2 limbs.
const RED: usize = 2 * MAX_W + 2;

/// One fold at 2^(64W) ≡ c² (mod p_W) of the value of 2W+2 limbs: V = X +
/// 2^(64W)·T (T < 2^64, two limbs) becomes X + c²·T (c²·T < 2^76), as
/// 2W+1 limbs (the value is below 2^(64W) + 2^76).
#[inline]
fn fold_top<const W: usize>(v: &[u32; RED]) -> [u32; RED] {
    let c = u64::from(uhash_base::pw::C[W - 1]);
    let t = u64::from(v[2 * W]) | u64::from(v[2 * W + 1]) << 32;
    let ct = u128::from(c * c) * u128::from(t);
    let add = [ct as u32, (ct >> 32) as u32, (ct >> 64) as u32];
    let mut out = [0u32; RED];
    let mut carry = 0u64;
    for i in 0..=2 * W {
        let x = if i < 2 * W { u64::from(v[i]) } else { 0 };
        let s = x + add.get(i).copied().map_or(0, u64::from) + carry;
        out[i] = s as u32;
        carry = s >> 32;
    }
    out
}

/// The value Σ_c limbs[c]·2^(32c) mod p_W, for at most 2W+2 limbs (a value
/// below 2^(64W+64)). Folds at 2^(64W) ≡ c² (mod p) ([`fold_top`]: one for
/// W ≥ 2, where 2^(64W) + 2^76 < 2^(64W+1); two for W = 1) bring it below
/// 2^(64W+2); then [`Elem::from_wide_limbs_reduced`] (two folds at
/// 2^L ≡ −c and a masked subtraction). Fixed loop counts, no branch on the
/// value.
pub(crate) fn reduce_limbs<const W: usize>(limbs: &[u32]) -> Elem<W> {
    let mut v = [0u32; RED];
    let take = limbs.len().min(2 * W + 2);
    v[..take].copy_from_slice(&limbs[..take]);
    v = fold_top::<W>(&v);
    if W == 1 {
        v = fold_top::<W>(&v);
    }
    Elem::<W>::from_wide_limbs_reduced(&v[..=2 * W])
}

/// Exact column sums (weights 2^(32c), each < 2^127, their value below
/// 2^(64W+64)) mod p_W: carries propagated into 2W+2 limbs, then
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
    reduce_limbs::<W>(&limbs[..2 * W + 2])
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

/// SQH2's double-word columns (W values mod 2^64, weights 2^(64q), as
/// [`crate::kernels::Kernels::d2_pairs`] returns them) mod p_W.
pub(crate) fn reduce_d2<const W: usize>(pairs: &[u64; MAX_W]) -> Elem<W> {
    let mut limbs = [0u32; 2 * MAX_W];
    for (l, &d) in limbs.chunks_exact_mut(2).zip(pairs) {
        l[0] = d as u32;
        l[1] = (d >> 32) as u32;
    }
    reduce_limbs::<W>(&limbs[..2 * W])
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use num_bigint::BigUint;
    use std::vec;
    use std::vec::Vec;

    fn value(limbs: &[u32]) -> BigUint {
        BigUint::from_slice(limbs)
    }

    fn residue<const W: usize>(e: &Elem<W>) -> BigUint {
        value(e.limbs())
    }

    /// `reduce_limbs` against big-integer arithmetic over its whole domain's
    /// extremes (every limb all-ones, single top bits, values just around
    /// multiples of p) and mixed limbs, for every W and every limb count.
    fn check<const W: usize>() {
        let p = (BigUint::from(1u8) << (32 * W)) + uhash_base::pw::C[W - 1];
        let mut cases: Vec<Vec<u32>> = Vec::new();
        for n in 0..=2 * W + 2 {
            cases.push(vec![u32::MAX; n]);
            let mut top = vec![0u32; n];
            if let Some(t) = top.last_mut() {
                *t = 0x8000_0000;
            }
            cases.push(top);
            cases.push(
                (0..n as u32)
                    .map(|i| i.wrapping_mul(0x9e37_79b9).rotate_left(i))
                    .collect(),
            );
        }
        // k·p − 1, k·p, k·p + 1 for a few k, including the largest below
        // 2^(64W+64).
        let max = BigUint::from(1u8) << (64 * W + 64);
        for k in [1u32, 2, 61, 1000] {
            for kp in [p.clone() * k, &max / &p * &p, (&max / &p - 1u8) * &p] {
                for d in [kp.clone() - 1u8, kp.clone(), kp + 1u8] {
                    if d < max {
                        cases.push(d.to_u32_digits());
                    }
                }
            }
        }
        for limbs in cases {
            assert_eq!(
                residue(&reduce_limbs::<W>(&limbs)),
                value(&limbs) % &p,
                "W={W} {limbs:x?}"
            );
        }
    }

    #[test]
    fn reduce_limbs_matches_big_integers() {
        check::<1>();
        check::<2>();
        check::<3>();
        check::<4>();
        check::<5>();
    }
}
