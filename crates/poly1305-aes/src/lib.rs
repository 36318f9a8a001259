#![doc = include_str!("../README.md")]
//! # poly1305-aes — Poly1305-AES, exact to the paper
//!
//! D. J. Bernstein, *The Poly1305-AES message-authentication code*, FSE
//! 2005, and the one-time-key form Poly1305(r ‖ s) of RFC 8439 §2.5.
//!
//! | item | what |
//! |---|---|
//! | [`Poly1305`] | the universal hash alone, a drop-in for RustCrypto's `poly1305` 0.9 (`KeyInit` from r ‖ s, r clamped; `UniversalHash`; [`Key`], [`Block`], [`Tag`] as there) |
//! | [`Poly1305With`] | Poly1305-AES over any 16-byte-block cipher (paper §2, "cipher replaceability"), one-shot and incremental |
//! | [`Poly1305Aes`] | the AES-128 case: key k ‖ r, 16-byte [`Nonce`], 16-byte [`MacTag`] |
//! | [`clamp_r`], [`Poly1305Aes::new_clamped`] | the paper's key format for r (any 16 bytes → one of the 2^106 allowed r) |
//! | [`Poly1305WithPowers`] | opt-in: a long-term key that keeps the SIMD powers of r between messages |
//! | [`LongTermR`], [`Accumulator`] | the block API other families build on: r as a long-term key with its backend's powers, whole blocks into an accumulator, the tag with any s ([`long_term_r`]; NHPoly1305 hashes its NH outputs with it) |
//! | [`IncrementalMac`] | incremental: after one chunk of a long message changes, the new polynomial value in O(log L) products and a tag under a [`FreshNonce`] only ([`incremental`]) |
//! | [`batch`] | key agility: many (key, nonce, message) triples at once, eight keys per AVX-512 IFMA vector |
//! | [`nonce`] | the nonce type and the sequences that hand nonces out ([`NonceCounter`], `PersistentNonces` with feature `std`) |
//! | [`Engine`], [`Backend`] | backend selection: detect, force, ask |
//! | `parallel` (feature `rayon`) | one message on several threads: `Poly1305With::authenticate_parallel`, `Poly1305::mac_parallel`, bit for bit the one-thread tag |
//!
//! # Two tag types
//! [`Tag`] is RustCrypto's `poly1305::Tag`, the `UniversalHash` output
//! block of [`Poly1305`] (`universal_hash::Block<Poly1305>`), so that code
//! written for RustCrypto's crate compiles against this one with only its
//! Cargo dependency changed. [`MacTag`] (`uhash_base::Tag<16>`) is the tag
//! of the Poly1305-AES MAC, as every MAC of the workspace returns: its
//! `==` is constant-time, and `verify` takes it.
//!
//! # Drop-in through a Cargo rename
//! `poly1305 = { package = "poly1305-aes", version = "0.1", features =
//! ["zeroize"] }` builds code written for RustCrypto's `poly1305` 0.9
//! unchanged: its one feature name, `zeroize`, is accepted here as a no-op
//! (keys and states are always wiped on drop). The minimum Rust version is
//! 1.89 (the AVX-512 intrinsics became stable there), against 1.85 for
//! RustCrypto's crate.
//!
//! # Use
//! ```
//! use poly1305_aes::{Engine, Generate, MacTag, Nonce, NonceCounter, Poly1305Aes};
//!
//! // Poly1305-AES: key k ‖ r (r must satisfy the paper's constraints),
//! // a fresh nonce per message — random, 128 bits (feature `getrandom`) —,
//! // a 16-byte tag compared in constant time.
//! let key = [0x0c; 32];
//! let mac = Poly1305Aes::new(&key)?;
//! let n = Nonce::try_generate()?;
//! let tag: MacTag = mac.authenticate(&n, b"message");
//! mac.verify(&n, b"message", &tag)?;
//! let mut st = mac.start(); // the same, in pieces
//! st.update(b"mess");
//! st.update(b"age");
//! st.verify(&n, &tag)?;
//!
//! // Every backend this CPU runs gives the same tag.
//! for e in Engine::all_supported() {
//!     let forced = Poly1305Aes::new(&key)?.with_backend(e.backend())?;
//!     assert_eq!(forced.authenticate(&n, b"message"), tag);
//! }
//!
//! // RustCrypto's one-time-key Poly1305 (RFC 8439 §2.5.2).
//! use poly1305_aes::universal_hash::KeyInit;
//! use poly1305_aes::{Key, Poly1305, Tag};
//! let key = Key::from([
//!     0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5,
//!     0x06, 0xa8, 0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf,
//!     0x41, 0x49, 0xf5, 0x1b,
//! ]);
//! let tag: Tag = Poly1305::new(&key).compute_unpadded(b"Cryptographic Forum Research Group");
//! assert_eq!(tag[..4], [0xa8, 0x06, 0x1d, 0xc1]);
//!
//! // A sender that keeps state may count its nonces instead (never
//! // restarting from an old value; `PersistentNonces` with feature `std`).
//! let mut nonces = NonceCounter::new();
//! let n1 = nonces.next_nonce()?;
//! assert!(mac.verify(&n1, b"m", &mac.authenticate(&n1, b"m")).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//! paper's reference \[6\]): an attacker who sees at most C authenticated
//! messages (each under its own nonce), attempts at most D forgeries, all
//! messages of at most L bytes, and has probability at most δ of
//! distinguishing AES_k from a uniform random permutation after C + D
//! queries, has every forgery rejected with probability at least
//!
//! 1 − δ − (1 − C/2^128)^(−(C+1)/2) · 8D⌈L/16⌉/2^106,
//!
//! i.e. succeeds with probability at most δ + (1 − C/2^128)^(−(C+1)/2) ·
//! 8D⌈L/16⌉/2^106. The factor grows with C; for **C ≤ 2^64** it is at most
//! (1 − 2^−64)^(−(2^64+1)/2) ≈ e^(1/2) < 1.649, which gives the paper's
//! headline δ + 1.649·8D⌈L/16⌉/2^106 < **δ + 14D⌈L/16⌉/2^106**. (At C =
//! 2^96 the factor is already e^(2^63): the key must not authenticate that
//! many messages.)
//!
//! **Nonces must never repeat under one key**: two tags under one nonce
//! reveal the difference of two polynomial values, enough to recover r.
//! A random 128-bit nonce (`Nonce::try_generate()`, feature `getrandom`, or
//! `Nonce::generate_from_rng` with any `CryptoRng`; the trait [`Generate`]
//! is re-exported here) repeats with negligible probability (q nonces:
//! at most q²/2^129) and needs no state; a counter ([`NonceCounter`],
//! `PersistentNonces`) is the alternative for a sender that keeps state.
//!
//! # Backends
//! One [`Engine`] (its methods by `uhash_base::engine!`): [`Engine::BACKENDS`]
//! lists them all, [`Engine::detect`] chooses, [`Engine::new`] forces (an
//! unsupported one is [`Error::UnsupportedBackend`]), and every type that
//! runs on one takes a [`Backend`] ([`Poly1305::new_with_backend`],
//! [`Poly1305With::with_backend`], [`batch::Batch::with_backend`]).
//! Chosen at run time, fastest first: AVX-512 IFMA (8 lanes, radix 2^44,
//! `vpmadd52luq/huq`), AVX-512F (8 lanes, radix 2^26, `vpmuludq`), AVX2 (4
//! lanes, radix 2^26; on an AMD EPYC Zen 3 0.42 TSC cycles/byte at 64 KiB
//! against OpenSSL 3's 0.45 in one run of `cargo run -p uhash-bench
//! --release --bin summary -- --filter poly1305/Poly1305`, with an earlier
//! loop of two accumulators) — both with one accumulator that takes four
//! vectors of blocks per carry —, NEON on little-endian AArch64 (2 lanes, radix 2^26),
//! else portable 64-bit code (`u128` products); the portable 32-bit (radix
//! 2^26) and floating-point (paper §4) backends can be forced with
//! [`Poly1305::new_with_backend`] / [`Poly1305With::with_backend`] (an
//! unsupported one is [`Error::UnsupportedBackend`]). The SIMD backends
//! compute the powers of r they need per message (key agility), except
//! with the opt-in [`Poly1305WithPowers`]; messages shorter than 256 bytes
//! (IFMA) or 1024 bytes (radix-2^26 backends) take the scalar path
//! (measured: below that the powers cost more than they save). With
//! feature `asm`, hand-written kernels (crate `uhash-asm`) are backends of
//! their own, one instruction set each, chosen only on request (never
//! detected; [`Backend::Asm`] names the first one this CPU runs):
//! `ifma-asm` (x86-64 AVX-512 IFMA + VBMI2: an assembly group loop for
//! long messages inside the IFMA code, the `mulx` kernel for the rest),
//! `mulx-asm` (x86-64 BMI2 + ADX: scalar `mulx`/`adcx`/`adox`), `neon-asm`
//! (AArch64: a NEON radix-2^26 loop for long messages, the scalar kernel
//! for the rest), `aarch64-asm` (scalar `mul`/`umulh`) and `armv4-asm`
//! (32-bit ARM: UMULL/UMLAL, radix 2^26). Every backend computes the same
//! function bit for bit (tested against the big-integer reference
//! `uhash-ref`). Building with `--cfg uhash_backend="soft"` forces the
//! portable path.
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

// SIMD intrinsics and assembly calls (`#![allow(unsafe_code)]` there), each
// block with a SAFETY comment.
mod backend;
pub mod batch;
mod clamp;
mod field;
mod final_steps;
pub mod incremental;
mod kernels;
pub mod long_term_r;
mod mac;
pub mod nonce;
mod pad;
#[cfg(feature = "rayon")]
pub mod parallel;
mod poly1305;
mod state;
mod with_powers;

pub use clamp::clamp_r;
pub use incremental::IncrementalMac;
pub use kernels::Engine;
pub use long_term_r::{Accumulator, LongTermR};
pub use mac::{MacTag, Poly1305Aes, Poly1305AesState, Poly1305With, Poly1305WithState};
pub use nonce::{FreshNonce, Nonce, NonceCounter};
pub use pad::{Aes128Pad, PadCipher};
pub use poly1305::{Block, Key, Poly1305, Tag};
pub use uhash_base::{Backend, Error, Generate};
pub use universal_hash;
pub use with_powers::{Poly1305AesWithPowers, Poly1305WithPowers};

/// Key size of [`Poly1305`] and [`Poly1305Aes`]: 32 bytes.
pub const KEY_SIZE: usize = 32;
/// Block size of Poly1305 and tag size: 16 bytes.
pub const BLOCK_SIZE: usize = 16;

/// [`Engine::BACKENDS`]: every backend this crate offers on some target and
/// build, in order of preference (kept as a thin alias).
pub const SUPPORTED_BACKENDS: &[Backend] = Engine::BACKENDS;

/// [`Engine::detect`]'s backend: the fastest this CPU supports (kept as a
/// thin alias).
#[must_use]
pub fn detect() -> Backend {
    Engine::detect().backend()
}
