//! `digest-mw` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! The `digest-mw` crate's names: `--impl production` handlers of `digest`,
//! `digest_mw`, `digest_trunc` and `digest_prime`, both handlers of
//! digest′ over MMH32 and NH (`digest_prime_mmh32`, `digest_prime_nh`, run
//! on `uhash::mmh::Engine32`), and both handlers of the
//! long-message hash and MAC over digestMW, `digest_mw_long_hash` and
//! `digest_mw_long_mac`.
//!
//! Layouts and checks are those of the reference handlers (the same
//! decoding helpers run before any computation), so both implementations
//! give the same answer, errors included; the fastest backend of the CPU
//! (or the `--backend` one) computes.

use uhash::base::mac::MacNonce;
use uhash::digest_mw::Word;
use uhash::digest_mw::long::{DigestMwKernel, FAMILY_DIGEST_MW32};

use uhash_ref::digest as nr;

use crate::kat::backends::Engines;
use crate::kat::decode::{
    add_words, check_work, key_prefix, msg_words, nonce12, param, param_b, param_count, push_le,
    ref_err, seed, words64,
};
use crate::kat::long::hash_or_tag;
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::row::Alg;
use crate::kat::backends;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "digest",
        aliases: &[],
        params: &["b"],
        nonce: false,
        engines: ENGINE,
        reference: Some(digest_reference),
        production: Some(digest),
    },
    FnEntry {
        name: "digest_mw",
        aliases: &[],
        params: &["b", "n"],
        nonce: false,
        engines: ENGINE,
        reference: Some(digest_mw_reference),
        production: Some(digest_mw),
    },
    FnEntry {
        name: "digest_trunc",
        aliases: &[],
        params: &["b", "bits"],
        nonce: false,
        engines: ENGINE,
        reference: Some(digest_trunc_reference),
        production: Some(digest_trunc),
    },
    FnEntry {
        name: "digest_prime",
        aliases: &[],
        params: &["b"],
        nonce: false,
        engines: ENGINE,
        reference: Some(digest_prime_reference),
        production: Some(digest_prime),
    },
    FnEntry {
        name: "digest_prime_mmh32",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: super::mmh::ENGINE32,
        reference: Some(digest_prime_mmh32_reference),
        production: Some(digest_prime_mmh32),
    },
    FnEntry {
        name: "digest_prime_nh",
        aliases: &[],
        params: &[],
        nonce: false,
        engines: super::mmh::ENGINE32,
        reference: Some(digest_prime_nh_reference),
        production: Some(digest_prime_nh),
    },
    FnEntry {
        name: "digest_mw_long_hash",
        aliases: &[],
        params: &["n", "chunk"],
        nonce: false,
        engines: ENGINE,
        reference: Some(long_hash_reference),
        production: Some(long_hash),
    },
    FnEntry {
        name: "digest_mw_long_mac",
        aliases: &[],
        params: &["n", "chunk"],
        nonce: true,
        engines: ENGINE,
        reference: Some(long_mac_reference),
        production: Some(long_mac),
    },
];

// ---------------------------------------------------------------------------
// Reference.

const DIGEST_B: &[u32] = &[16, 32, 64];
const DIGEST_PRIME_B: &[u32] = &[16, 32];
/// The smallest k2 `digest_prime` accepts, in bytes.
const DIGEST_PRIME_K2_MIN: usize = 10;

/// `digest`: param b ∈ {16, 32, 64}; t ≥ 1 message words of b/8 bytes;
/// key ≥ t + 1 words; out b/8 bytes LE.
pub(crate) fn digest_reference(call: &Call) -> Answer {
    let b = param_b(call, DIGEST_B)?;
    let w = (b / 8) as usize;
    let t = msg_words(call, w, false)?;
    let key = words64(key_prefix(call, add_words(t, 1, "b")?, w)?, w);
    let d = nr::digest(b, &key, &words64(&call.msg, w)).map_err(ref_err)?;
    let mut out = Vec::with_capacity(w);
    push_le(&mut out, d, b, w)?;
    Ok(out)
}

/// `digest_mw`: params b, n ≥ 1; key ≥ t + n words; out n × (b/8 bytes LE).
pub(crate) fn digest_mw_reference(call: &Call) -> Answer {
    let b = param_b(call, DIGEST_B)?;
    let n = param_count(call, "n")?;
    let w = (b / 8) as usize;
    let t = msg_words(call, w, false)?;
    check_work(n, t)?;
    let key = words64(key_prefix(call, add_words(t, n, "n")?, w)?, w);
    let ds = nr::digest_mw(b, &key, &words64(&call.msg, w), n).map_err(ref_err)?;
    if ds.len() != n {
        return Err(format!(
            "internal error: reference returned {} words, expected {n}",
            ds.len()
        ));
    }
    let mut out = Vec::with_capacity(n * w);
    for d in ds {
        push_le(&mut out, d, b, w)?;
    }
    Ok(out)
}

/// `digest_trunc`: params b, bits ∈ 1..=b; key ≥ t + 1 words; out the low
/// `bits` bits of digest in ⌈bits/8⌉ bytes LE.
pub(crate) fn digest_trunc_reference(call: &Call) -> Answer {
    let b = param_b(call, DIGEST_B)?;
    let bits = param(call, "bits")?;
    let bits = match u32::try_from(bits) {
        Ok(bits) if (1..=b).contains(&bits) => bits,
        _ => return Err(format!("param 'bits' must be in 1..={b}, got {bits}")),
    };
    let w = (b / 8) as usize;
    let t = msg_words(call, w, false)?;
    let key = words64(key_prefix(call, add_words(t, 1, "b")?, w)?, w);
    let d = nr::digest_trunc(b, bits, &key, &words64(&call.msg, w)).map_err(ref_err)?;
    let nbytes = bits.div_ceil(8) as usize;
    let mut out = Vec::with_capacity(nbytes);
    push_le(&mut out, d, bits, nbytes)?;
    Ok(out)
}

/// `digest_prime`: param b ∈ {16, 32}; key = k1 ((256 + b)/8 bytes) ‖ k2
/// (the rest of the key, ≥ 10 bytes); message any bytes; out b/8 bytes LE.
pub(crate) fn digest_prime_reference(call: &Call) -> Answer {
    let b = param_b(call, DIGEST_PRIME_B)?;
    let k1_len = (256 + b as usize) / 8;
    let got = call.key.len();
    if got < k1_len + DIGEST_PRIME_K2_MIN {
        return Err(format!(
            "key too short: needs k1 ({k1_len} bytes) followed by k2 (at least \
             {DIGEST_PRIME_K2_MIN} bytes), got {got} bytes"
        ));
    }
    let (k1, k2) = call.key.split_at(k1_len);
    let d = nr::digest_prime(b, k1, k2, &call.msg).map_err(ref_err)?;
    let mut out = Vec::with_capacity(b as usize / 8);
    push_le(&mut out, d, b, b as usize / 8)?;
    Ok(out)
}

/// The k1 ‖ k2 split of `digest_prime_mmh32`/`digest_prime_nh`: k1 the
/// first 32 bytes, k2 the rest (at least 10 bytes).
fn split_inner_key(call: &Call) -> Result<(&[u8], &[u8]), String> {
    let got = call.key.len();
    if got < 32 + DIGEST_PRIME_K2_MIN {
        return Err(format!(
            "key too short: needs k1 (32 bytes) followed by k2 (at least \
             {DIGEST_PRIME_K2_MIN} bytes), got {got} bytes"
        ));
    }
    Ok(call.key.split_at(32))
}

/// `digest_prime_mmh32`: key = k1 (32 bytes) ‖ k2 (the rest, ≥ 10 bytes);
/// any message; out 4 bytes LE: MMH32(k1, SHA-256(msg ‖ k2)).
pub(crate) fn digest_prime_mmh32_reference(call: &Call) -> Answer {
    let (k1, k2) = split_inner_key(call)?;
    let d = nr::digest_prime_mmh32(k1, k2, &call.msg).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `digest_prime_nh`: key = k1 (32 bytes) ‖ k2 (the rest, ≥ 10 bytes); any
/// message; out 8 bytes LE: NH(k1, SHA-256(msg ‖ k2)).
pub(crate) fn digest_prime_nh_reference(call: &Call) -> Answer {
    let (k1, k2) = split_inner_key(call)?;
    let d = nr::digest_prime_nh(k1, k2, &call.msg).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

// ---------------------------------------------------------------------------
// Production.

fn err(e: uhash::digest_mw::Error) -> String {
    e.to_string()
}

/// The key words k_1 … k_{t+n} as `W`, after the reference's checks.
fn key_words<W: Word + TryFrom<u64>>(
    call: &Call,
    t: usize,
    n: usize,
    what: &str,
) -> Result<Vec<W>, String> {
    let w = W::BYTES;
    let words = words64(key_prefix(call, add_words(t, n, what)?, w)?, w);
    Ok(words
        .into_iter()
        .map(|k| W::try_from(k).unwrap_or_default())
        .collect())
}

/// digestMW of the record's message with n outputs, as LE bytes.
fn mw_bytes<W: Word + TryFrom<u64> + Into<u64>>(call: &Call, n: usize, what: &str) -> Answer {
    let t = msg_words(call, W::BYTES, false)?;
    let key = key_words::<W>(call, t, n, what)?;
    let mut out = vec![W::default(); n];
    engine(call)?
        .digest_mw(&key, &call.msg, &mut out)
        .map_err(err)?;
    Ok(out
        .into_iter()
        .flat_map(|d| d.into().to_le_bytes()[..W::BYTES].to_vec())
        .collect())
}

/// `digest`: b ∈ {16, 32, 64}; key ≥ t + 1 words; out b/8 bytes.
pub(crate) fn digest(call: &Call) -> Answer {
    match param_b(call, &[16, 32, 64])? {
        16 => mw_bytes::<u16>(call, 1, "b"),
        32 => mw_bytes::<u32>(call, 1, "b"),
        _ => mw_bytes::<u64>(call, 1, "b"),
    }
}

/// `digest_mw`: b, n ≥ 1; key ≥ t + n words; out n × b/8 bytes.
pub(crate) fn digest_mw(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32, 64])?;
    let n = param_count(call, "n")?;
    check_work(n, msg_words(call, (b / 8) as usize, false)?)?;
    match b {
        16 => mw_bytes::<u16>(call, n, "n"),
        32 => mw_bytes::<u32>(call, n, "n"),
        _ => mw_bytes::<u64>(call, n, "n"),
    }
}

/// `digest_trunc`: b, bits ∈ 1..=b; out ⌈bits/8⌉ bytes LE.
pub(crate) fn digest_trunc(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32, 64])?;
    let bits = param(call, "bits")?;
    let bits = match u32::try_from(bits) {
        Ok(bits) if (1..=b).contains(&bits) => bits,
        _ => return Err(format!("param 'bits' must be in 1..={b}, got {bits}")),
    };
    fn trunc<W: Word + TryFrom<u64> + Into<u64>>(call: &Call, bits: u32) -> Result<u64, String> {
        let t = msg_words(call, W::BYTES, false)?;
        let key = key_words::<W>(call, t, 1, "b")?;
        engine(call)?
            .digest_trunc(&key, &call.msg, bits)
            .map(Into::into)
            .map_err(err)
    }
    let d = match b {
        16 => trunc::<u16>(call, bits)?,
        32 => trunc::<u32>(call, bits)?,
        _ => trunc::<u64>(call, bits)?,
    };
    Ok(d.to_le_bytes()[..bits.div_ceil(8) as usize].to_vec())
}

/// `digest_prime`: b ∈ {16, 32}; key = k1 ‖ k2 (the rest, ≥ 10 bytes).
pub(crate) fn digest_prime(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32])?;
    let k1_len = (256 + b as usize) / 8;
    let got = call.key.len();
    if got < k1_len + uhash::digest_mw::K2_MIN_BYTES {
        return Err(format!(
            "key too short: needs k1 ({k1_len} bytes) followed by k2 (at least \
             {} bytes), got {got} bytes",
            uhash::digest_mw::K2_MIN_BYTES
        ));
    }
    let mut d = uhash::digest_mw::DigestPrime::from_key(b, &call.key).map_err(err)?;
    d.update(&call.msg);
    let v = d.finalize_with(engine(call)?).value();
    Ok(v.to_le_bytes()[..b as usize / 8].to_vec())
}

/// digest′ over MMH32 or NH on the chosen `Engine32`.
fn digest_prime_over(call: &Call, inner: uhash::digest_mw::PrimeInner) -> Result<u64, String> {
    let (k1, k2) = split_inner_key(call)?;
    let mut d = uhash::digest_mw::DigestPrimeOver::new(inner, k1, k2).map_err(err)?;
    d.update(&call.msg);
    Ok(d.finalize_with(super::mmh::engine32(call)?))
}

/// `digest_prime_mmh32`: key = k1 (32 bytes) ‖ k2 (the rest, ≥ 10 bytes).
pub(crate) fn digest_prime_mmh32(call: &Call) -> Answer {
    let v = digest_prime_over(call, uhash::digest_mw::PrimeInner::Mmh32)?;
    Ok(v.to_le_bytes()[..4].to_vec())
}

/// `digest_prime_nh`: key = k1 (32 bytes) ‖ k2 (the rest, ≥ 10 bytes).
pub(crate) fn digest_prime_nh(call: &Call) -> Answer {
    let v = digest_prime_over(call, uhash::digest_mw::PrimeInner::Nh)?;
    Ok(v.to_le_bytes().to_vec())
}

/// The largest `chunk` parameter.
const MAX_CHUNK: usize = 1 << 16;

/// `n` ∈ 1..=8 and `chunk` (a multiple of 4, ≤ 65536).
fn long_params(call: &Call) -> Result<(usize, usize), String> {
    let n = param_count(call, "n")?;
    if n > uhash::base::long::MAX_LANES {
        return Err(format!(
            "param 'n' must be at most {}, got {n}",
            uhash::base::long::MAX_LANES
        ));
    }
    let chunk = param_count(call, "chunk")?;
    if !chunk.is_multiple_of(4) || chunk > MAX_CHUNK {
        return Err(format!(
            "param 'chunk' must be a multiple of 4 bytes up to 65536, got {chunk}"
        ));
    }
    Ok((n, chunk))
}

/// The reference composition: `uhash_ref::long::long_hash` over
/// `uhash_ref::digest::digest_mw` (b = 32), keys from `uhash_ref::kdf`.
fn long_reference_value(call: &Call, n: usize, chunk: usize) -> Answer {
    long_reference_value_under(&seed(call)?, &call.msg, n, chunk)
}

/// The reference long hash of `msg` keyed from the seed `s`.
fn long_reference_value_under(s: &[u8; 16], msg: &[u8], n: usize, chunk: usize) -> Answer {
    use uhash_ref::kdf::{expand, label};
    let s = *s;
    let f = FAMILY_DIGEST_MW32;
    let lanes = n as u8;
    let key = words64(&expand(&s, label(f, lanes, 1, 0), 4 * (chunk / 4 + n)), 4);
    let l2: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(&s, label(f, lanes, 2, i as u32), 16))
        .collect();
    let l3: Vec<Vec<u8>> = (0..n)
        .map(|i| expand(&s, label(f, lanes, 3, i as u32), 20))
        .collect();
    let l1 = |c: &[u8]| -> Vec<u64> {
        uhash_ref::digest::digest_mw(32, &key, &words64(c, 4), n).unwrap_or_default()
    };
    uhash_ref::long::long_hash(&l1, chunk, 32, &l2, &l3, msg).map_err(ref_err)
}

/// `digest_mw_long_hash`, reference.
pub(crate) fn long_hash_reference(call: &Call) -> Answer {
    let (n, chunk) = long_params(call)?;
    long_reference_value(call, n, chunk)
}

/// `digest_mw_long_mac`, reference, as the MAC built from a seed s defines
/// it: `wc_mac` of the hash keyed from `expand(s, label(0x0320, n, 0xfe, 0), 16)`
/// with the pad key `expand(s, label(0x0320, n, 0xff, 0), 16)`.
pub(crate) fn long_mac_reference(call: &Call) -> Answer {
    let (n, chunk) = long_params(call)?;
    let nonce = nonce12(call)?;
    let (hash_seed, pad_key) =
        uhash_ref::mac::from_seed_keys(&seed(call)?, FAMILY_DIGEST_MW32, n as u8);
    let h = long_reference_value_under(&hash_seed, &call.msg, n, chunk)?;
    uhash_ref::mac::wegman_carter(&pad_key, &nonce, 32, &h).map_err(ref_err)
}

fn long_production(call: &Call, mac: Option<&MacNonce>) -> Answer {
    let (n, chunk) = long_params(call)?;
    let s = seed(call)?;
    let e = engine(call)?;
    macro_rules! lanes {
        ($($n:literal)+) => {
            match n {
                $($n => hash_or_tag(&s, &call.msg, mac, |ks| {
                    DigestMwKernel::<$n, MAX_CHUNK>::from_key_stream_with(ks, chunk, e)
                }),)+
                other => Err(format!("param 'n' must be at most 8, got {other}")),
            }
        };
    }
    lanes!(1 2 3 4 5 6 7 8)
}

/// `digest_mw_long_hash`: the long-message hash over `uhash::digest_mw::long::DigestMwKernel`.
pub(crate) fn long_hash(call: &Call) -> Answer {
    long_production(call, None)
}

/// `digest_mw_long_mac`: the Wegman–Carter tag of the same hash.
pub(crate) fn long_mac(call: &Call) -> Answer {
    long_params(call)?;
    let nonce = MacNonce::from_bytes(nonce12(call)?);
    long_production(call, Some(&nonce))
}

/// digest, digestMW and digest′ (`uhash::digest_mw::Engine`).
pub const ENGINE: Engines = Engines::of::<uhash::digest_mw::Engine>("digest-mw");

/// The `Engine` of `call` (its `--backend`, else the fastest).
pub(crate) fn engine(call: &Call) -> Result<uhash::digest_mw::Engine, String> {
    backends::chosen::<uhash::digest_mw::Engine>(call.backend)
}

/// The long-message hashes and their MACs.
static ALGS: &[Alg] = &[
    crate::alg::long::mac::<uhash::digest_mw::DigestMw32Hash>(
        "digestmw32-mac",
        "digestMW long hash (1 lane) + AES pad; ε: digest-mw crate docs",
    ),
    crate::alg::long::mac::<uhash::digest_mw::DigestMw64Hash>(
        "digestmw64-mac",
        "digestMW long hash (2 lanes) + AES pad; ε: digest-mw crate docs",
    ),
    crate::alg::long::mac::<uhash::digest_mw::DigestMw128Hash>(
        "digestmw128-mac",
        "digestMW long hash (4 lanes) + AES pad; ε: digest-mw crate docs",
    ),
    crate::alg::long::mac::<uhash::digest_mw::DigestMw256Hash>(
        "digestmw256-mac",
        "digestMW long hash (8 lanes) + AES pad; ε: digest-mw crate docs",
    ),
    crate::alg::long::hash::<uhash::digest_mw::DigestMw32Hash>(
        "digestmw32",
        "digestMW long hash (1 lane); ε: digest-mw crate docs",
    ),
    crate::alg::long::hash::<uhash::digest_mw::DigestMw64Hash>(
        "digestmw64",
        "digestMW long hash (2 lanes); ε: digest-mw crate docs",
    ),
    crate::alg::long::hash::<uhash::digest_mw::DigestMw128Hash>(
        "digestmw128",
        "digestMW long hash (4 lanes); ε: digest-mw crate docs",
    ),
    crate::alg::long::hash::<uhash::digest_mw::DigestMw256Hash>(
        "digestmw256",
        "digestMW long hash (8 lanes); ε: digest-mw crate docs",
    ),
];

/// digest and digestMW (`digest-mw`).
pub static FAMILY: Family = Family {
    package: "digest-mw",
    engines: &[ENGINE, super::mmh::ENGINE32],
    kat: KAT,
    algs: ALGS,
    fuzz_target: "digest_mw",
    epsilon: &[],
};
