//! MMH64: MMH with 64-bit words and p = 2^64 + 13 (Halevi–Krawczyk §3.2).

use uhash_base::{Error, p64};

use crate::args::{key_words, msg_words};
use crate::kernels::{Engine64, Kernels64};

impl Engine64 {
    /// MMH64 (MMH paper **§3.2**: "working on 64-bit words using a prime
    /// modulus which is slightly larger than 2^64 – e.g. 2^64 + 13"), with
    /// Definition 5's two modifications at double width:
    /// h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^128] mod (2^64+13)] mod 2^64, for any
    /// k = `msg.len()/8` ≥ 1 words. Key: at least k 64-bit words. Output: 64
    /// bits.
    ///
    /// **Bound** (derived in the [crate docs](crate#mmh64), the argument of
    /// Lemma 7 and Theorem 8 with 64-bit words): ε-AΔU mod 2^64 with
    /// ε ≤ 6·2^-64.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole non-zero number of 64-bit
    /// words), [`Error::KeyTooShort`].
    pub fn mmh64(self, key: &[u64], msg: &[u8]) -> Result<u64, Error> {
        let k = msg_words(msg, 8, false)?;
        key_words(key.len(), k)?;
        Ok(p64::reduce(self.mmh64_sum(key, msg)) as u64)
    }
}

/// MMH64 (§3.2, p = 2^64 + 13) of `msg` (k ≥ 1 little-endian 64-bit
/// words) under k key words; 64-bit output; ε = 6·2^-64-AΔU (crate docs).
/// [`Engine64::mmh64`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine64::mmh64`].
pub fn mmh64(key: &[u64], msg: &[u8]) -> Result<u64, Error> {
    Engine64::detect().mmh64(key, msg)
}
