//! Every uhash-base reduction against the big-integer reference
//! (`uhash-ref`), on proptest inputs and on the edge classes.
//!
//! Case counts follow `PROPTEST_CASES` (CI lowers it under qemu).

use num_bigint::BigUint;
use proptest::prelude::*;
use uhash_base::p64mul::{Mult, Sum, canonical, mul_mod};
use uhash_base::{p32, p64, p130, pw};
use uhash_ref::reduce as r;

fn big(x: u128) -> BigUint {
    BigUint::from(x)
}

// ---------------------------------------------------------------- 2^32 + 15

/// The MMH paper's Appendix A reduction, transcribed (`>` where `>=` is
/// needed), so the tests can show the class where it goes wrong.
fn appendix_a_reduce(sum: u64) -> u32 {
    let stmp = (sum & 0xffff_ffff) as i64 - ((sum >> 32) * 15) as i64;
    let utmp = ((stmp & 0xffff_ffff) - ((stmp >> 32) * 15)) as u64;
    let mut ret = (utmp & 0xffff_ffff) as u32;
    if utmp > 0x1_0000_000f {
        ret = ret.wrapping_sub(15);
    }
    ret
}

/// The 64-bit inputs whose second fold lands exactly on p: y = b − 15a = −j·p
/// for j = 1..=14, i.e. b = 15a − j·p with 0 ≤ b < 2^32.
fn second_fold_hits_p() -> impl Strategy<Value = u64> {
    (1u64..=14, any::<u64>()).prop_map(|(j, seed)| {
        let p = p32::P32;
        // a ranges over [ceil(j·p / 15), floor((j·p + 2^32 − 1) / 15)]
        let lo = (j * p).div_ceil(15);
        let hi = (j * p + 0xffff_ffff) / 15;
        let a = lo + seed % (hi - lo + 1);
        let b = 15 * a - j * p;
        (a << 32) | b
    })
}

fn check_p32(x: u64) {
    let want = r::mod_p32(&big(x as u128));
    assert_eq!(big(p32::reduce(x) as u128), want, "x = {x:#x}");
    assert_eq!(
        big(p32::reduce_to_u32(x) as u128),
        want % big(1 << 32),
        "x = {x:#x}"
    );
}

#[test]
fn p32_edge_values() {
    let p = p32::P32;
    for x in [
        0,
        1,
        p - 1,
        p,
        p + 1,
        2 * p,
        u64::MAX,
        u64::MAX - 1,
        1 << 32,
        (1 << 32) - 1,
    ] {
        check_p32(x);
    }
    // every multiple of p near the top and bottom of the 64-bit range
    let top = u64::MAX / p;
    for m in (0..=1000).chain(top - 1000..=top) {
        check_p32(m * p);
    }
}

#[test]
fn p32_appendix_a_class_is_real_and_handled() {
    // x = 286331155·p: the paper's routine answers 15, the definition 0.
    let x = 286_331_155 * p32::P32;
    assert_eq!(appendix_a_reduce(x), 15);
    assert_eq!(p32::reduce_to_u32(x), 0);
    // off the class the paper's routine agrees with the definition
    for x in [0, 5, p32::P32 - 1, u64::MAX, 1 << 40] {
        assert_eq!(appendix_a_reduce(x), p32::reduce_to_u32(x));
    }
}

proptest! {
    #[test]
    fn p32_reduce(x in any::<u64>()) {
        check_p32(x);
    }

    #[test]
    fn p32_second_fold_class(x in second_fold_hits_p()) {
        prop_assert_eq!(x % p32::P32, 0);
        prop_assert_eq!(p32::reduce(x), 0);
        prop_assert_eq!(appendix_a_reduce(x), 15);
        check_p32(x);
    }

    #[test]
    fn p32_mul_add(a in 0..p32::P32, b in 0..p32::P32) {
        let p = r::p32();
        prop_assert_eq!(big(p32::mul(a, b) as u128), (big(a as u128) * big(b as u128)) % &p);
        prop_assert_eq!(big(p32::add(a, b) as u128), (big(a as u128) + big(b as u128)) % &p);
    }
}

// ---------------------------------------------------------------- 2^64 + 13

fn check_p64(x: u128) {
    let want = r::mod_p64(&big(x));
    assert_eq!(
        big(p64::reduce_complement(x)),
        want,
        "complement, x = {x:#x}"
    );
    assert_eq!(big(p64::reduce_u128(x)), want, "u128, x = {x:#x}");
}

/// (a, x, b) with (a·x + b) mod p in [2^64, 2^64 + 12]: the residues that the
/// module's final `mod 2^64` folds.
fn module_top_class() -> impl Strategy<Value = (u64, u64, u64)> {
    (1u64.., any::<u64>(), 0u128..=12).prop_filter_map("b must fit 64 bits", |(a, x, e)| {
        let p = r::p64();
        let target = big((1u128 << 64) + e);
        let ax = big(a as u128) * big(x as u128) % &p;
        let b = (target + &p - ax) % &p;
        u64::try_from(b).ok().map(|b| (a, x, b))
    })
}

#[test]
fn p64_edge_values() {
    let p = p64::P64;
    for x in [
        0,
        1,
        p - 1,
        p,
        p + 1,
        u128::MAX,
        u128::MAX - 1,
        1 << 64,
        (1 << 64) - 1,
        13 * p,
        14 * p - 1,
    ] {
        check_p64(x);
    }
    let top = u128::MAX / p;
    for m in (0..=300).chain(top - 300..=top) {
        check_p64(m * p);
        if let Some(x) = (m * p).checked_add(p - 1) {
            check_p64(x);
        }
    }
}

proptest! {
    #[test]
    fn p64_reduce(x in any::<u128>()) {
        check_p64(x);
    }

    #[test]
    fn p64_reduce_near_multiples(m in any::<u64>(), d in 0u128..32) {
        let x = (m as u128).saturating_mul(p64::P64).saturating_add(d);
        check_p64(x);
        check_p64(x.saturating_sub(2 * d));
    }

    #[test]
    fn dfc_module(a in any::<u64>(), x in any::<u64>(), b in any::<u64>()) {
        prop_assert_eq!(p64::mul_add_mod_2_64(a, x, b), uhash_ref::dfc::dfc_module(a, b, x));
    }

    #[test]
    fn dfc_module_top_class((a, x, b) in module_top_class()) {
        let got = p64::mul_add_mod_2_64(a, x, b);
        prop_assert!(got <= 12);
        prop_assert_eq!(got, uhash_ref::dfc::dfc_module(a, b, x));
    }

    #[test]
    fn p64_horner_step(a in any::<u64>(), acc in 0..p64::P64, m in any::<u64>()) {
        let want = (big(a as u128) * big(acc) + big(m as u128)) % r::p64();
        prop_assert_eq!(big(p64::horner_step(a, acc, m)), want);
    }

    #[test]
    fn p64_horner_step_top_acc(a in any::<u64>(), e in 0u128..13, m in any::<u64>()) {
        let acc = (1u128 << 64) + e;
        let want = (big(a as u128) * big(acc) + big(m as u128)) % r::p64();
        prop_assert_eq!(big(p64::horner_step(a, acc, m)), want);
    }
}

// ------------------------------------------ 2^64 + 13, 65-bit operands

/// The boundary values of a 65-bit residue operand y (< 2^65).
const Y_EDGES: [u128; 9] = [
    0,
    1,
    12,
    13,
    (1 << 64) - 1,
    1 << 64,
    p64::P64 - 1,
    p64::P64,
    (1 << 65) - 1,
];

/// The boundary values of a partly reduced operand x (< 2^68).
const X_EDGES: [u128; 10] = [
    0,
    1,
    (1 << 64) - 1,
    1 << 64,
    p64::P64 - 1,
    p64::P64,
    (1 << 65) - 1,
    15 << 64,
    (15 << 64) - 1,
    (1 << 68) - 1,
];

fn check_mul_mod(x: u128, y: u128) {
    let want = big(x) * big(y) % r::p64();
    assert_eq!(big(mul_mod(x, y)), want, "x = {x:#x}, y = {y:#x}");
}

/// The exact value of a `Sum` from its three words.
fn sum_value(s: Sum) -> BigUint {
    let [w0, w1, w2] = s.words();
    big(w0 as u128) + (big(w1 as u128) << 64) + (big(w2 as u128) << 128)
}

/// Check every view of a sum against its big-integer value `want`.
fn check_sum(s: Sum, want: &BigUint) {
    assert_eq!(&sum_value(s), want, "exact words");
    let p = r::p64();
    let lazy = s.reduce_lazy();
    assert!(lazy < 15 << 64, "lazy value {lazy:#x} not below 15·2^64");
    assert_eq!(big(lazy) % &p, want % &p, "lazy value not congruent");
    assert_eq!(big(s.reduce()), want % &p, "reduce");
    assert_eq!(canonical(lazy), s.reduce(), "canonical");
}

#[test]
fn p64mul_edge_values() {
    for x in X_EDGES {
        for y in Y_EDGES {
            check_mul_mod(x, y);
        }
    }
    // Largest terms, many of them: the words stay exact and w₂ small.
    let mut s = Sum::new(u64::MAX);
    let mut want = big(u64::MAX as u128);
    let ymax = Mult::new((1 << 65) - 1);
    for _ in 0..64 {
        s.add_mul(u64::MAX, ymax);
        want += big(u64::MAX as u128) * big((1 << 65) - 1);
        s.add_mul_wide((1 << 68) - 1, ymax);
        want += big((1 << 68) - 1) * big((1 << 65) - 1);
        check_sum(s, &want);
    }
    // The residues whose bit 64 is set, as multipliers.
    for e in 0..13 {
        let y = (1u128 << 64) + e;
        assert_eq!(Mult::new(y).value(), y);
        assert_eq!(Mult::new(y).top_mask(), u64::MAX);
        for x in X_EDGES {
            check_mul_mod(x, y);
        }
    }
}

/// One term of a sum: `(true, x, y)` is `add_mul_wide(x, y)`, `(false, x,
/// y)` is `add_mul(x as u64, y)`.
fn sum_term() -> impl Strategy<Value = (bool, u128, u128)> {
    let y = prop_oneof![0u128..1 << 65, proptest::sample::select(Y_EDGES.to_vec())];
    let x = prop_oneof![0u128..1 << 68, proptest::sample::select(X_EDGES.to_vec())];
    (any::<bool>(), x, y)
}

proptest! {
    #[test]
    fn p64mul_mul_mod(x in 0u128..1 << 68, y in 0u128..1 << 65) {
        check_mul_mod(x, y);
    }

    #[test]
    fn p64mul_mul_mod_top_residues(x in 0u128..1 << 68, e in 0u128..13) {
        check_mul_mod(x, (1 << 64) + e);
        check_mul_mod(x, p64::P64 - 1 - e);
    }

    #[test]
    fn p64mul_sums(start in any::<u64>(), terms in proptest::collection::vec(sum_term(), 0..40)) {
        let mut s = Sum::new(start);
        let mut want = big(start as u128);
        for (wide, x, y) in terms {
            if wide {
                s.add_mul_wide(x, Mult::new(y));
                want += big(x) * big(y);
            } else {
                s.add_mul(x as u64, Mult::new(y));
                want += big(x as u64 as u128) * big(y);
            }
        }
        check_sum(s, &want);
    }
}

// ---------------------------------------------------------------- 2^130 − 5

fn fe_value(x: p130::Fe130) -> BigUint {
    let (low, top) = x.freeze();
    big(low) + (BigUint::from(top) << 128)
}

fn fe(low: u128, top: u64) -> (p130::Fe130, BigUint) {
    (
        p130::Fe130::from_u128_with_top(low, top & 3),
        big(low) + (BigUint::from(top & 3) << 128),
    )
}

proptest! {
    #[test]
    fn p130_mul_add_freeze(a in any::<u128>(), at in 0u64..4, b in any::<u128>(), bt in 0u64..4) {
        let p = r::p130();
        let (fa, ba) = fe(a, at);
        let (fb, bb) = fe(b, bt);
        prop_assert_eq!(fe_value(fa), r::mod_p130(&ba));
        prop_assert_eq!(fe_value(fa.mul_fe(fb)), (&ba * &bb) % &p);
        prop_assert_eq!(fe_value(fa + fb), (&ba + &bb) % &p);
        // chained products stay exact (bounds of the weak representation)
        let chain = ((fa + fb).mul_fe(fa) + fb).mul_fe(fb + fa);
        prop_assert_eq!(fe_value(chain), ((((&ba + &bb) * &ba) + &bb) * (&bb + &ba)) % &p);
    }

    #[test]
    fn p130_poly1305_polynomial(r in any::<[u8; 16]>(), msg in proptest::collection::vec(any::<u8>(), 0..200)) {
        let m = p130::Multiplier::from_clamped_r(&r);
        let clamped = uhash_ref::poly1305::clamp(&r);
        let got = fe_value(p130::horner(&m, p130::Fe130::ZERO, &msg));
        prop_assert_eq!(got, uhash_ref::poly1305::poly1305_mod_p(&clamped, &msg));
    }

    #[test]
    fn p130_unclamped_multiplier(r in any::<u128>(), rt in 0u64..4, msg in proptest::collection::vec(any::<u8>(), 0..100)) {
        // level-2 hashing multiplies by unclamped keys: compare with the definition
        let (fr, br) = fe(r, rt);
        let m = p130::Multiplier::new(fr);
        let p = r::p130();
        let mut want = BigUint::ZERO;
        for chunk in msg.chunks(16) {
            let mut c = BigUint::from_bytes_le(chunk);
            c += BigUint::from(1u8) << (8 * chunk.len());
            want = ((want + c) * &br) % &p;
        }
        prop_assert_eq!(fe_value(p130::horner(&m, p130::Fe130::ZERO, &msg)), want);
    }
}

#[test]
fn p130_all_ones_blocks_carry_stress() {
    let r = [0xffu8; 16];
    let msg = [0xffu8; 16 * 64 + 15];
    let m = p130::Multiplier::from_clamped_r(&r);
    let clamped = uhash_ref::poly1305::clamp(&r);
    assert_eq!(
        fe_value(p130::horner(&m, p130::Fe130::ZERO, &msg)),
        uhash_ref::poly1305::poly1305_mod_p(&clamped, &msg)
    );
}

// ---------------------------------------------------------------- p_w

fn words_value(words: &[u32]) -> BigUint {
    let mut v = BigUint::ZERO;
    for (i, w) in words.iter().enumerate() {
        v += BigUint::from(*w) << (32 * i);
    }
    v
}

fn elem_value<const W: usize>(e: &pw::Elem<W>) -> BigUint {
    words_value(e.limbs())
}

macro_rules! pw_tests {
    ($name:ident, $w:literal) => {
        mod $name {
            use super::*;
            const W: usize = $w;

            fn p() -> BigUint {
                r::sqh_prime(W as u32)
            }

            /// any W+1-limb value below p (top limb 0 or 1, then reduced)
            fn residue() -> impl Strategy<Value = pw::Elem<W>> {
                (proptest::array::uniform::<_, { W + 1 }>(any::<u32>()), any::<bool>()).prop_map(
                    |(mut limbs, top)| {
                        limbs[W] = top as u32;
                        pw::Elem::<W>::from_limbs_reduced(&limbs)
                    },
                )
            }

            #[test]
            fn constant_matches_reference_prime() {
                let c = pw::c(W).unwrap();
                assert_eq!((BigUint::from(1u8) << (32 * W)) + BigUint::from(c), p());
                assert_eq!(elem_value(&pw::Elem::<W>::modulus()), p());
            }

            #[test]
            fn edges() {
                let p = p();
                let ones = pw::Elem::<W>::from_words(&[u32::MAX; W]);
                let pm1 = {
                    let mut l = pw::Elem::<W>::modulus().limbs().to_vec();
                    l[0] -= 1;
                    pw::Elem::<W>::from_limbs_reduced(&l)
                };
                assert_eq!(elem_value(&pm1), &p - 1u8);
                for e in [ones, pm1, pw::Elem::<W>::ZERO] {
                    let v = elem_value(&e);
                    assert_eq!(elem_value(&e.square()), (&v * &v) % &p);
                    assert_eq!(elem_value(&e.mul(&ones)), (&v * elem_value(&ones)) % &p);
                    assert_eq!(elem_value(&e.add(&pm1)), (&v + &p - 1u8) % &p);
                }
                // reducing p and p + k
                let pl = pw::Elem::<W>::modulus();
                assert_eq!(elem_value(&pw::Elem::<W>::from_limbs_reduced(pl.limbs())), BigUint::ZERO);
            }

            proptest! {
                #[test]
                fn mul_square_add(a in residue(), b in residue()) {
                    let p = p();
                    let (va, vb) = (elem_value(&a), elem_value(&b));
                    prop_assert!(va < p && vb < p);
                    prop_assert_eq!(elem_value(&a.mul(&b)), (&va * &vb) % &p);
                    prop_assert_eq!(elem_value(&a.square()), (&va * &va) % &p);
                    prop_assert_eq!(a.square(), a.mul(&a));
                    prop_assert_eq!(elem_value(&a.add(&b)), (&va + &vb) % &p);
                }

                #[test]
                fn reduce_any_limbs(limbs in proptest::array::uniform::<_, { W + 1 }>(any::<u32>())) {
                    let got = pw::Elem::<W>::from_limbs_reduced(&limbs);
                    prop_assert_eq!(elem_value(&got), words_value(&limbs) % p());
                }

                #[test]
                fn sums_just_above_multiples(k in 0u32..64, d in 0u32..8) {
                    // k·p + d for small k: the second-fold boundary
                    let v = p() * BigUint::from(k) + BigUint::from(d);
                    let digits = v.to_u32_digits();
                    if digits.len() <= W + 1 {
                        let got = pw::Elem::<W>::from_limbs_reduced(&digits);
                        prop_assert_eq!(elem_value(&got), BigUint::from(d) % p());
                    }
                }
            }
        }
    };
}

pw_tests!(pw1, 1);
pw_tests!(pw2, 2);
pw_tests!(pw3, 3);
pw_tests!(pw4, 4);
pw_tests!(pw5, 5);
