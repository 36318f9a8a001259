//! Backend selection: which code computes the inner products.
//!
//! Two kinds of kernels exist, so there are two selectors:
//!
//! * [`Engine32`] — the 32-bit-word kernels (MMH32 and its Toeplitz form,
//!   NMH32, NH and its Toeplitz form): [`Backend::Avx512`],
//!   [`Backend::Avx2`] (x86-64, `vpmuludq`), [`Backend::Neon`] (AArch64
//!   little-endian, `umlal`) and [`Backend::Soft`] (portable).
//! * [`Engine64`] — the 64-bit-word kernel (MMH64): [`Backend::Ifma`]
//!   (AVX-512 IFMA, 52-bit limbs), [`Backend::Mulx`] (BMI2 `mulx`) and
//!   [`Backend::Soft`].
//!
//! With feature `asm`, [`Engine32`] also offers [`Backend::Asm`] (the
//! hand-written kernels of `uhash-asm`; see the `asm` module's table),
//! which `new(Backend::Asm)` selects and `detect()` never does.
//!
//! `detect()` picks the fastest backend the CPU has; `new(backend)` forces
//! one and returns [`Error::UnsupportedBackend`] when this CPU or build
//! cannot run it or the kernel kind does not offer it; `backend()` says which
//! is in use. Every backend returns bit-for-bit the soft result (tested
//! against the big-integer reference for every backend the CPU supports).
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! return the soft backend everywhere (see [`uhash_core::backend`]).

use uhash_core::{Backend, Error};

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;
#[cfg(target_arch = "x86_64")]
use uhash_core::backend::{Avx2, Avx512, Ifma, Mulx};

use crate::soft;

/// The implementation behind an [`Engine32`]; the witness types prove that
/// the CPU has the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Imp32 {
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

/// The backend of the 32-bit-word kernels (MMH32, Toeplitz MMH32, NMH32,
/// NH, Toeplitz NH). See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine32(Imp32);

impl Engine32 {
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
        Self(Imp32::Soft)
    }

    /// The fastest backend this CPU supports.
    #[must_use]
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(w) = Avx512::detect() {
                return Self(Imp32::Avx512(w));
            }
            if let Some(w) = Avx2::detect() {
                return Self(Imp32::Avx2(w));
            }
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        if let Some(w) = Neon::detect() {
            return Self(Imp32::Neon(w));
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
            Backend::Avx2 => Avx2::detect().map_or(none, |w| Ok(Self(Imp32::Avx2(w)))),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => Avx512::detect().map_or(none, |w| Ok(Self(Imp32::Avx512(w)))),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Backend::Neon => Neon::detect().map_or(none, |w| Ok(Self(Imp32::Neon(w)))),
            #[cfg(feature = "asm")]
            Backend::Asm => crate::asm::AsmImp::detect().map_or(none, |a| Ok(Self(Imp32::Asm(a)))),
            _ => none,
        }
    }

    /// Every engine this CPU and build can run, in [`Self::BACKENDS`] order
    /// (tests and fuzzing compare them all).
    pub fn all_supported() -> impl Iterator<Item = Self> {
        Self::BACKENDS.into_iter().filter_map(|b| Self::new(b).ok())
    }

    /// The backend in use.
    #[must_use]
    pub const fn backend(self) -> Backend {
        match self.0 {
            Imp32::Soft => Backend::Soft,
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx2(_) => Backend::Avx2,
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx512(_) => Backend::Avx512,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp32::Neon(_) => Backend::Neon,
            #[cfg(feature = "asm")]
            Imp32::Asm(_) => Backend::Asm,
        }
    }

    /// The MMH32 inner products of N Toeplitz windows (N ≤ 8): see
    /// [`soft::mmh32_sums`].
    #[inline]
    pub(crate) fn mmh32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
        match self.0 {
            Imp32::Soft => soft::mmh32_sums::<N>(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx2(w) => crate::x86::avx2::mmh32_sums::<N>(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx512(w) => crate::x86::avx512::mmh32_sums::<N>(w, key, msg),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp32::Neon(w) => crate::neon::mmh32_sums::<N>(w, key, msg),
            #[cfg(feature = "asm")]
            Imp32::Asm(a) => a.mmh32_sums::<N>(key, msg),
        }
    }

    /// The NH sums of N Toeplitz windows shifted by two words (N ≤ 8): see
    /// [`soft::nh_sums`].
    #[inline]
    pub(crate) fn nh_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
        match self.0 {
            Imp32::Soft => soft::nh_sums::<N>(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx2(w) => crate::x86::avx2::nh_sums::<N>(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp32::Avx512(w) => crate::x86::avx512::nh_sums::<N>(w, key, msg),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp32::Neon(w) => crate::neon::nh_sums::<N>(w, key, msg),
            #[cfg(feature = "asm")]
            Imp32::Asm(a) => a.nh_sums::<N>(key, msg),
        }
    }
}

impl Default for Engine32 {
    /// [`Engine32::detect`].
    fn default() -> Self {
        Self::detect()
    }
}

/// The implementation behind an [`Engine64`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Imp64 {
    Soft,
    #[cfg(target_arch = "x86_64")]
    Mulx(Mulx),
    #[cfg(target_arch = "x86_64")]
    Ifma(Ifma),
}

/// The backend of the 64-bit-word kernel (MMH64). See the
/// [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine64(Imp64);

impl Engine64 {
    /// The backends this kernel offers, fastest first.
    pub const BACKENDS: [Backend; 3] = [Backend::Ifma, Backend::Mulx, Backend::Soft];

    /// The portable backend (always available).
    #[must_use]
    pub const fn soft() -> Self {
        Self(Imp64::Soft)
    }

    /// The fastest backend this CPU supports.
    #[must_use]
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(w) = Ifma::detect() {
                return Self(Imp64::Ifma(w));
            }
            if let Some(w) = Mulx::detect() {
                return Self(Imp64::Mulx(w));
            }
        }
        Self::soft()
    }

    /// The engine that runs `backend`.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] when this kernel has no such backend or
    /// this CPU/build cannot run it.
    pub fn new(backend: Backend) -> Result<Self, Error> {
        let none = Err(Error::UnsupportedBackend(backend));
        match backend {
            Backend::Soft => Ok(Self::soft()),
            #[cfg(target_arch = "x86_64")]
            Backend::Mulx => Mulx::detect().map_or(none, |w| Ok(Self(Imp64::Mulx(w)))),
            #[cfg(target_arch = "x86_64")]
            Backend::Ifma => Ifma::detect().map_or(none, |w| Ok(Self(Imp64::Ifma(w)))),
            _ => none,
        }
    }

    /// Every engine this CPU and build can run, fastest first.
    pub fn all_supported() -> impl Iterator<Item = Self> {
        Self::BACKENDS.into_iter().filter_map(|b| Self::new(b).ok())
    }

    /// The backend in use.
    #[must_use]
    pub const fn backend(self) -> Backend {
        match self.0 {
            Imp64::Soft => Backend::Soft,
            #[cfg(target_arch = "x86_64")]
            Imp64::Mulx(_) => Backend::Mulx,
            #[cfg(target_arch = "x86_64")]
            Imp64::Ifma(_) => Backend::Ifma,
        }
    }

    /// The MMH64 inner product mod 2^128: see [`soft::mmh64_sum`].
    #[inline]
    pub(crate) fn mmh64_sum(self, key: &[u64], msg: &[u8]) -> u128 {
        match self.0 {
            Imp64::Soft => soft::mmh64_sum(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp64::Mulx(w) => crate::x86::mulx::mmh64_sum(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp64::Ifma(w) => crate::x86::ifma::mmh64_sum(w, key, msg),
        }
    }
}

impl Default for Engine64 {
    /// [`Engine64::detect`].
    fn default() -> Self {
        Self::detect()
    }
}
