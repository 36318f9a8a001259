//! The `--impl production` handlers of the DFC names, from `dfc-decorr`
//! (`--backend`: a module strategy for `dfc_module` and `dfc_encrypt`, a
//! `CipherEngine` backend for `dfc_encrypt`; `dfc_hash` has one
//! implementation).
//! Layouts and checks are those of the reference handlers (the argument
//! decoding is shared with them).

use uhash_ref::dfc as rdfc;

use super::backends;
use super::decode::{key_bytes, ref_err, word64};
use super::{Answer, Call, Engines, FnEntry};

/// The rows of this family in the dispatch table.
pub(super) static ROWS: &[FnEntry] = &[
    FnEntry {
        name: "dfc_module",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: Engines::DfcModule,
        reference: Some(module_reference),
        production: Some(module),
    },
    FnEntry {
        name: "dfc_hash",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: Engines::None,
        reference: Some(hash_reference),
        production: Some(hash),
    },
    FnEntry {
        name: "dfc_encrypt",
        aliases: &["dfc_v1_encrypt"],
        params: &[],
        nonce: false,
        engines: Engines::DfcCipher,
        reference: Some(encrypt_reference),
        production: Some(encrypt),
    },
];

/// The key (a, b) of the DFC names: the first 16 bytes, a ‖ b, each 8 bytes LE.
pub(super) fn dfc_key(call: &Call) -> Result<(u64, u64), String> {
    let (a, b) = key_bytes(call, 16)?.split_at(8);
    Ok((word64(a), word64(b)))
}

/// (a, b, x) of a `dfc_module` call: the key as [`dfc_key`], the message
/// exactly 8 bytes, x LE.
pub(super) fn dfc_module_args(call: &Call) -> Result<(u64, u64, u64), String> {
    let (a, b) = dfc_key(call)?;
    if call.msg.len() != 8 {
        return Err(format!(
            "message must be exactly 8 bytes (one 64-bit word x), got {}",
            call.msg.len()
        ));
    }
    Ok((a, b, word64(&call.msg)))
}

/// `dfc_module`: key = a ‖ b (8 bytes each, LE), message x (8 bytes LE);
/// out ((a·x + b) mod (2^64 + 13)) mod 2^64, 8 bytes LE.
pub(super) fn module_reference(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    Ok(rdfc::dfc_module(a, b, x).to_le_bytes().to_vec())
}

/// `dfc_hash`: key = a ‖ b (8 bytes each, LE), message any bytes; out the
/// Horner hash ((a·acc + b) mod (2^64 + 13)) mod 2^64, 8 bytes LE.
pub(super) fn hash_reference(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    Ok(rdfc::horner_hash(a, b, &call.msg).to_le_bytes().to_vec())
}

/// `dfc_module` with the default strategy (`uhash::dfc_decorr::module::module`)
/// or the `--backend` one (`uhash::dfc_decorr::module_with`).
pub(super) fn module(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    let y = match call.backend {
        None => uhash::dfc_decorr::module::module(a, b, x),
        Some(_) => uhash::dfc_decorr::module_with(backends::dfc_module(call)?, a, b, x),
    };
    Ok(y.to_le_bytes().to_vec())
}

/// `dfc_hash` with `uhash::dfc_decorr::DfcHash`.
pub(super) fn hash(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    let mut h = uhash::dfc_decorr::DfcHash::from_parts(a, b);
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

/// `dfc_encrypt` with `uhash::dfc_decorr::cipher::Dfc` (big-endian blocks, as
/// NIST): the `--backend` one of its `CipherEngine`, or with a module
/// strategy (`native`, `fold`, …) the cipher whose key schedule and rounds
/// run that strategy.
pub(super) fn encrypt(call: &Call) -> Answer {
    use uhash::dfc_decorr::cipher::{CipherEngine, Dfc};
    let (key, block) = cipher_args(call)?;
    let err = |e: uhash::dfc_decorr::Error| e.to_string();
    let dfc = Dfc::new_from_key(key).map_err(err)?;
    let ct = match call.backend {
        None => dfc.encrypt_block_be(&block),
        Some(b) => match CipherEngine::new(b) {
            Ok(engine) => dfc.with_engine(engine).encrypt_block_be(&block),
            Err(_) => Dfc::new_from_key_with(key, backends::dfc_module(call)?)
                .map_err(err)?
                .encrypt_block_be(&block),
        },
    };
    Ok(ct.to_vec())
}

/// `dfc_encrypt` with the reference cipher `uhash_ref::dfc::dfc_encrypt`
/// (constants derived from e at run time).
pub(super) fn encrypt_reference(call: &Call) -> Answer {
    let (key, block) = cipher_args(call)?;
    uhash_ref::dfc::dfc_encrypt(key, &block)
        .map(|b| b.to_vec())
        .map_err(ref_err)
}
