//! [`NonceFileError`]: every way a nonce file can refuse.

use std::io;
use std::string::String;

/// What went wrong with a nonce file. Nothing in [`crate::nonce_file`]
/// panics; every failure is one of these, and none of them carries key
/// material (`Debug` and `Display` print no key, salt or key check value).
#[derive(Debug)]
#[non_exhaustive]
pub enum NonceFileError {
    /// An operating-system call failed.
    Io {
        /// What was being done (e.g. `"fsync nonce file"`).
        op: &'static str,
        /// The error from the operating system.
        source: io::Error,
    },
    /// The file is not a nonce file, or is damaged beyond what the format
    /// survives (both slots damaged, two valid slots that disagree, a
    /// wrong size, a record against the format's rules). The store refuses
    /// to guess a bound: repair it by hand with a bound larger than every
    /// nonce ever used under the key, or change the key.
    Corrupt {
        /// Which check failed.
        reason: &'static str,
    },
    /// Another handle (in this or another process, through this or any
    /// other name of the same file) holds the lock of this nonce file; only
    /// one writer may hand out nonces at a time.
    Locked,
    /// The file is bound to another key (its key check value differs).
    /// Nothing was written.
    WrongKey,
    /// The file is bound to another algorithm. Nothing was written.
    WrongAlgorithm {
        /// The algorithm named in the file.
        found: String,
        /// The algorithm asked for.
        expected: String,
    },
    /// The file holds nonces of another width. Nothing was written.
    WrongWidth {
        /// The width in the file, in bytes.
        found: usize,
        /// The width asked for, in bytes.
        expected: usize,
    },
    /// A nonce file of the earlier poly1305-aes formats (1 or 2), which is
    /// bound to no key: it must be adopted explicitly, once, with the key
    /// it was used with ([`crate::nonce_file::NonceStore::adopt`]).
    Legacy,
    /// No nonce is left below the largest bound the width allows, or the
    /// record generation would pass `2^64 − 1`. Nothing wraps around: this
    /// file hands out no more nonces; use a new key.
    Exhausted,
    /// A parameter outside its domain (`reserve` 0, width 0 or above 16,
    /// an empty, too long or non-ASCII algorithm name, an empty key, a
    /// file that is already bound to a key given to `adopt`, …).
    Invalid(crate::Error),
}

impl core::fmt::Display for NonceFileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Io { op, source } => write!(f, "nonce file: {op}: {source}"),
            Self::Corrupt { reason } => write!(f, "nonce file is corrupt: {reason}"),
            Self::Locked => {
                f.write_str("nonce file is locked by another handle (single writer only)")
            }
            Self::WrongKey => f.write_str(
                "nonce file belongs to another key (key check value differs); nothing was written",
            ),
            Self::WrongAlgorithm { found, expected } => write!(
                f,
                "nonce file belongs to algorithm {found}, not {expected}; nothing was written"
            ),
            Self::WrongWidth { found, expected } => write!(
                f,
                "nonce file holds {found}-byte nonces, not {expected}-byte; nothing was written"
            ),
            Self::Legacy => f.write_str(
                "nonce file predates key binding (poly1305-aes format 1 or 2): \
                 it must be adopted explicitly once, with the same key it was used with",
            ),
            Self::Exhausted => f.write_str(
                "nonce file exhausted: no nonce left (it never wraps around); use a new key",
            ),
            Self::Invalid(e) => write!(f, "nonce file: {e}"),
        }
    }
}

impl std::error::Error for NonceFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::Error> for NonceFileError {
    fn from(e: crate::Error) -> Self {
        Self::Invalid(e)
    }
}

/// Maps an `io::Error` to [`NonceFileError::Io`] with a description.
pub(super) fn io_err(op: &'static str) -> impl FnOnce(io::Error) -> NonceFileError {
    move |source| NonceFileError::Io { op, source }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn messages() {
        assert!(
            NonceFileError::Legacy
                .to_string()
                .contains("adopted explicitly once, with the same key")
        );
        assert_eq!(
            NonceFileError::WrongWidth {
                found: 16,
                expected: 12
            }
            .to_string(),
            "nonce file holds 16-byte nonces, not 12-byte; nothing was written"
        );
        assert!(
            NonceFileError::Corrupt { reason: "x" }
                .to_string()
                .starts_with("nonce file is corrupt")
        );
    }
}
