//! The typed errors of every uhash crate.

use crate::Backend;

/// What went wrong. Every fallible constructor and function in the workspace
/// returns this; nothing panics on bad input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A fixed-size key had the wrong length.
    InvalidKeyLength {
        /// Bytes the function takes.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
    /// A key shorter than the message requires (units: words of the family).
    KeyTooShort {
        /// Words needed.
        needed: usize,
        /// Words given.
        got: usize,
    },
    /// The key has the right size but violates the definition (for example a
    /// Poly1305-AES `r` with clamped bits set).
    InvalidKey {
        /// Which rule it breaks.
        reason: &'static str,
    },
    /// A parameter outside its domain (word size, output words, w, …).
    InvalidParameter {
        /// The parameter's name.
        name: &'static str,
        /// Why it was rejected.
        reason: &'static str,
    },
    /// A message the function cannot take as given (for example a length
    /// that is not a whole number of words for a fixed-length function).
    InvalidMessageLength {
        /// Bytes given.
        got: usize,
        /// What the function needs.
        reason: &'static str,
    },
    /// A nonce of the wrong length.
    InvalidNonceLength {
        /// Bytes the MAC takes.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
    /// A tag of the wrong length.
    InvalidTagLength {
        /// Bytes the MAC produces.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
    /// An output buffer of the wrong length.
    InvalidOutputLength {
        /// Bytes the function writes.
        expected: usize,
        /// Bytes given.
        got: usize,
    },
    /// The requested backend is not available on this CPU or build.
    UnsupportedBackend(Backend),
    /// A MAC tag did not verify.
    TagMismatch,
    /// A nonce sequence has handed out its last nonce; continuing would
    /// reuse one (Poly1305-AES, Bernstein §3: the sender must never reuse a
    /// nonce). Sequences never wrap around.
    NonceExhausted,
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Error::InvalidKeyLength { expected, got } => {
                write!(
                    f,
                    "invalid key length: expected {expected} bytes, got {got}"
                )
            }
            Error::KeyTooShort { needed, got } => {
                write!(f, "key too short: need {needed} words, got {got}")
            }
            Error::InvalidKey { reason } => write!(f, "invalid key: {reason}"),
            Error::InvalidParameter { name, reason } => {
                write!(f, "invalid parameter {name}: {reason}")
            }
            Error::InvalidMessageLength { got, reason } => {
                write!(f, "invalid message length {got}: {reason}")
            }
            Error::InvalidNonceLength { expected, got } => {
                write!(
                    f,
                    "invalid nonce length: expected {expected} bytes, got {got}"
                )
            }
            Error::InvalidTagLength { expected, got } => {
                write!(
                    f,
                    "invalid tag length: expected {expected} bytes, got {got}"
                )
            }
            Error::InvalidOutputLength { expected, got } => {
                write!(
                    f,
                    "invalid output length: expected {expected} bytes, got {got}"
                )
            }
            Error::TagMismatch => f.write_str("tag mismatch"),
            Error::NonceExhausted => f.write_str("nonce sequence exhausted"),
            Error::UnsupportedBackend(b) => {
                write!(
                    f,
                    "backend {} is not supported on this CPU or build",
                    b.name()
                )
            }
        }
    }
}

impl core::error::Error for Error {}

impl From<Error> for crypto_common::InvalidKey {
    fn from(_: Error) -> Self {
        crypto_common::InvalidKey
    }
}

/// `key` as exactly `N` bytes.
///
/// # Errors
/// [`Error::InvalidKeyLength`] (`expected: N`) for a key of another
/// length.
pub fn key_array<const N: usize>(key: &[u8]) -> Result<&[u8; N], Error> {
    key.try_into().map_err(|_| Error::InvalidKeyLength {
        expected: N,
        got: key.len(),
    })
}

/// `Ok(())` when `key` holds at least `min` bytes.
///
/// # Errors
/// [`Error::InvalidKeyLength`] (`expected: min`) for a shorter key.
pub fn key_at_least(key: &[u8], min: usize) -> Result<(), Error> {
    if key.len() < min {
        Err(Error::InvalidKeyLength {
            expected: min,
            got: key.len(),
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn messages() {
        assert_eq!(
            Error::InvalidKeyLength {
                expected: 32,
                got: 31
            }
            .to_string(),
            "invalid key length: expected 32 bytes, got 31"
        );
        assert_eq!(
            Error::UnsupportedBackend(Backend::Neon).to_string(),
            "backend neon is not supported on this CPU or build"
        );
        assert_eq!(
            Error::NonceExhausted.to_string(),
            "nonce sequence exhausted"
        );
    }

    #[test]
    fn key_lengths() {
        let short = Err(Error::InvalidKeyLength {
            expected: 4,
            got: 3,
        });
        assert_eq!(key_array::<4>(&[1, 2, 3, 4]), Ok(&[1, 2, 3, 4]));
        assert_eq!(key_array::<4>(&[1, 2, 3]), short);
        assert!(key_array::<4>(&[0; 5]).is_err());
        assert_eq!(key_at_least(&[0; 5], 4), Ok(()));
        assert_eq!(key_at_least(&[0; 3], 4), short.map(|_| ()));
    }
}
