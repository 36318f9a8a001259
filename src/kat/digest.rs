//! The `digest-mw` crate's names: `--impl production` handlers of `digest`,
//! `digest_mw`, `digest_trunc` and `digest_prime`, and both handlers of the
//! long-message hash and MAC over digestMW, `digest_mw_long_hash` and
//! `digest_mw_long_mac`.
//!
//! Layouts and checks are those of the reference handlers (the same
//! decoding helpers run before any computation), so both implementations
//! give the same answer, errors included; the fastest backend of the CPU
//! computes.

use digest_mw::long::{DigestMwKernel, FAMILY_DIGEST_MW32};
use digest_mw::{Engine, Word};
use uhash_core::kdf;
use uhash_core::long::{ChunkHash, LongHash};
use uhash_core::mac::{MacHash, Nonce, WegmanCarter};

use super::Call;
use super::composite::{nonce12, seed};
use super::reference::{add_words, key_prefix, msg_words, param, param_count, ref_err, words64};

type Answer = Result<Vec<u8>, String>;

fn err(e: digest_mw::Error) -> String {
    e.to_string()
}

/// `b`, one of `allowed` (the reference handlers' message).
fn param_b(call: &Call, allowed: &[u32]) -> Result<u32, String> {
    let b = param(call, "b")?;
    allowed
        .iter()
        .copied()
        .find(|&a| u64::from(a) == b)
        .ok_or_else(|| {
            let list: Vec<String> = allowed.iter().map(u32::to_string).collect();
            format!("param 'b' must be one of {}, got {b}", list.join(", "))
        })
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
    Engine::detect()
        .digest_mw(&key, &call.msg, &mut out)
        .map_err(err)?;
    Ok(out
        .into_iter()
        .flat_map(|d| d.into().to_le_bytes()[..W::BYTES].to_vec())
        .collect())
}

/// `digest`: b ∈ {16, 32, 64}; key ≥ t + 1 words; out b/8 bytes.
pub(super) fn digest(call: &Call) -> Answer {
    match param_b(call, &[16, 32, 64])? {
        16 => mw_bytes::<u16>(call, 1, "b"),
        32 => mw_bytes::<u32>(call, 1, "b"),
        _ => mw_bytes::<u64>(call, 1, "b"),
    }
}

/// `digest_mw`: b, n ≥ 1; key ≥ t + n words; out n × b/8 bytes.
pub(super) fn digest_mw(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32, 64])?;
    let n = param_count(call, "n")?;
    match b {
        16 => mw_bytes::<u16>(call, n, "n"),
        32 => mw_bytes::<u32>(call, n, "n"),
        _ => mw_bytes::<u64>(call, n, "n"),
    }
}

/// `digest_trunc`: b, bits ∈ 1..=b; out ⌈bits/8⌉ bytes LE.
pub(super) fn digest_trunc(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32, 64])?;
    let bits = param(call, "bits")?;
    let bits = match u32::try_from(bits) {
        Ok(bits) if (1..=b).contains(&bits) => bits,
        _ => return Err(format!("param 'bits' must be in 1..={b}, got {bits}")),
    };
    fn trunc<W: Word + TryFrom<u64> + Into<u64>>(call: &Call, bits: u32) -> Result<u64, String> {
        let t = msg_words(call, W::BYTES, false)?;
        let key = key_words::<W>(call, t, 1, "b")?;
        digest_mw::digest_trunc(&key, &call.msg, bits)
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
pub(super) fn digest_prime(call: &Call) -> Answer {
    let b = param_b(call, &[16, 32])?;
    let k1_len = (256 + b as usize) / 8;
    let got = call.key.len();
    if got < k1_len + digest_mw::prime::K2_MIN_BYTES {
        return Err(format!(
            "key too short: needs k1 ({k1_len} bytes) followed by k2 (at least \
             {} bytes), got {got} bytes",
            digest_mw::prime::K2_MIN_BYTES
        ));
    }
    let mut d = digest_mw::DigestPrime::from_key(b, &call.key).map_err(err)?;
    d.update(&call.msg);
    let v = d.finalize().value();
    Ok(v.to_le_bytes()[..b as usize / 8].to_vec())
}

// ---------------------------------------------------------------------------
// The long-message hash and MAC over digestMW (b = 32).

/// The largest `chunk` parameter.
const MAX_CHUNK: usize = 1 << 16;

/// `n` ∈ 1..=8 and `chunk` (a multiple of 4, ≤ 65536).
fn long_params(call: &Call) -> Result<(usize, usize), String> {
    let n = param_count(call, "n")?;
    if n > uhash_core::long::MAX_LANES {
        return Err(format!(
            "param 'n' must be at most {}, got {n}",
            uhash_core::long::MAX_LANES
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
    use uhash_ref::kdf::{expand, label};
    let s = seed(call)?;
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
    uhash_ref::long::long_hash(&l1, chunk, 32, &l2, &l3, &call.msg).map_err(ref_err)
}

/// `digest_mw_long_hash`, reference.
pub(super) fn long_hash_reference(call: &Call) -> Answer {
    let (n, chunk) = long_params(call)?;
    long_reference_value(call, n, chunk)
}

/// `digest_mw_long_mac`, reference: `wc_mac` of the hash with the pad key
/// `expand(seed, label(0x0320, n, 0xff, 0), 16)`.
pub(super) fn long_mac_reference(call: &Call) -> Answer {
    let (n, chunk) = long_params(call)?;
    let nonce = nonce12(call)?;
    let h = long_reference_value(call, n, chunk)?;
    let pad_key: [u8; 16] = uhash_ref::kdf::expand(
        &seed(call)?,
        uhash_ref::kdf::label(FAMILY_DIGEST_MW32, n as u8, 0xff, 0),
        16,
    )
    .try_into()
    .map_err(|_| "internal error: pad key length".to_owned())?;
    uhash_ref::mac::wegman_carter(&pad_key, &nonce, 32, &h).map_err(ref_err)
}

/// The hash (`mac = None`) or tag of `msg` under `LongHash<H>`.
fn run<H: ChunkHash>(
    seed: &[u8; 16],
    msg: &[u8],
    mac: Option<&Nonce>,
    make: impl FnOnce(&mut kdf::KeyStream) -> Result<H, uhash_core::Error>,
) -> Answer {
    let mut h = LongHash::<H>::from_seed_with_kernel(seed, make).map_err(|e| e.to_string())?;
    match mac {
        None => {
            h.update(msg);
            let mut out = vec![0u8; LongHash::<H>::OUT_BYTES];
            h.finalize_into(&mut out).map_err(|e| e.to_string())?;
            Ok(out)
        }
        Some(nonce) => {
            let mut pad_key: [u8; 16] =
                kdf::expand_array(seed, <LongHash<H> as MacHash>::PAD_LABEL);
            let mut m = WegmanCarter::new(h, &pad_key);
            pad_key.fill(0);
            Ok(m.authenticate(nonce, msg).as_bytes().to_vec())
        }
    }
}

fn long_production(call: &Call, mac: Option<&Nonce>) -> Answer {
    let (n, chunk) = long_params(call)?;
    let s = seed(call)?;
    let e = Engine::detect();
    macro_rules! lanes {
        ($($n:literal)+) => {
            match n {
                $($n => run(&s, &call.msg, mac, |ks| {
                    DigestMwKernel::<$n, MAX_CHUNK>::from_key_stream_with(ks, chunk, e)
                }),)+
                other => Err(format!("param 'n' must be at most 8, got {other}")),
            }
        };
    }
    lanes!(1 2 3 4 5 6 7 8)
}

/// `digest_mw_long_hash`: `LongHash` over `digest_mw::long::DigestMwKernel`.
pub(super) fn long_hash(call: &Call) -> Answer {
    long_production(call, None)
}

/// `digest_mw_long_mac`: `WegmanCarter` over the same `LongHash`.
pub(super) fn long_mac(call: &Call) -> Answer {
    long_params(call)?;
    let nonce = Nonce::from_bytes(nonce12(call)?);
    long_production(call, Some(&nonce))
}
