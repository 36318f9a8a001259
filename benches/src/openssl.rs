//! OpenSSL 3's Poly1305 through the system libcrypto (`EVP_MAC`).
//!
//! A hand-written `extern` block rather than `openssl-sys`: five functions
//! are all we call, `openssl-sys`'s coverage of the OpenSSL 3 `EVP_MAC` API
//! is not the point of this crate, and its build script would add one more
//! probe of the system to keep in sync. `build.rs` finds libcrypto >= 3.0 with
//! `pkg-config` and compiles this module only when it does.

use core::ffi::{c_char, c_int, c_ulong, c_void};
use core::ptr::{self, NonNull};
use std::ffi::CStr;

/// Opaque `EVP_MAC`.
#[repr(C)]
struct EvpMac {
    _opaque: [u8; 0],
}

/// Opaque `EVP_MAC_CTX`.
#[repr(C)]
struct EvpMacCtx {
    _opaque: [u8; 0],
}

// SAFETY: these declarations match OpenSSL 3's <openssl/evp.h> and
// <openssl/crypto.h>; build.rs only links this module against libcrypto >= 3.0.
unsafe extern "C" {
    fn EVP_MAC_fetch(
        libctx: *mut c_void,
        algorithm: *const c_char,
        properties: *const c_char,
    ) -> *mut EvpMac;
    fn EVP_MAC_free(mac: *mut EvpMac);
    fn EVP_MAC_CTX_new(mac: *mut EvpMac) -> *mut EvpMacCtx;
    fn EVP_MAC_CTX_free(ctx: *mut EvpMacCtx);
    fn EVP_MAC_init(
        ctx: *mut EvpMacCtx,
        key: *const u8,
        keylen: usize,
        params: *const c_void,
    ) -> c_int;
    fn EVP_MAC_update(ctx: *mut EvpMacCtx, data: *const u8, datalen: usize) -> c_int;
    fn EVP_MAC_final(ctx: *mut EvpMacCtx, out: *mut u8, outl: *mut usize, outsize: usize) -> c_int;
    fn OpenSSL_version(t: c_int) -> *const c_char;
    fn OpenSSL_version_num() -> c_ulong;
}

/// The linked libcrypto's version string, e.g. `OpenSSL 3.0.13 30 Jan 2024`.
pub fn version() -> String {
    // SAFETY: OpenSSL_version(OPENSSL_VERSION = 0) returns a pointer to a
    // static NUL-terminated string.
    let s = unsafe { CStr::from_ptr(OpenSSL_version(0)) };
    s.to_string_lossy().into_owned()
}

/// Short version for labels, e.g. `3.0.13`.
pub fn short_version() -> String {
    version()
        .split_whitespace()
        .nth(1)
        .unwrap_or("?")
        .to_owned()
}

/// A Poly1305 `EVP_MAC_CTX`, created once and re-initialised with a key for
/// every message (OpenSSL's Poly1305 refuses to be re-initialised without a
/// key: the key is one-time by design, so a long-term key is simply passed
/// again).
pub struct Poly1305 {
    mac: NonNull<EvpMac>,
    ctx: NonNull<EvpMacCtx>,
}

impl Poly1305 {
    /// Fetches the `POLY1305` MAC from the default library context.
    ///
    /// # Errors
    /// If libcrypto is older than 3.0 or no provider offers Poly1305.
    pub fn new() -> Result<Poly1305, String> {
        // SAFETY: no arguments; returns a number.
        if unsafe { OpenSSL_version_num() } < 0x3000_0000 {
            return Err(format!("{} is older than OpenSSL 3", version()));
        }
        // SAFETY: NULL library context and properties select the defaults;
        // the algorithm name is a NUL-terminated string.
        let mac = unsafe { EVP_MAC_fetch(ptr::null_mut(), c"POLY1305".as_ptr(), ptr::null()) };
        let mac = NonNull::new(mac).ok_or("EVP_MAC_fetch(POLY1305) failed")?;
        // SAFETY: `mac` is a valid EVP_MAC.
        let ctx = unsafe { EVP_MAC_CTX_new(mac.as_ptr()) };
        let Some(ctx) = NonNull::new(ctx) else {
            // SAFETY: `mac` came from EVP_MAC_fetch and is freed once.
            unsafe { EVP_MAC_free(mac.as_ptr()) };
            return Err("EVP_MAC_CTX_new failed".into());
        };
        Ok(Poly1305 { mac, ctx })
    }

    /// The Poly1305 tag of `msg` under the one-time key `key` (RFC 8439).
    ///
    /// # Panics
    /// If OpenSSL reports an error.
    #[inline]
    pub fn mac(&mut self, key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        let ctx = self.ctx.as_ptr();
        let mut tag = [0u8; 16];
        let mut len = 0usize;
        // SAFETY: `ctx` is a live Poly1305 context; key, message and tag
        // pointers are valid for the lengths passed; params may be NULL.
        let ok = unsafe {
            EVP_MAC_init(ctx, key.as_ptr(), key.len(), ptr::null()) == 1
                && EVP_MAC_update(ctx, msg.as_ptr(), msg.len()) == 1
                && EVP_MAC_final(ctx, tag.as_mut_ptr(), &mut len, tag.len()) == 1
        };
        assert!(ok && len == 16, "OpenSSL EVP_MAC Poly1305 failed");
        tag
    }
}

impl Drop for Poly1305 {
    fn drop(&mut self) {
        // SAFETY: both pointers are live and owned by `self`; each is freed
        // exactly once, the context before the MAC it references.
        unsafe {
            EVP_MAC_CTX_free(self.ctx.as_ptr());
            EVP_MAC_free(self.mac.as_ptr());
        }
    }
}
