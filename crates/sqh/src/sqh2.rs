//! SQH2 (Etzel–Patel–Ramzan **§6**, the ARM7 comparison's "SQH1 with some
//! carries dropped in the squaring until the security is similar to MMH",
//! as `docs/sqh-spec.md` §3 defines it).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::args;
use crate::kernels::{Engine, Kernels};
use crate::reduce::{mod_2l, reduce_d2};

impl Engine {
    /// SQH2 (**§6**, defined in `docs/sqh-spec.md` §3): (D_w(Σ D2(((mᵢ + xᵢ)
    /// mod 2^L)²)) mod p) mod 2^L, where D2 is the schoolbook column square on
    /// w **double-word** (64-bit) columns — a word product at an odd word
    /// position is split at the 64-bit boundary, each column kept mod 2^64 —
    /// and D the outer sum on the same columns: carries are dropped only
    /// between (and out of) double words. Of the k = `msg.len()/(4W)`
    /// elements of `msg` under the first k·W words of `key` (the crate's
    /// conventions). Output: the L-bit value.
    ///
    /// **Bound**: ε = 6·N₂·2^-L-AΔU over Z/2^L, N₂ = Π_q (2F_q + 1) over
    /// the w double words (`docs/sqh-spec.md` §4; [`crate::bounds`]): w = 3
    /// gives N₂ = 231, 2^-85.56, about MMH's 96-bit 2^-86.25 (SQHE:
    /// 2^-77.71).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn sqh2<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(value::<W>(self, key, msg))
    }
}

/// SQH2 of already checked inputs.
pub(crate) fn value<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
    mod_2l(&reduce_d2::<W>(&e.d2_pairs::<W>(key, msg)))
}

/// [`Engine::sqh2`] with the default backend ([`Engine::detect`]): SQH2
/// (§6, `docs/sqh-spec.md`), ε = 6·N₂·2^-L.
///
/// # Errors
/// As [`Engine::sqh2`].
pub fn sqh2<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqh2::<W>(key, msg)
}
