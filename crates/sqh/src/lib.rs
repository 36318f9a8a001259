#![doc = include_str!("../README.md")]
//! # sqh — Square Hash, exact to a written specification
//!
//! Etzel, Patel, Ramzan, *Square Hash: Fast Message Authentication via
//! Optimized Universal Hash Functions*, CRYPTO 1999. Every definition of
//! the paper for elements of w = 1..5 words of 32 bits, with the readings
//! of the garbled Defs. 10–13 fixed in `docs/sqh-spec.md` (the carry-dropping
//! operators C and C2 are defined there exactly, so that other
//! implementations produce the same bytes).
//!
//! | item | what |
//! |---|---|
//! | [`sqh()`], [`sqhu()`] | SQH (Def. 4) and SQHU (Def. 5) on one element |
//! | [`sqh_star()`], [`sqhasm()`], [`sqhasm2()`], [`sqhc()`], [`sqhc2()`], [`sqhe()`] | SQH\* (Def. 7), SQHasm (Def. 9), SQHasm2 (Def. 10), SQHc (Def. 11), SQHc2 (Def. 12), SQHE (Def. 13) |
//! | [`sqhasm2_mod_p()`], [`sqh2()`] | SQHasm2 mod p (Thm. 7), SQH2 (§6, defined in `docs/sqh-spec.md`) |
//! | [`eval`] with [`Variant`] | the same six chosen at run time |
//! | [`toeplitz()`] | §4.1's Toeplitz multi-element output over any [`Variant`] |
//! | [`Engine`] ([`kernels`]) | backend selection: detect, force, ask (the workspace's one `engine!` API) |
//! | [`long`] (feature `alloc`) | SQHasm2 / SQHE level-1 kernels for `uhash_base::long` |
//! | [`hash`](mod@hash) (feature `alloc`) | `UniversalHash` + `KeyInit` types at 32, 64, 96, 128 bits and their Wegman–Carter MACs |
//! | `uhash_base::strong::Strong` | Lemma 1's Δ-universal → strongly universal adapter (generic; SQHU is built on it) |
//!
//! # Definitions (as implemented)
//! p = p_w is the smallest prime above 2^L, L = 32w (2^32+15, 2^64+13,
//! 2^96+61, 2^128+51, 2^160+7); key and message elements are 4w-byte
//! little-endian values below 2^L; Z_p outputs are 4w+4 bytes, {0,1}^L
//! outputs 4w bytes.
//!
//! * **SQH**: (m + x)² mod p. **SQHU**: ((m + x)² + b) mod p, b < p.
//! * **SQH\***: Σ (mᵢ + xᵢ)² mod p. **SQHasm**: that, mod 2^L.
//! * **SQHasm2**: (Σ ((mᵢ + xᵢ) mod 2^L)² mod p) mod 2^L (Def. 10's stated
//!   range).
//! * **SQHc**: C(Σ (mᵢ + xᵢ)²) mod p, C summing each of 2w+1 words mod
//!   2^32 (no carries between words, none out of the top).
//! * **SQHc2**: C(Σ C2((mᵢ + xᵢ)²)) mod p, C2 the schoolbook column square
//!   with each column mod 2^32 (exact sums: w+1 limbs, 2w+1 columns).
//! * **SQHE**: (C(Σ C2(((mᵢ + xᵢ) mod 2^L)²)) mod p) mod 2^L (2w columns).
//! * **SQHasm2 mod p**: Σ ((mᵢ + xᵢ) mod 2^L)² mod p (Thm. 7's function).
//! * **SQH2**: (D(Σ D2(((mᵢ + xᵢ) mod 2^L)²)) mod p) mod 2^L, D2 and D the
//!   same on w 64-bit double-word columns (carries dropped only between
//!   double words; portable kernel on every backend).
//!
//! # Bounds (proven in `docs/sqh-spec.md` §4; log₂ ε)
//! | variant | ε | w=1 | w=2 | w=3 | w=4 | w=5 |
//! |---|---|---|---|---|---|---|
//! | SQH, SQH\* (Thms. 1, 4) | 2^-L | −32 | −64 | −96 | −128 | −160 |
//! | SQHasm (Thm. 6) | 3·2^-L | −30.42 | −62.42 | −94.42 | −126.42 | −158.42 |
//! | SQHasm2 mod 2^L (Thms. 6 + 7) | 6·2^-L | −29.42 | −61.42 | −93.42 | −125.42 | −157.42 |
//! | SQHc (Thm. 8, 2w+1 words) | 3^(2w+1)·2^-L | −27.25 | −56.08 | −84.91 | −113.74 | −142.57 |
//! | SQHc2 (Thm. 9, exact sums) | N_c2·2^-L | −26.02 | −51.76 | −76.39 | −100.23 | −123.46 |
//! | SQHE (Thm. 10) | 6·Π(4i−1)²·2^-L | −26.25 | −52.63 | −77.71 | −101.90 | −125.40 |
//! | SQHasm2 mod p (Thm. 7) | 2·2^-L | −31 | −63 | −95 | −127 | −159 |
//! | SQH2 (ours, spec §4) | 6·N₂·2^-L | −27.83 | −57.02 | −85.56 | −113.66 | −141.41 |
//!
//! SQHU is strongly universal: Pr[h(m) = α ∧ h(m′) = β] ≤ 2^-L/p. The
//! paper's figures (Thm. 8: 2^-57.7 … 2^-144.2, Thm. 9: 2^-53 … 2^-124.7
//! for w = 2..5) follow from its own counts; the spec explains why the
//! exact sums of Defs. 11–12 need one more carry position and why SQHE's
//! count is Π(4i−1)² rather than Π(4i+1)². [`Variant::epsilon_log2`]
//! computes the figures above from the column structure.
//!
//! # Backends
//! [`Engine`] ([`kernels`]): `ifma` (x86-64 with AVX-512 IFMA: for the
//! paper's w = 3 SQHasm2 and SQHE, sixteen elements per step gathered with
//! `vpermt2d` and squared with `vpmadd52luq`/`vpmadd52huq`, which multiply
//! and accumulate in one instruction; other widths and variants run the
//! AVX2 or AVX-512 kernels by length), `avx512` (x86-64; sixteen elements per block,
//! their words loaded contiguously and transposed with masked `vpermd`,
//! eight elements per `vpmuludq` step), `avx2` (the same body on 256-bit
//! vectors: eight per block, four per step), `neon` (little-endian AArch64:
//! four elements per block, their words loaded contiguously and transposed
//! with `uzp`/`trn`/`tbl`, two squares per `umull`/`umull2`) and `soft`
//! (portable, 32-bit limbs). All form every square with w(w+1)/2 word
//! products — each cross product once, doubled — against w² for a general
//! multiply. [`Engine::detect`] (fixed-length messages) picks IFMA when
//! present, else AVX2 when present, NEON on little-endian AArch64;
//! [`Engine::detect_long`]
//! (long-message kernels and types) the first of [`Engine::LONG_FIRST`]
//! (IFMA, AVX-512) the CPU has, else the same as `detect`; `new(backend)` forces
//! one. `unsafe` code lives only in the backend modules.
//!
//! With feature `asm` on little-endian 32-bit ARM, the `armv4-asm` backend
//! ([`Backend::Armv4Asm`], alias [`Backend::Asm`]) runs the hand-written
//! ARMv4 inner loops of SQHasm2, SQH2 and SQHE for w = 3 (`uhash-asm`'s
//! `armv4/sqh.S`: UMULL/UMLAL only, the paper's ARM7 setting; everything
//! else portable). It is selected only on request
//! (`Engine::new(Backend::Armv4Asm)`), and is unsupported on other targets.
//! `docs/sqh-arm7.md` redoes the paper's ARM7 comparison (Tables 1–3) for
//! these kernels: counted instructions per 2112-bit block and an ARM7TDMI
//! cycle model give, at MMH's security, SQH1 1.26× and SQH2 1.43× as fast
//! as MMH (the paper: 1.24× and 1.31×; the difference is explained there).
//!
//! The NEON default is not measured (this workspace's AArch64 tests run
//! under qemu): it follows the reasoning of the x86 choice — the AVX2
//! scheme, which measured ≥ soft from one 264-byte block on, on 128-bit
//! vectors with half the block (so more of a short message runs
//! vectorised), `umull`/`umull2`/`usra` in place of
//! `vpmuludq`/`vpsrlq`/`vpaddq`. Forcing `Backend::Soft` is always possible.
//!
//! Measured (`cargo bench -p uhash-bench --bench sqh -- paper96`, w = 3,
//! cycles/byte at 2.7 GHz, criterion medians; SQHasm2 / SQHE):
//! 16380 bytes: AVX-512 0.41 / 0.36, AVX2 0.54 / 0.50, soft 0.79 / 0.82;
//! 264 bytes: AVX-512 1.50 / 1.12, AVX2 1.37 / 1.03, soft 1.35 / 1.32;
//! 132 bytes: AVX-512 2.84 / 2.06, AVX2 2.11 / 1.55, soft 1.87 / 1.83
//! (fewer than 16 elements all go through the soft tail). A first AVX2
//! version that fetched limbs with `vpgatherdd` was ~3× slower than soft
//! and was replaced.
//!
//! On this x86-64 machine Square Hash is **slower** than MMH at the paper's
//! 96-bit output (MMH32 Toeplitz × 3: 0.27 c/B at 264 bytes and 0.12 at
//! 16380 with AVX-512, 0.65 and 0.48 portable), unlike the paper's ARM7 (1.24–1.33× faster): per 96 bits
//! of message MMH does 9 independent 32×32 products and 64-bit adds, which
//! vectorise trivially, and SQH does 6 products (the squaring saving) but
//! also a 3-limb carry chain for mᵢ + xᵢ, the split of each product into
//! column halves, the doubling, the transposition into lanes and a heavier
//! final reduction mod 2^96 + 61; with multiplies no dearer than adds, the
//! saved products do not pay for that. See `docs/sqh-spec.md` §7.
//!
//! # Features
//! `alloc` (default): the long-message kernels, hashes and MACs. Without it
//! the crate is `no_std` without allocation: the fixed-length functions
//! and the engine. `std`: `std::io::Write` on the hash types and MAC
//! states. `asm`: the ARMv4 assembly backend above (needs an assembler at
//! build time; without one the build warns and the backend is absent).
#![no_std]
#![deny(unsafe_code)]

mod args;
mod backend;
pub mod bounds;
pub mod kernels;
mod reduce;
mod sqh;
mod sqh2;
mod sqh_star;
mod sqhasm;
mod sqhasm2;
mod sqhasm2_mod_p;
mod sqhc;
mod sqhc2;
mod sqhe;
mod sqhu;
mod toeplitz;
mod variant;

#[cfg(feature = "alloc")]
pub mod hash;
#[cfg(feature = "alloc")]
pub mod long;

pub use kernels::{Engine, Kernels};
pub use sqh::sqh;
pub use sqh_star::sqh_star;
pub use sqh2::sqh2;
pub use sqhasm::sqhasm;
pub use sqhasm2::sqhasm2;
pub use sqhasm2_mod_p::sqhasm2_mod_p;
pub use sqhc::sqhc;
pub use sqhc2::sqhc2;
pub use sqhe::sqhe;
pub use sqhu::sqhu;
pub use toeplitz::toeplitz;
pub use uhash_base::pw::Elem;
pub use uhash_base::{Backend, Error, Generate, Nonce, Tag};
pub use variant::{Variant, eval};

#[cfg(feature = "alloc")]
pub use hash::{
    Asm2x32Hash, Asm2x32Mac, Asm2x64Hash, Asm2x64Mac, Asm2x96Hash, Asm2x96Mac, Asm2x128Hash,
    Asm2x128Mac, Sqhe32Hash, Sqhe32Mac, Sqhe64Hash, Sqhe64Mac, Sqhe96Hash, Sqhe96Mac, Sqhe128Hash,
    Sqhe128Mac,
};
pub use uhash_base::mac::MacNonce;
pub use universal_hash;
