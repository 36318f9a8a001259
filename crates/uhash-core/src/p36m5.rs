//! Arithmetic modulo p = 2^36 − 5 (UMAC's L3 hash, RFC 4418 §5.3).
//!
//! From 2^36 ≡ 5 (mod p), x = 2^36·h + l ≡ l + 5·h; for a 64-bit x that is
//! below 2p, so one subtraction under a mask finishes (no branch, no
//! table).

use crate::ct;

/// The prime 2^36 − 5.
pub const P36M5: u64 = (1 << 36) - 5;

/// x mod (2^36 − 5) for every 64-bit x.
#[inline(always)]
#[must_use]
pub fn reduce(x: u64) -> u64 {
    // h < 2^28: l + 5h < 2^36 + 5·2^28 < 2p.
    let t = (x & ((1 << 36) - 1)) + 5 * (x >> 36);
    ct::sub_if_ge_u64(t, P36M5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries() {
        assert_eq!(reduce(0), 0);
        assert_eq!(reduce(P36M5 - 1), P36M5 - 1);
        assert_eq!(reduce(P36M5), 0);
        assert_eq!(reduce(1 << 36), 5);
        assert_eq!(reduce(u64::MAX), u64::MAX % P36M5);
        for x in [2 * P36M5 - 1, 2 * P36M5, 17 * P36M5 + 3] {
            assert_eq!(reduce(x), x % P36M5);
        }
    }
}
