//! Nonces for Poly1305-AES (placeholder: the full module with increasing
//! and persistent sequences is merged from the polyside branch).
//!
//! The sender must never use the same nonce twice under one key: two
//! authenticators under one nonce reveal enough about r to forge (paper §1,
//! "Nonces").

/// A 16-byte Poly1305-AES nonce n (encrypted as AES_k(n)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nonce(pub(crate) [u8; 16]);

impl Nonce {
    /// The nonce with these 16 bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Self(bytes)
    }

    /// The 16 bytes of the nonce.
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// The nonce whose 16 bytes are `n` in little-endian order.
    #[must_use]
    pub const fn from_counter(n: u128) -> Self {
        Self(n.to_le_bytes())
    }
}
