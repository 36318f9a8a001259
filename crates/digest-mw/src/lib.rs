#![doc = include_str!("../README.md")]
//! # digest-mw — digest, trunc, digestMW and digest′, exact to the paper
//!
//! Nguyen, Roscoe, *Short-output universal hash functions and their use in
//! fast and secure data authentication*, FSE 2012.
//!
//! | item | what | paper |
//! |---|---|---|
//! | [`digest()`] | b-bit digest of t b-bit words, key t + 1 words | Eq. (1), Theorem 1 |
//! | [`digest_trunc`] | its b′ low bits | Eq. (4), Theorem 2 |
//! | [`digest_mw`] | n-word digestMW, key t + n words | §3.3, Fig. 2, Theorem 3 |
//! | [`DigestPrime`], [`digest_prime16`], [`digest_prime32`], [`ShortCode`] | digest′ = digest(k₁, SHA-256(m ‖ k₂)) for manual authentication, and its human-comparable rendering | §5, Theorem 4 |
//! | [`DigestPrimeOver`], [`digest_prime_mmh32`], [`digest_prime_nh`] | the same construction over MMH32 (sound: εc = 6·2^-32 + θc) and NH (sound with its 64-bit output: εc = 2^-32 + θc; not when truncated to 32 bits) | §5's remark, Theorem 4's proof |
//! | [`manual_auth::pair_code`] | the §5 protocol's short code of the pair (m_A, m_B), length-framed (the bare m_A ‖ m_B is forgeable) | §5 |
//! | [`Engine`] ([`kernels`]) | backend selection (b = 32): detect, force, ask (the workspace's one `engine!` API) | |
//! | [`long`], [`hash`] (feature `alloc`) | digestMW over messages of any length (`uhash_base::long`), `UniversalHash` types at 32, 64, 128, 256 bits, Wegman–Carter MACs | |
//!
//! Words are little-endian (word 1 = the first b/8 bytes of the message;
//! `uhash kat` and `uhash-ref` use the same layouts), every function is
//! tested bit for bit against the big-integer reference `uhash-ref` for
//! every backend the CPU has, and every input outside a definition's domain
//! is a typed [`Error`]: nothing panics.
//!
//! # Definitions
//! For a message m = ⟨m₁, …, m_t⟩ and a key k = ⟨k₁, k₂, …⟩ of b-bit words
//! (b = 16, 32, 64: `u16`, `u32`, `u64` keys), "+" and Σ mod 2^b, "∗" the
//! 2b-bit word product:
//!
//! * **digest** (Eq. (1)): digest(k, m) = Σ_{i=1}^{t} [m_i∗k_i + (m_i∗k_{i+1}
//!   div 2^b)] mod 2^b. Key k₁ … k_{t+1} (M + b bits), output b bits.
//! * **trunc** (Eq. (4)): trunc_{b′}(digest(k, m)) = the same sum mod 2^{b′},
//!   b′ ∈ 1..b−1 (b′ = b is accepted as the identity).
//! * **digestMW** (§3.3): d_i = Σ_{j=1}^{t} [m_j k_{i+j−1} + (m_j k_{i+j} div
//!   2^b)] mod 2^b for i = 1..n, output ⟨d₁ … d_n⟩ (nb bits), key k₁ … k_{t+n}
//!   (M + nb bits). As in Fig. 2, each word product m_j k_{j+s} serves two
//!   adjacent outputs: n + 1 multiplications per message word, not 2n.
//! * **digest′** (§5): digest(k₁, SHA-256(m ‖ k₂)), k₁ 256 + b bits, k₂ ≥ 80
//!   bits, b ∈ {16, 32}, any message length.
//! * **digest′ over MMH32 / NH** (§5: "also applicable to MMH and NH"):
//!   MMH32(k₁, SHA-256(m ‖ k₂)) and NH(k₁, SHA-256(m ‖ k₂)), k₁ 256 bits
//!   (eight 32-bit words), k₂ ≥ 80 bits; 32 and 64 output bits.
//!
//! # Bounds
//! Over a uniformly random key, for equal-length messages m ≠ m′ (ε_c:
//! collision; ε_d: Pr[h(m) = y] for any m and y; the proofs also give
//! ε_c-AΔU, §3.3 Remarks):
//!
//! | function | ε_c | ε_d | theorem |
//! |---|---|---|---|
//! | digest | 2^(1−b) | 2^(−b) | Theorem 1 (both tight: §3.2 Remarks) |
//! | trunc_{b′} | 2^(1−b′) | 2^(−b′) | Theorem 2 |
//! | digestMW, n words | 2^(n−nb) | 2^(−nb) | Theorem 3 |
//! | digest′ | 2^(1−b) + θ_c | 2^(−b) | Theorem 4 (θ_c: SHA-256 collisions) |
//! | digest′ over MMH32 | 6·2^-32 + θ_c | 4·2^-32 + θ₀ | Theorem 4's proof with MMH Thm. 8 ([`DigestPrimeOver`]) |
//! | digest′ over NH (64-bit output) | 2^-32 + θ_c | < 2^-31 | Theorem 4's proof with UMAC Thm. 1; truncated to 32 bits it has no bound (ε_c(NH mod 2^32) = 1/2) |
//!
//! The §3.2 Remarks' exhaustive check (b = 7: the worst pair of one-word
//! messages collides under exactly 1.875·2^-7 of the 2^14 keys, at m = 1
//! vs m′ = 17; the distribution bound 2^-7 is met at m = 0^6 1) is
//! reproduced in `tests/suite/paper.rs`, on the reference and on this crate's
//! generic word code.
//!
//! # Backends
//! [`Engine`] (b = 32): `avx512` and `avx2` (`vpmuludq`, offset 0 by
//! `vpmulld`), `neon` (`umull`), `soft`; with feature `asm` also `avx2-asm`
//! (x86-64), `neon-asm` (AArch64) and `armv4-asm` (32-bit ARM, UMULL/MLA,
//! n = 1), the hand-written kernels of the `uhash-asm` crate, chosen on
//! request (`Engine::new(Backend::Avx2Asm)`, or [`Backend::Asm`] for the
//! one of this CPU), never by `detect()`. b = 16 and 64 run the portable
//! code. `unsafe` code lives only in the backend modules.
//!
//! # Features
//! `alloc` (default): the long-message kernels, hashes and MACs (their
//! level-1 keys are one chunk long and live on the heap). Without it the
//! crate is `no_std` without allocation: the fixed-length functions,
//! digest′ and the engine.
//!
//! `std`: `std::io::Write` on the hash types and MAC states.
//!
//! `asm`: the assembly backends (needs an assembler at build time; without
//! the feature nothing is assembled).
#![no_std]
#![deny(unsafe_code)]

mod args;
mod backend;
mod digest;
mod digest_mw;
mod digest_prime;
mod digest_prime_over;
pub mod kernels;
pub mod manual_auth;
mod short_code;
mod trunc;
mod word;

#[cfg(feature = "alloc")]
pub mod hash;
#[cfg(feature = "alloc")]
pub mod long;

pub use digest::digest;
pub use digest_mw::digest_mw;
pub use digest_prime::{
    DigestPrime, K1_BYTES_16, K1_BYTES_32, K2_MIN_BYTES, digest_prime16, digest_prime32,
};
pub use digest_prime_over::{
    DigestPrimeOver, K1_BYTES_INNER, PrimeInner, digest_prime_mmh32, digest_prime_nh,
};
pub use kernels::{Engine, Kernels};
pub use short_code::ShortCode;
pub use trunc::digest_trunc;
pub use uhash_base::{Backend, Error, Generate, Nonce, Tag};
pub use word::Word;

#[cfg(feature = "alloc")]
pub use hash::{
    DigestMw32Hash, DigestMw32Mac, DigestMw64Hash, DigestMw64Mac, DigestMw128Hash, DigestMw128Mac,
    DigestMw256Hash, DigestMw256Mac,
};
pub use uhash_base::mac::MacNonce;
pub use universal_hash;
