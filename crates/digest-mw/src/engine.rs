//! Backend selection: which code computes the digestMW sums (b = 32).
//!
//! [`Engine`] runs the b = 32 kernels (digest, trunc and digestMW with
//! 32-bit words, and the long-message kernels): [`Backend::Avx512`] and
//! [`Backend::Avx2`] (x86-64, `vpmuludq`; there is no IFMA kernel: with
//! 32-bit words, 52-bit lanes need every word zero-extended to 64 bits and
//! the key shifted, which costs more than `vpmuludq`'s two products per
//! 64-bit lane — see `x86`), [`Backend::Neon`] (AArch64 little-endian, `umull`/`umlal`)
//! and [`Backend::Soft`] (portable). The b = 16 and b = 64 functions always
//! run the portable code.
//!
//! With feature `asm`, [`Engine`] also offers [`Backend::Asm`] (the
//! hand-written kernels of `uhash-asm`; see the `asm` module's table),
//! which `new(Backend::Asm)` selects and `detect()` never does.
//!
//! `detect()` picks the fastest backend the CPU has; `new(backend)` forces
//! one and returns [`Error::UnsupportedBackend`] when this CPU or build
//! cannot run it; `backend()` says which is in use. Every backend returns
//! bit-for-bit the soft result (tested against the big-integer reference
//! for every backend the CPU supports).
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! return the soft backend everywhere (see [`uhash_core::backend`]).

use uhash_core::{Backend, Error};

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;
#[cfg(target_arch = "x86_64")]
use uhash_core::backend::{Avx2, Avx512};

use crate::soft;

/// The implementation behind an [`Engine`]; the witness types prove that the
/// CPU has the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Imp {
    Soft,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(Neon),
    #[cfg(feature = "asm")]
    Asm(crate::asm::AsmImp),
}

/// The backend of the b = 32 digestMW kernels. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine(Imp);

impl Engine {
    /// The backends these kernels offer: the run-time detected ones fastest
    /// first, then [`Backend::Asm`] (feature `asm`), which is only ever
    /// chosen on request.
    pub const BACKENDS: [Backend; 5] = [
        Backend::Avx512,
        Backend::Avx2,
        Backend::Neon,
        Backend::Soft,
        Backend::Asm,
    ];

    /// The portable backend (always available).
    #[must_use]
    pub const fn soft() -> Self {
        Self(Imp::Soft)
    }

    /// The fastest backend this CPU supports.
    #[must_use]
    pub fn detect() -> Self {
        for b in Self::BACKENDS {
            if let Ok(e) = Self::new(b) {
                return e;
            }
        }
        Self::soft()
    }

    /// The engine that runs `backend`.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] when these kernels have no such backend
    /// or this CPU/build cannot run it.
    pub fn new(backend: Backend) -> Result<Self, Error> {
        let none = Err(Error::UnsupportedBackend(backend));
        match backend {
            Backend::Soft => Ok(Self::soft()),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => Avx2::detect().map_or(none, |w| Ok(Self(Imp::Avx2(w)))),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => Avx512::detect().map_or(none, |w| Ok(Self(Imp::Avx512(w)))),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Backend::Neon => Neon::detect().map_or(none, |w| Ok(Self(Imp::Neon(w)))),
            #[cfg(feature = "asm")]
            Backend::Asm => crate::asm::AsmImp::detect().map_or(none, |a| Ok(Self(Imp::Asm(a)))),
            _ => none,
        }
    }

    /// Every engine this CPU and build can run, fastest first (tests and
    /// fuzzing compare them all).
    pub fn all_supported() -> impl Iterator<Item = Self> {
        Self::BACKENDS.into_iter().filter_map(|b| Self::new(b).ok())
    }

    /// The backend in use.
    #[must_use]
    pub const fn backend(self) -> Backend {
        match self.0 {
            Imp::Soft => Backend::Soft,
            #[cfg(target_arch = "x86_64")]
            Imp::Avx2(_) => Backend::Avx2,
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(_) => Backend::Avx512,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp::Neon(_) => Backend::Neon,
            #[cfg(feature = "asm")]
            Imp::Asm(_) => Backend::Asm,
        }
    }

    /// The digestMW (b = 32) sums of N ≤ 8 outputs: see
    /// [`soft::mw32_sums`]. The message is `msg.len()/4` words; the caller
    /// guarantees `key.len() ≥ words + N`.
    #[inline]
    pub(crate) fn mw32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u32; N] {
        match self.0 {
            Imp::Soft => soft::mw32_sums::<N>(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx2(w) => crate::x86::avx2::mw32_sums::<N>(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(w) => crate::x86::avx512::mw32_sums::<N>(w, key, msg),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp::Neon(w) => crate::neon::mw32_sums::<N>(w, key, msg),
            #[cfg(feature = "asm")]
            Imp::Asm(a) => a.mw32_sums::<N>(key, msg),
        }
    }
}

impl Default for Engine {
    /// [`Engine::detect`].
    fn default() -> Self {
        Self::detect()
    }
}
