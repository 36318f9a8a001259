//! NH (Black–Halevi–Krawczyk–Krovetz–Rogaway, UMAC, CRYPTO 1999) with
//! 32-bit words over adjacent pairs, and its Toeplitz form.

use uhash_base::{Error, toeplitz};

use crate::args::{check_n, key_words, msg_words};
use crate::kernels::{Engine32, Kernels32};

impl Engine32 {
    /// NH (Black–Halevi–Krawczyk–Krovetz–Rogaway, UMAC, CRYPTO 1999) with
    /// 32-bit words over **adjacent** pairs:
    /// NH_K(M) = Σᵢ ((m_{2i−1} + k_{2i−1}) mod 2^32)·((m_{2i} + k_{2i}) mod
    /// 2^32) mod 2^64, for any even k = `msg.len()/4` ≥ 2. Key: at least k
    /// words. Output: 64 bits.
    ///
    /// **Bound** (UMAC paper, Theorem 1 for NH): ε-almost-universal
    /// (collisions only; NH is not Δ-universal) with ε = 2^-32.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn nh(self, key: &[u32], msg: &[u8]) -> Result<u64, Error> {
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), k)?;
        let [s] = self.nh_sums::<1>(key, msg);
        Ok(s)
    }

    /// NH with the Toeplitz construction (UMAC paper): n = `out.len()` ∈
    /// 1..=8 outputs, output r (0-based) is NH under the key shifted by 2r
    /// words (one word pair). Key: at least k + 2(n − 1) words. Output:
    /// n × 64 bits in `out`.
    ///
    /// **Bound** (UMAC paper, the Toeplitz theorem for NH): the n outputs
    /// collide together with probability at most 2^(−32n) (ε-AU, not AΔU).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n outside 1..=8),
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn nh_toeplitz(self, key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
        let n = out.len();
        check_n(n)?;
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), toeplitz::key_words_needed(k, n, 2)?)?;
        macro_rules! fill {
            ($($n:literal)+) => {
                match n {
                    $($n => out.copy_from_slice(&self.nh_sums::<$n>(key, msg)),)+
                    _ => {}
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
        Ok(())
    }
}

/// NH (UMAC) of `msg` (an even number k ≥ 2 of words, adjacent pairs)
/// under k key words; 64-bit output; ε = 2^-32-AU (UMAC, Theorem 1).
/// [`Engine32::nh`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh`].
pub fn nh(key: &[u32], msg: &[u8]) -> Result<u64, Error> {
    Engine32::detect().nh(key, msg)
}

/// Toeplitz NH: n = `out.len()` ∈ 1..=8 outputs of 64 bits, the key
/// shifted by two words per output (k + 2(n − 1) words); ε = 2^(−32n)-AU
/// (UMAC's Toeplitz theorem). [`Engine32::nh_toeplitz`] with the fastest
/// backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh_toeplitz`].
pub fn nh_toeplitz(key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
    Engine32::detect().nh_toeplitz(key, msg, out)
}
