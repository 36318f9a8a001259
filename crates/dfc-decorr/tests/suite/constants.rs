//! Every DFC constant re-derived from e instead of trusted from a table.
//!
//! DFC's constants are the 32-bit words EES[0], EES[1], … of the
//! hexadecimal expansion of the fractional part of e (e − 2). Here that
//! expansion is computed from the series e − 2 = Σ_{k≥2} 1/k! with big
//! integers, with a rigorous error bound that proves every derived bit
//! exact, and the embedded tables of `dfc_decorr::cipher` are compared word
//! by word.

use dfc_decorr::cipher::{KA, KB, KC, KD, KS, RT};
use num_bigint::BigUint;

/// Words of EES needed: RT = EES[0..64], KD = EES[64..66], KC = EES[66].
const WORDS: usize = 67;

/// The first `words` 32-bit words of the fractional part of e, computed
/// with `guard` extra bits. Panics unless the error bound proves the words
/// exact (the digits are "stable": the lower and upper bounds of the
/// truncated sum agree on every returned bit).
fn ees(words: usize, guard: usize) -> Vec<u32> {
    let n = 32 * words;
    let p = n + guard;
    let one = BigUint::from(1u8) << p;
    // lo = Σ_{k=2}^{K} floor(2^p / k!) ≤ 2^p·(e − 2); each floor loses < 1.
    let mut lo = BigUint::from(0u8);
    let mut fact = BigUint::from(1u8);
    let mut k = 1u32;
    let mut terms = 0u32;
    loop {
        k += 1;
        fact *= k;
        let term = &one / &fact;
        if term == BigUint::from(0u8) {
            break;
        }
        lo += term;
        terms += 1;
    }
    // The tail Σ_{j>k−1} 2^p / j! is below 2·2^p / k! < 2 since the last
    // term computed was 0; the floors lost < `terms`. So the true value
    // lies in [lo, lo + terms + 2).
    let hi = &lo + BigUint::from(terms + 2);
    let lo_bits = &lo >> guard;
    let hi_bits = &hi >> guard;
    assert_eq!(
        lo_bits, hi_bits,
        "guard of {guard} bits too small: the {n} leading bits are not proven"
    );
    let mask = BigUint::from(u32::MAX);
    (0..words)
        .map(|i| {
            let w = (&lo_bits >> (n - 32 * (i + 1))) & &mask;
            w.to_u32_digits().first().copied().unwrap_or(0)
        })
        .collect()
}

fn derived() -> Vec<u32> {
    let a = ees(WORDS, 64);
    // A second, independent precision (more words, more guard bits) must
    // agree on the shared prefix.
    let b = ees(WORDS + 8, 320);
    assert_eq!(a[..], b[..WORDS]);
    a
}

fn pair(ees: &[u32], i: usize) -> u64 {
    (u64::from(ees[i]) << 32) | u64::from(ees[i + 1])
}

#[test]
fn e_expansion_known_prefix() {
    // e = 2.B7E151628AED2A6ABF7158809CF4F3C7… (hex); the same words open
    // RC5's P32 = 0xB7E15163 (rounded to odd).
    let e = ees(4, 64);
    assert_eq!(e, [0xb7e15162, 0x8aed2a6a, 0xbf715880, 0x9cf4f3c7]);
}

#[test]
fn rt_is_ees_0_to_63() {
    let e = derived();
    assert_eq!(RT[..], e[..64]);
    assert_eq!(RT[63], 0xe67008e1);
}

#[test]
fn kd_kc() {
    let e = derived();
    assert_eq!(KD, pair(&e, 64));
    assert_eq!(KC, e[66]);
}

#[test]
fn ka_kb() {
    let e = derived();
    assert_eq!(KA[0], 0);
    assert_eq!(KB[0], 0);
    for i in 1..4 {
        assert_eq!(KA[i], pair(&e, 2 * (i - 1)), "KA_{i}");
        assert_eq!(KB[i], pair(&e, 6 + 2 * (i - 1)), "KB_{i}");
    }
}

#[test]
fn ks_is_ees_12_to_19() {
    let e = derived();
    assert_eq!(KS[..], e[12..20]);
}
