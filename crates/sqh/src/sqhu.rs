//! SQHU (Etzel–Patel–Ramzan, **Def. 5**): SQH made strongly universal.

use subtle::ConstantTimeEq;
use uhash_base::Error;
use uhash_base::pw::Elem;
use uhash_base::strong::Strong;

use crate::args;
use crate::kernels::Engine;

impl Engine {
    /// SQHU (**Def. 5**): h_{x,b}(m) = ((m + x)² + b) mod p, built with
    /// Lemma 1's adapter ([`Strong`]) over [`Engine::sqh`]. Key: x
    /// (`key[..W]`) ‖ b (`key[W..2W+1]`, W+1 little-endian words, b < p).
    ///
    /// **Bound** (Thm. 2 via Lemma 1, keys x < 2^L, b uniform in Z_p):
    /// Pr[h(m) = α ∧ h(m′) = β] ≤ 2^-L/p.
    ///
    /// The work does not depend on b: the hash is computed whatever b is,
    /// b < p is tested in constant time, and the one branch on it is the
    /// final choice between the output and [`Error::InvalidKey`], which
    /// reveals only what the result itself does (whether the key is
    /// valid).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`] (fewer than
    /// 2W + 1 words), [`Error::InvalidKey`] when b ≥ p.
    pub fn sqhu<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::one_element::<W>(msg, "SQHU takes exactly one 4w-byte element")?;
        args::key_words(key.len(), 2 * W + 1)?;
        let b_words = &key[W..=2 * W];
        let b = Elem::<W>::from_limbs_reduced(b_words);
        let valid = b.limbs().ct_eq(b_words);
        let x = &key[..W];
        let out = Strong::new(|m: &[u8]| self.sqh::<W>(x, m), b).hash(msg)?;
        if bool::from(valid) {
            Ok(out)
        } else {
            Err(Error::InvalidKey {
                reason: "SQHU's b must be below p",
            })
        }
    }
}

/// [`Engine::sqhu`] with the default backend ([`Engine::detect`]): SQHU
/// (Def. 5), strongly universal.
///
/// # Errors
/// As [`Engine::sqhu`].
pub fn sqhu<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhu::<W>(key, msg)
}
