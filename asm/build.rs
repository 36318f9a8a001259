//! Assembles the current target's kernels when the `asm` feature is on.
//!
//! * Only `CARGO_FEATURE_ASM` builds anything: without it no assembler is
//!   looked for and the crate declares nothing.
//! * Only the current target's directory is compiled: `x86_64/` (System V),
//!   `aarch64/` (AAPCS64), `armv4/` (AAPCS, ARM state), on little-endian
//!   ELF targets (see `target_dir`).
//! * On success `cfg(uhash_asm)` is set for this crate, which then declares
//!   the kernels and sets `AVAILABLE` and its per-architecture kernel tables;
//!   the family crates read those constants and need no cfg of their own.
//! * Every exported symbol carries the prefix `uhash_<major>_<minor>_`
//!   (from this crate's version, here and nowhere else): the assembler gets
//!   it as `UHASH_PREFIX`, the Rust declarations as the environment
//!   variable `UHASH_ASM_PREFIX` (`link_name`). Two semver-incompatible
//!   versions of the crate thus link into one binary; `links` in
//!   `Cargo.toml` keeps two compatible ones from doing so.
//! * When the assembler is missing or fails, a `cargo::warning` is printed
//!   and the Rust paths are used — unless `UHASH_CI=1`, where the build
//!   fails instead (CI must never silently test the fallback).

#[cfg(feature = "asm")]
use std::env;
#[cfg(feature = "asm")]
use std::path::{Path, PathBuf};

/// `uhash_<major>_<minor>_`: the prefix of every exported symbol.
fn prefix() -> String {
    let v = |k: &str| std::env::var(k).expect("set by cargo");
    format!(
        "uhash_{}_{}_",
        v("CARGO_PKG_VERSION_MAJOR"),
        v("CARGO_PKG_VERSION_MINOR")
    )
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(uhash_asm)");
    println!("cargo::rustc-env=UHASH_ASM_PREFIX={}", prefix());
    println!("cargo::rerun-if-env-changed=UHASH_CI");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=include");
    // `CARGO_FEATURE_ASM` and `cfg(feature = "asm")` (which also gates the
    // `cc` build-dependency) say the same thing; nothing else is built.
    #[cfg(feature = "asm")]
    if env::var_os("CARGO_FEATURE_ASM").is_some() {
        build();
    }
}

#[cfg(feature = "asm")]
/// The kernel directory of the target being built, if it has one: ELF
/// targets only (Linux, the BSDs, Android, bare metal), little-endian, and
/// for `arm` only cores that execute ARM (A32) code — not the Thumb-only
/// M profile.
fn target_dir() -> Option<&'static str> {
    let var = |k: &str| env::var(k).unwrap_or_default();
    let arch = var("CARGO_CFG_TARGET_ARCH");
    let os = var("CARGO_CFG_TARGET_OS");
    let elf = matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "none"
    );
    let little = var("CARGO_CFG_TARGET_ENDIAN") == "little";
    let mclass = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "mclass");
    if !elf || !little {
        return None;
    }
    match arch.as_str() {
        "x86_64" => Some("x86_64"),
        "aarch64" => Some("aarch64"),
        "arm" if !mclass => Some("armv4"),
        _ => None,
    }
}

#[cfg(feature = "asm")]
fn build() {
    let ci = env::var("UHASH_CI").is_ok_and(|v| v == "1");
    let Some(dir) = target_dir() else {
        // Not an error even in CI: the feature is simply empty here.
        println!(
            "cargo::warning=uhash-asm: no kernels for this target; the Rust backends are used"
        );
        return;
    };
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // The directory itself: cargo then rescans it, so that a kernel file
    // added or removed (not only one edited) rebuilds the archive.
    println!("cargo::rerun-if-changed={}", root.join(dir).display());
    let files = sources(&root.join(dir));
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
    }
    let mut b = cc::Build::new();
    b.include(root.join("include"))
        .define("UHASH_PREFIX", prefix().as_str())
        .files(&files)
        .cargo_warnings(false);
    match b.try_compile("uhash_asm") {
        Ok(()) => println!("cargo::rustc-cfg=uhash_asm"),
        Err(e) => {
            let msg = format!(
                "uhash-asm: could not assemble the {dir} kernels ({e}); the Rust backends are used"
            );
            if ci {
                panic!("{msg} (UHASH_CI=1)");
            }
            println!("cargo::warning={msg}");
        }
    }
}

/// The `.S` files of one directory, sorted.
#[cfg(feature = "asm")]
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("kernel directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "S"))
        .collect();
    v.sort();
    v
}
