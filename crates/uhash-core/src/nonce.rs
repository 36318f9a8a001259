//! [`Nonce<N>`]: the N-byte nonce every MAC of the workspace takes (12
//! bytes for the Wegman–Carter MACs, 16 for Poly1305-AES, 1 to 16 for UMAC).
//!
//! **A nonce must never repeat under one key.** Two tags under one nonce
//! reveal the difference of two hash values, which for these linear hashes
//! gives the key away (Bernstein §3; MMH §3.3). The type only carries the
//! bytes. Two correct sources:
//!
//! * **random** (features `rand_core` / `getrandom`): `Nonce<12>` and
//!   `Nonce<16>` implement `crypto_common::Generate` (re-exported as
//!   `uhash_base::Generate`): `Nonce::<12>::try_generate()?` (the operating
//!   system's generator), or `generate_from_rng(&mut rng)` with any
//!   `CryptoRng`. No state to keep, nothing to store across restarts. Only
//!   these widths: q random 96-bit nonces under one key collide with
//!   probability at most q²/2^97 — below 2^-33 for q = 2^32 tags — and 128-bit
//!   ones with q²/2^129, negligible. An 8-byte nonce would collide with
//!   probability about 1/2 after 2^32 tags (and UMAC's nonce is at most as
//!   wide as the caller picks), so `Nonce<8>` and the other widths, and
//!   UMAC's nonces, have no `Generate`: count them.
//! * **a counter** ([`Nonce::from_counter`]), where the sender keeps state
//!   (it must never restart from an old value: `nonce_file`, feature
//!   `nonce-file`, keeps one in a file bound to its key, across restarts and
//!   crashes; `poly1305_aes::nonce` has the in-memory `NonceCounter`).

use crate::Error;

/// An `N`-byte nonce (1 ≤ N ≤ 16). Counters are read and written as
/// little-endian integers ([`Nonce::from_counter`], [`Nonce::to_counter`]),
/// so increasing counters are Bernstein's "reverse-lexicographic order".
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nonce<const N: usize>([u8; N]);

impl<const N: usize> Nonce<N> {
    const CHECK: () = assert!(N >= 1 && N <= 16, "nonces have 1 to 16 bytes");

    /// The nonce with these bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; N]) -> Self {
        let () = Self::CHECK;
        Self(bytes)
    }

    /// The nonce with these bytes.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] unless `bytes` is `N` bytes long.
    pub fn from_slice(bytes: &[u8]) -> Result<Self, Error> {
        let () = Self::CHECK;
        bytes
            .try_into()
            .map(Self)
            .map_err(|_| Error::InvalidNonceLength {
                expected: N,
                got: bytes.len(),
            })
    }

    /// The nonce for message number `n` of a counter: `n` as an `N`-byte
    /// little-endian integer.
    ///
    /// # Errors
    /// [`Error::NonceExhausted`] when `n` does not fit in `N` bytes
    /// (`n ≥ 2^(8N)`): a counter that wrapped around would repeat nonces.
    pub fn from_counter(n: u128) -> Result<Self, Error> {
        let () = Self::CHECK;
        let b = n.to_le_bytes();
        if b[N..].iter().any(|&x| x != 0) {
            return Err(Error::NonceExhausted);
        }
        let mut out = [0u8; N];
        out.copy_from_slice(&b[..N]);
        Ok(Self(out))
    }

    /// The bytes read as a little-endian integer (the inverse of
    /// [`Nonce::from_counter`]).
    #[must_use]
    pub fn to_counter(&self) -> u128 {
        let mut b = [0u8; 16];
        b[..N].copy_from_slice(&self.0);
        u128::from_le_bytes(b)
    }

    /// The bytes.
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }
}

impl Nonce<16> {
    /// [`Nonce::from_counter`] for 16-byte nonces, where every counter fits.
    #[must_use]
    pub const fn from_u128(n: u128) -> Self {
        Self(n.to_le_bytes())
    }
}

/// Random 96-bit nonces (the Wegman–Carter MACs' [`MacNonce`](crate::mac::MacNonce)):
/// 12 bytes from the generator. See the [module docs](self) for the bound.
#[cfg(feature = "rand_core")]
impl crypto_common::Generate for Nonce<12> {
    fn try_generate_from_rng<R: crypto_common::rand_core::TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> Result<Self, R::Error> {
        <[u8; 12]>::try_generate_from_rng(rng).map(Self)
    }
}

/// Random 128-bit nonces (Poly1305-AES): 16 bytes from the generator.
#[cfg(feature = "rand_core")]
impl crypto_common::Generate for Nonce<16> {
    fn try_generate_from_rng<R: crypto_common::rand_core::TryCryptoRng + ?Sized>(
        rng: &mut R,
    ) -> Result<Self, R::Error> {
        <[u8; 16]>::try_generate_from_rng(rng).map(Self)
    }
}

impl<const N: usize> From<[u8; N]> for Nonce<N> {
    fn from(b: [u8; N]) -> Self {
        Self::from_bytes(b)
    }
}

impl<const N: usize> AsRef<[u8]> for Nonce<N> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> core::fmt::Debug for Nonce<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Nonce(")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "getrandom")]
    #[test]
    fn random_nonces_differ() {
        use crypto_common::Generate;
        let a = Nonce::<12>::try_generate().unwrap();
        let b = Nonce::<12>::generate();
        assert_ne!(a, b);
        let c = Nonce::<16>::try_generate().unwrap();
        assert_ne!(c, Nonce::<16>::generate());
    }

    #[test]
    fn counters_are_little_endian_and_never_wrap() {
        let n = Nonce::<12>::from_counter(0x0102).unwrap();
        assert_eq!(n.as_bytes(), &[2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(n.to_counter(), 0x0102);
        assert_eq!(
            Nonce::<12>::from_counter((1 << 96) - 1).unwrap().as_bytes(),
            &[0xff; 12]
        );
        assert_eq!(
            Nonce::<12>::from_counter(1 << 96),
            Err(Error::NonceExhausted)
        );
        assert_eq!(Nonce::<1>::from_counter(256), Err(Error::NonceExhausted));
        assert_eq!(
            Nonce::<16>::from_counter(u128::MAX).unwrap().to_counter(),
            u128::MAX
        );
        assert_eq!(Nonce::from_u128(7), Nonce::<16>::from_counter(7).unwrap());
        assert_eq!(
            Nonce::<8>::from_slice(&[0; 7]),
            Err(Error::InvalidNonceLength {
                expected: 8,
                got: 7
            })
        );
    }
}
