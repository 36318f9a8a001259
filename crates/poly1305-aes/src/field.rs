//! The accumulator h (three 64-bit limbs) as an element of Z/(2^130 − 5)
//! (`uhash_base::p130`) and back, and powers of r: the arithmetic that
//! joins segments ([`crate::parallel`]) and updates a kept polynomial value
//! ([`crate::incremental`]).

use uhash_base::p130::{Fe130, Multiplier};
use zeroize::Zeroize;

/// h (three 64-bit limbs, h₂ ≤ 5) as a field element.
#[inline]
pub(crate) fn to_fe(h: &[u64; 3]) -> Fe130 {
    let low = u128::from(h[0]) | u128::from(h[1]) << 64;
    // h₂ ≤ 5: 2^128·h₂ = 2^128·(h₂ mod 4) + 2^130·⌊h₂/4⌋ ≡ … + 5·⌊h₂/4⌋,
    // two weakly reduced terms whose sum a product carries.
    Fe130::from_u128_with_top(low, h[2] & 3) + Fe130::from_u128(5 * u128::from(h[2] >> 2))
}

/// The canonical residue of `x` as three 64-bit limbs (h₂ ≤ 3).
#[inline]
pub(crate) fn from_fe(x: Fe130) -> [u64; 3] {
    let (low, top) = x.freeze();
    [low as u64, (low >> 64) as u64, top]
}

/// The clamped r (two 64-bit limbs) as a field element.
#[inline]
pub(crate) fn r_fe(r: &[u64; 2]) -> Fe130 {
    Fe130::from_u128(u128::from(r[0]) | u128::from(r[1]) << 64)
}

/// x^n by square-and-multiply: at most 2·⌈log₂(n + 1)⌉ products (n is
/// public: a block count). Intermediate values are wiped.
pub(crate) fn pow(x: Fe130, mut n: u64) -> Multiplier {
    let mut acc = Fe130::from_u128(1);
    let mut base = x;
    while n > 0 {
        if n & 1 == 1 {
            acc = acc.mul_fe(base);
        }
        n >>= 1;
        if n > 0 {
            base = base.mul_fe(base);
        }
    }
    base.zeroize();
    let m = Multiplier::new(acc);
    acc.zeroize();
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Conversions keep the value mod p for every h₂ ≤ 5 and the extremes
    /// of the low limbs; pow agrees with repeated products.
    #[test]
    fn round_trips_and_powers() {
        let one = Fe130::from_u128(1);
        for h2 in 0..=5u64 {
            for (h0, h1) in [
                (0, 0),
                (u64::MAX, u64::MAX),
                (u64::MAX - 4, u64::MAX),
                (7, 1 << 63),
            ] {
                let h = [h0, h1, h2];
                let f = from_fe(to_fe(&h));
                assert!(f[2] <= 3);
                // equal mod p: the kernels' finish gives the same residue
                assert_eq!(
                    crate::final_steps::finish(&f, 0),
                    crate::final_steps::finish(&h, 0)
                );
                assert_eq!(from_fe(to_fe(&f).mul_fe(one)), f);
            }
        }
        let x = r_fe(&[0x0fff_fffc_0fff_ffff, 0x0fff_fffc_0fff_fffc]);
        let mut acc = one;
        for n in 0..70u64 {
            assert_eq!(from_fe(one * &pow(x, n)), from_fe(acc), "n = {n}");
            acc = acc.mul_fe(x);
        }
    }
}
