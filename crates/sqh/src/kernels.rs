//! The kernels and their backends: which code computes the sums of squares.
//!
//! One kernel trait, [`Kernels`], and one engine, [`Engine`] (an enum
//! written here; [`uhash_base::engine!`] implements its methods and its
//! dispatch: the same API in every family, `detect()`, `new(Backend)`,
//! `backend()`, `all_supported()`, `BACKENDS`). Each
//! kernel walks the k elements of a message (element i is bytes
//! `[4W·i, 4W·(i+1))`, key element i is `key[W·i .. W·(i+1)]`) and returns
//! an accumulator of [`COLS`] columns; the paper functions turn it into the
//! output (reduction mod p, mod 2^L), shared by every backend.
//!
//! Backends:
//! * `ifma` (x86-64, AVX-512 IFMA): for w = 3 with truncated sums (SQHasm2,
//!   SQHE: the paper's 96-bit setting) sixteen elements per step, each
//!   element's 96 bits gathered into a 64-bit and a 32-bit lane by
//!   `vpermt2d`, the squares by `vpmadd52luq`/`vpmadd52huq` (product and
//!   addition in one instruction: SQHasm2 in radix 2^52, six per eight
//!   elements; SQHE's 32-bit column halves from 52-bit products by scaling
//!   one operand by 2^20, twelve per eight elements), the tail through
//!   zero-masked loads; for every other (W, EXACT) the AVX2 kernels below
//!   512 bytes and the AVX-512 ones from there (`backend/x86_ifma.rs`);
//! * `avx2` (x86-64): eight elements per block, their words loaded
//!   contiguously and transposed with `vpermd`, four squares per
//!   `vpmuludq`;
//! * `avx512` (x86-64): the same scheme on 512-bit vectors (sixteen
//!   elements per block, masked `vpermd`, eight squares per step);
//! * `neon` (little-endian AArch64): four elements per block, transposed
//!   with `uzp`/`trn`/`tbl`, two squares per `umull`/`umull2`;
//! * `soft` (portable, 32-bit limbs);
//! * `armv4-asm` (feature `asm`, little-endian 32-bit ARM): the hand-written
//!   ARMv4 inner loops of SQHasm2, SQH2 and SQHE for w = 3 (`uhash-asm`'s
//!   `armv4/sqh.S`, UMULL/UMLAL only, the paper's ARM7 setting); every
//!   other operation runs the portable defaults (ARMv4 has no SIMD unit).
//!
//! All form every square with w(w+1)/2 word products — each cross product
//! once, doubled — against w² for a general multiply. The SIMD backends
//! vectorise [`Kernels::sum_squares`] and [`Kernels::c2_columns`]; SQHc's
//! exact per-element squares ([`Kernels::c_words`]) stay portable
//! everywhere.
//!
//! # Which backend runs
//! * [`Engine::detect`] (fixed-length, typically short messages): IFMA
//!   when the CPU has it (w = 3 SQHasm2/SQHE from 8 elements on — below,
//!   the portable kernel, which is as fast for one or two elements — and
//!   AVX2 or AVX-512 by length otherwise: at least as fast as the best of
//!   the others at every length of the `sqh/` summary rows), else AVX2 when
//!   the CPU has it (≥ soft from one 264-byte block on; AVX-512 loses
//!   below a few hundred bytes, see the crate docs), NEON on little-endian
//!   AArch64 (not measured: the AArch64 tests run under qemu; chosen by the
//!   reasoning behind the AVX2 default — the same scheme on 128-bit
//!   vectors with half the block, so at least as many elements run
//!   vectorised, with `umull`/`umull2` and `usra` doing per vector what
//!   `vpmuludq`, `vpsrlq` and `vpaddq` do, and the soft kernel's 64-bit
//!   multiplies no cheaper), else soft.
//! * [`Engine::detect_long`] (the long-message kernels and types, which
//!   hash chunks of thousands of elements): the first backend of
//!   [`Engine::LONG_FIRST`] that `new` accepts (IFMA, whose 16 KiB chunks
//!   run its w = 3 kernels or AVX-512; then AVX-512: 1.3–1.4× AVX2 on
//!   16 KiB chunks), else `detect()`. This is the one engine's `new` with
//!   a second preference list, not a second mechanism: `avx512` is a
//!   `request` backend of the engine (never chosen by `detect()`), and
//!   `detect_long()` requests it after IFMA.
//! * `new(backend)` forces one ([`Error::UnsupportedBackend`](uhash_base::Error)
//!   when this CPU or build cannot run it); `armv4-asm` (or the alias
//!   `asm`) only ever on request.
//!
//! Every backend returns the portable result, bit for bit after the
//! shared reduction (tested against `uhash-ref` for every backend the CPU
//! supports, and at the kernel level against the portable kernels).
//!
//! Building with `RUSTFLAGS='--cfg uhash_backend="soft"'` makes `detect()`
//! (and `detect_long()`) return the portable backend everywhere (see
//! [`uhash_base::backend`]).

use uhash_base::Backend;

use crate::backend::soft;
pub use crate::reduce::COLS;
use uhash_base::pw::MAX_W;

/// The backend of the Square Hash kernels. See the [module docs](self).
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// [`Backend::Ifma`].
    #[cfg(target_arch = "x86_64")]
    Ifma(uhash_base::backend::Ifma),
    /// [`Backend::Avx2`].
    #[cfg(target_arch = "x86_64")]
    Avx2(uhash_base::backend::Avx2),
    /// [`Backend::Neon`].
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(uhash_base::backend::Neon),
    /// [`Backend::Soft`].
    Soft(uhash_base::backend::Soft),
    /// [`Backend::Avx512`].
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_base::backend::Avx512),
    /// [`Backend::Armv4Asm`].
    #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
    Armv4Asm(uhash_asm::Armv4Asm),
}

uhash_base::engine! {
    /// The Square Hash kernels, for W = 1..=5 words per element. Memory
    /// safety never depends on the caller: every kernel reads only the
    /// min(`msg.len()`/4W, `key.len()`/W) elements that both slices hold
    /// (the paper functions check the lengths first).
    pub trait Kernels: Copy {
        /// Σ sᵢ² as columns (column c of weight 2^(32c), c = 0..=2W).
        /// `EXACT`: sᵢ = mᵢ + xᵢ (W limbs and a carry limb: SQH\*, SQHasm);
        /// otherwise sᵢ = (mᵢ + xᵢ) mod 2^L (SQHasm2). What counts is the
        /// value Σ_c col\[c\]·2^(32c) (below 2^(64W+64)); backends may split
        /// it into columns differently (the portable code: exact column
        /// sums; `armv4-asm`: carry-propagated limbs).
        fn sum_squares<const W: usize, const EXACT: bool>(
            self,
            key: &[u32],
            msg: &[u8],
        ) -> [u128; COLS] {
            soft::sum_squares::<W, EXACT>(key, msg)
        }

        /// C(Σ C2(sᵢ²)) (SQHc2 with `EXACT`: sᵢ = mᵢ + xᵢ, 2W+1 columns;
        /// SQHE without: sᵢ mod 2^L, 2W columns): every half of every
        /// ordered word product of every square added into its column,
        /// each column mod 2^32. What counts is the low 32 bits of each
        /// column; the high halves are unspecified.
        fn c2_columns<const W: usize, const EXACT: bool>(
            self,
            key: &[u32],
            msg: &[u8],
        ) -> [u64; COLS] {
            soft::c2_columns::<W, EXACT>(key, msg)
        }

        /// SQH2: the W double-word columns D_q (weight 2^(64q), each mod
        /// 2^64) of Σ D2(sᵢ²), sᵢ = (mᵢ + xᵢ) mod 2^L: every ordered word
        /// product z = aᵢaⱼ added whole to column (i+j)/2 when i + j is even,
        /// else lo(z)·2^32 to column ⌊(i+j)/2⌋ and hi(z) to the next.
        /// Entries past W are unspecified.
        fn d2_pairs<const W: usize>(self, key: &[u32], msg: &[u8]) -> [u64; MAX_W] {
            soft::d2_pairs::<W>(key, msg)
        }

        /// SQHc: the 2W+1 words of each exact square sᵢ² = (mᵢ + xᵢ)²,
        /// summed column by column mod 2^32 (no carries between words).
        fn c_words<const W: usize>(self, key: &[u32], msg: &[u8]) -> [u32; COLS] {
            soft::c_words::<W>(key, msg)
        }
    }

    impl Kernels for Engine {
        detect: [
            #[cfg(target_arch = "x86_64")] Ifma,
            #[cfg(target_arch = "x86_64")] Avx2,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))] Neon,
        ],
        portable: Soft,
        request: [
            #[cfg(target_arch = "x86_64")] Avx512,
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))] Armv4Asm,
        ],
    }
}

/// The portable backend: the trait's default bodies (`backend/soft.rs`).
impl Kernels for uhash_base::backend::Soft {}

impl Engine {
    /// The backends [`Engine::detect_long`] tries, in order, before
    /// falling back to [`Engine::detect`]: IFMA, then AVX-512 (faster than
    /// AVX2 on 16 KiB chunks, slower on short messages, so `detect()` does
    /// not pick it).
    pub const LONG_FIRST: &'static [Backend] = &[Backend::Ifma, Backend::Avx512];

    /// The default backend for long messages (the chunk kernels of
    /// [`crate::long`] and the types of [`crate::hash`](mod@crate::hash)):
    /// the first of [`Engine::LONG_FIRST`] this CPU and build run, else
    /// [`Engine::detect`] (so NEON on little-endian AArch64).
    #[must_use]
    pub fn detect_long() -> Self {
        Self::LONG_FIRST
            .iter()
            .find_map(|&b| Self::new(b).ok())
            .unwrap_or_else(Self::detect)
    }
}
