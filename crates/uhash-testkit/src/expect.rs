//! Which backends this CPU and build must run, as CI states it: a backend
//! the machine has but a test skips is a failure, not a pass.
//!
//! * `UHASH_EXPECT_X86`: the CPU's flags as `/proc/cpuinfo` names them
//!   (comma- or space-separated; `.ci/run` exports them). Every x86-64
//!   backend whose features are all listed (`Backend::x86_listed_in`) must be
//!   supported.
//! * `UHASH_EXPECT_ASM`: set where the assembly layer was built (`--features
//!   asm` and an assembler): the family's assembly backends for this
//!   architecture and CPU must be supported.
//!
//! Neither applies under `--cfg uhash_backend="soft"`, which turns every
//! accelerated backend off on purpose, and neither requires an AVX-512
//! backend under `--cfg uhash_backend="avx2"` (an IFMA one under `"avx512"`),
//! which masks them (`uhash_base::backend::masked_by_build`).

use uhash_base::Backend;

/// Whether CI requires `b` here: its x86-64 features are all in
/// `UHASH_EXPECT_X86`, and for an assembly backend `UHASH_EXPECT_ASM` is
/// set. Portable and non-x86 backends are never required by the flags
/// (they are required by [`assert_supported`]'s `always` list).
#[must_use]
pub fn required(b: Backend) -> bool {
    if uhash_base::backend::forced_soft()
        || b.x86_features()
            .is_some_and(uhash_base::backend::masked_by_build)
    {
        return false;
    }
    let flags = std::env::var("UHASH_EXPECT_X86").unwrap_or_default();
    let asm = std::env::var_os("UHASH_EXPECT_ASM").is_some();
    let on_x86 = cfg!(target_arch = "x86_64") && b.x86_listed_in(&flags);
    match b {
        Backend::Asm => false,
        _ if b.is_asm() => asm && (on_x86 || asm_backend_of_this_arch(b)),
        _ => on_x86,
    }
}

/// The assembly backends of non-x86 architectures that need no run-time
/// feature beyond the architecture itself (every AArch64 Linux CPU has
/// NEON).
fn asm_backend_of_this_arch(b: Backend) -> bool {
    match b {
        Backend::Aarch64Asm | Backend::NeonAsm => {
            cfg!(all(target_arch = "aarch64", target_endian = "little"))
        }
        Backend::Armv4Asm => cfg!(all(target_arch = "arm", target_endian = "little")),
        _ => false,
    }
}

/// Fails unless every backend of `offered` (a family's `BACKENDS`) that CI
/// requires here ([`required`]) is in `supported` (its `all_supported()`
/// backends). Returns how many of `offered` are supported, for the
/// caller's own message.
pub fn assert_supported(family: &str, offered: &[Backend], supported: &[Backend]) -> usize {
    for &b in offered {
        assert!(
            !required(b) || supported.contains(&b),
            "{family}: backend {b} is required here (UHASH_EXPECT_X86 / UHASH_EXPECT_ASM) \
             but not supported by this build"
        );
    }
    offered.iter().filter(|b| supported.contains(b)).count()
}

/// Fails if `default` (a family's default backend, from `detect()`) is one
/// this build masks ([`uhash_base::backend::masked_by_build`]): under
/// `--cfg uhash_backend="avx2"` every family must pick the backend it picks
/// on an AVX2-only CPU, under `"avx512"` the one it picks on an AVX-512 CPU
/// without IFMA. Checks nothing in other builds.
pub fn assert_within_cap(family: &str, default: Backend) {
    assert!(
        !default
            .x86_features()
            .is_some_and(uhash_base::backend::masked_by_build),
        "{family}: default backend {default} needs a feature this build masks \
         (--cfg uhash_backend=\"avx2\" or \"avx512\")"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_and_portable_are_never_required_by_flags() {
        assert!(!required(Backend::Asm));
        assert!(!required(Backend::Soft));
        assert_eq!(assert_supported("none", &[], &[]), 0);
    }
}
