//! SQHasm2 (Etzel–Patel–Ramzan, **Def. 10**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{COLS, Engine, Kernels};
use crate::reduce::{mod_2l, reduce_columns};

impl Engine {
    /// SQHasm2 (**Def. 10**, its stated range): (Σ ((mᵢ + xᵢ) mod 2^L)² mod p)
    /// mod 2^L, of the k = `msg.len()/(4W)` elements of `msg` under the first
    /// k·W words of `key` (the crate's conventions: little-endian words, a
    /// longer key used by its prefix). Output: the L-bit value.
    ///
    /// **Bound**: ε = 6·2^-L-AΔU over Z/2^L (Thms. 6 + 7; `docs/sqh-spec.md`
    /// §4).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhasm2<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHasm2 of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    finish::<W>(&e.sum_squares::<W, false>(key, msg))
}

/// SQHasm2's output from [`Kernels::sum_squares`]`::<W, false>` (also the
/// level-1 value of `long::Asm2Kernel`).
pub(crate) fn finish<const W: usize>(cols: &[u128; COLS]) -> Elem<W> {
    mod_2l(&reduce_columns::<W>(cols))
}

/// [`Engine::sqhasm2`] with the default backend ([`Engine::detect`]): SQHasm2
/// (Def. 10), ε = 6·2^-L.
///
/// # Errors
/// As [`Engine::sqhasm2`].
pub fn sqhasm2<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhasm2::<W>(key, msg)
}
