//! [`PersistentNonces`]: Poly1305-AES's nonce sequence in a file,
//! `uhash_base::nonce_file` bound to the key and to the algorithm name
//! `"poly1305-aes"`.

use std::path::Path;

use uhash_base::nonce_file::NonceFile;
pub use uhash_base::nonce_file::NonceFileError;

use super::value::{FreshNonce, Nonce};

/// The earlier name of [`NonceFileError`].
pub type PersistError = NonceFileError;

/// A strictly increasing Poly1305-AES nonce sequence whose state lives in a
/// file bound to one key, safe against crashes and power cuts: **no nonce
/// is handed out twice, across any number of restarts of the process or the
/// machine, and whichever name each run opens the file by** — under the
/// assumptions of [`uhash_base::nonce_file`] (the file system honours
/// `fsync`; the file is never copied, restored from a backup or rolled
/// back; one file per key). Nonces may be *skipped* (at most `reserve` per
/// crash).
///
/// This is [`NonceFile<16>`](uhash_base::nonce_file::NonceFile) with the
/// algorithm name fixed to [`PersistentNonces::ALG`] (Bernstein §3: "a safe
/// nonce value — a new nonce larger than any nonce used — on disk alongside
/// the key"). The file holds a salted SHA-256 key check value of the
/// 32-byte key `k ‖ r`, so opening it with another key is refused
/// ([`NonceFileError::WrongKey`]) before anything is written; a new file
/// starts at a random nonce below `2^127`, so even two files made by
/// mistake for one key share a nonce only with probability at most
/// `2T/2^127` (`T` nonces each). Files of the earlier formats of this
/// crate, which were bound to no key, are refused with
/// [`NonceFileError::Legacy`] until [`PersistentNonces::adopt`]ed once.
///
/// A handle holds an exclusive lock on the file for its lifetime: a second
/// handle on the same file, in any process and through any name, gets
/// [`NonceFileError::Locked`]. Nonces are handed out up to `2^128 − 2`;
/// then [`NonceFileError::Exhausted`].
#[derive(Debug)]
pub struct PersistentNonces(NonceFile<16>);

impl PersistentNonces {
    /// The algorithm name every file of this type is bound to.
    pub const ALG: &'static str = "poly1305-aes";

    /// Creates a new nonce file at `path` for the key `k ‖ r`, starting at a
    /// random nonce below `2^127`, and opens it. Nonces are reserved
    /// `reserve` at a time.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] with kind `AlreadyExists` if `path` exists (an
    /// existing sequence is never overwritten; use
    /// [`PersistentNonces::open`]), [`NonceFileError::Invalid`] if `reserve`
    /// is 0, other [`NonceFileError::Io`] errors from the file system or the
    /// random source.
    pub fn create(
        path: impl AsRef<Path>,
        key: &[u8; 32],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        NonceFile::create(path, Self::ALG, key, reserve).map(Self)
    }

    /// Opens the existing nonce file at `path` (following symlinks) for the
    /// key `k ‖ r`; the sequence continues at the stored bound. Nonces are
    /// reserved `reserve` at a time.
    ///
    /// # Errors
    /// [`NonceFileError::WrongKey`], [`NonceFileError::WrongAlgorithm`] or
    /// [`NonceFileError::WrongWidth`] for a file made for something else
    /// (nothing is written), [`NonceFileError::Legacy`] for a file of the
    /// earlier formats (see [`PersistentNonces::adopt`]),
    /// [`NonceFileError::Corrupt`], [`NonceFileError::Locked`],
    /// [`NonceFileError::Io`] (e.g. `NotFound`: a missing file is never
    /// silently replaced by a new sequence), [`NonceFileError::Invalid`] if
    /// `reserve` is 0.
    pub fn open(
        path: impl AsRef<Path>,
        key: &[u8; 32],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        NonceFile::open(path, Self::ALG, key, reserve).map(Self)
    }

    /// Binds a nonce file of the earlier formats of this crate (48 or 4160
    /// bytes, magic `UHPNONCE`, no key check) to the key `k ‖ r` in place,
    /// keeping its bound, and opens it. Such a file cannot be checked
    /// against a key: adopt it once, with the key it was used with.
    ///
    /// # Errors
    /// As [`uhash_base::nonce_file::NonceStore::adopt`]:
    /// [`NonceFileError::Invalid`] for a file that is already bound to a
    /// key, [`NonceFileError::Corrupt`] for one that is neither.
    pub fn adopt(
        path: impl AsRef<Path>,
        key: &[u8; 32],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        NonceFile::adopt(path, Self::ALG, key, reserve).map(Self)
    }

    /// Hands out the next nonce, first storing a new bound `n + reserve` in
    /// the file if `n` is not yet covered by the bound on disk.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] if storing the bound fails (no nonce is handed
    /// out; a later call retries), [`NonceFileError::Exhausted`] once
    /// `2^128 − 2` has been handed out.
    pub fn next_nonce(&mut self) -> Result<Nonce, NonceFileError> {
        self.0.next_nonce()
    }

    /// [`Self::next_nonce`] as a [`FreshNonce`], the token that
    /// [`crate::IncrementalMac::tag`] takes.
    ///
    /// # Errors
    /// As [`Self::next_nonce`].
    pub fn next_fresh(&mut self) -> Result<FreshNonce, NonceFileError> {
        self.next_nonce().map(FreshNonce::issued)
    }

    /// The nonce the next call to [`PersistentNonces::next_nonce`] will
    /// return (if it succeeds). Every nonce handed out so far is smaller.
    pub fn peek(&self) -> Nonce {
        Nonce::from_u128(self.0.peek())
    }

    /// The bound of the record on disk: every nonce handed out is below it.
    pub fn reserved_until(&self) -> u128 {
        self.0.reserved_until()
    }

    /// The path the file was opened by.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Stores the exact next nonce as the bound (so a clean shutdown skips no
    /// nonces) and releases the lock. Dropping the handle without `close` is
    /// also safe; the next run then skips the unused reserved nonces.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] if the write fails; the file then still holds
    /// a bound larger than every nonce handed out.
    pub fn close(self) -> Result<(), NonceFileError> {
        self.0.close()
    }
}
