//! SQHc (Etzel–Patel–Ramzan, **Def. 11**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::reduce_limbs;

impl Engine {
    /// SQHc (**Def. 11**): C₂w₊₁(Σ (mᵢ + xᵢ)²) mod p, C summing each of the
    /// 2w+1 words of the exact squares mod 2^32 (no carries between words, none
    /// out of the top), of the k = `msg.len()/(4W)` elements of `msg` under the
    /// first k·W words of `key` (the crate's conventions: little-endian words,
    /// a longer key used by its prefix). Output in Z_p.
    ///
    /// **Bound**: ε = 3^(2w+1)·2^-L-AΔU over Z_p (Thm. 8 with 2w+1 words;
    /// `docs/sqh-spec.md` §4).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhc<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHc of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    reduce_limbs::<W>(&e.c_words::<W>(key, msg)[..=2 * W])
}

/// [`Engine::sqhc`] with the default backend ([`Engine::detect`]): SQHc (Def.
/// 11), ε = 3^(2w+1)·2^-L.
///
/// # Errors
/// As [`Engine::sqhc`].
pub fn sqhc<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhc::<W>(key, msg)
}
