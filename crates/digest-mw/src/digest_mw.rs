//! digestMW (Nguyen–Roscoe **§3.3, Fig. 2, Theorem 3**): n output words.

use uhash_base::Error;

use crate::args::{check_key, check_n, msg_words};
use crate::backend::soft;
use crate::kernels::{Engine, Kernels};
use crate::word::Word;

impl Engine {
    /// digestMW (Nguyen–Roscoe **§3.3, Fig. 2, Theorem 3**) with
    /// n = `out.len()` ≥ 1 output words of b bits:
    ///
    /// d_i = Σ_{j=1}^{t} [m_j·k_{i+j−1} + (m_j·k_{i+j} div 2^b)] mod 2^b,
    /// i = 1..n, and `out` = ⟨d₁, …, d_n⟩.
    ///
    /// Key: t + n words ("an (M + bn)-bit key"). Each word product
    /// m_j·k_{j+s} serves two adjacent outputs (its low half d_{s+1}, its
    /// high half d_s), so a message word costs n + 1 multiplications.
    ///
    /// **Bound** (Theorem 3): for equal-length m ≠ m′, over a uniform key,
    /// Pr(collision) ≤ ε_c = 2^(n−nb) and Pr(digestMW = y) ≤ ε_d = 2^(−nb)
    /// (§3.3 Remarks: the proof also gives ε_c-AΔU).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n = 0), [`Error::InvalidMessageLength`]
    /// (not a whole, non-zero number of words), [`Error::KeyTooShort`]
    /// (fewer than t + n key words).
    pub fn digest_mw<W: Word>(self, key: &[W], msg: &[u8], out: &mut [W]) -> Result<(), Error> {
        check_n(out.len())?;
        let t = msg_words::<W>(msg)?;
        check_key(key.len(), t, out.len())?;
        self.mw_sums(key, msg, out);
        Ok(())
    }

    /// The digestMW sums into `out` (lengths already checked): b = 32 with
    /// n ≤ 8 through the engine's kernel, every other case through the
    /// portable grouped code.
    pub(crate) fn mw_sums<W: Word>(self, key: &[W], msg: &[u8], out: &mut [W]) {
        let (Some(key32), Some(out32)) = (W::as_u32(key), W::as_u32_mut(out)) else {
            return soft::mw_sums_generic(key, msg, out);
        };
        macro_rules! fill {
            ($($n:literal)+) => {
                match out32.len() {
                    $($n => out32.copy_from_slice(&self.mw32_sums::<$n>(key32, msg)),)+
                    _ => soft::mw_sums_generic(key32, msg, out32),
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
    }
}

/// digestMW (§3.3, Theorem 3: ε_c = 2^(n−nb), ε_d = 2^(−nb)) with
/// n = `out.len()` output words, key t + n words.
/// [`Engine::digest_mw`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine::digest_mw`].
pub fn digest_mw<W: Word>(key: &[W], msg: &[u8], out: &mut [W]) -> Result<(), Error> {
    Engine::detect().digest_mw(key, msg, out)
}
