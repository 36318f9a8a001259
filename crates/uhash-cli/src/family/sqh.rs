//! `sqh` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! The Square Hash names: `sqh`, `sqhu`, `sqh_star`, `sqh_asm`, `sqh_asm2`,
//! `sqh_c`, `sqh_c2`, `sqh_e`, `sqh_asm2_mod_p`, `sqh2`, each with the param
//! `w` ∈ 1..=5 (words of 32 bits per element), as `docs/sqh-spec.md` defines
//! them.
//!
//! Layouts (`docs/kat.md`): message elements and key elements are 4w bytes
//! little-endian; `sqh`/`sqhu` take exactly one message element, the others
//! k ≥ 1; the key is used by its prefix (k elements; `sqhu`: x (4w bytes) ‖
//! b (4w + 4 bytes, b < p)). Outputs in Z_p are 4w + 4 bytes, outputs in
//! {0,1}^(32w) are 4w bytes, little-endian.
//!
//! The decoding and every check are shared by the reference handlers
//! (`uhash_ref::sqh`) and the production handlers (`sqh`, fastest backend
//! or the `--backend` one),
//! so both give the same answer, errors included.

use uhash::sqh::{Elem, Engine, Variant};
use uhash_ref::sqh as r;

use crate::kat::backends::Engines;
use crate::kat::decode::{key_bytes, key_prefix, msg_words, param};
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::row::Alg;
use crate::kat::backends;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "sqh",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(sqh_reference),
        production: Some(sqh_production),
    },
    FnEntry {
        name: "sqhu",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(sqhu_reference),
        production: Some(sqhu_production),
    },
    FnEntry {
        name: "sqh_star",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_asm",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_asm2",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_c",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_c2",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_e",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh_asm2_mod_p",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
    FnEntry {
        name: "sqh2",
        aliases: &[],
        params: &["w"],
        nonce: false,
        engines: ENGINE,
        reference: Some(vector_reference),
        production: Some(vector_production),
    },
];

/// The text both implementations give for an SQHU `b ≥ p`.
const B_TOO_LARGE: &str = "invalid key: b must be below p";

/// The param `w`, 1..=5.
fn param_w(call: &Call) -> Result<usize, String> {
    let w = param(call, "w")?;
    if (1..=5).contains(&w) {
        Ok(w as usize)
    } else {
        Err(format!("param 'w' must be in 1..=5, got {w}"))
    }
}

/// Checked (w, key prefix) for a vector function.
fn decode_vec(call: &Call) -> Result<(usize, &[u8]), String> {
    let w = param_w(call)?;
    let k = msg_words(call, 4 * w, false)?;
    let key = key_prefix(call, k, 4 * w)?;
    Ok((w, key))
}

/// Checked (w, key prefix) for `sqh` (key 4w) or `sqhu` (key 8w + 4).
fn decode_single(call: &Call, key_len: impl Fn(usize) -> usize) -> Result<(usize, &[u8]), String> {
    let w = param_w(call)?;
    if call.msg.len() != 4 * w {
        return Err(format!(
            "message must be exactly one {}-byte element, got {} bytes",
            4 * w,
            call.msg.len()
        ));
    }
    let key = key_bytes(call, key_len(w))?;
    Ok((w, key))
}

fn variant(name: &str) -> Option<Variant> {
    Variant::ALL.into_iter().find(|v| v.name() == name)
}

// ---------------------------------------------------------------------------
// Reference.

fn ref_fn(v: Variant) -> r::VecFn {
    match v {
        Variant::Star => r::sqh_star,
        Variant::Asm => r::sqh_asm,
        Variant::Asm2 => r::sqh_asm2,
        Variant::C => r::sqh_c,
        Variant::C2 => r::sqh_c2,
        Variant::E => r::sqh_e,
        Variant::Asm2ModP => r::sqh_asm2_mod_p,
        Variant::Sqh2 => r::sqh2,
    }
}

/// `sqh_star`, `sqh_asm`, `sqh_asm2`, `sqh_c`, `sqh_c2`, `sqh_e`,
/// `sqh_asm2_mod_p`, `sqh2` from `uhash_ref::sqh`.
pub(crate) fn vector_reference(call: &Call) -> Answer {
    let v = variant(call.name).ok_or("not a Square Hash vector name")?;
    let (w, key) = decode_vec(call)?;
    let w32 = w as u32;
    let out = ref_fn(v)(
        w32,
        &r::elements_le(key, w32),
        &r::elements_le(&call.msg, w32),
    )
    .map_err(|e| e.to_string())?;
    Ok(r::to_le(&out, v.out_bytes(w)))
}

/// `sqh` from `uhash_ref::sqh::sqh`.
pub(crate) fn sqh_reference(call: &Call) -> Answer {
    let (w, key) = decode_single(call, |w| 4 * w)?;
    let w32 = w as u32;
    let x = uhash_ref::BigUint::from_bytes_le(key);
    let m = uhash_ref::BigUint::from_bytes_le(&call.msg);
    let out = r::sqh(w32, &x, &m).map_err(|e| e.to_string())?;
    Ok(r::to_le(&out, 4 * w + 4))
}

/// `sqhu` from `uhash_ref::sqh::sqhu`.
pub(crate) fn sqhu_reference(call: &Call) -> Answer {
    let (w, key) = decode_single(call, |w| 8 * w + 4)?;
    let w32 = w as u32;
    let x = uhash_ref::BigUint::from_bytes_le(&key[..4 * w]);
    let b = uhash_ref::BigUint::from_bytes_le(&key[4 * w..]);
    let m = uhash_ref::BigUint::from_bytes_le(&call.msg);
    match r::sqhu(w32, &x, &b, &m) {
        Ok(out) => Ok(r::to_le(&out, 4 * w + 4)),
        Err(uhash_ref::RefError::InvalidKey(_)) => Err(B_TOO_LARGE.to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

// ---------------------------------------------------------------------------
// Production.

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes<const W: usize>(e: &Elem<W>, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    e.write_le_bytes(&mut out);
    out
}

/// Runs `$f::<W>` for the run-time `w`.
macro_rules! by_w {
    ($w:expr, $f:ident ( $($a:expr),* )) => {
        match $w {
            1 => $f::<1>($($a),*),
            2 => $f::<2>($($a),*),
            3 => $f::<3>($($a),*),
            4 => $f::<4>($($a),*),
            _ => $f::<5>($($a),*),
        }
    };
}

fn vector_w<const W: usize>(e: Engine, v: Variant, key: &[u32], msg: &[u8]) -> Answer {
    let out = e.hash::<W>(v, key, msg).map_err(|e| e.to_string())?;
    Ok(bytes(&out, v.out_bytes(W)))
}

fn sqh_w<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Answer {
    let out = e.sqh::<W>(key, msg).map_err(|e| e.to_string())?;
    Ok(bytes(&out, 4 * W + 4))
}

fn sqhu_w<const W: usize>(e: Engine, key: &[u32], msg: &[u8]) -> Answer {
    match e.sqhu::<W>(key, msg) {
        Ok(out) => Ok(bytes(&out, 4 * W + 4)),
        Err(uhash::sqh::Error::InvalidKey { .. }) => Err(B_TOO_LARGE.to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

/// The vector names from the `sqh` crate.
pub(crate) fn vector_production(call: &Call) -> Answer {
    let v = variant(call.name).ok_or("not a Square Hash vector name")?;
    let (w, key) = decode_vec(call)?;
    let key = words(key);
    by_w!(w, vector_w(engine(call)?, v, &key, &call.msg))
}

/// `sqh` from the `sqh` crate.
pub(crate) fn sqh_production(call: &Call) -> Answer {
    let (w, key) = decode_single(call, |w| 4 * w)?;
    let key = words(key);
    by_w!(w, sqh_w(engine(call)?, &key, &call.msg))
}

/// `sqhu` from the `sqh` crate (built on `uhash::base::strong`).
pub(crate) fn sqhu_production(call: &Call) -> Answer {
    let (w, key) = decode_single(call, |w| 8 * w + 4)?;
    let key = words(key);
    by_w!(w, sqhu_w(engine(call)?, &key, &call.msg))
}

/// Square Hash (`uhash::sqh::Engine`).
pub const ENGINE: Engines = Engines::of::<uhash::sqh::Engine>("sqh");

/// The `Engine` of `call` (its `--backend`, else the fastest).
pub(crate) fn engine(call: &Call) -> Result<Engine, String> {
    backends::chosen::<Engine>(call.backend)
}

/// The long-message hashes and their MACs.
static ALGS: &[Alg] = &[
    crate::alg::long::mac::<uhash::sqh::Asm2x32Hash>(
        "sqhasm2x32-mac",
        "SQHasm2 long hash (32 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Asm2x64Hash>(
        "sqhasm2x64-mac",
        "SQHasm2 long hash (64 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Asm2x96Hash>(
        "sqhasm2x96-mac",
        "SQHasm2 long hash (96 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Asm2x128Hash>(
        "sqhasm2x128-mac",
        "SQHasm2 long hash (128 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Sqhe32Hash>(
        "sqhe32-mac",
        "SQHE long hash (32 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Sqhe64Hash>(
        "sqhe64-mac",
        "SQHE long hash (64 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Sqhe96Hash>(
        "sqhe96-mac",
        "SQHE long hash (96 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::mac::<uhash::sqh::Sqhe128Hash>(
        "sqhe128-mac",
        "SQHE long hash (128 bits) + AES pad; ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Asm2x32Hash>(
        "sqhasm2x32",
        "SQHasm2 long hash (32 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Asm2x64Hash>(
        "sqhasm2x64",
        "SQHasm2 long hash (64 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Asm2x96Hash>(
        "sqhasm2x96",
        "SQHasm2 long hash (96 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Asm2x128Hash>(
        "sqhasm2x128",
        "SQHasm2 long hash (128 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Sqhe32Hash>(
        "sqhe32",
        "SQHE long hash (32 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Sqhe64Hash>(
        "sqhe64",
        "SQHE long hash (64 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Sqhe96Hash>(
        "sqhe96",
        "SQHE long hash (96 bits); ε: sqh crate docs",
    ),
    crate::alg::long::hash::<uhash::sqh::Sqhe128Hash>(
        "sqhe128",
        "SQHE long hash (128 bits); ε: sqh crate docs",
    ),
];

/// Square Hash (`sqh`).
pub static FAMILY: Family = Family {
    package: "sqh",
    engines: &[ENGINE],
    kat: KAT,
    algs: ALGS,
    fuzz_target: "sqh",
    epsilon: &[],
};
