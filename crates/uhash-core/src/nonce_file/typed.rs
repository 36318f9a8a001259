//! [`NonceFile<N>`]: the store with the nonce width as a type.

use std::path::Path;

use super::{NonceFileError, NonceStore};
use crate::Nonce;

/// [`NonceStore`] with the nonce width `N` as a type: hands out
/// [`Nonce<N>`](crate::Nonce) (1 ≤ N ≤ 16). Everything else is as for
/// [`NonceStore`].
#[derive(Debug)]
pub struct NonceFile<const N: usize>(NonceStore);

impl<const N: usize> NonceFile<N> {
    const CHECK: () = assert!(N >= 1 && N <= 16, "nonces have 1 to 16 bytes");

    /// [`NonceStore::create`] with width `N`.
    ///
    /// # Errors
    /// As [`NonceStore::create`].
    pub fn create(
        path: impl AsRef<Path>,
        alg: &str,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        let () = Self::CHECK;
        NonceStore::create(path, alg, N, key, reserve).map(Self)
    }

    /// [`NonceStore::create_with`] with width `N` (for tests).
    ///
    /// # Errors
    /// As [`NonceStore::create_with`].
    #[doc(hidden)]
    pub fn create_with(
        path: impl AsRef<Path>,
        alg: &str,
        key: &[u8],
        reserve: u64,
        first: u128,
        salt: [u8; 16],
    ) -> Result<Self, NonceFileError> {
        let () = Self::CHECK;
        NonceStore::create_with(path, alg, N, key, reserve, first, salt).map(Self)
    }

    /// [`NonceStore::open`] with width `N`.
    ///
    /// # Errors
    /// As [`NonceStore::open`].
    pub fn open(
        path: impl AsRef<Path>,
        alg: &str,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        let () = Self::CHECK;
        NonceStore::open(path, alg, N, key, reserve).map(Self)
    }

    /// [`NonceStore::adopt`] with width `N` (the earlier formats hold
    /// 16-byte nonces: any other `N` gives [`NonceFileError::WrongWidth`]).
    ///
    /// # Errors
    /// As [`NonceStore::adopt`].
    pub fn adopt(
        path: impl AsRef<Path>,
        alg: &str,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        let () = Self::CHECK;
        NonceStore::adopt(path, alg, N, key, reserve).map(Self)
    }

    /// Hands out the next nonce ([`NonceStore::next_counter`] as a
    /// [`Nonce<N>`](crate::Nonce)).
    ///
    /// # Errors
    /// As [`NonceStore::next_counter`].
    pub fn next_nonce(&mut self) -> Result<Nonce<N>, NonceFileError> {
        let n = self.0.next_counter()?;
        // n < 2^(8N) by the width's bound; the error cannot occur.
        Nonce::from_counter(n).map_err(|_| NonceFileError::Exhausted)
    }

    /// [`NonceStore::peek`].
    pub fn peek(&self) -> u128 {
        self.0.peek()
    }

    /// [`NonceStore::reserved_until`].
    pub fn reserved_until(&self) -> u128 {
        self.0.reserved_until()
    }

    /// [`NonceStore::path`].
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// [`NonceStore::alg`].
    pub fn alg(&self) -> &str {
        self.0.alg()
    }

    /// The store underneath.
    pub fn store(&self) -> &NonceStore {
        &self.0
    }

    /// [`NonceStore::close`].
    ///
    /// # Errors
    /// As [`NonceStore::close`].
    pub fn close(self) -> Result<(), NonceFileError> {
        self.0.close()
    }
}
