//! The long-message hashes (`uhash_base::long`): the reference
//! compositions of the families' kernels (keys from `uhash_ref::kdf`,
//! the outer layers from `uhash_ref::long`), and the production hash fed
//! in pieces with its own consistency checks, and the `UniversalHash`
//! paths of the hash types.

use uhash_base::kdf::KeyStream;
use uhash_base::long::{ChunkHash, LongHash};
use uhash_ref::kdf::{expand, label};
use uhash_ref::sqh as r;
use universal_hash::array::Array;
use universal_hash::typenum::Unsigned;
use universal_hash::{Reset, UniversalHash};

#[doc(hidden)]
pub use universal_hash::KeyInit;

/// The layer-2 and layer-3 keys of `n` lanes of `lane_bits` bits of
/// family `fam`, as `LongHash::from_seed` derives them (16 bytes each at
/// layer 2; at layer 3, 20 for 32-bit lanes, 24 for 64-bit).
#[must_use]
pub fn outer_keys(
    seed: &[u8; 16],
    fam: u16,
    n: usize,
    lane_bits: u32,
) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let l3_len = if lane_bits == 32 { 20 } else { 24 };
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
    let (l2, l3) = outer_keys(seed, fam, n, 32);
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
    let (l2, l3) = outer_keys(seed, fam, lanes, lane_bits);
    let f = if fam == SQH_ASM2 {
        r::sqh_asm2
    } else {
        r::sqh_e
    };
    let l1 = |c: &[u8]| -> Vec<u64> {
        let v = f(w as u32, &rk, &r::elements_le(c, w as u32)).unwrap();
        lanes_le(&r::to_le(&v, 4 * w), lane_bits)
    };
    uhash_ref::long::long_hash(&l1, chunk, lane_bits, &l2, &l3, msg).unwrap()
}

/// The lanes of `lane_bits` bits of a little-endian layer-1 output (a
/// Square Hash element cut into the long hash's lanes).
#[must_use]
pub fn lanes_le(le: &[u8], lane_bits: u32) -> Vec<u64> {
    le.chunks_exact(lane_bits as usize / 8)
        .map(|l| {
            let mut buf = [0u8; 8];
            buf[..l.len()].copy_from_slice(l);
            u64::from_le_bytes(buf)
        })
        .collect()
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

/// The `UniversalHash` paths of a hash type against its byte API
/// `bytes` (the output of the type's own `update`/`finalize` over a
/// message): whole blocks, fed as two slices, give the byte API's output,
/// through `finalize_reset` and again after it (all at once, a whole chunk
/// of blocks through `proc_par_blocks`); `update_padded` of a short
/// message is the byte API on the zero-padded message. `new` is the type
/// from `KeyInit`, whose blocks must be `block` bytes; `msg` must hold
/// more than 1000 bytes and 3 blocks; `what` names the type in the
/// messages.
pub fn universal_hash_paths<H: UniversalHash + Clone + Reset>(
    new: impl Fn() -> H,
    bytes: impl Fn(&[u8]) -> Vec<u8>,
    block: usize,
    msg: &[u8],
    what: &str,
) {
    let bs = H::BlockSize::USIZE;
    assert_eq!(bs, block, "{what}: block size");
    let whole = &msg[..msg.len() / bs * bs];
    let want = bytes(whole);
    let mut t = new();
    let (blocks, _) = Array::slice_as_chunks(whole);
    // an odd split so that chunk boundaries and the buffer interleave
    t.update(&blocks[..3]);
    t.update(&blocks[3..]);
    assert_eq!(t.finalize_reset().as_slice(), &want[..], "{what}");
    t.update(blocks);
    assert_eq!(t.finalize().as_slice(), &want[..], "{what} after reset");
    for len in [0usize, 1, bs - 1, bs, bs + 1, 1000] {
        let d = &msg[..len];
        let mut padded = d.to_vec();
        padded.resize(len.div_ceil(bs) * bs, 0);
        let mut t = new();
        t.update_padded(d);
        assert_eq!(t.finalize().as_slice(), &bytes(&padded)[..], "{what} {len}");
    }
}

/// [`universal_hash_paths`] for each hash type `Hash` with blocks of
/// `block` bytes (`Hash block, …`), keyed by the seed `[0x42; 16]` from
/// `KeyInit::new` and from its own `from_seed`, over a message of two
/// chunks of `chunk` bytes and 100 more (byte `i` is `13·i mod 256`).
#[macro_export]
macro_rules! assert_universal_hash_paths {
    ($chunk:expr; $($hash:ident $block:literal),* $(,)?) => {{
        let seed = [0x42u8; 16];
        let msg: Vec<u8> = (0..(2 * $chunk + 100) as u32)
            .map(|i| (i * 13) as u8)
            .collect();
        $(
            $crate::long::universal_hash_paths(
                || <$hash as $crate::long::KeyInit>::new(&seed.into()),
                |d| {
                    let mut h = $hash::from_seed(&seed);
                    h.update(d);
                    h.finalize()[..].to_vec()
                },
                $block,
                &msg,
                stringify!($hash),
            );
        )*
    }};
}
