//! `nhpoly1305` in the registry ([`FAMILY`]): its engines, its algorithm
//! row, its `uhash kat` rows and their handlers, and its ε-lab entry
//! (`uhash epsilon nhpoly1305`: Adiantum's NH and NHPoly1305 at reduced
//! word widths, [`crate::epsilon::nh_adiantum`], [`crate::epsilon::nhpoly`]).
//!
//! The `uhash kat` handlers of Adiantum's hash: `nh_adiantum` (`key` the
//! 1072-byte NH key — a longer key is used by its prefix —, `msg` 16 to
//! 1024 bytes in whole 16-byte units; answer `{"out":S0‖S1‖S2‖S3}`, 32
//! bytes) and `nhpoly1305` (`key` r ‖ NH key, 1088 bytes, prefix rule as
//! above; `msg` any bytes; 16-byte answer; records shaped like
//! `nhpoly1305_linux.jsonl`). No params, no nonce. `reference` answers from
//! `uhash_ref::nhpoly1305`, `production` from the `nhpoly1305` crate (the
//! fastest NH backend of the CPU, or the `--backend` one of
//! `uhash::mmh::Engine32`); the lengths are checked here first, so both
//! give the same answer to every record, errors included.

use uhash::base::Error;
use uhash::base::error::key_array;
use uhash::nhpoly1305::{NH_KEY_BYTES, NhAdiantum, NhPoly1305};
use uhash_ref::nhpoly1305 as reference_nhp;

use super::Family;
use crate::alg::long::no_nonce;
use crate::alg::row::{Alg, Keyed, Kind, Stream};
use crate::epsilon::{Entry, Spec, nh_adiantum, nhpoly};
use crate::kat::decode::key_bytes;
use crate::kat::table::{Answer, Call, FnEntry};

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "nh_adiantum",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: super::mmh::ENGINE32,
        reference: Some(nh_reference),
        production: Some(nh_production),
    },
    FnEntry {
        name: "nhpoly1305",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: super::mmh::ENGINE32,
        reference: Some(reference),
        production: Some(production),
    },
];

/// The checked inputs of `nh_adiantum`: the NH key and the message length.
fn nh_inputs(call: &Call) -> Result<&[u8; NH_KEY_BYTES], String> {
    let len = call.msg.len();
    if len == 0 || len > 1024 || !len.is_multiple_of(16) {
        return Err(format!(
            "msg must be 16 to 1024 bytes in whole 16-byte units, got {len}"
        ));
    }
    key_bytes(call, NH_KEY_BYTES)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())
}

/// The checked key of `nhpoly1305`.
fn key(call: &Call) -> Result<&[u8; uhash::nhpoly1305::KEY_BYTES], String> {
    key_bytes(call, uhash::nhpoly1305::KEY_BYTES)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())
}

/// `nh_adiantum` from the big-integer reference.
pub(crate) fn nh_reference(call: &Call) -> Answer {
    let k = nh_inputs(call)?;
    Ok(reference_nhp::nh_adiantum(k, &call.msg)
        .map_err(|e| e.to_string())?
        .to_vec())
}

/// `nh_adiantum` from the `nhpoly1305` crate.
pub(crate) fn nh_production(call: &Call) -> Answer {
    let k = nh_inputs(call)?;
    let e = super::mmh::engine32(call)?;
    Ok(NhAdiantum::new_with_engine(k, e)
        .compute(&call.msg)
        .map_err(|e| e.to_string())?
        .to_vec())
}

/// `nhpoly1305` from the big-integer reference.
pub(crate) fn reference(call: &Call) -> Answer {
    Ok(reference_nhp::nhpoly1305(key(call)?, &call.msg).to_vec())
}

/// `nhpoly1305` from the `nhpoly1305` crate.
pub(crate) fn production(call: &Call) -> Answer {
    let k = key(call)?;
    let e = super::mmh::engine32(call)?;
    Ok(NhPoly1305::new_with_engine(k, e)
        .compute(&call.msg)
        .to_vec())
}

// ------------------------------------------------------------ the algorithms

const NHPOLY1305: Alg = Alg {
    name: "nhpoly1305",
    kind: Kind::Hash,
    key_bytes: uhash::nhpoly1305::KEY_BYTES,
    nonce_bytes: 0,
    out_bytes: uhash::nhpoly1305::TAG_BYTES,
    parallel: false,
    about: "NHPoly1305 (Adiantum's hash, Linux's nhpoly1305): key r ‖ NH key; ε over equal lengths only: nhpoly1305 crate docs",
    build: |key| Ok(Box::new(NhpAlg(NhPoly1305::new(key_array(key)?)))),
    fix_key: None,
};

struct NhpAlg(NhPoly1305);

impl Keyed for NhpAlg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.compute(msg).to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        let mut h = self.0.clone();
        h.reset();
        Box::new(NhpStream(h))
    }
}

struct NhpStream(NhPoly1305);

impl Stream for NhpStream {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.finalize().to_vec())
    }
}

// ------------------------------------------------------------ the ε lab

/// `uhash epsilon nhpoly1305`: Adiantum's NH_w for w = 1 … 6 (the real 4
/// passes at w = 1) beside 2^(−rw), and NHPoly1305_w at w = 2 beside
/// ε_NH + U·q/#R.
static EPSILON: &[Entry] = &[Entry {
    name: "nhpoly1305",
    about: "Adiantum's NH_w (units of 4 words, word j with j+2, key one unit further per pass) and NHPoly1305_w (NH, then Poly1305 at b = 4w)",
    widths: epsilon_widths,
    specs: epsilon_specs,
}];

/// w = 1 … 6.
fn epsilon_widths() -> Vec<u32> {
    (1..=6).collect()
}

/// The NH specs, then the composition's, at width w.
fn epsilon_specs(w: u32) -> Vec<Spec> {
    let mut out = nh_adiantum::specs(w);
    out.extend(nhpoly::specs(w));
    out
}

/// Adiantum's NH and NHPoly1305 (`nhpoly1305`), on `uhash-mmh`'s NH
/// engine and poly1305-aes's Poly1305.
pub static FAMILY: Family = Family {
    package: "nhpoly1305",
    engines: &[super::mmh::ENGINE32],
    kat: KAT,
    algs: &[NHPOLY1305],
    fuzz_target: "nhpoly1305",
    epsilon: EPSILON,
};
