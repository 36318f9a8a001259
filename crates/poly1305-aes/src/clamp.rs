//! The key r: the paper's constraint (Bernstein §2 "Keys") checked in
//! constant time, or applied ([`clamp_r`], RFC 8439's `clamp`), and r as
//! the two 64-bit limbs the kernels take.

use subtle::{Choice, ConstantTimeEq};

/// The reason of the [`crate::Error::InvalidKey`] for an r outside the
/// paper's 2^106 keys (worded as `uhash-ref`'s, so that `uhash kat` answers
/// alike).
pub(crate) const UNCLAMPED_R: &str = "r is not a Poly1305-AES key: r[3], r[7], r[11], r[15] must be < 16 \
     and r[4], r[8], r[12] must be multiples of 4";

/// The bits of r that may be set: r\[3\], r\[7\], r\[11\], r\[15\] < 16 and
/// r\[4\], r\[8\], r\[12\] ≡ 0 (mod 4).
const MASK: u128 = 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;

/// Puts 16 bytes r into the paper's key format (Bernstein, *The
/// Poly1305-AES message-authentication code*, §2 "Keys"): clears the top
/// four bits of r\[3\], r\[7\], r\[11\], r\[15\] and the bottom two bits of
/// r\[4\], r\[8\], r\[12\], leaving the other 106 bits as they are — RFC
/// 8439's `clamp(r)`, and the r that [`crate::Poly1305`] uses. Every
/// clamped r is one of the paper's 2^106 keys, so [`crate::Poly1305Aes::new`]
/// accepts it ([`crate::Poly1305Aes::new_clamped`] does both steps). Only
/// 106 of the 128 bits are key material: to make r from random bytes, draw
/// 16 uniform bytes and clamp them. No branch or memory index depends on r.
///
/// ```
/// let mut r = [0xff; 16];
/// poly1305_aes::clamp_r(&mut r);
/// assert_eq!(r, [
///     0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
///     0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
/// ]);
/// ```
pub fn clamp_r(r: &mut [u8; 16]) {
    *r = (u128::from_le_bytes(*r) & MASK).to_le_bytes();
}

/// Whether r is one of the paper's keys (no bit outside [`MASK`] set),
/// computed without a branch on r.
#[inline]
pub(crate) fn r_is_valid(r: &[u8; 16]) -> Choice {
    let bad = u128::from_le_bytes(*r) & !MASK;
    (bad as u64 | (bad >> 64) as u64).ct_eq(&0)
}

/// The clamped r as two little-endian 64-bit limbs, and whether r already
/// satisfied the paper's constraint (so that the limbs are r itself).
/// Branch-free: the caller decides once, on the [`Choice`], whether to
/// reject the key (revealing only that it is invalid, which the error
/// reveals anyway).
#[inline]
pub(crate) fn r_limbs_checked(r: &[u8; 16]) -> ([u64; 2], Choice) {
    (r_limbs_clamped(r), r_is_valid(r))
}

/// `clamp(r)` (RFC 8439) as two little-endian 64-bit limbs.
///
/// Each limb is read with its own 8-byte load into a general register (the
/// barrier keeps the optimiser from merging the two into one 16-byte vector
/// load): a caller that has just written part of the key with 8-byte stores
/// (a counter in its first word, as a fresh key per message often is) then
/// gets its bytes by store-to-load forwarding. A 16-byte load across an
/// 8-byte store cannot be forwarded: it waits until the store has left the
/// core, and the whole previous message with it (measured some 30 cycles
/// per fresh key).
#[inline]
pub(crate) fn r_limbs_clamped(r: &[u8; 16]) -> [u64; 2] {
    let (lo, hi) = r.split_at(8);
    let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    [
        uhash_base::ct::barrier_u64(word(lo)) & MASK as u64,
        uhash_base::ct::barrier_u64(word(hi)) & (MASK >> 64) as u64,
    ]
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// The format against the big-integer reference's `clamp` and its
    /// validity test (`uhash_ref::poly1305`), and the check against both.
    #[test]
    fn clamp_and_check_match_the_reference() {
        let mut rng = uhash_testkit::rng::XorShift64::new(0x0123_4567_89ab_cdef);
        let mut next = move || rng.next_u64();
        let mut cases: std::vec::Vec<[u8; 16]> = std::vec![[0; 16], [0xff; 16]];
        for _ in 0..2000 {
            let mut r = [0u8; 16];
            r[..8].copy_from_slice(&next().to_le_bytes());
            r[8..].copy_from_slice(&next().to_le_bytes());
            cases.push(r);
        }
        // one forbidden bit at a time, on an otherwise clamped r
        for bit in 0..128 {
            if MASK >> bit & 1 == 0 {
                cases.push((MASK | 1 << bit).to_le_bytes());
            }
        }
        for r in cases {
            let mut c = r;
            clamp_r(&mut c);
            assert_eq!(c, uhash_ref::poly1305::clamp(&r), "{r:02x?}");
            assert!(uhash_ref::poly1305::r_is_clamped(&c));
            let want = uhash_ref::poly1305::r_is_clamped(&r);
            assert_eq!(bool::from(r_is_valid(&r)), want, "{r:02x?}");
            let (limbs, ok) = r_limbs_checked(&r);
            assert_eq!(bool::from(ok), want);
            assert_eq!(limbs, r_limbs_clamped(&c));
            assert!(bool::from(r_is_valid(&c)));
        }
        assert_eq!(MASK.count_ones(), 106);
    }
}
