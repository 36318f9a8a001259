//! The decorrelation module y = ((a·x + b) mod (2^64 + 13)) mod 2^64.
//!
//! # Definition
//! For 64-bit unsigned integers a, b and x, a·x + b is computed over the
//! integers (it is at most 2^128 − 2^64), reduced modulo the prime
//! p = 2^64 + 13, and the residue (a 65-bit value in [0, p)) is truncated to
//! its low 64 bits. When the residue lands in [2^64, 2^64 + 12] the output
//! is that residue minus 2^64, i.e. 0..=12. This is the round-function core
//! of the AES candidate DFC (Gilbert et al., 1998) and the subject of
//! Noilhan, *Software Optimization of Decorrelation Module*; the
//! big-integer reference is `uhash_ref::dfc::dfc_module`.
//!
//! # Strategies
//! Noilhan's paper compares ways of computing it that depend on what the
//! language and the CPU offer. Each is a backend of the [`Engine`] here
//! (its witness type implements [`Kernels`] in its own file under
//! `src/backend/`), and all are bit-for-bit equal (tested against the
//! reference and against each other):
//!
//! | backend ([`Backend`] name) | file | product P = a·x + b | reduction | paper |
//! |---|---|---|---|---|
//! | `native` (default) | [`native`] | one 64×64→128 (`u128`) | 128-bit complement | Alpha `umulh`, IA-64 `xma` (§5.3, §5.6) |
//! | `fold` | [`fold`] | one 64×64→128 (`u128`) | 128-bit signed fold | §2, the signed route |
//! | `mulx` (x86-64 BMI2/ADX) | `x86_mulx.rs` | BMI2 `mulx` + ADX `adcx` | 128-bit complement | the "ASM" column of Table 3 |
//! | `words32` | [`words32`] | four 32×32→64, carries in the upper halves | 32-bit words ([`reduce32`]) | "64-bit C" (§5.2) |
//! | `limbs16` | [`limbs16`] | sixteen 16×16→32, `u32` only | 16-bit digits in `u32` ([`reduce32`]) | "ANSI C" (§5.1) |
//! | `float` | [`float`] | nine 24×24 in IEEE doubles | 32-bit words, 13· by shifts ([`reduce32`]) | UltraSPARC "C with floats" (§5.5) |
//! | `float16x32` | [`float16x32`] | eight 16×32 in IEEE doubles | 32-bit words, 13· by shifts ([`reduce32`]) | §5.5's alternative |
//! | `mulx-asm` (x86-64 BMI2/ADX, feature `asm`) | `ffi_x86_64.rs` | hand-written `mulx` | 128-bit complement | the paper's assembly columns |
//! | `aarch64-asm` (feature `asm`) | `ffi_aarch64.rs` | hand-written `mul`/`umulh` | 128-bit complement | Alpha `umulq`/`umulh` in assembly (§5.3) |
//! | `armv4-asm` (ARM state, feature `asm`) | `ffi_armv4.rs` | hand-written UMULL/UMLAL | complement, in registers | "64-bit C" in assembly (§5.2) |
//!
//! `Backend::Asm` (`asm`) is the alias of this target's assembly backend
//! ([`Engine::new`]).
//!
//! # The reduction (§2)
//! With P = 2^64·Q + R and 2^64 ≡ −13 (mod p), every strategy computes one
//! of two division-less reductions:
//!
//! * the paper's **complement method**: R − 13Q ≡ R + 13·¬Q + 182, where
//!   ¬Q = 2^64 − 1 − Q is the bitwise complement, so nothing is ever
//!   negative; the result P′ < 2^68 is split again, P′ = 2^64·Q′ + R′ with
//!   Q′ ≤ 14, and R′ − 13Q′ is computed with its borrow turned into a mask
//!   that adds back 13 (= p mod 2^64) when it wrapped. The 64-bit
//!   strategies (`native`, `mulx`, the x86-64 and AArch64 assembly) do it
//!   on 64-bit halves ([`uhash_base::p64::reduce_complement`], shared with
//!   MMH64 and Square Hash); the word strategies (`words32`, `float`,
//!   `float16x32`; `limbs16` in 16-bit digits) do it as the paper
//!   describes for them, in 32-bit words with the carries kept in the upper
//!   halves of the registers and propagated once ([`reduce32`]), taking
//!   their product's columns before any carry is propagated;
//! * the **signed fold** ([`uhash_base::p64::reduce_u128`], strategy
//!   `Fold`): R − 13Q + 13p evaluated in `i128`, then the same final fold.
//!
//! The paper finishes the complement method with "a small table" indexed by
//! Q′. A table indexed by a value derived from the key and the data leaks it
//! through the cache (the paper already notes that the table "avoids some
//! problems of timings attacks with such small operands" on multipliers with
//! early termination; the cache is the newer channel), so here the table is
//! replaced by arithmetic.
//!
//! # Timing (§4)
//! Every strategy is branch-free and table-free: no branch and no memory
//! index depends on a, b or x. Carries move by shifts and masks, never by
//! comparisons; the one conditional correction is a mask computed with
//! arithmetic and passed through [`uhash_base::ct::barrier_u64`] so that the
//! optimiser cannot turn it back into a branch. Checked in the generated
//! code of every portable strategy and of `mulx`: on x86-64 no jump, no
//! `cmov`, no call; on ARMv7 and AArch64 no branch and no call. In the
//! 128-bit reductions (`native`, `fold`) the borrow that becomes the mask
//! is materialised with conditional execution (ARMv7 `movwcc`/`mvnne`
//! before the barrier, AArch64 `cinc`/`csetm` on the carry):
//! data-independent in time on the cores we know of, like `cmov`, yet not
//! pure arithmetic. The word strategies (`words32`, `limbs16`, `float`,
//! `float16x32`), whose borrows are arithmetic shifts of a signed upper
//! half, compile to plain arithmetic on all three (no conditional
//! instruction at all). The remaining assumption is
//! the paper's: the multiplier itself must take data-independent time (true
//! of `mul`/`mulx` on x86-64, `umulh` on AArch64 and the FPU for the
//! normal, non-subnormal operands the float strategy uses; false on some
//! small cores, e.g. ARM Cortex-M3's early-terminating `umull`).
//!
//! # Choosing
//! [`module`] is the default (`native`), inlined, and what the DFC cipher
//! uses. An [`Engine`] is a chosen backend: [`Engine::new`] answers
//! [`Error::UnsupportedBackend`] when the CPU or the build lacks it, and a
//! value, once made, runs [`Kernels::module`] and [`Kernels::module_batch`]
//! ([`module_with`] and [`module_batch_with`] are the same as functions).
//! Each witness type implements [`Kernels`] too, so
//! `uhash_base::backend::Fold.module(a, b, x)` is the `fold` strategy with
//! nothing to dispatch, which the compiler can inline; the portable
//! strategies' files also have a plain `module` function.
//!
//! ```
//! use dfc_decorr::module::{self, Engine, Kernels};
//! use dfc_decorr::Backend;
//!
//! assert_eq!(module::module(2, 3, 5), 13); // 2·5 + 3
//! // 1·(2^64 − 1) + 13 = 2^64 + 12 = p − 1: a residue above 2^64, output 12.
//! assert_eq!(module::module(1, 13, u64::MAX), 12);
//! for engine in Engine::all_supported() {
//!     assert_eq!(engine.module(1, 13, u64::MAX), 12);
//! }
//! let words32 = Engine::new(Backend::Words32)?;
//! let mut y = [0; 2];
//! words32.module_batch(&[2, 1], &[3, 13], &[5, u64::MAX], &mut y)?;
//! assert_eq!(y, [13, 12]);
//! # Ok::<(), dfc_decorr::Error>(())
//! ```
//!
//! # Cost
//! Measured with `cargo bench -p uhash-bench --bench dfc_module` on the
//! project's reference machine (x86-64 with BMI2/ADX/AVX-512, baseline
//! `x86-64` code generation, TSC cycles at 2.7 GHz, criterion medians of
//! two alternated runs with the code before the word reductions, which
//! the last column shows): *throughput* is 1024 independent calls,
//! *latency* a dependent chain x ← module(a, b, x).
//!
//! | backend | throughput (cycles/call) | latency (cycles/call) | with the 128-bit reduction instead |
//! |---|---|---|---|
//! | `native` | 4.1 | 14.4 | (the same) |
//! | `fold` | 3.9 | 14.9 | (the same) |
//! | `mulx` | 4.1 | 13.7 (includes a call) | (the same) |
//! | `words32` | 8.7 | 21.7 | 7.4 / 18.6 |
//! | `limbs16` | 32.1 | 47.5 | 24.1 / 38.0 |
//! | `float` | 24.3 | 42.5 | 21.3 / 40.0 |
//! | `float16x32` | 21.7 | 34.8 | — |
//!
//! The ranking is the paper's conclusion on a modern CPU: "one should use
//! the largest integers available". `mulx` brings little over the `u128`
//! code: the compiler already emits one `mul` for the product, and the
//! latency is the chain product → ·13 → final fold of the reduction, the
//! same in both. The word reductions are the paper's way for CPUs without
//! 64-bit registers (and without a compiler's `u128`): on x86-64 they cost
//! 2–8 cycles more per call than handing the propagated product to the
//! 128-bit reduction, which compiles to a few `add`/`adc`; on ARMv7 they
//! are the shorter code for `words32` (48 instructions against 50) and
//! `float` (106 against 109), and on every target they need no
//! conditional instruction (above). `limbs16`'s 16-bit digits need more
//! passes than 32-bit words would (126 ARMv7 instructions against 110):
//! the price of keeping every carry in a register's upper half with
//! nothing wider than 32 bits. On ARMv7 (`armv7-unknown-linux-gnueabihf`)
//! `limbs16` compiles to sixteen 32-bit `mul`s and the whole module to
//! straight-line code with no branch and no library call, like every
//! other strategy. The same strategies inside the DFC cipher, beside the
//! paper's Table 3: `docs/dfc-table3.md`.

pub use crate::backend::{float, float16x32, fold, limbs16, native, reduce32, words32};
pub use crate::kernels::{Engine, Kernels, Strategy};
#[cfg(doc)]
use uhash_base::Backend;
use uhash_base::Error;
use uhash_base::backend::Native;

/// The prime p = 2^64 + 13 of the module.
pub const P: u128 = uhash_base::p64::P64;

/// The module with the default strategy: native 64×64→128 multiplication and
/// the division-less complement reduction of the paper's §2
/// ([`uhash_base::p64::mul_add_mod_2_64`]). Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    Native.module(a, b, x)
}

/// The module with a chosen backend: `engine.module(a, b, x)`. Constant
/// time.
#[inline]
#[must_use]
pub fn module_with(engine: Engine, a: u64, b: u64, x: u64) -> u64 {
    engine.module(a, b, x)
}

/// `y[i] = module(a[i], b[i], x[i])` for every i, with a chosen backend:
/// `engine.module_batch(a, b, x, y)`.
///
/// # Errors
/// [`Error::InvalidParameter`] when the four slices do not all have the same
/// length. Nothing is written on error.
pub fn module_batch_with(
    engine: Engine,
    a: &[u64],
    b: &[u64],
    x: &[u64],
    y: &mut [u64],
) -> Result<(), Error> {
    engine.module_batch(a, b, x, y)
}
