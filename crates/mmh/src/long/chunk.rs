//! What the kernel files share about a chunk: its default size, the key
//! words it takes from the key stream, and for NH and NMH32 the table of
//! what the zero padding of a short last chunk adds. A leaf: `long.rs`
//! re-exports [`CHUNK_BYTES`], the kernel files call the rest.

use uhash_base::keybuf::KeyWords;

use crate::kernels::{Engine32, Kernels32};

/// The default chunk size: 16 KiB. The level-1 key is as long (plus a few
/// words), so it stays in the first-level data cache next to the message
/// stream, while level 2 (one multiplication mod 2^130 − 5 per chunk and
/// lane) and the per-message finish stay a few percent of the kernel's work
/// on long messages.
pub const CHUNK_BYTES: usize = 16 * 1024;

/// The whole 32-bit words of `chunk` that hold its first `used` bytes.
pub(crate) fn words_used(used: usize, chunk: &[u8]) -> &[u8] {
    chunk.get(..used.div_ceil(4) * 4).unwrap_or(chunk)
}

/// Bytes per block of the NH padding table.
pub(crate) const PAD_BLOCK: usize = 64;

/// For NH and NMH32: what the zero padding of a chunk adds. Entry
/// (b, r) is Σ k_{2p+2r}·k_{2p+1+2r} mod 2^64 over the pairs p from block
/// b (64 bytes, 8 pairs) to the end of the chunk, i.e. NH of all-zero words
/// from byte 64b on, under lane r's key window. A short last chunk then
/// costs NH over its used blocks plus one table entry, instead of NH over
/// the whole padded chunk. Derived from the key: zeroized on drop.
pub(crate) fn nh_pad_table(key: &[u32], chunk: usize, lanes: usize) -> KeyWords<u64> {
    let blocks = chunk.div_ceil(PAD_BLOCK);
    let pairs = chunk / 8;
    let mut table = alloc::vec![0u64; (blocks + 1) * lanes];
    for r in 0..lanes {
        let mut s = 0u64;
        for b in (0..blocks).rev() {
            for p in (8 * b..(8 * b + 8).min(pairs)).rev() {
                let k0 = key.get(2 * p + 2 * r).copied().unwrap_or(0);
                let k1 = key.get(2 * p + 1 + 2 * r).copied().unwrap_or(0);
                s = s.wrapping_add(u64::from(k0) * u64::from(k1));
            }
            table[b * lanes + r] = s;
        }
    }
    let out = KeyWords::from_slice(&table);
    zeroize::Zeroize::zeroize(&mut table);
    out
}

/// NH sums of the chunk `chunk[..used] ‖ 0…` (its bytes from `used` on are
/// zero): the whole blocks holding message bytes through the kernel, the
/// rest from the padding table.
pub(crate) fn nh_padded<const N: usize>(
    engine: Engine32,
    key: &[u32],
    table: &[u64],
    chunk: &[u8],
    used: usize,
) -> [u64; N] {
    let cut = (used.div_ceil(PAD_BLOCK) * PAD_BLOCK).min(chunk.len());
    let mut sums = engine.nh_sums::<N>(key, chunk.get(..cut).unwrap_or(chunk));
    if cut < chunk.len() {
        let b = cut / PAD_BLOCK;
        for (r, s) in sums.iter_mut().enumerate() {
            *s = s.wrapping_add(table.get(b * N + r).copied().unwrap_or(0));
        }
    }
    sums
}

/// NH sums of the last chunk of a message given only its bytes `tail`
/// (1..`chunk` of them; the chunk is `chunk` bytes): the whole 64-byte
/// blocks where they lie, the last partial block zero-padded on the stack,
/// the rest from the padding table — the same value as [`nh_padded`] of
/// the zero-padded chunk, without a chunk-sized buffer.
pub(crate) fn nh_tail<const N: usize>(
    engine: Engine32,
    key: &[u32],
    table: &[u64],
    chunk: usize,
    tail: &[u8],
) -> [u64; N] {
    let full = tail.len() / PAD_BLOCK * PAD_BLOCK;
    let mut sums = engine.nh_sums::<N>(key, &tail[..full]);
    let rest = &tail[full..];
    let mut cut = full;
    if !rest.is_empty() {
        let mut block = [0u8; PAD_BLOCK];
        block[..rest.len()].copy_from_slice(rest);
        let n = (chunk - full).min(PAD_BLOCK);
        let last = engine.nh_sums::<N>(key.get(full / 4..).unwrap_or(&[]), &block[..n]);
        for (s, l) in sums.iter_mut().zip(last) {
            *s = s.wrapping_add(l);
        }
        cut += n;
    }
    if cut < chunk {
        let b = cut / PAD_BLOCK;
        for (r, s) in sums.iter_mut().enumerate() {
            *s = s.wrapping_add(table.get(b * N + r).copied().unwrap_or(0));
        }
    }
    sums
}
