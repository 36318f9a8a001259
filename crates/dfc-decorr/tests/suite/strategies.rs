//! Every backend (strategy) of the decorrelation module against the
//! big-integer reference `uhash_ref::dfc::dfc_module`: random inputs, the
//! edge class where (a·x + b) mod p lands in [2^64, 2^64 + 12], and extreme
//! operands. Every backend of `Engine::all_supported()` runs (`mulx` where
//! detected, the assembly with feature `asm`), and CI's expectations
//! (`UHASH_EXPECT_X86`, `UHASH_EXPECT_ASM`) make a missing one fail.

use dfc_decorr::module::{self, P, float, float16x32, fold, limbs16, native, reduce32, words32};
use dfc_decorr::{Backend, Engine, Error, Kernels, Strategy, module_batch_with, module_with};
use proptest::prelude::*;
use uhash_base::backend::{Float, Float16x32, Fold, Limbs16, Native, Words32};
use uhash_ref::dfc::dfc_module;

/// Every supported backend through the engine, plus the portable
/// strategies' functions and witnesses directly, must give `want`.
fn check_all(a: u64, b: u64, x: u64) -> Result<(), TestCaseError> {
    let want = dfc_module(a, b, x);
    for e in Engine::all_supported() {
        prop_assert_eq!(
            e.module(a, b, x),
            want,
            "{} on a={:#x} b={:#x} x={:#x}",
            e,
            a,
            b,
            x
        );
        prop_assert_eq!(module_with(e, a, b, x), want);
    }
    prop_assert_eq!(module::module(a, b, x), want);
    prop_assert_eq!(dfc_decorr::module(a, b, x), want);
    prop_assert_eq!(native::module(a, b, x), want);
    prop_assert_eq!(fold::module(a, b, x), want);
    prop_assert_eq!(words32::module(a, b, x), want);
    prop_assert_eq!(limbs16::module(a, b, x), want);
    prop_assert_eq!(float::module(a, b, x), want);
    prop_assert_eq!(float16x32::module(a, b, x), want);
    prop_assert_eq!(Native.module(a, b, x), want);
    prop_assert_eq!(Fold.module(a, b, x), want);
    prop_assert_eq!(Words32.module(a, b, x), want);
    prop_assert_eq!(Limbs16.module(a, b, x), want);
    prop_assert_eq!(Float.module(a, b, x), want);
    prop_assert_eq!(Float16x32.module(a, b, x), want);
    // The products before the reduction are exactly a·x + b.
    let p = u128::from(a) * u128::from(x) + u128::from(b);
    let (r, q) = words32::product(a, b, x);
    prop_assert_eq!(u128::from(q) << 64 | u128::from(r), p);
    let w = limbs16::product(a, b, x);
    let limbs = w
        .iter()
        .enumerate()
        .fold(0u128, |acc, (i, &wi)| acc | u128::from(wi) << (32 * i));
    prop_assert_eq!(limbs, p);
    prop_assert_eq!(float::product(a, b, x), p);
    for c in float::columns(a, b, x) {
        prop_assert!(c < 1 << 49, "float column {} ≥ 2^49", c);
    }
    prop_assert_eq!(float16x32::product(a, b, x), p);
    for c in float16x32::columns(a, b, x) {
        prop_assert!(c < 1 << 50, "float16x32 column {} ≥ 2^50", c);
    }
    // The columns the word reductions take, carries still pending, are
    // a·x + b too, within the bounds the reductions assume.
    let words = |w: [u64; 4]| {
        w.iter()
            .enumerate()
            .fold(0u128, |acc, (i, &wi)| acc + (u128::from(wi) << (32 * i)))
    };
    for (name, w, bound) in [
        ("words32", words32::columns(a, b, x), 1u64 << 34),
        ("float", float::words(float::columns(a, b, x)), 1 << 50),
        (
            "float16x32",
            float16x32::words(float16x32::columns(a, b, x)),
            1 << 51,
        ),
    ] {
        prop_assert_eq!(words(w), p, "{} words", name);
        for wi in w {
            prop_assert!(wi < bound, "{} word {:#x}", name, wi);
        }
    }
    let d = limbs16::columns(a, b, x);
    let digits = d
        .iter()
        .enumerate()
        .fold(0u128, |acc, (i, &di)| acc + (u128::from(di) << (16 * i)));
    prop_assert_eq!(digits, p);
    prop_assert!(d.iter().all(|&di| di < 1 << 20));
    Ok(())
}

/// (a, b, x) with (a·x + b) mod p = 2^64 + e, or `None` when the b that
/// would do it does not fit 64 bits.
fn landing(a: u64, x: u64, e: u64) -> Option<u64> {
    let t = (1u128 << 64) + u128::from(e);
    let ax = u128::from(a) * u128::from(x) % P;
    let b = (t + P - ax) % P;
    u64::try_from(b).ok()
}

/// `p` (< 2^128) as 32-bit-word columns with pending carries: `moves[i]`
/// (taken modulo what is there) units of word i + 1 moved down into word
/// i as 2^32 each, so that the columns are wider than 32 bits.
fn pending_words(p: u128, moves: [u32; 3]) -> [u64; 4] {
    let mut c: [u64; 4] = core::array::from_fn(|i| ((p >> (32 * i)) as u64) & 0xffff_ffff);
    for i in (0..3).rev() {
        let m = u64::from(moves[i]) % (c[i + 1] + 1) % (1 << 20);
        c[i + 1] -= m;
        c[i] += m << 32;
    }
    c
}

/// The same with 16-bit digits in 32-bit columns (units moved below 2^14,
/// so that every column stays below 2^31).
fn pending_digits(p: u128, moves: [u32; 7]) -> [u32; 8] {
    let mut c: [u32; 8] = core::array::from_fn(|i| ((p >> (16 * i)) as u32) & 0xffff);
    for i in (0..7).rev() {
        let m = moves[i] % (c[i + 1] + 1) % (1 << 14);
        c[i + 1] -= m;
        c[i] += m << 16;
    }
    c
}

proptest! {
    /// The 32-bit-word and 16-bit-digit reductions against the reference,
    /// on any 128-bit value, with and without carries pending.
    #[test]
    fn word_reductions(p in any::<u128>(), w in any::<[u32; 3]>(), d in any::<[u32; 7]>()) {
        let want = (p % P) as u64;
        prop_assert_eq!(reduce32::reduce_words32(pending_words(p, [0; 3])), want);
        prop_assert_eq!(reduce32::reduce_words32(pending_words(p, w)), want);
        prop_assert_eq!(reduce32::reduce_digits16(pending_digits(p, [0; 7])), want);
        prop_assert_eq!(reduce32::reduce_digits16(pending_digits(p, d)), want);
    }

    /// Values near multiples of p, where R′ − 13Q′ changes sign.
    #[test]
    fn word_reductions_near_multiples(k in 0u128..(u128::MAX / P), e in 0u128..400, w in any::<[u32; 3]>()) {
        for p in [k * P + e, (k + 1) * P - 1 - e.min(P - 1)] {
            let want = (p % P) as u64;
            prop_assert_eq!(reduce32::reduce_words32(pending_words(p, w)), want);
            prop_assert_eq!(reduce32::reduce_digits16(pending_digits(p, [0; 7])), want);
        }
    }

    #[test]
    fn random_inputs(a in any::<u64>(), b in any::<u64>(), x in any::<u64>()) {
        check_all(a, b, x)?;
    }

    #[test]
    fn residue_in_the_top_13(a in 1..=u64::MAX, x in any::<u64>(), e in 0u64..=12) {
        let b = landing(a, x, e);
        prop_assume!(b.is_some());
        let b = b.unwrap();
        prop_assert_eq!(dfc_module(a, b, x), e);
        check_all(a, b, x)?;
    }

    #[test]
    fn batches_equal_single_calls(
        v in prop::collection::vec((any::<u64>(), any::<u64>(), any::<u64>()), 0..40),
    ) {
        let a: Vec<u64> = v.iter().map(|t| t.0).collect();
        let b: Vec<u64> = v.iter().map(|t| t.1).collect();
        let x: Vec<u64> = v.iter().map(|t| t.2).collect();
        let want: Vec<u64> = v.iter().map(|&(a, b, x)| dfc_module(a, b, x)).collect();
        for e in Engine::all_supported() {
            let mut y = vec![0; v.len()];
            prop_assert_eq!(e.module_batch(&a, &b, &x, &mut y), Ok(()));
            prop_assert_eq!(&y, &want, "{}", e);
            let mut y = vec![0; v.len()];
            prop_assert_eq!(module_batch_with(e, &a, &b, &x, &mut y), Ok(()));
            prop_assert_eq!(&y, &want, "{}", e);
        }
    }
}

#[test]
fn every_residue_in_the_top_13_with_fixed_operands() {
    let operands = [
        (1, u64::MAX),
        (2, 1 << 63),
        (u64::MAX, u64::MAX),
        (0xdead_beef_0123_4567, 0x89ab_cdef_fedc_ba98),
        (1 << 32, (1 << 32) - 1),
    ];
    let mut hits = 0;
    for (a, x) in operands {
        for e in 0..=12 {
            if let Some(b) = landing(a, x, e) {
                assert_eq!(dfc_module(a, b, x), e);
                check_all(a, b, x).unwrap();
                hits += 1;
            }
        }
    }
    assert!(hits >= 50, "only {hits} edge cases constructed");
}

#[test]
fn extreme_operands() {
    let values = [
        0,
        1,
        2,
        12,
        13,
        14,
        182,
        (1 << 16) - 1,
        1 << 24,
        (1 << 32) - 1,
        1 << 32,
        (1 << 48) - 1,
        1 << 63,
        u64::MAX - 13,
        u64::MAX - 12,
        u64::MAX - 1,
        u64::MAX,
    ];
    for a in values {
        for b in values {
            for x in values {
                check_all(a, b, x).unwrap();
            }
        }
    }
    // Every backend: 0 and 2^64 − 1 in every position.
    for e in Engine::all_supported() {
        assert_eq!(e.module(0, 0, 0), 0);
        assert_eq!(e.module(u64::MAX, 0, 0), 0);
        assert_eq!(e.module(0, u64::MAX, 0), u64::MAX);
        // (2^64 − 1)^2 + 2^64 − 1 = 2^128 − 2^64 ≡ (−13)(−14) = 182.
        assert_eq!(e.module(u64::MAX, u64::MAX, u64::MAX), 182);
    }
}

#[test]
fn default_strategy_is_the_core_function() {
    for (a, b, x) in [(2, 3, 5), (u64::MAX, 7, u64::MAX), (1, 13, u64::MAX)] {
        assert_eq!(
            module::module(a, b, x),
            uhash_base::p64::mul_add_mod_2_64(a, x, b)
        );
    }
    assert_eq!(module::module(2, 3, 5), 13);
}

/// The strategies that run on every target and build.
const PORTABLE: [Backend; 6] = [
    Backend::Native,
    Backend::Fold,
    Backend::Words32,
    Backend::Limbs16,
    Backend::Float,
    Backend::Float16x32,
];

#[test]
fn engine_names_support_and_errors() {
    let supported: Vec<Backend> = Engine::all_supported().map(Engine::backend).collect();
    for &b in Engine::BACKENDS {
        match Engine::new(b) {
            Ok(e) => {
                assert_eq!(e.backend(), b);
                assert_eq!(e.to_string(), b.name());
                assert_eq!(Backend::from_name(&e.to_string()), Ok(b));
                assert!(supported.contains(&b));
            }
            Err(err) => {
                assert_eq!(err, Error::UnsupportedBackend(b));
                assert!(!supported.contains(&b));
            }
        }
    }
    for b in PORTABLE {
        assert!(supported.contains(&b), "{b}");
    }
    // Names DFC does not offer.
    for b in [Backend::Soft, Backend::Avx2, Backend::Neon, Backend::Soft32] {
        assert_eq!(Engine::new(b), Err(Error::UnsupportedBackend(b)));
    }
    // The default is `native`, the cipher's strategy.
    assert_eq!(Engine::detect().backend(), Backend::Native);
    assert_eq!(Engine::default(), Engine::detect());
    assert_eq!(Engine::portable().backend(), Backend::Native);
    // `asm` is this target's assembly backend, when there is one.
    match Engine::new(Backend::Asm) {
        Ok(e) => {
            assert!(e.backend().is_asm() && e.backend() != Backend::Asm);
            assert!(supported.contains(&e.backend()));
        }
        Err(err) => {
            assert_eq!(err, Error::UnsupportedBackend(Backend::Asm));
            assert!(!supported.iter().any(|b| b.is_asm()));
        }
    }
    #[cfg(not(feature = "asm"))]
    assert!(!supported.iter().any(|b| b.is_asm()));
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        supported.contains(&Backend::Mulx),
        uhash_base::backend::Mulx::detect().is_some()
    );
    #[cfg(not(target_arch = "x86_64"))]
    assert!(!supported.contains(&Backend::Mulx));
    // The former name still chooses the same engines.
    let s: Strategy = Strategy::new(Backend::Fold).unwrap();
    assert_eq!(s.module(2, 3, 5), 13);
}

#[test]
fn batch_length_mismatch_is_an_error_and_writes_nothing() {
    for e in Engine::all_supported() {
        let mut y = [7u64; 2];
        let r = e.module_batch(&[1, 2], &[3], &[4, 5], &mut y);
        assert!(
            matches!(r, Err(Error::InvalidParameter { .. })),
            "{e}: {r:?}"
        );
        assert_eq!(y, [7, 7]);
        let r = e.module_batch(&[1, 2], &[3, 4], &[4, 5], &mut y[..1]);
        assert!(
            matches!(r, Err(Error::InvalidParameter { .. })),
            "{e}: {r:?}"
        );
        assert_eq!(y, [7, 7]);
    }
}

/// Every backend the CPU and build should offer must really run: a
/// detection failure would otherwise skip its checks above silently. CI
/// lists its CPU's flags in `UHASH_EXPECT_X86` (all of `mulx` and
/// `mulx-asm`'s BMI2/ADX) and sets `UHASH_EXPECT_ASM` where the assembly
/// was built (natively and under qemu).
#[test]
fn every_backend_runs_where_ci_expects_it() {
    let supported: Vec<Backend> = Engine::all_supported().map(Engine::backend).collect();
    let n = uhash_testkit::expect::assert_supported("dfc-decorr", Engine::BACKENDS, &supported);
    assert!(n >= PORTABLE.len(), "{supported:?}");
}

/// Every backend's batch (the assembly and `mulx` loops included) on every
/// length 0..=70 and on the extreme operands, against single calls of the
/// reference.
#[test]
fn batch_every_length_and_extremes() {
    let ext = [0, 1, 12, 13, 182, u64::MAX - 13, u64::MAX - 1, u64::MAX];
    for e in Engine::all_supported() {
        for n in 0..=70usize {
            let a: Vec<u64> = (0..n)
                .map(|i| ext[i % 8].wrapping_mul(i as u64 | 1))
                .collect();
            let b: Vec<u64> = (0..n).map(|i| ext[(i / 8) % 8]).collect();
            let x: Vec<u64> = (0..n)
                .map(|i| ext[(i * 3 + 1) % 8] ^ (i as u64) << 40)
                .collect();
            let mut y = vec![0xdead; n + 1];
            e.module_batch(&a, &b, &x, &mut y[..n]).unwrap();
            for i in 0..n {
                assert_eq!(y[i], dfc_module(a[i], b[i], x[i]), "{e} n={n} i={i}");
            }
            assert_eq!(y[n], 0xdead, "{e} wrote past the batch");
        }
        for &a in &ext {
            for &b in &ext {
                for &x in &ext {
                    assert_eq!(e.module(a, b, x), dfc_module(a, b, x), "{e}");
                }
            }
        }
    }
}
