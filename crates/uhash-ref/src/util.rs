//! Small input checks and conversions shared by the modules of this crate
//! (not by any other crate: the reference must stay independent of the fast
//! implementations it is used to test).

use num_bigint::BigUint;
use num_traits::One;

use crate::RefError;

/// `2^e` as a big integer.
pub(crate) fn pow2(e: u32) -> BigUint {
    BigUint::one() << e
}

/// The value of `x` as a `u64`, for an `x` the caller knows is `< 2^64`
/// (the low 64 bits otherwise). Never panics.
pub(crate) fn low_u64(x: &BigUint) -> u64 {
    x.iter_u64_digits().next().unwrap_or(0)
}

/// The value of `x` as a `u128`, for an `x` the caller knows is `< 2^128`
/// (the low 128 bits otherwise). Never panics.
pub(crate) fn low_u128(x: &BigUint) -> u128 {
    let mut digits = x.iter_u64_digits();
    let lo = u128::from(digits.next().unwrap_or(0));
    let hi = u128::from(digits.next().unwrap_or(0));
    lo | (hi << 64)
}

/// `Ok` iff `lo <= value <= hi`; `name` names the parameter in the error.
pub(crate) fn check_range(name: &str, value: u32, lo: u32, hi: u32) -> Result<(), RefError> {
    if value < lo || value > hi {
        Err(RefError::InvalidParameter(format!(
            "{name} = {value} is outside {lo}..={hi}"
        )))
    } else {
        Ok(())
    }
}

/// `true` iff the `u64` word `w` is a `b`-bit word, i.e. `w < 2^b` (`1 <= b <= 64`).
pub(crate) fn fits(w: u64, b: u32) -> bool {
    b >= 64 || w >> b == 0
}

/// Every message word is `< 2^b`; the error names the first word that is not
/// (1-based, as in the papers: `m_1` is `msg[0]`).
pub(crate) fn check_msg_words(msg: &[u64], b: u32) -> Result<(), RefError> {
    match msg.iter().position(|&w| !fits(w, b)) {
        Some(i) => Err(RefError::InvalidMessage(format!(
            "message word m_{} = {:#x} is not < 2^{b}",
            i + 1,
            msg[i]
        ))),
        None => Ok(()),
    }
}

/// Every key word that the function reads is `< 2^b` (1-based index in the error).
pub(crate) fn check_key_words(key: &[u64], b: u32) -> Result<(), RefError> {
    match key.iter().position(|&w| !fits(w, b)) {
        Some(i) => Err(RefError::InvalidKey(format!(
            "key word x_{} = {:#x} is not < 2^{b}",
            i + 1,
            key[i]
        ))),
        None => Ok(()),
    }
}

/// The first `needed` words of `key`, or `KeyTooShort`.
pub(crate) fn key_prefix<T>(key: &[T], needed: usize) -> Result<&[T], RefError> {
    key.get(..needed).ok_or(RefError::KeyTooShort {
        needed,
        got: key.len(),
    })
}

/// A message of `k >= 1` words.
pub(crate) fn check_nonempty(k: usize) -> Result<(), RefError> {
    if k == 0 {
        Err(RefError::InvalidMessage(
            "the message must have k >= 1 words (the definitions have k > 0)".into(),
        ))
    } else {
        Ok(())
    }
}

/// A message of an even number `k >= 2` of words (NMH, NH work on pairs).
pub(crate) fn check_even(k: usize) -> Result<(), RefError> {
    if k == 0 || !k.is_multiple_of(2) {
        Err(RefError::InvalidMessage(format!(
            "the message must have an even number k >= 2 of words, got k = {k}"
        )))
    } else {
        Ok(())
    }
}

/// An output count `n >= 1` (Toeplitz constructions).
pub(crate) fn check_outputs(n: usize) -> Result<(), RefError> {
    if n == 0 {
        Err(RefError::InvalidParameter(
            "the number of outputs n must be >= 1".into(),
        ))
    } else {
        Ok(())
    }
}

/// `a + b`, or an `InvalidParameter` error if that overflows `usize`.
pub(crate) fn add_len(a: usize, b: usize) -> Result<usize, RefError> {
    a.checked_add(b)
        .ok_or_else(|| RefError::InvalidParameter("key length needed overflows usize".into()))
}
