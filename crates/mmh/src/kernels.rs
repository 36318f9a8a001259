//! The kernels and their backends: which code computes the inner products.
//!
//! Two kinds of kernels exist, so there are two engines, each an enum
//! written here whose methods and dispatch [`uhash_base::engine!`]
//! implements (the same API in every family: `detect()`, `new(Backend)`,
//! `backend()`, `all_supported()`, `BACKENDS`):
//!
//! * [`Engine32`] — the 32-bit-word kernels (MMH32 and its Toeplitz form,
//!   NMH32, NH and its Toeplitz form): `avx512`, `avx2` (x86-64,
//!   `vpmuludq`), `neon` (AArch64 little-endian, `umlal`), `soft`
//!   (portable); with feature `asm` also `avx512-asm`, `avx2-asm`,
//!   `neon-asm` and `armv4-asm` (the hand-written one-window sums of
//!   `uhash-asm`; the Toeplitz forms with n > 1 windows run the same ISA's
//!   intrinsics, and on ARMv4 the portable code; RFC 4418's NH runs in
//!   assembly for 1 to 4 windows, from kernels of one and two windows).
//! * [`Engine64`] — the 64-bit-word kernel (MMH64): `ifma` (AVX-512 IFMA,
//!   52-bit limbs), `mulx` (BMI2), `soft`.
//!
//! `detect()` picks the fastest backend the CPU has (never an assembly
//! one: they are chosen on request, measured no faster); `new(backend)`
//! forces one and returns [`Error::UnsupportedBackend`](uhash_base::Error)
//! when this CPU or build cannot run it. Every backend returns bit-for-bit
//! the portable result (tested against the big-integer reference for every
//! backend the CPU supports). Each kernel returns the *sums* of its
//! definition before any reduction; the paper functions apply the final
//! `mod p` and `mod 2^b` steps, shared by every backend.
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! return the portable backend everywhere (see [`uhash_base::backend`]).

use crate::backend::soft;

/// The backend of the 32-bit-word kernels (MMH32, Toeplitz MMH32,
/// NMH32, NH, Toeplitz NH). See the [module docs](self).
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine32 {
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
    /// [`Backend::Avx512Asm`](uhash_base::Backend::Avx512Asm).
    #[cfg(all(feature = "asm", target_arch = "x86_64"))]
    Avx512Asm(uhash_asm::Avx512Asm),
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
    /// The 32-bit-word kernels. Memory safety never depends on the caller:
    /// every kernel reads only the words that both the message and the key
    /// window hold (the paper functions check the lengths first).
    pub trait Kernels32: Copy {
        /// Σ_j m_j·key[j + r] mod 2^64 for r = 0..N (N ≤ 8): the MMH32 inner
        /// products of N Toeplitz windows (window r is the key shifted by r
        /// words), over the whole words of `msg`.
        fn mmh32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
            soft::mmh32_sums::<N>(key, msg)
        }

        /// Σ_i (m_{2i} + k_{2i+2r} mod 2^32)·(m_{2i+1} + k_{2i+1+2r} mod 2^32)
        /// mod 2^64 for r = 0..N (N ≤ 8): NH over adjacent word pairs, the key
        /// shifted by two words per window. NMH32's inner sum is r = 0.
        fn nh_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
            soft::nh_sums::<N>(key, msg)
        }

        /// RFC 4418's NH (UMAC's L1, §5.1.2) for r = 0..N (N ≤ 4 run the
        /// accelerated code; more, the portable code) Toeplitz windows, over
        /// the whole 32-byte blocks of `msg` that every window's key covers:
        /// Σ_b Σ_{j<4} (m_{8b+j} + k_{8b+j+4r} mod 2^32)·(m_{8b+4+j} +
        /// k_{8b+4+j+4r} mod 2^32) mod 2^64, word j of a block paired with
        /// word j + 4, window r's key 4r words (16 bytes) further.
        ///
        /// The key k (native 32-bit words) comes in the **(even, odd)
        /// quarter layout**: quarter q = words 4q..4q+4 of k is in `even` at
        /// words 4·(q/2).. when q is even and in `odd` at words 4·(q/2)..
        /// when q is odd (`crate::nh_umac_key_layout` makes it). Then the
        /// key words of every window are two contiguous runs (window r's
        /// block b adds quarters 2b + r and 2b + r + 1), which the SIMD
        /// kernels load whole, beside a message permuted once for all
        /// windows. A key of 256 + 4(N−1) words covers a 1024-byte chunk.
        fn nh_umac_sums<const N: usize>(self, even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; N] {
            soft::nh_umac_sums::<N>(even, odd, msg)
        }

        /// [`Kernels32::nh_umac_sums`] of each whole 1024-byte chunk of
        /// `msg` (a UMAC chunk), every chunk under the same key: `out[c]`
        /// gets chunk c's N sums, for c below the number of whole chunks
        /// and `out.len()` (the rest of `out` is left as it was). One call
        /// for many chunks: the AVX-512 backend keeps its loop state across
        /// them instead of paying a call and its set-up per chunk.
        fn nh_umac_chunk_sums<const N: usize>(
            self,
            even: &[u32],
            odd: &[u32],
            msg: &[u8],
            out: &mut [[u64; N]],
        ) {
            soft::nh_umac_each_chunk::<N>(msg, out, |c| self.nh_umac_sums::<N>(even, odd, c))
        }

        /// Adiantum's NH (the NH of NHPoly1305: Crowley and Biggers,
        /// ToSC 2018(4), the "NH" subsection of the hashing section) over
        /// the whole 16-byte units of `msg` that the key covers in all four
        /// passes: for pass p = 0..4, Σ_u (m_{4u} + k_{4u+4p})·(m_{4u+2} +
        /// k_{4u+2+4p}) + (m_{4u+1} + k_{4u+1+4p})·(m_{4u+3} + k_{4u+3+4p})
        /// mod 2^64 (additions mod 2^32): word j of each unit paired with
        /// word j + 2, pass p's key 4p words (one unit) further.
        ///
        /// The key comes in the **paired layout** (each unit's words k₀, k₁,
        /// k₂, k₃ stored as k₀, k₂, k₁, k₃: [`crate::nh_adiantum_key_layout`]
        /// makes it), so that a vector of s = m′ + k, m′ the message unit
        /// permuted the same way once for all passes, holds each pair in
        /// one 64-bit lane. A key of 268 words covers 1024 bytes.
        fn nh_adiantum_sums(self, key: &[u32], msg: &[u8]) -> [u64; 4] {
            soft::nh_adiantum_sums(key, msg)
        }
    }

    impl Kernels32 for Engine32 {
        detect: [
            #[cfg(target_arch = "x86_64")] Avx512,
            #[cfg(target_arch = "x86_64")] Avx2,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))] Neon,
        ],
        portable: Soft,
        request: [
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] Avx512Asm,
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] Avx2Asm,
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))] NeonAsm,
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))] Armv4Asm,
        ],
    }
}

/// The backend of the 64-bit-word kernel (MMH64). See the
/// [module docs](self).
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine64 {
    /// [`Backend::Ifma`](uhash_base::Backend::Ifma).
    #[cfg(target_arch = "x86_64")]
    Ifma(uhash_base::backend::Ifma),
    /// [`Backend::Mulx`](uhash_base::Backend::Mulx).
    #[cfg(target_arch = "x86_64")]
    Mulx(uhash_base::backend::Mulx),
    /// [`Backend::Soft`](uhash_base::Backend::Soft).
    Soft(uhash_base::backend::Soft),
}

uhash_base::engine! {
    /// The 64-bit-word kernel.
    pub trait Kernels64: Copy {
        /// Σ_j m_j·x_j mod 2^128 over the whole 64-bit little-endian words of
        /// `msg` that `key` covers: the MMH64 inner product.
        fn mmh64_sum(self, key: &[u64], msg: &[u8]) -> u128 {
            soft::mmh64_sum(key, msg)
        }
    }

    impl Kernels64 for Engine64 {
        detect: [
            #[cfg(target_arch = "x86_64")] Ifma,
            #[cfg(target_arch = "x86_64")] Mulx,
        ],
        portable: Soft,
        request: [],
    }
}

/// The portable backend: the traits' default bodies (`backend/soft.rs`).
impl Kernels32 for uhash_base::backend::Soft {}
/// The portable backend: the trait's default body (`backend/soft.rs`).
impl Kernels64 for uhash_base::backend::Soft {}
