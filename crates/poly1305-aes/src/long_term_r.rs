//! [`LongTermR`] and [`Accumulator`]: Poly1305's block loop under an r kept
//! for many messages, with the powers of r its backend uses computed once
//! — the public block API other families build on (NHPoly1305 hashes its NH
//! outputs, 32 bytes a chunk, with it).

use core::fmt;

use zeroize::Zeroize;

use crate::clamp::r_limbs_clamped;
use crate::final_steps::finish;
use crate::kernels::{Engine, Kernels, Powers, absorb_padded};
use crate::state::fill;
use crate::{Backend, Error};

/// Poly1305's evaluation key r as a long-term key: clamped (`r &=
/// 0x0ffffffc0ffffffc0ffffffc0fffffff`), with the powers of r that its
/// backend keeps (the IFMA backends: r^1..r^16; the others none) computed
/// once here. [`LongTermR::absorb_padded`] runs h ← (h + cᵢ + 2^128)·r mod
/// (2^130 − 5) over the 16-byte blocks cᵢ of its input (a short last block
/// zero-padded, as RustCrypto's `update_padded`), [`LongTermR::tag`] gives
/// ((h mod (2^130 − 5)) + s) mod 2^128: Poly1305 of the concatenated padded
/// inputs (Bernstein's Theorem 3.3: ε = 8⌈L/16⌉/2^106 for messages of at
/// most L bytes).
///
/// With many short inputs under one r (NHPoly1305's 32 bytes per KiB),
/// keeping the powers lets the vector backends take inputs from 128 bytes
/// (8 blocks) instead of 256 and skips their per-call power computation;
/// the values are those of [`crate::Poly1305`] bit for bit. The key and
/// powers are wiped on drop; `Debug` shows the backend only.
///
/// **Not a MAC by itself.** A universal hash under a long-term r is safe
/// only when its value is hidden: Adiantum encrypts it into its block
/// cipher's input, Poly1305-AES adds a pad s = AES_k(n) that is fresh per
/// message ([`crate::Poly1305Aes`]). Two messages tagged with the same r
/// and the same `s` reveal h(m) − h(m′), from which r follows (the nonce
/// reuse of Poly1305-AES); for a MAC use [`crate::Poly1305Aes`], or
/// [`crate::Poly1305`] with a one-time key.
#[derive(Clone)]
#[repr(C)] // the powers first, no padding (stale stack bytes would travel along)
pub struct LongTermR {
    powers: Powers,
    r: [u64; 2],
    engine: Engine,
    /// Whether `powers` holds powers (zeros otherwise; not secret).
    ready: bool,
    fill: [u8; LONG_TERM_FILL],
}

/// The zero bytes that round [`LongTermR`] up to its alignment.
const LONG_TERM_FILL: usize = fill(
    size_of::<Powers>() + 16 + size_of::<Engine>() + 1,
    align_of::<Powers>(),
    align_of::<u64>(),
);

const _: () = assert!(
    size_of::<LongTermR>() == size_of::<Powers>() + 16 + size_of::<Engine>() + 1 + LONG_TERM_FILL
);

/// Poly1305's accumulator h for one message under a [`LongTermR`]: starts
/// at 0, wiped on drop, never printed.
#[derive(Clone, Default)]
pub struct Accumulator {
    h: [u64; 3],
}

impl LongTermR {
    /// `r` (16 bytes, little-endian, clamped here) on the fastest backend
    /// of this CPU.
    #[must_use]
    pub fn new(r: &[u8; 16]) -> Self {
        Self::with_engine(r, Engine::detect())
    }

    /// `r` on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this crate has no such backend or
    /// this CPU cannot run it.
    pub fn new_with_backend(r: &[u8; 16], backend: Backend) -> Result<Self, Error> {
        Ok(Self::with_engine(r, Engine::new(backend)?))
    }

    fn with_engine(r: &[u8; 16], engine: Engine) -> Self {
        let r = r_limbs_clamped(r);
        let mut powers = Powers::ZERO;
        let ready = engine.key_powers(&r, &mut powers);
        Self {
            powers,
            r,
            engine,
            ready,
            fill: [0; LONG_TERM_FILL],
        }
    }

    /// The backend (a concrete name, never the alias [`Backend::Asm`]).
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// Absorbs `data` into `acc` as 16-byte blocks, each with the 2^128
    /// bit; a last block shorter than 16 bytes is zero-padded first (and
    /// gets the 2^128 bit too). Any split of a message into pieces whose
    /// lengths are multiples of 16 gives the same `acc`.
    #[inline]
    pub fn absorb_padded(&self, acc: &mut Accumulator, data: &[u8]) {
        let powers = self.ready.then_some(&self.powers);
        absorb_padded(self.engine, &mut acc.h, &self.r, powers, data);
    }

    /// The tag ((h mod (2^130 − 5)) + s) mod 2^128 of the blocks absorbed
    /// into `acc`, 16 bytes little-endian (`s` = 0 for the bare polynomial
    /// value mod 2^128, as NHPoly1305 uses it).
    #[inline]
    #[must_use]
    pub fn tag(&self, acc: &Accumulator, s: &[u8; 16]) -> [u8; 16] {
        finish(&acc.h, u128::from_le_bytes(*s))
    }
}

impl Accumulator {
    /// h = 0: no block absorbed.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl fmt::Debug for LongTermR {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LongTermR")
            .field("backend", &self.backend())
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Accumulator").finish_non_exhaustive()
    }
}

impl Drop for LongTermR {
    fn drop(&mut self) {
        self.r.zeroize();
        // Zeros unless computed (the flag is not secret).
        if self.ready {
            self.powers.zeroize();
        }
    }
}

impl Drop for Accumulator {
    fn drop(&mut self) {
        self.h.zeroize();
    }
}
