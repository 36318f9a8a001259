//! Differential fuzzing of the uhash-base reductions against the
//! big-integer reference: the fuzzer picks the operands (and Poly1305's
//! r and a message of up to 8 KiB expanded from a short description);
//! every fast path must equal the plain definition — the polynomial over
//! the message on every message of up to 256 bytes and on 1 input in 16
//! of the longer ones (`uhash_fuzz::against_reference`), and on every
//! input the same polynomial computed in two runs. uhash-base has no
//! backends of its own: the families' targets choose theirs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use num_bigint::BigUint;
use uhash::base::{p32, p64, p130, pw};
use uhash_fuzz::{Input, against_reference, message, tally};
use uhash_ref::reduce as r;

fn u64_at(d: &[u8], i: usize) -> u64 {
    let mut b = [0u8; 8];
    for (k, x) in b.iter_mut().enumerate() {
        *x = d.get(i * 8 + k).copied().unwrap_or(0);
    }
    u64::from_le_bytes(b)
}

fn words_value(words: &[u32]) -> BigUint {
    let mut v = BigUint::ZERO;
    for (i, w) in words.iter().enumerate() {
        v += BigUint::from(*w) << (32 * i);
    }
    v
}

/// The Square Hash primes p_1..p_5 (computed once: the reference searches for them).
fn sqh_prime(w: usize) -> &'static BigUint {
    static PRIMES: std::sync::OnceLock<Vec<BigUint>> = std::sync::OnceLock::new();
    &PRIMES.get_or_init(|| (1..=5).map(r::sqh_prime).collect())[w - 1]
}

fn check_pw<const W: usize>(d: &[u8]) {
    let limbs: Vec<u32> = (0..=W).map(|i| u64_at(d, i) as u32).collect();
    let other: Vec<u32> = (0..=W).map(|i| (u64_at(d, i) >> 32) as u32).collect();
    let p = sqh_prime(W);
    let a = pw::Elem::<W>::from_limbs_reduced(&limbs);
    let b = pw::Elem::<W>::from_limbs_reduced(&other);
    let va = words_value(&limbs) % p;
    let vb = words_value(&other) % p;
    assert_eq!(words_value(a.limbs()), va);
    assert_eq!(words_value(a.mul(&b).limbs()), (&va * &vb) % p);
    assert_eq!(words_value(a.square().limbs()), (&va * &va) % p);
    assert_eq!(words_value(a.add(&b).limbs()), (&va + &vb) % p);
}

fuzz_target!(|full: &[u8]| {
    tally::input();
    // Operands: the first 48 bytes (zero-filled); then r and a message.
    let mut inp = Input::new(full);
    let head: [u8; 48] = inp.array();
    let rkey: [u8; 16] = inp.array();
    let msg = message(&mut inp, 8 * 1024, 16);
    let data = &head[..];
    let x = u64_at(data, 0);
    let y = u64_at(data, 1);
    let z = u64_at(data, 2);
    let wide = (y as u128) << 64 | x as u128;

    // 2^32 + 15
    let want = r::mod_p32(&BigUint::from(x));
    assert_eq!(BigUint::from(p32::reduce(x)), want);
    // 2^64 + 13, both methods, the module and a Horner step
    let want = r::mod_p64(&BigUint::from(wide));
    assert_eq!(BigUint::from(p64::reduce_complement(wide)), want);
    assert_eq!(BigUint::from(p64::reduce_u128(wide)), want);
    assert_eq!(
        p64::mul_add_mod_2_64(x, y, z),
        uhash_ref::dfc::dfc_module(x, z, y)
    );
    let acc = p64::reduce(wide);
    let step = (BigUint::from(z) * BigUint::from(acc) + BigUint::from(x)) % r::p64();
    assert_eq!(BigUint::from(p64::horner_step(z, acc, x)), step);

    // 2^130 − 5: Poly1305's polynomial over the message
    let m = p130::Multiplier::from_clamped_r(&rkey);
    let whole = p130::horner(&m, p130::Fe130::ZERO, &msg).freeze();
    if against_reference(full, msg.len()) {
        let got = BigUint::from(whole.0) + (BigUint::from(whole.1) << 128);
        let want = uhash_ref::poly1305::poly1305_mod_p(&uhash_ref::poly1305::clamp(&rkey), &msg);
        assert_eq!(got, want, "len {}", msg.len());
    }
    // The same polynomial in two Horner runs split at a block boundary.
    let cut = msg.len() / 2 / 16 * 16;
    let first = p130::horner(&m, p130::Fe130::ZERO, &msg[..cut]);
    let split = p130::horner(&m, first, &msg[cut..]).freeze();
    assert_eq!(split, whole, "len {} cut {cut}", msg.len());

    // Square Hash primes
    check_pw::<1>(data);
    check_pw::<2>(data);
    check_pw::<3>(data);
    check_pw::<4>(data);
    check_pw::<5>(data);
});
