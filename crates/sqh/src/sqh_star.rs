//! SQH\* (Etzel–Patel–Ramzan, **Def. 7**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::reduce_columns;

impl Engine {
    /// SQH\* (**Def. 7**): Σ (mᵢ + xᵢ)² mod p, of the k = `msg.len()/(4W)`
    /// elements of `msg` under the first k·W words of `key` (the crate's
    /// conventions: little-endian words, a longer key used by its prefix).
    /// Output in Z_p.
    ///
    /// **Bound**: ε = 2^-L-AΔU over Z_p (Thm. 4).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqh_star<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQH\* of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    reduce_columns::<W>(&e.sum_squares::<W, true>(key, msg))
}

/// [`Engine::sqh_star`] with the default backend ([`Engine::detect`]): SQH\*
/// (Def. 7), ε = 2^-L.
///
/// # Errors
/// As [`Engine::sqh_star`].
pub fn sqh_star<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqh_star::<W>(key, msg)
}
