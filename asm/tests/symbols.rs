//! The assembled archive of this build exports only symbols with the
//! versioned prefix `uhash_<major>_<minor>_` (run natively on x86-64, where
//! the host `nm` reads the archive; CI also runs `asm/check-symbols.sh`
//! over the cross builds), and `links` in Cargo.toml names the same
//! version.

/// `links = "uhash_asm_<major>_<minor>"` matches the version the symbol
/// prefix is derived from (`build.rs`), so two semver-compatible copies of
/// the crate cannot both link and two incompatible ones differ in symbols.
#[test]
fn links_and_prefix_name_the_version() {
    let manifest = include_str!("../Cargo.toml");
    let (major, minor) = (
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
    );
    let links = format!("links = \"uhash_asm_{major}_{minor}\"");
    assert!(manifest.contains(&links), "Cargo.toml lacks `{links}`");
    assert_eq!(uhash_asm::SYMBOL_PREFIX, format!("uhash_{major}_{minor}_"));
}

#[cfg(all(uhash_asm, target_arch = "x86_64"))]
#[test]
fn every_exported_symbol_is_prefixed() {
    let lib = concat!(env!("OUT_DIR"), "/libuhash_asm.a");
    let out = std::process::Command::new("nm")
        .args(["-g", "--defined-only", lib])
        .output()
        .expect("nm (binutils) must be installed to check the symbols");
    assert!(out.status.success(), "nm failed on {lib}");
    let text = String::from_utf8(out.stdout).expect("nm output is UTF-8");
    let syms: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f.len() >= 3).then(|| f[2])
        })
        .collect();
    assert!(syms.len() >= 6, "expected the x86-64 kernels, got {syms:?}");
    let prefix = uhash_asm::SYMBOL_PREFIX;
    for s in &syms {
        assert!(
            s.starts_with(prefix),
            "exported symbol without the {prefix} prefix: {s}"
        );
    }
    for k in [
        "mmh32_sum_avx2",
        "mmh32_sum_avx512",
        "nh_sum_avx2",
        "nh_sum_avx512",
        "dfc_module_mulx",
        "dfc_module_batch_mulx",
        "poly1305_ifma_vbmi2_groups",
        "poly1305_blocks_mulx",
        "digest_mw1_avx2",
        "digest_mw8_avx2",
    ] {
        let k = format!("{prefix}{k}");
        assert!(syms.contains(&k.as_str()), "{k} missing from {syms:?}");
    }
}

// With `cfg(uhash_asm)` the crate must say so.
#[cfg(uhash_asm)]
const _: () = assert!(uhash_asm::AVAILABLE);
