//! L3-HASH (RFC 4418 **§5.3.1**): the 16-byte B as eight big-endian 16-bit
//! words P₁…P₈, y = Σ Qᵢ·Pᵢ mod (2^36 − 5) with Qᵢ the eight big-endian
//! 64-bit words of the 64-byte key reduced mod 2^36 − 5 (at key setup),
//! then (y mod 2^32) xor K2 (4 bytes, big-endian). The sum stays below
//! 8·2^36·2^16 = 2^55: one reduction at the end.

use uhash_base::p36m5;
use zeroize::Zeroize;

use crate::kdf;

/// One iteration's L3 keys (K2 held in a `u64`: no padding bytes, which a
/// move would fill from the stack).
#[derive(Clone, Copy, Default)]
pub(crate) struct L3Key {
    q: [u64; 8],
    k2: u64,
}

impl Zeroize for L3Key {
    fn zeroize(&mut self) {
        self.q.zeroize();
        self.k2.zeroize();
    }
}

impl L3Key {
    /// The N iterations' keys from `KDF(K, 3, 64·N)` and `KDF(K, 4, 4·N)`,
    /// written in place.
    pub(crate) fn fill<const N: usize>(keys: &mut [Self; N], kdf: &kdf::Keys) {
        let (q, k2) = (kdf.bytes(kdf::L3_1), kdf.bytes(kdf::L3_2));
        for (i, key) in keys.iter_mut().enumerate() {
            for (j, w) in q[64 * i..64 * i + 64].as_chunks::<8>().0.iter().enumerate() {
                key.q[j] = p36m5::reduce(u64::from_be_bytes(*w));
            }
            let w = &k2[4 * i..4 * i + 4];
            key.k2 = u64::from(u32::from_be_bytes([w[0], w[1], w[2], w[3]]));
        }
    }

    /// L3-HASH of B (as a 128-bit big-endian integer): 32 bits.
    #[inline(always)]
    pub(crate) fn hash(&self, b: u128) -> u32 {
        let mut y = 0u64;
        for (i, q) in self.q.iter().enumerate() {
            y += q * ((b >> (112 - 16 * i)) as u64 & 0xffff);
        }
        (p36m5::reduce(y) ^ self.k2) as u32
    }
}
