//! The algorithms of `uhash mac` and `uhash hash`: one table ([`all`], the
//! rows of every family of the registry [`crate::family`]) from a
//! lower-case, hyphenated name to the key, nonce and output sizes and a
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
pub(crate) mod row;
pub(crate) mod wegman_carter;

pub use crate::family::poly1305_aes::poly1305_aes_tag;
pub use row::{Alg, FilePieces, FromPieces, Keyed, Kind, ReadError, Stream};

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
