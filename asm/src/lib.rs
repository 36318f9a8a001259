#![doc = include_str!("../README.md")]
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
//! **This crate declares the kernels and proves when they can run.** Each
//! family module ([`mmh`], [`dfc`], [`digest`], [`poly1305`],
//! [`poly1305_ifma`], [`sqh`]) declares that family's kernels, one
//! submodule per architecture. The witness types of [`witness`]
//! (`Avx2Asm`, `NeonAsm`, …: one per assembly backend name of
//! `uhash_base::Backend`) exist only where this build assembled the kernels
//! and the CPU has the instruction set; each family implements its kernel
//! trait for them in a file of its own (`backend/ffi_<arch>.rs`), so an
//! assembly backend is chosen like any other.
//!
//! # Build
//! * Feature `asm` off (the default): nothing is assembled, no assembler is
//!   needed, [`AVAILABLE`] is `false`, no witness is ever found, and each
//!   declared kernel is a Rust stub that must not be called (its safety
//!   contract requires [`AVAILABLE`]).
//! * Feature `asm` on: `build.rs` assembles the current target's directory
//!   only — x86-64 (System V), AArch64 (AAPCS64) or 32-bit ARM in ARM state
//!   (AAPCS; `.arch armv4t`, so UMULL/UMLAL and nothing newer), on
//!   little-endian ELF targets — and sets `cfg(uhash_asm)`. If the assembler
//!   is missing or fails it warns and the families use their Rust backends;
//!   with `UHASH_CI=1` it fails the build instead.
//!
//! # Symbols
//! Every exported symbol starts with `uhash_<major>_<minor>_` (here
//! `uhash_0_1_`; `build.rs` derives it from the crate version, for the
//! assembler and for the Rust declarations' `link_name`), so two
//! semver-incompatible versions link into one binary; `links =
//! "uhash_asm_0_1"` keeps two compatible ones out. `tests/symbols.rs` and
//! CI (`check-symbols.sh`, with `nm`) check the prefix. The kernels are leaf
//! functions: no calls, no stack frames beyond saved callee-saved
//! registers.
//!
//! # Contracts
//! Each kernel's contract is documented on its declaration. In short: the
//! caller guarantees that the pointers are valid for the counts given and
//! that the CPU has the named instruction-set extension; the kernel reads
//! exactly the words the count names (never past them), writes only its
//! output, and neither branches nor indexes memory on the data (loop bounds
//! depend on the counts only). Every kernel's contract also requires
//! [`AVAILABLE`] (a witness of [`witness`] proves it).
#![no_std]

/// `true` when this build assembled and linked the kernels of the current
/// target (feature `asm` on, a supported target, and the assembler worked).
pub const AVAILABLE: bool = cfg!(uhash_asm);

/// The prefix of every exported symbol (`uhash_<major>_<minor>_`).
pub const SYMBOL_PREFIX: &str = env!("UHASH_ASM_PREFIX");

/// Declares kernels: with `cfg(uhash_asm)` as foreign functions linked under
/// [`SYMBOL_PREFIX`] + their name; without, as stubs of the same type that
/// must never be called (their contract requires [`AVAILABLE`]; no
/// witness exists to reach them).
macro_rules! prefixed {
    ($($(#[$m:meta])* pub fn $name:ident($($a:ident: $t:ty),* $(,)?) $(-> $r:ty)?;)*) => {
        #[cfg(uhash_asm)]
        unsafe extern "C" {
            $(
                $(#[$m])*
                #[link_name = concat!(env!("UHASH_ASM_PREFIX"), stringify!($name))]
                pub fn $name($($a: $t),*) $(-> $r)?;
            )*
        }
        $(
            $(#[$m])*
            ///
            /// (This build assembled no kernels: a stub that must not be
            /// called.)
            #[cfg(not(uhash_asm))]
            pub unsafe extern "C" fn $name($($a: $t),*) $(-> $r)? {
                let _ = ($($a,)*);
                unreachable!("uhash-asm: kernels called without an assembly witness")
            }
        )*
    };
}
pub(crate) use prefixed;

pub mod dfc;
pub mod digest;
pub mod mmh;
pub mod poly1305;
pub mod poly1305_ifma;
pub mod sqh;
pub mod witness;

pub use witness::*;
