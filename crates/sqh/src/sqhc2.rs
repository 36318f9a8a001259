//! SQHc2 (Etzel–Patel–Ramzan, **Def. 12**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::reduce_c2;

impl Engine {
    /// SQHc2 (**Def. 12**): C₂w₊₁(Σ C2((mᵢ + xᵢ)²)) mod p, C2 the schoolbook
    /// column square with each column mod 2^32 (exact sums: w+1 limbs, 2w+1
    /// columns), of the k = `msg.len()/(4W)` elements of `msg` under the first
    /// k·W words of `key` (the crate's conventions: little-endian words, a
    /// longer key used by its prefix). Output in Z_p.
    ///
    /// **Bound**: ε = N_c2·2^-L-AΔU over Z_p (Thm. 9 with exact sums;
    /// `docs/sqh-spec.md` §4).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhc2<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHc2 of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    reduce_c2::<W>(&e.c2_columns::<W, true>(key, msg), 2 * W + 1)
}

/// [`Engine::sqhc2`] with the default backend ([`Engine::detect`]): SQHc2 (Def.
/// 12), ε = N_c2·2^-L.
///
/// # Errors
/// As [`Engine::sqhc2`].
pub fn sqhc2<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhc2::<W>(key, msg)
}
