//! The `--impl production` handlers of the `mmh` crate's names: `mmh32`,
//! `mmh32_toeplitz`, `nmh32`, `mmh64`, `nh`, `nh_toeplitz`, and the
//! long-message hash and MAC `long_hash`/`long_mac` (families 257 = MMH32
//! and 260 = NH). Layouts and checks are those of the reference handlers
//! (the argument decoding is shared with them), so both implementations
//! give the same answer, errors included; the fastest backend of the CPU
//! computes.

use mmh::long::{Mmh32Kernel, NhKernel};
use mmh::{Engine32, Engine64};
use uhash_core::kdf;
use uhash_core::long::{ChunkHash, LongHash};
use uhash_core::mac::{MacHash, Nonce, WegmanCarter};

use super::Call;
use super::composite::{Level1, LongSpec, long_spec, nonce12, seed};
use super::reference::{add_words, key_prefix, msg_words, param_count, words32, words64};

type Answer = Result<Vec<u8>, String>;

fn err(e: mmh::Error) -> String {
    e.to_string()
}

/// `mmh32`: k ≥ 1 words, key ≥ k words, out LE32.
pub(super) fn mmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = mmh::mmh32(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh32_toeplitz`: n ≥ 1 (at most 8 in production: more is an error the
/// reference would not give, so larger n are answered by the definition,
/// one window at a time).
pub(super) fn mmh32_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, false)?;
    let key = words32(key_prefix(call, add_words(k, n - 1, "n")?, 4)?);
    let mut out = Vec::with_capacity(4 * n);
    // Windows in groups of at most MAX_N outputs: window r is MMH32 under
    // the key shifted by r words.
    let mut r = 0;
    while r < n {
        let g = (n - r).min(mmh::MAX_N);
        let mut d = [0u32; mmh::MAX_N];
        mmh::mmh32_toeplitz(&key[r..], &call.msg, &mut d[..g]).map_err(err)?;
        out.extend(d[..g].iter().flat_map(|w| w.to_le_bytes()));
        r += g;
    }
    Ok(out)
}

/// `nmh32`: k even, key ≥ k words, out LE32.
pub(super) fn nmh32(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = mmh::nmh32(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `mmh64`: 8-byte words, key ≥ k words, out LE64.
pub(super) fn mmh64(call: &Call) -> Answer {
    let k = msg_words(call, 8, false)?;
    let key = words64(key_prefix(call, k, 8)?, 8);
    let d = Engine64::detect().mmh64(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh`: k even, key ≥ k words, out LE64.
pub(super) fn nh(call: &Call) -> Answer {
    let k = msg_words(call, 4, true)?;
    let key = words32(key_prefix(call, k, 4)?);
    let d = mmh::nh(&key, &call.msg).map_err(err)?;
    Ok(d.to_le_bytes().to_vec())
}

/// `nh_toeplitz`: n ≥ 1, key ≥ k + 2(n − 1) words, out n × LE64 (groups of
/// at most 8 windows, as for `mmh32_toeplitz`).
pub(super) fn nh_toeplitz(call: &Call) -> Answer {
    let n = param_count(call, "n")?;
    let k = msg_words(call, 4, true)?;
    let shift = (n - 1)
        .checked_mul(2)
        .ok_or_else(|| "param 'n' is too large for any key".to_owned())?;
    let key = words32(key_prefix(call, add_words(k, shift, "n")?, 4)?);
    let mut out = Vec::with_capacity(8 * n);
    let mut r = 0;
    while r < n {
        let g = (n - r).min(mmh::MAX_N);
        let mut d = [0u64; mmh::MAX_N];
        mmh::nh_toeplitz(&key[2 * r..], &call.msg, &mut d[..g]).map_err(err)?;
        out.extend(d[..g].iter().flat_map(|w| w.to_le_bytes()));
        r += g;
    }
    Ok(out)
}

/// The largest `chunk` parameter (`long_spec` checks it).
const MAX_CHUNK: usize = 1 << 16;

/// The hash (`mac = None`) or tag of `msg` under `LongHash<H>` keyed from
/// `seed` with the kernel built by `make`.
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

/// Dispatches the run-time lane count to the kernels' const parameter.
fn long_value(spec: &LongSpec, seed: &[u8; 16], msg: &[u8], mac: Option<&Nonce>) -> Answer {
    let chunk = spec.chunk;
    let e = Engine32::detect();
    macro_rules! lanes {
        ($kernel:ident, $($n:literal)+) => {
            match spec.lanes {
                $($n => run(seed, msg, mac, |ks| {
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

/// `long_hash` from `mmh::long` kernels over `uhash_core::long::LongHash`.
pub(super) fn long_hash(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    long_value(&spec, &seed(call)?, &call.msg, None)
}

/// `long_mac`: `uhash_core::mac::WegmanCarter` over the `long_hash` value,
/// pad key under label (family, n, 0xff, 0).
pub(super) fn long_mac(call: &Call) -> Answer {
    let spec = long_spec(call)?;
    let nonce = Nonce::from_bytes(nonce12(call)?);
    long_value(&spec, &seed(call)?, &call.msg, Some(&nonce))
}
