//! [`ShortCode`]: a short digest′ output (§5) as humans compare it.

use core::fmt;

use subtle::ConstantTimeEq;
use uhash_base::Error;

/// A short digest′ output as humans compare it: b = 16 or 32 bits, shown
/// as zero-padded decimal digits (5 for b = 16, `"01234"`; 10 for b = 32,
/// in two groups, `"01234 56789"`) by `Display`. Equality
/// ([`ShortCode::ct_eq`], `==`) is constant-time.
#[derive(Clone, Copy, Debug, Eq)]
pub struct ShortCode {
    value: u32,
    bits: u32,
}

impl ShortCode {
    /// A code of `bits` ∈ {16, 32} bits.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for other widths or a value that does not
    /// fit.
    pub fn new(value: u32, bits: u32) -> Result<Self, Error> {
        if (bits != 16 && bits != 32) || (bits == 16 && value > 0xffff) {
            return Err(Error::InvalidParameter {
                name: "bits",
                reason: "a short code has 16 or 32 bits and a value below 2^bits",
            });
        }
        Ok(Self { value, bits })
    }

    /// A code computed by digest′ (`bits` is 16 or 32, `value` below
    /// 2^bits).
    pub(crate) const fn from_digest(value: u32, bits: u32) -> Self {
        Self { value, bits }
    }

    /// The numeric value.
    #[must_use]
    pub const fn value(self) -> u32 {
        self.value
    }

    /// The width b in bits.
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.bits
    }

    /// The number of decimal digits shown: 5 (b = 16) or 10 (b = 32).
    #[must_use]
    pub const fn digit_count(self) -> usize {
        if self.bits == 16 { 5 } else { 10 }
    }

    /// The digits, most significant first (zero-padded), as ASCII.
    #[must_use]
    pub fn digits(self) -> [u8; 10] {
        let mut out = [b'0'; 10];
        let mut v = self.value;
        for d in out[..self.digit_count()].iter_mut().rev() {
            *d = b'0' + (v % 10) as u8;
            v /= 10;
        }
        out
    }

    /// The code a human typed: decimal digits, ignoring spaces and `-`,
    /// exactly as many digits as [`ShortCode::digit_count`] for `bits`.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for another character, digit count or an
    /// out-of-range value.
    pub fn parse(text: &str, bits: u32) -> Result<Self, Error> {
        let bad = Error::InvalidParameter {
            name: "code",
            reason: "expected the code's decimal digits (spaces and '-' are ignored)",
        };
        let want = if bits == 16 { 5 } else { 10 };
        let mut v = 0u64;
        let mut count = 0usize;
        for c in text.chars() {
            match c {
                ' ' | '-' => {}
                '0'..='9' => {
                    v = v * 10 + u64::from(c as u8 - b'0');
                    count += 1;
                    if count > want {
                        return Err(bad);
                    }
                }
                _ => return Err(bad),
            }
        }
        if count != want {
            return Err(bad);
        }
        let value = u32::try_from(v).map_err(|_| bad)?;
        Self::new(value, bits)
    }

    /// Constant-time equality (value and width).
    #[must_use]
    pub fn ct_eq(&self, other: &Self) -> bool {
        (self.value.ct_eq(&other.value) & self.bits.ct_eq(&other.bits)).into()
    }
}

impl PartialEq for ShortCode {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other)
    }
}

impl fmt::Display for ShortCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.digits();
        let n = self.digit_count();
        let s = |r: core::ops::Range<usize>| core::str::from_utf8(&d[r]).unwrap_or("?");
        if n == 10 {
            write!(f, "{} {}", s(0..5), s(5..10))
        } else {
            f.write_str(s(0..5))
        }
    }
}
