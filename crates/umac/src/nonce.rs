//! UMAC's nonces: 1 to 16 bytes (RFC 4418 §3.3, §4).
//!
//! Any [`Nonce<L>`](uhash_base::Nonce) is one (its length is checked when
//! the type is used: 1 ≤ L ≤ 16), and [`UmacNonce`] takes a length known
//! only at run time, checked by [`UmacNonce::from_slice`]. The MACs accept
//! either ([`AsUmacNonce`]), and check its length against the key's: a key
//! takes nonces of one length only (8 bytes unless chosen; see the
//! [crate docs](crate#nonce-length-fixed-per-key)), because the PDF
//! zero-pads a nonce and `04` and `04 00` would otherwise share a pad.
//!
//! Random nonces: UMAC-32/64's nonce of 8 bytes leaves 64 bits, and a
//! random 64-bit nonce repeats after about 2^32 messages (the birthday
//! bound) — a repeated nonce is a forgery. No UMAC nonce implements
//! `Generate`; count (below) or keep state instead.
//!
//! **A nonce must never repeat under one key**: two tags under one nonce
//! give the xor of two UHASH values away. A counter is the simplest correct
//! source; with UMAC-32/64, a counter written **big-endian** (the RFC's
//! `str2uint`: the low bits are in the last byte — OpenSSH's 8-byte packet
//! sequence number) lets consecutive messages share one AES call in a
//! session (see [`UmacNonce::from_counter`]). `Nonce::from_counter` writes
//! little-endian: correct too, but then consecutive counters differ in the
//! first byte and share nothing.

use uhash_base::{Error, Nonce};

/// A UMAC nonce of 1 to 16 bytes whose length is chosen at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UmacNonce {
    bytes: [u8; 16],
    len: u8,
}

impl UmacNonce {
    /// The nonce with these bytes.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] for an empty nonce (`expected: 1`) or
    /// one longer than 16 bytes (`expected: 16`).
    pub fn from_slice(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.is_empty() || bytes.len() > 16 {
            return Err(Error::InvalidNonceLength {
                expected: if bytes.is_empty() { 1 } else { 16 },
                got: bytes.len(),
            });
        }
        let mut b = [0u8; 16];
        b[..bytes.len()].copy_from_slice(bytes);
        Ok(Self {
            bytes: b,
            len: bytes.len() as u8,
        })
    }

    /// Message number `n` of a counter as an 8-byte **big-endian** nonce
    /// (OpenSSH's layout: consecutive numbers share one AES call of
    /// UMAC-32/64 in a session).
    #[inline]
    #[must_use]
    pub const fn from_counter(n: u64) -> Self {
        let be = n.to_be_bytes();
        let mut bytes = [0u8; 16];
        let mut i = 0;
        while i < 8 {
            bytes[i] = be[i];
            i += 1;
        }
        Self { bytes, len: 8 }
    }

    /// The bytes.
    #[inline]
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl<const L: usize> From<Nonce<L>> for UmacNonce {
    fn from(n: Nonce<L>) -> Self {
        let mut bytes = [0u8; 16];
        bytes[..L].copy_from_slice(n.as_bytes());
        Self {
            bytes,
            len: L as u8,
        }
    }
}

impl AsRef<[u8]> for UmacNonce {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::fmt::Debug for UmacNonce {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("UmacNonce(")?;
        for b in self.as_bytes() {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::UmacNonce {}
    impl<const L: usize> Sealed for uhash_base::Nonce<L> {}
}

/// A value the MACs accept as a nonce: [`UmacNonce`] or any
/// [`Nonce<L>`](uhash_base::Nonce) (1 ≤ L ≤ 16). Sealed.
pub trait AsUmacNonce: sealed::Sealed {
    /// The nonce's 1 to 16 bytes.
    fn nonce_bytes(&self) -> &[u8];

    /// The nonce zero-padded to 16 bytes (the PDF's block before its low
    /// bits are cleared) and its length in bytes (1 to 16).
    fn padded(&self) -> ([u8; 16], usize);
}

impl AsUmacNonce for UmacNonce {
    #[inline(always)]
    fn nonce_bytes(&self) -> &[u8] {
        self.as_bytes()
    }

    #[inline(always)]
    fn padded(&self) -> ([u8; 16], usize) {
        // The bytes past `len` are zero (`from_slice`, `from_counter`,
        // `From<Nonce<L>>` write only the first `len`).
        (self.bytes, usize::from(self.len))
    }
}

impl<const L: usize> AsUmacNonce for Nonce<L> {
    #[inline(always)]
    fn nonce_bytes(&self) -> &[u8] {
        self.as_bytes()
    }

    #[inline(always)]
    fn padded(&self) -> ([u8; 16], usize) {
        let mut b = [0u8; 16];
        b[..L].copy_from_slice(self.as_bytes());
        (b, L)
    }
}
