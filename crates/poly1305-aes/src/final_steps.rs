//! The definition's two steps outside the block loop, shared by every
//! backend and every type: a final chunk of 1..=15 bytes read as an
//! integer ([`pad_partial`]), and the tag (h mod p + s) mod 2^128
//! ([`finish`]). A leaf: it imports nothing of the crate but the 16-byte
//! store (`backend/bytes16.rs`), so the kernels, the backends and the
//! states all build on it.

/// (h mod p + s) mod 2^128, little-endian, for h₂ ≤ 5 (h < 6·2^128 < 2p;
/// the kernels leave h₂ ≤ 4).
/// Every backend finishes here (the IFMA batch in its vector lanes).
///
/// h mod p is h or h − p: with g = h + 5, h ≥ p iff g ≥ 2^130, and then
/// (h − p + s) mod 2^128 = (h + 5 + s) mod 2^128. Both candidates are
/// summed while g's bits from 2^128 up (g₂ ≤ 6; g ≥ 2^130 iff g₂ ≥ 4) are
/// computed, and the choice is the last step, without a branch on the
/// secret h: `uhash_base::ct::select2_if_ge_u64` (a comparison and two
/// conditional moves on x86-64; a mask through the optimisation barrier
/// elsewhere, so that the optimiser cannot turn the select into a branch).
/// Always inlined: the tag is built in registers where it is used.
#[inline(always)]
pub(crate) fn finish(h: &[u64; 3], s: u128) -> [u8; 16] {
    let [h0, h1, h2] = *h;
    let low = u128::from(h0) | u128::from(h1) << 64;
    let keep = low.wrapping_add(s);
    let minus_p = low.wrapping_add(s.wrapping_add(5));
    let t0 = u128::from(h0) + 5;
    let t1 = u128::from(h1) + (t0 >> 64);
    let g2 = h2 + (t1 >> 64) as u64; // ≤ 6
    let [lo, hi] = uhash_base::ct::select2_if_ge_u64(
        g2,
        4,
        [minus_p as u64, (minus_p >> 64) as u64],
        [keep as u64, (keep >> 64) as u64],
    );
    crate::backend::bytes16::bytes16(lo, hi)
}

/// A final chunk of 1..=15 bytes (longer input: its first 15) read
/// little-endian plus 2^(8·len), without a call to `memcpy`: pieces of 8,
/// 4, 2 and 1 bytes chosen by the (public) length.
#[inline(always)]
pub(crate) fn pad_partial(tail: &[u8]) -> u128 {
    let n = tail.len().min(15);
    let mut v = 0u128;
    let mut off = 0;
    if n & 8 != 0 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&tail[off..off + 8]);
        v |= u128::from(u64::from_le_bytes(w)) << (8 * off);
        off += 8;
    }
    if n & 4 != 0 {
        let mut w = [0u8; 4];
        w.copy_from_slice(&tail[off..off + 4]);
        v |= u128::from(u32::from_le_bytes(w)) << (8 * off);
        off += 4;
    }
    if n & 2 != 0 {
        let mut w = [0u8; 2];
        w.copy_from_slice(&tail[off..off + 2]);
        v |= u128::from(u16::from_le_bytes(w)) << (8 * off);
        off += 2;
    }
    if n & 1 != 0 {
        v |= u128::from(tail[off]) << (8 * off);
    }
    v | 1u128 << (8 * n)
}
