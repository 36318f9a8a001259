//! Decoding a record: the JSON and hex fields of a call, and the shared
//! checks of keys, messages and parameters every family's handlers use
//! (the byte layouts of `docs/kat.md`). Every length and parameter is
//! checked here before an implementation is called, so that a bad record
//! is an error answer and never a panic or an unbounded allocation.

use serde_json::{Map, Value};

use uhash::base::Backend;

use super::table::{Call, FnEntry};

pub(crate) fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Decodes a hex field; `None` when the field is absent or `null`.
pub(crate) fn hex_field(obj: &Map<String, Value>, field: &str) -> Result<Option<Vec<u8>>, String> {
    match obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => hex::decode(s)
            .map(Some)
            .map_err(|e| format!("field '{field}' is not valid hex: {e}")),
        Some(v) => Err(format!(
            "field '{field}' must be a hex string, got {}",
            json_kind(v)
        )),
    }
}

/// Decodes the common fields of a record; errors carry the `fn 'NAME'` prefix.
pub(crate) fn decode_call(
    entry: &'static FnEntry,
    name: &str,
    obj: &Map<String, Value>,
    backend: Option<Backend>,
) -> Result<Call, String> {
    let prefixed = |e: String| format!("fn '{name}': {e}");
    let params = match obj.get("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(p)) => p.clone(),
        Some(v) => {
            return Err(prefixed(format!(
                "field 'params' must be an object, got {}",
                json_kind(v)
            )));
        }
    };
    if let Some(unknown) = params.keys().find(|k| !entry.params.contains(&k.as_str())) {
        return Err(if entry.params.is_empty() {
            format!(
                "fn '{name}' takes no params, got '{}'",
                unknown.escape_debug()
            )
        } else {
            format!(
                "fn '{name}': unknown param '{}' (takes {})",
                unknown.escape_debug(),
                entry
                    .params
                    .iter()
                    .map(|p| format!("'{p}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
    }
    let key = hex_field(obj, "key")
        .map_err(prefixed)?
        .ok_or_else(|| prefixed("missing field 'key'".to_owned()))?;
    let msg = hex_field(obj, "msg")
        .map_err(prefixed)?
        .ok_or_else(|| prefixed("missing field 'msg'".to_owned()))?;
    let nonce = hex_field(obj, "nonce").map_err(prefixed)?;
    match (&nonce, entry.nonce) {
        (Some(_), false) => return Err(format!("fn '{name}' takes no nonce")),
        (None, true) => return Err(prefixed("missing field 'nonce'".to_owned())),
        _ => {}
    }
    Ok(Call {
        name: entry.name,
        key,
        msg,
        nonce,
        params,
        backend,
    })
}

/// A required parameter, as a non-negative JSON integer.
pub(crate) fn param(call: &Call, name: &str) -> Result<u64, String> {
    match call.params.get(name) {
        None | Some(Value::Null) => Err(format!("missing param '{name}'")),
        Some(Value::Number(n)) => n
            .as_u64()
            .ok_or_else(|| format!("param '{name}' must be a non-negative integer, got {n}")),
        Some(v) => Err(format!(
            "param '{name}' must be a non-negative integer, got {}",
            json_kind(v)
        )),
    }
}

/// A count parameter (`n`): an integer ≥ 1.
pub(crate) fn param_count(call: &Call, name: &str) -> Result<usize, String> {
    let n = param(call, name)?;
    if n == 0 {
        return Err(format!("param '{name}' must be at least 1, got 0"));
    }
    usize::try_from(n).map_err(|_| format!("param '{name}' = {n} is out of range"))
}

/// The word-width parameter `b`, one of `allowed`.
pub(crate) fn param_b(call: &Call, allowed: &[u32]) -> Result<u32, String> {
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
pub(crate) fn msg_words(call: &Call, w: usize, even: bool) -> Result<usize, String> {
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

/// The most word products one record may ask of a function with `n`
/// outputs over `k` message words (`mmh32_toeplitz`, `nh_toeplitz`,
/// `digest_mw`): each output is a pass over the whole message, so the work
/// is `n·k`, which a short record could otherwise make quadratic in its
/// length. 2^25 keeps the reference under about 12 s (b = 64, its slowest
/// at ~350 ns per product) and still takes a 32 MiB message (2^24 words of
/// 16 bits) with n = 2.
pub(crate) const MAX_WORK: u64 = 1 << 25;

/// Checks `n · k ≤` [`MAX_WORK`].
pub(crate) fn check_work(n: usize, k: usize) -> Result<(), String> {
    let work = (n as u128) * (k as u128);
    if work > u128::from(MAX_WORK) {
        return Err(format!(
            "param 'n' = {n} over {k} message words is {work} word products; \
             at most {MAX_WORK} per record"
        ));
    }
    Ok(())
}

/// `a + b` words, or an error naming the parameter that made it overflow.
pub(crate) fn add_words(a: usize, b: usize, what: &str) -> Result<usize, String> {
    a.checked_add(b)
        .ok_or_else(|| format!("param '{what}' is too large for any key"))
}

/// The first `words` words of `w` bytes of the key; a longer key is used by
/// its prefix, a shorter one is an error.
pub(crate) fn key_prefix(call: &Call, words: usize, w: usize) -> Result<&[u8], String> {
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
pub(crate) fn key_bytes(call: &Call, needed: usize) -> Result<&[u8], String> {
    let got = call.key.len();
    call.key
        .get(..needed)
        .ok_or_else(|| format!("key too short: needs {needed} bytes, got {got}"))
}

/// Little-endian 32-bit words.
pub(crate) fn words32(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Little-endian words of `w` ≤ 8 bytes, zero-extended to `u64`.
pub(crate) fn words64(bytes: &[u8], w: usize) -> Vec<u64> {
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
pub(crate) fn word64(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    buf.copy_from_slice(bytes);
    u64::from_le_bytes(buf)
}

/// Appends the low `nbytes` bytes of `v`, little-endian, after checking that
/// `v` fits in `bits` bits (a reference result out of range is a bug).
pub(crate) fn push_le(out: &mut Vec<u8>, v: u64, bits: u32, nbytes: usize) -> Result<(), String> {
    if bits < 64 && v >> bits != 0 {
        return Err(format!(
            "internal error: reference result {v:#x} does not fit in {bits} bits"
        ));
    }
    out.extend_from_slice(&v.to_le_bytes()[..nbytes]);
    Ok(())
}

pub(crate) fn ref_err(e: uhash_ref::RefError) -> String {
    e.to_string()
}

/// The 16-byte seed (or AES key) at the front of the key.
pub(crate) fn seed(call: &Call) -> Result<[u8; 16], String> {
    let k = key_bytes(call, 16)?;
    let mut s = [0u8; 16];
    s.copy_from_slice(k);
    Ok(s)
}

/// The 12-byte nonce of a MAC call.
pub(crate) fn nonce12(call: &Call) -> Result<[u8; 12], String> {
    let n = call.nonce.as_deref().ok_or("missing field 'nonce'")?;
    n.try_into()
        .map_err(|_| format!("nonce must be 12 bytes, got {}", n.len()))
}
