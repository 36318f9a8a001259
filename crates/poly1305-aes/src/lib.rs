//! # poly1305-aes — Poly1305-AES, exact to the paper
//!
//! D. J. Bernstein, *The Poly1305-AES message-authentication code*, FSE
//! 2005, and the one-time-key form Poly1305(r ‖ s) of RFC 8439 §2.5.
//!
//! | item | what |
//! |---|---|
//! | [`Poly1305`] | the universal hash alone, a drop-in for RustCrypto's `poly1305` (`KeyInit` from r ‖ s, r clamped; `UniversalHash`) |
//! | [`Poly1305With`] | Poly1305-AES over any 16-byte-block cipher (paper §2, "cipher replaceability"), one-shot and incremental |
//! | [`Poly1305Aes`] | the AES-128 case: key k ‖ r, 16-byte [`Nonce`] |
//! | [`Poly1305WithPowers`] | opt-in: a long-term key that keeps the SIMD powers of r between messages |
//! | [`batch`] | key agility: many (key, nonce, message) triples at once, eight keys per AVX-512 IFMA vector |
//! | [`nonce`] | the nonce type |
//! | [`Backend`] | backend selection: detect, force, ask |
//!
//! # Definition (paper §2)
//! A message m of ℓ bytes is split into q = ⌈ℓ/16⌉ chunks; chunk i (16
//! bytes, the last 1..16) read little-endian plus 2^(8·len) is cᵢ. With r
//! a 16-byte little-endian integer whose bits r\[3\], r\[7\], r\[11\], r\[15\] >> 4
//! and r\[4\], r\[8\], r\[12\] & 3 are zero (2^106 keys), and the 16-byte nonce n,
//!
//! Poly1305_r(m, AES_k(n)) = (((c₁r^q + c₂r^(q−1) + … + c_q r^1) mod (2^130 − 5)) + AES_k(n)) mod 2^128,
//!
//! written as 16 bytes little-endian. Key: 32 bytes k ‖ r; tag: 16 bytes.
//!
//! # Security (paper §3)
//! The polynomial part H_r is ε-almost-Δ-universal modulo 2^128 with
//! **ε = 8⌈L/16⌉/2^106** for distinct messages of at most L bytes
//! (Theorem 3.3: at most 8⌈L/16⌉ of the 2^106 allowed r give
//! H_r(m) = H_r(m′) + g). With AES_k(n) as the pad (Theorem 5.4 of the
//! paper's reference \[6\]), an attacker who sees C ≤ 2^64 authenticated
//! messages and tries D forgeries succeeds with probability at most
//! δ + 14D⌈L/16⌉/2^106, δ being its advantage in distinguishing AES_k from
//! a uniform random permutation.
//!
//! **Nonces must never repeat under one key**: two tags under one nonce
//! reveal the difference of two polynomial values, enough to recover r.
//!
//! # Backends
//! Chosen at run time, fastest first: AVX-512 IFMA (8 lanes, radix 2^44,
//! `vpmadd52luq/huq`), AVX-512F (8 lanes, radix 2^26, `vpmuludq`), AVX2 (4
//! lanes, radix 2^26, two interleaved accumulators; on an AMD EPYC Zen 3
//! 0.42 TSC cycles/byte at 64 KiB against OpenSSL 3's 0.45 in one run of
//! `cargo run -p uhash-bench --release --bin summary -- --filter
//! poly1305/Poly1305`), NEON on little-endian AArch64 (2 lanes, radix 2^26),
//! else portable 64-bit code (`u128` products); the portable 32-bit (radix
//! 2^26) and floating-point (paper §4) backends can be forced with
//! [`Poly1305::new_with_backend`] / [`Poly1305With::with_backend`] (an
//! unsupported one is [`Error::UnsupportedBackend`]). The SIMD backends
//! compute the powers of r they need per message (key agility), except
//! with the opt-in [`Poly1305WithPowers`]; messages shorter than 256 bytes
//! (IFMA) or 1024 bytes (radix-2^26 backends) take the scalar path
//! (measured: below that the powers cost more than they save). With
//! feature `asm`, [`Backend::Asm`] runs hand-written kernels (crate
//! `uhash-asm`): scalar `mulx`/`adcx`/`adox` on x86-64 with BMI2 + ADX,
//! scalar `mul`/`umulh` and a NEON radix-2^26 loop on AArch64, UMULL/UMLAL
//! radix 2^26 on 32-bit ARM, and where the CPU has AVX-512 IFMA + VBMI2 an
//! assembly IFMA loop for long messages (checked on an instruction model,
//! not yet run on such hardware by this project); only on request, never
//! detected. Every backend computes the same function bit for bit
//! (tested against the big-integer reference `uhash-ref`). Building with
//! `--cfg uhash_backend="soft"` forces the portable path.
#![no_std]
#![deny(unsafe_code)]
#![doc(html_no_source)]

#[allow(unsafe_code)] // SIMD intrinsics, each block with a SAFETY comment.
mod backend;
pub mod batch;
mod mac;
pub mod nonce;
mod poly1305;

pub use backend::SUPPORTED as SUPPORTED_BACKENDS;
pub use mac::{
    Aes128Pad, PadCipher, Poly1305Aes, Poly1305AesState, Poly1305AesWithPowers, Poly1305With,
    Poly1305WithPowers, Poly1305WithState,
};
pub use nonce::Nonce;
pub use poly1305::{Block, Key, Poly1305, Tag};
pub use uhash_core::{Backend, Error};
pub use universal_hash;

/// Key size of [`Poly1305`] and [`Poly1305Aes`]: 32 bytes.
pub const KEY_SIZE: usize = 32;
/// Block size of Poly1305 and tag size: 16 bytes.
pub const BLOCK_SIZE: usize = 16;

/// The fastest backend this CPU supports.
#[must_use]
pub fn detect() -> Backend {
    backend::Engine::detect().backend()
}
