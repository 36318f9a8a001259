//! Arithmetic modulo the Square Hash primes p_w = 2^(32w) + c_w, the
//! smallest primes above 2^(32w), for w = 1..5 words of 32 bits
//! (Etzel–Patel–Ramzan §4; 2^32+15 and 2^64+13 are also MMH's and DFC's).
//!
//! | w | p_w |
//! |---|---|
//! | 1 | 2^32 + 15 |
//! | 2 | 2^64 + 13 |
//! | 3 | 2^96 + 61 |
//! | 4 | 2^128 + 51 |
//! | 5 | 2^160 + 7 |
//!
//! Primality and minimality are proven by certificate in the reference
//! crate's tests, and [`c`] is checked against that computation.
//!
//! # Representation and reduction
//! An element is W+1 little-endian 32-bit limbs (the top limb is 0 or 1 for
//! a residue). A product of two residues is below p² < 2^(64W+2). For
//! V = 2^(32W)·H + L, 2^(32W) ≡ −c gives V ≡ L − c·H; adding 4c·p keeps the
//! value non-negative because H < 2^(32W+2), so T = L + 4c·p − c·H ∈
//! [0, (4c+2)·2^(32W)). A second fold T ≡ L′ − c·H′ + p with H′ ≤ 4c+1 lands
//! in [0, 2p), and a masked subtraction finishes. Every loop bound is W, a
//! public constant; no branch or index depends on the values.

use crate::ct;

/// Largest supported element width in words.
pub const MAX_W: usize = 5;
const LIMBS: usize = MAX_W + 1;
const WIDE: usize = 2 * LIMBS;

/// c_w in p_w = 2^(32w) + c_w, for w = 1..=5 (index w−1).
pub const C: [u32; MAX_W] = [15, 13, 61, 51, 7];

/// c_w for a supported width, `None` otherwise.
#[must_use]
pub const fn c(w: usize) -> Option<u32> {
    if w >= 1 && w <= MAX_W {
        Some(C[w - 1])
    } else {
        None
    }
}

/// A residue modulo p_W (or, for the inputs, any value below 2^(32W+1)),
/// as W+1 little-endian 32-bit limbs; limbs above W are zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elem<const W: usize> {
    limbs: [u32; LIMBS],
}

impl<const W: usize> zeroize::Zeroize for Elem<W> {
    fn zeroize(&mut self) {
        self.limbs.zeroize();
    }
}

impl<const W: usize> Default for Elem<W> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const W: usize> Elem<W> {
    const CHECK: () = assert!(W >= 1 && W <= MAX_W, "W must be 1..=5");
    const CW: u32 = C[W - 1];

    /// Zero.
    pub const ZERO: Self = Self { limbs: [0; LIMBS] };

    /// The modulus p_W itself (W+1 limbs), used for comparisons.
    #[must_use]
    pub const fn modulus() -> Self {
        let () = Self::CHECK;
        let mut limbs = [0; LIMBS];
        limbs[0] = Self::CW;
        limbs[W] = 1;
        Self { limbs }
    }

    /// An element from W words (a value below 2^(32W); 32W-bit strings such
    /// as message and key words).
    #[must_use]
    pub fn from_words(words: &[u32; W]) -> Self {
        let () = Self::CHECK;
        let mut limbs = [0; LIMBS];
        limbs[..W].copy_from_slice(words);
        Self { limbs }
    }

    /// An element from W+1 limbs, reduced modulo p_W (accepts any value
    /// below 2^(32W+32)).
    #[must_use]
    pub fn from_limbs_reduced(limbs: &[u32]) -> Self {
        let () = Self::CHECK;
        let mut wide = [0u32; WIDE];
        let n = limbs.len().min(W + 1);
        wide[..n].copy_from_slice(&limbs[..n]);
        reduce_wide::<W>(&wide)
    }

    /// An element from up to 2W+1 little-endian limbs, reduced modulo p_W
    /// with the same two folds as [`Elem::mul`] (a product's reduction).
    /// The folds take values below 2^(64W+2), whose limbs 0..2W−1 are
    /// arbitrary and whose limb 2W is at most 3: limb 2W is taken modulo 4
    /// and limbs past it are ignored (no branch on the value), so the
    /// result is (V mod 2^(64W+2)) mod p_W for any input V.
    #[must_use]
    pub fn from_wide_limbs_reduced(limbs: &[u32]) -> Self {
        let () = Self::CHECK;
        let mut wide = [0u32; WIDE];
        let n = limbs.len().min(2 * W + 1);
        wide[..n].copy_from_slice(&limbs[..n]);
        wide[2 * W] &= 3;
        reduce_wide::<W>(&wide)
    }

    /// The W+1 limbs, little-endian.
    #[must_use]
    pub fn limbs(&self) -> &[u32] {
        &self.limbs[..=W]
    }

    /// (a + b) mod p for residues a, b (the sum of two values below
    /// 2^(32W+1) is also accepted).
    #[must_use]
    pub fn add(&self, other: &Self) -> Self {
        let mut wide = [0u32; WIDE];
        let mut carry = 0u64;
        let pairs = self.limbs.iter().zip(&other.limbs).take(W + 1);
        for (out, (&a, &b)) in wide.iter_mut().zip(pairs) {
            let s = a as u64 + b as u64 + carry;
            *out = s as u32;
            carry = s >> 32;
        }
        wide[W + 1] = carry as u32;
        reduce_wide::<W>(&wide)
    }

    /// (a · b) mod p.
    #[must_use]
    pub fn mul(&self, other: &Self) -> Self {
        let mut wide = [0u32; WIDE];
        for i in 0..=W {
            let mut carry = 0u64;
            for j in 0..=W {
                let t = self.limbs[i] as u64 * other.limbs[j] as u64 + wide[i + j] as u64 + carry;
                wide[i + j] = t as u32;
                carry = t >> 32;
            }
            wide[i + W + 1] = carry as u32;
        }
        reduce_wide::<W>(&wide)
    }

    /// a² mod p with about half the word products of [`Elem::mul`]: each
    /// cross product aᵢaⱼ (i < j) is formed once and doubled, then the
    /// squares aᵢ² are added (Square Hash's point: squaring is cheaper than
    /// multiplying). Exact arithmetic, so it equals `mul(a, a)`.
    #[must_use]
    pub fn square(&self) -> Self {
        let mut wide = [0u32; WIDE];
        // cross products
        for i in 0..=W {
            let mut carry = 0u64;
            for j in (i + 1)..=W {
                let t = self.limbs[i] as u64 * self.limbs[j] as u64 + wide[i + j] as u64 + carry;
                wide[i + j] = t as u32;
                carry = t >> 32;
            }
            wide[i + W + 1] = carry as u32;
        }
        // double
        let mut top = 0u32;
        for limb in wide.iter_mut().take(2 * W + 2) {
            let v = *limb;
            *limb = (v << 1) | top;
            top = v >> 31;
        }
        // add the squares on the diagonal
        let mut carry = 0u64;
        for i in 0..=W {
            let sq = self.limbs[i] as u64 * self.limbs[i] as u64;
            let lo = wide[2 * i] as u64 + (sq & 0xffff_ffff) + carry;
            wide[2 * i] = lo as u32;
            let hi = wide[2 * i + 1] as u64 + (sq >> 32) + (lo >> 32);
            wide[2 * i + 1] = hi as u32;
            carry = hi >> 32;
        }
        reduce_wide::<W>(&wide)
    }

    /// The residue as 4(W+1) little-endian bytes written to `out`
    /// (which must be 4(W+1) bytes long; shorter outputs get a prefix).
    pub fn write_le_bytes(&self, out: &mut [u8]) {
        for (chunk, limb) in out.chunks_mut(4).zip(self.limbs[..=W].iter()) {
            let b = limb.to_le_bytes();
            chunk.copy_from_slice(&b[..chunk.len()]);
        }
    }
}

/// Reduce a value below 2^(64W+2) modulo p_W: 2W+1 limbs, the last at
/// most 3 (limbs past index 2W are not read).
fn reduce_wide<const W: usize>(v: &[u32; WIDE]) -> Elem<W> {
    let c = C[W - 1] as u64;
    // T = L + 4c·p − c·H, computed limb by limb over W+1 limbs with a signed carry.
    // c·H: H = v[W..=2W] (W+1 limbs, H < 2^(32W+2)); c·H < 4c·2^(32W) fits W+1 limbs.
    let mut t = [0u32; LIMBS];
    let mut carry: i64 = 0;
    let mut ch_carry: u64 = 0;
    for i in 0..=W {
        let ch = c * v[W + i] as u64 + ch_carry;
        ch_carry = ch >> 32;
        let l = if i < W { v[i] as i64 } else { 0 };
        let kp = match i {
            0 => 4 * c * c,
            _ if i == W => 4 * c,
            _ => 0,
        } as i64;
        let s = l + kp - (ch & 0xffff_ffff) as i64 + carry;
        t[i] = s as u32;
        carry = s >> 32;
    }
    // ch_carry and the last carry cancel: T is non-negative and < 2^(32W+32).
    // second fold: T ≡ L′ − c·H′ + p with H′ = t[W] ≤ 4c+1.
    let h = t[W] as u64;
    let mut u = [0u32; LIMBS];
    let mut carry: i64 = 0;
    for i in 0..=W {
        let l = if i < W { t[i] as i64 } else { 0 };
        let p_limb = match i {
            0 => c,
            _ if i == W => 1,
            _ => 0,
        } as i64;
        let sub = if i == 0 { (c * h) as i64 } else { 0 };
        let s = l + p_limb - sub + carry;
        u[i] = s as u32;
        carry = s >> 32;
    }
    // u ∈ [0, 2p): subtract p under a mask.
    let p = Elem::<W>::modulus().limbs;
    let mut d = [0u32; LIMBS];
    let mut borrow: i64 = 0;
    for i in 0..=W {
        let s = u[i] as i64 - p[i] as i64 + borrow;
        d[i] = s as u32;
        borrow = s >> 32;
    }
    let keep_u = ct::mask_msb_u32(borrow as u32); // borrow = −1 → u < p
    let mut limbs = [0u32; LIMBS];
    for ((out, &ui), &di) in limbs.iter_mut().zip(&u).zip(&d).take(W + 1) {
        *out = ct::select_u32(keep_u, ui, di);
    }
    Elem { limbs }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The top of the domain of `from_wide_limbs_reduced`: limb 2W (the
    /// one at most 3) is masked, limb 2W+1 ignored, and the value at the
    /// boundary 2^(64W+2) − 1 reduces correctly (w = 1: 2^66 − 1 mod p₃₂,
    /// computed in u128).
    #[test]
    fn wide_limbs_boundary() {
        let p = u128::from(crate::p32::P32);
        let v = |x: Elem<1>| u128::from(x.limbs[0]) | u128::from(x.limbs[1]) << 32;
        let top = (1u128 << 66) - 1;
        let limbs = |x: u128| {
            [
                x as u32,
                (x >> 32) as u32,
                (x >> 64) as u32,
                (x >> 96) as u32,
            ]
        };
        assert_eq!(v(Elem::<1>::from_wide_limbs_reduced(&limbs(top))), top % p);
        // Limb 2 is taken mod 4 and limb 3 ignored: V mod 2^66.
        for x in [
            top + 1,
            (7u128 << 64) | 5,
            (0xdead_u128 << 96) | (3 << 64) | 9,
        ] {
            assert_eq!(
                v(Elem::<1>::from_wide_limbs_reduced(&limbs(x))),
                (x & top) % p,
                "{x:#x}"
            );
        }
        // w = 2 at its boundary 2^130 − 1, against the value mod p₆₄.
        let p64 = (1u128 << 64) + 13;
        let e = Elem::<2>::from_wide_limbs_reduced(&[u32::MAX, u32::MAX, u32::MAX, u32::MAX, 3]);
        let got = e.limbs[..3]
            .iter()
            .rev()
            .fold(0u128, |a, &l| (a << 32) | u128::from(l));
        // 2^130 − 1 = 4·2^128 − 1 ≡ 4·169 − 1 (mod p), as 2^128 ≡ 169.
        assert_eq!(got, (4 * 169 - 1) % p64);
    }

    #[test]
    fn small_w1() {
        let p = crate::p32::P32;
        let e = |x: u64| Elem::<1>::from_limbs_reduced(&[x as u32, (x >> 32) as u32]);
        let v = |x: Elem<1>| x.limbs[0] as u64 | (x.limbs[1] as u64) << 32;
        assert_eq!(v(e(p)), 0);
        assert_eq!(v(e(p - 1)), p - 1);
        assert_eq!(v(e(p - 1).mul(&e(p - 1))), 1);
        assert_eq!(v(e(p - 1).square()), 1);
        assert_eq!(v(e(p - 1).add(&e(p - 1))), p - 2);
        assert_eq!(v(e(1 << 32).square()), 225);
    }
}
