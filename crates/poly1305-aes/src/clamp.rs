//! The key r: the paper's constraint (Bernstein §2 "Keys") checked, or
//! RFC 8439's clamp applied, and r as the two 64-bit limbs the kernels
//! take.

/// The reason of the [`crate::Error::InvalidKey`] for an r outside the
/// paper's 2^106 keys (worded as `uhash-ref`'s, so that `uhash kat` answers
/// alike).
pub(crate) const UNCLAMPED_R: &str = "r is not a Poly1305-AES key: r[3], r[7], r[11], r[15] must be < 16 \
     and r[4], r[8], r[12] must be multiples of 4";

/// The bits of r that may be set: r\[3\], r\[7\], r\[11\], r\[15\] < 16 and
/// r\[4\], r\[8\], r\[12\] ≡ 0 (mod 4).
const MASK: u128 = 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;

/// The clamped r as two little-endian 64-bit limbs, or `None` if a bit
/// that Bernstein §2 requires to be 0 is set.
#[inline]
pub(crate) fn r_limbs_checked(r: &[u8; 16]) -> Option<[u64; 2]> {
    let v = u128::from_le_bytes(*r);
    // Not secret-dependent in a way that matters: the key is rejected as a
    // whole, and the test is a single comparison of the masked bits.
    (v & !MASK == 0).then_some([v as u64, (v >> 64) as u64])
}

/// `clamp(r)` (RFC 8439) as two little-endian 64-bit limbs.
#[inline]
pub(crate) fn r_limbs_clamped(r: &[u8; 16]) -> [u64; 2] {
    let v = u128::from_le_bytes(*r) & MASK;
    [v as u64, (v >> 64) as u64]
}
