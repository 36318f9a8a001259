//! The argument checks of the fixed-length paper functions.
//!
//! Conventions (those of `docs/sqh-spec.md`, `uhash-ref` and `uhash kat`):
//! * `W` (1..=5) is the number of 32-bit words per element, L = 32W, p the
//!   prime [`uhash_base::pw`] uses for W;
//! * the message is k = `msg.len()/(4W)` elements of 4W little-endian bytes;
//!   the length must be a whole, non-zero number of elements (exactly one
//!   for SQH and SQHU);
//! * the key is a slice of 32-bit words, key element i being
//!   `key[W·i .. W·(i+1)]`; it may be longer than needed and is then used by
//!   its prefix;
//! * outputs are [`Elem`](uhash_base::pw::Elem)s: residues in [0, p) for the
//!   Z_p functions, or the L-bit value (top limb 0) for the {0,1}^L ones.
//!   Write them with `Elem::write_le_bytes` into
//!   [`Variant::out_bytes`](crate::Variant::out_bytes) bytes;
//! * checks happen in the order message length, key length, key values; every
//!   violation is a typed [`Error`]; nothing panics.

use uhash_base::Error;

/// k ≥ 1 elements of 4W bytes.
pub(crate) fn msg_elems<const W: usize>(msg: &[u8]) -> Result<usize, Error> {
    let got = msg.len();
    if got == 0 || !got.is_multiple_of(4 * W) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "not a whole, non-zero number of 4w-byte elements",
        });
    }
    Ok(got / (4 * W))
}

/// The key holds `needed` words.
pub(crate) fn key_words(got: usize, needed: usize) -> Result<(), Error> {
    if got < needed {
        Err(Error::KeyTooShort { needed, got })
    } else {
        Ok(())
    }
}

/// The checks of a vector function (Defs. 7, 9–13): k ≥ 1 whole elements
/// and k·W key words.
pub(crate) fn vector<const W: usize>(key: &[u32], msg: &[u8]) -> Result<(), Error> {
    let k = msg_elems::<W>(msg)?;
    key_words(key.len(), k * W)
}

/// The check of SQH and SQHU: exactly one element.
pub(crate) fn one_element<const W: usize>(msg: &[u8], reason: &'static str) -> Result<(), Error> {
    if msg.len() == 4 * W {
        Ok(())
    } else {
        Err(Error::InvalidMessageLength {
            got: msg.len(),
            reason,
        })
    }
}
