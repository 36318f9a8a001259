//! Proofs, not tests of probability: the moduli of the project are prime,
//! and the Square Hash / MMH / DFC primes are the *smallest* primes above
//! `2^(32w)`.
//!
//! Primality is proven with Pocklington certificates (H. C. Pocklington,
//! 1914): let `N − 1 = F·R` where the prime factorisation `F = Π q^e` is
//! known and `F² > N`. If for every prime `q | F` there is an `a_q` with
//!
//! * `a_q^(N−1) ≡ 1 (mod N)` and
//! * `gcd(a_q^((N−1)/q) − 1, N) = 1`,
//!
//! then every prime factor `p` of `N` satisfies `p ≡ 1 (mod F)`, so `p > F >
//! √N`, and `N` is prime. Each factor `q` is itself proven prime: by its own
//! certificate when `q > 2^32`, by trial division up to `√q` otherwise. The
//! certificate data below was produced by a throwaway script (Pollard rho for
//! the factorisations, smallest working witnesses); the test checks every
//! claim in it, so the data needs no trust.
//!
//! Minimality: every `n` with `2^(32w) < n < p_w` is shown composite by a
//! factor below 1000 or by a Fermat witness (`a^(n−1) ≢ 1 (mod n)` for some
//! small `a`, which proves `n` composite).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use uhash_ref::primes::{is_probable_prime, next_prime_above_pow2};
use uhash_ref::reduce::{p32, p64, p130, sqh_prime};

/// A Pocklington certificate: `n`, and the prime-power factors `q^e` of
/// `n − 1` with one witness `a` per prime `q`.
struct Cert {
    n: &'static str,
    factors: &'static [(&'static str, u32, u32)],
}

/// Certificates for the six moduli and, recursively, for every factor above
/// `2^32` that appears in them.
const CERTS: &[Cert] = &[
    Cert {
        n: "4294967311",
        factors: &[
            ("2", 1, 3),
            ("3", 2, 2),
            ("5", 1, 2),
            ("131", 1, 2),
            ("364289", 1, 2),
        ],
    },
    Cert {
        n: "11947489969",
        factors: &[("2", 4, 11), ("3", 1, 2), ("929", 1, 2), ("267929", 1, 2)],
    },
    Cert {
        n: "173848897619",
        factors: &[
            ("2", 1, 2),
            ("11", 1, 2),
            ("911", 1, 2),
            ("1291", 1, 2),
            ("6719", 1, 2),
        ],
    },
    Cert {
        n: "5727677802017",
        factors: &[
            ("2", 5, 3),
            ("17", 1, 2),
            ("29", 1, 2),
            ("137", 1, 2),
            ("2650093", 1, 2),
        ],
    },
    Cert {
        n: "119959514223823",
        factors: &[
            ("2", 1, 3),
            ("3", 2, 5),
            ("7", 1, 2),
            ("13", 1, 2),
            ("17", 1, 2),
            ("97", 1, 2),
            ("1217", 1, 2),
            ("36493", 1, 2),
        ],
    },
    Cert {
        n: "658812288346769701",
        factors: &[
            ("2", 2, 2),
            ("3", 2, 5),
            ("5", 2, 2),
            ("11", 1, 2),
            ("13", 1, 2),
            ("31", 1, 2),
            ("41", 1, 2),
            ("61", 1, 2),
            ("151", 1, 2),
            ("331", 1, 2),
            ("1321", 1, 2),
        ],
    },
    Cert {
        n: "4024685905107147541",
        factors: &[
            ("2", 2, 2),
            ("3", 2, 2),
            ("5", 1, 2),
            ("13", 1, 2),
            ("43", 1, 2),
            ("4889", 1, 2),
            ("37003", 1, 2),
            ("221101", 1, 2),
        ],
    },
    Cert {
        n: "18446744073709551629",
        factors: &[("2", 2, 2), ("7", 1, 2), ("658812288346769701", 1, 2)],
    },
    Cert {
        n: "12275703273579557140363",
        factors: &[
            ("2", 1, 2),
            ("3", 1, 3),
            ("11", 1, 2),
            ("569", 1, 2),
            ("27359837", 1, 2),
            ("11947489969", 1, 2),
        ],
    },
    Cert {
        n: "1032208068610458304152691",
        factors: &[
            ("2", 1, 2),
            ("3", 1, 2),
            ("5", 1, 2),
            ("6907", 1, 2),
            ("869717", 1, 2),
            ("5727677802017", 1, 2),
        ],
    },
    Cert {
        n: "842759662099198845512679037",
        factors: &[
            ("2", 2, 2),
            ("3", 1, 2),
            ("11", 1, 2),
            ("19", 1, 2),
            ("23", 1, 2),
            ("59", 1, 2),
            ("2064247", 1, 2),
            ("119959514223823", 1, 2),
        ],
    },
    Cert {
        n: "23597270538777567674355013037",
        factors: &[
            ("2", 2, 2),
            ("7", 1, 2),
            ("842759662099198845512679037", 1, 2),
        ],
    },
    Cert {
        n: "79228162514264337593543950397",
        factors: &[
            ("2", 2, 2),
            ("31", 1, 2),
            ("619", 1, 2),
            ("1032208068610458304152691", 1, 2),
        ],
    },
    Cert {
        n: "897064739519922787230182993783",
        factors: &[
            ("2", 1, 5),
            ("73", 1, 2),
            ("487", 1, 2),
            ("3134801", 1, 2),
            ("4024685905107147541", 1, 2),
        ],
    },
    Cert {
        n: "340282366920938463463374607431768211507",
        factors: &[
            ("2", 1, 2),
            ("3", 5, 2),
            ("17", 1, 2),
            ("89", 1, 2),
            ("6481", 1, 2),
            ("5816689", 1, 2),
            ("12275703273579557140363", 1, 2),
        ],
    },
    Cert {
        n: "1361129467683753853853498429727072845819",
        factors: &[
            ("2", 1, 2),
            ("23", 1, 2),
            ("32985101", 1, 2),
            ("897064739519922787230182993783", 1, 2),
        ],
    },
    Cert {
        n: "1461501637330902918203684832716283019655932542983",
        factors: &[
            ("2", 1, 5),
            ("29", 1, 2),
            ("227", 1, 2),
            ("27059", 1, 2),
            ("173848897619", 1, 2),
            ("23597270538777567674355013037", 1, 2),
        ],
    },
];

fn big(s: &str) -> BigUint {
    s.parse()
        .unwrap_or_else(|e| panic!("bad decimal {s:?}: {e}"))
}

fn pow2(e: u32) -> BigUint {
    BigUint::one() << e
}

/// Primality of `n <= 2^32` by trial division by every `d` with `d² <= n`.
fn prime_by_trial_division(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2u64;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// Proves `n` prime from the certificate table `certs`, or says why not.
/// Returns the number of certificates used.
fn prove_prime_with(certs: &[Cert], n: &BigUint, depth: u32) -> Result<usize, String> {
    if depth >= 20 {
        return Err(format!("certificate chain too deep at {n}"));
    }
    if n <= &pow2(32) {
        let small = u64::try_from(n).map_err(|e| e.to_string())?;
        return if prime_by_trial_division(small) {
            Ok(0)
        } else {
            Err(format!("{n} is not prime (trial division)"))
        };
    }
    let cert = certs
        .iter()
        .find(|c| &big(c.n) == n)
        .ok_or_else(|| format!("no certificate for {n}"))?;
    let n_minus_1 = n - 1u32;
    let mut f = BigUint::one();
    let mut seen: Vec<BigUint> = Vec::new();
    let mut used = 1;
    for &(q, e, a) in cert.factors {
        let q = big(q);
        if e == 0 || seen.contains(&q) {
            return Err(format!("{n}: factor {q} has exponent 0 or is listed twice"));
        }
        seen.push(q.clone());
        f *= q.pow(e);
        if !(&n_minus_1 % &f).is_zero() {
            return Err(format!("{n}: {q}^{e} does not divide n - 1"));
        }
        let a = BigUint::from(a);
        // a^(n-1) ≡ 1 (mod n)
        if !a.modpow(&n_minus_1, n).is_one() {
            return Err(format!("{n}: a^(n-1) != 1 for witness a = {a}"));
        }
        // gcd(a^((n-1)/q) - 1, n) = 1
        let x = a.modpow(&(&n_minus_1 / &q), n);
        let x_minus_1 = (x + &n_minus_1) % n; // x - 1 mod n, without underflow
        if !x_minus_1.gcd(n).is_one() {
            return Err(format!("{n}: gcd(a^((n-1)/{q}) - 1, n) != 1 for a = {a}"));
        }
        used += prove_prime_with(certs, &q, depth + 1)?;
    }
    if &f * &f <= *n {
        return Err(format!("{n}: F = {f} is not > sqrt(n)"));
    }
    Ok(used)
}

/// Proves `n` prime from [`CERTS`] (panics with the reason otherwise).
fn prove_prime(n: &BigUint) -> usize {
    prove_prime_with(CERTS, n, 0).unwrap_or_else(|e| panic!("not proven: {e}"))
}

/// `n > 1000` is proven composite: a factor below 1000, or a Fermat witness
/// `a ∈ {2, 3, 5, 7, 11, 13}` with `a^(n−1) ≢ 1 (mod n)`. (Base 2 alone is
/// not enough: Fermat numbers such as `2^64 + 1` satisfy `2^(n−1) ≡ 1`.)
fn proven_composite(n: &BigUint) -> bool {
    assert!(n > &BigUint::from(1000u32));
    for d in 2u32..1000 {
        if (n % d).is_zero() {
            return true;
        }
    }
    [2u32, 3, 5, 7, 11, 13]
        .iter()
        .any(|&a| !BigUint::from(a).modpow(&(n - 1u32), n).is_one())
}

/// The six moduli, as `(name, value)`; built from their formulas.
fn moduli() -> Vec<(&'static str, BigUint)> {
    vec![
        ("2^32+15", pow2(32) + 15u32),
        ("2^64+13", pow2(64) + 13u32),
        ("2^96+61", pow2(96) + 61u32),
        ("2^128+51", pow2(128) + 51u32),
        ("2^160+7", pow2(160) + 7u32),
        ("2^130-5", pow2(130) - 5u32),
    ]
}

#[test]
fn moduli_are_proven_prime() {
    for (name, p) in moduli() {
        let used = prove_prime(&p);
        assert!(used >= 1, "{name} was not certified");
    }
}

#[test]
fn every_certificate_is_valid() {
    for c in CERTS {
        prove_prime(&big(c.n));
    }
}

#[test]
fn the_checker_rejects_bad_certificates() {
    // A composite with a well-formed certificate shape: 2^32 + 17 = 3·7·13·15732481,
    // n − 1 = 2^4 · 17 · 15790321. The Fermat condition must fail.
    let composite = [Cert {
        n: "4294967313",
        factors: &[("2", 4, 3), ("17", 1, 3), ("15790321", 1, 3)],
    }];
    let n = big("4294967313");
    assert!(prove_prime_with(&composite, &n, 0).is_err());

    // The right number with a bad witness: 2^32 + 15 ≡ 7 (mod 8), so 2 is a
    // square mod p and a = 2 fails gcd(2^((p−1)/2) − 1, p) = 1 for q = 2.
    let bad_witness = [Cert {
        n: "4294967311",
        factors: &[
            ("2", 1, 2),
            ("3", 2, 2),
            ("5", 1, 2),
            ("131", 1, 2),
            ("364289", 1, 2),
        ],
    }];
    let p = pow2(32) + 15u32;
    let err = prove_prime_with(&bad_witness, &p, 0).unwrap_err();
    assert!(err.contains("gcd"), "{err}");

    // Too little of n − 1 factored: F = 2·3^2·5·131 < sqrt(p).
    let too_small = [Cert {
        n: "4294967311",
        factors: &[("2", 1, 3), ("3", 2, 2), ("5", 1, 2), ("131", 1, 2)],
    }];
    let err = prove_prime_with(&too_small, &p, 0).unwrap_err();
    assert!(err.contains("sqrt"), "{err}");

    // A "prime" factor that is not prime: 364289 replaced by 364288 · 1 is
    // caught either by divisibility or by trial division.
    let bad_factor = [Cert {
        n: "4294967311",
        factors: &[
            ("2", 1, 3),
            ("3", 2, 2),
            ("5", 1, 2),
            ("131", 1, 2),
            ("364288", 1, 2),
        ],
    }];
    assert!(prove_prime_with(&bad_factor, &p, 0).is_err());

    // And the real certificate passes.
    assert_eq!(prove_prime_with(CERTS, &p, 0), Ok(1));
}

#[test]
fn square_hash_primes_are_the_smallest_above_2_32w() {
    let expected = [(1u32, 15u32), (2, 13), (3, 61), (4, 51), (5, 7)];
    for (w, offset) in expected {
        let base = pow2(32 * w);
        let p = &base + offset;
        prove_prime(&p);
        let mut n = &base + 1u32;
        while n < p {
            assert!(
                proven_composite(&n),
                "{n} = 2^{}+{} not shown composite",
                32 * w,
                &n - &base
            );
            n += 1u32;
        }
        assert_eq!(
            next_prime_above_pow2(32 * w),
            p,
            "next_prime_above_pow2({})",
            32 * w
        );
        assert_eq!(sqh_prime(w), p, "sqh_prime({w})");
    }
    assert_eq!(p32(), pow2(32) + 15u32);
    assert_eq!(p64(), pow2(64) + 13u32);
    assert_eq!(p130(), pow2(130) - 5u32);
    assert_eq!(sqh_prime(1), p32());
    assert_eq!(sqh_prime(2), p64());
}

/// `next_prime_above_pow2(b) − 2^b` for `b = 0..=64`, computed independently
/// (sympy.nextprime); OEIS A013597 lists the same offsets.
const OFFSETS: [u32; 65] = [
    1, 1, 1, 3, 1, 5, 3, 3, 1, 9, 7, 5, 3, 17, 27, 3, 1, 29, 3, 21, 7, 17, 15, 9, 43, 35, 15, 29,
    3, 11, 3, 11, 15, 17, 25, 53, 31, 9, 7, 23, 15, 27, 15, 29, 7, 59, 15, 5, 21, 69, 55, 21, 21,
    5, 159, 3, 81, 9, 69, 131, 33, 15, 135, 29, 13,
];

#[test]
fn next_prime_above_small_powers_of_two() {
    for (b, &off) in OFFSETS.iter().enumerate() {
        let b = b as u32;
        let p = next_prime_above_pow2(b);
        assert_eq!(p, pow2(b) + off, "b = {b}");
        // Minimality, proven: everything in between is composite.
        let mut n = pow2(b) + 1u32;
        while n < p {
            let composite = match u64::try_from(&n) {
                Ok(small) if small < 1 << 32 => !prime_by_trial_division(small),
                _ => proven_composite(&n),
            };
            assert!(composite, "b = {b}: {n} not shown composite");
            n += 1u32;
        }
        // Primality, proven by trial division where that is cheap.
        if b < 32 {
            assert!(
                prime_by_trial_division(u64::try_from(&p).unwrap()),
                "b = {b}"
            );
        }
    }
}

#[test]
fn miller_rabin_agrees_with_trial_division_below_100000() {
    for n in 0u64..100_000 {
        assert_eq!(
            is_probable_prime(&BigUint::from(n)),
            prime_by_trial_division(n),
            "n = {n}"
        );
    }
}

#[test]
fn miller_rabin_rejects_strong_pseudoprimes() {
    // Composites that are strong probable primes to many small bases; each
    // needs a base that a too-short base list would miss.
    for (n, why) in [
        ("3215031751", "spsp(2,3,5,7) = 151·751·28351"),
        ("2152302898747", "spsp(2..11) = 6763·10627·29947"),
        ("3825123056546413051", "spsp(2..31)"),
        ("318665857834031151167461", "spsp(2..37)"),
        ("3317044064679887385961981", "psi_13: spsp(2..41)"),
        ("561", "Carmichael"),
        ("41041", "Carmichael"),
    ] {
        assert!(!is_probable_prime(&big(n)), "{n} ({why}) must be composite");
    }
    for p in moduli() {
        assert!(is_probable_prime(&p.1), "{}", p.0);
    }
    assert!(!is_probable_prime(&BigUint::zero()));
    assert!(!is_probable_prime(&BigUint::one()));
    assert!(is_probable_prime(&BigUint::from(2u32)));
    assert!(is_probable_prime(&BigUint::from(97u32)));
    assert!(!is_probable_prime(&(pow2(130) - 1u32)));
}
