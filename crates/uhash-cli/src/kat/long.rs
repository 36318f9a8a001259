//! The production side of the long-message names (`long_hash`/`long_mac`
//! over MMH32 and NH, `digest_mw_long_hash`/`digest_mw_long_mac`): one
//! keyed `LongKey` over the family's kernel, one-shot.

use uhash::base::kdf;
use uhash::base::long::{ChunkHash, LongKey};
use uhash::base::mac::{MacNonce, tag_for_hash};

use super::table::Answer;

/// The hash (`mac = None`) or tag of `msg` under the long-message keys of
/// kernel `H` from `seed` (the kernel built by `make`): the one-shot hash
/// of `LongKey`; for the MAC, as `WegmanCarter::from_seed`, the hash keyed
/// from the seed derived under label (family, n, 0xfe, 0) and
/// `uhash::base::mac::tag_for_hash` with the pad key under label
/// (family, n, 0xff, 0).
pub(crate) fn hash_or_tag<H: ChunkHash>(
    seed: &[u8; 16],
    msg: &[u8],
    mac: Option<&MacNonce>,
    make: impl FnOnce(&mut kdf::KeyStream) -> Result<H, uhash::base::Error>,
) -> Answer {
    let label = |level| kdf::label(H::FAMILY, H::LANES as u8, level, 0);
    let mut hash_seed: [u8; 16] = match mac {
        None => *seed,
        Some(_) => kdf::expand_array(seed, label(kdf::LEVEL_MAC_HASH)),
    };
    let key = LongKey::<H>::from_seed_with_kernel(&hash_seed, make);
    hash_seed.fill(0);
    let key = key.map_err(|e| e.to_string())?;
    let mut out = vec![0u8; LongKey::<H>::OUT_BYTES];
    key.hash_into(msg, &mut out).map_err(|e| e.to_string())?;
    match mac {
        None => Ok(out),
        Some(nonce) => {
            let mut pad_key: [u8; 16] = kdf::expand_array(seed, label(kdf::LEVEL_MAC_PAD));
            let mut tag = vec![0u8; out.len()];
            let done = tag_for_hash(&pad_key, nonce, H::LANE_BITS as usize / 8, &out, &mut tag);
            pad_key.fill(0);
            done.map_err(|e| e.to_string())?;
            Ok(tag)
        }
    }
}
