//! Square Hash with `l`-bit machine words — the definitions of [`crate::sqh`]
//! (Etzel, Patel, Ramzan, *Square Hash*, CRYPTO 1999, as `docs/sqh-spec.md`
//! pins them down) with the word size `l` as a parameter instead of 32.
//!
//! The paper states every carry-dropping definition for "the word size `l`
//! of the architecture" (Thms. 8–10); [`crate::sqh`] fixes `l = 32`. This
//! module exists so that the ε lab (`uhash epsilon sqh`) can run the same
//! definitions at a reduced word size, where every key can be enumerated.
//! With `l = 32` every function here equals its [`crate::sqh`] namesake
//! (`tests/suite/small_width.rs`).
//!
//! Conventions: an element has `w` words of `l` bits, `L = l·w`,
//! `p = next_prime_above_pow2(L)` (the smallest prime above `2^L`, as
//! [`crate::reduce::sqh_prime`] for `l = 32`). Elements are `BigUint`s
//! `< 2^L`; `m_1` is `msg[0]`, `x_1` is `key[0]`; the key may be longer than
//! the message and is used by its prefix. `l` must be in `2..=32` (the
//! accumulator of SQHc needs `l >= 2` to hold an exact square of an `L + 1`
//! bit sum in `2w + 1` words) and `w` in `1..=5`.
//!
//! `C` and `C2` are the carry-dropping operators of `docs/sqh-spec.md` §2,
//! with columns of `l`-bit words: every column is summed exactly and then
//! taken mod `2^l`.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::RefError;
use crate::primes::next_prime_above_pow2;
use crate::util::{check_nonempty, key_prefix, pow2};

/// The parameters `(l, w)`: `l`-bit words, `w` words per element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// Bits per machine word, `2..=32` (the paper's `l`; 32 in [`crate::sqh`]).
    pub l: u32,
    /// Words per element, `1..=5`.
    pub w: u32,
}

impl Words {
    /// `L = l·w`, the element width.
    pub fn bits(self) -> u32 {
        self.l * self.w
    }

    /// `p`: the smallest prime above `2^L`.
    pub fn prime(self) -> BigUint {
        next_prime_above_pow2(self.bits())
    }

    fn check(self) -> Result<(), RefError> {
        if !(2..=32).contains(&self.l) || !(1..=5).contains(&self.w) {
            return Err(RefError::InvalidParameter(format!(
                "(l, w) = ({}, {}) is outside l in 2..=32, w in 1..=5",
                self.l, self.w
            )));
        }
        Ok(())
    }

    /// Word `t` (`l` bits) of `a`.
    fn word(self, a: &BigUint, t: u32) -> BigUint {
        (a >> (self.l * t)) % pow2(self.l)
    }
}

/// Validates the parameters, the message and the key prefix; returns the
/// key prefix.
fn check_vec<'a>(
    ws: Words,
    key: &'a [BigUint],
    msg: &[BigUint],
) -> Result<&'a [BigUint], RefError> {
    ws.check()?;
    check_nonempty(msg.len())?;
    let bound = pow2(ws.bits());
    if let Some(i) = msg.iter().position(|e| *e >= bound) {
        return Err(RefError::InvalidMessage(format!(
            "m_{} = {:#x} is not < 2^{}",
            i + 1,
            msg[i],
            ws.bits()
        )));
    }
    let x = key_prefix(key, msg.len())?;
    if let Some(i) = x.iter().position(|e| *e >= bound) {
        return Err(RefError::InvalidKey(format!(
            "x_{} = {:#x} is not < 2^{}",
            i + 1,
            x[i],
            ws.bits()
        )));
    }
    Ok(x)
}

/// `C2(a²)` for `a` taken as `n` limbs of `l` bits, kept to `cols` columns:
/// every half (`l` bits) of every ordered limb product `a_i·a_j` goes into
/// the column of its weight (lo into `i + j`, hi into `i + j + 1`), and each
/// column is reduced mod `2^l` (carries between columns dropped).
pub fn c2_square(ws: Words, a: &BigUint, n: u32, cols: u32) -> BigUint {
    let l = ws.l;
    let limbs: Vec<BigUint> = (0..n).map(|t| ws.word(a, t)).collect();
    let mut col = vec![BigUint::zero(); (2 * n + 1) as usize];
    for i in 0..n as usize {
        for j in 0..n as usize {
            let z = &limbs[i] * &limbs[j];
            col[i + j] += &z % pow2(l);
            col[i + j + 1] += &z >> l;
        }
    }
    (0..cols as usize)
        .map(|t| (col.get(t).cloned().unwrap_or_default() % pow2(l)) << (l * t as u32))
        .sum()
}

/// `C(Σ A_i)` over `nw` words of `l` bits: every word column of the summands
/// is added mod `2^l`, no carry into the next word and none out of the top.
pub fn c_sum(ws: Words, terms: &[BigUint], nw: u32) -> BigUint {
    (0..nw)
        .map(|t| {
            let column: BigUint = terms.iter().map(|a| ws.word(a, t)).sum();
            (column % pow2(ws.l)) << (ws.l * t)
        })
        .sum()
}

/// `D2(a²)` for `a` taken as `n` limbs of `l` bits, on `n` double-word
/// (`2l`-bit) columns ([`crate::sqh::d2_square`] with `l`-bit words): an
/// ordered limb product at an even position `i + j = 2q` goes whole into
/// column `q`, at an odd one `2q + 1` its low half (times `2^l`) into
/// column `q` and its high half into column `q + 1`; each column mod
/// `2^(2l)`.
pub fn d2_square(ws: Words, a: &BigUint, n: u32) -> BigUint {
    let l = ws.l;
    let limbs: Vec<BigUint> = (0..n).map(|t| ws.word(a, t)).collect();
    let mut col = vec![BigUint::zero(); n as usize + 1];
    for i in 0..n as usize {
        for j in 0..n as usize {
            let z = &limbs[i] * &limbs[j];
            let q = (i + j) / 2;
            if (i + j) % 2 == 0 {
                col[q] += z;
            } else {
                col[q] += (&z % pow2(l)) << l;
                col[q + 1] += &z >> l;
            }
        }
    }
    (0..n as usize)
        .map(|q| (&col[q] % pow2(2 * l)) << (2 * l * q as u32))
        .sum()
}

/// `D(Σ A_i)` over `n` double words of `2l` bits: every column added mod
/// `2^(2l)`, no carry into the next and none out of the top.
pub fn d_sum(ws: Words, terms: &[BigUint], n: u32) -> BigUint {
    let d = 2 * ws.l;
    (0..n)
        .map(|q| {
            let column: BigUint = terms.iter().map(|a| (a >> (d * q)) % pow2(d)).sum();
            (column % pow2(d)) << (d * q)
        })
        .sum()
}

/// Exact element sums `m_i + x_i`, or truncated ones `(m_i + x_i) mod 2^L`.
fn sums(ws: Words, x: &[BigUint], msg: &[BigUint], truncate: bool) -> Vec<BigUint> {
    msg.iter()
        .zip(x)
        .map(|(m, x)| {
            let s = m + x;
            if truncate { s % pow2(ws.bits()) } else { s }
        })
        .collect()
}

/// SQH (**Def. 4**) with one element: `(m + x)² mod p`.
pub fn sqh(ws: Words, x: &BigUint, m: &BigUint) -> Result<BigUint, RefError> {
    sqh_star(ws, std::slice::from_ref(x), std::slice::from_ref(m))
}

/// SQH\* (**Def. 7**): `Σ (m_i + x_i)² mod p`.
pub fn sqh_star(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let sum: BigUint = sums(ws, x, msg, false).iter().map(|s| s * s).sum();
    Ok(sum % ws.prime())
}

/// SQHasm (**Def. 9**): `(Σ (m_i + x_i)² mod p) mod 2^L`.
pub fn sqh_asm(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    Ok(sqh_star(ws, key, msg)? % pow2(ws.bits()))
}

/// SQHasm2 as Def. 10's formula ends (Thm. 7's statement): the value mod
/// `p`, `Σ ((m_i + x_i) mod 2^L)² mod p`, before the final `mod 2^L` of
/// [`sqh_asm2`].
pub fn sqh_asm2_mod_p(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let sum: BigUint = sums(ws, x, msg, true).iter().map(|s| s * s).sum();
    Ok(sum % ws.prime())
}

/// SQHasm2 (**Def. 10**, the stated range `{0,1}^L`):
/// `(Σ ((m_i + x_i) mod 2^L)² mod p) mod 2^L`.
pub fn sqh_asm2(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    Ok(sqh_asm2_mod_p(ws, key, msg)? % pow2(ws.bits()))
}

/// SQHc (**Def. 11**): `C_{2w+1}(Σ (m_i + x_i)²) mod p` — exact sums and
/// squares, the outer sum drops the carries between (and out of) its
/// `2w + 1` words.
pub fn sqh_c(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let terms: Vec<BigUint> = sums(ws, x, msg, false).iter().map(|s| s * s).collect();
    Ok(c_sum(ws, &terms, 2 * ws.w + 1) % ws.prime())
}

/// SQHc2 (**Def. 12**): `C_{2w+1}(Σ C2((m_i + x_i)²)) mod p` — exact sums
/// (`w + 1` limbs), their column squares over `2w + 1` columns, the outer
/// carry-dropping sum over `2w + 1` words.
pub fn sqh_c2(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let terms: Vec<BigUint> = sums(ws, x, msg, false)
        .iter()
        .map(|s| c2_square(ws, s, ws.w + 1, 2 * ws.w + 1))
        .collect();
    Ok(c_sum(ws, &terms, 2 * ws.w + 1) % ws.prime())
}

/// SQHE (**Def. 13**): `(C_{2w}(Σ C2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L`.
pub fn sqh_e(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let terms: Vec<BigUint> = sums(ws, x, msg, true)
        .iter()
        .map(|s| c2_square(ws, s, ws.w, 2 * ws.w))
        .collect();
    Ok((c_sum(ws, &terms, 2 * ws.w) % ws.prime()) % pow2(ws.bits()))
}

/// SQH2 (§6's ARM7 function, as `docs/sqh-spec.md` defines it):
/// `(D_w(Σ D2(((m_i + x_i) mod 2^L)²)) mod p) mod 2^L` with `2l`-bit double
/// words.
pub fn sqh2(ws: Words, key: &[BigUint], msg: &[BigUint]) -> Result<BigUint, RefError> {
    let x = check_vec(ws, key, msg)?;
    let terms: Vec<BigUint> = sums(ws, x, msg, true)
        .iter()
        .map(|s| d2_square(ws, s, ws.w))
        .collect();
    Ok((d_sum(ws, &terms, ws.w) % ws.prime()) % pow2(ws.bits()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: u64) -> BigUint {
        BigUint::from(v)
    }

    #[test]
    fn hand_l4_w1() {
        // l = 4, w = 1: L = 4, p = 17.
        let ws = Words { l: 4, w: 1 };
        assert_eq!(ws.prime(), b(17));
        // (3 + 4)² = 49 ≡ 15.
        assert_eq!(sqh(ws, &b(4), &b(3)).unwrap(), b(15));
        // asm2: (15 + 15) mod 16 = 14, 14² = 196 ≡ 9 (mod 17), mod 16 = 9.
        assert_eq!(sqh_asm2(ws, &[b(15)], &[b(15)]).unwrap(), b(9));
        // SQHc, one term: s = 30, s² = 900 = 0x384: three 4-bit words, no
        // second term, so C keeps it: 900 mod 17 = 16.
        assert_eq!(sqh_c(ws, &[b(15)], &[b(15)]).unwrap(), b(16));
        // Two such terms: words of 900 are [4, 8, 3]; doubled mod 16: [8, 0, 6]
        // = 8 + 0·16 + 6·256 = 1544 ≡ 14 (mod 17).
        assert_eq!(sqh_c(ws, &[b(15), b(15)], &[b(15), b(15)]).unwrap(), b(14));
        // SQHc2, s = 30 = limbs [14, 1]: col0 = lo(196) = 4; col1 = hi(196)
        // + 2·lo(14) = 12 + 28 = 40 → 8; col2 = 2·hi(14) + lo(1) = 0 + 1 = 1:
        // 4 + 8·16 + 256 = 388 ≡ 14 (mod 17).
        assert_eq!(sqh_c2(ws, &[b(15)], &[b(15)]).unwrap(), b(14));
        // SQHE: s = 14, one limb: C2 = 196 (no column overflows beyond its
        // two words): 196 mod 17 = 9, mod 16 = 9.
        assert_eq!(sqh_e(ws, &[b(15)], &[b(15)]).unwrap(), b(9));
        // SQH2, one 8-bit double word: 196 twice = 392 → 392 mod 256 = 136
        // ≡ 0 (mod 17), mod 16 = 0; once: 196 ≡ 9.
        assert_eq!(sqh2(ws, &[b(15)], &[b(15)]).unwrap(), b(9));
        assert_eq!(sqh2(ws, &[b(15), b(15)], &[b(15), b(15)]).unwrap(), b(0));
    }

    #[test]
    fn errors() {
        let ws = Words { l: 4, w: 1 };
        assert!(sqh(Words { l: 1, w: 1 }, &b(0), &b(0)).is_err());
        assert!(sqh(Words { l: 4, w: 6 }, &b(0), &b(0)).is_err());
        assert!(sqh(ws, &b(16), &b(0)).is_err());
        assert!(sqh(ws, &b(0), &b(16)).is_err());
        assert!(sqh_star(ws, &[b(1)], &[]).is_err());
        assert!(matches!(
            sqh_e(ws, &[b(1)], &[b(1), b(2)]),
            Err(RefError::KeyTooShort { needed: 2, got: 1 })
        ));
    }
}
