//! SQH (Etzel–Patel–Ramzan, **Def. 4**): one element.

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::kernels::Engine;
use crate::{args, sqh_star};

impl Engine {
    /// SQH (**Def. 4**): h_x(m) = (m + x)² mod p for one element m (4W
    /// bytes) and x = `key[..W]`. Output in Z_p.
    ///
    /// **Bound** (Thm. 1, keys x < 2^L): ε = 2^-L-AΔU over Z_p.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] unless `msg` is exactly 4W bytes;
    /// [`Error::KeyTooShort`].
    pub fn sqh<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        args::one_element::<W>(msg, "SQH takes exactly one 4w-byte element")?;
        args::key_words(key.len(), W)?;
        Ok(sqh_star::value::<W>(self, key, msg))
    }
}

/// [`Engine::sqh`] with the default backend ([`Engine::detect`]): SQH
/// (Def. 4), ε = 2^-L.
///
/// # Errors
/// As [`Engine::sqh`].
pub fn sqh<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqh::<W>(key, msg)
}
