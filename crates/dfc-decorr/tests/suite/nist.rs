//! The DFC cipher against the 969 NIST AES round-1 known-answer vectors
//! (variable key, variable text, tables), on every backend this CPU runs;
//! round trips on random keys and blocks; the RustCrypto trait path against
//! the inherent methods.

use cipher::{BlockCipherDecrypt, BlockCipherEncrypt, KeyInit};
use dfc_decorr::Engine;
use dfc_decorr::cipher::{CipherEngine, Dfc, Dfc128, Dfc192, Dfc256};
use proptest::prelude::*;
use std::collections::BTreeMap;
use uhash_base::Backend;

/// (plaintext, ciphertext).
type Pair = ([u8; 16], [u8; 16]);

struct Vector {
    key: Vec<u8>,
    pt: [u8; 16],
    ct: [u8; 16],
    kat: String,
}

fn vectors() -> Vec<Vector> {
    use uhash_testkit::vectors::{hex, hex_n, read};
    read("dfc_v1_nist_round1.jsonl")
        .into_iter()
        .map(|v| {
            assert_eq!(v["fn"], "dfc_v1_encrypt");
            Vector {
                key: hex(&v, "key"),
                pt: hex_n(&v, "msg"),
                ct: hex_n(&v, "out"),
                kat: v["kat"].as_str().expect("kat").to_owned(),
            }
        })
        .collect()
}

/// The backends DFC offers that this CPU and build can run.
fn backends() -> Vec<Backend> {
    let bs: Vec<Backend> = CipherEngine::all_supported()
        .map(CipherEngine::backend)
        .collect();
    for &b in CipherEngine::BACKENDS {
        let dfc = Dfc::new_from_key(&[0; 16]).unwrap();
        assert_eq!(dfc.with_backend(b).is_ok(), bs.contains(&b), "{b}");
    }
    bs
}

#[test]
fn default_backend_is_the_fastest_detected() {
    let dfc = Dfc::new_from_key(&[1; 16]).unwrap();
    uhash_testkit::expect::assert_within_cap("dfc-decorr cipher", dfc.backend());
    #[cfg(target_arch = "x86_64")]
    if uhash_base::backend::Avx512::detect().is_some() {
        assert_eq!(dfc.backend(), Backend::Avx512);
        assert!(backends().contains(&Backend::Avx512));
        return;
    }
    assert_eq!(dfc.backend(), Backend::Soft);
}

#[test]
fn vector_counts_per_category() {
    let v = vectors();
    assert_eq!(v.len(), 969);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for x in &v {
        let category = x.kat.rsplit_once(" #").expect("numbered").0.to_owned();
        *counts.entry(category).or_default() += 1;
        assert_eq!(
            x.kat
                .split("KEYSIZE=")
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .and_then(|s| s.parse::<usize>().ok()),
            Some(8 * x.key.len()),
            "{}",
            x.kat
        );
    }
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    for bits in [128, 192, 256] {
        expected.insert(format!("NIST Variable Key KAT, KEYSIZE={bits}"), bits);
        expected.insert(format!("NIST Variable Text KAT, KEYSIZE={bits}"), 128);
    }
    for bits in (128..=256).step_by(16) {
        expected.insert(format!("NIST Tables KAT, KEYSIZE={bits}"), 1);
    }
    assert_eq!(counts, expected);
    assert_eq!(expected.values().sum::<usize>(), 969);
}

#[test]
fn nist_vectors_encrypt_and_decrypt_on_every_backend() {
    let v = vectors();
    let backends = backends();
    assert!(backends.contains(&Backend::Soft));
    for b in backends {
        for x in &v {
            let dfc = Dfc::new_from_key(&x.key).unwrap().with_backend(b).unwrap();
            assert_eq!(dfc.backend(), b);
            assert_eq!(dfc.encrypt_block_be(&x.pt), x.ct, "{} on {b}", x.kat);
            assert_eq!(dfc.decrypt_block_be(&x.ct), x.pt, "{} on {b}", x.kat);
        }
    }
}

/// All 969 vectors with every strategy of the decorrelation module
/// (`Engine::all_supported()`: every portable strategy, `mulx` where the
/// CPU has it, the assembly with feature `asm`) inside the cipher — the
/// key schedule and the rounds — on every cipher backend, one block at a
/// time and through the interleaved multi-block path.
#[test]
fn nist_vectors_on_every_module_strategy() {
    let v = vectors();
    let modules: Vec<Engine> = Engine::all_supported().collect();
    assert!(modules.len() >= 6, "{modules:?}");
    let mut groups: BTreeMap<Vec<u8>, Vec<Pair>> = BTreeMap::new();
    for x in &v {
        groups.entry(x.key.clone()).or_default().push((x.pt, x.ct));
    }
    for m in modules {
        for b in backends() {
            let mut checked = 0;
            for x in &v {
                let dfc = Dfc::new_from_key_with(&x.key, m)
                    .unwrap()
                    .with_backend(b)
                    .unwrap();
                assert_eq!(dfc.module(), m);
                assert_eq!(
                    dfc.encrypt_block_be(&x.pt),
                    x.ct,
                    "{} with {m} on {b}",
                    x.kat
                );
                assert_eq!(
                    dfc.decrypt_block_be(&x.ct),
                    x.pt,
                    "{} with {m} on {b}",
                    x.kat
                );
                checked += 1;
            }
            assert_eq!(checked, 969);
            for (key, pairs) in &groups {
                let dfc = Dfc::new_from_key_bits_with(key, 8 * key.len(), m)
                    .unwrap()
                    .with_backend(b)
                    .unwrap();
                let mut blocks: Vec<[u8; 16]> = pairs.iter().map(|p| p.0).collect();
                dfc.encrypt_blocks_be(&mut blocks);
                assert!(
                    blocks.iter().zip(pairs).all(|(c, p)| *c == p.1),
                    "{m} on {b}"
                );
                dfc.decrypt_blocks_be(&mut blocks);
                assert!(
                    blocks.iter().zip(pairs).all(|(c, p)| *c == p.0),
                    "{m} on {b}"
                );
            }
        }
    }
    // The default strategy is the module's default, `native`.
    let dfc = Dfc::new_from_key(&[5; 16]).unwrap();
    assert_eq!(dfc.module(), Engine::detect());
    assert_eq!(dfc.module().backend(), Backend::Native);
}

#[test]
fn nist_vectors_through_the_bit_length_api() {
    for x in vectors() {
        let dfc = Dfc::new_from_key_bits(&x.key, 8 * x.key.len()).unwrap();
        assert_eq!(dfc.encrypt_block_be(&x.pt), x.ct, "{}", x.kat);
    }
}

#[test]
fn nist_vectors_multi_block_paths() {
    // Group the vectors by key and run each group through the interleaved
    // multi-block paths (inherent and RustCrypto), on every backend.
    let mut groups: BTreeMap<Vec<u8>, Vec<Pair>> = BTreeMap::new();
    for x in vectors() {
        groups.entry(x.key).or_default().push((x.pt, x.ct));
    }
    assert!(groups.values().any(|g| g.len() >= 128));
    for b in backends() {
        for (key, pairs) in &groups {
            let dfc = Dfc::new_from_key(key).unwrap().with_backend(b).unwrap();
            let mut blocks: Vec<[u8; 16]> = pairs.iter().map(|p| p.0).collect();
            dfc.encrypt_blocks_be(&mut blocks);
            assert!(blocks.iter().zip(pairs).all(|(c, p)| *c == p.1));
            dfc.decrypt_blocks_be(&mut blocks);
            assert!(blocks.iter().zip(pairs).all(|(c, p)| *c == p.0));

            let mut arrays: Vec<cipher::Block<Dfc>> = pairs.iter().map(|p| p.0.into()).collect();
            dfc.encrypt_blocks(&mut arrays);
            assert!(arrays.iter().zip(pairs).all(|(c, p)| c.as_slice() == p.1));
            dfc.decrypt_blocks(&mut arrays);
            assert!(arrays.iter().zip(pairs).all(|(c, p)| c.as_slice() == p.0));
        }
    }
}

#[test]
fn trait_constructors_and_errors() {
    assert!(Dfc::new_from_key(&[]).is_err());
    assert_eq!(
        Dfc::new_from_key(&[0; 33]).unwrap_err(),
        uhash_base::Error::InvalidKeyLength {
            expected: 32,
            got: 33
        }
    );
    assert!(<Dfc as KeyInit>::new_from_slice(&[]).is_err());
    assert!(<Dfc as KeyInit>::new_from_slice(&[0; 33]).is_err());
    assert!(<Dfc as KeyInit>::new_from_slice(&[0; 5]).is_ok());
    assert!(Dfc128::new_from_slice(&[0; 24]).is_err());
    assert!(Dfc192::new_from_slice(&[0; 16]).is_err());
    assert!(Dfc256::new_from_slice(&[0; 16]).is_err());
    let dfc = Dfc::new_from_key(&[0x42; 16]).unwrap();
    assert_eq!(format!("{dfc:?}"), "Dfc { .. }");
    let d128 = Dfc128::new(&[0x42; 16].into());
    assert_eq!(format!("{d128:?}"), "Dfc128 { .. }");
    assert!(
        Dfc::new_from_key(&[0; 16])
            .unwrap()
            .with_backend(Backend::Neon)
            .is_err()
    );
}

fn check_trait_path(
    dfc: &Dfc,
    other: &(
         impl BlockCipherEncrypt<BlockSize = cipher::consts::U16>
         + BlockCipherDecrypt<BlockSize = cipher::consts::U16>
     ),
    pt: &[u8; 16],
) {
    let ct = dfc.encrypt_block_be(pt);
    let mut b: cipher::Block<Dfc> = (*pt).into();
    other.encrypt_block(&mut b);
    assert_eq!(b.as_slice(), ct);
    other.decrypt_block(&mut b);
    assert_eq!(b.as_slice(), pt);
    let mut out = cipher::Block::<Dfc>::default();
    other.encrypt_block_b2b(&(*pt).into(), &mut out);
    assert_eq!(out.as_slice(), ct);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn round_trip(key in proptest::collection::vec(any::<u8>(), 1..=32), pt in any::<[u8; 16]>()) {
        for b in backends() {
            let dfc = Dfc::new_from_key(&key).unwrap().with_backend(b).unwrap();
            let ct = dfc.encrypt_block_be(&pt);
            prop_assert_eq!(dfc.decrypt_block_be(&ct), pt);
        }
    }

    #[test]
    fn backends_agree(key in proptest::collection::vec(any::<u8>(), 1..=32), pts in proptest::collection::vec(any::<[u8; 16]>(), 0..11)) {
        let soft = Dfc::new_from_key(&key).unwrap().with_backend(Backend::Soft).unwrap();
        let dfc = Dfc::new_from_key(&key).unwrap();
        let mut blocks = pts.clone();
        dfc.encrypt_blocks_be(&mut blocks);
        for (c, p) in blocks.iter().zip(&pts) {
            prop_assert_eq!(*c, soft.encrypt_block_be(p));
        }
        dfc.decrypt_blocks_be(&mut blocks);
        prop_assert_eq!(blocks, pts);
    }

    #[test]
    fn odd_bit_lengths_round_trip(bits in 1usize..=256, seed in any::<[u8; 32]>(), pt in any::<[u8; 16]>()) {
        let key = &seed[..bits.div_ceil(8)];
        let dfc = Dfc::new_from_key_bits(key, bits).unwrap();
        prop_assert_eq!(dfc.decrypt_block_be(&dfc.encrypt_block_be(&pt)), pt);
    }

    #[test]
    fn trait_path_equals_inherent(key in any::<[u8; 32]>(), pt in any::<[u8; 16]>()) {
        let d128 = Dfc::new_from_key(&key[..16]).unwrap();
        check_trait_path(&d128, &Dfc128::new(&<[u8; 16]>::try_from(&key[..16]).unwrap().into()), &pt);
        let d192 = Dfc::new_from_key(&key[..24]).unwrap();
        check_trait_path(&d192, &Dfc192::new(&<[u8; 24]>::try_from(&key[..24]).unwrap().into()), &pt);
        let d256 = Dfc::new_from_key(&key).unwrap();
        check_trait_path(&d256, &Dfc256::new(&key.into()), &pt);
        check_trait_path(&d256, &<Dfc as KeyInit>::new(&key.into()), &pt);
        check_trait_path(&d128, &<Dfc as KeyInit>::new_from_slice(&key[..16]).unwrap(), &pt);
    }
}

/// Every backend the CPU has must really run (the vector tests above run
/// every detected backend; this makes a detection failure fail): CI lists
/// its CPU's flags in `UHASH_EXPECT_X86`, so AVX-512 F/BW/VL is required
/// where they are listed.
#[test]
fn every_backend_runs_where_ci_expects_it() {
    let bs = backends();
    assert!(bs.contains(&Backend::Soft));
    uhash_testkit::expect::assert_supported("dfc-decorr cipher", CipherEngine::BACKENDS, &bs);
    assert_eq!(CipherEngine::portable().backend(), Backend::Soft);
    // `with_engine` and `engine` round-trip.
    for e in CipherEngine::all_supported() {
        let dfc = Dfc::new_from_key(&[3; 16]).unwrap().with_engine(e);
        assert_eq!(dfc.engine(), e);
        assert_eq!(dfc.backend(), e.backend());
    }
}
