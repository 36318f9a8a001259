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

use uhash::umac::{Umac32, Umac64, Umac96, Umac128, UmacNonce};
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

/// `umac32`/`umac64`/`umac96`/`umac128` from the `umac` crate.
pub(crate) fn production(call: &Call) -> Answer {
    let t = taglen(call)?;
    let (key, nonce) = inputs(call)?;
    let n = UmacNonce::from_slice(nonce).map_err(|e| e.to_string())?;
    let msg = &call.msg;
    let e = super::mmh::engine32(call)?;
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

// ------------------------------------------------------------ the algorithms

/// The nonce bytes of the `umac*` rows (RFC 4418 allows 1 to 16; its test
/// vectors use 8).
const UMAC_NONCE: usize = 8;

macro_rules! umac {
    ($konst:ident, $alg:ident, $stream:ident, $name:literal, $ty:ident, $state:ident, $tag:literal) => {
        pub(crate) const $konst: Alg = Alg {
            name: $name,
            kind: Kind::Mac,
            key_bytes: 16,
            nonce_bytes: UMAC_NONCE,
            out_bytes: $tag,
            parallel: false,
            about: concat!(
                "UMAC (RFC 4418) with a ",
                $tag,
                "-byte tag: key K, 8-byte nonce; ε: umac crate docs"
            ),
            // The key fixes the nonce length: UMAC_NONCE bytes.
            build: |key| {
                let key = uhash::umac::$ty::from_slice(key)?.for_nonce_len(UMAC_NONCE)?;
                Ok(Box::new($alg(key)))
            },
            fix_key: None,
        };

        struct $alg(uhash::umac::$ty);

        impl Keyed for $alg {
            fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
                let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
                Ok(self.0.authenticate(&nonce, msg)?.as_bytes().to_vec())
            }

            fn start(&self) -> Box<dyn Stream + '_> {
                Box::new($stream(self.0.start()))
            }
        }

        struct $stream<'a>(uhash::umac::$state<'a>);

        impl Stream for $stream<'_> {
            fn update(&mut self, data: &[u8]) -> Result<(), Error> {
                self.0.update(data)
            }

            fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
                let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
                Ok(self.0.finalize(&nonce)?.as_bytes().to_vec())
            }
        }
    };
}

umac!(
    UMAC32,
    Umac32Alg,
    Umac32Stream,
    "umac32",
    Umac32,
    Umac32State,
    4
);
umac!(
    UMAC64,
    Umac64Alg,
    Umac64Stream,
    "umac64",
    Umac64,
    Umac64State,
    8
);
umac!(
    UMAC96,
    Umac96Alg,
    Umac96Stream,
    "umac96",
    Umac96,
    Umac96State,
    12
);
umac!(
    UMAC128,
    Umac128Alg,
    Umac128Stream,
    "umac128",
    Umac128,
    Umac128State,
    16
);

/// UMAC (`umac`), on `uhash-mmh`'s NH kernels.
pub static FAMILY: Family = Family {
    package: "umac",
    engines: &[super::mmh::ENGINE32],
    kat: KAT,
    algs: &[UMAC32, UMAC64, UMAC96, UMAC128],
    fuzz_target: "umac",
};
