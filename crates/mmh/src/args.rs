//! The argument checks of the fixed-length paper functions.
//!
//! Conventions (those of `uhash-ref` and `uhash kat`):
//! * the message is `msg.len()/4` (MMH64: `/8`) little-endian words
//!   m₁, m₂, …; its length must be a whole, non-zero number of words (an
//!   even number for NMH32 and NH);
//! * the key is a slice of words x₁, x₂, … (`key[0]` is x₁); it may be longer
//!   than the function needs and is then used by its prefix (MMH §3.4,
//!   "Hashing short data items");
//! * checks happen in the order parameters (n), message length, key length,
//!   and every violation is a typed [`Error`]; nothing panics.

use uhash_base::Error;

/// The largest Toeplitz output count n.
pub const MAX_N: usize = 8;

/// The number of `word`-byte words of `msg`: at least one, even if `pairs`.
pub(crate) fn msg_words(msg: &[u8], word: usize, pairs: bool) -> Result<usize, Error> {
    let got = msg.len();
    if !got.is_multiple_of(word) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: if word == 4 {
                "not a whole number of 32-bit words"
            } else {
                "not a whole number of 64-bit words"
            },
        });
    }
    let k = got / word;
    if k == 0 {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold at least one word (k >= 1)",
        });
    }
    if pairs && !k.is_multiple_of(2) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold an even number of words (word pairs)",
        });
    }
    Ok(k)
}

/// `Ok(())` if the key holds `needed` words.
pub(crate) fn key_words(key_len: usize, needed: usize) -> Result<(), Error> {
    if key_len < needed {
        Err(Error::KeyTooShort {
            needed,
            got: key_len,
        })
    } else {
        Ok(())
    }
}

/// `n` in 1..=[`MAX_N`].
pub(crate) fn check_n(n: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_N {
        Err(Error::InvalidParameter {
            name: "n",
            reason: "the number of Toeplitz outputs must be in 1..=8",
        })
    } else {
        Ok(())
    }
}
