//! The fixed-length functions against the big-integer reference
//! (`uhash-ref`), for every backend this CPU supports: proptest inputs, the
//! edge classes (all-zero, all-ones, the Appendix A sums that land exactly
//! on p after the second fold, sums just past 2^64 / 2^128), and the typed
//! errors. Case counts follow `PROPTEST_CASES` (at most 64 here).

use proptest::prelude::*;
use uhash_mmh::{Backend, Engine32, Engine64, Error};
use uhash_ref::mmh as rmmh;
use uhash_ref::nh as rnh;

fn le32(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn le64(words: &[u64]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn engines32() -> Vec<Engine32> {
    let v: Vec<Engine32> = Engine32::all_supported().collect();
    assert!(v.contains(&Engine32::portable()));
    v
}

fn engines64() -> Vec<Engine64> {
    let v: Vec<Engine64> = Engine64::all_supported().collect();
    assert!(v.contains(&Engine64::portable()));
    v
}

/// Every 32-bit function of every engine equals the reference on (key, msg).
fn check32(key: &[u32], msg: &[u32]) {
    let bytes = le32(msg);
    let k = msg.len();
    for e in engines32() {
        let b = e.backend();
        assert_eq!(
            e.mmh32(key, &bytes).ok(),
            rmmh::mmh32(key, msg).ok(),
            "mmh32 {b} k={k}"
        );
        for n in 1..=uhash_mmh::MAX_N {
            let mut out = vec![0u32; n];
            let got = e.mmh32_toeplitz(key, &bytes, &mut out).map(|()| out);
            assert_eq!(
                got.ok(),
                rmmh::mmh32_toeplitz(key, msg, n).ok(),
                "mmh32_toeplitz {b} k={k} n={n}"
            );
            let mut out = vec![0u64; n];
            let got = e.nh_toeplitz(key, &bytes, &mut out).map(|()| out);
            assert_eq!(
                got.ok(),
                rnh::nh_toeplitz(key, msg, n).ok(),
                "nh_toeplitz {b} k={k} n={n}"
            );
        }
        assert_eq!(
            e.nmh32(key, &bytes).ok(),
            rmmh::nmh32(key, msg).ok(),
            "nmh32 {b} k={k}"
        );
        assert_eq!(
            e.nh(key, &bytes).ok(),
            rnh::nh(key, msg).ok(),
            "nh {b} k={k}"
        );
    }
}

fn check64(key: &[u64], msg: &[u64]) {
    let bytes = le64(msg);
    for e in engines64() {
        assert_eq!(
            e.mmh64(key, &bytes).ok(),
            rmmh::mmh64(key, msg).ok(),
            "mmh64 {} k={}",
            e.backend(),
            msg.len()
        );
    }
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: ProptestConfig::default().cases.min(64),
        ..ProptestConfig::default()
    }
}

/// Message lengths that cross every SIMD block and tail boundary.
fn len_strategy() -> impl Strategy<Value = usize> {
    prop_oneof![1usize..=40, 40usize..=300]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn words32_equal_the_reference(
        k in len_strategy(),
        extra in 0usize..=16,
        seed in any::<u64>(),
    ) {
        let mut rng = uhash_testkit::rng::XorShift64::new(seed);
        let mut next = || rng.next_u64() as u32;
        let msg: Vec<u32> = (0..k).map(|_| next()).collect();
        let key: Vec<u32> = (0..k + extra).map(|_| next()).collect();
        check32(&key, &msg);
    }

    #[test]
    fn biased_words32_equal_the_reference(
        msg in prop::collection::vec(prop_oneof![Just(0u32), Just(u32::MAX), Just(1), any::<u32>()], 1..80),
        key in prop::collection::vec(prop_oneof![Just(0u32), Just(u32::MAX), Just(15), any::<u32>()], 1..100),
    ) {
        check32(&key, &msg);
    }

    #[test]
    fn words64_equal_the_reference(
        k in prop_oneof![1usize..=20, 20usize..=200],
        extra in 0usize..=3,
        seed in any::<u64>(),
    ) {
        let mut rng = uhash_testkit::rng::XorShift64::new(seed);
        let mut next = || rng.next_u64();
        let msg: Vec<u64> = (0..k).map(|_| next()).collect();
        let key: Vec<u64> = (0..k + extra).map(|_| next()).collect();
        check64(&key, &msg);
    }

    #[test]
    fn biased_words64_equal_the_reference(
        msg in prop::collection::vec(prop_oneof![Just(0u64), Just(u64::MAX), any::<u64>()], 1..40),
        key in prop::collection::vec(prop_oneof![Just(0u64), Just(u64::MAX), Just(13), any::<u64>()], 1..40),
    ) {
        check64(&key, &msg);
    }
}

#[test]
fn all_zero_and_all_ones() {
    for k in [1, 2, 15, 16, 17, 32, 33, 64, 100] {
        for (m, x) in [(0, 0), (u32::MAX, u32::MAX), (0, u32::MAX), (u32::MAX, 0)] {
            check32(&vec![x; k + 14], &vec![m; k]);
        }
        for (m, x) in [(0, 0), (u64::MAX, u64::MAX), (0, u64::MAX), (u64::MAX, 0)] {
            check64(&vec![x; k], &vec![m; k]);
        }
    }
}

/// (key, msg) of three words whose 64-bit sum Σ mᵢxᵢ is `target`.
fn words_for_sum32(target: u64) -> ([u32; 3], [u32; 3]) {
    let max = u64::from(u32::MAX);
    let q1 = (target / max).min(max);
    let rest = target - q1 * max;
    let q2 = (rest / max).min(max);
    let r = rest - q2 * max;
    assert!(r <= max);
    ([u32::MAX, u32::MAX, 1], [q1 as u32, q2 as u32, r as u32])
}

/// The sums x = 2^32·a + b with b − 15a = −j·p (j = 1..14), where the second
/// fold of §3.1 gives z = p exactly; MMH32 (Def. 5) must return 0 there, the
/// paper's Appendix A routine returns 15.
fn appendix_a_sums() -> Vec<u64> {
    let p = (1u64 << 32) + 15;
    let mut v = Vec::new();
    for j in 1..=14u64 {
        // b ≡ −j·p ≡ −j (mod 15), since p ≡ 1 (mod 15).
        let b0 = (15 - j % 15) % 15;
        for b in [
            b0,
            b0 + 15,
            b0 + 15 * 1000,
            b0 + 15 * ((u64::from(u32::MAX) - b0) / 15),
        ] {
            let a = (b + j * p) / 15;
            assert_eq!(15 * a, b + j * p);
            if a > u64::from(u32::MAX) || b > u64::from(u32::MAX) {
                continue; // outside the class: x = 2^32·a + b needs a, b < 2^32
            }
            let x = (a << 32) + b;
            assert_eq!(x % p, 0);
            v.push(x);
        }
        // the largest b of the class for this j
        let b = (15 - j) * (1 << 32) - 15 * (j + 1);
        let b = b - (b + j * p) % 15;
        if b <= u64::from(u32::MAX) {
            let a = (b + j * p) / 15;
            assert!(a <= u64::from(u32::MAX));
            v.push((a << 32) + b);
        }
    }
    assert!(v.len() >= 14 * 3);
    v
}

#[test]
fn appendix_a_class_returns_zero() {
    let p = (1u64 << 32) + 15;
    for x in appendix_a_sums() {
        // MMH32 and Toeplitz: the sum lands on a multiple of p.
        let (key, msg) = words_for_sum32(x);
        let mut long_key = key.to_vec();
        long_key.extend([1, 1, 1, 1, 1, 1, 1]);
        for e in engines32() {
            assert_eq!(
                e.mmh32(&key, &le32(&msg)),
                Ok(0),
                "x = {x:#x} {}",
                e.backend()
            );
        }
        check32(&long_key, &msg);
        // NMH32: the sum of pair products (m + 0)(m′ + 0) is x.
        let nmh_msg = [u32::MAX, msg[0], u32::MAX, msg[1], msg[2], 1];
        for e in engines32() {
            assert_eq!(e.nmh32(&[0; 6], &le32(&nmh_msg)), Ok(0), "x = {x:#x}");
        }
        check32(&[0; 18], &nmh_msg);
        // and its neighbours
        for d in [1u64, 14, 15, 16] {
            for y in [x.wrapping_add(d), x.wrapping_sub(d)] {
                let (key, msg) = words_for_sum32(y);
                check32(&key, &msg);
                let r = uhash_mmh::mmh32(&key, &le32(&msg));
                assert_eq!(r, Ok((y % p) as u32));
            }
        }
    }
}

#[test]
fn sums_that_wrap_past_two_to_the_64_and_128() {
    // 3(2^32 − 1)^2 wraps mod 2^64 (Def. 5's inner mod).
    check32(&[u32::MAX; 3], &[u32::MAX; 3]);
    check32(&[u32::MAX; 300], &[u32::MAX; 300]);
    // Sums near multiples of p64 = 2^64 + 13 and past 2^128.
    let p = (1u128 << 64) + 13;
    for j in [1u128, 2, 13, 1 << 20, (1 << 63) + 5, u64::MAX as u128 - 100] {
        for d in [-1i128, 0, 1] {
            let target = (j * p) as i128 + d;
            let target = target as u128;
            let q = target / u128::from(u64::MAX);
            let r = target - q * u128::from(u64::MAX);
            if q > u128::from(u64::MAX) {
                continue;
            }
            let key = [u64::MAX, 1];
            let msg = [q as u64, r as u64];
            check64(&key, &msg);
            if d == 0 {
                for e in engines64() {
                    assert_eq!(e.mmh64(&key, &le64(&msg)), Ok(0));
                }
            }
        }
    }
    check64(&[u64::MAX; 5], &[u64::MAX; 5]);
}

#[test]
fn long_messages_cross_the_ifma_batches() {
    // 512 IFMA steps of 8 words is 4096 words; go past two batches.
    let n = 2 * 4096 + 13;
    let key: Vec<u64> = (0..n as u64).map(|i| u64::MAX - i * 0x9e37_79b9).collect();
    let msg: Vec<u64> = (0..n as u64).map(|i| u64::MAX ^ (i << 7)).collect();
    check64(&key, &msg);
    let key32: Vec<u32> = key
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    let msg32: Vec<u32> = msg.iter().take(3000).map(|&w| (w >> 3) as u32).collect();
    check32(&key32, &msg32);
}

#[test]
fn typed_errors() {
    let e = uhash_mmh::Engine32::portable();
    assert!(matches!(
        e.mmh32(&[1, 2], &[1, 2, 3]),
        Err(Error::InvalidMessageLength { got: 3, .. })
    ));
    assert!(matches!(
        e.mmh32(&[1, 2], &[]),
        Err(Error::InvalidMessageLength { got: 0, .. })
    ));
    assert_eq!(
        e.mmh32(&[1], &le32(&[1, 2])),
        Err(Error::KeyTooShort { needed: 2, got: 1 })
    );
    let mut out = [0u32; 3];
    assert_eq!(
        e.mmh32_toeplitz(&[1, 2, 3], &le32(&[1, 2]), &mut out),
        Err(Error::KeyTooShort { needed: 4, got: 3 })
    );
    assert!(matches!(
        e.mmh32_toeplitz(&[1; 20], &le32(&[1, 2]), &mut []),
        Err(Error::InvalidParameter { name: "n", .. })
    ));
    assert!(matches!(
        e.mmh32_toeplitz(&[1; 20], &le32(&[1, 2]), &mut [0; 9]),
        Err(Error::InvalidParameter { name: "n", .. })
    ));
    assert!(matches!(
        e.nmh32(&[1; 4], &le32(&[1, 2, 3])),
        Err(Error::InvalidMessageLength { got: 12, .. })
    ));
    assert!(matches!(
        e.nh(&[1; 4], &le32(&[1])),
        Err(Error::InvalidMessageLength { got: 4, .. })
    ));
    let mut out = [0u64; 2];
    assert_eq!(e.nh_toeplitz(&[1; 5], &le32(&[1, 2]), &mut out), Ok(()));
    assert_eq!(
        e.nh_toeplitz(&[1; 3], &le32(&[1, 2]), &mut out),
        Err(Error::KeyTooShort { needed: 4, got: 3 })
    );
    let e64 = Engine64::portable();
    assert!(matches!(
        e64.mmh64(&[1], &[0; 12]),
        Err(Error::InvalidMessageLength { got: 12, .. })
    ));
    assert_eq!(
        e64.mmh64(&[1], &[0; 16]),
        Err(Error::KeyTooShort { needed: 2, got: 1 })
    );
}

#[test]
fn backends_can_be_forced_and_reported() {
    assert_eq!(
        Engine32::new(Backend::Soft).map(Engine32::backend),
        Ok(Backend::Soft)
    );
    assert_eq!(
        Engine64::new(Backend::Soft).map(Engine64::backend),
        Ok(Backend::Soft)
    );
    // Kinds without the backend refuse it.
    assert_eq!(
        Engine32::new(Backend::Ifma),
        Err(Error::UnsupportedBackend(Backend::Ifma))
    );
    assert_eq!(
        Engine64::new(Backend::Avx2),
        Err(Error::UnsupportedBackend(Backend::Avx2))
    );
    for &b in Engine32::BACKENDS {
        match Engine32::new(b) {
            Ok(e) => assert_eq!(e.backend(), b),
            Err(err) => {
                assert_eq!(err, Error::UnsupportedBackend(b));
                assert!(!b.is_supported() || b == Backend::Neon);
            }
        }
    }
    for &b in Engine64::BACKENDS {
        match Engine64::new(b) {
            Ok(e) => assert_eq!(e.backend(), b),
            Err(err) => assert_eq!(err, Error::UnsupportedBackend(b)),
        }
    }
    assert_eq!(Engine32::detect(), engines32()[0]);
    assert_eq!(Engine64::detect(), engines64()[0]);
    // CI lists its CPU's flags (UHASH_EXPECT_X86) and whether the assembly
    // was built (UHASH_EXPECT_ASM): every backend they cover must be
    // supported, so that the comparisons above really ran it.
    let names = |v: Vec<_>| -> Vec<Backend> { v };
    uhash_testkit::expect::assert_supported(
        "mmh Engine32",
        Engine32::BACKENDS,
        &names(engines32().iter().map(|e| e.backend()).collect()),
    );
    uhash_testkit::expect::assert_supported(
        "mmh Engine64",
        Engine64::BACKENDS,
        &names(engines64().iter().map(|e| e.backend()).collect()),
    );
    // detect() takes the first supported backend of its list: the fastest
    // SIMD one, never an assembly one.
    assert!(!Engine32::detect().backend().is_asm());
    // Every AArch64 CPU (and qemu-aarch64) has Advanced SIMD: the NEON
    // kernels are the ones compared with the reference there.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if !uhash_base::backend::forced_soft() {
        assert_eq!(Engine32::detect().backend(), Backend::Neon);
    }
    if uhash_base::backend::forced_soft() {
        assert_eq!(Engine32::detect().backend(), Backend::Soft);
        assert_eq!(Engine64::detect().backend(), Backend::Soft);
    }
    uhash_testkit::expect::assert_within_cap("mmh Engine32", Engine32::detect().backend());
    uhash_testkit::expect::assert_within_cap("mmh Engine64", Engine64::detect().backend());
    // The alias `asm`: the first supported assembly backend, present
    // exactly when the crate is built with `asm` and the kernels assembled.
    match Engine32::new(Backend::Asm) {
        Ok(e) => assert!(e.backend().is_asm() && Engine32::BACKENDS.contains(&e.backend())),
        Err(err) => {
            assert_eq!(err, Error::UnsupportedBackend(Backend::Asm));
            assert!(!engines32().iter().any(|e| e.backend().is_asm()));
        }
    }
    #[cfg(not(feature = "asm"))]
    assert!(Engine32::new(Backend::Asm).is_err());
    assert_eq!(
        Engine64::new(Backend::Asm),
        Err(Error::UnsupportedBackend(Backend::Asm))
    );
}
