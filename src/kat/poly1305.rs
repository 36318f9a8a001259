//! The `--impl production` handlers of the `poly1305-aes` crate's names:
//! `poly1305` (RFC 8439 one-time key r ‖ s, r clamped) and `poly1305_aes`
//! (the paper's key k ‖ r, an r with clamped bits set is an error; 16-byte
//! nonce). Layouts and length checks are those of the reference handlers;
//! the fastest backend of the CPU computes.

use poly1305_aes::{Nonce, Poly1305, Poly1305Aes};

use super::Call;
use super::reference::key_bytes;

type Answer = Result<Vec<u8>, String>;

/// `poly1305`: key = r ‖ s (32 bytes); any message; out the 16-byte tag.
pub(super) fn poly1305(call: &Call) -> Answer {
    let key: [u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    Ok(Poly1305::mac(&key, &call.msg).to_vec())
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
    let mac = Poly1305Aes::new(&key).map_err(|e| e.to_string())?;
    Ok(mac
        .authenticate(&Nonce::from_bytes(nonce), &call.msg)
        .to_vec())
}
