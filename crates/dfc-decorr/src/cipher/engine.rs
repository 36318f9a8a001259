//! The cipher's kernels and the engine that chooses among them: the enum
//! [`CipherEngine`] and one [`uhash_base::engine!`] for its methods and
//! dispatch, separate from the module's [`crate::Engine`]
//! because its operations are whole Feistel networks. The backends differ
//! only in how they read the table `RT` without a secret address: the
//! portable default bodies scan all 64 entries
//! ([`rt_lookup_ct`](super::rt_lookup_ct)); AVX-512
//! (`src/backend/x86_avx512.rs`) keeps the table in registers. Both run
//! the module with the strategy the caller passes (an [`Engine`]; the
//! cipher's default is `native`).

use super::constants::{PAR_BLOCKS, RoundKeys};
use super::key_schedule::Expand;
use super::round::{Block, Par, rt_soft};
use crate::kernels::Engine;

/// The backend a [`Dfc`](super::Dfc) runs: AVX-512 where the CPU has
/// F/BW/VL (detected), else the portable code. Every backend computes
/// the same function in constant time.
///
/// A value holds the witness of its backend: it exists only where that
/// backend runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CipherEngine {
    /// [`Backend::Avx512`](uhash_base::Backend::Avx512).
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_base::backend::Avx512),
    /// [`Backend::Soft`](uhash_base::Backend::Soft).
    Soft(uhash_base::backend::Soft),
}

uhash_base::engine! {
    /// The operations of a DFC cipher backend, on words: a block is
    /// `(L, R)`, the big-endian halves of its 16 bytes. Each takes the
    /// decorrelation module's strategy `m` (an [`Engine`]), with which
    /// every round runs (one dispatch per call: see
    /// [`Engine::with`]).
    pub trait CipherKernels: Copy {
        /// The round keys from the 256-bit padded key `PK_1..PK_8`.
        fn expand(self, m: Engine, pk: &[u32; 8]) -> RoundKeys {
            m.with(Expand(pk, &rt_soft))
        }

        /// The 8-round network on `L ‖ R`, returning the output `(R, L)`
        /// words of the ciphertext.
        #[inline]
        fn encrypt(self, m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
            m.with(Block::<_, true> { rk, lr: (l, r), rt: &rt_soft })
        }

        /// The inverse of [`CipherKernels::encrypt`].
        #[inline]
        fn decrypt(self, m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
            m.with(Block::<_, false> { rk, lr: (l, r), rt: &rt_soft })
        }

        /// [`PAR_BLOCKS`] blocks encrypted side by side (their Feistel
        /// chains interleave).
        #[inline]
        fn encrypt_par(self, m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
            m.with(Par::<_, true> { rk, blocks, rt: &rt_soft });
        }

        /// [`PAR_BLOCKS`] blocks decrypted side by side.
        #[inline]
        fn decrypt_par(self, m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
            m.with(Par::<_, false> { rk, blocks, rt: &rt_soft });
        }
    }

    impl CipherKernels for CipherEngine {
        detect: [
            #[cfg(target_arch = "x86_64")] Avx512,
        ],
        portable: Soft,
        request: [],
    }
}
