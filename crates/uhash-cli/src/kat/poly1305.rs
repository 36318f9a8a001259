//! The `--impl production` handlers of the `poly1305-aes` crate's names:
//! `poly1305` (RFC 8439 one-time key r ‖ s, r clamped) and `poly1305_aes`
//! (the paper's key k ‖ r, an r with clamped bits set is an error; 16-byte
//! nonce). Layouts and length checks are those of the reference handlers;
//! the fastest backend of the CPU (or the `--backend` one) computes.

use uhash::poly1305_aes::{Nonce, Poly1305, Poly1305Aes};

use uhash_ref::poly1305 as p1305;

use super::decode::{key_bytes, ref_err};
use super::{Answer, Call, Engines, FnEntry, unsupported};

/// The rows of this family in the dispatch table.
pub(super) static ROWS: &[FnEntry] = &[
    FnEntry {
        name: "poly1305",
        aliases: &["poly1305_rfc8439"],
        params: &[],
        nonce: false,
        engines: Engines::Poly1305,
        reference: Some(poly1305_reference),
        production: Some(poly1305),
    },
    FnEntry {
        name: "poly1305_aes",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: Engines::Poly1305,
        reference: Some(poly1305_aes_reference),
        production: Some(poly1305_aes),
    },
];

/// `poly1305`: key = r ‖ s (32 bytes, RFC 8439 layout, r clamped by the
/// function); message any bytes; out the 16-byte tag.
pub(super) fn poly1305_reference(call: &Call) -> Answer {
    let key: &[u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    Ok(p1305::poly1305(key, &call.msg).to_vec())
}

/// `poly1305_aes`: key = k ‖ r (16 + 16 bytes, the paper's layout; an r
/// outside the paper's constraints is an error), nonce 16 bytes; out the
/// 16-byte authenticator.
pub(super) fn poly1305_aes_reference(call: &Call) -> Answer {
    let key = key_bytes(call, 32)?;
    let (k, r) = key.split_at(16);
    let nonce = call.nonce.as_deref().unwrap_or_default();
    let nonce: &[u8; 16] = nonce
        .try_into()
        .map_err(|_| format!("nonce must be 16 bytes, got {}", nonce.len()))?;
    let k: &[u8; 16] = k
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let r: &[u8; 16] = r
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    p1305::poly1305_aes(k, r, nonce, &call.msg)
        .map(|tag| tag.to_vec())
        .map_err(ref_err)
}

/// `poly1305`: key = r ‖ s (32 bytes); any message; out the 16-byte tag.
pub(super) fn poly1305(call: &Call) -> Answer {
    let key: [u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let tag = match call.backend {
        None => Poly1305::mac(&key, &call.msg),
        Some(b) => Poly1305::new_with_backend(&key, b)
            .map_err(|_| unsupported(b))?
            .compute_unpadded(&call.msg),
    };
    Ok(tag.to_vec())
}

/// `poly1305_aes`: key = k ‖ r (32 bytes), nonce 16 bytes; out the
/// 16-byte authenticator.
pub(super) fn poly1305_aes(call: &Call) -> Answer {
    let key: [u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let nonce = call.nonce.as_deref().unwrap_or_default();
    let nonce: [u8; 16] = nonce
        .try_into()
        .map_err(|_| format!("nonce must be 16 bytes, got {}", nonce.len()))?;
    let mut mac = Poly1305Aes::new(&key).map_err(|e| e.to_string())?;
    if let Some(b) = call.backend {
        mac = mac.with_backend(b).map_err(|_| unsupported(b))?;
    }
    Ok(mac
        .authenticate(&Nonce::from_bytes(nonce), &call.msg)
        .as_bytes()
        .to_vec())
}
