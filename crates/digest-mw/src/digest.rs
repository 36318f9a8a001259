//! digest (Nguyen–Roscoe **Eq. (1), Theorem 1**): one output word.

use uhash_base::Error;

use crate::kernels::Engine;
use crate::word::Word;

impl Engine {
    /// digest (Nguyen–Roscoe **Eq. (1), Theorem 1**):
    ///
    /// digest(k, m) = Σ_{i=1}^{t} [m_i·k_i + (m_i·k_{i+1} div 2^b)] mod 2^b,
    ///
    /// with b-bit words, key k₁ … k_{t+1} ("an (M + b)-bit key"), b-bit
    /// output: digestMW with n = 1.
    ///
    /// **Bound** (Theorem 1, any t, b ≥ 1): ε_c = 2^(1−b) on equal-length
    /// inputs, ε_d = 2^(−b); both tight (§3.2 Remarks: for b = 7 the worst
    /// pair collides with probability 1.875·2^-7).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`] (fewer than
    /// t + 1 key words).
    pub fn digest<W: Word>(self, key: &[W], msg: &[u8]) -> Result<W, Error> {
        let mut out = [W::default()];
        self.digest_mw(key, msg, &mut out)?;
        Ok(out[0])
    }
}

/// digest (Eq. (1), Theorem 1: ε_c = 2^(1−b), ε_d = 2^(−b)) of `msg`
/// (t ≥ 1 little-endian b-bit words, b = 16, 32 or 64 by the key's word
/// type) under key words k₁ … k_{t+1}; b-bit output.
/// [`Engine::digest`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine::digest`].
pub fn digest<W: Word>(key: &[W], msg: &[u8]) -> Result<W, Error> {
    Engine::detect().digest(key, msg)
}
