//! A wrapper for key material: zeroized on drop, never printed.

use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop};

/// Key material of type `T`.
///
/// * `Drop` overwrites it ([`zeroize`], field by field as `T` defines);
/// * `Debug` prints `Secret(..)`, never the bytes;
/// * equality, where offered, is constant-time ([`subtle`]).
///
/// Note: moving a value copies its bytes, and the compiler may leave copies
/// in registers or on the stack; zeroize-on-drop clears the final home only.
/// Keep long-lived keys in one place (e.g. inside a boxed or pinned state).
#[derive(Clone, Default)]
pub struct Secret<T: Zeroize>(T);

impl<T: Zeroize> Secret<T> {
    /// Wrap a value.
    pub const fn new(value: T) -> Self {
        Self(value)
    }

    /// Borrow the secret.
    pub fn expose(&self) -> &T {
        &self.0
    }

    /// Borrow the secret mutably.
    pub fn expose_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Zeroize> Drop for Secret<T> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<T: Zeroize> ZeroizeOnDrop for Secret<T> {}

impl<T: Zeroize> core::fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl<T: Zeroize + AsRef<[u8]>> ConstantTimeEq for Secret<T> {
    /// Constant-time in the contents; lengths are public.
    fn ct_eq(&self, other: &Self) -> subtle::Choice {
        self.0.as_ref().ct_eq(other.0.as_ref())
    }
}

impl<T: Zeroize> From<T> for Secret<T> {
    fn from(value: T) -> Self {
        Self(value)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::format;

    #[test]
    fn debug_hides_and_drop_zeroizes() {
        let s = Secret::new([0xA5u8; 16]);
        assert_eq!(format!("{s:?}"), "Secret(..)");
        assert!(bool::from(s.ct_eq(&Secret::new([0xA5u8; 16]))));
        assert!(!bool::from(s.ct_eq(&Secret::new([0xA4u8; 16]))));
        // Drop must call zeroize on the wrapped value: observe it with a probe.
        struct Probe<'a>(&'a core::cell::Cell<u32>);
        impl Zeroize for Probe<'_> {
            fn zeroize(&mut self) {
                self.0.set(self.0.get() + 1);
            }
        }
        let calls = core::cell::Cell::new(0);
        drop(Secret::new(Probe(&calls)));
        assert_eq!(calls.get(), 1);
    }
}
