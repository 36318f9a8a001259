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

/// Defines an assembly witness over a CPU witness (`$isa`, or none for the
/// base instruction set).
macro_rules! witness {
    ($($(#[$doc:meta])* $cfg:meta => $name:ident($($isa:ty)?);)*) => {$(
        $(#[$doc])*
        #[cfg($cfg)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $(isa: $isa,)?
            built: Built,
        }

        #[cfg($cfg)]
        impl $name {
            $(
                /// The CPU witness the kernels need (for the same
                /// instruction set's intrinsics, where a family has no
                /// assembly for an operation).
                #[must_use]
                pub fn isa(self) -> $isa {
                    self.isa
                }
            )?
        }

        #[cfg($cfg)]
        impl Implementation for $name {
            const BACKEND: Backend = Backend::$name;

            fn detect() -> Option<Self> {
                let built = built()?;
                Some(Self {
                    $(isa: <$isa>::detect()?,)?
                    built,
                })
            }
        }
    )*};
}

witness! {
    /// `mulx-asm`: x86-64 scalar kernels with BMI2 `mulx` and ADX.
    target_arch = "x86_64" => MulxAsm(uhash_base::backend::Mulx);
    /// `avx2-asm`: x86-64 AVX2 kernels.
    target_arch = "x86_64" => Avx2Asm(uhash_base::backend::Avx2);
    /// `avx512-asm`: x86-64 AVX-512 F/BW/VL kernels.
    target_arch = "x86_64" => Avx512Asm(uhash_base::backend::Avx512);
    /// `ifma-asm`: x86-64 AVX-512 IFMA + VBMI2 kernels.
    target_arch = "x86_64" => IfmaAsm(IfmaMulx);
    /// `aarch64-asm`: AArch64 scalar kernels (`mul`/`umulh`; base
    /// instruction set).
    all(target_arch = "aarch64", target_endian = "little") => Aarch64Asm();
    /// `neon-asm`: AArch64 Advanced SIMD kernels.
    all(target_arch = "aarch64", target_endian = "little") => NeonAsm(uhash_base::backend::Neon);
    /// `armv4-asm`: 32-bit ARM kernels in ARM state (ARMv4T instructions:
    /// UMULL/UMLAL; base instruction set of every A/R-profile core).
    all(target_arch = "arm", target_endian = "little") => Armv4Asm();
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
