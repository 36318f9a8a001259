//! Handlers for the machinery shared by every family (`uhash-core` part 2):
//! key expansion, the Wegman–Carter combinator, and the long-message hash
//! and MAC composed over a reference level-1 function.
//!
//! Layouts are in `docs/kat.md`. `expand` and `wc_mac` answer from
//! `uhash-core` under `--impl production` and from `uhash-ref` under
//! `--impl reference`. `long_hash`/`long_mac` here are the reference
//! compositions (big-integer level-1 functions); their production handlers,
//! over the `mmh` crate's kernels, are in `mmh_family`.

use super::Call;
use super::reference::{key_bytes, param, param_count, ref_err, words32};

type Answer = Result<Vec<u8>, String>;

/// The 16-byte seed (or AES key) at the front of the key.
pub(super) fn seed(call: &Call) -> Result<[u8; 16], String> {
    let k = key_bytes(call, 16)?;
    let mut s = [0u8; 16];
    s.copy_from_slice(k);
    Ok(s)
}

/// `label` and `len` of an `expand` call; `len` is capped at 1 MiB so that a
/// record cannot ask for an unbounded allocation.
fn expand_params(call: &Call) -> Result<(u64, usize), String> {
    const MAX: u64 = 1 << 20;
    if !call.msg.is_empty() {
        return Err("expand takes no message: use \"msg\": \"\"".to_owned());
    }
    let label = param(call, "label")?;
    let len = param(call, "len")?;
    if len > MAX {
        return Err(format!("param 'len' must be at most {MAX}, got {len}"));
    }
    Ok((label, len as usize))
}

/// `expand` from `uhash-core::kdf`.
pub(super) fn expand_production(call: &Call) -> Answer {
    let (label, len) = expand_params(call)?;
    let mut out = vec![0u8; len];
    uhash_core::kdf::expand(&seed(call)?, label, &mut out);
    Ok(out)
}

/// `expand` from `uhash-ref::kdf`.
pub(super) fn expand_reference(call: &Call) -> Answer {
    let (label, len) = expand_params(call)?;
    Ok(uhash_ref::kdf::expand(&seed(call)?, label, len))
}

/// The 12-byte nonce of a MAC call.
pub(super) fn nonce12(call: &Call) -> Result<[u8; 12], String> {
    let n = call.nonce.as_deref().ok_or("missing field 'nonce'")?;
    n.try_into()
        .map_err(|_| format!("nonce must be 12 bytes, got {}", n.len()))
}

/// `lane_bits` of a `wc_mac` call: a positive multiple of 8, at most 128,
/// dividing the hash length.
fn lane_bytes(call: &Call, hash_len: usize) -> Result<usize, String> {
    let bits = param(call, "lane_bits")?;
    if bits == 0 || !bits.is_multiple_of(8) || bits > 128 {
        return Err(format!(
            "param 'lane_bits' must be a multiple of 8 from 8 to 128, got {bits}"
        ));
    }
    let b = (bits / 8) as usize;
    if !hash_len.is_multiple_of(b) {
        return Err(format!(
            "message (the hash value) of {hash_len} bytes is not a whole number of {b}-byte lanes"
        ));
    }
    Ok(b)
}

/// `wc_mac` from `uhash-core::mac`.
pub(super) fn wc_mac_production(call: &Call) -> Answer {
    let b = lane_bytes(call, call.msg.len())?;
    let nonce = uhash_core::mac::Nonce::from_bytes(nonce12(call)?);
    let mut out = vec![0u8; call.msg.len()];
    uhash_core::mac::tag_for_hash(&seed(call)?, &nonce, b, &call.msg, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// `wc_mac` from `uhash-ref::mac`.
pub(super) fn wc_mac_reference(call: &Call) -> Answer {
    let b = lane_bytes(call, call.msg.len())?;
    uhash_ref::mac::wegman_carter(&seed(call)?, &nonce12(call)?, 8 * b as u32, &call.msg)
        .map_err(ref_err)
}

/// The level-1 functions a reference long-message hash can use.
#[derive(Clone, Copy)]
pub(super) enum Level1 {
    /// MMH32 Toeplitz (family 0x0101 = 257): key k+n−1 words, 32-bit lanes.
    Mmh32,
    /// NH Toeplitz (family 0x0104 = 260): key k+2(n−1) words, 64-bit lanes.
    Nh,
}

pub(super) struct LongSpec {
    pub(super) family: u16,
    pub(super) l1: Level1,
    pub(super) lanes: usize,
    pub(super) chunk: usize,
}

pub(super) fn long_spec(call: &Call) -> Result<LongSpec, String> {
    use uhash_core::kdf::family;
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
    if lanes > uhash_core::long::MAX_LANES {
        return Err(format!(
            "param 'n' must be at most {}, got {lanes}",
            uhash_core::long::MAX_LANES
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
/// derived from the seed exactly as `uhash_core::long::LongHash::from_seed`.
fn long_hash_value(call: &Call, spec: &LongSpec) -> Answer {
    use uhash_ref::kdf::{expand, label};
    let s = seed(call)?;
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
    uhash_ref::long::long_hash(&l1, spec.chunk, lane_bits, &l2, &l3, &call.msg).map_err(ref_err)
}

/// `long_hash`: reference composition.
pub(super) fn long_hash_reference(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    long_hash_value(call, &spec)
}

/// `long_mac`: reference composition of `long_hash` and `wc_mac`, with the pad
/// key derived from the seed under label (family, n, 0xff, 0).
pub(super) fn long_mac_reference(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    let nonce = nonce12(call)?;
    let h = long_hash_value(call, &spec)?;
    let pad_key: [u8; 16] = uhash_ref::kdf::expand(
        &seed(call)?,
        uhash_ref::kdf::label(spec.family, spec.lanes as u8, 0xff, 0),
        16,
    )
    .try_into()
    .map_err(|_| "internal error: pad key length".to_owned())?;
    let lane_bits = match spec.l1 {
        Level1::Mmh32 => 32,
        Level1::Nh => 64,
    };
    uhash_ref::mac::wegman_carter(&pad_key, &nonce, lane_bits, &h).map_err(ref_err)
}
