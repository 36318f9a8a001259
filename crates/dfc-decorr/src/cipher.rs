//! The DFC block cipher (version 1, the AES round-1 candidate of Gilbert,
//! Girault, Hoogvorst, Noilhan, Pornin, Poupard, Stern and Vaudenay, 1998),
//! whose round function runs the decorrelation module [`crate::module::module`].
//!
//! * Block: 128 bits. Key: any length from 1 to 256 bits
//!   ([`Dfc::new_from_key_bits`]); the byte API ([`Dfc::new_from_key`],
//!   [`KeyInit`]) takes whole bytes, 1 to 32 of them. The NIST vectors use
//!   128, 192 and 256 bits (and every multiple of 16 bits in between in the
//!   Tables KAT).
//! * Byte order: big-endian throughout, as in the NIST files. A block
//!   `B[0..16]` is the 128-bit integer `L ‖ R` with
//!   `L = u64::from_be_bytes(B[0..8])`, `R = u64::from_be_bytes(B[8..16])`;
//!   the ciphertext is written the same way. The RustCrypto trait path
//!   ([`BlockCipherEncrypt`], [`BlockCipherDecrypt`]) uses the same order.
//! * Structure: an 8-round Feistel network. Round `i` (round key
//!   `RK_i = a ‖ b`) maps `(L, R)` to `(R, L ⊕ RF(R))` with
//!   `RF(x) = CP(((a·x + b) mod (2^64+13)) mod 2^64)`; the output is `R ‖ L`.
//!   Decryption runs the round keys in reverse order.
//! * CP ([`confusion_permutation`]): with `y = yl ‖ yr`,
//!   `CP(y) = ((yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)) + KD mod 2^64`.
//! * Constants ([`RT`], [`KD`], [`KC`], [`KA`], [`KB`], [`KS`]) are 32-bit
//!   words of the hexadecimal expansion of e − 2; `tests/suite/constants.rs`
//!   re-derives every one of them from a big-integer series for e.
//! * Key schedule ([`Dfc::new_from_key_bits`]): the key is padded with the
//!   leading bits of [`KS`] to 256 bits `PK = PK_1 ‖ … ‖ PK_8`; round keys are
//!   obtained by iterating a 4-round DFC with keys derived from `PK`, [`KA`]
//!   and [`KB`].
//!
//! The full statement used here is the project's DFC cipher notes
//! (`dfc-cipher-notes.md`, next to the seed paper); the implementation
//! reproduces all 969 NIST round-1 known-answer vectors
//! (`tests/vectors/dfc_v1_nist_round1.jsonl`).
//!
//! # Constant time
//! No branch and no memory address depends on the key or on the data: the
//! module is branch-free ([`crate::module::module`]), and the secret-indexed
//! table `RT` is read without a secret index — the portable backend reads
//! all 64 entries and keeps one with masks (vector compares on x86-64 and
//! AArch64; on ARMv7 the compiler keeps the entry with a predicated `orr`,
//! conditional execution rather than a branch); the AVX-512 backend keeps the
//! table in four vector registers and selects with in-register permutes
//! (`vpermi2d`) and a mask blend. The key length is public.
//!
//! # Backends
//! [`CipherEngine`] (one [`uhash_base::engine!`]): [`Backend::Soft`]
//! (portable, every target; `src/backend/soft.rs`) and, on x86-64 CPUs
//! with AVX-512 F/BW/VL, [`Backend::Avx512`] (chosen automatically;
//! `src/backend/x86_avx512.rs`; see [`Dfc::with_backend`]). Both compute
//! the same function.
//!
//! # Module strategies
//! The decorrelation module in every round (key schedule included) runs
//! with a strategy of the crate's [`Engine`](crate::Engine): `native` by
//! default (the fastest), any other through [`Dfc::new_from_key_with`] or
//! [`Dfc::new_from_key_bits_with`]. The Feistel code is generic over the
//! strategy and monomorphized per strategy ([`Engine::with`](crate::Engine::with):
//! one dispatch per block operation, none per round), so each strategy runs
//! inside the real cipher at its own speed: the paper's Table 3, per
//! strategy (`docs/dfc-table3.md`). `tests/suite/nist.rs` runs all 969 NIST
//! vectors with every strategy on every backend.
//!
//! # Files
//! `constants.rs` (the words of e − 2 and the sizes), `round.rs` (CP, the
//! round function, the Feistel network), `key_schedule.rs` (the key
//! schedule and its task for [`Engine::with`](crate::Engine::with)),
//! `engine.rs` ([`CipherEngine`] and [`CipherKernels`]), `dfc.rs` ([`Dfc`] and its byte API), `traits.rs` (the
//! RustCrypto traits), `variants.rs` ([`FixedKeyDfc`] and its aliases
//! [`Dfc128`], [`Dfc192`], [`Dfc256`]).

#[cfg(doc)]
use ::cipher::{BlockCipherDecrypt, BlockCipherEncrypt, KeyInit};
#[cfg(doc)]
use uhash_base::Backend;

mod constants;
mod dfc;
mod engine;
pub(crate) mod key_schedule;
pub(crate) mod round;
mod traits;
mod variants;

pub use constants::{
    BLOCK_BYTES, KA, KB, KC, KD, KS, MAX_KEY_BYTES, PAR_BLOCKS, ROUNDS, RT, RoundKeys,
};
pub use dfc::Dfc;
pub use engine::{CipherEngine, CipherKernels};
pub use round::{confusion_permutation, round_function, rt_lookup_ct};
pub use variants::{Dfc128, Dfc192, Dfc256, FixedKeyDfc};
