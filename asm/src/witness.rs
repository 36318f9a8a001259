//! The witnesses of the assembly backends: one type per assembly name of
//! [`uhash_base::Backend`] (`avx2-asm`, `neon-asm`, …). A value exists only
//! when this build assembled the kernels of the current target
//! ([`crate::AVAILABLE`]) and run-time detection found the instruction set
//! (the same `uhash_base` detection the intrinsics backends use), so a
//! function that holds one may call that instruction set's kernels. Without
//! assembled kernels every witness type is uninhabited.

use uhash_base::Backend;
use uhash_base::backend::Implementation;

/// Proof that this build assembled the kernels: `()` when it did, an
/// uninhabited type when it did not (so nothing can hold a witness).
#[cfg(uhash_asm)]
type Built = ();
/// Proof that this build assembled the kernels: `()` when it did, an
/// uninhabited type when it did not (so nothing can hold a witness).
#[cfg(not(uhash_asm))]
type Built = Never;

/// No value: the kernels were not assembled.
#[cfg(not(uhash_asm))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Never {}

/// `Some` when the kernels were assembled and the portable path is not
/// forced (`--cfg uhash_backend="soft"` turns every assembly backend off,
/// as it does the intrinsics).
#[cfg(uhash_asm)]
fn built() -> Option<Built> {
    (!uhash_base::backend::forced_soft()).then_some(())
}

/// `Some` when the kernels were assembled: never in this build.
#[cfg(not(uhash_asm))]
fn built() -> Option<Built> {
    None
}

// Each witness below: a value holds the proof that the kernels were
// assembled (`built`) and, for an instruction set beyond the base one, the
// CPU witness of that set (`isa`), found by `Implementation::detect`.

/// `mulx-asm`: x86-64 scalar kernels with BMI2 `mulx` and ADX.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MulxAsm {
    isa: uhash_base::backend::Mulx,
    built: Built,
}

#[cfg(target_arch = "x86_64")]
impl MulxAsm {
    /// The CPU witness the kernels need (for the same instruction set's
    /// intrinsics, where a family has no assembly for an operation).
    #[must_use]
    pub fn isa(self) -> uhash_base::backend::Mulx {
        self.isa
    }
}

#[cfg(target_arch = "x86_64")]
impl Implementation for MulxAsm {
    const BACKEND: Backend = Backend::MulxAsm;

    fn detect() -> Option<Self> {
        Some(Self {
            built: built()?,
            isa: uhash_base::backend::Mulx::detect()?,
        })
    }
}

/// `avx2-asm`: x86-64 AVX2 kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Asm {
    isa: uhash_base::backend::Avx2,
    built: Built,
}

#[cfg(target_arch = "x86_64")]
impl Avx2Asm {
    /// The CPU witness the kernels need (for the same instruction set's
    /// intrinsics, where a family has no assembly for an operation).
    #[must_use]
    pub fn isa(self) -> uhash_base::backend::Avx2 {
        self.isa
    }
}

#[cfg(target_arch = "x86_64")]
impl Implementation for Avx2Asm {
    const BACKEND: Backend = Backend::Avx2Asm;

    fn detect() -> Option<Self> {
        Some(Self {
            built: built()?,
            isa: uhash_base::backend::Avx2::detect()?,
        })
    }
}

/// `avx512-asm`: x86-64 AVX-512 F/BW/VL kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512Asm {
    isa: uhash_base::backend::Avx512,
    built: Built,
}

#[cfg(target_arch = "x86_64")]
impl Avx512Asm {
    /// The CPU witness the kernels need (for the same instruction set's
    /// intrinsics, where a family has no assembly for an operation).
    #[must_use]
    pub fn isa(self) -> uhash_base::backend::Avx512 {
        self.isa
    }
}

#[cfg(target_arch = "x86_64")]
impl Implementation for Avx512Asm {
    const BACKEND: Backend = Backend::Avx512Asm;

    fn detect() -> Option<Self> {
        Some(Self {
            built: built()?,
            isa: uhash_base::backend::Avx512::detect()?,
        })
    }
}

/// `ifma-asm`: x86-64 AVX-512 IFMA + VBMI2 kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfmaAsm {
    isa: IfmaMulx,
    built: Built,
}

#[cfg(target_arch = "x86_64")]
impl IfmaAsm {
    /// The CPU witness the kernels need (for the same instruction set's
    /// intrinsics, where a family has no assembly for an operation).
    #[must_use]
    pub fn isa(self) -> IfmaMulx {
        self.isa
    }
}

#[cfg(target_arch = "x86_64")]
impl Implementation for IfmaAsm {
    const BACKEND: Backend = Backend::IfmaAsm;

    fn detect() -> Option<Self> {
        Some(Self {
            built: built()?,
            isa: IfmaMulx::detect()?,
        })
    }
}

/// `aarch64-asm`: AArch64 scalar kernels (`mul`/`umulh`; base
/// instruction set).
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aarch64Asm {
    built: Built,
}

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
impl Implementation for Aarch64Asm {
    const BACKEND: Backend = Backend::Aarch64Asm;

    fn detect() -> Option<Self> {
        Some(Self { built: built()? })
    }
}

/// `neon-asm`: AArch64 Advanced SIMD kernels.
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeonAsm {
    isa: uhash_base::backend::Neon,
    built: Built,
}

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
impl NeonAsm {
    /// The CPU witness the kernels need (for the same instruction set's
    /// intrinsics, where a family has no assembly for an operation).
    #[must_use]
    pub fn isa(self) -> uhash_base::backend::Neon {
        self.isa
    }
}

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
impl Implementation for NeonAsm {
    const BACKEND: Backend = Backend::NeonAsm;

    fn detect() -> Option<Self> {
        Some(Self {
            built: built()?,
            isa: uhash_base::backend::Neon::detect()?,
        })
    }
}

/// `armv4-asm`: 32-bit ARM kernels in ARM state (ARMv4T instructions:
/// UMULL/UMLAL; base instruction set of every A/R-profile core).
#[cfg(all(target_arch = "arm", target_endian = "little"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Armv4Asm {
    built: Built,
}

#[cfg(all(target_arch = "arm", target_endian = "little"))]
impl Implementation for Armv4Asm {
    const BACKEND: Backend = Backend::Armv4Asm;

    fn detect() -> Option<Self> {
        Some(Self { built: built()? })
    }
}

/// The features of [`IfmaAsm`]: AVX-512 IFMA + VBMI2 for its vector loop,
/// BMI2 + ADX for its scalar kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfmaMulx {
    /// The vector features.
    pub ifma: uhash_base::backend::IfmaVbmi2,
    /// The scalar features.
    pub mulx: uhash_base::backend::Mulx,
}

#[cfg(target_arch = "x86_64")]
impl IfmaMulx {
    fn detect() -> Option<Self> {
        Some(Self {
            ifma: uhash_base::backend::IfmaVbmi2::detect()?,
            mulx: uhash_base::backend::Mulx::detect()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every witness names its backend, and exists only with assembled
    /// kernels.
    #[test]
    fn witnesses_need_assembled_kernels() {
        #[cfg(target_arch = "x86_64")]
        {
            assert_eq!(Avx2Asm::BACKEND, Backend::Avx2Asm);
            assert_eq!(IfmaAsm::BACKEND, Backend::IfmaAsm);
            if !crate::AVAILABLE {
                assert!(Avx2Asm::detect().is_none() && MulxAsm::detect().is_none());
            }
            if crate::AVAILABLE && !uhash_base::backend::forced_soft() {
                assert_eq!(
                    Avx2Asm::detect().is_some(),
                    uhash_base::backend::Avx2::detect().is_some()
                );
            }
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        assert_eq!(
            Aarch64Asm::detect().is_some(),
            crate::AVAILABLE && !uhash_base::backend::forced_soft()
        );
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        assert_eq!(
            Armv4Asm::detect().is_some(),
            crate::AVAILABLE && !uhash_base::backend::forced_soft()
        );
    }
}
