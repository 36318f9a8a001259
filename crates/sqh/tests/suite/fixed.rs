//! Every paper function, every w = 1..5 and every backend of this CPU
//! against the big-integer reference `uhash_ref::sqh` (which implements
//! `docs/sqh-spec.md` independently), on random inputs and on the edge
//! classes: x + m overflowing 32w bits, all-ones words, sums just above
//! multiples of p_w, zero elements.

use crate::common;

use common::{key_bytes, ref_fn};
use num_bigint::BigUint;
use proptest::prelude::*;
use sqh::{Backend, Elem, Engine, Error, Variant};
use uhash_ref::sqh as r;

fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn elem_bytes<const W: usize>(e: &Elem<W>, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    e.write_le_bytes(&mut out);
    out
}

/// The paper function of its own that `v` names.
fn own_fn<const W: usize>(
    e: Engine,
    v: Variant,
    key: &[u32],
    msg: &[u8],
) -> Result<Elem<W>, Error> {
    match v {
        Variant::Star => e.sqh_star::<W>(key, msg),
        Variant::Asm => e.sqhasm::<W>(key, msg),
        Variant::Asm2 => e.sqhasm2::<W>(key, msg),
        Variant::C => e.sqhc::<W>(key, msg),
        Variant::C2 => e.sqhc2::<W>(key, msg),
        Variant::E => e.sqhe::<W>(key, msg),
        Variant::Asm2ModP => e.sqhasm2_mod_p::<W>(key, msg),
        Variant::Sqh2 => e.sqh2::<W>(key, msg),
    }
}

/// Every variant of one W on (key, msg), every backend, against the
/// reference; also Toeplitz with n = 3 when the key is long enough.
fn check_all<const W: usize>(key: &[u32], msg: &[u8]) {
    let w = W as u32;
    let rk = r::elements_le(&key_bytes(key), w);
    let rm = r::elements_le(msg, w);
    for v in Variant::ALL {
        let want = r::to_le(&ref_fn(v)(w, &rk, &rm).unwrap(), v.out_bytes(W));
        for e in Engine::all_supported() {
            let got = e.hash::<W>(v, key, msg).unwrap();
            assert_eq!(
                elem_bytes(&got, v.out_bytes(W)),
                want,
                "{} w={W} k={} backend {}",
                v.name(),
                rm.len(),
                e.backend()
            );
            // The function of its own equals the variant's.
            assert_eq!(own_fn::<W>(e, v, key, msg).unwrap(), got, "{}", v.name());
        }
        let n = 3;
        if key.len() >= (rm.len() + n - 1) * W {
            let want = r::toeplitz(ref_fn(v), w, &rk, &rm, n).unwrap();
            for e in Engine::all_supported() {
                let mut out = [Elem::<W>::ZERO; 3];
                e.toeplitz::<W>(v, key, msg, &mut out).unwrap();
                for (o, t) in out.iter().zip(&want) {
                    assert_eq!(elem_bytes(o, v.out_bytes(W)), r::to_le(t, v.out_bytes(W)));
                }
            }
        }
    }
    // SQH and SQHU on the first element.
    let want = r::sqh(w, &rk[0], &rm[0]).unwrap();
    for e in Engine::all_supported() {
        let got = e.sqh::<W>(key, &msg[..4 * W]).unwrap();
        assert_eq!(elem_bytes(&got, 4 * W + 4), r::to_le(&want, 4 * W + 4));
    }
}

fn check_sqhu<const W: usize>(x: &[u32], b: &[u32], m: &[u8]) {
    let w = W as u32;
    let rx = BigUint::from_bytes_le(&key_bytes(x));
    let rb = BigUint::from_bytes_le(&key_bytes(b));
    let rm = BigUint::from_bytes_le(m);
    let mut key = x.to_vec();
    key.extend_from_slice(b);
    match r::sqhu(w, &rx, &rb, &rm) {
        Ok(want) => {
            for e in Engine::all_supported() {
                let got = e.sqhu::<W>(&key, m).unwrap();
                assert_eq!(elem_bytes(&got, 4 * W + 4), r::to_le(&want, 4 * W + 4));
            }
        }
        Err(_) => {
            for e in Engine::all_supported() {
                assert!(matches!(
                    e.sqhu::<W>(&key, m),
                    Err(Error::InvalidKey { .. })
                ));
            }
        }
    }
}

/// Dispatch on a run-time w.
fn check_w(w: usize, key: &[u32], msg: &[u8]) {
    match w {
        1 => check_all::<1>(key, msg),
        2 => check_all::<2>(key, msg),
        3 => check_all::<3>(key, msg),
        4 => check_all::<4>(key, msg),
        _ => check_all::<5>(key, msg),
    }
}

/// A word generator biased towards the edge classes.
fn word() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => any::<u32>(),
        1 => Just(u32::MAX),
        1 => Just(0u32),
        1 => (0u32..64).prop_map(|d| u32::MAX - d),
        1 => 0u32..64,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_and_edge_words(w in 1usize..=5, k in 1usize..=40, extra in 0usize..3,
                             seed in proptest::collection::vec(word(), 0..=(5 * 43 * 2))) {
        let need = (k + extra) * w + k * w;
        let mut words: Vec<u32> = seed.into_iter().cycle().take(need).collect();
        words.resize(need, 0x9e37_79b9);
        let (key, msg_words) = words.split_at((k + extra) * w);
        check_w(w, key, &key_bytes(msg_words));
    }

    #[test]
    fn sqhu_random(w in 1usize..=5, x in proptest::collection::vec(word(), 6),
                   b in proptest::collection::vec(word(), 6),
                   m in proptest::collection::vec(word(), 5)) {
        match w {
            1 => check_sqhu::<1>(&x[..1], &b[..2], &key_bytes(&m[..1])),
            2 => check_sqhu::<2>(&x[..2], &b[..3], &key_bytes(&m[..2])),
            3 => check_sqhu::<3>(&x[..3], &b[..4], &key_bytes(&m[..3])),
            4 => check_sqhu::<4>(&x[..4], &b[..5], &key_bytes(&m[..4])),
            _ => check_sqhu::<5>(&x[..5], &b[..6], &key_bytes(&m[..5])),
        }
    }
}

#[test]
fn all_ones_long_messages() {
    // x + m = 2^(L+1) − 2 in every element: every sum carries, every column
    // of every square is full; k up to 70 so the AVX2 groups and tails and
    // the exact column sums see many carries.
    for w in 1..=5 {
        for k in [1, 3, 4, 5, 8, 13, 70] {
            let key = vec![u32::MAX; (k + 2) * w];
            let msg = vec![0xffu8; 4 * w * k];
            check_w(w, &key, &msg);
        }
    }
}

#[test]
fn sums_just_above_multiples_of_p() {
    // The element sum s = x + m lands just below, on, and just above p
    // (x = 2^L − 1, m = c + 1 + o gives s = p + o), so s ≡ o and
    // s² ≡ o² (mod p); a second element with s = 2^L exactly.
    fn case<const W: usize>() {
        let c = i64::from(uhash_base::pw::C[W - 1]);
        for o in [-c - 1, -c, -3, -1, 0, 1, 2, 7, 100] {
            let m0 = c + 1 + o;
            let mut x = vec![u32::MAX; W];
            let mut m = vec![0u32; W];
            m[0] = m0 as u32;
            x.extend_from_slice(&[u32::MAX; W]);
            m.push(1);
            m.resize(2 * W, 0);
            check_all::<W>(&x, &key_bytes(&m));
        }
        // SQHU with b = p − 1 (largest valid) and b = p (error).
        let mut pm1 = vec![0u32; W + 1];
        pm1[0] = uhash_base::pw::C[W - 1] - 1;
        pm1[W] = 1;
        let x = vec![u32::MAX; W];
        check_sqhu::<W>(&x, &pm1, &key_bytes(&vec![u32::MAX; W]));
        pm1[0] += 1;
        check_sqhu::<W>(&x, &pm1, &key_bytes(&vec![u32::MAX; W]));
    }
    case::<1>();
    case::<2>();
    case::<3>();
    case::<4>();
    case::<5>();
}

#[test]
fn errors_never_panic() {
    let e = Engine::portable();
    assert!(matches!(
        e.hash::<3>(Variant::E, &[0; 6], &[]),
        Err(Error::InvalidMessageLength { .. })
    ));
    assert!(matches!(
        e.hash::<3>(Variant::E, &[0; 6], &[0; 13]),
        Err(Error::InvalidMessageLength { .. })
    ));
    assert!(matches!(
        e.hash::<3>(Variant::C2, &[0; 5], &[0; 24]),
        Err(Error::KeyTooShort { needed: 6, got: 5 })
    ));
    assert!(matches!(
        e.sqh::<2>(&[0; 2], &[0; 16]),
        Err(Error::InvalidMessageLength { .. })
    ));
    assert!(matches!(
        e.sqhu::<2>(&[0; 4], &[0; 8]),
        Err(Error::KeyTooShort { needed: 5, got: 4 })
    ));
    let mut out = [Elem::<1>::ZERO; 0];
    assert!(
        e.toeplitz::<1>(Variant::Asm2, &[0; 4], &[0; 4], &mut out)
            .is_err()
    );
    let mut out = [Elem::<1>::ZERO; 4];
    assert!(matches!(
        e.toeplitz::<1>(Variant::Asm2, &[0; 4], &[0; 8], &mut out),
        Err(Error::KeyTooShort { needed: 5, got: 4 })
    ));
}

#[test]
fn every_backend_is_reachable() {
    let supported: Vec<Backend> = Engine::all_supported().map(|e| e.backend()).collect();
    assert!(supported.contains(&Backend::Soft));
    assert_eq!(Engine::portable().backend(), Backend::Soft);
    for &b in &supported {
        assert_eq!(Engine::new(b).unwrap().backend(), b);
    }
    assert_eq!(
        Engine::new(Backend::Mulx),
        Err(Error::UnsupportedBackend(Backend::Mulx))
    );
    // CI lists its CPU's flags (UHASH_EXPECT_X86) and whether the assembly
    // was built (UHASH_EXPECT_ASM): every backend they cover must be
    // supported, so that the comparisons above really ran it.
    uhash_testkit::expect::assert_supported("sqh Engine", Engine::BACKENDS, &supported);
    // detect() never picks AVX-512 or an assembly backend; detect_long()
    // is the first of LONG_FIRST that runs here, else detect().
    assert!(!Engine::detect().backend().is_asm());
    assert_ne!(Engine::detect().backend(), Backend::Avx512);
    let long = Engine::LONG_FIRST
        .iter()
        .copied()
        .find(|b| supported.contains(b))
        .unwrap_or(Engine::detect().backend());
    assert_eq!(Engine::detect_long().backend(), long);
    if uhash_base::backend::forced_soft() {
        assert_eq!(Engine::detect().backend(), Backend::Soft);
        assert_eq!(Engine::detect_long().backend(), Backend::Soft);
    }
    uhash_testkit::expect::assert_within_cap("sqh", Engine::detect().backend());
    uhash_testkit::expect::assert_within_cap("sqh long", Engine::detect_long().backend());
    #[cfg(target_arch = "x86_64")]
    if !uhash_base::backend::forced_soft() {
        let ifma = uhash_base::backend::Ifma::detect().is_some();
        if ifma {
            assert_eq!(Engine::detect().backend(), Backend::Ifma);
            assert_eq!(Engine::detect_long().backend(), Backend::Ifma);
        } else if std::is_x86_feature_detected!("avx2") {
            assert_eq!(Engine::detect().backend(), Backend::Avx2);
        }
    }
    // Every AArch64 CPU (and qemu-aarch64) has Advanced SIMD: the NEON
    // kernels are the ones compared with the reference there, and the
    // default.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    if !uhash_base::backend::forced_soft() {
        assert_eq!(Engine::detect().backend(), Backend::Neon);
        assert_eq!(Engine::detect_long().backend(), Backend::Neon);
        assert!(supported.contains(&Backend::Neon));
    }
    #[cfg(not(all(target_arch = "aarch64", target_endian = "little")))]
    assert!(Engine::new(Backend::Neon).is_err());
    // The alias `asm`: the assembly backend, present exactly when the crate
    // is built with `asm` for 32-bit ARM and the kernels assembled.
    match Engine::new(Backend::Asm) {
        Ok(e) => assert_eq!(e.backend(), Backend::Armv4Asm),
        Err(err) => {
            assert_eq!(err, Error::UnsupportedBackend(Backend::Asm));
            assert!(!supported.iter().any(|b| b.is_asm()));
        }
    }
    assert_eq!(
        Engine::BACKENDS,
        &[
            Backend::Ifma,
            Backend::Avx2,
            Backend::Neon,
            Backend::Soft,
            Backend::Avx512,
            Backend::Armv4Asm
        ]
    );
    assert_eq!(Engine::default(), Engine::detect());
}

#[test]
fn words_helper_roundtrip() {
    assert_eq!(words32(&[1, 0, 0, 0, 2, 0, 0, 0]), vec![1, 2]);
}
