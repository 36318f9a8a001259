//! The algorithms of `uhash mac` and `uhash hash`: one table ([`ALGS`]) from
//! a lower-case, hyphenated name to the key, nonce and output sizes and a
//! constructor, so that every family's MAC and keyed hash is selectable by
//! name and the command line never names a type.
//!
//! Keys and nonces use the byte layouts of `docs/kat.md`:
//!
//! | names | key | nonce | output |
//! |---|---|---|---|
//! | `poly1305-aes` | 32 bytes k ‖ r (r must satisfy the paper's constraints; `uhash keygen` makes one) | 16 bytes | 16 bytes |
//! | `poly1305` (hash) | 32 bytes r ‖ s (RFC 8439; r clamped) | — | 16 bytes |
//! | long hashes (`mmh32`, `nhx4`, `sqhasm2x64`, `digestmw128`, …) | 16-byte seed (`long_hash` layout) | — | the type's `OUT_BYTES` |
//! | their MACs (`…-mac`) | 16-byte seed (`long_mac` layout) | 12 bytes | as the hash |
//! | `dfc` (hash) | 16 bytes a ‖ b (`dfc_hash` layout) | — | 8 bytes |
//! | `dfc-mac` | 16-byte seed (`DfcMac::from_seed`) | 12 bytes | 8 bytes |
//! | `umac32` … `umac128` | 16 bytes K (RFC 4418) | 8 bytes | 4 … 16 bytes |
//!
//! [`Keyed::compute`] hashes a whole message on the threads of the current
//! rayon pool where the algorithm has a parallel path (the long-message
//! construction's `hash_into_parallel`; Poly1305-AES through
//! [`poly1305_aes_tag`]), with the same output bit for bit as the one-thread
//! [`Keyed::start`] stream.

pub(crate) mod long;
mod wegman_carter;

use uhash::base::Error;

pub use crate::family::poly1305_aes::poly1305_aes_tag;
pub(crate) use wegman_carter::WcAlg;

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

/// The default of `uhash keygen` (the algorithm its key files name unless
/// `--alg` says otherwise): Poly1305-AES. One fixed definition
/// (Bernstein, FSE 2005) with the same output on every CPU and backend, a
/// 32-byte key, a 16-byte nonce; its hash is 8⌈L/16⌉/2^106-almost-Δ-universal
/// for messages of at most L bytes (Theorem 3.3), so D forgery attempts
/// after up to 2^64 tags succeed with probability at most
/// δ + 14·D·⌈L/16⌉/2^106, δ being AES's distinguishing advantage (§3).
pub const DEFAULT_MAC: &str = "poly1305-aes";

/// The suggested keyed hash (`uhash keygen --alg mmh32x4`): MMH32 with four
/// Toeplitz lanes.
pub const DEFAULT_HASH: &str = "mmh32x4";

/// Every algorithm of every family ([`crate::family::FAMILIES`]), in
/// registry order.
pub fn all() -> impl Iterator<Item = &'static Alg> {
    crate::family::FAMILIES.iter().flat_map(|f| f.algs.iter())
}

/// The row named `name`.
#[must_use]
pub fn find(name: &str) -> Option<&'static Alg> {
    all().find(|a| a.name == name)
}

/// The rows of one kind, in table order.
pub fn of_kind(kind: Kind) -> impl Iterator<Item = &'static Alg> {
    all().filter(move |a| a.kind == kind)
}

/// Every row, MACs first (the order of `uhash algs`).
pub fn listed() -> impl Iterator<Item = &'static Alg> {
    of_kind(Kind::Mac).chain(of_kind(Kind::Hash))
}

/// The key of `key` as exactly N bytes.
pub(crate) fn array<const N: usize>(key: &[u8]) -> Result<&[u8; N], Error> {
    key.try_into().map_err(|_| Error::InvalidKeyLength {
        expected: N,
        got: key.len(),
    })
}
