//! The argument checks of the fixed-length paper functions.
//!
//! Conventions (those of `uhash-ref` and `uhash kat`):
//! * the message is t = `msg.len()/(b/8)` little-endian b-bit words
//!   m₁, m₂, … (m₁ = the first b/8 bytes); its length must be a whole,
//!   non-zero number of words (Theorems 1–3 are stated for t ≥ 1);
//! * the key is a slice of words k₁, k₂, … (`key[0]` is k₁); digest reads
//!   k₁ … k_{t+1}, digestMW with n outputs k₁ … k_{t+n}; a longer key is
//!   used by its prefix;
//! * checks happen in the order parameters (n, bits), message length, key
//!   length, and every violation is a typed [`Error`]; nothing panics.

use uhash_base::Error;

use crate::word::Word;

/// The number t ≥ 1 of `W` words in `msg`.
pub(crate) fn msg_words<W: Word>(msg: &[u8]) -> Result<usize, Error> {
    let got = msg.len();
    if !got.is_multiple_of(W::BYTES) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: match W::BITS {
                16 => "not a whole number of 16-bit words",
                32 => "not a whole number of 32-bit words",
                _ => "not a whole number of 64-bit words",
            },
        });
    }
    if got == 0 {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold at least one word (t >= 1)",
        });
    }
    Ok(got / W::BYTES)
}

/// `Ok(())` if a key of `got` words covers t + n words.
pub(crate) fn check_key(got: usize, t: usize, n: usize) -> Result<(), Error> {
    let needed = t.checked_add(n).ok_or(Error::InvalidParameter {
        name: "n",
        reason: "t + n overflows",
    })?;
    if got < needed {
        Err(Error::KeyTooShort { needed, got })
    } else {
        Ok(())
    }
}

/// `n` ≥ 1 output words.
pub(crate) fn check_n(n: usize) -> Result<(), Error> {
    if n == 0 {
        Err(Error::InvalidParameter {
            name: "n",
            reason: "digestMW needs at least one output word",
        })
    } else {
        Ok(())
    }
}
