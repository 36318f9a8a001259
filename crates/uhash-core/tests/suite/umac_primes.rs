//! The UMAC primes 2^36 − 5, 2^64 − 59 and 2^128 − 159 (`p36m5`, `p64m59`,
//! `p128m159`) against big-integer arithmetic, on proptest inputs and on the
//! values next to multiples of p, where the folds carry.

use num_bigint::BigUint;
use proptest::prelude::*;
use uhash_base::{p36m5, p64m59, p128m159};

fn big(x: u128) -> BigUint {
    BigUint::from(x)
}

fn p36() -> BigUint {
    (BigUint::from(1u8) << 36u32) - 5u8
}

fn p64() -> BigUint {
    (BigUint::from(1u8) << 64u32) - 59u8
}

fn p128() -> BigUint {
    (BigUint::from(1u8) << 128u32) - 159u8
}

fn wide(hi: u128, lo: u128) -> BigUint {
    (big(hi) << 128u32) + big(lo)
}

/// Values at and around k·p (k small and large), where every fold of the
/// reductions carries or lands exactly on p.
fn near_multiples_p64() -> impl Strategy<Value = u128> {
    (any::<u64>(), 0u128..200, any::<bool>()).prop_map(|(k, d, below)| {
        let x = (k as u128).saturating_mul(p64m59::P64M59 as u128);
        if below {
            x.saturating_sub(d)
        } else {
            x.saturating_add(d)
        }
    })
}

#[test]
fn edge_values() {
    let p = p64m59::P64M59 as u128;
    for x in [
        0,
        1,
        p - 1,
        p,
        p + 1,
        1 << 64,
        u128::MAX,
        p * p - 1,
        p * p,
        60 * p - 1,
    ] {
        assert_eq!(big(p64m59::reduce(x) as u128), big(x) % p64(), "x = {x:#x}");
        let r = p64m59::reduce_partial(x);
        assert_eq!(big(r as u128) % p64(), big(x) % p64(), "x = {x:#x}");
        assert_eq!(p64m59::canonical(r), p64m59::reduce(x), "x = {x:#x}");
    }
    let q = p128m159::P128M159;
    for (hi, lo) in [
        (0, 0),
        (0, q),
        (0, q - 1),
        (0, u128::MAX),
        (1, 0),
        (u128::MAX, u128::MAX),
        (q - 1, 0),
        (158, u128::MAX),
    ] {
        assert_eq!(
            big(p128m159::reduce_wide(hi, lo)),
            wide(hi, lo) % p128(),
            "{hi:#x} {lo:#x}"
        );
    }
    for x in [
        0,
        1,
        p36m5::P36M5 - 1,
        p36m5::P36M5,
        1 << 36,
        u64::MAX,
        2 * p36m5::P36M5 - 1,
    ] {
        assert_eq!(
            big(p36m5::reduce(x) as u128),
            big(x as u128) % p36(),
            "x = {x:#x}"
        );
    }
}

proptest! {
    #[test]
    fn p64_reduce(x in any::<u128>()) {
        prop_assert_eq!(big(p64m59::reduce(x) as u128), big(x) % p64());
    }

    #[test]
    fn p64_reduce_near_multiples(x in near_multiples_p64()) {
        prop_assert_eq!(big(p64m59::reduce(x) as u128), big(x) % p64());
    }

    #[test]
    fn p64_reduce_partial(x in prop_oneof![any::<u128>(), near_multiples_p64()]) {
        let r = p64m59::reduce_partial(x);
        prop_assert_eq!(big(r as u128) % p64(), big(x) % p64());
        prop_assert_eq!(big(p64m59::canonical(r) as u128), big(x) % p64());
    }

    #[test]
    fn p64_mul_add_partial(a in any::<u64>(), y in any::<u64>(), m in any::<u64>()) {
        let want = (big(a as u128) * big(y as u128) + big(m as u128)) % p64();
        let r = p64m59::mul_add_partial(a, y, m);
        prop_assert_eq!(big(r as u128) % p64(), want.clone());
        prop_assert_eq!(big(p64m59::canonical(r) as u128), want);
    }

    #[test]
    fn p64_mul_add(a in any::<u64>(), y in any::<u64>(), m in any::<u64>()) {
        let want = (big(a as u128) * big(y as u128) + big(m as u128)) % p64();
        prop_assert_eq!(big(p64m59::mul_add(a, y, m) as u128), want);
        prop_assert_eq!(big(p64m59::mul(a, y) as u128), big(a as u128) * big(y as u128) % p64());
    }

    #[test]
    fn p128_mul_add(a in any::<u128>(), y in any::<u128>(), m in any::<u128>()) {
        let want = (big(a) * big(y) + big(m)) % p128();
        prop_assert_eq!(big(p128m159::mul_add(a, y, m)), want);
        let (hi, lo) = p128m159::mul_add_wide(a, y, m);
        prop_assert_eq!(wide(hi, lo), big(a) * big(y) + big(m));
    }

    #[test]
    fn p128_mul_add_top(da in 0u128..1000, dy in 0u128..1000, dm in 0u128..1000) {
        // Operands next to p and 2^128: the folds carry.
        let (a, y, m) = (u128::MAX - da, p128m159::P128M159 - 1 - dy.min(158), u128::MAX - dm);
        let want = (big(a) * big(y) + big(m)) % p128();
        prop_assert_eq!(big(p128m159::mul_add(a, y, m)), want);
    }

    #[test]
    fn p128_reduce_wide(hi in any::<u128>(), lo in any::<u128>()) {
        prop_assert_eq!(big(p128m159::reduce_wide(hi, lo)), wide(hi, lo) % p128());
    }

    #[test]
    fn p36_reduce(x in any::<u64>()) {
        prop_assert_eq!(big(p36m5::reduce(x) as u128), big(x as u128) % p36());
    }
}
