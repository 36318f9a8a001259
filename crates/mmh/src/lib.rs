#![doc = include_str!("../README.md")]
//! # mmh — MMH, NMH and NH, exact to the papers
//!
//! Halevi, Krawczyk, *MMH: Software Message Authentication in the
//! Gbit/Second Rates*, FSE 1997 (MMH32, its Toeplitz form, NMH32, the 64-bit
//! variant), and the NH function of Black, Halevi, Krawczyk, Krovetz,
//! Rogaway, *UMAC: Fast and Secure Message Authentication*, CRYPTO 1999.
//!
//! | item | what |
//! |---|---|
//! | [`mmh32`], [`mmh32_toeplitz`], [`nmh32`], [`mmh64`], [`nh`], [`nh_toeplitz`] | the paper functions on raw keys and fixed-length messages |
//! | [`nh_umac`], [`nh_umac_toeplitz`], [`nh_umac_key_layout`] | RFC 4418's NH (pairs j, j + 4 of each 32-byte block; the `umac` crate's level 1) and its key layout |
//! | [`Engine32`], [`Engine64`] ([`kernels`]) | backend selection: detect, force, ask (the workspace's one `engine!` API) |
//! | [`long`] (feature `alloc`) | level-1 kernels for `uhash_base::long` (messages of any length) |
//! | [`hash`] (feature `alloc`) | ready-made long-message hashes with `universal_hash::UniversalHash`, and their Wegman–Carter MACs |
//! | [`tree`] (feature `alloc`) | [`Mmh32Tree`]: §2.4's hash tree of MMH32 with a k-word key per level, the alternative long-message mode (ε = height·6·2^-32) |
//!
//! Words are little-endian (`uhash kat` and `uhash-ref` use the same
//! layouts), every function is tested bit for bit against the big-integer
//! reference `uhash-ref` for every backend the CPU has, and every input
//! outside a definition's domain is a typed [`Error`]: nothing panics.
//!
//! # Definitions
//! With p₃₂ = 2^32 + 15, p₆₄ = 2^64 + 13, messages m = ⟨m₁, …, m_k⟩ and keys
//! x = ⟨x₁, …⟩ of 32-bit (64-bit for MMH64) words, ± addition mod 2^32:
//!
//! * **MMH32** (Def. 5): h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^64] mod p₃₂] mod 2^32.
//! * **Toeplitz MMH32** (§2.4): n outputs, output r (0-based) is MMH32
//!   under ⟨x_{r+1}, …, x_{r+k}⟩; key k + n − 1 words.
//! * **NMH32** (Def. 10): h_x(m) = [[[Σᵢ (m_{2i−1} ± x_{2i−1})(m_{2i} ±
//!   x_{2i})] mod 2^64] mod p₃₂] mod 2^32, k even.
//! * **MMH64** (§3.2's "2^64 + 13"): h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^128] mod
//!   p₆₄] mod 2^64 over 64-bit words.
//! * **NH** (UMAC): NH_K(M) = Σᵢ (m_{2i−1} ± k_{2i−1})(m_{2i} ± k_{2i}) mod
//!   2^64 over *adjacent* pairs, k even; its Toeplitz form shifts the key by
//!   two words per output (key k + 2(n − 1) words).
//! * **RFC 4418's NH** ([`nh_umac`]): over 32-byte blocks, word j paired
//!   with word j + 4 (j < 4); its Toeplitz form shifts the key by four words
//!   (16 bytes) per output — UHASH's iterations, the level 1 of the `umac`
//!   crate, which calls the kernels `Kernels32::nh_umac_sums` (any whole
//!   blocks) and `Kernels32::nh_umac_chunk_sums` (many 1024-byte chunks per
//!   call) directly with its key in the (even, odd) quarter layout
//!   ([`nh_umac_key_layout`]).
//!
//! The paper fixes k = 32; here any k ≥ 1 (even for NMH32/NH) is accepted,
//! and a longer key is used by its prefix (§3.4). The reduction is
//! [`uhash_base::p32::reduce`], which returns 0 where the paper's Appendix A
//! routine returns 15 (sums x = 2^32·a + b with b − 15a = −j·p₃₂, j =
//! 1..14: its final test is `>` where `≥` is needed); the tests pin that
//! class.
//!
//! # Bounds
//! All bounds are over a uniformly random key, for any two distinct
//! messages of the same length and any difference δ in the output group.
//! "ε-AΔU" means Pr[h(m) − h(m′) = δ] ≤ ε for every δ; "ε-AU" only for
//! δ = 0.
//!
//! ## MMH32
//! ε-AΔU with respect to subtraction mod 2^32, **ε = 6·2^-32** (Theorem 8).
//! The proof (Lemma 7: the sum mod 2^64 differs from the integer sum by a
//! carry b ∈ {0, 1} per message, and b − b′ cannot take both values ±1,
//! so ≤ 2 residues of x₁ mod p₃₂ solve each equation; then at most 3
//! integer differences of two residues in [0, p₃₂) reduce to the same δ mod
//! 2^32) uses nothing about k, so it holds for every k ≥ 1.
//!
//! ## Toeplitz MMH32
//! n outputs: ε-AΔU on (Z/2^32)^n with **ε = 2·4^(n−1)·3^n·2^(−32n) =
//! ½·12^n·2^(−32n)** (6·2^-32, 72·2^-64, 864·2^-96, 10368·2^-128 for n = 1..4).
//!
//! *Proof sketch.* The paper calls the 1/pⁿ bound of the Toeplitz
//! construction "well known" for MMH\*, where equal message words cancel
//! exactly. In MMH32 they do not: the mod 2^64 carries of row r depend on
//! every key word of row r. Let L be the last index with m_L ≠ m′_L and fix
//! every key word except y_r = x_{L+r} (r = 0..n−1). Row r's integer
//! difference is D_r = Σ_{j ≤ L}(m_j − m′_j)·x_{j+r} − 2^64·β_r, where
//! the sum involves y_r (coefficient m_L − m′_L ≠ 0) and y₀…y_{r−1} only,
//! and β_r (the difference of the two carry counts) lies in {⌊Δ/2^64⌋,
//! ⌊Δ/2^64⌋ + 1} for the integer Δ = the sum, which ranges over an interval
//! of length < 2^65 as y_r varies: at most 4 values, whatever the later key
//! words. So given y₀…y_{r−1}, row r ≡ a_r (mod p₃₂) holds for at most 4
//! values of y_r (distinct words are distinct residues and m_L − m′_L is
//! invertible); for the last row, with every other key word fixed, Lemma
//! 7's monotonicity argument gives 2. Hence ≤ 2·4^(n−1) key tuples out of
//! 2^(32n) solve all rows mod p₃₂, and the final mod 2^32 multiplies by 3
//! per row, as in Theorem 8. Any set T of rows obeys the same bound with
//! |T| in place of n (order T's rows; the argument never uses the others).
//! (The digest paper, Nguyen–Roscoe FSE 2012 Table 1, quotes 6ⁿ·2^(−32n)
//! for this construction without proof; the figure here is the one proven.)
//!
//! ## NMH32
//! ε-AΔU mod 2^32 with **ε = 12·2^-32** (the paper: "ε close to 2^-32",
//! no proof). *Sketch.* Let the pair (m₁, m₂) ≠ (m′₁, m′₂) (w.l.o.g. the
//! first). If m₂ ≠ m′₂, fix x₂ and all later key words: c = m₂ ± x₂ ≠
//! c′ = m′₂ ± x₂, and as x₁ ranges over all words, u = m₁ ± x₁ does too
//! (a bijection) while u′ = m′₁ ± x₁ = u + δ mod 2^32 is u + δ or
//! u + δ − 2^32 on two intervals of u. On each interval both sums u·c + s
//! and u′·c′ + s′ are increasing in u, so the carry difference takes at
//! most two values (Lemma 7's argument) and the difference mod p₃₂ is
//! linear in u with the invertible coefficient c − c′: at most 2 solutions
//! per interval, 4 in all, i.e. 4·2^-32 before the final mod 2^32 and
//! 3·4·2^-32 after it. If m₂ = m′₂ (so m₁ ≠ m′₁), exchange the roles of the
//! two words: u = m₂ ± x₂ is shared, c − c′ ≠ 0, one interval, 6·2^-32.
//!
//! ## MMH64
//! ε-AΔU mod 2^64 with **ε = 6·2^-64**: Lemma 7 and Theorem 8 with 64-bit
//! words. x₁m₁ < 2^128 adds at most one carry to the sum mod 2^128, the
//! monotonicity argument leaves two carry differences, each giving at most
//! one x₁ < 2^64 < p₆₄ (m₁ − m′₁ is invertible mod p₆₄): 2·2^-64 mod p₆₄;
//! two residues in [0, p₆₄) differ by less than p₆₄ = 2^64 + 13, so at
//! most 3 integer differences reduce to the same δ mod 2^64: 6·2^-64.
//!
//! ## NH
//! **ε = 2^-32**-AU (collisions only: NH is not AΔU), UMAC paper Theorem 1
//! with w = 32 (RFC 4418's pairing is the same function of a permuted
//! message, with the same bound); n Toeplitz outputs (key shifted by two words) collide
//! together with probability ≤ **2^(−32n)** (UMAC's Toeplitz theorem; NH's
//! equal pairs cancel exactly mod 2^64, so the classical induction on the
//! last differing pair applies). NH is meant as the first level of a
//! construction that restores Δ-universality, as [`hash`] does.
//!
//! ## Long messages
//! [`long`] and [`hash`] plug these into `uhash_base::long`: a message of c
//! chunks is ε-AΔU per lane with ε = ε₁ + (c+1)/2^128 + 6·2^-b (b the lane
//! width) and (ε₁ + …)ⁿ for n lanes, where ε₁ is the level-1 *collision*
//! bound above (for MMH32 Toeplitz lanes ε₁ = 12·2^-32 per lane covers
//! ½·12^|T|; the other kernels use their own ε). See [`hash`] for the
//! figures of each type.
//!
//! [`tree`] is the paper's own long-message mode (§2.4): [`Mmh32Tree`], a
//! tree of MMH32 levels with an independent k-word key per level (k = 32)
//! and the byte length in the root, ε = h·6·2^-32 for height h =
//! max(1, ⌈log_k ⌈L/4⌉⌉) (4 at 1 MiB), against [`Mmh32Hash`]'s ≈ 12·2^-32
//! at any length; its module docs prove the bound and compare the two.
//!
//! # Backends
//! [`Engine32`] (MMH32, NMH32, NH, RFC 4418's NH): `avx512` and `avx2`
//! (`vpmuludq`; the Toeplitz windows share key loads, RFC 4418's windows one
//! message permutation), `neon` (`umlal`), `soft`; with feature
//! `asm` also `avx512-asm`, `avx2-asm`, `neon-asm`, `armv4-asm` (hand-written
//! one-window sums of the `uhash-asm` crate, and RFC 4418's NH for one and
//! two windows; ARMv4 runs it portably; chosen on request:
//! `Engine32::new(Backend::Avx2Asm)`, or `Backend::Asm` for the fastest one
//! here); Adiantum's NH (the `nhpoly1305` crate's kernel,
//! [`Kernels32::nh_adiantum_sums`]) on the same engines, its own kernel in
//! `avx512`, `avx2` and `neon`. [`Engine64`] (MMH64): `ifma`, `mulx`, `soft`. `detect()` picks the
//! fastest, `new(backend)` forces one ([`Error::UnsupportedBackend`] when
//! absent), `backend()` says which runs. `unsafe` code lives only in the
//! backend modules.
//!
//! # Features
//! `asm`: the assembly backends (needs an assembler at build time; without
//! one the build warns and the backends are absent).
//!
//! `alloc` (default): the long-message kernels, hashes and MACs (their
//! level-1 keys are one chunk long and live on the heap). Without it the
//! crate is `no_std` without allocation: the fixed-length functions and the
//! engines.
//!
//! `std`: `std::io::Write` on the hash types and MAC states.
#![no_std]
#![deny(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod args;
mod backend;
pub mod kernels;
mod mmh32;
mod mmh64;
mod nh;
mod nh_adiantum;
mod nh_umac;
mod nmh32;

#[cfg(feature = "alloc")]
pub mod hash;
#[cfg(feature = "alloc")]
pub mod long;
#[cfg(feature = "alloc")]
pub mod tree;

pub use args::MAX_N;
pub use kernels::{Engine32, Engine64, Kernels32, Kernels64};
pub use mmh32::{mmh32, mmh32_toeplitz};
pub use mmh64::mmh64;
pub use nh::{nh, nh_toeplitz};
pub use nh_adiantum::nh_adiantum_key_layout;
pub use nh_umac::{nh_umac, nh_umac_key_layout, nh_umac_toeplitz};
pub use nmh32::nmh32;
pub use uhash_base::{Backend, Error, Generate, Nonce, Tag};

#[cfg(feature = "alloc")]
pub use hash::{
    Mmh32Hash, Mmh32Mac, Mmh32x2Hash, Mmh32x2Mac, Mmh32x4Hash, Mmh32x4Mac, Mmh64Hash, Mmh64Mac,
    NhHash, NhMac, Nhx2Hash, Nhx2Mac, Nhx4Hash, Nhx4Mac, Nmh32Hash, Nmh32Mac,
};
#[cfg(feature = "alloc")]
pub use tree::{Mmh32Tree, Mmh32TreeState};
pub use uhash_base::mac::MacNonce;
pub use universal_hash;
