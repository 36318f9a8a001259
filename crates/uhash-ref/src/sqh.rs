//! Square Hash — Etzel, Patel, Ramzan, *Square Hash: Fast Message
//! Authentication via Optimized Universal Hash Functions*, CRYPTO 1999,
//! exactly as `docs/sqh-spec.md` pins it down.
//!
//! | function | paper |
//! |---|---|
//! | [`sqh`] | Def. 4, SQH: `(m + x)² mod p` |
//! | [`sqhu`] | Def. 5, SQHU: `((m + x)² + b) mod p` |
//! | [`sqh_star`] | Def. 7, SQH\*: `Σ (m_i + x_i)² mod p` |
//! | [`sqh_asm`] | Def. 9, SQHasm: `(Σ (m_i + x_i)² mod p) mod 2^L` |
//! | [`sqh_asm2`] | Def. 10, SQHasm2: `(Σ ((m_i + x_i) mod 2^L)² mod p) mod 2^L` |
//! | [`sqh_asm2_mod_p`] | Def. 10's formula, Thm. 7's function: `Σ ((m_i + x_i) mod 2^L)² mod p` |
//! | [`sqh_c`] | Def. 11, SQHc: `C(Σ (m_i + x_i)²) mod p`, 2w+1-word accumulator |
//! | [`sqh_c2`] | Def. 12, SQHc2: `C(Σ C2((m_i + x_i)²)) mod p`, 2w+1 words |
//! | [`sqh_e`] | Def. 13, SQHE: `(C(Σ C2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L`, 2w words |
//! | [`sqh2`] | §6's SQH2 as `docs/sqh-spec.md` defines it: `(D(Σ D2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L`, w double words |
//! | [`toeplitz`] | §4.1: n outputs under key windows shifted by one element |
//!
//! Conventions: `w` (1..=5) is the number of 32-bit words of an element,
//! `L = 32·w`, `p = sqh_prime(w)` (the smallest prime above `2^L`). Key and
//! message elements are `BigUint`s that must be `< 2^L`; `m_1` is `msg[0]`,
//! `x_1` is `key[0]`; the key may be longer than `k = msg.len()` and is used
//! by its prefix. Checks happen in the order: `w`, message (non-empty,
//! elements), key length, key elements.
//!
//! Written plainly and independently of the `sqh` crate: every sum is built
//! as a big integer, and the carry-dropping operators `C` and `C2` are
//! written from their definitions (columns of 32-bit halves, each column
//! taken mod `2^32`).

use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::RefError;
use crate::reduce::sqh_prime;
use crate::util::{check_nonempty, check_outputs, key_prefix, pow2};

/// `p_w` for `w` in 1..=5, computed once by [`sqh_prime`].
fn prime(w: u32) -> BigUint {
    static PRIMES: OnceLock<Vec<BigUint>> = OnceLock::new();
    PRIMES.get_or_init(|| (1..=5).map(sqh_prime).collect())[w as usize - 1].clone()
}

fn check_w(w: u32) -> Result<(), RefError> {
    if (1..=5).contains(&w) {
        Ok(())
    } else {
        Err(RefError::InvalidParameter(format!(
            "w = {w} is outside 1..=5"
        )))
    }
}

fn check_elems(
    v: &[BigUint],
    w: u32,
    what: &str,
    err: fn(String) -> RefError,
) -> Result<(), RefError> {
    let bound = pow2(32 * w);
    match v.iter().position(|e| *e >= bound) {
        None => Ok(()),
        Some(i) => Err(err(format!(
            "{what}_{} = {:#x} is not < 2^{}",
            i + 1,
            v[i],
            32 * w
        ))),
    }
}

/// Validates `w`, the message and the key prefix; returns the key prefix.
fn check_vec<'a>(w: u32, key: &'a [BigUint], msg: &[BigUint]) -> Result<&'a [BigUint], RefError> {
    check_w(w)?;
    check_nonempty(msg.len())?;
    check_elems(msg, w, "m", RefError::InvalidMessage)?;
    let x = key_prefix(key, msg.len())?;
    check_elems(x, w, "x", RefError::InvalidKey)?;
    Ok(x)
}

/// Word `t` (32 bits) of `a`.
fn word(a: &BigUint, t: u32) -> BigUint {
    (a >> (32 * t)) % pow2(32)
}

/// The 32-bit limbs of `a`, exactly `n` of them (higher limbs ignored).
fn limbs(a: &BigUint, n: u32) -> Vec<BigUint> {
    (0..n).map(|t| word(a, t)).collect()
}

/// `C2(a²)` for `a` taken as `n` limbs, kept to `cols` columns: every half
/// of every ordered word product `a_i·a_j` goes into the column of its weight
/// (lo into `i + j`, hi into `i + j + 1`), and each column is reduced mod
/// `2^32` (carries between columns dropped).
pub fn c2_square(a: &BigUint, n: u32, cols: u32) -> BigUint {
    let l = limbs(a, n);
    let mut col = vec![BigUint::zero(); (2 * n + 1) as usize];
    for i in 0..n as usize {
        for j in 0..n as usize {
            let z = &l[i] * &l[j];
            col[i + j] += &z % pow2(32);
            col[i + j + 1] += &z >> 32u32;
        }
    }
    (0..cols as usize)
        .map(|t| (col.get(t).cloned().unwrap_or_default() % pow2(32)) << (32 * t))
        .sum()
}

/// `C(Σ A_i)` over `nw` words: every word column of the summands is added
/// mod `2^32`, no carry into the next word and none out of the top one.
pub fn c_sum(terms: &[BigUint], nw: u32) -> BigUint {
    (0..nw)
        .map(|t| {
            let column: BigUint = terms.iter().map(|a| word(a, t)).sum();
            (column % pow2(32)) << (32 * t)
        })
        .sum()
}

/// `D2(a²)` for `a` taken as `n` limbs: the column square of [`c2_square`]
/// on a grid of **64-bit** columns. Every ordered word product
/// `z = a_i·a_j` (weight `2^(32(i+j))`) goes whole into double-word column
/// `q = (i+j)/2` when `i + j` is even; when `i + j = 2q + 1` is odd it
/// straddles two columns, and `lo(z)·2^32` goes into column `q`, `hi(z)` into
/// column `q + 1`. Each of the `n` columns is reduced mod `2^64` (carries
/// between double words dropped; the carries inside one are kept).
pub fn d2_square(a: &BigUint, n: u32) -> BigUint {
    let l = limbs(a, n);
    let mut col = vec![BigUint::zero(); n as usize + 1];
    for i in 0..n as usize {
        for j in 0..n as usize {
            let z = &l[i] * &l[j];
            let q = (i + j) / 2;
            if (i + j) % 2 == 0 {
                col[q] += z;
            } else {
                col[q] += (&z % pow2(32)) << 32u32;
                col[q + 1] += &z >> 32u32;
            }
        }
    }
    (0..n as usize)
        .map(|q| (&col[q] % pow2(64)) << (64 * q))
        .sum()
}

/// `D(Σ A_i)` over `n` double words: every 64-bit column of the summands is
/// added mod `2^64`, no carry into the next double word and none out of the
/// top one ([`c_sum`] with 64-bit words).
pub fn d_sum(terms: &[BigUint], n: u32) -> BigUint {
    (0..n)
        .map(|q| {
            let column: BigUint = terms.iter().map(|a| (a >> (64 * q)) % pow2(64)).sum();
            (column % pow2(64)) << (64 * q)
        })
        .sum()
}

/// SQH (**Def. 4**): `h_x(m) = (m + x)² mod p`, `m, x < 2^L`.
pub fn sqh(w: u32, x: &BigUint, m: &BigUint) -> Result<BigUint, RefError> {
    sqh_star(w, std::slice::from_ref(x), std::slice::from_ref(m))
}

/// SQHU (**Def. 5**): `h_{x,b}(m) = ((m + x)² + b) mod p`, `m, x < 2^L`,
/// `b < p` (`InvalidKey` otherwise).
pub fn sqhu(w: u32, x: &BigUint, b: &BigUint, m: &BigUint) -> Result<BigUint, RefError> {
    let h = sqh(w, x, m)?;
    let p = prime(w);
    if *b >= p {
        return Err(RefError::InvalidKey(format!("b = {b:#x} is not < p")));
    }
    Ok((h + b) % p)
}

/// SQH\* (**Def. 7**): `g_x(m) = Σ (m_i + x_i)² mod p`.
pub fn sqh_star(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let sum: BigUint = msg
        .iter()
        .zip(x)
        .map(|(m, x)| {
            let s = m + x;
            &s * &s
        })
        .sum();
    Ok(sum % prime(w))
}

/// SQHasm (**Def. 9**): `(Σ (m_i + x_i)² mod p) mod 2^L`.
pub fn sqh_asm(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    Ok(sqh_star(w, key, msg)? % pow2(32 * w))
}

/// SQHasm2 (**Def. 10**, with the stated range {0,1}^L):
/// `(Σ ((m_i + x_i) mod 2^L)² mod p) mod 2^L`, i.e. [`sqh_asm2_mod_p`]
/// reduced mod `2^L`.
pub fn sqh_asm2(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    Ok(sqh_asm2_mod_p(w, key, msg)? % pow2(32 * w))
}

/// SQHasm2 as Def. 10's formula ends and Thm. 7 states it (also the
/// digest paper's footnote 5): the value mod `p`,
/// `Σ ((m_i + x_i) mod 2^L)² mod p`, in `Z_p` (no final `mod 2^L`).
pub fn sqh_asm2_mod_p(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let two_l = pow2(32 * w);
    let sum: BigUint = msg
        .iter()
        .zip(x)
        .map(|(m, x)| {
            let s = (m + x) % &two_l;
            &s * &s
        })
        .sum();
    Ok(sum % prime(w))
}

/// SQH2 (the ARM7 comparison's "SQH1 with some carries dropped in the
/// squaring", §6, as `docs/sqh-spec.md` defines it):
/// `(D_w(Σ D2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L` — truncated sums,
/// their squares on `w` double-word (64-bit) columns ([`d2_square`]), the
/// outer sum over the same columns ([`d_sum`]).
pub fn sqh2(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let two_l = pow2(32 * w);
    let terms: Vec<BigUint> = msg
        .iter()
        .zip(x)
        .map(|(m, x)| d2_square(&((m + x) % &two_l), w))
        .collect();
    Ok((d_sum(&terms, w) % prime(w)) % two_l)
}

/// SQHc (**Def. 11**): `C_{2w+1}(Σ (m_i + x_i)²) mod p`: exact sums, exact
/// squares, the outer sum drops the carries between (and out of) its 2w+1
/// words.
pub fn sqh_c(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let terms: Vec<BigUint> = msg
        .iter()
        .zip(x)
        .map(|(m, x)| {
            let s = m + x;
            &s * &s
        })
        .collect();
    Ok(c_sum(&terms, 2 * w + 1) % prime(w))
}

/// SQHc2 (**Def. 12**): `C_{2w+1}(Σ C2((m_i + x_i)²)) mod p`: exact sums
/// (w + 1 limbs), their column squares over 2w+1 columns, the outer
/// carry-dropping sum over 2w+1 words.
pub fn sqh_c2(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let terms: Vec<BigUint> = msg
        .iter()
        .zip(x)
        .map(|(m, x)| c2_square(&(m + x), w + 1, 2 * w + 1))
        .collect();
    Ok(c_sum(&terms, 2 * w + 1) % prime(w))
}

/// SQHE (**Def. 13**): `(C_{2w}(Σ C2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L`.
pub fn sqh_e(w: u32, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(w, key, msg)?;
    let two_l = pow2(32 * w);
    let terms: Vec<BigUint> = msg
        .iter()
        .zip(x)
        .map(|(m, x)| c2_square(&((m + x) % &two_l), w, 2 * w))
        .collect();
    Ok((c_sum(&terms, 2 * w) % prime(w)) % two_l)
}

/// A vector function of this module (`sqh_star` … `sqh_e`, `sqh_asm2_mod_p`,
/// `sqh2`).
pub type VecFn = fn(u32, &[BigUint], &[BigUint]) -> Result<BigUint, RefError>;

/// The Toeplitz construction (§4.1): `n ≥ 1` outputs, output `r` is `f`
/// under the key window `⟨x_{1+r}, …, x_{k+r}⟩`; the key needs `k + n − 1`
/// elements.
pub fn toeplitz(
    f: VecFn,
    w: u32,
    key: &[BigUint],
    msg: &[BigUint],
    n: usize,
) -> Result<Vec<BigUint>, RefError> {
    check_outputs(n)?;
    check_w(w)?;
    check_nonempty(msg.len())?;
    let needed = msg
        .len()
        .checked_add(n - 1)
        .ok_or_else(|| RefError::InvalidParameter("key length overflows".into()))?;
    let key = key_prefix(key, needed)?;
    (0..n).map(|r| f(w, &key[r..], msg)).collect()
}

/// Elements of `4w` little-endian bytes (a trailing partial element is
/// ignored).
pub fn elements_le(bytes: &[u8], w: u32) -> Vec<BigUint> {
    bytes
        .chunks_exact(4 * w as usize)
        .map(BigUint::from_bytes_le)
        .collect()
}

/// `v` as exactly `len` little-endian bytes (`v` must fit).
pub fn to_le(v: &BigUint, len: usize) -> Vec<u8> {
    let mut b = v.to_bytes_le();
    b.resize(len, 0);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: u128) -> BigUint {
        BigUint::from(v)
    }

    #[test]
    fn hand_w1() {
        let p = (1u128 << 32) + 15;
        // (3 + 4)² = 49.
        assert_eq!(sqh(1, &b(4), &b(3)).unwrap(), b(49));
        // (2^32 − 1 + 2^32 − 1)² mod p: 2^33 − 2 ≡ −32 → 1024.
        let ones = b(0xffff_ffff);
        assert_eq!(sqh(1, &ones, &ones).unwrap(), b(1024));
        assert_eq!(sqhu(1, &ones, &b(p - 1), &ones).unwrap(), b(1023));
        assert!(sqhu(1, &ones, &b(p), &ones).is_err());
        // asm2: (2^33 − 2) mod 2^32 = 2^32 − 2; its square mod p:
        // (−17)² = 289.
        assert_eq!(
            sqh_asm2(1, std::slice::from_ref(&ones), std::slice::from_ref(&ones)).unwrap(),
            b(289)
        );
        // SQHE w = 1: s = 2^32 − 2, s² = 2^64 − 2^34 + 4: words lo = 4, hi =
        // 2^32 − 4; no column has two halves, so C2 = s², and mod p = 289.
        assert_eq!(
            sqh_e(1, std::slice::from_ref(&ones), std::slice::from_ref(&ones)).unwrap(),
            b(289)
        );
        // Two equal terms: C drops the carries: 2·4 = 8 and 2·(2^32 − 4)
        // mod 2^32 = 2^32 − 8: value 2^32·(2^32 − 8) + 8 ≡ (−15)(−23) + 8 = 353.
        let two = [ones.clone(), ones.clone()];
        assert_eq!(sqh_e(1, &two, &two).unwrap(), b(353));
        // The exact sum would be 2·289 = 578.
        assert_eq!(sqh_asm2(1, &two, &two).unwrap(), b(578));
    }

    #[test]
    fn hand_c_and_c2_w1() {
        // s = 2^32 + 1 (exact sum of 2^32 − 1 and 2): s² = 2^64 + 2^33 + 1,
        // words [1, 2, 1]; C2 over limbs [1, 1]: col0 = 1, col1 = 1 + 1 = 2,
        // col2 = 1: the same, no carries.
        let x = [b(0xffff_ffff)];
        let m = [b(2)];
        let s2 = b((1u128 << 64) + (1 << 33) + 1);
        let p = b((1u128 << 32) + 15);
        assert_eq!(sqh_c(1, &x, &m).unwrap(), &s2 % &p);
        assert_eq!(sqh_c2(1, &x, &m).unwrap(), &s2 % &p);
        // Two such terms: C keeps words [2, 4, 2] = 2·s², no carry.
        let x2 = [b(0xffff_ffff), b(0xffff_ffff)];
        let m2 = [b(2), b(2)];
        assert_eq!(sqh_c(1, &x2, &m2).unwrap(), (b(2) * &s2) % &p);
        // C2 with a dropped column carry: s = 2^32 − 1 + 2^32 − 1 = 2^33 − 2,
        // limbs [2^32 − 2, 1]: col1 = hi((2^32−2)²) + 2·(2^32 − 2)
        // = (2^32 − 4) + 2^33 − 4 = 3·2^32 − 8 → mod 2^32: 2^32 − 8 (two
        // carries dropped), col0 = lo = 4, col2 = 1.
        let ones = [b(0xffff_ffff)];
        let c2 = b((1u128 << 64) + ((0xffff_fff8u128) << 32) + 4);
        assert_eq!(sqh_c2(1, &ones, &ones).unwrap(), &c2 % &p);
        // The exact square for SQHc: (2^33 − 2)² = 2^66 − 2^35 + 4.
        let sq = b((1u128 << 66) - (1 << 35) + 4);
        assert_eq!(sqh_c(1, &ones, &ones).unwrap(), &sq % &p);
    }

    #[test]
    fn hand_asm2_mod_p_and_sqh2_w1() {
        let ones = b(0xffff_ffff);
        let two = [ones.clone(), ones.clone()];
        // Mod p: 2·289 = 578, below 2^32 as well.
        assert_eq!(sqh_asm2_mod_p(1, &two, &two).unwrap(), b(578));
        // w = 1 with a value ≥ 2^32: 2^32 − 2 + 1 = 2^32 − 1 and 0 + 15:
        // (2^32 − 1)² + 15² ≡ (−16)² + 225 = 481 (mod p); and
        // s = 2^32 − 1 alone is −16, 256.
        assert_eq!(
            sqh_asm2_mod_p(1, &[b(0xffff_fffe), b(0)], &[b(1), b(15)]).unwrap(),
            b(481)
        );
        // SQH2 at w = 1: one double word and s² < 2^64, so one term is
        // s² mod p = 289; two terms: 2·s² = 2^65 − 2^35 + 8 wraps once mod
        // 2^64 to 2^64 − 2^35 + 8 ≡ 225 + 8·15 + 8 = 353 (mod p), as SQHE's
        // two dropped carries give (the exact sum: 578).
        assert_eq!(
            sqh2(1, std::slice::from_ref(&ones), std::slice::from_ref(&ones)).unwrap(),
            b(289)
        );
        assert_eq!(sqh2(1, &two, &two).unwrap(), b(353));
    }

    #[test]
    fn d2_square_by_hand() {
        // a = 2^64 − 1 as two limbs (w = 2): products z00 = z01 = z10 = z11
        // = (2^32 − 1)² = 2^64 − 2^33 + 1 (lo 1, hi 2^32 − 2). Column 0:
        // z00 + 2·lo·2^32 = 2^64 − 2^33 + 1 + 2^33 = 2^64 + 1 → 1 (mod 2^64);
        // column 1: 2·hi + z11 = 2^33 − 4 + 2^64 − 2^33 + 1 → 2^64 − 3.
        let a = b((1u128 << 64) - 1);
        let want = b(1) + (b((1u128 << 64) - 3) << 64u32);
        assert_eq!(d2_square(&a, 2), want);
        // Without overflowing columns D2(a²) = a².
        let small = b(0x0001_0002_0003);
        assert_eq!(d2_square(&small, 2), &small * &small);
        // d_sum drops the carry out of a double word: (2^64 − 1) + 1 → 0.
        assert_eq!(d_sum(&[b((1u128 << 64) - 1), b(1)], 1), b(0));
        assert_eq!(d_sum(&[b((1u128 << 64) - 1), b(1)], 2), b(0));
        assert_eq!(d_sum(&[b(1u128 << 64), b(1u128 << 64)], 2), b(2u128 << 64));
    }

    #[test]
    fn c2_equals_square_without_carries() {
        // Small limbs: no column overflows, so C2(a²) = a².
        let a = b(0x0001_0002_0003);
        assert_eq!(c2_square(&a, 2, 4), &a * &a);
    }

    #[test]
    fn errors() {
        assert!(sqh(0, &b(1), &b(1)).is_err());
        assert!(sqh(6, &b(1), &b(1)).is_err());
        assert!(sqh(1, &b(1 << 32), &b(1)).is_err());
        assert!(sqh_star(2, &[b(1)], &[]).is_err());
        assert!(matches!(
            sqh_e(2, &[b(1)], &[b(1), b(2)]),
            Err(RefError::KeyTooShort { needed: 2, got: 1 })
        ));
        assert!(toeplitz(sqh_asm2, 1, &[b(1), b(2)], &[b(1), b(2)], 2).is_err());
        let t = toeplitz(sqh_asm2, 1, &[b(1), b(2), b(3)], &[b(1), b(2)], 2).unwrap();
        assert_eq!(t, vec![b(4 + 16), b(9 + 25)]);
    }
}
