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
//! language and the CPU offer. Each is a [`Strategy`] here, in its own
//! file, and all are bit-for-bit equal (tested against the reference and
//! against each other):
//!
//! | [`Strategy`] | file | product P = a·x + b | paper |
//! |---|---|---|---|
//! | [`Native`](Strategy::Native) (default) | [`native`] | one 64×64→128 (`u128`) | Alpha `umulh`, IA-64 `xma` (§5.3, §5.6) |
//! | [`Fold`](Strategy::Fold) | [`fold`] | one 64×64→128 (`u128`) | §2, the signed route |
//! | [`Mulx`](Strategy::Mulx) | `mulx` (x86-64 only) | BMI2 `mulx` + ADX `adcx` | the "ASM" column of Table 3 |
//! | [`Words32`](Strategy::Words32) | [`words32`] | four 32×32→64, carries in the upper halves | "64-bit C" (§5.2) |
//! | [`Limbs16`](Strategy::Limbs16) | [`limbs16`] | sixteen 16×16→32, `u32` only | "ANSI C" (§5.1) |
//! | [`Float`](Strategy::Float) | [`float`] | nine 24×24 in IEEE doubles | UltraSPARC "C with floats" (§5.5) |
//! | [`Asm`](Strategy::Asm) | `asm` (feature `asm`) | hand-written assembly: `mulx` (x86-64), `mul`/`umulh` (AArch64), UMULL/UMLAL (ARMv4+) | the paper's assembly columns |
//!
//! # The reduction (§2)
//! Every strategy ends with one of the two division-less reductions of
//! [`uhash_core::p64`] (one copy in the workspace, shared with MMH64 and
//! Square Hash). With P = 2^64·Q + R and 2^64 ≡ −13 (mod p):
//!
//! * the paper's **complement method** ([`uhash_core::p64::reduce_complement`],
//!   used by every strategy but `Fold`): R − 13Q ≡ R + 13·¬Q + 182, where
//!   ¬Q = 2^64 − 1 − Q is the bitwise complement, so nothing is ever
//!   negative; the result P′ < 2^68 is split again, P′ = 2^64·Q′ + R′ with
//!   Q′ ≤ 14, and R′ − 13Q′ is computed in 64 bits with its borrow turned
//!   into a mask that adds back 13 (= p mod 2^64) when it wrapped;
//! * the **signed fold** ([`uhash_core::p64::reduce_u128`], strategy
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
//! arithmetic and passed through [`uhash_core::ct::barrier_u64`] so that the
//! optimiser cannot turn it back into a branch (checked in the generated
//! x86-64 and ARMv7 code: no jump, no `cmov`, no call). The remaining assumption is
//! the paper's: the multiplier itself must take data-independent time (true
//! of `mul`/`mulx` on x86-64, `umulh` on AArch64 and the FPU for the
//! normal, non-subnormal operands the float strategy uses; false on some
//! small cores, e.g. ARM Cortex-M3's early-terminating `umull`).
//!
//! # Choosing
//! [`module`] is the default (`Native`), inlined, and what the DFC cipher
//! uses. [`module_with`] and [`module_batch_with`] take a [`Strategy`] and
//! answer [`uhash_core::Error::UnsupportedBackend`] when the CPU or the
//! build lacks it; each strategy's file also has its own `module` and
//! `module_batch` functions, which the compiler can inline.
//!
//! ```
//! use dfc_decorr::module::{self, Strategy, module_with};
//!
//! assert_eq!(module::module(2, 3, 5), 13); // 2·5 + 3
//! // 1·(2^64 − 1) + 13 = 2^64 + 12 = p − 1: a residue above 2^64, output 12.
//! assert_eq!(module::module(1, 13, u64::MAX), 12);
//! for s in Strategy::supported() {
//!     assert_eq!(module_with(s, 1, 13, u64::MAX), Ok(12));
//! }
//! ```
//!
//! # Cost
//! Measured with `cargo bench -p uhash-bench --bench dfc_module` on the
//! project's reference machine (x86-64 with BMI2/ADX/AVX-512, baseline
//! `x86-64` code generation, TSC cycles at 2.7 GHz, criterion medians):
//! *throughput* is 1024 independent calls, *latency* a dependent chain
//! x ← module(a, b, x).
//!
//! | strategy | throughput (cycles/call) | latency (cycles/call) |
//! |---|---|---|
//! | `native` | 6.4 | 17.0 |
//! | `fold` | 7.0 | 16.6 |
//! | `mulx` | 6.2 | 15.9 (includes a call) |
//! | `words32` | 12.5 | 22.1 |
//! | `limbs16` | 36.3 | 46.4 |
//! | `float` | 32.8 | 53.7 |
//!
//! The ranking is the paper's conclusion on a modern CPU: "one should use
//! the largest integers available". `mulx` brings little over the `u128`
//! code: the compiler already emits one `mul` for the product, and the
//! latency is the chain product → ·13 → final fold of the reduction, the
//! same in both. On ARMv7 (`armv7-unknown-linux-gnueabihf`) `limbs16`
//! compiles to sixteen 32-bit `mul`s and the whole module to straight-line
//! code with no branch and no library call, like every other strategy.

use uhash_core::{Backend, Error};

/// Defines a strategy file's `module_batch`: its `module` over slices, through
/// [`batch`] (one definition for every strategy).
macro_rules! batch_fn {
    () => {
        /// `y[i] = module(a[i], b[i], x[i])` for every i.
        ///
        /// # Errors
        /// [`uhash_core::Error::InvalidParameter`] when the four slices do not
        /// all have the same length (nothing is written then).
        #[inline]
        pub fn module_batch(
            a: &[u64],
            b: &[u64],
            x: &[u64],
            y: &mut [u64],
        ) -> Result<(), uhash_core::Error> {
            super::batch(module, a, b, x, y)
        }
    };
}
use batch_fn;

#[cfg(feature = "asm")]
#[allow(unsafe_code)] // calls into the `uhash-asm` kernels, behind `AsmCpu`.
pub mod asm;
pub mod float;
pub mod fold;
pub mod limbs16;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // #[target_feature] calls, behind the `Mulx` witness.
pub mod mulx;
pub mod native;
pub mod words32;

/// The prime p = 2^64 + 13 of the module.
pub const P: u128 = uhash_core::p64::P64;

/// The module with the default strategy: native 64×64→128 multiplication and
/// the division-less complement reduction of the paper's §2
/// ([`uhash_core::p64::mul_add_mod_2_64`]). Constant time.
#[inline(always)]
#[must_use]
pub fn module(a: u64, b: u64, x: u64) -> u64 {
    native::module(a, b, x)
}

/// A way of computing the module (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// One 64×64→128 `u128` product, the paper's complement reduction
    /// ([`native`]). The default. Always available.
    Native,
    /// One 64×64→128 `u128` product, the signed `i128` fold ([`fold`]).
    /// Always available.
    Fold,
    /// x86-64 BMI2 `mulx` and ADX `adcx` (`mulx` module). Available when
    /// the CPU has BMI2 and ADX.
    Mulx,
    /// "64-bit C": four 32×32→64 products ([`words32`]). Always available.
    Words32,
    /// "ANSI C": sixteen 16×16→32 products in `u32` arithmetic
    /// ([`limbs16`]). Always available.
    Limbs16,
    /// UltraSPARC floating point: nine 24×24 products in IEEE doubles
    /// ([`float`]). Always available.
    Float,
    /// Hand-written assembly from `uhash-asm` (`asm` module, feature
    /// `asm`): x86-64 `mulx`, AArch64 `umulh`, ARMv4 UMULL/UMLAL.
    /// Available when the crate is built with feature `asm`, the kernels
    /// assembled for this target, and (x86-64) the CPU has BMI2/ADX.
    Asm,
}

impl Strategy {
    /// Every strategy, in the order the benches report them.
    pub const ALL: [Strategy; 7] = [
        Strategy::Native,
        Strategy::Fold,
        Strategy::Mulx,
        Strategy::Words32,
        Strategy::Limbs16,
        Strategy::Float,
        Strategy::Asm,
    ];

    /// A short lower-case name (`"native"`, `"mulx"`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Native => "native",
            Strategy::Fold => "fold",
            Strategy::Mulx => "mulx",
            Strategy::Words32 => "words32",
            Strategy::Limbs16 => "limbs16",
            Strategy::Float => "float",
            Strategy::Asm => "asm",
        }
    }

    /// The strategy with this [`Strategy::name`].
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] for an unknown name.
    pub fn from_name(name: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or(Error::InvalidParameter {
                name: "strategy",
                reason: "unknown DFC module strategy",
            })
    }

    /// The workspace backend class this strategy belongs to: `Soft` for the
    /// `u128` strategies, `Soft32` for the 32-bit ones, `Float`, `Mulx`.
    #[must_use]
    pub const fn backend(self) -> Backend {
        match self {
            Strategy::Native | Strategy::Fold => Backend::Soft,
            Strategy::Mulx => Backend::Mulx,
            Strategy::Words32 | Strategy::Limbs16 => Backend::Soft32,
            Strategy::Float => Backend::Float,
            Strategy::Asm => Backend::Asm,
        }
    }

    /// Whether this CPU and build can run the strategy (only `Mulx` and
    /// `Asm` can be missing: `Mulx` needs x86-64 with BMI2 and ADX, detected
    /// at run time; `Asm` needs feature `asm` and assembled kernels (and
    /// BMI2/ADX on x86-64); neither is available under
    /// `--cfg uhash_backend="soft"`).
    #[must_use]
    pub fn is_supported(self) -> bool {
        match self {
            Strategy::Mulx => cfg!(target_arch = "x86_64") && Backend::Mulx.is_supported(),
            Strategy::Asm => asm_cpu().is_some(),
            _ => true,
        }
    }

    /// `Ok(self)` if supported, else [`Error::UnsupportedBackend`].
    ///
    /// # Errors
    /// When the CPU or build lacks the strategy.
    pub fn require(self) -> Result<Self, Error> {
        if self.is_supported() {
            Ok(self)
        } else {
            Err(Error::UnsupportedBackend(self.backend()))
        }
    }

    /// The supported strategies, in [`Strategy::ALL`] order.
    pub fn supported() -> impl Iterator<Item = Strategy> {
        Self::ALL.into_iter().filter(|s| s.is_supported())
    }
}

impl core::fmt::Display for Strategy {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The module with a chosen strategy.
///
/// # Errors
/// [`Error::UnsupportedBackend`] when the CPU or build lacks the strategy
/// (see [`Strategy::is_supported`]).
#[inline]
pub fn module_with(strategy: Strategy, a: u64, b: u64, x: u64) -> Result<u64, Error> {
    Ok(match strategy {
        Strategy::Native => native::module(a, b, x),
        Strategy::Fold => fold::module(a, b, x),
        Strategy::Words32 => words32::module(a, b, x),
        Strategy::Limbs16 => limbs16::module(a, b, x),
        Strategy::Float => float::module(a, b, x),
        Strategy::Mulx => {
            #[cfg(target_arch = "x86_64")]
            if let Some(cpu) = uhash_core::backend::Mulx::detect() {
                return Ok(mulx::module(cpu, a, b, x));
            }
            return Err(Error::UnsupportedBackend(Backend::Mulx));
        }
        Strategy::Asm => {
            #[cfg(feature = "asm")]
            if let Some(cpu) = asm::AsmCpu::detect() {
                return Ok(asm::module(cpu, a, b, x));
            }
            return Err(Error::UnsupportedBackend(Backend::Asm));
        }
    })
}

/// The assembly kernels' witness, when this build and CPU have them.
#[cfg(feature = "asm")]
fn asm_cpu() -> Option<asm::AsmCpu> {
    asm::AsmCpu::detect()
}

/// Without feature `asm` there is no assembly strategy.
#[cfg(not(feature = "asm"))]
fn asm_cpu() -> Option<core::convert::Infallible> {
    None
}

/// `y[i] = module(a[i], b[i], x[i])` for every i, with a chosen strategy.
///
/// # Errors
/// [`Error::UnsupportedBackend`] when the CPU or build lacks the strategy;
/// [`Error::InvalidParameter`] when the four slices do not all have the same
/// length. Nothing is written on error.
pub fn module_batch_with(
    strategy: Strategy,
    a: &[u64],
    b: &[u64],
    x: &[u64],
    y: &mut [u64],
) -> Result<(), Error> {
    match strategy {
        Strategy::Native => native::module_batch(a, b, x, y),
        Strategy::Fold => fold::module_batch(a, b, x, y),
        Strategy::Words32 => words32::module_batch(a, b, x, y),
        Strategy::Limbs16 => limbs16::module_batch(a, b, x, y),
        Strategy::Float => float::module_batch(a, b, x, y),
        Strategy::Mulx => {
            #[cfg(target_arch = "x86_64")]
            if let Some(cpu) = uhash_core::backend::Mulx::detect() {
                return mulx::module_batch(cpu, a, b, x, y);
            }
            Err(Error::UnsupportedBackend(Backend::Mulx))
        }
        Strategy::Asm => {
            #[cfg(feature = "asm")]
            if let Some(cpu) = asm::AsmCpu::detect() {
                return asm::module_batch(cpu, a, b, x, y);
            }
            Err(Error::UnsupportedBackend(Backend::Asm))
        }
    }
}

/// `Ok` when the four slices of a batch have one length.
fn check_lengths(a: &[u64], b: &[u64], x: &[u64], y: &[u64]) -> Result<(), Error> {
    let n = y.len();
    if a.len() == n && b.len() == n && x.len() == n {
        Ok(())
    } else {
        Err(Error::InvalidParameter {
            name: "batch",
            reason: "a, b, x and y must have the same length",
        })
    }
}

/// The batch loop of the inlinable strategies.
#[inline(always)]
fn batch(
    f: impl Fn(u64, u64, u64) -> u64,
    a: &[u64],
    b: &[u64],
    x: &[u64],
    y: &mut [u64],
) -> Result<(), Error> {
    check_lengths(a, b, x, y)?;
    for (((yi, &ai), &bi), &xi) in y.iter_mut().zip(a).zip(b).zip(x) {
        *yi = f(ai, bi, xi);
    }
    Ok(())
}
