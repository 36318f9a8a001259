//! `uhash-mmh` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! `uhash kat` for the `uhash-mmh` crate's names: `mmh32`, `mmh32_toeplitz`,
//! `nmh32`, `mmh64`, `nh`, `nh_toeplitz`, and the long-message hash and MAC
//! `long_hash`/`long_mac` (families 257 = MMH32 and 260 = NH). The reference
//! handlers call `uhash-ref` (the long ones compose its big-integer
//! definitions with `uhash_ref::long`); the production handlers call the
//! `uhash-mmh` crate on the fastest backend of the CPU or the `--backend` one. The argument decoding is
//! shared, so both give the same answer, errors included.

use uhash::base::mac::MacNonce;
use uhash::mmh::Engine32;
use uhash::mmh::long::{Mmh32Kernel, NhKernel};
use uhash_ref::{mmh as rmmh, nh as unh};

use crate::kat::backends::Engines;
use crate::kat::decode::{
    add_words, check_work, key_prefix, msg_words, nonce12, param, param_count, ref_err, seed,
    words32, words64,
};
use crate::kat::long::hash_or_tag;
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::row::Alg;
use crate::kat::backends;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "mmh32",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: ENGINE32,
        reference: Some(mmh32_reference),
        production: Some(mmh32),
    },
    FnEntry {
        name: "mmh32_toeplitz",
        aliases: &[],
        params: &["n"],
        nonce: false,
        engines: ENGINE32,
        reference: Some(mmh32_toeplitz_reference),
        production: Some(mmh32_toeplitz),
    },
    FnEntry {
        name: "nmh32",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: ENGINE32,
        reference: Some(nmh32_reference),
        production: Some(nmh32),
    },
    FnEntry {
        name: "mmh64",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: ENGINE64,
        reference: Some(mmh64_reference),
        production: Some(mmh64),
    },
    FnEntry {
        name: "nh",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: ENGINE32,
        reference: Some(nh_reference),
        production: Some(nh),
    },
    FnEntry {
        name: "nh_toeplitz",
        aliases: &[],
        params: &["n"],
        nonce: false,
        engines: ENGINE32,
        reference: Some(nh_toeplitz_reference),
        production: Some(nh_toeplitz),
    },
    FnEntry {
        name: "long_hash",
        aliases: &[],
        params: &["family", "n", "chunk"],
        nonce: false,
        engines: ENGINE32,
        reference: Some(long_hash_reference),
        production: Some(long_hash),
    },
    FnEntry {
        name: "long_mac",
        aliases: &[],
        params: &["family", "n", "chunk"],
        nonce: true,
        engines: ENGINE32,
        reference: Some(long_mac_reference),
        production: Some(long_mac),
    },
];

// ---------------------------------------------------------------------------
// Reference.

/// `mmh32`: k ≥ 1 message words, key ≥ k words, out LE32.
pub(crate) fn mmh32_reference(call: &Call) -> Answer {
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = rmmh::mmh32(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh32_toeplitz`: param n ≥ 1, key ≥ k + n − 1 words, out n × LE32,
/// d_i over key words i..i+k−1.
pub(crate) fn mmh32_toeplitz_reference(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, false)?;
    check_work(n, k)?;
    let key = words32(key_prefix(call, add_words(k, n - 1, "n")?, 4)?);
    let ds = rmmh::mmh32_toeplitz(&key, &words32(&call.msg), n).map_err(ref_err)?;
    if ds.len() != n {
        return Err(format!(
            "internal error: reference returned {} words, expected {n}",
            ds.len()
        ));
    }
    Ok(ds.iter().flat_map(|d| d.to_le_bytes()).collect())
}

/// `nmh32`: k even, key ≥ k words, out LE32.
pub(crate) fn nmh32_reference(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = rmmh::nmh32(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh64`: 8-byte words, key ≥ k words, out LE64.
pub(crate) fn mmh64_reference(call: &Call) -> Answer {
    let k = msg_words(call, 8, false)?;
    let key = words64(key_prefix(call, k, 8)?, 8);
    let d = rmmh::mmh64(&key, &words64(&call.msg, 8)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh`: 32-bit words in adjacent pairs, k even, key ≥ k words, out LE64.
pub(crate) fn nh_reference(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = unh::nh(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh_toeplitz`: param n ≥ 1, key ≥ k + 2(n − 1) words, out n × LE64,
/// the key window shifted by 2 words per output.
pub(crate) fn nh_toeplitz_reference(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, true)?;
    check_work(n, k)?;
    let shift = (n - 1)
        .checked_mul(2)
        .ok_or_else(|| "param 'n' is too large for any key".to_owned())?;
    let key = words32(key_prefix(call, add_words(k, shift, "n")?, 4)?);
    let ds = unh::nh_toeplitz(&key, &words32(&call.msg), n).map_err(ref_err)?;
    if ds.len() != n {
        return Err(format!(
            "internal error: reference returned {} words, expected {n}",
            ds.len()
        ));
    }
    Ok(ds.iter().flat_map(|d| d.to_le_bytes()).collect())
}

/// The level-1 functions a reference long-message hash can use.
#[derive(Clone, Copy)]
pub(crate) enum Level1 {
    /// MMH32 Toeplitz (family 0x0101 = 257): key k+n−1 words, 32-bit lanes.
    Mmh32,
    /// NH Toeplitz (family 0x0104 = 260): key k+2(n−1) words, 64-bit lanes.
    Nh,
}

pub(crate) struct LongSpec {
    pub(crate) family: u16,
    pub(crate) l1: Level1,
    pub(crate) lanes: usize,
    pub(crate) chunk: usize,
}

pub(crate) fn long_spec(call: &Call) -> Result<LongSpec, String> {
    use uhash::base::kdf::family;
    let fam = param(call, "family")?;
    let l1 = match u16::try_from(fam) {
        Ok(family::MMH32) => Level1::Mmh32,
        Ok(family::NH) => Level1::Nh,
        _ => {
            return Err(format!(
                "param 'family' must be {} (MMH32) or {} (NH), got {fam}",
                family::MMH32,
                family::NH
            ));
        }
    };
    let lanes = param_count(call, "n")?;
    if lanes > uhash::base::long::MAX_LANES {
        return Err(format!(
            "param 'n' must be at most {}, got {lanes}",
            uhash::base::long::MAX_LANES
        ));
    }
    let chunk = param_count(call, "chunk")?;
    let unit = match l1 {
        Level1::Mmh32 => 4,
        Level1::Nh => 8,
    };
    if !chunk.is_multiple_of(unit) || chunk > 1 << 16 {
        return Err(format!(
            "param 'chunk' must be a multiple of {unit} bytes up to 65536, got {chunk}"
        ));
    }
    Ok(LongSpec {
        family: fam as u16,
        l1,
        lanes,
        chunk,
    })
}

/// The long-message hash composed from reference definitions, with every key
/// derived from the seed exactly as `uhash::base::long::LongHash::from_seed`.
fn long_hash_value(call: &Call, spec: &LongSpec) -> Answer {
    long_hash_value_under(&seed(call)?, &call.msg, spec)
}

/// The reference long hash of `msg` keyed from the seed `s`.
fn long_hash_value_under(s: &[u8; 16], msg: &[u8], spec: &LongSpec) -> Answer {
    use uhash_ref::kdf::{expand, label};
    let s = *s;
    let n = spec.lanes;
    let lanes = n as u8;
    let k = spec.chunk / 4;
    let (l1_words, lane_bits, l3_len) = match spec.l1 {
        Level1::Mmh32 => (k + n - 1, 32, 20),
        Level1::Nh => (k + 2 * (n - 1), 64, 24),
    };
    let key = words32(&expand(&s, label(spec.family, lanes, 1, 0), 4 * l1_words));
    let l2: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(&s, label(spec.family, lanes, 2, i as u32), 16))
        .collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(&s, label(spec.family, lanes, 3, i as u32), l3_len))
        .collect();
    let l1 = |chunk: &[u8]| -> Vec<u64> {
        let m = words32(chunk);
        match spec.l1 {
            Level1::Mmh32 => uhash_ref::mmh::mmh32_toeplitz(&key, &m, n)
                .map(|v| v.into_iter().map(u64::from).collect())
                .unwrap_or_default(),
            Level1::Nh => uhash_ref::nh::nh_toeplitz(&key, &m, n).unwrap_or_default(),
        }
    };
    uhash_ref::long::long_hash(&l1, spec.chunk, lane_bits, &l2, &l3, msg).map_err(ref_err)
}

/// `long_hash`: reference composition.
pub(crate) fn long_hash_reference(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    long_hash_value(call, &spec)
}

/// `long_mac`: reference composition of `long_hash` and `wc_mac` as the MAC
/// built from a seed s defines it: the hash keyed from the seed
/// `expand(s, label(family, n, 0xfe, 0), 16)`, the pad key
/// `expand(s, label(family, n, 0xff, 0), 16)` (`uhash_ref::mac::from_seed_keys`).
pub(crate) fn long_mac_reference(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    let nonce = nonce12(call)?;
    let lane_bits = match spec.l1 {
        Level1::Mmh32 => 32,
        Level1::Nh => 64,
    };
    let (hash_seed, pad_key) =
        uhash_ref::mac::from_seed_keys(&seed(call)?, spec.family, spec.lanes as u8);
    let h = long_hash_value_under(&hash_seed, &call.msg, &spec)?;
    uhash_ref::mac::wegman_carter(&pad_key, &nonce, lane_bits, &h).map_err(ref_err)
}

// ---------------------------------------------------------------------------
// Production.

fn err(e: uhash::mmh::Error) -> String {
    e.to_string()
}

/// `mmh32`: k ≥ 1 words, key ≥ k words, out LE32.
pub(crate) fn mmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = engine32(call)?.mmh32(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh32_toeplitz`: n ≥ 1 (at most 8 in production: more is an error the
/// reference would not give, so larger n are answered by the definition,
/// one window at a time).
pub(crate) fn mmh32_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, false)?;
    check_work(n, k)?;
    let key = words32(key_prefix(call, add_words(k, n - 1, "n")?, 4)?);
    let e = engine32(call)?;
    let mut out = Vec::with_capacity(4 * n);
    // Windows in groups of at most MAX_N outputs: window r is MMH32 under
    // the key shifted by r words.
    let mut r = 0;
    while r < n {
        let g = (n - r).min(uhash::mmh::MAX_N);
        let mut d = [0u32; uhash::mmh::MAX_N];
        e.mmh32_toeplitz(&key[r..], &call.msg, &mut d[..g])
            .map_err(err)?;
        out.extend(d[..g].iter().flat_map(|w| w.to_le_bytes()));
        r += g;
    }
    Ok(out)
}

/// `nmh32`: k even, key ≥ k words, out LE32.
pub(crate) fn nmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = engine32(call)?.nmh32(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh64`: 8-byte words, key ≥ k words, out LE64.
pub(crate) fn mmh64(call: &Call) -> Answer {
    let k = msg_words(call, 8, false)?;
    let key = words64(key_prefix(call, k, 8)?, 8);
    let d = engine64(call)?.mmh64(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh`: k even, key ≥ k words, out LE64.
pub(crate) fn nh(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = engine32(call)?.nh(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh_toeplitz`: n ≥ 1, key ≥ k + 2(n − 1) words, out n × LE64 (groups of
/// at most 8 windows, as for `mmh32_toeplitz`).
pub(crate) fn nh_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, true)?;
    check_work(n, k)?;
    let shift = (n - 1)
        .checked_mul(2)
        .ok_or_else(|| "param 'n' is too large for any key".to_owned())?;
    let key = words32(key_prefix(call, add_words(k, shift, "n")?, 4)?);
    let e = engine32(call)?;
    let mut out = Vec::with_capacity(8 * n);
    let mut r = 0;
    while r < n {
        let g = (n - r).min(uhash::mmh::MAX_N);
        let mut d = [0u64; uhash::mmh::MAX_N];
        e.nh_toeplitz(&key[2 * r..], &call.msg, &mut d[..g])
            .map_err(err)?;
        out.extend(d[..g].iter().flat_map(|w| w.to_le_bytes()));
        r += g;
    }
    Ok(out)
}

/// The largest `chunk` parameter (`long_spec` checks it).
const MAX_CHUNK: usize = 1 << 16;

/// Dispatches the run-time lane count to the kernels' const parameter.
fn long_value(
    spec: &LongSpec,
    e: Engine32,
    seed: &[u8; 16],
    msg: &[u8],
    mac: Option<&MacNonce>,
) -> Answer {
    let chunk = spec.chunk;
    macro_rules! lanes {
        ($kernel:ident, $($n:literal)+) => {
            match spec.lanes {
                $($n => hash_or_tag(seed, msg, mac, |ks| {
                    $kernel::<$n, MAX_CHUNK>::from_key_stream_with(ks, chunk, e)
                }),)+
                other => Err(format!("param 'n' must be at most 8, got {other}")),
            }
        };
    }
    match spec.l1 {
        Level1::Mmh32 => lanes!(Mmh32Kernel, 1 2 3 4 5 6 7 8),
        Level1::Nh => lanes!(NhKernel, 1 2 3 4 5 6 7 8),
    }
}

/// `long_hash` from `uhash::mmh::long` kernels over `uhash::base::long::LongHash`.
pub(crate) fn long_hash(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    long_value(&spec, engine32(call)?, &seed(call)?, &call.msg, None)
}

/// `long_mac`: the Wegman–Carter tag as `WegmanCarter::from_seed` builds it:
/// the `long_hash` value under the seed derived with label (family, n, 0xfe,
/// 0), pad key under label (family, n, 0xff, 0).
pub(crate) fn long_mac(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    let nonce = MacNonce::from_bytes(nonce12(call)?);
    long_value(
        &spec,
        engine32(call)?,
        &seed(call)?,
        &call.msg,
        Some(&nonce),
    )
}

// ------------------------------------------------------------------ engines

/// MMH32, NMH32 and NH (`uhash::mmh::Engine32`); UMAC's NH and digest′ run
/// on it too.
pub const ENGINE32: Engines = Engines::of::<uhash::mmh::Engine32>("mmh32");

/// MMH64 (`uhash::mmh::Engine64`).
pub const ENGINE64: Engines = Engines::of::<uhash::mmh::Engine64>("mmh64");

/// The `Engine32` of `call` (its `--backend`, else the fastest).
pub(crate) fn engine32(call: &Call) -> Result<uhash::mmh::Engine32, String> {
    backends::chosen::<uhash::mmh::Engine32>(call.backend)
}

/// The `Engine64` of `call`.
pub(crate) fn engine64(call: &Call) -> Result<uhash::mmh::Engine64, String> {
    backends::chosen::<uhash::mmh::Engine64>(call.backend)
}

// ------------------------------------------------------------ the algorithms

/// The long-message hashes and their MACs.
static ALGS: &[Alg] = &[
    crate::alg::long::mac::<uhash::mmh::Mmh32Hash>(
        "mmh32-mac",
        "MMH32 long hash (1 lane, 32 bits) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Mmh32x2Hash>(
        "mmh32x2-mac",
        "MMH32 Toeplitz long hash (2 lanes) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Mmh32x4Hash>(
        "mmh32x4-mac",
        "MMH32 Toeplitz long hash (4 lanes) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Nmh32Hash>(
        "nmh32-mac",
        "NMH32 long hash + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Mmh64Hash>(
        "mmh64-mac",
        "MMH64 long hash + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::NhHash>(
        "nh-mac",
        "NH long hash (1 lane, 64 bits) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Nhx2Hash>(
        "nhx2-mac",
        "NH Toeplitz long hash (2 lanes) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::mac::<uhash::mmh::Nhx4Hash>(
        "nhx4-mac",
        "NH Toeplitz long hash (4 lanes) + AES pad; ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Mmh32Hash>(
        "mmh32",
        "MMH32 long hash (1 lane, 32 bits); ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Mmh32x2Hash>(
        "mmh32x2",
        "MMH32 Toeplitz long hash (2 lanes); ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Mmh32x4Hash>(
        "mmh32x4",
        "MMH32 Toeplitz long hash (4 lanes); ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Nmh32Hash>("nmh32", "NMH32 long hash; ε: mmh crate docs"),
    crate::alg::long::hash::<uhash::mmh::Mmh64Hash>("mmh64", "MMH64 long hash; ε: mmh crate docs"),
    crate::alg::long::hash::<uhash::mmh::NhHash>(
        "nh",
        "NH long hash (1 lane, 64 bits); ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Nhx2Hash>(
        "nhx2",
        "NH Toeplitz long hash (2 lanes); ε: mmh crate docs",
    ),
    crate::alg::long::hash::<uhash::mmh::Nhx4Hash>(
        "nhx4",
        "NH Toeplitz long hash (4 lanes); ε: mmh crate docs",
    ),
];

/// MMH and NH (`uhash-mmh`).
pub static FAMILY: Family = Family {
    package: "uhash-mmh",
    engines: &[ENGINE32, ENGINE64],
    kat: KAT,
    algs: ALGS,
    fuzz_target: "mmh",
    epsilon: &[],
};
