//! The witness types of the backends: a value exists only where its
//! backend runs. The portable ones ([`Soft`], …) are always found; each CPU
//! feature set ([`Avx2`], [`Avx512`], …, [`Neon`]) is written once, in a
//! `feature_set!` line that emits both its witness type and its `*_fn!`
//! macro (one list for detection and `#[target_feature]`: see the
//! [module docs](super)).

use super::Backend;

/// Defines a witness type and its `*_fn!` macro from one feature list.
/// See the module docs.
#[cfg(any(target_arch = "x86", target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! feature_set {
    ($d:tt $(#[$doc:meta])* $token:ident $(as $backend:ident)?, $cpuid:ident, $fnmacro:ident, [$($f:tt),+]) => {
        #[allow(unsafe_code)] // cpufeatures' detection reads CPUID.
        mod $cpuid {
            cpufeatures::new!(inner, $($f),+);
            #[inline]
            pub(super) fn get() -> bool {
                inner::get()
            }
        }

        $(#[$doc])*
        ///
        /// A value exists only if run-time detection found every feature
        /// of [`Self::FEATURES`]; pass it to a safe wrapper around a
        /// function defined with the matching `*_fn!` macro.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $token(());

        impl $token {
            /// The `target_feature` names of this set.
            pub const FEATURES: &'static [&'static str] = &[$($f),+];

            /// [`masked_by_build`] of [`Self::FEATURES`], evaluated at
            /// compile time (`detect` is inlined where keys are set up per
            /// message: no string comparison at run time).
            const MASKED: bool = masked_by_build(Self::FEATURES);

            /// Whether every feature of this set is named in `flags`, a
            /// list of CPU flags separated by commas or spaces. CI exports
            /// the flags of its CPU (as `/proc/cpuinfo` names them) in
            /// `UHASH_EXPECT_X86`; tests use this to require that every
            /// backend the CPU has is really detected and run, on whatever
            /// machine CI lands.
            #[must_use]
            pub fn listed_in(flags: &str) -> bool {
                Self::FEATURES
                    .iter()
                    .all(|f| flags.split([',', ' ']).any(|g| g == *f))
            }

            /// Detect the features at run time (cached after the first call);
            /// `None` where the build masks this set ([`masked_by_build`]:
            /// `--cfg uhash_backend="soft"`, or `"avx2"` for an AVX-512 set).
            #[inline]
            #[must_use]
            pub fn detect() -> Option<Self> {
                if !Self::MASKED && $cpuid::get() {
                    Some(Self(()))
                } else {
                    None
                }
            }
        }

        $(
            impl super::Implementation for $token {
                const BACKEND: super::Backend = super::Backend::$backend;
                #[inline]
                fn detect() -> Option<Self> {
                    $token::detect()
                }
            }
        )?

        /// Wraps `unsafe fn` items (without generic parameters) with one `#[target_feature]` attribute per
        /// feature of the matching witness type's list.
        #[macro_export]
        macro_rules! $fnmacro {
            ($d(
                $d(#[$d m:meta])*
                $d v:vis unsafe fn $d name:ident ($d($d args:tt)*)
                $d(-> $d ret:ty)? $d body:block
            )+) => {
                $d(
                    $d(#[$d m])*
                    $(#[target_feature(enable = $f)])+
                    $d v unsafe fn $d name ($d($d args)*) $d(-> $d ret)? $d body
                )+
            };
        }
    };
}

// Portable backends: the witness types of code that runs on every CPU.
// Each is a unit value that `Implementation::detect` always finds (so a
// family's portable backend is one more `Implementation`, chosen by the
// same machinery as the SIMD ones).

/// Witness of [`Backend::Soft`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Soft;

impl Implementation for Soft {
    const BACKEND: Backend = Backend::Soft;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Soft32`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Soft32;

impl Implementation for Soft32 {
    const BACKEND: Backend = Backend::Soft32;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Float`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Float;

impl Implementation for Float {
    const BACKEND: Backend = Backend::Float;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Native`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Native;

impl Implementation for Native {
    const BACKEND: Backend = Backend::Native;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Fold`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fold;

impl Implementation for Fold {
    const BACKEND: Backend = Backend::Fold;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Words32`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words32;

impl Implementation for Words32 {
    const BACKEND: Backend = Backend::Words32;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Limbs16`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limbs16;

impl Implementation for Limbs16 {
    const BACKEND: Backend = Backend::Limbs16;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// Witness of [`Backend::Float16x32`]: portable code, found on every CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Float16x32;

impl Implementation for Float16x32 {
    const BACKEND: Backend = Backend::Float16x32;
    #[inline]
    fn detect() -> Option<Self> {
        Some(Self)
    }
}

/// A backend's witness type: which [`Backend`] it is and how to find it on
/// this CPU. A value exists only where the backend can run (CPU features
/// detected, assembly assembled), so a function that takes one needs no
/// further check. Families implement their kernel trait for these types;
/// [`crate::engine!`] chooses among them at run time.
pub trait Implementation: Copy + core::fmt::Debug + PartialEq + Eq + 'static {
    /// The name.
    const BACKEND: Backend;
    /// The witness, if this CPU and build can run the backend (cached
    /// detection; `None` under `--cfg uhash_backend="soft"` for everything
    /// but portable code, and under `--cfg uhash_backend="avx2"` for every
    /// backend that needs an AVX-512 extension).
    fn detect() -> Option<Self>;
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod x86 {
    use crate::backend::masked_by_build;
    feature_set!($
        /// Witness for BMI2 + ADX (`mulx`, `adcx`, `adox`).
        Mulx as Mulx, mulx_cpuid, mulx_fn, ["bmi2", "adx"]);
    feature_set!($
        /// Witness for AVX2.
        Avx2 as Avx2, avx2_cpuid, avx2_fn, ["avx2"]);
    feature_set!($
        /// Witness for AVX-512 F/BW/VL (and AVX2, which every AVX-512 CPU has).
        Avx512 as Avx512, avx512_cpuid, avx512_fn, ["avx512f", "avx512bw", "avx512vl", "avx2"]);
    feature_set!($
        /// Witness for AVX-512 IFMA on top of AVX-512 F/BW/VL.
        Ifma as Ifma, ifma_cpuid, ifma_fn, ["avx512ifma", "avx512f", "avx512bw", "avx512vl", "avx2"]);
    feature_set!($
        /// Witness for AVX-512 IFMA plus VBMI2 (`vpshrdq`/`vpshldq`
        /// concatenate-shifts) on top of AVX-512 F/BW/VL.
        IfmaVbmi2, ifma_vbmi2_cpuid, ifma_vbmi2_fn,
        ["avx512ifma", "avx512vbmi2", "avx512f", "avx512bw", "avx512vl", "avx2"]);
    feature_set!($
        /// Witness for AES-NI (`aesenc`, `aeskeygenassist`), which the MAC's
        /// per-message pad block uses directly.
        Aesni, aesni_cpuid, aesni_fn, ["aes", "sse2"]);
}
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
pub use x86::{Aesni, Avx2, Avx512, Ifma, IfmaVbmi2, Mulx};

#[cfg(target_arch = "aarch64")]
mod arm {
    use crate::backend::masked_by_build;
    feature_set!($
        /// Witness for AArch64 Advanced SIMD (NEON).
        Neon as Neon, neon_cpuid, neon_fn, ["neon"]);
}
#[cfg(target_arch = "aarch64")]
pub use arm::Neon;

/// The x86 witnesses against their feature lists (the only targets with
/// more than one feature set to tell apart).
#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    extern crate std;
    use super::*;
    use crate::Error;
    use crate::backend::{
        beyond_avx2, beyond_avx512, capped_at_avx2, capped_at_avx512, forced_soft, masked_by_build,
    };

    /// `Backend::x86_features` says what each witness type detects.
    #[test]
    fn backend_features_are_the_witness_lists() {
        assert_eq!(Backend::Mulx.x86_features(), Some(Mulx::FEATURES));
        assert_eq!(Backend::Avx2.x86_features(), Some(Avx2::FEATURES));
        assert_eq!(Backend::Avx512.x86_features(), Some(Avx512::FEATURES));
        assert_eq!(Backend::Ifma.x86_features(), Some(Ifma::FEATURES));
        assert_eq!(Backend::Soft.x86_features(), None);
        assert!(
            Backend::IfmaAsm
                .x86_listed_in("avx2 avx512f avx512bw avx512vl avx512ifma avx512vbmi2 bmi2 adx")
        );
        assert!(!Backend::IfmaAsm.x86_listed_in("avx2 avx512f avx512bw avx512vl avx512ifma"));
    }

    #[test]
    fn listed_in_needs_every_feature_of_the_set() {
        let zen3 = "fpu sse2 avx2 bmi2 adx aes vaes";
        assert!(Avx2::listed_in(zen3) && Mulx::listed_in(zen3) && Aesni::listed_in(zen3));
        assert!(!Avx512::listed_in(zen3) && !Ifma::listed_in(zen3));
        let ifma = "avx2,avx512f,avx512bw,avx512vl,avx512ifma";
        assert!(Avx512::listed_in(ifma) && Ifma::listed_in(ifma));
        assert!(!IfmaVbmi2::listed_in(ifma) && !Mulx::listed_in(ifma));
        // Whole names only: "avx512f" does not list "avx512".
        assert!(!Avx2::listed_in("avx") && !Avx2::listed_in(""));
    }

    #[test]
    fn detection_agrees_with_std() {
        // cpufeatures and std's detector must agree on every feature of every set.
        let std_has = |f: &str| match f {
            "avx2" => std::is_x86_feature_detected!("avx2"),
            "bmi2" => std::is_x86_feature_detected!("bmi2"),
            "adx" => std::is_x86_feature_detected!("adx"),
            "avx512f" => std::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
            "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
            "avx512ifma" => std::is_x86_feature_detected!("avx512ifma"),
            other => panic!("feature {other} missing from this test"),
        };
        let all = |fs: &[&str]| !masked_by_build(fs) && fs.iter().all(|f| std_has(f));
        assert_eq!(Mulx::detect().is_some(), all(Mulx::FEATURES));
        assert_eq!(Avx2::detect().is_some(), all(Avx2::FEATURES));
        assert_eq!(Avx512::detect().is_some(), all(Avx512::FEATURES));
        assert_eq!(Ifma::detect().is_some(), all(Ifma::FEATURES));
    }

    /// The AVX2 cap masks exactly the feature sets with an AVX-512
    /// extension; built with `--cfg uhash_backend="avx2"` on an AVX-512
    /// CPU, none of them is detected, and the sets an AVX2-only CPU has
    /// (AVX2, BMI2/ADX, AES-NI) still are where the CPU has them.
    #[test]
    fn avx2_cap_masks_every_avx512_set() {
        assert!(beyond_avx2(Avx512::FEATURES) && beyond_avx2(Ifma::FEATURES));
        assert!(beyond_avx2(IfmaVbmi2::FEATURES) && beyond_avx2(&["avx512vbmi2"]));
        assert!(!beyond_avx2(Avx2::FEATURES) && !beyond_avx2(Mulx::FEATURES));
        assert!(!beyond_avx2(Aesni::FEATURES) && !beyond_avx2(&["avx51", "avx", ""]));
        for b in Backend::ALL {
            let avx512 = b.x86_features().is_some_and(beyond_avx2);
            let want = matches!(
                b,
                Backend::Avx512 | Backend::Ifma | Backend::Avx512Asm | Backend::IfmaAsm
            );
            assert_eq!(avx512, want, "{b}");
        }
        if capped_at_avx2() {
            assert!(Avx512::detect().is_none() && Ifma::detect().is_none());
            assert!(IfmaVbmi2::detect().is_none());
            for b in [Backend::Avx512, Backend::Ifma] {
                assert_eq!(b.require(), Err(Error::UnsupportedBackend(b)));
            }
            let std_has = |f: &str| match f {
                "avx2" => std::is_x86_feature_detected!("avx2"),
                "bmi2" => std::is_x86_feature_detected!("bmi2"),
                "adx" => std::is_x86_feature_detected!("adx"),
                "aes" => std::is_x86_feature_detected!("aes"),
                "sse2" => std::is_x86_feature_detected!("sse2"),
                other => panic!("feature {other} missing from this test"),
            };
            let all = |fs: &[&str]| fs.iter().all(|f| std_has(f));
            assert_eq!(Avx2::detect().is_some(), all(Avx2::FEATURES));
            assert_eq!(Mulx::detect().is_some(), all(Mulx::FEATURES));
            assert_eq!(Aesni::detect().is_some(), all(Aesni::FEATURES));
        }
    }

    /// The AVX-512F cap masks exactly the feature sets with IFMA or VBMI2;
    /// built with `--cfg uhash_backend="avx512"` on an IFMA CPU, none of
    /// them is detected, and AVX-512 F/BW/VL and AVX2 still are. Given
    /// with `"avx2"` or `"soft"` as well, the lower cap wins.
    #[test]
    fn avx512_cap_masks_every_ifma_set() {
        assert!(beyond_avx512(Ifma::FEATURES) && beyond_avx512(IfmaVbmi2::FEATURES));
        assert!(beyond_avx512(&["avx512vbmi2"]) && !beyond_avx512(&["avx512dq"]));
        assert!(!beyond_avx512(Avx512::FEATURES) && !beyond_avx512(Avx2::FEATURES));
        // At most one cap holds: the portable path over AVX2 over AVX-512F.
        assert!(!(capped_at_avx512() && (capped_at_avx2() || forced_soft())));
        for b in Backend::ALL {
            let ifma = b.x86_features().is_some_and(beyond_avx512);
            assert_eq!(ifma, matches!(b, Backend::Ifma | Backend::IfmaAsm), "{b}");
        }
        if capped_at_avx512() {
            assert!(Ifma::detect().is_none() && IfmaVbmi2::detect().is_none());
            assert_eq!(
                Backend::Ifma.require(),
                Err(Error::UnsupportedBackend(Backend::Ifma))
            );
            let all = |fs: &[&str]| {
                fs.iter().all(|f| match *f {
                    "avx2" => std::is_x86_feature_detected!("avx2"),
                    "avx512f" => std::is_x86_feature_detected!("avx512f"),
                    "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
                    "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
                    other => panic!("feature {other} missing from this test"),
                })
            };
            assert_eq!(Avx512::detect().is_some(), all(Avx512::FEATURES));
            assert_eq!(Avx2::detect().is_some(), all(Avx2::FEATURES));
        }
    }
}
