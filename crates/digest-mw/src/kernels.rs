//! The kernel and its backends: which code computes the digestMW sums
//! (b = 32).
//!
//! [`Engine`] (an enum written here; [`uhash_base::engine!`] implements its
//! methods and its dispatch: the same API in every family, `detect()`,
//! `new(Backend)`, `backend()`, `all_supported()`, `BACKENDS`) runs the b = 32 kernel behind digest, trunc and digestMW
//! with 32-bit words and the long-message kernel: `avx512` and `avx2`
//! (x86-64, `vpmuludq`, the offset-0 low halves by `vpmulld`; there is no
//! IFMA kernel: with 32-bit words, 52-bit lanes need every word
//! zero-extended to 64 bits and the key shifted, which costs more than
//! `vpmuludq`'s two products per 64-bit lane), `neon` (AArch64
//! little-endian, `umull`/`umull2`) and `soft` (portable); with feature
//! `asm` also `avx2-asm` (x86-64), `neon-asm` (AArch64) and `armv4-asm`
//! (32-bit ARM, n = 1; more outputs run the portable code), the
//! hand-written kernels of `uhash-asm`, chosen on request
//! (`Engine::new(Backend::Avx2Asm)`, or [`Backend::Asm`](uhash_base::Backend::Asm) for the one
//! of this CPU). The b = 16 and b = 64 functions always run the portable
//! code.
//!
//! `detect()` picks the fastest backend the CPU has (never an assembly
//! one: they are chosen on request); `new(backend)` forces one and returns
//! [`Error::UnsupportedBackend`](uhash_base::Error) when this CPU or build
//! cannot run it; `backend()` says which is in use. Every backend returns
//! bit-for-bit the portable result (tested against the big-integer
//! reference for every backend the CPU supports).
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! return the portable backend everywhere (see [`uhash_base::backend`]).

use crate::backend::soft;

/// The backend of the b = 32 digestMW kernel. See the
/// [module docs](self).
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// [`Backend::Ifma`](uhash_base::Backend::Ifma).
    #[cfg(target_arch = "x86_64")]
    Ifma(uhash_base::backend::Ifma),
    /// [`Backend::Avx512`](uhash_base::Backend::Avx512).
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_base::backend::Avx512),
    /// [`Backend::Avx2`](uhash_base::Backend::Avx2).
    #[cfg(target_arch = "x86_64")]
    Avx2(uhash_base::backend::Avx2),
    /// [`Backend::Neon`](uhash_base::Backend::Neon).
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(uhash_base::backend::Neon),
    /// [`Backend::Soft`](uhash_base::Backend::Soft).
    Soft(uhash_base::backend::Soft),
    /// [`Backend::Avx2Asm`](uhash_base::Backend::Avx2Asm).
    #[cfg(all(feature = "asm", target_arch = "x86_64"))]
    Avx2Asm(uhash_asm::Avx2Asm),
    /// [`Backend::NeonAsm`](uhash_base::Backend::NeonAsm).
    #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
    NeonAsm(uhash_asm::NeonAsm),
    /// [`Backend::Armv4Asm`](uhash_base::Backend::Armv4Asm).
    #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
    Armv4Asm(uhash_asm::Armv4Asm),
}

uhash_base::engine! {
    /// The digestMW kernel (b = 32). Memory safety never depends on the
    /// caller: a kernel reads only the words that both the message and the
    /// key windows hold (the paper functions check the lengths first).
    pub trait Kernels: Copy {
        /// The digestMW (b = 32) sums of N ≤ 8 outputs (Nguyen–Roscoe
        /// Fig. 2): d_r = Σ_j [lo(m_j·key\[j + r\]) + hi(m_j·key\[j + r + 1\])]
        /// mod 2^32 for r = 0..N, over the first min(`msg.len()/4`,
        /// `key.len()` − N) little-endian words m_j of `msg` (those whose key
        /// windows the key holds; trailing bytes that are not a word are
        /// ignored).
        fn mw32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u32; N] {
            soft::mw32_sums::<N>(key, msg)
        }
    }

    impl Kernels for Engine {
        detect: [
            #[cfg(target_arch = "x86_64")] Ifma,
            #[cfg(target_arch = "x86_64")] Avx512,
            #[cfg(target_arch = "x86_64")] Avx2,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))] Neon,
        ],
        portable: Soft,
        request: [
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] Avx2Asm,
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))] NeonAsm,
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))] Armv4Asm,
        ],
    }
}

/// The portable backend: the trait's default body (`backend/soft.rs`).
impl Kernels for uhash_base::backend::Soft {}
