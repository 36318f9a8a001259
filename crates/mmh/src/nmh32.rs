//! NMH32 (Halevi–Krawczyk, **Definition 10**).

use uhash_base::{Error, p32};

use crate::args::{key_words, msg_words};
use crate::kernels::{Engine32, Kernels32};

impl Engine32 {
    /// NMH32 (MMH paper, **Definition 10**):
    /// h_x(m) = [[[Σᵢ (m_{2i−1} ± x_{2i−1})(m_{2i} ± x_{2i})] mod 2^64]
    /// mod (2^32+15)] mod 2^32, ± being addition mod 2^32, for any even
    /// k = `msg.len()/4` ≥ 2. Key: at least k words. Output: 32 bits.
    ///
    /// **Bound** (derived in the [crate docs](crate#nmh32); the paper only
    /// says "ε close to 2^-32"): ε-AΔU mod 2^32 with ε ≤ 12·2^-32.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole, even, non-zero number of
    /// words), [`Error::KeyTooShort`].
    pub fn nmh32(self, key: &[u32], msg: &[u8]) -> Result<u32, Error> {
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), k)?;
        let [s] = self.nh_sums::<1>(key, msg);
        Ok(p32::reduce_to_u32(s))
    }
}

/// NMH32 (Definition 10) of `msg` (an even number k ≥ 2 of words) under k
/// key words; 32-bit output; ε = 12·2^-32-AΔU (crate docs).
/// [`Engine32::nmh32`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nmh32`].
pub fn nmh32(key: &[u32], msg: &[u8]) -> Result<u32, Error> {
    Engine32::detect().nmh32(key, msg)
}
