//! SQHasm2 modulo p (Etzel–Patel–Ramzan, **Def. 10**'s formula and
//! **Thm. 7**'s function; Nguyen–Roscoe, FSE 2012, footnote 5).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::reduce_columns;

impl Engine {
    /// SQHasm2 modulo p (**Def. 10**'s formula as Thm. 7 states it, without
    /// the final mod 2^L of [`Engine::sqhasm2`]): Σ ((mᵢ + xᵢ) mod 2^L)² mod p,
    /// of the k = `msg.len()/(4W)` elements of `msg` under the first k·W
    /// words of `key` (the crate's conventions: little-endian words, a
    /// longer key used by its prefix). Output in Z_p (4W + 4 bytes).
    ///
    /// **Bound**: ε = 2·2^-L-AΔU over Z_p (Thm. 7; `docs/sqh-spec.md` §4;
    /// the digest paper's footnote 5 gives the same 2^(1−b) as a collision
    /// bound).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhasm2_mod_p<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHasm2 mod p of already checked inputs: the same kernel as
/// [`crate::sqhasm2`], without the final mod 2^L.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    reduce_columns::<W>(&e.sum_squares::<W, false>(key, msg))
}

/// [`Engine::sqhasm2_mod_p`] with the default backend ([`Engine::detect`]):
/// SQHasm2 mod p (Def. 10, Thm. 7), ε = 2·2^-L.
///
/// # Errors
/// As [`Engine::sqhasm2_mod_p`].
pub fn sqhasm2_mod_p<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhasm2_mod_p::<W>(key, msg)
}
