//! # uhash-asm — hand-written assembly kernels for the uhash families
//!
//! The MMH, Square Hash and DFC papers were written around hand-optimised
//! assembly (MMH on PowerPC/Pentium Pro, Square Hash on ARM7, DFC on
//! Alpha/Pentium II). This crate carries that layer for today's CPUs: the
//! `.S` sources under `x86_64/`, `aarch64/` and `armv4/`, the shared header
//! `include/uhash_asm.h` (symbol type, CET `endbr64` / BTI `bti c` landing
//! pads, `.note.GNU-stack` and the GNU property note) and the `build.rs`
//! that assembles them with `cc`.
//!
//! **This crate only declares.** Each family crate (`mmh`, `dfc-decorr`, `sqh`)
//! has a safe wrapper module behind its own `asm` feature that checks the
//! lengths and the CPU features and is selected like any other backend
//! (`uhash_core::Backend::Asm`).
//!
//! # Build
//! * Feature `asm` off (the default): nothing is assembled, no assembler is
//!   needed, [`AVAILABLE`] is `false` and every kernel table is `None`.
//! * Feature `asm` on: `build.rs` assembles the current target's directory
//!   only — x86-64 (System V), AArch64 (AAPCS64) or 32-bit ARM in ARM state
//!   (AAPCS; `.arch armv4t`, so UMULL/UMLAL and nothing newer), on
//!   little-endian ELF targets — and sets `cfg(uhash_asm)`. If the assembler
//!   is missing or fails it warns and the families use their Rust backends;
//!   with `UHASH_CI=1` it fails the build instead.
//!
//! # Symbols
//! Every exported symbol starts with `uhash_` (checked by `tests/symbols.rs`
//! and CI with `nm`). The kernels are leaf functions: no calls, no stack
//! frames beyond saved callee-saved registers.
//!
//! # Contracts
//! Each kernel's contract is documented on its declaration. In short: the
//! caller guarantees that the pointers are valid for the counts given and
//! that the CPU has the named instruction-set extension; the kernel reads
//! exactly the words the count names (never past them), writes only its
//! output, and neither branches nor indexes memory on the data (loop bounds
//! depend on the counts only).
#![no_std]
#![doc(html_no_source)]

/// `true` when this build assembled and linked the kernels of the current
/// target (feature `asm` on, a supported target, and the assembler worked).
pub const AVAILABLE: bool = cfg!(uhash_asm);

pub mod digest;
pub mod poly1305;
pub mod poly1305_ifma;
pub mod sqh;

/// x86-64 (System V ABI) kernels.
#[cfg(target_arch = "x86_64")]
pub mod x86_64 {
    #[cfg(uhash_asm)]
    unsafe extern "C" {
        /// MMH32 inner sum with AVX2:
        /// Σ_{j<words} LE32(msg + 4j)·key\[j\] mod 2^64.
        ///
        /// The result equals `mmh`'s soft `mmh32_sums::<1>` over the first
        /// `words` words of message and key.
        ///
        /// # Safety
        /// The CPU supports AVX2; `key` is valid for reading `words` `u32`s
        /// (aligned) and `msg` for `4·words` bytes (any alignment). Reads
        /// nothing else.
        pub fn uhash_mmh32_sum_avx2(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// MMH32 inner sum with AVX-512 (the same function as
        /// [`uhash_mmh32_sum_avx2`]; zero-masking loads for the last < 16
        /// words).
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`uhash_mmh32_sum_avx2`].
        pub fn uhash_mmh32_sum_avx512(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// NH inner sum with AVX2: Σ_{i<pairs} (LE32(msg + 8i) + key\[2i\]
        /// mod 2^32)·(LE32(msg + 8i + 4) + key\[2i+1\] mod 2^32) mod 2^64
        /// (`mmh`'s soft `nh_sums::<1>` over the first `pairs` pairs).
        ///
        /// # Safety
        /// The CPU supports AVX2; `key` is valid for reading `2·pairs`
        /// `u32`s and `msg` for `8·pairs` bytes (any alignment).
        pub fn uhash_nh_sum_avx2(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// NH inner sum with AVX-512 (the same function as
        /// [`uhash_nh_sum_avx2`]).
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`uhash_nh_sum_avx2`].
        pub fn uhash_nh_sum_avx512(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// The DFC module ((a·x + b) mod (2^64 + 13)) mod 2^64 with `mulx`
        /// and the complement reduction (`dfc_decorr::module::native`'s
        /// function). Constant time.
        ///
        /// # Safety
        /// The CPU supports BMI2.
        pub fn uhash_dfc_module_mulx(a: u64, b: u64, x: u64) -> u64;

        /// `y[i] = uhash_dfc_module_mulx(a[i], b[i], x[i])` for i < n.
        ///
        /// # Safety
        /// The CPU supports BMI2; `a`, `b`, `x` are valid for reading and
        /// `y` for writing `n` `u64`s (aligned); `y` overlaps none of the
        /// inputs.
        pub fn uhash_dfc_module_batch_mulx(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }

    /// The x86-64 kernels of this build, as function pointers (the family
    /// crates read [`KERNELS`] and so need no cfg of their own).
    #[derive(Clone, Copy, Debug)]
    pub struct Kernels {
        /// `uhash_mmh32_sum_avx2` (see its declaration for the contract).
        pub mmh32_sum_avx2: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_mmh32_sum_avx512`.
        pub mmh32_sum_avx512: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_nh_sum_avx2`.
        pub nh_sum_avx2: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_nh_sum_avx512`.
        pub nh_sum_avx512: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_dfc_module_mulx`.
        pub dfc_module_mulx: unsafe extern "C" fn(u64, u64, u64) -> u64,
        /// `uhash_dfc_module_batch_mulx`.
        pub dfc_module_batch_mulx:
            unsafe extern "C" fn(*const u64, *const u64, *const u64, *mut u64, usize),
    }

    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(uhash_asm)]
    pub const KERNELS: Option<Kernels> = Some(Kernels {
        mmh32_sum_avx2: uhash_mmh32_sum_avx2,
        mmh32_sum_avx512: uhash_mmh32_sum_avx512,
        nh_sum_avx2: uhash_nh_sum_avx2,
        nh_sum_avx512: uhash_nh_sum_avx512,
        dfc_module_mulx: uhash_dfc_module_mulx,
        dfc_module_batch_mulx: uhash_dfc_module_batch_mulx,
    });
    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(not(uhash_asm))]
    pub const KERNELS: Option<Kernels> = None;
}

/// AArch64 (AAPCS64, little-endian) kernels.
#[cfg(target_arch = "aarch64")]
pub mod aarch64 {
    #[cfg(uhash_asm)]
    unsafe extern "C" {
        /// MMH32 inner sum with NEON `umlal`/`umlal2`:
        /// Σ_{j<words} LE32(msg + 4j)·key\[j\] mod 2^64.
        ///
        /// # Safety
        /// The CPU has Advanced SIMD (every AArch64 Linux CPU does); `key`
        /// is valid for reading `words` `u32`s and `msg` for `4·words`
        /// bytes (any alignment).
        pub fn uhash_mmh32_sum_neon(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// NH inner sum with NEON: Σ_{i<pairs} (LE32(msg + 8i) + key\[2i\]
        /// mod 2^32)·(LE32(msg + 8i + 4) + key\[2i+1\] mod 2^32) mod 2^64.
        ///
        /// # Safety
        /// As [`uhash_mmh32_sum_neon`], with `2·pairs` key words and
        /// `8·pairs` message bytes.
        pub fn uhash_nh_sum_neon(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// The DFC module ((a·x + b) mod (2^64 + 13)) mod 2^64 with
        /// `mul`/`umulh`. Constant time.
        ///
        /// # Safety
        /// None beyond the ABI (base AArch64 instructions only); `unsafe`
        /// because it is foreign code.
        pub fn uhash_dfc_module_a64(a: u64, b: u64, x: u64) -> u64;

        /// `y[i] = uhash_dfc_module_a64(a[i], b[i], x[i])` for i < n.
        ///
        /// # Safety
        /// `a`, `b`, `x` valid for reading and `y` for writing `n` `u64`s;
        /// `y` overlaps none of the inputs.
        pub fn uhash_dfc_module_batch_a64(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }

    /// The AArch64 kernels of this build, as function pointers.
    #[derive(Clone, Copy, Debug)]
    pub struct Kernels {
        /// `uhash_mmh32_sum_neon`.
        pub mmh32_sum_neon: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_nh_sum_neon`.
        pub nh_sum_neon: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_dfc_module_a64`.
        pub dfc_module: unsafe extern "C" fn(u64, u64, u64) -> u64,
        /// `uhash_dfc_module_batch_a64`.
        pub dfc_module_batch:
            unsafe extern "C" fn(*const u64, *const u64, *const u64, *mut u64, usize),
    }

    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(uhash_asm)]
    pub const KERNELS: Option<Kernels> = Some(Kernels {
        mmh32_sum_neon: uhash_mmh32_sum_neon,
        nh_sum_neon: uhash_nh_sum_neon,
        dfc_module: uhash_dfc_module_a64,
        dfc_module_batch: uhash_dfc_module_batch_a64,
    });
    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(not(uhash_asm))]
    pub const KERNELS: Option<Kernels> = None;
}

/// 32-bit ARM kernels for ARMv4T and later in ARM state (AAPCS,
/// little-endian; tested on `armv7-unknown-linux-gnueabihf`, which executes
/// ARMv4 code unchanged).
#[cfg(target_arch = "arm")]
pub mod armv4 {
    #[cfg(uhash_asm)]
    unsafe extern "C" {
        /// MMH32 inner sum, one UMLAL per word into a 64-bit accumulator
        /// pair: Σ_{j<words} LE32(msg + 4j)·key\[j\] mod 2^64.
        ///
        /// # Safety
        /// The core executes ARM-state code (not an M-profile core); `key`
        /// is valid for reading `words` `u32`s (aligned) and `msg` for
        /// `4·words` bytes (any alignment: an unaligned message is read
        /// byte by byte).
        pub fn uhash_mmh32_sum_armv4(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// The DFC module ((a·x + b) mod (2^64 + 13)) mod 2^64 from
        /// UMULL/UMLAL. Branch-free; constant time where the multiplier is
        /// (not ARM7TDMI, whose multiplier terminates early).
        ///
        /// # Safety
        /// The core executes ARM-state code.
        pub fn uhash_dfc_module_armv4(a: u64, b: u64, x: u64) -> u64;

        /// `y[i] = uhash_dfc_module_armv4(a[i], b[i], x[i])` for i < n.
        ///
        /// # Safety
        /// The core executes ARM-state code; `a`, `b`, `x` valid for
        /// reading and `y` for writing `n` `u64`s (aligned); `y` overlaps
        /// none of the inputs.
        pub fn uhash_dfc_module_batch_armv4(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }

    /// The ARMv4 kernels of this build, as function pointers.
    #[derive(Clone, Copy, Debug)]
    pub struct Kernels {
        /// `uhash_mmh32_sum_armv4`.
        pub mmh32_sum: unsafe extern "C" fn(*const u32, *const u8, usize) -> u64,
        /// `uhash_dfc_module_armv4`.
        pub dfc_module: unsafe extern "C" fn(u64, u64, u64) -> u64,
        /// `uhash_dfc_module_batch_armv4`.
        pub dfc_module_batch:
            unsafe extern "C" fn(*const u64, *const u64, *const u64, *mut u64, usize),
    }

    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(uhash_asm)]
    pub const KERNELS: Option<Kernels> = Some(Kernels {
        mmh32_sum: uhash_mmh32_sum_armv4,
        dfc_module: uhash_dfc_module_armv4,
        dfc_module_batch: uhash_dfc_module_batch_armv4,
    });
    /// The kernels, when this build assembled them ([`crate::AVAILABLE`]).
    #[cfg(not(uhash_asm))]
    pub const KERNELS: Option<Kernels> = None;
}
