//! [`Variant`]: the vector functions of the paper (Defs. 7 and 9–13) as one
//! value, for code that chooses among them at run time ([`eval`],
//! [`Engine::hash`], [`crate::toeplitz()`], `uhash kat`).

use uhash_base::Error;
use uhash_base::pw::Elem;

use crate::kernels::Engine;
use crate::{args, sqh_star, sqh2, sqhasm, sqhasm2, sqhasm2_mod_p, sqhc, sqhc2, sqhe};

/// The vector functions of the paper (Defs. 7 and 9–13, Thm. 7's SQHasm2
/// mod p and §6's SQH2), each also a function of its own
/// ([`crate::sqh_star()`], …, [`crate::sqhe()`], [`crate::sqhasm2_mod_p()`],
/// [`crate::sqh2()`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// SQH\* (Def. 7): Σ (mᵢ + xᵢ)² mod p. Output in Z_p.
    Star,
    /// SQHasm (Def. 9): (Σ (mᵢ + xᵢ)² mod p) mod 2^L.
    Asm,
    /// SQHasm2 (Def. 10, stated range): (Σ ((mᵢ + xᵢ) mod 2^L)² mod p) mod 2^L.
    Asm2,
    /// SQHc (Def. 11): C₂w₊₁(Σ (mᵢ + xᵢ)²) mod p. Output in Z_p.
    C,
    /// SQHc2 (Def. 12): C₂w₊₁(Σ C2((mᵢ + xᵢ)²)) mod p. Output in Z_p.
    C2,
    /// SQHE (Def. 13): (C₂w(Σ C2(((mᵢ + xᵢ) mod 2^L)²)) mod p) mod 2^L.
    E,
    /// SQHasm2 mod p (Def. 10's formula, Thm. 7): Σ ((mᵢ + xᵢ) mod 2^L)² mod
    /// p. Output in Z_p.
    Asm2ModP,
    /// SQH2 (§6, `docs/sqh-spec.md`): (D_w(Σ D2(((mᵢ + xᵢ) mod 2^L)²)) mod
    /// p) mod 2^L, carries dropped only between 64-bit double words.
    Sqh2,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 8] = [
        Variant::Star,
        Variant::Asm,
        Variant::Asm2,
        Variant::C,
        Variant::C2,
        Variant::E,
        Variant::Asm2ModP,
        Variant::Sqh2,
    ];

    /// The `uhash kat` name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Star => "sqh_star",
            Variant::Asm => "sqh_asm",
            Variant::Asm2 => "sqh_asm2",
            Variant::C => "sqh_c",
            Variant::C2 => "sqh_c2",
            Variant::E => "sqh_e",
            Variant::Asm2ModP => "sqh_asm2_mod_p",
            Variant::Sqh2 => "sqh2",
        }
    }

    /// Whether the output is in Z_p (else in {0,1}^L).
    #[must_use]
    pub const fn in_zp(self) -> bool {
        matches!(
            self,
            Variant::Star | Variant::C | Variant::C2 | Variant::Asm2ModP
        )
    }

    /// Output bytes for w-word elements: 4w + 4 (Z_p) or 4w ({0,1}^L).
    #[must_use]
    pub const fn out_bytes(self, w: usize) -> usize {
        if self.in_zp() { 4 * w + 4 } else { 4 * w }
    }

    /// The value of this function for already checked inputs.
    pub(crate) fn value<const W: usize>(self, e: Engine, key: &[u32], msg: &[u8]) -> Elem<W> {
        match self {
            Variant::Star => sqh_star::value::<W>(e, key, msg),
            Variant::Asm => sqhasm::value::<W>(e, key, msg),
            Variant::Asm2 => sqhasm2::value::<W>(e, key, msg),
            Variant::C => sqhc::value::<W>(e, key, msg),
            Variant::C2 => sqhc2::value::<W>(e, key, msg),
            Variant::E => sqhe::value::<W>(e, key, msg),
            Variant::Asm2ModP => sqhasm2_mod_p::value::<W>(e, key, msg),
            Variant::Sqh2 => sqh2::value::<W>(e, key, msg),
        }
    }
}

impl Engine {
    /// The vector function `v` (Defs. 7, 9–13, Thm. 7, §6; see [`Variant`]) of the
    /// k = `msg.len()/(4W)` elements of `msg` under the first k·W words of
    /// `key`. Output: a residue mod p (Z_p variants) or the L-bit value.
    ///
    /// **Bound**: [`Variant::epsilon_log2`] (ε-AΔU over Z_p or Z/2^L).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn hash<const W: usize>(
        self,
        v: Variant,
        key: &[u32],
        msg: &[u8],
    ) -> Result<Elem<W>, Error> {
        args::vector::<W>(key, msg)?;
        Ok(v.value::<W>(self, key, msg))
    }
}

/// [`Engine::hash`] with the default backend ([`Engine::detect`]): the
/// vector function `v` (Defs. 7, 9–13, Thm. 7, §6); ε as
/// [`Variant::epsilon_log2`].
///
/// # Errors
/// As [`Engine::hash`].
pub fn eval<const W: usize>(v: Variant, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().hash::<W>(v, key, msg)
}
