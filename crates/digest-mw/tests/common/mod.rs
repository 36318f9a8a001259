//! Helpers shared by the integration tests.

/// `n` words that vary in every bit position (a multiplicative pattern,
/// rotated), from `seed`.
pub fn pattern(n: usize, seed: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| {
            i.wrapping_mul(0x9e37_79b9)
                .wrapping_add(seed)
                .rotate_left(i % 31)
        })
        .collect()
}
