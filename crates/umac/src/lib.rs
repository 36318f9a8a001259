#![doc = include_str!("../README.md")]
//! # umac — UMAC-32/64/96/128, exactly RFC 4418
//!
//! T. Krovetz (ed.), *UMAC: Message Authentication Code using Universal
//! Hashing*, RFC 4418 (2006), after Black, Halevi, Krawczyk, Krovetz,
//! Rogaway, *UMAC: Fast and Secure Message Authentication*, CRYPTO 1999.
//! UMAC-64 and UMAC-128 are OpenSSH's `umac-64@openssh.com` and
//! `umac-128@openssh.com` (and their `-etm` forms) for every SSH packet:
//! packets are far below 2^24 bytes, and there every tag agrees. For
//! messages over 2^24 bytes, where L2 switches to POLY-128, OpenSSH's
//! `umac.c` (written before the RFC 4418 errata; it notes itself that it
//! "does not work properly on messages larger than 16MB") gives other tags.
//! UMAC-64 of `'a'`·2^25 (33 554 432 bytes of 0x61) under the RFC's key
//! `"abcdefghijklmnop"` and nonce `"bcdefghi"`: OpenSSH's `umac.c`
//! (openssh-portable commit `0ef0f5a839831c213f24e3f2ae434765c607fb50`,
//! built with OpenSSL's AES) gives `2e2dbc36860a0a5f`, the errata, nettle
//! and this crate `faca46f856e9b45f`; UMAC-128 of the same message:
//! `72c6388bace3ace6fbf062d919f5d8dd` against
//! `a621c2457c0012e64f3fdae9e7e1870c`. (A 16 777 217-byte message already
//! differs; the RFC vectors up to 2^20 bytes agree.)
//!
//! | type | tag | UHASH iterations | forgery probability per attempt |
//! |---|---|---|---|
//! | [`Umac32`] | 4 bytes | 1 | ≤ 2^-30 |
//! | [`Umac64`] | 8 bytes | 2 | ≤ 2^-60 |
//! | [`Umac96`] | 12 bytes | 3 | ≤ 2^-90 |
//! | [`Umac128`] | 16 bytes | 4 | ≤ 2^-120 |
//!
//! Each is a name of one generic type, [`Umac`]`<TAG, ITERS>` (`Umac64` =
//! `Umac<8, 2>`), with its streaming state [`UmacState`] and its session
//! [`UmacSession`], named the same way (`Umac64State`, `Umac64Session`, …).
//!
//! Keys are 16 bytes (AES-128), nonces 1 to 16 bytes ([`UmacNonce`] or any
//! [`Nonce<L>`]) of **one length per key** (8 unless chosen with
//! `with_nonce_len`), messages shorter than 2^64 bytes. Every one of the 152
//! published vectors (RFC 4418's appendix and nettle's additions, up to
//! 32 MiB) passes on every backend, and every backend is compared with the
//! big-integer reference `uhash_ref::umac` (written from the RFC's
//! pseudocode) around every length boundary.
//!
//! ```
//! use umac::{Umac64, UmacNonce, Tag};
//!
//! let mac = Umac64::new(b"abcdefghijklmnop"); // 8-byte nonces
//! let nonce = UmacNonce::from_slice(b"bcdefghi").unwrap();
//! let tag = mac.authenticate(&nonce, b"aaa").unwrap();
//! assert_eq!(tag.as_bytes(), &[0x44, 0xb5, 0xcb, 0x54, 0x2f, 0x22, 0x01, 0x04]);
//! assert!(mac.verify(&nonce, b"aaa", &tag).is_ok());
//!
//! // In pieces, with a tag received as bytes:
//! let mut s = mac.start();
//! s.update(b"a").unwrap();
//! s.update(b"aa").unwrap();
//! let received = Tag::<8>::from_slice(tag.as_bytes()).unwrap();
//! assert!(s.verify(&nonce, &received).is_ok());
//!
//! // A nonce of another length than the key's is an error, not a tag:
//! let short = UmacNonce::from_slice(b"bcd").unwrap();
//! assert!(mac.authenticate(&short, b"aaa").is_err());
//! ```
//!
//! # Nonce length fixed per key
//! RFC 4418's PDF zero-pads the nonce to 16 bytes before encrypting it, so
//! under one key the nonces `04` and `04 00` give the **same pad**: two
//! tags under them xor to UHASH(M) ⊕ UHASH(M′), the situation of a
//! repeated nonce, from which forgeries follow. A key therefore carries
//! the nonce length it accepts — 8 bytes ([`DEFAULT_NONCE_LEN`], OpenSSH's
//! packet number and the `uhash` tool's) unless built with
//! [`Umac64::with_nonce_len`] / [`Umac64::for_nonce_len`] (1 to 16) — and
//! every `authenticate`, `verify` and `finalize` (key, streaming state and
//! session) with a nonce of another length returns
//! [`Error::InvalidNonceLength`]` { expected, got }`. Under one key, two
//! distinct nonces then always have distinct padded blocks.
//!
//! Why a run-time check and `Result` rather than a length in the type:
//! callers take nonce lengths at run time (protocol configuration, the
//! `uhash` tool, [`UmacNonce`]), and a type per length would multiply the
//! four MAC types by sixteen; the check is one comparison per message. The
//! RFC's own definition (and its test vectors) is unchanged.
//!
//! # Definition (RFC 4418)
//! Tag = UHASH(K, M, taglen) ⊕ PDF(K, Nonce, taglen), taglen = 4·iters:
//!
//! * **KDF** (§3.2): KDF(K, index, n) = the first n
//!   bytes of AES-128_K(BE64(index) ‖ BE64(i)), i = 1, 2, …. UHASH's keys are
//!   KDF(K, 1, 1024 + 16·(iters − 1)) (L1), KDF(K, 2, 24·iters) (L2),
//!   KDF(K, 3, 64·iters) and KDF(K, 4, 4·iters) (L3); the PDF's key is
//!   K′ = KDF(K, 0, 16).
//! * **PDF** (§3.3): AES-128_K′ of the nonce zero-padded to 16 bytes; for
//!   UMAC-32/64 the nonce's low 2 (1) bits are cleared first and select
//!   which 4 (8) bytes of the block are the pad.
//! * **UHASH** (§5), per iteration i (the L1 key 16·i bytes further):
//!   * **L1** (§5.1): 1024-byte chunks (the empty message is one empty
//!     chunk), each zero-padded to a multiple of 32 bytes and hashed by
//!     **NH**: Σ over 32-byte blocks, j < 4, of (m_j +₃₂ k_j)·(m_{j+4} +₃₂
//!     k_{j+4}) mod 2^64 — message words little-endian, key words
//!     big-endian, word j paired with word j + 4 — plus the chunk's bit
//!     length mod 2^64.
//!   * **L2** (§5.2): skipped for a message of at most 1024 bytes
//!     (B = 0^64 ‖ A); otherwise POLY from y = 1 over the L1 outputs modulo
//!     2^64 − 59 (key masked with 0x01FFFFFF01FFFFFF, words ≥ 2^64 − 2^32
//!     escaped with the marker p − 1), and after 2^14 outputs (16 MiB of
//!     message) modulo 2^128 − 159 over y and then the rest, padded with a
//!     0x80 byte and zeros to 16 bytes.
//!   * **L3** (§5.3): the eight 16-bit words of B times the key words
//!     reduced mod 2^36 − 5, summed mod 2^36 − 5, taken mod 2^32, ⊕ the
//!     4-byte key.
//!
//! # Security
//! RFC 4418 §1: with truly random keys and pads, an attacker (even an
//! unbounded one) forges a tag with probability at most **2^-30, 2^-60,
//! 2^-90, 2^-120** per attempt for 4-, 8-, 12-, 16-byte tags (N attempts:
//! N times that); with AES as KDF and PDF, add AES's distinguishing
//! advantage. *The figure checked level by level* (one iteration, distinct
//! messages M ≠ M′ shorter than 2^64 bytes): L1 collides with probability
//! ≤ 2^-32 (NH, UMAC paper Thm. 1: the chunk lengths and the zero padding
//! keep messages of different lengths apart); POLY-64's key ranges over
//! 2^50 values (the mask leaves 25 bits per 32-bit half) and its
//! polynomial has degree ≤ 2·2^14 (escapes double a word), so it collides
//! with probability ≤ 2^15/2^50 = 2^-35, POLY-128 (2^100 keys, degree
//! ≤ 2^55) ≤ 2^-45; L3 maps distinct B to values whose xor is any given δ
//! with probability ≤ 16/(2^36 − 5) ≈ 2^-32 (for each of the ≤ 16 residues
//! mod 2^36 − 5 with the required low 32 bits, the inner product hits it
//! with probability 1/p). Together ≤ 2^-32 + 2^-35 + 2^-45 + 2^-32 <
//! 2^-30.8 per iteration, and iterations use independent keys: ε^iters,
//! below the RFC's figures. Nonces must never repeat under one key.
//!
//! # Speed and backends
//! L1 runs on the NH kernels of the `uhash-mmh` crate (`uhash_mmh::Kernels32::
//! nh_umac_sums`: every iteration of a chunk in one pass over it, the
//! message permuted once for all of them; a one-shot message's whole chunks
//! go four per call to `nh_umac_chunk_sums`), on [`uhash_mmh::Engine32`]'s backends:
//! `avx512`, `avx2`, `neon`, `soft`, and with feature `asm` the hand-written
//! `avx512-asm`, `avx2-asm`, `neon-asm`. `new` picks the fastest this CPU
//! has; `new_with_backend`/`new_with_engine` force one, `backend()` says
//! which runs. L2 and L3 are scalar and constant-time (the POLY escape is
//! a select, never a branch). This crate has no `unsafe` code and no
//! kernel of its own.
//!
//! Measured (x86-64 with AVX-512, Sapphire Rapids class, TSC cycles/byte at
//! 2.7 GHz, long-term key, nonce counted per message; `tests/suite/speed.rs`,
//! OpenSSH's `umac.c` built beside it with `gcc -O3 -march=native
//! -fno-strict-aliasing` and OpenSSL's AES, same machine, same minute):
//!
//! | | 64 B | 1 KiB | 64 KiB | key set-up |
//! |---|---|---|---|---|
//! | `Umac64` (avx512) | 0.88 (session 0.74) | 0.086 | 0.073–0.081 | 1 670 cycles |
//! | OpenSSH umac-64 | 2.28 | 0.37 | 0.29 | 19 700 cycles |
//! | `Umac128` (avx512) | 1.04 | 0.19 | 0.15 | 1 850 cycles |
//! | OpenSSH umac-128 | 4.32 | 0.80 | 0.59 | 23 600 cycles |
//!
//! At 64 KiB UMAC-64 is bound by NH: the two-iteration kernel alone runs at
//! 0.065 (the same kernel as the `uhash-mmh` crate's two-window adjacent NH,
//! 0.063), POLY adds the rest. The `avx2` backend on the same CPU: 0.095.
//!
//! Later, on an AMD EPYC with AVX-512 (Zen 5 class; `tests/suite/speed.rs`, the
//! `avx512` backend, median of three runs, machine shared): UMAC-64 at
//! 64 KiB 0.039 TSC cycles/byte (0.040 at 2.7 GHz wall clock; 0.055 before
//! POLY-64's lazy reduction and the four-chunk NH calls), NH alone 0.028;
//! UMAC-128 0.069 (before 0.105); 64 B unchanged (0.98).
//!
//! # The PDF cache and `&self`
//! UMAC-32 and UMAC-64 nonces that differ only in their low bits share one
//! AES block. The MAC types are keyed once and then only read
//! (`authenticate(&self, …)`, `Send + Sync`): they hold no cache and pay one
//! AES block per message. A sender or receiver whose nonces count up takes
//! a *session* ([`Umac64::session`]): a small value it owns, holding the
//! last nonce block and its AES output, with the same `authenticate`,
//! `verify` and `finalize`. No interior mutability, no lock; whether the
//! cache hits depends only on the (public) nonce. Count with
//! [`UmacNonce::from_counter`] (big-endian, the RFC's and OpenSSH's layout):
//! consecutive values then share the block.
//!
//! # Bad input
//! A key of the wrong length ([`Umac64::from_slice`]), a nonce of the wrong
//! length ([`UmacNonce::from_slice`], `Nonce::from_slice`, and a nonce
//! whose length is not the key's: every method that takes one), a tag of the
//! wrong length ([`Tag::from_slice`]) and a streamed message reaching 2^64
//! bytes ([`Umac64State::update`]) are typed [`Error`]s; nothing panics.
//!
//! # Features
//! No default features: the crate is `no_std` and allocates nothing (keys
//! live inline: about 1.8 KiB (UMAC-32) to 2.2 KiB (UMAC-128) per key on
//! x86-64). `std`: `std::io::Write` on the streaming states. `asm`: the
//! assembly NH kernels (needs an assembler at build time).
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod kdf;
mod l1;
mod l2;
mod l3;
mod mac;
mod nonce;
mod pdf;
mod three_layer;

pub use mac::{
    DEFAULT_NONCE_LEN, Umac, Umac32, Umac32Session, Umac32State, Umac64, Umac64Session,
    Umac64State, Umac96, Umac96Session, Umac96State, Umac128, Umac128Session, Umac128State,
    UmacSession, UmacState,
};
pub use nonce::{AsUmacNonce, UmacNonce};
pub use uhash_base::{Backend, Error, Nonce, Tag};
pub use uhash_mmh::{Engine32, Kernels32};
