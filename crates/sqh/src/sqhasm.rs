//! SQHasm (Etzel–Patel–Ramzan, **Def. 9**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::{mod_2l, reduce_columns};

impl Engine {
    /// SQHasm (**Def. 9**): (Σ (mᵢ + xᵢ)² mod p) mod 2^L, of the k =
    /// `msg.len()/(4W)` elements of `msg` under the first k·W words of `key`
    /// (the crate's conventions: little-endian words, a longer key used by its
    /// prefix). Output: the L-bit value.
    ///
    /// **Bound**: ε = 3·2^-L-AΔU over Z/2^L (Thm. 6).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhasm<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHasm of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    mod_2l(&reduce_columns::<W>(&e.sum_squares::<W, true>(key, msg)))
}

/// [`Engine::sqhasm`] with the default backend ([`Engine::detect`]): SQHasm
/// (Def. 9), ε = 3·2^-L.
///
/// # Errors
/// As [`Engine::sqhasm`].
pub fn sqhasm<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhasm::<W>(key, msg)
}
