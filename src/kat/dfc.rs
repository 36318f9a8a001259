//! The `--impl production` handlers of the DFC names, from `dfc-decorr`.
//! Layouts and checks are those of the reference handlers (the argument
//! decoding is shared with them).

use super::Call;
use super::reference::{dfc_key, dfc_module_args};

type Answer = Result<Vec<u8>, String>;

/// `dfc_module` with the default strategy (`dfc_decorr::module::module`).
pub(super) fn module(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    Ok(dfc_decorr::module::module(a, b, x).to_le_bytes().to_vec())
}

/// `dfc_hash` with `dfc_decorr::DfcHash`.
pub(super) fn hash(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    let mut h = dfc_decorr::DfcHash::from_parts(a, b);
    h.update(&call.msg);
    Ok(h.finalize().to_le_bytes().to_vec())
}

/// The key (1..=32 bytes, used whole: DFC keys have any length up to 256
/// bits, so the prefix rule does not apply) and the 16-byte block of a
/// `dfc_encrypt` call.
pub(super) fn cipher_args(call: &Call) -> Result<(&[u8], [u8; 16]), String> {
    if call.key.is_empty() || call.key.len() > 32 {
        return Err(format!(
            "DFC keys are 1 to 32 bytes, got {}",
            call.key.len()
        ));
    }
    let block: [u8; 16] = call.msg.as_slice().try_into().map_err(|_| {
        format!(
            "message must be exactly one 16-byte block, got {} bytes",
            call.msg.len()
        )
    })?;
    Ok((&call.key, block))
}

/// `dfc_encrypt` with `dfc_decorr::cipher::Dfc` (big-endian blocks, as NIST).
pub(super) fn encrypt(call: &Call) -> Answer {
    let (key, block) = cipher_args(call)?;
    let dfc = dfc_decorr::cipher::Dfc::new_from_key(key).map_err(|e| e.to_string())?;
    Ok(dfc.encrypt_block_be(&block).to_vec())
}

/// `dfc_encrypt` with the reference cipher `uhash_ref::dfc::dfc_encrypt`
/// (constants derived from e at run time).
pub(super) fn encrypt_reference(call: &Call) -> Answer {
    let (key, block) = cipher_args(call)?;
    uhash_ref::dfc::dfc_encrypt(key, &block)
        .map(|b| b.to_vec())
        .map_err(super::reference::ref_err)
}
