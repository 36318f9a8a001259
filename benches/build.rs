//! Finds OpenSSL 3's libcrypto for the OpenSSL peer rows.
//!
//! When building for the host and `pkg-config` reports `libcrypto >= 3.0`,
//! links it and sets `cfg(uhash_bench_openssl)`; otherwise (cross builds, no
//! libssl-dev, `UHASH_BENCH_NO_OPENSSL` set) the OpenSSL rows and tests are
//! compiled out and a warning says so. Also records `rustc -V` for the
//! summary header.

use std::env;
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(uhash_bench_openssl)");
    println!("cargo::rerun-if-changed=build.rs");
    for var in [
        "UHASH_BENCH_NO_OPENSSL",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
    ] {
        println!("cargo::rerun-if-env-changed={var}");
    }

    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown rustc".into(), |s| s.trim().to_owned());
    println!("cargo::rustc-env=UHASH_BENCH_RUSTC={version}");

    match find_libcrypto() {
        Ok(libs) => {
            for flag in libs.split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo::rustc-link-search=native={dir}");
                } else if let Some(lib) = flag.strip_prefix("-l") {
                    println!("cargo::rustc-link-lib={lib}");
                }
            }
            println!("cargo::rustc-cfg=uhash_bench_openssl");
        }
        Err(why) => println!("cargo::warning=OpenSSL peer rows disabled: {why}"),
    }
}

fn find_libcrypto() -> Result<String, String> {
    if env::var_os("UHASH_BENCH_NO_OPENSSL").is_some() {
        return Err("UHASH_BENCH_NO_OPENSSL is set".into());
    }
    if env::var("TARGET").ok() != env::var("HOST").ok() {
        return Err("cross build (the OpenSSL peer is host-only)".into());
    }
    let pkg_config = |args: &[&str]| Command::new("pkg-config").args(args).output();
    match pkg_config(&["--atleast-version=3.0", "libcrypto"]) {
        Ok(o) if o.status.success() => {}
        Ok(_) => return Err("pkg-config finds no libcrypto >= 3.0 (install libssl-dev)".into()),
        Err(e) => return Err(format!("cannot run pkg-config: {e}")),
    }
    let out = pkg_config(&["--libs", "libcrypto"]).map_err(|e| e.to_string())?;
    String::from_utf8(out.stdout).map_err(|e| e.to_string())
}
