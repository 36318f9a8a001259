//! SplitMix64 (Steele, Lea, Flood, *Fast Splittable Pseudorandom Number
//! Generators*, OOPSLA 2014): the small seeded generator behind the
//! reproducible inputs of the tests, the benches and the tool's ε lab. Not
//! a cryptographic generator: never a key or a nonce.

/// SplitMix64: the state steps by the golden ratio and each output is the
/// state mixed.
///
/// ```
/// use uhash_ref::splitmix64::SplitMix64;
/// let mut r = SplitMix64::new(0);
/// assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream of `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Fills `out`, 8 bytes (one output, little-endian) at a time, the
    /// last output cut.
    pub fn fill(&mut self, out: &mut [u8]) {
        for c in out.chunks_mut(8) {
            c.copy_from_slice(&self.next_u64().to_le_bytes()[..c.len()]);
        }
    }
}
