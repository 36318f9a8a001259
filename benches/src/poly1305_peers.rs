//! Poly1305 peers: RustCrypto `poly1305` 0.9 and OpenSSL 3 (`EVP_MAC`).
//!
//! Each in two modes: a long-term key (key set-up outside the timed loop)
//! and a fresh key per call (key set-up inside: Poly1305 is a one-time MAC,
//! so this is what a real user pays per message).
//!
//! This module is also the template for a family module: a `rows()`
//! function returning [`Row`]s whose factories capture their set-up state in
//! a closure handed to [`looped`].

use crate::{FreshKey, KeyMode, Row, long_term_key, looped};
use poly1305::Poly1305;
use poly1305::universal_hash::{KeyInit, UniversalHash};

/// The RFC 8439 Poly1305 tag of `msg` under `key`, computed by RustCrypto
/// `poly1305` from a keyed state.
///
/// Whole 16-byte blocks go through `update` (the crate's 4-block AVX2 fast
/// path), the tail through `compute_unpadded`; a lone
/// `Poly1305::new(key).compute_unpadded(msg)` gives the same tag but copies
/// every block through a one-block cache.
#[inline]
pub fn rustcrypto_mac(mut state: Poly1305, msg: &[u8]) -> [u8; 16] {
    let (blocks, tail) = msg.as_chunks::<16>();
    let blocks: &[poly1305::Block] = poly1305::Block::cast_slice_from_core(blocks);
    state.update(blocks);
    state.compute_unpadded(tail).into()
}

/// The Poly1305 rows.
pub fn rows() -> Vec<Row> {
    let rc = "RustCrypto poly1305 0.9 (default backend)";
    #[cfg_attr(not(uhash_bench_openssl), allow(unused_mut))]
    let mut rows = vec![
        Row::new(
            "poly1305",
            "Poly1305",
            rc,
            "rustcrypto",
            KeyMode::LongTerm,
            |_len| {
                let keyed = Poly1305::new(&long_term_key().into());
                looped(move |m: &[u8]| rustcrypto_mac(keyed.clone(), m))
            },
        )
        .stream_in_quick(),
        Row::new(
            "poly1305",
            "Poly1305",
            rc,
            "rustcrypto",
            KeyMode::FreshPerCall,
            |_len| {
                let mut keys = FreshKey::new(1);
                looped(move |m: &[u8]| rustcrypto_mac(Poly1305::new(&(*keys.next_key()).into()), m))
            },
        ),
    ];
    #[cfg(uhash_bench_openssl)]
    if crate::openssl::Poly1305::new().is_ok() {
        let ossl = format!("OpenSSL {} EVP_MAC", crate::openssl::short_version());
        let new_ctx = || crate::openssl::Poly1305::new().expect("worked before");
        rows.push(
            Row::new(
                "poly1305",
                "Poly1305",
                ossl.clone(),
                "openssl",
                KeyMode::LongTerm,
                move |_len| {
                    let mut ctx = new_ctx();
                    let key = long_term_key();
                    looped(move |m: &[u8]| ctx.mac(&key, m))
                },
            )
            .stream_in_quick(),
        );
        rows.push(Row::new(
            "poly1305",
            "Poly1305",
            ossl,
            "openssl",
            KeyMode::FreshPerCall,
            move |_len| {
                let mut ctx = new_ctx();
                let mut keys = FreshKey::new(2);
                looped(move |m: &[u8]| ctx.mac(keys.next_key(), m))
            },
        ));
    }
    rows
}
