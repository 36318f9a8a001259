//! The decorrelation module's kernels and the engine that chooses among
//! them: the enum [`Engine`], written here, and one [`uhash_base::engine!`]
//! that implements its methods and its dispatch of [`Kernels`].
//!
//! Every strategy of Noilhan's paper (see the [`module`](mod@crate::module)
//! docs) is one backend: a witness type of `uhash_base::backend` (or, for
//! the assembly, of `uhash_asm`) implementing [`Kernels`] in its own file
//! under `src/backend/`. The portable default bodies below are the
//! [`Native`](uhash_base::backend::Native) strategy, the crate's default
//! and what the DFC cipher runs.

use uhash_base::Error;
use uhash_base::p64::reduce_complement;
use uhash_base::wide::mul64;

/// A way of computing the decorrelation module: one backend per
/// strategy of the paper (see the [`module`](mod@crate::module) docs).
/// [`Engine::detect`] (and `Default`) is `native`, the fastest here and
/// what the cipher uses; every other strategy is chosen with
/// [`Engine::new`] (`Backend::Asm` picks this target's assembly).
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// [`Backend::Native`](uhash_base::Backend::Native).
    Native(uhash_base::backend::Native),
    /// [`Backend::Fold`](uhash_base::Backend::Fold).
    Fold(uhash_base::backend::Fold),
    /// [`Backend::Mulx`](uhash_base::Backend::Mulx).
    #[cfg(target_arch = "x86_64")]
    Mulx(uhash_base::backend::Mulx),
    /// [`Backend::Words32`](uhash_base::Backend::Words32).
    Words32(uhash_base::backend::Words32),
    /// [`Backend::Limbs16`](uhash_base::Backend::Limbs16).
    Limbs16(uhash_base::backend::Limbs16),
    /// [`Backend::Float`](uhash_base::Backend::Float).
    Float(uhash_base::backend::Float),
    /// [`Backend::Float16x32`](uhash_base::Backend::Float16x32).
    Float16x32(uhash_base::backend::Float16x32),
    /// [`Backend::MulxAsm`](uhash_base::Backend::MulxAsm).
    #[cfg(all(feature = "asm", target_arch = "x86_64"))]
    MulxAsm(uhash_asm::MulxAsm),
    /// [`Backend::Aarch64Asm`](uhash_base::Backend::Aarch64Asm).
    #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
    Aarch64Asm(uhash_asm::Aarch64Asm),
    /// [`Backend::Armv4Asm`](uhash_base::Backend::Armv4Asm).
    #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
    Armv4Asm(uhash_asm::Armv4Asm),
}

uhash_base::engine! {
    /// The operations of a decorrelation-module backend. Implemented for
    /// each strategy's witness type and, by dispatch, for [`Engine`].
    pub trait Kernels: Copy {
        /// ((a·x + b) mod (2^64 + 13)) mod 2^64. Constant time.
        ///
        /// The default body is the `native` strategy: one 64×64→128
        /// (`u128`) product and the paper's complement reduction
        /// ([`uhash_base::p64::reduce_complement`]).
        #[inline(always)]
        fn module(self, a: u64, b: u64, x: u64) -> u64 {
            reduce_complement(mul64(a, x) + u128::from(b)) as u64
        }

        /// `y[i] = module(a[i], b[i], x[i])` for every i.
        ///
        /// # Errors
        /// [`Error::InvalidParameter`] when the four slices do not all have
        /// the same length (nothing is written then).
        #[inline]
        fn module_batch(self, a: &[u64], b: &[u64], x: &[u64], y: &mut [u64]) -> Result<(), Error> {
            check_lengths(a, b, x, y)?;
            for (((yi, &ai), &bi), &xi) in y.iter_mut().zip(a).zip(b).zip(x) {
                *yi = self.module(ai, bi, xi);
            }
            Ok(())
        }
    }

    impl Kernels for Engine {
        detect: [],
        portable: Native,
        request: [
            Fold,
            #[cfg(target_arch = "x86_64")] Mulx,
            Words32,
            Limbs16,
            Float,
            Float16x32,
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] MulxAsm,
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
            Aarch64Asm,
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))] Armv4Asm,
        ],
    }
}

/// A computation generic over the module strategy, run by
/// [`Engine::with`] with the witness of the engine's backend: the code is
/// monomorphized per strategy, so the strategy's `module` inlines into it
/// (one dispatch per [`Engine::with`] call, not one per module call). The
/// DFC cipher runs its Feistel network this way
/// ([`Dfc`](crate::cipher::Dfc) with any strategy).
pub trait WithStrategy {
    /// What the computation returns.
    type Output;
    /// Runs the computation with the strategy `k`.
    fn run<K: Kernels>(self, k: K) -> Self::Output;
}

impl Engine {
    /// Runs `task` with this engine's backend as its [`Kernels`] type: one
    /// `match` here, then the strategy's code monomorphized inside
    /// `task` (see [`WithStrategy`]).
    #[inline(always)]
    pub fn with<T: WithStrategy>(self, task: T) -> T::Output {
        // Every variant of the engine, with the same `cfg`s as the enum
        // above (the compiler checks that this `match` is exhaustive).
        match self {
            Engine::Native(k) => task.run(k),
            Engine::Fold(k) => task.run(k),
            #[cfg(target_arch = "x86_64")]
            Engine::Mulx(k) => task.run(k),
            Engine::Words32(k) => task.run(k),
            Engine::Limbs16(k) => task.run(k),
            Engine::Float(k) => task.run(k),
            Engine::Float16x32(k) => task.run(k),
            #[cfg(all(feature = "asm", target_arch = "x86_64"))]
            Engine::MulxAsm(k) => task.run(k),
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
            Engine::Aarch64Asm(k) => task.run(k),
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
            Engine::Armv4Asm(k) => task.run(k),
        }
    }
}

/// The former name of [`Engine`]: the strategies of the module are its
/// backends (`Strategy::new(Backend::Fold)`, `Strategy::all_supported()`).
pub type Strategy = Engine;

/// `Ok` when the four slices of a batch have one length.
///
/// # Errors
/// [`Error::InvalidParameter`] otherwise.
pub(crate) fn check_lengths(a: &[u64], b: &[u64], x: &[u64], y: &[u64]) -> Result<(), Error> {
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
