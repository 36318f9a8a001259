//! Every strategy of the decorrelation module against the big-integer
//! reference `uhash_ref::dfc::dfc_module`: random inputs, the edge class
//! where (a·x + b) mod p lands in [2^64, 2^64 + 12], and extreme operands.
//! Only the strategies this CPU supports run (`Mulx` where detected).

use dfc_decorr::module::{
    self, P, Strategy, float, fold, limbs16, module_batch_with, module_with, native, words32,
};
use proptest::prelude::*;
use uhash_ref::dfc::dfc_module;

/// Every supported strategy through the selector, plus the per-strategy
/// functions directly, must give `want`.
fn check_all(a: u64, b: u64, x: u64) -> Result<(), TestCaseError> {
    let want = dfc_module(a, b, x);
    for s in Strategy::supported() {
        prop_assert_eq!(
            module_with(s, a, b, x),
            Ok(want),
            "{} on a={:#x} b={:#x} x={:#x}",
            s,
            a,
            b,
            x
        );
    }
    prop_assert_eq!(module::module(a, b, x), want);
    prop_assert_eq!(native::module(a, b, x), want);
    prop_assert_eq!(fold::module(a, b, x), want);
    prop_assert_eq!(words32::module(a, b, x), want);
    prop_assert_eq!(limbs16::module(a, b, x), want);
    prop_assert_eq!(float::module(a, b, x), want);
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = uhash_core::backend::Mulx::detect() {
        prop_assert_eq!(module::mulx::module(cpu, a, b, x), want);
    }
    #[cfg(feature = "asm")]
    if let Some(cpu) = module::asm::AsmCpu::detect() {
        prop_assert_eq!(module::asm::module(cpu, a, b, x), want);
    }
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

proptest! {
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
        for s in Strategy::supported() {
            let mut y = vec![0; v.len()];
            prop_assert_eq!(module_batch_with(s, &a, &b, &x, &mut y), Ok(()));
            prop_assert_eq!(&y, &want, "{}", s);
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
    // Every strategy: 0 and 2^64 − 1 in every position.
    for s in Strategy::supported() {
        assert_eq!(module_with(s, 0, 0, 0), Ok(0));
        assert_eq!(module_with(s, u64::MAX, 0, 0), Ok(0));
        assert_eq!(module_with(s, 0, u64::MAX, 0), Ok(u64::MAX));
        // (2^64 − 1)^2 + 2^64 − 1 = 2^128 − 2^64 ≡ (−13)(−14) = 182.
        assert_eq!(module_with(s, u64::MAX, u64::MAX, u64::MAX), Ok(182));
    }
}

#[test]
fn default_strategy_is_the_core_function() {
    for (a, b, x) in [(2, 3, 5), (u64::MAX, 7, u64::MAX), (1, 13, u64::MAX)] {
        assert_eq!(
            module::module(a, b, x),
            uhash_core::p64::mul_add_mod_2_64(a, x, b)
        );
    }
    assert_eq!(module::module(2, 3, 5), 13);
}

#[test]
fn strategy_names_support_and_errors() {
    for s in Strategy::ALL {
        assert_eq!(Strategy::from_name(s.name()), Ok(s));
        assert_eq!(s.to_string(), s.name());
        if s.is_supported() {
            assert_eq!(s.require(), Ok(s));
            assert!(module_with(s, 1, 2, 3).is_ok());
        } else {
            let err = uhash_core::Error::UnsupportedBackend(s.backend());
            assert_eq!(s.require(), Err(err));
            assert_eq!(module_with(s, 1, 2, 3), Err(err));
            assert_eq!(module_batch_with(s, &[], &[], &[], &mut []), Err(err));
        }
    }
    assert!(Strategy::from_name("karatsuba").is_err());
    // Only Mulx (off x86-64 or without BMI2/ADX) and Asm (without feature
    // `asm` or assembled kernels) can be missing.
    let supported: Vec<Strategy> = Strategy::supported().collect();
    for s in Strategy::ALL {
        if s != Strategy::Mulx && s != Strategy::Asm {
            assert!(supported.contains(&s), "{s}");
        }
    }
    #[cfg(not(feature = "asm"))]
    assert!(!Strategy::Asm.is_supported());
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        Strategy::Mulx.is_supported(),
        uhash_core::backend::Mulx::detect().is_some()
    );
    #[cfg(not(target_arch = "x86_64"))]
    assert!(!Strategy::Mulx.is_supported());
}

#[test]
fn batch_length_mismatch_is_an_error_and_writes_nothing() {
    for s in Strategy::supported() {
        let mut y = [7u64; 2];
        let r = module_batch_with(s, &[1, 2], &[3], &[4, 5], &mut y);
        assert!(
            matches!(r, Err(uhash_core::Error::InvalidParameter { .. })),
            "{s}: {r:?}"
        );
        assert_eq!(y, [7, 7]);
    }
}

/// On this project's x86_64 CI machines every strategy must actually run:
/// a detection failure would otherwise skip the `Mulx` checks above silently.
#[test]
fn every_strategy_runs_where_ci_expects_it() {
    let supported: Vec<Strategy> = Strategy::supported().collect();
    assert!(supported.contains(&Strategy::Native) && supported.contains(&Strategy::Float));
    // CI lists its CPU's flags (UHASH_EXPECT_X86): with BMI2/ADX every
    // strategy but the assembly one must run.
    #[cfg(target_arch = "x86_64")]
    let ci_has_mulx = uhash_core::backend::Mulx::listed_in(
        &std::env::var("UHASH_EXPECT_X86").unwrap_or_default(),
    );
    #[cfg(not(target_arch = "x86_64"))]
    let ci_has_mulx = false;
    if !uhash_core::backend::forced_soft() && ci_has_mulx {
        for s in Strategy::ALL {
            assert!(
                s == Strategy::Asm || supported.contains(&s),
                "{s}: {supported:?}"
            );
        }
    }
    // CI's `--features asm` steps (natively and under qemu) set
    // UHASH_EXPECT_ASM: the assembly strategy must then really run.
    if !uhash_core::backend::forced_soft() && std::env::var_os("UHASH_EXPECT_ASM").is_some() {
        assert!(supported.contains(&Strategy::Asm), "{supported:?}");
    }
}

/// The assembly batch kernel on every length 0..=70 and on the extreme
/// operands, against single calls of the reference.
#[cfg(feature = "asm")]
#[test]
fn asm_batch_every_length_and_extremes() {
    let Some(cpu) = module::asm::AsmCpu::detect() else {
        return;
    };
    let ext = [0, 1, 12, 13, 182, u64::MAX - 13, u64::MAX - 1, u64::MAX];
    for n in 0..=70usize {
        let a: Vec<u64> = (0..n)
            .map(|i| ext[i % 8].wrapping_mul(i as u64 | 1))
            .collect();
        let b: Vec<u64> = (0..n).map(|i| ext[(i / 8) % 8]).collect();
        let x: Vec<u64> = (0..n)
            .map(|i| ext[(i * 3 + 1) % 8] ^ (i as u64) << 40)
            .collect();
        let mut y = vec![0xdead; n + 1];
        module::asm::module_batch(cpu, &a, &b, &x, &mut y[..n]).unwrap();
        for i in 0..n {
            assert_eq!(y[i], dfc_module(a[i], b[i], x[i]), "n={n} i={i}");
        }
        assert_eq!(y[n], 0xdead, "wrote past the batch");
    }
    for &a in &ext {
        for &b in &ext {
            for &x in &ext {
                assert_eq!(module::asm::module(cpu, a, b, x), dfc_module(a, b, x));
            }
        }
    }
}
