//! SQHE (Etzel–Patel–Ramzan, **Def. 13**).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{COLS, Engine, Kernels};
use crate::reduce::{mod_2l, reduce_c2};

impl Engine {
    /// SQHE (**Def. 13**, as fixed in `docs/sqh-spec.md`): (C₂w(Σ C2(((mᵢ + xᵢ)
    /// mod 2^L)²)) mod p) mod 2^L (2w columns), of the k = `msg.len()/(4W)`
    /// elements of `msg` under the first k·W words of `key` (the crate's
    /// conventions: little-endian words, a longer key used by its prefix).
    /// Output: the L-bit value.
    ///
    /// **Bound**: ε = 6·N_E·2^-L-AΔU over Z/2^L, N_E = Π (4i − 1)² (Thm. 10;
    /// `docs/sqh-spec.md` §4).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqhe<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQHE of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    finish::<W>(&e.c2_columns::<W, false>(key, msg))
}

/// SQHE's output from [`Kernels::c2_columns`]`::<W, false>` (also the level-1
/// value of `long::SqheKernel`).
pub(crate) fn finish<const W: usize>(cols: &[u64; COLS]) -> Elem<W> {
    mod_2l(&reduce_c2::<W>(cols, 2 * W))
}

/// [`Engine::sqhe`] with the default backend ([`Engine::detect`]): SQHE (Def.
/// 13), ε = 6·N_E·2^-L.
///
/// # Errors
/// As [`Engine::sqhe`].
pub fn sqhe<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhe::<W>(key, msg)
}
