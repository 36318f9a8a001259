//! `uhash-base` in the registry ([`FAMILY`]): its `uhash kat` rows and
//! their handlers (no engine or algorithm of its own).
//!
//! `uhash kat` for the constructions of `uhash-base` every family shares:
//! key expansion (`expand`) and the Wegman–Carter combinator (`wc_mac`),
//! from `uhash-base` under `--impl production` and from `uhash-ref` under
//! `--impl reference`. (The long-message names live with the families whose
//! level-1 functions they compose: `mmh`, `digest`.)

use crate::kat::backends::Engines;
use crate::kat::decode::{nonce12, param, ref_err, seed};
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "expand",
        aliases: &[],
        params: &["label", "len"],
        nonce: false,
        engines: Engines::NONE,
        reference: Some(expand_reference),
        production: Some(expand_production),
    },
    FnEntry {
        name: "wc_mac",
        aliases: &[],
        params: &["lane_bits"],
        nonce: true,
        engines: Engines::NONE,
        reference: Some(wc_mac_reference),
        production: Some(wc_mac_production),
    },
];

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

/// `expand` from `uhash-base::kdf`.
pub(crate) fn expand_production(call: &Call) -> Answer {
    let (label, len) = expand_params(call)?;
    let mut out = vec![0u8; len];
    uhash::base::kdf::expand(&seed(call)?, label, &mut out);
    Ok(out)
}

/// `expand` from `uhash-ref::kdf`.
pub(crate) fn expand_reference(call: &Call) -> Answer {
    let (label, len) = expand_params(call)?;
    Ok(uhash_ref::kdf::expand(&seed(call)?, label, len))
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

/// `wc_mac` from `uhash-base::mac`.
pub(crate) fn wc_mac_production(call: &Call) -> Answer {
    let b = lane_bytes(call, call.msg.len())?;
    let nonce = uhash::base::mac::MacNonce::from_bytes(nonce12(call)?);
    let mut out = vec![0u8; call.msg.len()];
    uhash::base::mac::tag_for_hash(&seed(call)?, &nonce, b, &call.msg, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// `wc_mac` from `uhash-ref::mac`.
pub(crate) fn wc_mac_reference(call: &Call) -> Answer {
    let b = lane_bytes(call, call.msg.len())?;
    uhash_ref::mac::wegman_carter(&seed(call)?, &nonce12(call)?, 8 * b as u32, &call.msg)
        .map_err(ref_err)
}

/// The constructions every family shares (`uhash-base`): no algorithm of
/// their own.
pub static FAMILY: Family = Family {
    package: "uhash-base",
    engines: &[],
    kat: KAT,
    algs: &[],
    fuzz_target: "core_reductions",
    epsilon: &[],
};
