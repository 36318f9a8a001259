//! The `uhash kat` handlers of RFC 4418 UMAC: `umac32`, `umac64`, `umac96`,
//! `umac128` (records shaped like `umac*_rfc4418.jsonl`: `key` the 16-byte
//! K — a longer key is used by its prefix —, `nonce` the raw 1 to 16 bytes,
//! `msg` the whole message; answer `{"out":TAG}`, 4/8/12/16 bytes; no
//! params). `reference` answers from `uhash_ref::umac`, `production` from
//! the `umac` crate (the fastest NH backend of the CPU, or the `--backend`
//! one of `uhash::mmh::Engine32`); both check the
//! lengths first and give the same answer to every record, errors
//! included.

use uhash_ref::umac as reference_umac;
use uhash::umac::{Umac32, Umac64, Umac96, Umac128, UmacNonce};

use super::backends;
use super::decode::key_bytes;
use super::{Answer, Call, Engines, FnEntry};

/// The rows of this family in the dispatch table.
pub(super) static ROWS: &[FnEntry] = &[
    FnEntry {
        name: "umac32",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: Engines::Mmh32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac64",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: Engines::Mmh32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac96",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: Engines::Mmh32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac128",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: Engines::Mmh32,
        reference: Some(reference),
        production: Some(production),
    },
];

/// The tag length of the record's name.
fn taglen(call: &Call) -> Result<usize, String> {
    match call.name {
        "umac32" => Ok(4),
        "umac64" => Ok(8),
        "umac96" => Ok(12),
        "umac128" => Ok(16),
        other => Err(format!("internal error: '{other}' is not a UMAC name")),
    }
}

/// The checked inputs: the 16-byte key and the 1- to 16-byte nonce.
fn inputs(call: &Call) -> Result<([u8; 16], &[u8]), String> {
    let key: [u8; 16] = key_bytes(call, 16)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let nonce = call.nonce.as_deref().unwrap_or_default();
    if nonce.is_empty() || nonce.len() > 16 {
        return Err(format!("nonce must be 1 to 16 bytes, got {}", nonce.len()));
    }
    Ok((key, nonce))
}

/// `umac32`/`umac64`/`umac96`/`umac128` from the big-integer reference.
pub(super) fn reference(call: &Call) -> Answer {
    let t = taglen(call)?;
    let (key, nonce) = inputs(call)?;
    reference_umac::umac(&key, nonce, &call.msg, t).map_err(|e| e.to_string())
}

/// `umac32`/`umac64`/`umac96`/`umac128` from the `umac` crate.
pub(super) fn production(call: &Call) -> Answer {
    let t = taglen(call)?;
    let (key, nonce) = inputs(call)?;
    let n = UmacNonce::from_slice(nonce).map_err(|e| e.to_string())?;
    let msg = &call.msg;
    let e = backends::mmh32(call)?;
    // The key takes nonces of this call's length (a UMAC key fixes one).
    let len = nonce.len();
    let tag = match t {
        4 => Umac32::new_with_engine(&key, e)
            .for_nonce_len(len)
            .and_then(|m| m.authenticate(&n, msg))
            .map(|t| t.as_bytes().to_vec()),
        8 => Umac64::new_with_engine(&key, e)
            .for_nonce_len(len)
            .and_then(|m| m.authenticate(&n, msg))
            .map(|t| t.as_bytes().to_vec()),
        12 => Umac96::new_with_engine(&key, e)
            .for_nonce_len(len)
            .and_then(|m| m.authenticate(&n, msg))
            .map(|t| t.as_bytes().to_vec()),
        _ => Umac128::new_with_engine(&key, e)
            .for_nonce_len(len)
            .and_then(|m| m.authenticate(&n, msg))
            .map(|t| t.as_bytes().to_vec()),
    };
    tag.map_err(|e| e.to_string())
}
