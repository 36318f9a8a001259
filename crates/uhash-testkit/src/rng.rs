//! The small seeded generators of the tests, benches and fuzz targets:
//! reproducible inputs, not cryptographic ones. Each keeps the exact
//! stream its former copies produced, so that values a test pins stay.

/// SplitMix64 (Steele, Lea and Flood), from the reference crate, where
/// the tool's ε lab draws from it too.
pub use uhash_ref::splitmix64::SplitMix64;

/// Marsaglia's xorshift64 (shifts 13, 7, 17), from `seed | 1`.
#[derive(Clone, Debug)]
pub struct XorShift64(u64);

impl XorShift64 {
    /// The stream of `seed` (the low bit set, so that the state is never 0).
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    /// The next state.
    pub fn next_u64(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }
}

/// Vigna's xorshift64* (shifts 12, 25, 27; the state times
/// `0x2545f4914f6cdd1d`), from `seed | 1`.
#[derive(Clone, Debug)]
pub struct XorShift64Star(u64);

impl XorShift64Star {
    /// The stream of `seed` (the low bit set, so that the state is never 0).
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        self.0 = s;
        s.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Fills `out`, 8 bytes (one output, little-endian) at a time.
    pub fn fill(&mut self, out: &mut [u8]) {
        fill_with(out, || self.next_u64());
    }
}

/// Fills `out` with `next()`'s words, little-endian, the last one cut.
fn fill_with(out: &mut [u8], mut next: impl FnMut() -> u64) {
    for c in out.chunks_mut(8) {
        c.copy_from_slice(&next().to_le_bytes()[..c.len()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_outputs() {
        // Seed 0: the published first outputs of SplitMix64.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn fill_cuts_the_last_word() {
        let mut a = [0u8; 11];
        SplitMix64::new(5).fill(&mut a);
        let mut r = SplitMix64::new(5);
        let (w0, w1) = (r.next_u64().to_le_bytes(), r.next_u64().to_le_bytes());
        assert_eq!(a[..8], w0);
        assert_eq!(a[8..], w1[..3]);
    }

    #[test]
    fn xorshift_states_never_zero() {
        assert_ne!(XorShift64::new(0).next_u64(), 0);
        assert_ne!(XorShift64Star::new(0).next_u64(), 0);
    }
}
