//! The cipher's kernels and the engine that chooses among them: one
//! [`uhash_core::engine!`], separate from the module's [`crate::Engine`]
//! because its operations are whole Feistel networks. The backends differ
//! only in how they read the table `RT` without a secret address: the
//! portable default bodies scan all 64 entries
//! ([`rt_lookup_ct`](super::rt_lookup_ct)); AVX-512
//! (`src/backend/x86_avx512.rs`) keeps the table in registers. Both run
//! the module with the [`Native`](uhash_core::backend::Native) strategy.

use super::constants::{PAR_BLOCKS, RoundKeys};
use super::key_schedule::expand_with;
use super::round::{decrypt_par, decrypt_words, encrypt_par, encrypt_words, rt_soft};

uhash_core::engine! {
    /// The operations of a DFC cipher backend, on words: a block is
    /// `(L, R)`, the big-endian halves of its 16 bytes.
    pub trait CipherKernels {
        /// The round keys from the 256-bit padded key `PK_1..PK_8`.
        fn expand(self, pk: &[u32; 8]) -> RoundKeys {
            expand_with(pk, &rt_soft)
        }

        /// The 8-round network on `L ‖ R`, returning the output `(R, L)`
        /// words of the ciphertext.
        #[inline]
        fn encrypt(self, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
            encrypt_words(rk, l, r, &rt_soft)
        }

        /// The inverse of [`CipherKernels::encrypt`].
        #[inline]
        fn decrypt(self, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
            decrypt_words(rk, l, r, &rt_soft)
        }

        /// [`PAR_BLOCKS`] blocks encrypted side by side (their Feistel
        /// chains interleave).
        #[inline]
        fn encrypt_par(self, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
            encrypt_par(rk, blocks, &rt_soft);
        }

        /// [`PAR_BLOCKS`] blocks decrypted side by side.
        #[inline]
        fn decrypt_par(self, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
            decrypt_par(rk, blocks, &rt_soft);
        }
    }

    /// The backend a [`Dfc`](super::Dfc) runs: AVX-512 where the CPU has
    /// F/BW/VL (detected), else the portable code. Every backend computes
    /// the same function in constant time.
    pub enum CipherEngine {
        detect: [
            #[cfg(target_arch = "x86_64")]
            Avx512 => uhash_core::backend::Avx512,
        ],
        portable: Soft => uhash_core::backend::Soft,
        request: [],
    }
}
