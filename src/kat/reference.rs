//! The `--impl reference` handlers: decode the byte layouts of `docs/kat.md`
//! and call the big-integer reference crate `uhash-ref`.
//!
//! Every length and parameter is checked here before the reference is
//! called, so that a bad record is an error answer and never a panic or an
//! unbounded allocation inside the reference.

use serde_json::Value;
use uhash_ref::{dfc, digest as nr, mmh, nh as unh, poly1305 as p1305};

use super::Call;

type Answer = Result<Vec<u8>, String>;

// ---------------------------------------------------------------------------
// Shared decoding helpers.

/// A required parameter, as a non-negative JSON integer.
pub(super) fn param(call: &Call, name: &str) -> Result<u64, String> {
    match call.params.get(name) {
        None | Some(Value::Null) => Err(format!("missing param '{name}'")),
        Some(Value::Number(n)) => n
            .as_u64()
            .ok_or_else(|| format!("param '{name}' must be a non-negative integer, got {n}")),
        Some(v) => Err(format!(
            "param '{name}' must be a non-negative integer, got {}",
            super::json_kind(v)
        )),
    }
}

/// A count parameter (`n`): an integer ≥ 1.
pub(super) fn param_count(call: &Call, name: &str) -> Result<usize, String> {
    let n = param(call, name)?;
    if n == 0 {
        return Err(format!("param '{name}' must be at least 1, got 0"));
    }
    usize::try_from(n).map_err(|_| format!("param '{name}' = {n} is out of range"))
}

/// The word-width parameter `b`, one of `allowed`.
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

/// The number of `w`-byte words in the message, checking that the length is
/// a multiple of `w`, that there is at least one word and (if `even`) that
/// the count is even.
pub(super) fn msg_words(call: &Call, w: usize, even: bool) -> Result<usize, String> {
    let len = call.msg.len();
    if !len.is_multiple_of(w) {
        return Err(format!(
            "message length {len} bytes is not a multiple of the {w}-byte word size"
        ));
    }
    let k = len / w;
    if k == 0 {
        return Err(format!("message must have at least one {w}-byte word"));
    }
    if even && !k.is_multiple_of(2) {
        return Err(format!(
            "message must have an even number of words, got {k}"
        ));
    }
    Ok(k)
}

/// `a + b` words, or an error naming the parameter that made it overflow.
pub(super) fn add_words(a: usize, b: usize, what: &str) -> Result<usize, String> {
    a.checked_add(b)
        .ok_or_else(|| format!("param '{what}' is too large for any key"))
}

/// The first `words` words of `w` bytes of the key; a longer key is used by
/// its prefix, a shorter one is an error.
pub(super) fn key_prefix(call: &Call, words: usize, w: usize) -> Result<&[u8], String> {
    let got = call.key.len();
    match words.checked_mul(w) {
        Some(needed) if needed <= got => Ok(&call.key[..needed]),
        Some(needed) => Err(format!(
            "key too short: needs {needed} bytes ({words} words of {w} bytes), got {got}"
        )),
        None => Err(format!(
            "key too short: needs {words} words of {w} bytes, got {got} bytes"
        )),
    }
}

/// The first `needed` bytes of the key (for keys that are not word arrays).
pub(super) fn key_bytes(call: &Call, needed: usize) -> Result<&[u8], String> {
    let got = call.key.len();
    call.key
        .get(..needed)
        .ok_or_else(|| format!("key too short: needs {needed} bytes, got {got}"))
}

/// Little-endian 32-bit words.
pub(super) fn words32(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Little-endian words of `w` ≤ 8 bytes, zero-extended to `u64`.
pub(super) fn words64(bytes: &[u8], w: usize) -> Vec<u64> {
    bytes
        .chunks_exact(w)
        .map(|c| {
            let mut buf = [0u8; 8];
            buf[..w].copy_from_slice(c);
            u64::from_le_bytes(buf)
        })
        .collect()
}

/// A 64-bit word read little-endian from exactly 8 bytes.
fn word64(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    buf.copy_from_slice(bytes);
    u64::from_le_bytes(buf)
}

/// Appends the low `nbytes` bytes of `v`, little-endian, after checking that
/// `v` fits in `bits` bits (a reference result out of range is a bug).
fn push_le(out: &mut Vec<u8>, v: u64, bits: u32, nbytes: usize) -> Result<(), String> {
    if bits < 64 && v >> bits != 0 {
        return Err(format!(
            "internal error: reference result {v:#x} does not fit in {bits} bits"
        ));
    }
    out.extend_from_slice(&v.to_le_bytes()[..nbytes]);
    Ok(())
}

pub(super) fn ref_err(e: uhash_ref::RefError) -> String {
    e.to_string()
}

// ---------------------------------------------------------------------------
// MMH, NMH and NH (Halevi–Krawczyk; UMAC's NH).

/// `mmh32`: k ≥ 1 message words, key ≥ k words, out LE32.
pub(super) fn mmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = mmh::mmh32(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh32_toeplitz`: param n ≥ 1, key ≥ k + n − 1 words, out n × LE32,
/// d_i over key words i..i+k−1.
pub(super) fn mmh32_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, add_words(k, n - 1, "n")?, 4)?);
    let ds = mmh::mmh32_toeplitz(&key, &words32(&call.msg), n).map_err(ref_err)?;
    if ds.len() != n {
        return Err(format!(
            "internal error: reference returned {} words, expected {n}",
            ds.len()
        ));
    }
    Ok(ds.iter().flat_map(|d| d.to_le_bytes()).collect())
}

/// `nmh32`: k even, key ≥ k words, out LE32.
pub(super) fn nmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = mmh::nmh32(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh64`: 8-byte words, key ≥ k words, out LE64.
pub(super) fn mmh64(call: &Call) -> Answer {
    let k = msg_words(call, 8, false)?;
    let key = words64(key_prefix(call, k, 8)?, 8);
    let d = mmh::mmh64(&key, &words64(&call.msg, 8)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh`: 32-bit words in adjacent pairs, k even, key ≥ k words, out LE64.
pub(super) fn nh(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = unh::nh(&key, &words32(&call.msg)).map_err(ref_err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh_toeplitz`: param n ≥ 1, key ≥ k + 2(n − 1) words, out n × LE64,
/// the key window shifted by 2 words per output.
pub(super) fn nh_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, true)?;
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

// ---------------------------------------------------------------------------
// Nguyen–Roscoe digest.

const DIGEST_B: &[u32] = &[16, 32, 64];
const DIGEST_PRIME_B: &[u32] = &[16, 32];
/// The smallest k2 `digest_prime` accepts, in bytes.
const DIGEST_PRIME_K2_MIN: usize = 10;

/// `digest`: param b ∈ {16, 32, 64}; t ≥ 1 message words of b/8 bytes;
/// key ≥ t + 1 words; out b/8 bytes LE.
pub(super) fn digest(call: &Call) -> Answer {
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
pub(super) fn digest_mw(call: &Call) -> Answer {
    let b = param_b(call, DIGEST_B)?;
    let n = param_count(call, "n")?;
    let w = (b / 8) as usize;
    let t = msg_words(call, w, false)?;
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
pub(super) fn digest_trunc(call: &Call) -> Answer {
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
pub(super) fn digest_prime(call: &Call) -> Answer {
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

// ---------------------------------------------------------------------------
// Poly1305.

/// `poly1305`: key = r ‖ s (32 bytes, RFC 8439 layout, r clamped by the
/// function); message any bytes; out the 16-byte tag.
pub(super) fn poly1305(call: &Call) -> Answer {
    let key: &[u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    Ok(p1305::poly1305(key, &call.msg).to_vec())
}

/// `poly1305_aes`: key = k ‖ r (16 + 16 bytes, the paper's layout; an r
/// outside the paper's constraints is an error), nonce 16 bytes; out the
/// 16-byte authenticator.
pub(super) fn poly1305_aes(call: &Call) -> Answer {
    let key = key_bytes(call, 32)?;
    let (k, r) = key.split_at(16);
    let nonce = call.nonce.as_deref().unwrap_or_default();
    let nonce: &[u8; 16] = nonce
        .try_into()
        .map_err(|_| format!("nonce must be 16 bytes, got {}", nonce.len()))?;
    let k: &[u8; 16] = k
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let r: &[u8; 16] = r
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    p1305::poly1305_aes(k, r, nonce, &call.msg)
        .map(|tag| tag.to_vec())
        .map_err(ref_err)
}

// ---------------------------------------------------------------------------
// DFC decorrelation module.

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
pub(super) fn dfc_module(call: &Call) -> Answer {
    let (a, b, x) = dfc_module_args(call)?;
    Ok(dfc::dfc_module(a, b, x).to_le_bytes().to_vec())
}

/// `dfc_hash`: key = a ‖ b (8 bytes each, LE), message any bytes; out the
/// Horner hash ((a·acc + b) mod (2^64 + 13)) mod 2^64, 8 bytes LE.
pub(super) fn dfc_hash(call: &Call) -> Answer {
    let (a, b) = dfc_key(call)?;
    Ok(dfc::horner_hash(a, b, &call.msg).to_le_bytes().to_vec())
}
