//! Backend selection: which code computes the sums of squares.
//!
//! [`Engine`] offers [`Backend::Avx512`] (x86-64, the AVX2 scheme on
//! 512-bit vectors: eight elements per step), [`Backend::Avx2`] (x86-64,
//! `vpmuludq`: four elements' squares at once) — both for the
//! carry-dropping sums of SQHc2 and SQHE and the exact column sums of
//! SQH\*/SQHasm/SQHasm2; SQHc's exact per-element squares stay scalar —
//! [`Backend::Neon`] (little-endian AArch64, `umull`/`umull2`: the AVX2
//! scheme on 128-bit vectors, same kernel set) and [`Backend::Soft`]
//! (portable, 32-bit limbs). [`Engine::detect`] picks AVX2 when the CPU
//! has it (for fixed-length, typically short messages) and NEON on
//! little-endian AArch64 (not measured: chosen by the same reasoning, see
//! the crate docs), [`Engine::detect_long`] AVX-512 (for 16 KiB chunks);
//! the measurements are in the crate docs. `new(backend)` forces one
//! ([`Error::UnsupportedBackend`] when this CPU or build cannot run it),
//! `backend()` says which is in use. Every backend returns bit for bit the
//! soft result (tested against `uhash-ref` for every backend the CPU
//! supports).
//!
//! With feature `asm` on little-endian 32-bit ARM there is also
//! [`Backend::Asm`]: the ARMv4 assembly inner loops of SQHasm2 and SQHE for
//! w = 3 (the paper's ARM7 setting), the portable code for everything else;
//! `new(Backend::Asm)` selects it, `detect()` never does, and on every
//! other target (or without the feature, or when the kernels could not be
//! assembled) it is unsupported.
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! return the soft backend everywhere (see [`uhash_core::backend`]).

use uhash_core::{Backend, Error};

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;
#[cfg(target_arch = "x86_64")]
use uhash_core::backend::{Avx2, Avx512};

use crate::soft::{self, COLS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Imp {
    Soft,
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(Neon),
    #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
    Asm(crate::asm::AsmImp),
}

/// The backend of the Square Hash kernels. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine(Imp);

impl Engine {
    /// The backends these kernels offer, in order of preference, then
    /// [`Backend::Asm`] (feature `asm`, 32-bit ARM), which is only ever
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

    /// The default backend for fixed-length messages on this CPU: AVX2 when
    /// present (≥ soft from one 264-byte block on; AVX-512 loses below a few
    /// hundred bytes, see the crate docs), NEON on little-endian AArch64
    /// (by the same reasoning; not measured), else soft.
    #[must_use]
    pub fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        if crate::x86::AVX2_DEFAULT
            && let Some(w) = Avx2::detect()
        {
            return Self(Imp::Avx2(w));
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        if crate::neon::NEON_DEFAULT
            && let Some(w) = Neon::detect()
        {
            return Self(Imp::Neon(w));
        }
        Self::soft()
    }

    /// The default backend for long messages (the chunk kernels of
    /// [`crate::long`] and the types of [`crate::hash`](mod@crate::hash),
    /// which hash chunks of thousands of elements): AVX-512 when present
    /// (1.3–1.4× AVX2 on 16 KiB), else [`Engine::detect`] (so NEON on
    /// little-endian AArch64).
    #[must_use]
    pub fn detect_long() -> Self {
        #[cfg(target_arch = "x86_64")]
        if crate::x86::AVX512_LONG
            && let Some(w) = Avx512::detect()
        {
            return Self(Imp::Avx512(w));
        }
        Self::detect()
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
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
            Backend::Asm => crate::asm::AsmImp::detect().map_or(none, |a| Ok(Self(Imp::Asm(a)))),
            _ => none,
        }
    }

    /// Every engine this CPU and build can run (tests and fuzzing compare
    /// them all).
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
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
            Imp::Asm(_) => Backend::Asm,
        }
    }

    /// Exact Σ sᵢ² as column sums ([`soft::sum_squares`]).
    #[inline]
    pub(crate) fn sum_squares<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u128; COLS] {
        match self.0 {
            Imp::Soft => soft::sum_squares::<W, EXACT>(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx2(w) => crate::x86::avx2::sum_squares::<W, EXACT>(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(w) => crate::x86::avx512::sum_squares::<W, EXACT>(w, key, msg),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp::Neon(w) => crate::neon::sum_squares::<W, EXACT>(w, key, msg),
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
            Imp::Asm(a) => a.sum_squares::<W, EXACT>(key, msg),
        }
    }

    /// `C(Σ C2(sᵢ²))` columns ([`soft::c2_columns`]).
    #[inline]
    pub(crate) fn c2_columns<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u64; COLS] {
        match self.0 {
            Imp::Soft => soft::c2_columns::<W, EXACT>(key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx2(w) => crate::x86::avx2::c2_columns::<W, EXACT>(w, key, msg),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(w) => crate::x86::avx512::c2_columns::<W, EXACT>(w, key, msg),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Imp::Neon(w) => crate::neon::c2_columns::<W, EXACT>(w, key, msg),
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
            Imp::Asm(a) => a.c2_columns::<W, EXACT>(key, msg),
        }
    }

    /// SQHc words ([`soft::c_words`]; no SIMD version).
    #[inline]
    pub(crate) fn c_words<const W: usize>(self, key: &[u32], msg: &[u8]) -> [u32; COLS] {
        soft::c_words::<W>(key, msg)
    }
}

impl Default for Engine {
    /// [`Engine::detect`].
    fn default() -> Self {
        Self::detect()
    }
}
