//! MMH32 (Halevi–Krawczyk, **Definition 5**) and its Toeplitz form (§2.4).

use uhash_base::{Error, p32, toeplitz};

use crate::args::{MAX_N, check_n, key_words, msg_words};
use crate::kernels::{Engine32, Kernels32};

impl Engine32 {
    /// MMH32 (MMH paper, **Definition 5**):
    /// h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^64] mod (2^32+15)] mod 2^32, for any
    /// k = `msg.len()/4` ≥ 1 words (the paper fixes k = 32; §3.1 says the
    /// approach is general). Key: at least k words, the first k are used.
    /// Output: 32 bits.
    ///
    /// **Bound** (Theorem 8, whose proof holds for any k): ε-AΔU with respect
    /// to subtraction mod 2^32, ε ≤ 6·2^-32, over a uniform key.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole non-zero number of
    /// words), [`Error::KeyTooShort`] (fewer than k key words).
    pub fn mmh32(self, key: &[u32], msg: &[u8]) -> Result<u32, Error> {
        let k = msg_words(msg, 4, false)?;
        key_words(key.len(), k)?;
        let [s] = self.mmh32_sums::<1>(key, msg);
        Ok(p32::reduce_to_u32(s))
    }

    /// MMH32 with the Toeplitz construction (MMH **§2.4**): n = `out.len()`
    /// ∈ 1..=8 outputs, output r (0-based) is MMH32 under the key shifted by
    /// r words, ⟨x_{r+1}, …, x_{r+k}⟩. Key: at least k + n − 1 words. Output:
    /// n × 32 bits in `out`.
    ///
    /// **Bound** (derived in the [crate docs](crate#toeplitz-mmh32)):
    /// ε-AΔU on (Z/2^32)^n with ε ≤ 2·4^(n−1)·3^n·2^(−32n) = ½·12^n·2^(−32n)
    /// (6·2^-32 for n = 1, 72·2^-64 for n = 2).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n outside 1..=8),
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn mmh32_toeplitz(self, key: &[u32], msg: &[u8], out: &mut [u32]) -> Result<(), Error> {
        let n = out.len();
        check_n(n)?;
        let k = msg_words(msg, 4, false)?;
        key_words(key.len(), toeplitz::key_words_needed(k, n, 1)?)?;
        let mut sums = [0u64; MAX_N];
        macro_rules! fill {
            ($($n:literal)+) => {
                match n {
                    $($n => sums[..$n].copy_from_slice(&self.mmh32_sums::<$n>(key, msg)),)+
                    _ => {}
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
        for (o, s) in out.iter_mut().zip(sums) {
            *o = p32::reduce_to_u32(s);
        }
        Ok(())
    }
}

/// MMH32 (Definition 5) of `msg` (k = `msg.len()/4` ≥ 1 little-endian
/// words) under the first k words of `key`; 32-bit output; ε = 6·2^-32-AΔU
/// (Theorem 8). [`Engine32::mmh32`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::mmh32`].
pub fn mmh32(key: &[u32], msg: &[u8]) -> Result<u32, Error> {
    Engine32::detect().mmh32(key, msg)
}

/// Toeplitz MMH32 (§2.4): n = `out.len()` ∈ 1..=8 outputs of 32 bits, key
/// k + n − 1 words; ε = ½·12^n·2^(−32n)-AΔU (crate docs).
/// [`Engine32::mmh32_toeplitz`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::mmh32_toeplitz`].
pub fn mmh32_toeplitz(key: &[u32], msg: &[u8], out: &mut [u32]) -> Result<(), Error> {
    Engine32::detect().mmh32_toeplitz(key, msg, out)
}
