//! The assembled archive of this build exports only `uhash_`-prefixed
//! symbols (run natively on x86-64, where the host `nm` reads the archive;
//! CI also runs `asm/check-symbols.sh` over the cross builds).
#![cfg(all(uhash_asm, target_arch = "x86_64"))]

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
    for s in &syms {
        assert!(
            s.starts_with("uhash_"),
            "exported symbol without the uhash_ prefix: {s}"
        );
    }
    for k in [
        "uhash_mmh32_sum_avx2",
        "uhash_mmh32_sum_avx512",
        "uhash_nh_sum_avx2",
        "uhash_nh_sum_avx512",
        "uhash_dfc_module_mulx",
        "uhash_dfc_module_batch_mulx",
        "uhash_poly1305_ifma_vbmi2_groups",
        "uhash_poly1305_blocks_mulx",
        "uhash_digest_mw1_avx2",
        "uhash_digest_mw8_avx2",
    ] {
        assert!(syms.contains(&k), "{k} missing from {syms:?}");
    }
}

// With `cfg(uhash_asm)` the crate must say so.
const _: () = assert!(uhash_asm::AVAILABLE && uhash_asm::x86_64::KERNELS.is_some());
