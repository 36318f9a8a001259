//! The single error type of the reference crate.

use core::fmt;

/// Why a reference function refused its input.
///
/// Every function in this crate validates its input against the paper's
/// definition (word widths, key lengths, parity of `k`, …) and returns one of
/// these instead of panicking or silently reading a different function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefError {
    /// The key has fewer words (or field elements) than the definition needs
    /// for this message: `needed` words are required, `got` were supplied.
    KeyTooShort {
        /// Number of key words the definition reads for this message.
        needed: usize,
        /// Number of key words that were supplied.
        got: usize,
    },
    /// A parameter of the family (word width `b`/`w`, modulus `p`, output
    /// count `n`, truncation width) is outside the range the definition allows.
    InvalidParameter(String),
    /// A key word is out of range (for example `≥ 2^b` or `≥ p`), or a key
    /// has the wrong length or form (for example an unclamped Poly1305 `r`).
    InvalidKey(String),
    /// The message is not in the domain of the function (empty, odd number of
    /// words where pairs are needed, a word `≥ 2^b` or `≥ p`).
    InvalidMessage(String),
}

impl fmt::Display for RefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefError::KeyTooShort { needed, got } => {
                write!(f, "key too short: need {needed} words, got {got}")
            }
            RefError::InvalidParameter(s) => write!(f, "invalid parameter: {s}"),
            RefError::InvalidKey(s) => write!(f, "invalid key: {s}"),
            RefError::InvalidMessage(s) => write!(f, "invalid message: {s}"),
        }
    }
}

impl std::error::Error for RefError {}
