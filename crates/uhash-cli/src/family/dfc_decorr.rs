//! `dfc-decorr` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! The `--impl production` handlers of the DFC names, from `dfc-decorr`
//! (`--backend`: a module strategy for `dfc_module` and `dfc_encrypt`, a
//! `CipherEngine` backend for `dfc_encrypt`; `dfc_hash` has one
//! implementation).
//! Layouts and checks are those of the reference handlers (the argument
//! decoding is shared with them).

use uhash_ref::dfc as rdfc;

use crate::kat::backends::Engines;
use crate::kat::decode::{key_bytes, ref_err, word64};
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::long::no_nonce;
use crate::alg::row::{Alg, Keyed, Kind, Stream};
use crate::alg::wegman_carter::WcAlg;
use crate::kat::backends;
use uhash::base::Error;
use uhash::base::error::key_array;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "dfc_module",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: MODULE,
        reference: Some(module_reference),
        production: Some(module),
    },
    FnEntry {
        name: "dfc_hash",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: Engines::NONE,
        reference: Some(hash_reference),
        production: Some(hash),
    },
    FnEntry {
        name: "dfc_encrypt",
        aliases: &["dfc_v1_encrypt"],
        params: &[],
        nonce: false,
        engines: CIPHER,
        reference: Some(encrypt_reference),
        production: Some(encrypt),
    },
];

/// The key (a, b) of the DFC names: the first 16 bytes, a ‖ b, each 8 bytes LE.
pub(crate) fn dfc_key(call: &Call) -> Result<(u64, u64), String> {
    let (a, b) = key_bytes(call, 16)?.split_at(8);
    Ok((word64(a), word64(b)))
}

/// (a, b, x) of a `dfc_module` call: the key as [`dfc_key`], the message
/// exactly 8 bytes, x LE.
pub(crate) fn dfc_module_args(call: &Call) -> Result<(u64, u64, u64), String> {
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
pub(crate) fn module_reference(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    Ok(rdfc::dfc_module(a, b, x).to_le_bytes().to_vec())
}

/// `dfc_hash`: key = a ‖ b (8 bytes each, LE), message any bytes; out the
/// Horner hash ((a·acc + b) mod (2^64 + 13)) mod 2^64, 8 bytes LE.
pub(crate) fn hash_reference(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    Ok(rdfc::horner_hash(a, b, &call.msg).to_le_bytes().to_vec())
}

/// `dfc_module` with the default strategy (`uhash::dfc_decorr::module::module`)
/// or the `--backend` one (`uhash::dfc_decorr::module_with`).
pub(crate) fn module(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    let y = match call.backend {
        None => uhash::dfc_decorr::module::module(a, b, x),
        Some(_) => uhash::dfc_decorr::module_with(module_engine(call)?, a, b, x),
    };
    Ok(y.to_le_bytes().to_vec())
}

/// `dfc_hash` with `uhash::dfc_decorr::DfcHash`.
pub(crate) fn hash(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    let mut h = uhash::dfc_decorr::DfcHash::from_parts(a, b);
    h.update(&call.msg);
    Ok(h.finalize().to_le_bytes().to_vec())
}

/// The key (1..=32 bytes, used whole: DFC keys have any length up to 256
/// bits, so the prefix rule does not apply) and the 16-byte block of a
/// `dfc_encrypt` call.
pub(crate) fn cipher_args(call: &Call) -> Result<(&[u8], [u8; 16]), String> {
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
pub(crate) fn encrypt(call: &Call) -> Answer {
    use uhash::dfc_decorr::cipher::{CipherEngine, Dfc};
    let (key, block) = cipher_args(call)?;
    let err = |e: uhash::dfc_decorr::Error| e.to_string();
    let dfc = Dfc::new_from_key(key).map_err(err)?;
    let ct = match call.backend {
        None => dfc.encrypt_block_be(&block),
        Some(b) => match CipherEngine::new(b) {
            Ok(engine) => dfc.with_engine(engine).encrypt_block_be(&block),
            Err(_) => Dfc::new_from_key_with(key, module_engine(call)?)
                .map_err(err)?
                .encrypt_block_be(&block),
        },
    };
    Ok(ct.to_vec())
}

/// `dfc_encrypt` with the reference cipher `uhash_ref::dfc::dfc_encrypt`
/// (constants derived from e at run time).
pub(crate) fn encrypt_reference(call: &Call) -> Answer {
    let (key, block) = cipher_args(call)?;
    uhash_ref::dfc::dfc_encrypt(key, &block)
        .map(|b| b.to_vec())
        .map_err(ref_err)
}

/// The decorrelation module (`uhash::dfc_decorr::Engine`).
pub const MODULE: Engines = Engines::of::<uhash::dfc_decorr::Engine>("dfc-module");

/// The DFC cipher: its own engine's backends (`CipherEngine`), then the
/// module's strategies (the cipher's rounds on a chosen module engine).
pub const CIPHER: Engines = Engines::new(
    "dfc-cipher",
    || {
        let mut all = uhash::dfc_decorr::cipher::CipherEngine::BACKENDS.to_vec();
        for &b in uhash::dfc_decorr::Engine::BACKENDS {
            if !all.contains(&b) {
                all.push(b);
            }
        }
        all
    },
    |b| {
        uhash::dfc_decorr::cipher::CipherEngine::new(b).is_ok()
            || uhash::dfc_decorr::Engine::new(b).is_ok()
    },
    |b| match b {
        None => Ok(uhash::dfc_decorr::cipher::CipherEngine::detect().backend()),
        Some(b) => match uhash::dfc_decorr::cipher::CipherEngine::new(b) {
            Ok(e) => Ok(e.backend()),
            Err(_) => backends::chosen::<uhash::dfc_decorr::Engine>(Some(b)).map(|e| e.backend()),
        },
    },
);

/// The module `Engine` of `call` (its `--backend`, else the fastest).
pub(crate) fn module_engine(call: &Call) -> Result<uhash::dfc_decorr::Engine, String> {
    backends::chosen::<uhash::dfc_decorr::Engine>(call.backend)
}

// ------------------------------------------------------------ the algorithms

pub(crate) const DFC: Alg = Alg {
    name: "dfc",
    kind: Kind::Hash,
    key_bytes: uhash::dfc_decorr::hash::KEY_BYTES,
    nonce_bytes: 0,
    out_bytes: 8,
    parallel: false,
    about: "DFC Horner hash mod 2^64+13 (dfc-decorr): key a ‖ b; ε: dfc-decorr crate docs",
    build: |key| {
        Ok(Box::new(DfcAlg(uhash::dfc_decorr::DfcHash::from_key(
            key_array(key)?,
        ))))
    },
    fix_key: None,
};

struct DfcAlg(uhash::dfc_decorr::DfcHash);

impl Keyed for DfcAlg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.compute(msg).to_le_bytes().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(DfcStream(self.0.clone()))
    }
}

struct DfcStream(uhash::dfc_decorr::DfcHash);

impl Stream for DfcStream {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.finalize().to_le_bytes().to_vec())
    }
}

pub(crate) const DFC_MAC: Alg = Alg {
    name: "dfc-mac",
    kind: Kind::Mac,
    key_bytes: 16,
    nonce_bytes: 12,
    out_bytes: 8,
    parallel: false,
    about: "DFC Horner hash + AES pad (dfc-decorr DfcMac, keys from a 16-byte seed); ε: dfc-decorr crate docs",
    build: |key| {
        Ok(Box::new(WcAlg(uhash::dfc_decorr::DfcMac::from_seed(
            key_array(key)?,
        )?)))
    },
    fix_key: None,
};

/// The DFC decorrelation module, its hash and MAC, the cipher (`dfc-decorr`).
pub static FAMILY: Family = Family {
    package: "dfc-decorr",
    engines: &[MODULE, CIPHER],
    kat: KAT,
    algs: &[DFC_MAC, DFC],
    fuzz_target: "dfc_strategies",
    epsilon: &[],
};
