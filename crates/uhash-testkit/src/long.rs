//! The long-message hashes (`uhash_base::long`): the reference
//! compositions of the families' kernels (keys from `uhash_ref::kdf`,
//! the outer layers from `uhash_ref::long`), and the production hash fed
//! in pieces with its own consistency checks.

use uhash_base::kdf::KeyStream;
use uhash_base::long::{ChunkHash, LongHash};
use uhash_ref::kdf::{expand, label};
use uhash_ref::sqh as r;

/// The layer-2 and layer-3 keys of `n` lanes of family `fam`
/// (`l3_len` bytes each at layer 3: 20 for 32-bit lanes, 24 for 64-bit).
fn outer_keys(seed: &[u8; 16], fam: u16, n: usize, l3_len: usize) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let l2 = (0..n)
        .map(|i| expand(seed, label(fam, n as u8, 2, i as u32), 16))
        .collect();
    let l3 = (0..n)
        .map(|i| expand(seed, label(fam, n as u8, 3, i as u32), l3_len))
        .collect();
    (l2, l3)
}

/// Little-endian 32-bit words of `b`, widened (whole words only).
fn words32(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(4)
        .map(|c| u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect()
}

/// The long-message hash of `n` lanes of the reference digestMW
/// (`uhash_ref::digest::digest_mw`, 32-bit words) under family `fam`,
/// chunks of `chunk` bytes.
#[must_use]
pub fn digest_mw_hash(fam: u16, n: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    let key = words32(&expand(
        seed,
        label(fam, n as u8, 1, 0),
        4 * (chunk / 4 + n),
    ));
    let (l2, l3) = outer_keys(seed, fam, n, 20);
    let l1 = |c: &[u8]| uhash_ref::digest::digest_mw(32, &key, &words32(c), n).unwrap();
    uhash_ref::long::long_hash(&l1, chunk, 32, &l2, &l3, msg).unwrap()
}

/// The family code of the SQH long hash over `sqh_asm2`; any other code
/// composes `sqh_e`.
pub const SQH_ASM2: u16 = 0x020A;

/// The long-message hash of the reference Square Hash of `w`-word
/// elements (`sqh_asm2` for family [`SQH_ASM2`], else `sqh_e`), in
/// `lanes` lanes of `lane_bits` bits, chunks of `chunk` bytes.
#[must_use]
pub fn sqh_hash(
    fam: u16,
    w: usize,
    (lanes, lane_bits): (usize, u32),
    chunk: usize,
    seed: &[u8; 16],
    msg: &[u8],
) -> Vec<u8> {
    let key = expand(seed, label(fam, lanes as u8, 1, 0), chunk);
    let rk = r::elements_le(&key, w as u32);
    let (l2, l3) = outer_keys(seed, fam, lanes, if lane_bits == 32 { 20 } else { 24 });
    let f = if fam == SQH_ASM2 {
        r::sqh_asm2
    } else {
        r::sqh_e
    };
    let l1 = |c: &[u8]| -> Vec<u64> {
        let v = f(w as u32, &rk, &r::elements_le(c, w as u32)).unwrap();
        r::to_le(&v, 4 * w)
            .chunks_exact(lane_bits as usize / 8)
            .map(|l| {
                let mut buf = [0u8; 8];
                buf[..l.len()].copy_from_slice(l);
                u64::from_le_bytes(buf)
            })
            .collect()
    };
    uhash_ref::long::long_hash(&l1, chunk, lane_bits, &l2, &l3, msg).unwrap()
}

/// The production long hash of the kernel `make` builds from `seed`, fed
/// `msg` in consecutive pieces of the lengths `pieces` (and the rest).
/// Checks, before returning it, that hashing again after `finalize` (the
/// state reset) and the one-shot path (whole chunks in place, the tail by
/// the kernel's `hash_tail`) give the same output.
pub fn streamed<H: ChunkHash>(
    make: impl FnOnce(&mut KeyStream) -> Result<H, uhash_base::Error>,
    seed: &[u8; 16],
    msg: &[u8],
    pieces: &[usize],
) -> Vec<u8> {
    let mut h = LongHash::<H>::from_seed_with_kernel(seed, make).unwrap();
    let mut rest = msg;
    for &s in pieces {
        let s = s.min(rest.len());
        h.update(&rest[..s]);
        rest = &rest[s..];
    }
    h.update(rest);
    let mut out = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut out).unwrap();
    h.update(msg);
    let mut again = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut again).unwrap();
    assert_eq!(
        out,
        again,
        "hashing again after finalize, len {}",
        msg.len()
    );
    let mut once = vec![0u8; LongHash::<H>::OUT_BYTES];
    h.key().hash_into(msg, &mut once).unwrap();
    assert_eq!(out, once, "one-shot vs streaming, len {}", msg.len());
    out
}
