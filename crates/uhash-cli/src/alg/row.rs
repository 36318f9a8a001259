//! One row of the algorithm table and what it builds: [`Alg`] (a name,
//! sizes, a constructor), [`Keyed`] and [`Stream`]. A leaf: each family's
//! file (`crate::family`) writes its rows with these types.

use uhash::base::Error;
use uhash::base::pieces::Pieces;

/// A message read in pieces from a file (`pread` on every thread).
pub type FilePieces<'a> = dyn Pieces<Error = std::io::Error> + 'a;

/// What [`Keyed::compute_from`] returns: `None` where the algorithm has no
/// parallel path.
pub type FromPieces = Option<Result<Vec<u8>, ReadError>>;

/// Why a message read in pieces was not hashed.
#[derive(Debug)]
pub enum ReadError {
    /// Reading it failed (or the file got shorter meanwhile).
    Read(std::io::Error),
    /// The algorithm refused it (a nonce of the wrong length, a length
    /// bound).
    Hash(Error),
}

impl From<Error> for ReadError {
    fn from(e: Error) -> Self {
        ReadError::Hash(e)
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Read(e)
    }
}

/// What an algorithm computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A MAC: key, nonce, message → tag.
    Mac,
    /// A keyed universal hash: key, message → hash (not a checksum: its
    /// key must stay secret, and it is not collision resistant to anyone
    /// who knows the key).
    Hash,
}

/// One row of the table: a name, its sizes and its constructor.
pub struct Alg {
    /// The name on the command line (`--alg NAME`).
    pub name: &'static str,
    /// MAC or keyed hash.
    pub kind: Kind,
    /// Key bytes (exactly; no prefix rule on the command line).
    pub key_bytes: usize,
    /// Nonce bytes (0 for a hash).
    pub nonce_bytes: usize,
    /// Tag or hash bytes.
    pub out_bytes: usize,
    /// Whether [`Keyed::compute`] uses several threads on long messages.
    pub parallel: bool,
    /// One line for `uhash algs`: the construction and where its bound is.
    pub about: &'static str,
    pub(crate) build: Build,
    /// Clears the bits a key must have clear (`None`: every key of the
    /// right length is valid).
    pub(crate) fix_key: Option<fn(&mut [u8])>,
}

/// A row's constructor: the algorithm keyed with a key of the row's size.
type Build = fn(&[u8]) -> Result<Box<dyn Keyed>, Error>;

impl core::fmt::Debug for Alg {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Alg")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Alg {
    /// The algorithm keyed with `key`.
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] unless `key` has exactly
    /// [`Alg::key_bytes`] bytes; [`Error::InvalidKey`] for a key the
    /// definition rejects (a Poly1305-AES r with a bit set that must be 0).
    pub fn key(&self, key: &[u8]) -> Result<Box<dyn Keyed>, Error> {
        if key.len() != self.key_bytes {
            return Err(Error::InvalidKeyLength {
                expected: self.key_bytes,
                got: key.len(),
            });
        }
        (self.build)(key)
    }

    /// Clears the bits that a key of this algorithm must have clear — a
    /// Poly1305-AES r's 22 bits that the paper requires to be 0 — so that a
    /// uniform key (or any key, `uhash mac --clamp`) becomes a valid one.
    /// Returns whether the algorithm has such bits: `false` leaves `key` as
    /// it is.
    pub fn fix_random_key(&self, key: &mut [u8]) -> bool {
        match self.fix_key {
            Some(fix) => {
                fix(key);
                true
            }
            None => false,
        }
    }
}

/// A keyed algorithm.
pub trait Keyed: Send + Sync {
    /// The output for a whole message `msg` under `nonce` (empty for a
    /// hash), on the threads of the current rayon pool where the algorithm
    /// has a parallel path (one thread otherwise): the same bytes as
    /// [`Keyed::start`] fed the same message in any pieces.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] for a nonce of the wrong length.
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error>;

    /// A state for a message that arrives in pieces (a pipe).
    fn start(&self) -> Box<dyn Stream + '_>;

    /// [`Keyed::compute`] of a message read in pieces on the threads of
    /// the current rayon pool (a file read with `pread` on every thread,
    /// each thread hashing what it read): the same output as for the
    /// message's bytes. `None` where the algorithm has no parallel path
    /// ([`Alg::parallel`] is false): feed [`Keyed::start`]'s state instead.
    fn compute_from(&self, _nonce: &[u8], _msg: &FilePieces<'_>) -> FromPieces {
        None
    }
}

/// A message being hashed in pieces.
pub trait Stream {
    /// Appends `data`.
    ///
    /// # Errors
    /// When the definition bounds the length (UMAC: < 2^64 bytes) and the
    /// message would exceed it.
    fn update(&mut self, data: &[u8]) -> Result<(), Error>;

    /// The output for the whole message under `nonce` (empty for a hash).
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] for a nonce of the wrong length.
    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error>;
}
