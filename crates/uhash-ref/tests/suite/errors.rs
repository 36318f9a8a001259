//! Inputs outside a definition's domain are errors, never panics or silent
//! reinterpretations: short keys, odd `k` for the pair-based functions,
//! widths out of range, words `>= 2^b` or `>= p`, empty messages, bad
//! digest′ keys, unclamped Poly1305-AES `r`.

use num_bigint::BigUint;
use proptest::collection::vec;
use proptest::prelude::*;
use uhash_ref::RefError;
use uhash_ref::digest::{digest, digest_mw, digest_prime, digest_trunc};
use uhash_ref::mmh::{mmh_b, mmh_star, mmh32, mmh32_toeplitz, mmh64, nmh_b, nmh_star, nmh32};
use uhash_ref::nh::{nh, nh_toeplitz, nh_w};
use uhash_ref::poly1305::poly1305_aes;

fn short(needed: usize, got: usize) -> RefError {
    RefError::KeyTooShort { needed, got }
}

fn is_param<T: std::fmt::Debug>(r: Result<T, RefError>) -> bool {
    matches!(r, Err(RefError::InvalidParameter(_)))
}

fn is_msg<T: std::fmt::Debug>(r: Result<T, RefError>) -> bool {
    matches!(r, Err(RefError::InvalidMessage(_)))
}

fn is_key<T: std::fmt::Debug>(r: Result<T, RefError>) -> bool {
    matches!(r, Err(RefError::InvalidKey(_)))
}

fn bigs(v: &[u32]) -> Vec<BigUint> {
    v.iter().map(|&x| BigUint::from(x)).collect()
}

#[test]
fn display_texts() {
    assert_eq!(
        short(5, 3).to_string(),
        "key too short: need 5 words, got 3"
    );
    assert_eq!(
        RefError::InvalidParameter("b = 65".into()).to_string(),
        "invalid parameter: b = 65"
    );
    assert_eq!(
        RefError::InvalidKey("x".into()).to_string(),
        "invalid key: x"
    );
    assert_eq!(
        RefError::InvalidMessage("y".into()).to_string(),
        "invalid message: y"
    );
    let e: Box<dyn std::error::Error> = Box::new(short(1, 0));
    assert!(e.to_string().contains("need 1"));
}

#[test]
fn short_keys() {
    assert_eq!(mmh32(&[1, 2], &[1, 2, 3]), Err(short(3, 2)));
    assert_eq!(mmh64(&[], &[1]), Err(short(1, 0)));
    assert_eq!(mmh_b(8, &[1], &[1, 2]), Err(short(2, 1)));
    assert_eq!(nmh32(&[1], &[1, 2]), Err(short(2, 1)));
    assert_eq!(nmh_b(8, &[1, 2, 3], &[1, 2, 3, 4]), Err(short(4, 3)));
    assert_eq!(
        mmh_star(&BigUint::from(7u32), &bigs(&[1]), &bigs(&[1, 2])),
        Err(short(2, 1))
    );
    assert_eq!(
        nmh_star(&BigUint::from(7u32), &bigs(&[1]), &bigs(&[1, 2])),
        Err(short(2, 1))
    );
    // Toeplitz: k + n − 1 words for MMH, k + 2(n − 1) for NH.
    assert_eq!(mmh32_toeplitz(&[1, 2, 3], &[1, 2], 3), Err(short(4, 3)));
    assert_eq!(
        mmh32_toeplitz(&[1, 2, 3, 4], &[1, 2], 3).map(|v| v.len()),
        Ok(3)
    );
    assert_eq!(nh(&[1], &[1, 2]), Err(short(2, 1)));
    assert_eq!(nh_w(16, &[1, 2, 3], &[1, 2, 3, 4]), Err(short(4, 3)));
    assert_eq!(nh_toeplitz(&[0; 5], &[1, 2], 3), Err(short(6, 5)));
    assert_eq!(nh_toeplitz(&[0; 6], &[1, 2], 3).map(|v| v.len()), Ok(3));
    // digest: t + 1 words; digestMW: t + n words.
    assert_eq!(digest(16, &[1, 2], &[1, 2]), Err(short(3, 2)));
    assert_eq!(digest_trunc(16, 8, &[1, 2], &[1, 2]), Err(short(3, 2)));
    assert_eq!(digest_mw(16, &[1, 2, 3], &[1, 2], 2), Err(short(4, 3)));
    assert_eq!(
        digest_mw(16, &[1, 2, 3, 4], &[1, 2], 2).map(|v| v.len()),
        Ok(2)
    );
}

#[test]
fn odd_k_for_pair_functions() {
    assert!(is_msg(nmh32(&[0; 4], &[1, 2, 3])));
    assert!(is_msg(nmh_b(16, &[0; 4], &[1, 2, 3])));
    assert!(is_msg(nmh_star(
        &BigUint::from(7u32),
        &bigs(&[0; 4]),
        &bigs(&[1, 2, 3])
    )));
    assert!(is_msg(nh(&[0; 4], &[1])));
    assert!(is_msg(nh_w(32, &[0; 4], &[1, 2, 3])));
    assert!(is_msg(nh_toeplitz(&[0; 8], &[1, 2, 3], 2)));
}

#[test]
fn empty_messages() {
    // k >= 1 is required everywhere (k > 0 in Def. 2, "even positive" in
    // Def. 9, t >= 1 in Theorems 1–3).
    assert!(is_msg(mmh32(&[1], &[])));
    assert!(is_msg(mmh64(&[1], &[])));
    assert!(is_msg(mmh_b(8, &[1], &[])));
    assert!(is_msg(mmh32_toeplitz(&[1], &[], 1)));
    assert!(is_msg(mmh_star(&BigUint::from(7u32), &bigs(&[1]), &[])));
    assert!(is_msg(nmh32(&[1, 2], &[])));
    assert!(is_msg(nmh_b(8, &[1, 2], &[])));
    assert!(is_msg(nmh_star(&BigUint::from(7u32), &bigs(&[1, 2]), &[])));
    assert!(is_msg(nh(&[1, 2], &[])));
    assert!(is_msg(nh_w(8, &[1, 2], &[])));
    assert!(is_msg(nh_toeplitz(&[1, 2], &[], 1)));
    assert!(is_msg(digest(8, &[1, 2], &[])));
    assert!(is_msg(digest_trunc(8, 4, &[1, 2], &[])));
    assert!(is_msg(digest_mw(8, &[1, 2], &[], 1)));
}

#[test]
fn widths_out_of_range() {
    for b in [0u32, 1, 65, 100, u32::MAX] {
        assert!(is_param(mmh_b(b, &[1], &[1])), "mmh_b b = {b}");
        assert!(is_param(nmh_b(b, &[1, 1], &[1, 1])), "nmh_b b = {b}");
        assert!(is_param(nh_w(b, &[1, 1], &[1, 1])), "nh_w w = {b}");
    }
    for b in [0u32, 65, u32::MAX] {
        assert!(is_param(digest(b, &[1, 1], &[1])), "digest b = {b}");
        assert!(
            is_param(digest_mw(b, &[1, 1], &[1], 1)),
            "digest_mw b = {b}"
        );
        assert!(
            is_param(digest_trunc(b, 1, &[1, 1], &[1])),
            "digest_trunc b = {b}"
        );
    }
    // The smallest allowed widths work.
    assert!(mmh_b(2, &[1], &[1]).is_ok());
    assert!(nmh_b(2, &[1, 1], &[1, 1]).is_ok());
    assert!(nh_w(2, &[1, 1], &[1, 1]).is_ok());
    assert!(digest(1, &[1, 1], &[1]).is_ok());
    // trunc: 1 <= bits <= b.
    assert!(is_param(digest_trunc(8, 0, &[1, 1], &[1])));
    assert!(is_param(digest_trunc(8, 9, &[1, 1], &[1])));
    assert!(digest_trunc(8, 8, &[1, 1], &[1]).is_ok());
    // n >= 1 for the Toeplitz constructions.
    assert!(is_param(mmh32_toeplitz(&[1; 4], &[1], 0)));
    assert!(is_param(nh_toeplitz(&[1; 4], &[1, 1], 0)));
    assert!(is_param(digest_mw(8, &[1; 4], &[1], 0)));
    // Huge n is an error, not an overflow panic.
    assert!(mmh32_toeplitz(&[1; 4], &[1], usize::MAX).is_err());
    assert!(nh_toeplitz(&[1; 4], &[1, 1], usize::MAX).is_err());
    assert!(digest_mw(8, &[1; 4], &[1], usize::MAX).is_err());
}

#[test]
fn words_too_wide() {
    // Message words: InvalidMessage; key words: InvalidKey.
    assert!(is_msg(mmh_b(8, &[1], &[256])));
    assert!(is_key(mmh_b(8, &[256], &[1])));
    assert!(mmh_b(8, &[255], &[255]).is_ok());
    assert!(is_msg(nmh_b(8, &[1, 1], &[1, 256])));
    assert!(is_key(nmh_b(8, &[1, 256], &[1, 1])));
    assert!(is_msg(nh_w(16, &[1, 1], &[1 << 16, 1])));
    assert!(is_key(nh_w(16, &[1, 1 << 16], &[1, 1])));
    assert!(is_msg(digest(7, &[1, 1], &[128])));
    assert!(is_key(digest(7, &[1, 128], &[1])));
    assert!(is_key(digest_mw(7, &[1, 1, 128], &[1], 2)));
    assert!(is_key(digest_trunc(7, 3, &[1, 128], &[1])));
    // Unused key words beyond the prefix are not part of the key and not checked.
    assert!(mmh_b(8, &[1, 1 << 40], &[1]).is_ok());
    assert!(digest(7, &[1, 1, 1 << 40], &[1]).is_ok());
    // u64::MAX is a valid 64-bit word.
    assert!(mmh_b(64, &[u64::MAX], &[u64::MAX]).is_ok());
    assert!(digest(64, &[u64::MAX; 2], &[u64::MAX]).is_ok());
}

#[test]
fn field_versions_check_p_and_elements() {
    let p = BigUint::from(7u32);
    // Not prime / too small.
    for bad in [0u32, 1, 4, 9, 15] {
        let q = BigUint::from(bad);
        assert!(
            is_param(mmh_star(&q, &bigs(&[1]), &bigs(&[1]))),
            "p = {bad}"
        );
        assert!(
            is_param(nmh_star(&q, &bigs(&[1, 1]), &bigs(&[1, 1]))),
            "p = {bad}"
        );
    }
    // Elements must be < p.
    assert!(is_msg(mmh_star(&p, &bigs(&[1]), &bigs(&[7]))));
    assert!(is_key(mmh_star(&p, &bigs(&[7]), &bigs(&[1]))));
    assert!(is_msg(nmh_star(&p, &bigs(&[1, 1]), &bigs(&[1, 8]))));
    assert!(is_key(nmh_star(&p, &bigs(&[1, 9]), &bigs(&[1, 1]))));
    assert!(mmh_star(&p, &bigs(&[6]), &bigs(&[6])).is_ok());
}

#[test]
fn digest_prime_keys_and_widths() {
    let k2 = [0u8; 10];
    assert!(digest_prime(16, &[0; 34], &k2, b"m").is_ok());
    assert!(digest_prime(32, &[0; 36], &k2, b"m").is_ok());
    // k1 must be exactly (256 + b)/8 bytes.
    assert!(is_key(digest_prime(16, &[0; 33], &k2, b"m")));
    assert!(is_key(digest_prime(16, &[0; 35], &k2, b"m")));
    assert!(is_key(digest_prime(32, &[0; 34], &k2, b"m")));
    // k2 at least 80 bits.
    assert!(is_key(digest_prime(32, &[0; 36], &[0; 9], b"m")));
    assert!(digest_prime(32, &[0; 36], &[0; 64], b"").is_ok());
    // b in {16, 32}.
    for b in [0u32, 8, 24, 64] {
        assert!(is_param(digest_prime(b, &[0; 36], &k2, b"m")), "b = {b}");
    }
}

#[test]
fn unclamped_r_is_rejected_by_poly1305_aes() {
    let mut r = [0u8; 16];
    assert!(poly1305_aes(&[0; 16], &r, &[0; 16], b"").is_ok());
    r[4] = 1;
    assert!(is_key(poly1305_aes(&[0; 16], &r, &[0; 16], b"")));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64)
    ))]

    /// Arbitrary widths, keys and messages: never a panic, and any `Ok`
    /// answer fits in the output width.
    #[test]
    fn never_panics(b in 0u32..=70, bits in 0u32..=70, n in 0usize..=4,
                    key in vec(any::<u64>(), 0..=12), msg in vec(any::<u64>(), 0..=10)) {
        let width_ok = |v: u64, w: u32| w >= 64 || v >> w == 0;
        if let Ok(v) = mmh_b(b, &key, &msg) { prop_assert!(width_ok(v, b)); }
        if let Ok(v) = nmh_b(b, &key, &msg) { prop_assert!(width_ok(v, b)); }
        if let Ok(v) = nh_w(b, &key, &msg) { prop_assert!(b >= 64 || v >> (2 * b) == 0); }
        if let Ok(v) = digest(b, &key, &msg) { prop_assert!(width_ok(v, b)); }
        if let Ok(v) = digest_trunc(b, bits, &key, &msg) { prop_assert!(width_ok(v, bits)); }
        if let Ok(v) = digest_mw(b, &key, &msg, n) { prop_assert_eq!(v.len(), n); }
        let k32: Vec<u32> = key.iter().map(|&x| x as u32).collect();
        let m32: Vec<u32> = msg.iter().map(|&x| x as u32).collect();
        let _ = mmh32(&k32, &m32);
        let _ = nmh32(&k32, &m32);
        let _ = nh(&k32, &m32);
        let _ = mmh64(&key, &msg);
        if let Ok(v) = mmh32_toeplitz(&k32, &m32, n) { prop_assert_eq!(v.len(), n); }
        if let Ok(v) = nh_toeplitz(&k32, &m32, n) { prop_assert_eq!(v.len(), n); }
        let bytes: Vec<u8> = key.iter().flat_map(|w| w.to_le_bytes()).collect();
        let _ = digest_prime(b, &bytes[..bytes.len().min(36)], &bytes[bytes.len().min(36)..], &m32.iter().map(|&x| x as u8).collect::<Vec<_>>());
        let p = BigUint::from(b);
        let _ = mmh_star(&p, &key.iter().map(|&x| BigUint::from(x)).collect::<Vec<_>>(), &msg.iter().map(|&x| BigUint::from(x)).collect::<Vec<_>>());
        let _ = nmh_star(&p, &key.iter().map(|&x| BigUint::from(x % 5)).collect::<Vec<_>>(), &msg.iter().map(|&x| BigUint::from(x % 5)).collect::<Vec<_>>());
    }
}
