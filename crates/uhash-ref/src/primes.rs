//! Primality testing and the "smallest prime above a power of two" search
//! that fixes the moduli of the families: `p_b` of MMH/NMH with `b`-bit
//! words (MMH paper §3, footnote 4: "2^32 + 15 is the smallest among those
//! primes"), 2^64 + 13 (MMH §3.2, DFC), and the Square Hash primes.
//!
//! Miller–Rabin with fixed bases is a *search* tool here. For the moduli the
//! project depends on (2^32+15, 2^64+13, 2^96+61, 2^128+51, 2^160+7 and
//! 2^130−5) primality and minimality are *proven* by `tests/suite/primes.rs`, which
//! verifies Pocklington certificates and rules out every integer between
//! 2^(32w) and the prime.

use std::collections::BTreeMap;
use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::util::pow2;

/// The primes below 100, used for trial division and (all of them) as
/// Miller–Rabin bases.
const SMALL_PRIMES: [u32; 25] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

/// Miller–Rabin primality test with the 25 fixed bases 2, 3, 5, …, 97 (the
/// primes below 100), after trial division by the same primes.
///
/// Definition: write `n − 1 = d·2^s` with `d` odd; `n` passes for base `a`
/// iff `a^d ≡ 1 (mod n)` or `a^(d·2^j) ≡ −1 (mod n)` for some `0 <= j < s`.
/// Returns `true` iff `n` passes for every base.
///
/// Exactness: a composite passes all of the first 13 prime bases (2…41)
/// only if `n >= ψ_13 = 3 317 044 064 679 887 385 961 981 ≈ 2^81.4`
/// (Sorenson–Webster 2015), so the answer is *exact* for every
/// `n < 3.3·10^24`, in particular for every `n < 2^81`. Above that it
/// is a strong-probable-prime test with fixed bases, which is why the
/// larger moduli are proven separately (see the module docs).
///
/// `0` and `1` are not prime.
pub fn is_probable_prime(n: &BigUint) -> bool {
    let two = BigUint::from(2u32);
    if n < &two {
        return false;
    }
    for &sp in &SMALL_PRIMES {
        let sp = BigUint::from(sp);
        if n == &sp {
            return true;
        }
        if (n % &sp).is_zero() {
            return false;
        }
    }
    // n is odd and > 97 from here on.
    let n_minus_1 = n - 1u32;
    let mut d = n_minus_1.clone();
    let mut s = 0u32;
    while (&d % &two).is_zero() {
        d /= &two;
        s += 1;
    }
    'bases: for &a in &SMALL_PRIMES {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x.is_one() || x == n_minus_1 {
            continue;
        }
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == n_minus_1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The smallest prime strictly greater than `2^bits`.
///
/// Definition: `min { p prime : p > 2^bits }`, found by testing
/// `2^bits + 1, 2^bits + 2, …` in order with [`is_probable_prime`]; the
/// first candidate that passes is returned. Exact for `bits <= 80` (see
/// [`is_probable_prime`]); for `bits = 96, 128, 160` the result is proven
/// prime and minimal in `tests/suite/primes.rs`.
///
/// Examples: `bits = 0 → 2`, `32 → 2^32 + 15` (MMH paper §3, footnote 4),
/// `64 → 2^64 + 13` (MMH §3.2, DFC), `96 → 2^96 + 61`, `128 → 2^128 + 51`,
/// `160 → 2^160 + 7` (Square Hash).
///
/// Cost grows with `bits` (a `bits`-bit number is built and tested); it is
/// meant for the word sizes of the papers, up to a few hundred bits. Each
/// answer is kept for the process (the references ask for the same few
/// primes on every call).
pub fn next_prime_above_pow2(bits: u32) -> BigUint {
    static FOUND: Mutex<BTreeMap<u32, BigUint>> = Mutex::new(BTreeMap::new());
    let known = FOUND.lock().map(|m| m.get(&bits).cloned());
    if let Ok(Some(p)) = known {
        return p;
    }
    let mut n = pow2(bits) + 1u32;
    while !is_probable_prime(&n) {
        n += 1u32;
    }
    if let Ok(mut m) = FOUND.lock() {
        m.insert(bits, n.clone());
    }
    n
}

/// The largest prime strictly below `2^bits` (`bits >= 2`).
///
/// Definition: `max { p prime : p < 2^bits }`, found by testing
/// `2^bits − 1, 2^bits − 2, …` in order with [`is_probable_prime`]. It fixes
/// the "same shape" modulus of the ε lab's reduced-width Poly1305: `2^130 − 5`
/// is the largest prime below `2^130` (`bits = 130 → 2^130 − 5`, checked in
/// `tests/suite/small_width.rs`), so the reduced version uses the largest prime
/// below `2^(b+2)`. Exact for `bits <= 81` (see [`is_probable_prime`]).
///
/// Returns `2` for `bits < 2` (there is no prime below `2^bits` then; the
/// caller is expected to pass `bits >= 2`).
pub fn prev_prime_below_pow2(bits: u32) -> BigUint {
    if bits < 2 {
        return BigUint::from(2u32);
    }
    let mut n = pow2(bits) - 1u32;
    while !is_probable_prime(&n) {
        n -= 1u32;
    }
    n
}
