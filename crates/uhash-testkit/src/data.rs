//! Deterministic test inputs: word patterns and byte strings from a seed.

use crate::rng::{XorShift64, XorShift64Star};

/// `n` 32-bit words that vary in every bit position: word `i` is
/// `(i·0x9e3779b9 + seed)` rotated left by `i mod 31`.
#[must_use]
pub fn pattern(n: usize, seed: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| {
            i.wrapping_mul(0x9e37_79b9)
                .wrapping_add(seed)
                .rotate_left(i % 31)
        })
        .collect()
}

/// `len` pseudo-random bytes from `seed`: the low byte of each
/// [`XorShift64`] state.
#[must_use]
pub fn bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut r = XorShift64::new(seed);
    (0..len).map(|_| r.next_u64() as u8).collect()
}

/// Fills `buf` from `seed` with [`XorShift64Star`]'s outputs, 8 bytes
/// (little-endian) at a time.
pub fn fill(buf: &mut [u8], seed: u64) {
    XorShift64Star::new(seed).fill(buf);
}

/// `len` bytes of [`fill`].
#[must_use]
pub fn filled(len: usize, seed: u64) -> Vec<u8> {
    let mut b = vec![0u8; len];
    fill(&mut b, seed);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_rotates_the_multiples() {
        assert_eq!(
            pattern(3, 7),
            [
                7,
                0x9e37_79b9u32.wrapping_add(7).rotate_left(1),
                0x3c6e_f372u32.wrapping_add(7).rotate_left(2)
            ]
        );
    }

    #[test]
    fn bytes_are_the_low_state_bytes() {
        let mut s = 42u64 | 1;
        let want: Vec<u8> = (0..20)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s as u8
            })
            .collect();
        assert_eq!(bytes(20, 42), want);
    }

    #[test]
    fn filled_is_fill() {
        let mut b = [0u8; 13];
        fill(&mut b, 9);
        assert_eq!(filled(13, 9), b);
    }
}
