//! `umac` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! The `uhash kat` handlers of RFC 4418 UMAC: `umac32`, `umac64`, `umac96`,
//! `umac128` (records shaped like `umac*_rfc4418.jsonl`: `key` the 16-byte
//! K — a longer key is used by its prefix —, `nonce` the raw 1 to 16 bytes,
//! `msg` the whole message; answer `{"out":TAG}`, 4/8/12/16 bytes; no
//! params). `reference` answers from `uhash_ref::umac`, `production` from
//! the `umac` crate (the fastest NH backend of the CPU, or the `--backend`
//! one of `uhash::mmh::Engine32`); both check the
//! lengths first and give the same answer to every record, errors
//! included.

use uhash::umac::{Umac, UmacNonce, UmacState};
use uhash_ref::umac as reference_umac;

use crate::kat::decode::key_bytes;
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::row::{Alg, Keyed, Kind, Stream};
use uhash::base::Error;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "umac32",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: super::mmh::ENGINE32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac64",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: super::mmh::ENGINE32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac96",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: super::mmh::ENGINE32,
        reference: Some(reference),
        production: Some(production),
    },
    FnEntry {
        name: "umac128",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: super::mmh::ENGINE32,
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
pub(crate) fn reference(call: &Call) -> Answer {
    let t = taglen(call)?;
    let (key, nonce) = inputs(call)?;
    reference_umac::umac(&key, nonce, &call.msg, t).map_err(|e| e.to_string())
}

/// The UMAC tag with `TAG` bytes (`ITERS` iterations) of `msg`, the key
/// taking nonces of this nonce's length (a UMAC key fixes one).
fn tag_of<const TAG: usize, const ITERS: usize>(
    key: &[u8; 16],
    engine: uhash::mmh::Engine32,
    nonce: &UmacNonce,
    msg: &[u8],
) -> Result<Vec<u8>, Error> {
    Umac::<TAG, ITERS>::new_with_engine(key, engine)
        .for_nonce_len(nonce.as_bytes().len())
        .and_then(|m| m.authenticate(nonce, msg))
        .map(|t| t.as_bytes().to_vec())
}

/// `umac32`/`umac64`/`umac96`/`umac128` from the `umac` crate.
pub(crate) fn production(call: &Call) -> Answer {
    let t = taglen(call)?;
    let (key, nonce) = inputs(call)?;
    let n = UmacNonce::from_slice(nonce).map_err(|e| e.to_string())?;
    let msg = &call.msg;
    let e = super::mmh::engine32(call)?;
    let tag = match t {
        4 => tag_of::<4, 1>(&key, e, &n, msg),
        8 => tag_of::<8, 2>(&key, e, &n, msg),
        12 => tag_of::<12, 3>(&key, e, &n, msg),
        _ => tag_of::<16, 4>(&key, e, &n, msg),
    };
    tag.map_err(|e| e.to_string())
}

// ------------------------------------------------------------ the algorithms

/// The nonce bytes of the `umac*` rows (RFC 4418 allows 1 to 16; its test
/// vectors use 8).
const UMAC_NONCE: usize = 8;

/// The row of UMAC with `TAG` bytes (`ITERS` iterations): key K, a key
/// taking [`UMAC_NONCE`]-byte nonces.
const fn row<const TAG: usize, const ITERS: usize>(name: &'static str, about: &'static str) -> Alg {
    Alg {
        name,
        kind: Kind::Mac,
        key_bytes: 16,
        nonce_bytes: UMAC_NONCE,
        out_bytes: TAG,
        parallel: false,
        about,
        build: build::<TAG, ITERS>,
        fix_key: None,
    }
}

fn build<const TAG: usize, const ITERS: usize>(key: &[u8]) -> Result<Box<dyn Keyed>, Error> {
    let key = Umac::<TAG, ITERS>::from_slice(key)?.for_nonce_len(UMAC_NONCE)?;
    Ok(Box::new(UmacAlg(key)))
}

const UMAC32: Alg = row::<4, 1>(
    "umac32",
    "UMAC (RFC 4418) with a 4-byte tag: key K, 8-byte nonce; ε: umac crate docs",
);
const UMAC64: Alg = row::<8, 2>(
    "umac64",
    "UMAC (RFC 4418) with a 8-byte tag: key K, 8-byte nonce; ε: umac crate docs",
);
const UMAC96: Alg = row::<12, 3>(
    "umac96",
    "UMAC (RFC 4418) with a 12-byte tag: key K, 8-byte nonce; ε: umac crate docs",
);
const UMAC128: Alg = row::<16, 4>(
    "umac128",
    "UMAC (RFC 4418) with a 16-byte tag: key K, 8-byte nonce; ε: umac crate docs",
);

struct UmacAlg<const TAG: usize, const ITERS: usize>(Umac<TAG, ITERS>);

impl<const TAG: usize, const ITERS: usize> Keyed for UmacAlg<TAG, ITERS> {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
        Ok(self.0.authenticate(&nonce, msg)?.as_bytes().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(UmacStream(self.0.start()))
    }
}

struct UmacStream<'a, const TAG: usize, const ITERS: usize>(UmacState<'a, TAG, ITERS>);

impl<const TAG: usize, const ITERS: usize> Stream for UmacStream<'_, TAG, ITERS> {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data)
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
        Ok(self.0.finalize(&nonce)?.as_bytes().to_vec())
    }
}

/// UMAC (`umac`), on `uhash-mmh`'s NH kernels.
pub static FAMILY: Family = Family {
    package: "umac",
    engines: &[super::mmh::ENGINE32],
    kat: KAT,
    algs: &[UMAC32, UMAC64, UMAC96, UMAC128],
    fuzz_target: "umac",
    epsilon: &[],
};
