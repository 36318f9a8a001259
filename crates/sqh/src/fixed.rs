//! The paper functions on raw keys and fixed-length messages.
//!
//! Conventions (those of `docs/sqh-spec.md`, `uhash-ref` and `uhash kat`):
//! * `W` (1..=5) is the number of 32-bit words per element, L = 32W, p the
//!   prime [`uhash_core::pw`] uses for W;
//! * the message is k = `msg.len()/(4W)` elements of 4W little-endian bytes;
//!   the length must be a whole, non-zero number of elements (exactly one
//!   for SQH and SQHU);
//! * the key is a slice of 32-bit words, key element i being
//!   `key[W·i .. W·(i+1)]`; it may be longer than needed and is then used by
//!   its prefix;
//! * outputs are [`Elem`]s: residues in [0, p) for the Z_p functions, or the
//!   L-bit value (top limb 0) for the {0,1}^L ones. Write them with
//!   [`Elem::write_le_bytes`] into [`Variant::out_bytes`] bytes;
//! * checks happen in the order message length, key length, key values; every
//!   violation is a typed [`Error`]; nothing panics.

use subtle::ConstantTimeEq;
use uhash_core::Error;
use uhash_core::pw::Elem;
use uhash_core::strong::Strong;

use crate::engine::Engine;
use crate::soft::{reduce_columns, reduce_limbs};

/// The vector functions of the paper (Defs. 7 and 9–13).
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
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 6] = [
        Variant::Star,
        Variant::Asm,
        Variant::Asm2,
        Variant::C,
        Variant::C2,
        Variant::E,
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
        }
    }

    /// Whether the output is in Z_p (else in {0,1}^L).
    #[must_use]
    pub const fn in_zp(self) -> bool {
        matches!(self, Variant::Star | Variant::C | Variant::C2)
    }

    /// Output bytes for w-word elements: 4w + 4 (Z_p) or 4w ({0,1}^L).
    #[must_use]
    pub const fn out_bytes(self, w: usize) -> usize {
        if self.in_zp() { 4 * w + 4 } else { 4 * w }
    }

    /// log₂ of the proven bound ε for w-word elements (`docs/sqh-spec.md`
    /// §4, "ours"): SQH\* 2^-L, SQHasm 3·2^-L, SQHasm2 6·2^-L, SQHc
    /// 3^(2w+1)·2^-L, SQHc2 N_c2·2^-L, SQHE 6·N_E·2^-L. `None` for w
    /// outside 1..=5.
    #[must_use]
    pub fn epsilon_log2(self, w: usize) -> Option<f64> {
        if !(1..=5).contains(&w) {
            return None;
        }
        let l = 32.0 * w as f64;
        let n = crate::bounds::carry_count(self, w) as f64;
        let factor = match self {
            Variant::Star => 1.0,
            Variant::Asm => 3.0,
            Variant::Asm2 | Variant::E => 6.0,
            Variant::C | Variant::C2 => 1.0,
        };
        Some(libm_log2(factor * n) - l)
    }
}

/// log₂ for positive finite values without `std` (bit-exact enough for
/// documentation figures: the exponent plus a 6-term series).
fn libm_log2(x: f64) -> f64 {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52)); // in [1, 2)
    // log2(m) = ln(m)/ln 2 with ln(m) = 2·atanh((m−1)/(m+1)).
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut term = t;
    let mut sum = 0.0;
    let mut k = 1.0;
    for _ in 0..30 {
        sum += term / k;
        term *= t2;
        k += 2.0;
    }
    exp as f64 + 2.0 * sum / core::f64::consts::LN_2
}

/// k ≥ 1 elements of 4W bytes.
pub(crate) fn msg_elems<const W: usize>(msg: &[u8]) -> Result<usize, Error> {
    let got = msg.len();
    if got == 0 || !got.is_multiple_of(4 * W) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "not a whole, non-zero number of 4w-byte elements",
        });
    }
    Ok(got / (4 * W))
}

/// The key holds `needed` words.
pub(crate) fn key_words(got: usize, needed: usize) -> Result<(), Error> {
    if got < needed {
        Err(Error::KeyTooShort { needed, got })
    } else {
        Ok(())
    }
}

/// The low W limbs of a value (mod 2^L).
#[inline]
fn mod_2l<const W: usize>(e: &Elem<W>) -> Elem<W> {
    let mut w = [0u32; W];
    w.copy_from_slice(&e.limbs()[..W]);
    Elem::from_words(&w)
}

impl Engine {
    /// The value of `v` for already checked inputs.
    pub(crate) fn value<const W: usize>(self, v: Variant, key: &[u32], msg: &[u8]) -> Elem<W> {
        let r = match v {
            Variant::Star | Variant::Asm => {
                reduce_columns::<W>(&self.sum_squares::<W, true>(key, msg))
            }
            Variant::Asm2 => reduce_columns::<W>(&self.sum_squares::<W, false>(key, msg)),
            Variant::C => reduce_limbs::<W>(&self.c_words::<W>(key, msg)[..=2 * W]),
            Variant::C2 | Variant::E => {
                let cols = if v == Variant::C2 {
                    self.c2_columns::<W, true>(key, msg)
                } else {
                    self.c2_columns::<W, false>(key, msg)
                };
                let n = if v == Variant::C2 { 2 * W + 1 } else { 2 * W };
                let mut words = [0u32; crate::soft::COLS];
                for (o, c) in words.iter_mut().zip(cols) {
                    *o = c as u32;
                }
                reduce_limbs::<W>(&words[..n])
            }
        };
        if v.in_zp() { r } else { mod_2l(&r) }
    }

    /// The vector function `v` (Defs. 7, 9–13; see [`Variant`]) of the
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
        let k = msg_elems::<W>(msg)?;
        key_words(key.len(), k * W)?;
        Ok(self.value::<W>(v, key, msg))
    }

    /// SQH (**Def. 4**): h_x(m) = (m + x)² mod p for one element m (4W
    /// bytes) and x = `key[..W]`. Output in Z_p.
    ///
    /// **Bound** (Thm. 1, keys x < 2^L): ε = 2^-L-AΔU over Z_p.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] unless `msg` is exactly 4W bytes;
    /// [`Error::KeyTooShort`].
    pub fn sqh<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        if msg.len() != 4 * W {
            return Err(Error::InvalidMessageLength {
                got: msg.len(),
                reason: "SQH takes exactly one 4w-byte element",
            });
        }
        self.hash::<W>(Variant::Star, key, msg)
    }

    /// SQHU (**Def. 5**): h_{x,b}(m) = ((m + x)² + b) mod p, built with
    /// Lemma 1's adapter ([`Strong`]) over [`Engine::sqh`]. Key: x
    /// (`key[..W]`) ‖ b (`key[W..2W+1]`, W+1 little-endian words, b < p).
    ///
    /// **Bound** (Thm. 2 via Lemma 1, keys x < 2^L, b uniform in Z_p):
    /// Pr[h(m) = α ∧ h(m′) = β] ≤ 2^-L/p.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`] (fewer than
    /// 2W + 1 words), [`Error::InvalidKey`] when b ≥ p.
    pub fn sqhu<const W: usize>(self, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
        if msg.len() != 4 * W {
            return Err(Error::InvalidMessageLength {
                got: msg.len(),
                reason: "SQHU takes exactly one 4w-byte element",
            });
        }
        key_words(key.len(), 2 * W + 1)?;
        let b_words = &key[W..=2 * W];
        let b = Elem::<W>::from_limbs_reduced(b_words);
        if !bool::from(b.limbs().ct_eq(b_words)) {
            return Err(Error::InvalidKey {
                reason: "SQHU's b must be below p",
            });
        }
        let x = &key[..W];
        Strong::new(|m: &[u8]| self.sqh::<W>(x, m), b).hash(msg)
    }

    /// The Toeplitz construction (**§4.1**) over `v`: n = `out.len()` ≥ 1
    /// outputs, output r under the key window of elements r … r + k − 1
    /// (key: (k + n − 1)·W words).
    ///
    /// **Bound** (`docs/sqh-spec.md` §4): ε^n for SQH\*, SQHasm, SQHasm2
    /// (equal elements cancel exactly); for SQHc, SQHc2, SQHE only the
    /// one-row ε is proven.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n = 0), [`Error::InvalidMessageLength`],
    /// [`Error::KeyTooShort`].
    pub fn toeplitz<const W: usize>(
        self,
        v: Variant,
        key: &[u32],
        msg: &[u8],
        out: &mut [Elem<W>],
    ) -> Result<(), Error> {
        let k = msg_elems::<W>(msg)?;
        let needed = uhash_core::toeplitz::key_words_needed(k, out.len(), 1)?;
        let words = needed.checked_mul(W).ok_or(Error::InvalidParameter {
            name: "n",
            reason: "key length overflows usize",
        })?;
        key_words(key.len(), words)?;
        for (r, o) in out.iter_mut().enumerate() {
            *o = self.value::<W>(v, &key[r * W..], msg);
        }
        Ok(())
    }
}

/// [`Engine::sqh`] with the default backend: SQH (Def. 4), ε = 2^-L.
///
/// # Errors
/// As [`Engine::sqh`].
pub fn sqh<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqh::<W>(key, msg)
}

/// [`Engine::sqhu`] with the default backend: SQHU (Def. 5), strongly
/// universal.
///
/// # Errors
/// As [`Engine::sqhu`].
pub fn sqhu<const W: usize>(key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().sqhu::<W>(key, msg)
}

/// [`Engine::hash`] with the default backend: the vector function `v`
/// (Defs. 7, 9–13); ε as [`Variant::epsilon_log2`].
///
/// # Errors
/// As [`Engine::hash`].
pub fn eval<const W: usize>(v: Variant, key: &[u32], msg: &[u8]) -> Result<Elem<W>, Error> {
    Engine::detect().hash::<W>(v, key, msg)
}

/// [`Engine::toeplitz`] with the default backend (§4.1).
///
/// # Errors
/// As [`Engine::toeplitz`].
pub fn toeplitz<const W: usize>(
    v: Variant,
    key: &[u32],
    msg: &[u8],
    out: &mut [Elem<W>],
) -> Result<(), Error> {
    Engine::detect().toeplitz::<W>(v, key, msg, out)
}
