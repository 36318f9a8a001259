//! The fixed-length functions against the big-integer reference
//! (`uhash-ref`) for every backend this CPU and build support (each forced,
//! the assembly backends included): proptest inputs of every length class
//! around the kernels' blocks, the edge classes (all-zero, all-ones words,
//! maximal keys, carries), n = 1..=10 outputs (n > 8 takes the grouped
//! portable path), b = 16, 32, 64, truncation, unaligned messages, keys of
//! exactly t + n words, the typed errors, and which backends exist (CI's
//! `UHASH_EXPECT_X86`/`UHASH_EXPECT_ASM` through `uhash_testkit::expect`).
//! Case counts follow `PROPTEST_CASES`.

use digest_mw::{Backend, Engine, Error, Word};
use proptest::prelude::*;

use uhash_ref::digest as rd;
use uhash_testkit::data::pattern;

fn le<W: Word>(words: &[u64]) -> Vec<u8> {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes()[..W::BYTES].to_vec())
        .collect()
}

fn engines() -> Vec<Engine> {
    let v: Vec<Engine> = Engine::all_supported().collect();
    assert!(v.contains(&Engine::portable()));
    v
}

fn key_as<W: Word + FromU64>(key: &[u64]) -> Vec<W> {
    key.iter().map(|&k| W::from_u64_for_tests(k)).collect()
}

/// `Word` has no public constructor from u64; the tests use this helper.
trait FromU64: Sized {
    fn from_u64_for_tests(v: u64) -> Self;
}
impl FromU64 for u16 {
    fn from_u64_for_tests(v: u64) -> Self {
        v as u16
    }
}
impl FromU64 for u32 {
    fn from_u64_for_tests(v: u64) -> Self {
        v as u32
    }
}
impl FromU64 for u64 {
    fn from_u64_for_tests(v: u64) -> Self {
        v
    }
}

/// Every function of every engine equals the reference on (key, msg) for
/// n = 1..=10 outputs and every truncation width.
fn check<W: Word + FromU64 + Into<u64>>(key: &[u64], msg: &[u64]) {
    let b = W::BITS;
    let bytes = le::<W>(msg);
    let k: Vec<W> = key_as::<W>(key);
    for e in engines() {
        let be = e.backend();
        for n in 1..=10 {
            let mut out = vec![W::default(); n];
            let got = e
                .digest_mw(&k, &bytes, &mut out)
                .map(|()| out.iter().map(|&w| w.into()).collect::<Vec<u64>>());
            assert_eq!(
                got.ok(),
                rd::digest_mw(b, key, msg, n).ok(),
                "digest_mw b={b} {be} t={} n={n}",
                msg.len()
            );
        }
        assert_eq!(
            e.digest(&k, &bytes).map(Into::into).ok(),
            rd::digest(b, key, msg).ok(),
            "digest b={b} {be} t={}",
            msg.len()
        );
        for bits in [1, 7, b / 2, b - 1, b] {
            assert_eq!(
                e.digest_trunc(&k, &bytes, bits).map(Into::into).ok(),
                rd::digest_trunc(b, bits, key, msg).ok(),
                "digest_trunc b={b} bits={bits} {be}"
            );
        }
    }
}

fn mask(b: u32) -> u64 {
    if b == 64 { u64::MAX } else { (1 << b) - 1 }
}

/// Word counts around the kernels' blocks (4, 8, 16 words) and beyond.
fn lens() -> impl Strategy<Value = usize> {
    prop_oneof![1usize..=40, 60usize..=70, 250usize..=260]
}

fn case(b: u32) -> impl Strategy<Value = (Vec<u64>, Vec<u64>)> {
    (lens(), 0usize..4).prop_flat_map(move |(t, extra)| {
        let w = prop_oneof![
            3 => any::<u64>().prop_map(move |x| x & mask(b)),
            1 => Just(mask(b)),
            1 => Just(0u64),
        ];
        (
            proptest::collection::vec(w.clone(), t + 10 + extra),
            proptest::collection::vec(w, t),
        )
    })
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64u32)
        .min(64);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn b32_equals_reference((key, msg) in case(32)) {
        check::<u32>(&key, &msg);
    }

    #[test]
    fn b16_equals_reference((key, msg) in case(16)) {
        check::<u16>(&key, &msg);
    }

    #[test]
    fn b64_equals_reference((key, msg) in case(64)) {
        check::<u64>(&key, &msg);
    }
}

#[test]
fn edge_classes() {
    for b in [16u32, 32, 64] {
        for t in [1usize, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100] {
            let ones = vec![mask(b); t];
            let zero = vec![0u64; t];
            let kmax = vec![mask(b); t + 10];
            let kzero = vec![0u64; t + 10];
            let alt: Vec<u64> = (0..t + 10)
                .map(|i| if i % 2 == 0 { mask(b) } else { 1 })
                .collect();
            for (key, msg) in [
                (&kmax, &ones),
                (&kmax, &zero),
                (&kzero, &ones),
                (&alt, &ones),
                (&kmax, &alt[..t].to_vec()),
            ] {
                match b {
                    16 => check::<u16>(key, msg),
                    32 => check::<u32>(key, msg),
                    _ => check::<u64>(key, msg),
                }
            }
        }
    }
}

/// Keys of exactly t + n words (the long-message kernels' layout): the SIMD
/// loops must stop where the key does, for every n and length class.
#[test]
fn exact_length_keys() {
    for t in [1usize, 15, 16, 17, 31, 32, 33, 47, 48, 64, 100, 257] {
        let msg: Vec<u32> = (0..t as u32)
            .map(|i| i.wrapping_mul(0x9e37_79b9) | 1)
            .collect();
        let bytes: Vec<u8> = msg.iter().flat_map(|w| w.to_le_bytes()).collect();
        let m64: Vec<u64> = msg.iter().map(|&w| u64::from(w)).collect();
        for n in 1..=8 {
            let key: Vec<u32> = (0..(t + n) as u32).map(|i| u32::MAX - i * 7).collect();
            let k64: Vec<u64> = key.iter().map(|&w| u64::from(w)).collect();
            let want = rd::digest_mw(32, &k64, &m64, n).unwrap();
            for e in engines() {
                let mut out = vec![0u32; n];
                e.digest_mw(&key, &bytes, &mut out).unwrap();
                let got: Vec<u64> = out.iter().map(|&w| u64::from(w)).collect();
                assert_eq!(got, want, "{} t={t} n={n}", e.backend());
            }
        }
    }
}

#[test]
fn backends_can_be_forced_and_reported() {
    for b in Backend::ALL {
        match Engine::new(b) {
            // The alias: the first supported assembly backend.
            Ok(e) if b == Backend::Asm => {
                assert!(e.backend().is_asm() && Engine::BACKENDS.contains(&e.backend()));
                assert_eq!(Some(&e), engines().iter().find(|e| e.backend().is_asm()));
            }
            Ok(e) => assert_eq!(e.backend(), b),
            Err(err) => {
                assert_eq!(err, Error::UnsupportedBackend(b));
                assert!(b != Backend::Asm || !engines().iter().any(|e| e.backend().is_asm()));
            }
        }
    }
    for &b in Engine::BACKENDS {
        assert!(Engine::new(b).is_err() || engines().iter().any(|e| e.backend() == b));
    }
    // CI lists its CPU's flags (UHASH_EXPECT_X86) and whether the assembly
    // was built (UHASH_EXPECT_ASM): every backend they cover must be
    // supported, so that the comparisons of these tests really ran it.
    let supported: Vec<Backend> = engines().iter().map(|e| e.backend()).collect();
    uhash_testkit::expect::assert_supported("digest-mw Engine", Engine::BACKENDS, &supported);
    // detect() takes the first supported backend of its list: the fastest
    // SIMD one, never an assembly one.
    assert_eq!(Engine::detect(), engines()[0]);
    assert!(!Engine::detect().backend().is_asm());
    assert_eq!(Engine::default(), Engine::detect());
    assert_eq!(Engine::portable().to_string(), "soft");
    // Every AArch64 CPU (and qemu-aarch64) has Advanced SIMD: the NEON
    // kernels are the ones compared with the reference there.
    #[cfg(all(
        target_arch = "aarch64",
        target_endian = "little",
        not(uhash_backend = "soft")
    ))]
    assert_eq!(Engine::detect().backend(), Backend::Neon);
    if uhash_base::backend::forced_soft() {
        assert_eq!(Engine::detect().backend(), Backend::Soft);
    }
    uhash_testkit::expect::assert_within_cap("digest-mw", Engine::detect().backend());
    #[cfg(not(feature = "asm"))]
    assert!(!supported.iter().any(|b| b.is_asm()));
}

fn le32(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn wide(w: &[u32]) -> Vec<u64> {
    w.iter().map(|&x| u64::from(x)).collect()
}

/// Every b = 32 function of every engine equals the portable engine and the
/// reference on (key, msg words), the message placed at byte offset `off`
/// of its buffer (alignment); a key too short for some n gives the same
/// typed error everywhere.
fn check_at(key: &[u32], msg: &[u32], off: usize) {
    let s = Engine::portable();
    let mut buf = vec![0u8; off];
    buf.extend_from_slice(&le32(msg));
    let bytes = &buf[off..];
    let t = msg.len();
    for e in engines() {
        for n in 1..=10usize {
            let mut got = vec![0u32; n];
            let mut soft = vec![0u32; n];
            let ra = e.digest_mw(key, bytes, &mut got);
            let rs = s.digest_mw(key, bytes, &mut soft);
            assert_eq!(ra, rs, "{e} t={t} n={n} key={}", key.len());
            if ra.is_ok() {
                assert_eq!(got, soft, "{e} vs soft t={t} n={n} off={off}");
                let want = rd::digest_mw(32, &wide(key), &wide(msg), n).unwrap();
                assert_eq!(wide(&got), want, "{e} vs ref t={t} n={n} off={off}");
            }
        }
        let d = e.digest(key, bytes);
        assert_eq!(d, s.digest(key, bytes));
        if let Ok(d) = d {
            assert_eq!(
                u64::from(d),
                rd::digest(32, &wide(key), &wide(msg)).unwrap()
            );
        }
        for bits in [1u32, 16, 31] {
            assert_eq!(
                e.digest_trunc(key, bytes, bits),
                s.digest_trunc(key, bytes, bits)
            );
        }
    }
}

#[test]
fn edge_lengths_alignments_and_extremes() {
    // Lengths around the 4-, 8- and 16-word blocks (and the main loops'
    // "a whole window left" bounds), 0 words (refused).
    for t in (0..=42usize).chain([63, 64, 65, 127, 128, 129]) {
        for off in [0usize, 1, 3] {
            let msg = pattern(t, 5);
            // Key exactly t + 8 words and longer.
            check_at(&pattern(t + 8, 11), &msg, off);
            check_at(&pattern(t + 19, 13), &msg, off);
            // All-ones words: every product is (2^32 − 1)^2 and the sums
            // wrap mod 2^32 many times.
            let ones = vec![u32::MAX; t];
            let max = vec![u32::MAX; t + 10];
            check_at(&max, &ones, off);
            check_at(&max, &msg, off);
            check_at(&pattern(t + 10, 17), &ones, off);
            // All-zero message and key.
            check_at(&vec![0; t + 10], &vec![0; t], off);
            // Key too short for some n: a typed error, as soft.
            check_at(&pattern(t + 1, 3), &msg, off);
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fixed_functions_at_any_alignment_equal_portable_and_reference(
        msg in proptest::collection::vec(any::<u32>(), 1..300),
        extra in 0usize..12,
        seed in any::<u32>(),
        off in 0usize..4,
        ones in any::<bool>(),
    ) {
        let key: Vec<u32> = if ones {
            vec![u32::MAX; msg.len() + extra]
        } else {
            pattern(msg.len() + extra, seed)
        };
        check_at(&key, &msg, off);
    }
}

#[test]
fn typed_errors() {
    let key = [1u32; 8];
    // n = 0
    assert!(matches!(
        digest_mw::digest_mw(&key, &[0; 4], &mut []),
        Err(Error::InvalidParameter { name: "n", .. })
    ));
    // empty message, partial word
    assert!(matches!(
        digest_mw::digest(&key, &[]),
        Err(Error::InvalidMessageLength { got: 0, .. })
    ));
    assert!(matches!(
        digest_mw::digest(&key, &[0; 5]),
        Err(Error::InvalidMessageLength { got: 5, .. })
    ));
    assert!(matches!(
        digest_mw::digest(&[1u16; 8], &[0; 3]),
        Err(Error::InvalidMessageLength { got: 3, .. })
    ));
    // key t + 1 and t + n words
    assert_eq!(
        digest_mw::digest(&key[..2], &[0; 8]),
        Err(Error::KeyTooShort { needed: 3, got: 2 })
    );
    assert!(digest_mw::digest(&key[..3], &[0; 8]).is_ok());
    let mut out = [0u32; 3];
    assert_eq!(
        digest_mw::digest_mw(&key[..4], &[0; 8], &mut out),
        Err(Error::KeyTooShort { needed: 5, got: 4 })
    );
    // bits
    for bits in [0, 33] {
        assert!(matches!(
            digest_mw::digest_trunc(&key, &[0; 4], bits),
            Err(Error::InvalidParameter { name: "bits", .. })
        ));
    }
    assert!(matches!(
        digest_mw::digest_trunc(&[1u16; 4], &[0; 2], 17),
        Err(Error::InvalidParameter { name: "bits", .. })
    ));
    assert!(digest_mw::digest_trunc(&[1u64; 4], &[0; 8], 64).is_ok());
}
