#![doc = include_str!("../README.md")]
//! # nhpoly1305 — Adiantum's NH and NHPoly1305
//!
//! P. Crowley and E. Biggers, *Adiantum: length-preserving encryption for
//! entry-level processors*, IACR Transactions on Symmetric Cryptology
//! 2018(4) (ePrint 2018/720), section "ε-ΔU functions for HBSH",
//! subsections "NH" and "Adiantum hashing"; the same function is the Linux
//! kernel's `nhpoly1305` (crypto API), Adiantum's message hash.
//!
//! | item | key | message | output |
//! |---|---|---|---|
//! | [`NhAdiantum`], [`nh_adiantum`] | 1072 bytes | 16..=1024 bytes, a multiple of 16 | 32 bytes |
//! | [`NhPoly1305`] | 1088 bytes (r ‖ NH key) | any length, streaming (`KeyInit`, `UniversalHash`, `Reset`) | 16 bytes |
//!
//! # Definitions
//! All words little-endian; additions of words mod 2^32, products 32 × 32
//! → 64 bits, sums mod 2^64.
//!
//! **NH** (w = 32, stride 2, 4 passes, 16-byte units): key k₀..k₂₆₈ (1024
//! bytes for a message plus 3 units for the shifted passes), message
//! m₀..m_{4n} (n ≤ 64 units). For pass p = 0..4,
//! S_p = Σ_u (m_{4u} + k_{4u+4p})·(m_{4u+2} + k_{4u+2+4p}) + (m_{4u+1} +
//! k_{4u+1+4p})·(m_{4u+3} + k_{4u+3+4p}) mod 2^64: word j of each unit
//! pairs with word j + 2, and each pass shifts the key by one unit. The
//! output is S₀ ‖ S₁ ‖ S₂ ‖ S₃, each 8 bytes little-endian. (UMAC's NH,
//! `uhash_mmh::nh_umac`, pairs word j with j + 4 in 32-byte blocks; the
//! MMH paper's NH, `uhash_mmh::nh`, adjacent words: three functions.)
//!
//! **NHPoly1305**: key R ‖ K, R Poly1305's r (clamped: r &=
//! 0x0ffffffc0ffffffc0ffffffc0fffffff), K the NH key. The message is
//! zero-padded to a multiple of 16 bytes (nothing if empty), cut into
//! 1024-byte chunks (the last may be shorter), and NH_K of each chunk is
//! computed; Poly1305 with r and s = 0 hashes the concatenated 32-byte NH
//! outputs (16-byte blocks with the 2^128 bit): the 16-byte result is
//! ((Σ cᵢ·r^(q−i+1)) mod (2^130 − 5)) mod 2^128. The empty message gives
//! 16 zero bytes.
//!
//! # Bounds (the paper's hashing section)
//! * NH ("NH" subsection): for distinct messages of **equal length**,
//!   ε = 2^(−rw) = **2^-128** (r = 4 passes of w = 32-bit words, citing
//!   the UMAC paper); it holds only over equal lengths, and the output
//!   (256 bits a chunk) is twice as long as this ε needs.
//! * Poly1305 ("Poly1305" subsection, Bernstein's Theorem 3.3): ε-ΔU in
//!   Z/2^128 with ε = 2^-103·⌈l/128⌉ for messages of at most l bits.
//! * Adiantum's hash ("Adiantum hashing" subsection) is H_T ⊞ H_L with
//!   H_L = Poly1305_{K_L}(NH_{K_N}(pad₁₂₈(L))) — NHPoly1305 — and H_T a
//!   Poly1305 of the length ‖ tweak under another key; the paper proves
//!   ε = 2^-128 + 2^-103·max(1 + ⌈l_T/128⌉, 2⌈l_L/8192⌉) (bits) for the
//!   sum. Its argument for H_L alone: when |L| = |L′| and L ≠ L′, NH
//!   collides with probability ≤ 2^-128, otherwise the 256⌈|L|/8192⌉-bit
//!   Poly1305 inputs differ. What follows for **NHPoly1305 alone** (our
//!   reading of that argument, not a separate theorem of the paper): for
//!   distinct messages of the same length of at most L bytes, ε =
//!   2^-128 + 2^-102·⌈L/1024⌉ (ΔU in Z/2^128). **Messages of different
//!   lengths are not covered**: M and M ‖ 0x00 (within one 16-byte unit)
//!   always collide; Adiantum hashes the length separately (H_T).
//!
//! # Backends
//! NH runs on `uhash-mmh`'s [`Engine32`] (its kernel
//! [`uhash_mmh::Kernels32::nh_adiantum_sums`]: `avx512`, `avx2`, `neon`
//! kernels of their own, `soft`; the assembly backends of feature `asm`
//! run their ISA's intrinsics for it), Poly1305 on `poly1305-aes`'s public
//! block API [`LongTermR`](poly1305_aes::LongTermR): r kept as a long-term
//! key with the powers its backend uses, computed once; the detected
//! backend, or the portable one beside portable NH
//! ([`NhPoly1305::poly_backend`]). Poly1305 hashes 32 bytes per 1024
//! message bytes: the NH outputs are kept and handed to it 16 at a time
//! (4 at a time in a one-shot [`NhPoly1305::compute`] of at most 4 KiB),
//! and a one-shot hash gives it the outputs so far before the last
//! chunk's NH, so that the two overlap and only the last output and the
//! final reduction follow the last NH. `detect()` picks the fastest,
//! `new_with_backend` forces one. Every backend is tested against the
//! big-integer reference `uhash_ref::nhpoly1305` and the published vectors
//! (Linux's `nhpoly1305` test vectors, the Adiantum authors' NH vectors)
//! in `tests/`.
//!
//! Speed: `cargo run -p uhash-bench --release --bin nhpoly1305_report`
//! (and the summary's ratio lines, benches/README.md) times NHPoly1305
//! against Adiantum's NH alone on the same NH backend.
//!
//! # Keys
//! Keys are stored in the kernel's layout and wiped on drop; `Debug` shows
//! the backend only. No branch or memory index depends on a key or
//! message byte (the message length and the split of `update` calls are
//! public).
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod nh;
mod nhpoly1305;

pub use nh::{
    KEY_BYTES as NH_KEY_BYTES, MAX_MSG_BYTES, NhAdiantum, OUT_BYTES as NH_OUT_BYTES, UNIT_BYTES,
    nh_adiantum,
};
pub use nhpoly1305::{KEY_BYTES, NhPoly1305, TAG_BYTES};
pub use uhash_base::{Backend, Error};
pub use uhash_mmh::Engine32;
pub use universal_hash;
