//! The Toeplitz construction (Etzel–Patel–Ramzan, **§4.1**): n outputs of
//! one vector function under key windows shifted by one element.

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args::{key_words, msg_elems};
use crate::kernels::Engine;
use crate::variant::Variant;

impl Engine {
    /// The Toeplitz construction (**§4.1**) over `v`: n = `out.len()` ≥ 1
    /// outputs, output r under the key window of elements r … r + k − 1
    /// (key: (k + n − 1)·W words).
    ///
    /// **Bound** (`docs/sqh-spec.md` §4): ε^n for SQH\*, SQHasm, SQHasm2
    /// (equal elements cancel exactly); for SQHc, SQHc2, SQHE only the
    /// one-row ε is proven.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n = 0), [`Error::InvalidMessageLength`],
    /// [`Error::KeyTooShort`].
    pub fn toeplitz<const W: usize>(
        self,
        v: Variant,
        key: &[u32],
        msg: &[u8],
        out: &mut [Elem<W>],
    ) -> Result<(), Error> {
        let k = msg_elems::<W>(msg)?;
        let needed = uhash_base::toeplitz::key_words_needed(k, out.len(), 1)?;
        let words = needed.checked_mul(W).ok_or(Error::InvalidParameter {
            name: "n",
            reason: "key length overflows usize",
        })?;
        key_words(key.len(), words)?;
        for (r, o) in out.iter_mut().enumerate() {
            *o = v.value::<W>(self, &key[r * W..], msg);
        }
        Ok(())
    }
}

/// [`Engine::toeplitz`] with the default backend ([`Engine::detect`])
/// (§4.1).
///
/// # Errors
/// As [`Engine::toeplitz`].
pub fn toeplitz<const W: usize>(
    v: Variant,
    key: &[u32],
    msg: &[u8],
    out: &mut [Elem<W>],
) -> Result<(), Error> {
    Engine::detect().toeplitz::<W>(v, key, msg, out)
}
