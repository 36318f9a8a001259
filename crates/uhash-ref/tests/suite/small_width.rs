//! The width-generic functions added for the ε lab (`uhash epsilon`) equal
//! the full-width reference functions at the full width: Square Hash with
//! `l`-bit words at `l = 32`, the DFC module and its Horner hash at 64-bit
//! blocks of bytes, the Poly1305 polynomial at 16-byte chunks mod
//! `2^130 − 5`, Adiantum's NH and NHPoly1305 with w-bit words at w = 32,
//! and the "largest prime below `2^bits`" that gives the reduced Poly1305
//! its modulus.
//!
//! Case count: 64 per property unless `PROPTEST_CASES` is set.

use num_bigint::BigUint;
use proptest::collection::vec;
use proptest::prelude::*;
use uhash_ref::dfc::{dfc_module, dfc_module_b, horner_hash, horner_hash_units};
use uhash_ref::nhpoly1305::{self as nhp, nh_adiantum, nh_adiantum_w, nhpoly_w, nhpoly1305};
use uhash_ref::poly1305::clamp;
use uhash_ref::poly1305::{poly_mod_prime, poly1305_mod_p};
use uhash_ref::primes::{next_prime_above_pow2, prev_prime_below_pow2};
use uhash_ref::reduce::p130;
use uhash_ref::sqh;
use uhash_ref::sqh_words::{self, Words};

/// Little-endian 32-bit words of `bytes`.
fn words32(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(4)
        .map(|c| u64::from(u32::from_le_bytes(c.try_into().unwrap())))
        .collect()
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    ProptestConfig::with_cases(cases)
}

/// `w` (1..=3) and a key and message of `k` (1..=4) elements of `32·w` bits.
fn sqh_case() -> impl Strategy<Value = (u32, Vec<BigUint>, Vec<BigUint>)> {
    (1u32..=3, 1usize..=4).prop_flat_map(|(w, k)| {
        let elem = vec(any::<u8>(), 4 * w as usize).prop_map(|b| BigUint::from_bytes_le(&b));
        (Just(w), vec(elem.clone(), k), vec(elem, k))
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sqh_words_at_32_bits_is_sqh((w, key, msg) in sqh_case()) {
        let ws = Words { l: 32, w };
        prop_assert_eq!(ws.prime(), uhash_ref::reduce::sqh_prime(w));
        prop_assert_eq!(sqh_words::sqh(ws, &key[0], &msg[0]), sqh::sqh(w, &key[0], &msg[0]));
        prop_assert_eq!(sqh_words::sqh_star(ws, &key, &msg), sqh::sqh_star(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh_asm(ws, &key, &msg), sqh::sqh_asm(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh_asm2(ws, &key, &msg), sqh::sqh_asm2(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh_c(ws, &key, &msg), sqh::sqh_c(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh_c2(ws, &key, &msg), sqh::sqh_c2(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh_e(ws, &key, &msg), sqh::sqh_e(w, &key, &msg));
        prop_assert_eq!(sqh_words::sqh2(ws, &key, &msg), sqh::sqh2(w, &key, &msg));
        prop_assert_eq!(
            sqh_words::sqh_asm2_mod_p(ws, &key, &msg),
            sqh::sqh_asm2_mod_p(w, &key, &msg)
        );
        // The mod-p value is SQHasm2 before its final mod 2^L.
        let mod_p = sqh_words::sqh_asm2_mod_p(ws, &key, &msg).unwrap();
        prop_assert_eq!(mod_p % (BigUint::from(1u8) << (32 * w)), sqh::sqh_asm2(w, &key, &msg).unwrap());
    }

    #[test]
    fn dfc_module_b_at_64_bits_is_dfc_module(a: u64, b: u64, x: u64) {
        prop_assert_eq!(dfc_module_b(64, a, b, x).unwrap(), dfc_module(a, b, x));
    }

    #[test]
    fn horner_units_at_bytes_is_horner_hash(a: u64, b: u64, msg in vec(any::<u8>(), 0..40)) {
        let units: Vec<u64> = msg.iter().map(|&u| u64::from(u)).collect();
        prop_assert_eq!(horner_hash_units(8, 8, a, b, &units).unwrap(), horner_hash(a, b, &msg));
    }

    #[test]
    fn poly_mod_prime_at_16_bytes_is_poly1305(r: [u8; 16], msg in vec(any::<u8>(), 0..70)) {
        let units: Vec<u64> = msg.iter().map(|&u| u64::from(u)).collect();
        let ours = poly_mod_prime(8, 16, &p130(), &BigUint::from_bytes_le(&r), &units).unwrap();
        prop_assert_eq!(ours, poly1305_mod_p(&r, &msg));
    }

    #[test]
    fn nh_adiantum_w_at_32_bits_is_nh_adiantum(
        key in vec(any::<u8>(), nhp::NH_KEY_BYTES),
        msg in (1usize..=64).prop_flat_map(|n| vec(any::<u8>(), 16 * n)),
    ) {
        let key: [u8; nhp::NH_KEY_BYTES] = key.try_into().unwrap();
        let sums = nh_adiantum_w(32, 4, &words32(&key), &words32(&msg)).unwrap();
        let mut ours = [0u8; 32];
        for (p, s) in sums.iter().enumerate() {
            ours[8 * p..8 * p + 8].copy_from_slice(&u64::try_from(*s).unwrap().to_le_bytes());
        }
        prop_assert_eq!(ours, nh_adiantum(&key, &msg).unwrap());
    }

    #[test]
    fn nhpoly_w_at_32_bits_is_nhpoly1305(
        key in vec(any::<u8>(), nhp::KEY_BYTES),
        msg in (0usize..=70).prop_flat_map(|n| vec(any::<u8>(), 16 * n)),
    ) {
        let key: [u8; nhp::KEY_BYTES] = key.try_into().unwrap();
        let r = BigUint::from_bytes_le(&clamp(key[..16].try_into().unwrap()));
        let ours = nhpoly_w(32, 4, 64, &p130(), &r, &words32(&key[16..]), &words32(&msg)).unwrap();
        let want = BigUint::from_bytes_le(&nhpoly1305(&key, &msg));
        prop_assert_eq!(ours, want);
    }
}

#[test]
fn the_poly1305_prime_is_the_largest_below_2_130() {
    assert_eq!(prev_prime_below_pow2(130), p130());
    assert_eq!(prev_prime_below_pow2(10), BigUint::from(1021u32));
    assert_eq!(prev_prime_below_pow2(4), BigUint::from(13u32));
}

#[test]
fn the_dfc_prime_shape() {
    // 2^64 + 13 is the smallest prime above 2^64: the shape dfc_module_b keeps.
    assert_eq!(
        next_prime_above_pow2(64),
        (BigUint::from(1u8) << 64u32) + 13u32
    );
    // bits = 4: p = 17; (3·5 + 2) mod 17 = 0 → 0; (7·7 + 1) = 50 ≡ 16 → 0.
    assert_eq!(dfc_module_b(4, 3, 2, 5).unwrap(), 0);
    assert_eq!(dfc_module_b(4, 7, 1, 7).unwrap(), 0);
    assert_eq!(dfc_module_b(4, 7, 2, 7).unwrap(), 0); // 51 = 3·17
    assert_eq!(dfc_module_b(4, 2, 3, 5).unwrap(), 13);
    assert!(dfc_module_b(4, 16, 0, 0).is_err());
    assert!(dfc_module_b(4, 0, 0, 16).is_err());
    assert!(dfc_module_b(65, 0, 0, 0).is_err());
}

#[test]
fn small_width_errors() {
    assert!(horner_hash_units(8, 9, 0, 0, &[]).is_err());
    assert!(horner_hash_units(4, 2, 0, 0, &[16]).is_err());
    // Adiantum's NH at w = 2, one unit ⟨1, 2, 3, 0⟩, key ⟨3, 3, 1, 1, 2, 0, 0, 0⟩:
    // pass 0 (1+3)·(3+1) mod 4 = 0·0 plus (2+3)·(0+1) = 1·1 → 1; pass 1
    // (1+2)(3+0) + (2+0)(0+0) = 9 → 9 mod 16.
    assert_eq!(
        nh_adiantum_w(2, 2, &[3, 3, 1, 1, 2, 0, 0, 0], &[1, 2, 3, 0]).unwrap(),
        vec![1, 9]
    );
    assert!(nh_adiantum_w(2, 2, &[0; 7], &[0; 4]).is_err());
    assert!(nh_adiantum_w(2, 1, &[0; 8], &[0; 6]).is_err());
    assert!(nh_adiantum_w(2, 1, &[0; 4], &[4, 0, 0, 0]).is_err());
    assert!(nh_adiantum_w(2, 0, &[0; 4], &[0; 4]).is_err());
    assert!(nhpoly_w(33, 1, 1, &p130(), &BigUint::ZERO, &[0; 4], &[0; 4]).is_err());
    assert!(poly_mod_prime(0, 2, &BigUint::from(13u32), &BigUint::from(1u32), &[]).is_err());
    assert!(poly_mod_prime(2, 2, &BigUint::from(13u32), &BigUint::from(1u32), &[4]).is_err());
    // Empty message: 0. One full chunk of two 2-bit units [1, 2]: c = 1 + 2·4
    // + 2^4 = 25; r = 3: 25·3 = 75 ≡ 10 (mod 13).
    let p = BigUint::from(13u32);
    assert_eq!(
        poly_mod_prime(2, 2, &p, &BigUint::from(3u32), &[]).unwrap(),
        BigUint::ZERO
    );
    assert_eq!(
        poly_mod_prime(2, 2, &p, &BigUint::from(3u32), &[1, 2]).unwrap(),
        BigUint::from(10u32)
    );
}
