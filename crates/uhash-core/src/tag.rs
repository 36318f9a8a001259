//! [`Tag<N>`]: the N-byte authentication tag every MAC of the workspace
//! returns, compared in constant time.

use crate::Error;
use subtle::ConstantTimeEq;

/// An `N`-byte authentication tag. Equality is constant-time in the
/// contents ([`subtle`]); `Debug` prints the tag in hex (a tag is public).
#[derive(Clone, Copy)]
pub struct Tag<const N: usize>([u8; N]);

impl<const N: usize> Tag<N> {
    /// The tag with these bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; N]) -> Self {
        Self(bytes)
    }

    /// The tag with these bytes (e.g. as received).
    ///
    /// # Errors
    /// [`Error::InvalidTagLength`] unless `bytes` is `N` bytes long.
    pub fn from_slice(bytes: &[u8]) -> Result<Self, Error> {
        bytes
            .try_into()
            .map(Self)
            .map_err(|_| Error::InvalidTagLength {
                expected: N,
                got: bytes.len(),
            })
    }

    /// The bytes.
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.0
    }

    /// The bytes, by value.
    #[must_use]
    pub const fn into_bytes(self) -> [u8; N] {
        self.0
    }
}

impl<const N: usize> Default for Tag<N> {
    fn default() -> Self {
        Self([0; N])
    }
}

impl<const N: usize> From<[u8; N]> for Tag<N> {
    fn from(b: [u8; N]) -> Self {
        Self(b)
    }
}

impl<const N: usize> From<Tag<N>> for [u8; N] {
    fn from(t: Tag<N>) -> Self {
        t.0
    }
}

impl<const N: usize> AsRef<[u8]> for Tag<N> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> AsMut<[u8]> for Tag<N> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl<const N: usize> ConstantTimeEq for Tag<N> {
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<const N: usize> PartialEq for Tag<N> {
    /// Constant-time.
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}

impl<const N: usize> Eq for Tag<N> {}

impl<const N: usize> PartialEq<[u8; N]> for Tag<N> {
    /// Constant-time.
    fn eq(&self, other: &[u8; N]) -> bool {
        self.0.ct_eq(other).into()
    }
}

impl<const N: usize> core::fmt::Debug for Tag<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Tag(")?;
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

/// What a MAC needs of its tag type: the bytes, a zero value, a
/// constant-time comparison. Implemented by every [`Tag<N>`].
pub trait TagBytes:
    Copy + Default + AsRef<[u8]> + AsMut<[u8]> + ConstantTimeEq + core::fmt::Debug + Eq
{
    /// The tag's size in bytes.
    const LEN: usize;
}

impl<const N: usize> TagBytes for Tag<N> {
    const LEN: usize = N;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_and_comparison() {
        let t = Tag::from_bytes([1u8, 2, 3, 4]);
        assert_eq!(Tag::<4>::from_slice(&[1, 2, 3, 4]), Ok(t));
        assert_eq!(
            Tag::<4>::from_slice(&[1, 2, 3]),
            Err(Error::InvalidTagLength {
                expected: 4,
                got: 3
            })
        );
        assert!(t == [1, 2, 3, 4]);
        assert!(t != Tag::from_bytes([1, 2, 3, 5]));
        extern crate std;
        assert_eq!(std::format!("{t:?}"), "Tag(01020304)");
    }
}
