//! Cross-consistency of the reference functions: generic against fixed-width
//! versions, field versions against word versions, Toeplitz against shifted
//! single outputs, the reference against second formulations written
//! differently (machine-word arithmetic, Horner's rule).
//!
//! Case count: 64 per property unless `PROPTEST_CASES` is set.

use num_bigint::BigUint;
use proptest::collection::vec;
use proptest::prelude::*;
use uhash_ref::dfc::dfc_module;
use uhash_ref::digest::{digest, digest_mw, digest_trunc};
use uhash_ref::mmh::{mmh_b, mmh_star, mmh32, mmh32_toeplitz, mmh64, nmh_b, nmh_star, nmh32};
use uhash_ref::nh::{nh, nh_toeplitz, nh_w};
use uhash_ref::poly1305::{clamp, poly1305, poly1305_aes, poly1305_mod_p};
use uhash_ref::primes::next_prime_above_pow2;
use uhash_ref::reduce::{mod_p32, mod_p64, mod_p130, p32, p64, p130};

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    ProptestConfig::with_cases(cases)
}

fn mask(b: u32) -> u64 {
    if b == 64 { u64::MAX } else { (1u64 << b) - 1 }
}

fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

fn to_big(v: &[u64]) -> Vec<BigUint> {
    v.iter().map(|&x| big(x)).collect()
}

/// `(b, key, msg)` with `b` in `lo..=hi`, `1..=max_k` message words and a key
/// of `k + extra` words, all `< 2^b`.
fn words(
    lo: u32,
    hi: u32,
    max_k: usize,
    extra: usize,
) -> impl Strategy<Value = (u32, Vec<u64>, Vec<u64>)> {
    (lo..=hi, 1..=max_k).prop_flat_map(move |(b, k)| {
        let w = 0..=mask(b);
        (Just(b), vec(w.clone(), k + extra), vec(w, k))
    })
}

/// Like [`words`] but with an even number `2..=2·max_pairs` of message words.
fn pairs(
    lo: u32,
    hi: u32,
    max_pairs: usize,
    extra: usize,
) -> impl Strategy<Value = (u32, Vec<u64>, Vec<u64>)> {
    (lo..=hi, 1..=max_pairs).prop_flat_map(move |(b, n)| {
        let w = 0..=mask(b);
        (Just(b), vec(w.clone(), 2 * n + extra), vec(w, 2 * n))
    })
}

fn as_u32(v: &[u64]) -> Vec<u32> {
    v.iter().map(|&x| u32::try_from(x).unwrap()).collect()
}

proptest! {
    #![proptest_config(config())]

    // ------------------------------------------------------------ MMH

    #[test]
    fn mmh_b32_is_mmh32((_, key, msg) in words(32, 32, 40, 3)) {
        prop_assert_eq!(mmh_b(32, &key, &msg), mmh32(&as_u32(&key), &as_u32(&msg)).map(u64::from));
    }

    #[test]
    fn mmh_b64_is_mmh64((_, key, msg) in words(64, 64, 40, 3)) {
        prop_assert_eq!(mmh_b(64, &key, &msg), mmh64(&key, &msg));
    }

    #[test]
    fn mmh32_matches_machine_words(key in vec(any::<u32>(), 40), msg in vec(any::<u32>(), 1..=40)) {
        // Appendix-A style: 64-bit wrapping sum, then % p in u64, then mod 2^32.
        let mut sum = 0u64;
        for (m, x) in msg.iter().zip(&key) {
            sum = sum.wrapping_add(u64::from(*m) * u64::from(*x));
        }
        let want = (sum % ((1u64 << 32) + 15)) as u32;
        prop_assert_eq!(mmh32(&key, &msg), Ok(want));
    }

    #[test]
    fn mmh64_matches_machine_words(key in vec(any::<u64>(), 40), msg in vec(any::<u64>(), 1..=40)) {
        let mut sum = 0u128;
        for (m, x) in msg.iter().zip(&key) {
            sum = sum.wrapping_add(u128::from(*m) * u128::from(*x));
        }
        let want = (sum % ((1u128 << 64) + 13)) as u64;
        prop_assert_eq!(mmh64(&key, &msg), Ok(want));
    }

    #[test]
    fn mmh_b_is_mmh_star_with_the_carry_removed((b, key, msg) in words(2, 64, 24, 0)) {
        // Lemma 7's view: [Σ] mod 2^(2b) = Σ − c·2^(2b) with c = Σ div 2^(2b),
        // so mmh_b = ((MMH*_{p_b}(x, m) − c·2^(2b)) mod p_b) mod 2^b.
        let p = next_prime_above_pow2(b);
        let two_2b = BigUint::from(1u32) << (2 * b);
        let sum: BigUint = msg.iter().zip(&key).map(|(m, x)| big(*m) * big(*x)).sum();
        let c = &sum / &two_2b;
        // Words are < 2^b < p, so they are field elements.
        let star = mmh_star(&p, &to_big(&key), &to_big(&msg)).unwrap();
        let shift = (c * &two_2b) % &p;
        let h = ((star + &p - shift) % &p) % (BigUint::from(1u32) << b);
        prop_assert_eq!(big(mmh_b(b, &key, &msg).unwrap()), h);
    }

    #[test]
    fn mmh_b_without_wrap_is_mmh_star_mod_2b((b, key, msg) in words(4, 64, 16, 0)) {
        // With words < 2^(b−2) and k <= 16 the sum is < 2^(2b): no carry is dropped.
        let small = |v: &[u64]| v.iter().map(|&x| x >> 2).collect::<Vec<_>>();
        let (key, msg) = (small(&key), small(&msg));
        let p = next_prime_above_pow2(b);
        let star = mmh_star(&p, &to_big(&key), &to_big(&msg)).unwrap();
        prop_assert_eq!(big(mmh_b(b, &key, &msg).unwrap()), star % (BigUint::from(1u32) << b));
    }

    #[test]
    fn mmh32_toeplitz_is_shifted_mmh32(key in vec(any::<u32>(), 48), msg in vec(any::<u32>(), 1..=32), n in 1usize..=8) {
        let out = mmh32_toeplitz(&key, &msg, n).unwrap();
        prop_assert_eq!(out.len(), n);
        for (i, d) in out.iter().enumerate() {
            prop_assert_eq!(Ok(*d), mmh32(&key[i..], &msg));
        }
        prop_assert_eq!(mmh32_toeplitz(&key, &msg, 1), mmh32(&key, &msg).map(|d| vec![d]));
    }

    // ------------------------------------------------------------ NMH / NH

    #[test]
    fn nmh_b32_is_nmh32((_, key, msg) in pairs(32, 32, 16, 2)) {
        prop_assert_eq!(nmh_b(32, &key, &msg), nmh32(&as_u32(&key), &as_u32(&msg)).map(u64::from));
    }

    #[test]
    fn nmh_b_is_nh_w_reduced((b, key, msg) in pairs(2, 64, 12, 0)) {
        // NMH_b's inner sum mod 2^(2b), with ± = + mod 2^b, is NH_b.
        let p = next_prime_above_pow2(b);
        let nh_value = BigUint::from(nh_w(b, &key, &msg).unwrap());
        let want = (nh_value % p) % (BigUint::from(1u32) << b);
        prop_assert_eq!(big(nmh_b(b, &key, &msg).unwrap()), want);
    }

    #[test]
    fn nmh_b_without_wrap_is_nmh_star_mod_2b((b, key, msg) in pairs(4, 64, 4, 0)) {
        // Words < 2^(b−2): each sum < 2^(b−1), each product < 2^(2b−2), at most
        // 4 products: nothing wraps, so NMH_b = NMH*_{p_b} mod 2^b.
        let small = |v: &[u64]| v.iter().map(|&x| x >> 2).collect::<Vec<_>>();
        let (key, msg) = (small(&key), small(&msg));
        let p = next_prime_above_pow2(b);
        let star = nmh_star(&p, &to_big(&key), &to_big(&msg)).unwrap();
        prop_assert_eq!(big(nmh_b(b, &key, &msg).unwrap()), star % (BigUint::from(1u32) << b));
    }

    #[test]
    fn nh_w32_is_nh((_, key, msg) in pairs(32, 32, 16, 2)) {
        prop_assert_eq!(nh_w(32, &key, &msg), nh(&as_u32(&key), &as_u32(&msg)).map(u128::from));
    }

    #[test]
    fn nh_matches_machine_words(key in vec(any::<u32>(), 32), msg in vec(any::<u32>(), 1..=16)) {
        let msg = if msg.len() % 2 == 1 { &msg[..msg.len() - 1] } else { &msg[..] };
        prop_assume!(!msg.is_empty());
        let mut sum = 0u64;
        for (m, k) in msg.chunks(2).zip(key.chunks(2)) {
            let a = u64::from(m[0].wrapping_add(k[0]));
            let b = u64::from(m[1].wrapping_add(k[1]));
            sum = sum.wrapping_add(a * b);
        }
        prop_assert_eq!(nh(&key, msg), Ok(sum));
    }

    #[test]
    fn nh_toeplitz_is_shifted_nh(key in vec(any::<u32>(), 48), pairs_n in 1usize..=16, n in 1usize..=8, seed in any::<u32>()) {
        let msg: Vec<u32> = (0..2 * pairs_n as u32).map(|i| seed.wrapping_mul(i + 1) ^ i).collect();
        let out = nh_toeplitz(&key, &msg, n).unwrap();
        prop_assert_eq!(out.len(), n);
        for (i, d) in out.iter().enumerate() {
            prop_assert_eq!(Ok(*d), nh(&key[2 * i..], &msg));
        }
    }

    // ------------------------------------------------------------ digest

    #[test]
    fn digest_mw_is_shifted_digest((b, key, msg) in words(1, 64, 16, 8), n in 1usize..=8) {
        let out = digest_mw(b, &key, &msg, n).unwrap();
        prop_assert_eq!(out.len(), n);
        for (i, d) in out.iter().enumerate() {
            prop_assert_eq!(Ok(*d), digest(b, &key[i..], &msg));
        }
        prop_assert_eq!(digest_mw(b, &key, &msg, 1), digest(b, &key, &msg).map(|d| vec![d]));
    }

    #[test]
    fn digest_trunc_is_low_bits((b, key, msg) in words(1, 64, 16, 1), bits_seed in any::<u32>()) {
        let bits = 1 + bits_seed % b;
        let d = digest(b, &key, &msg).unwrap();
        prop_assert_eq!(digest_trunc(b, bits, &key, &msg), Ok(d & mask(bits)));
        prop_assert_eq!(digest_trunc(b, b, &key, &msg), Ok(d));
    }

    #[test]
    fn digest_64_matches_machine_words(key in vec(any::<u64>(), 17), msg in vec(any::<u64>(), 1..=16)) {
        let mut sum = 0u64;
        for (i, m) in msg.iter().enumerate() {
            let lo = (u128::from(*m) * u128::from(key[i])) as u64;
            let hi = ((u128::from(*m) * u128::from(key[i + 1])) >> 64) as u64;
            sum = sum.wrapping_add(lo).wrapping_add(hi);
        }
        prop_assert_eq!(digest(64, &key, &msg), Ok(sum));
    }

    #[test]
    fn digest_small_b_matches_machine_words((b, key, msg) in words(1, 31, 16, 1)) {
        let mut sum = 0u64;
        for (i, m) in msg.iter().enumerate() {
            sum = sum.wrapping_add(m * key[i]).wrapping_add((m * key[i + 1]) >> b);
        }
        prop_assert_eq!(digest(b, &key, &msg), Ok(sum & mask(b)));
    }

    // ------------------------------------------------------------ Poly1305

    #[test]
    fn poly1305_mod_p_matches_horner(r in any::<[u8; 16]>(), msg in vec(any::<u8>(), 0..=100)) {
        // Bernstein's sample code: h = ((h + c) · r) mod p for each chunk.
        let p = p130();
        let r_int = BigUint::from_bytes_le(&r);
        let mut h = BigUint::from(0u32);
        for chunk in msg.chunks(16) {
            let c = BigUint::from_bytes_le(chunk) + (BigUint::from(1u32) << (8 * chunk.len()));
            h = ((h + c) * &r_int) % &p;
        }
        prop_assert_eq!(poly1305_mod_p(&r, &msg), h);
    }

    #[test]
    fn poly1305_aes_is_poly1305_with_s_from_aes(k in any::<[u8; 16]>(), r in any::<[u8; 16]>(), nonce in any::<[u8; 16]>(), msg in vec(any::<u8>(), 0..=70)) {
        let r = clamp(&r);
        let tag = poly1305_aes(&k, &r, &nonce, &msg).unwrap();
        // With an empty message the polynomial is 0, so the tag is AES_k(n).
        let aes_k_n = poly1305_aes(&k, &r, &nonce, &[]).unwrap();
        let mut key = [0u8; 32];
        key[..16].copy_from_slice(&r);
        key[16..].copy_from_slice(&aes_k_n);
        prop_assert_eq!(poly1305(&key, &msg), tag);
        // Tag = (m(r) mod p + AES_k(n)) mod 2^128, little-endian.
        let sum: BigUint = (poly1305_mod_p(&r, &msg) + BigUint::from_bytes_le(&aes_k_n)) % (BigUint::from(1u32) << 128u32);
        let mut want = sum.to_bytes_le();
        want.resize(16, 0);
        prop_assert_eq!(tag.to_vec(), want);
    }

    #[test]
    fn poly1305_clamps_r(key in any::<[u8; 32]>(), msg in vec(any::<u8>(), 0..=40)) {
        let mut clamped = key;
        let r: [u8; 16] = key[..16].try_into().unwrap();
        clamped[..16].copy_from_slice(&clamp(&r));
        prop_assert_eq!(poly1305(&key, &msg), poly1305(&clamped, &msg));
    }

    // ------------------------------------------------------------ DFC, reductions

    #[test]
    fn dfc_module_matches_u128(a in any::<u64>(), b in any::<u64>(), x in any::<u64>()) {
        let v = u128::from(a) * u128::from(x) + u128::from(b);
        let want = (v % ((1u128 << 64) + 13)) as u64;
        prop_assert_eq!(dfc_module(a, b, x), want);
    }

    #[test]
    fn reductions_match_u128(x in any::<u128>()) {
        let bx = BigUint::from(x);
        prop_assert_eq!(mod_p32(&bx), BigUint::from(x % ((1u128 << 32) + 15)));
        prop_assert_eq!(mod_p64(&bx), BigUint::from(x % ((1u128 << 64) + 13)));
        prop_assert_eq!(mod_p130(&bx), bx.clone()); // x < 2^128 < p130
        prop_assert_eq!(mod_p32(&bx) < p32(), true);
        prop_assert_eq!(mod_p64(&bx) < p64(), true);
    }

    #[test]
    fn reductions_are_congruent(bytes in vec(any::<u8>(), 0..=80)) {
        let x = BigUint::from_bytes_le(&bytes);
        for (r, p) in [(mod_p32(&x), p32()), (mod_p64(&x), p64()), (mod_p130(&x), p130())] {
            prop_assert!(r < p);
            prop_assert_eq!((&x - &r) % &p, BigUint::from(0u32));
        }
    }
}
