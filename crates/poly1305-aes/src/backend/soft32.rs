//! Portable Poly1305 block function in radix 2^26 for 32-bit targets.
//!
//! Every product is `u32 × u32 → u64` (one `umull`/`mul` on 32-bit CPUs); no
//! `u128` multiplication appears, so the code is fast where the 64-bit
//! backend (`u64 × u64 → u128`) would call a multi-word multiply routine.
//! This is the classic "donna" 32-bit layout: the accumulator `h` and the
//! clamped `r` are five 26-bit limbs, `h = h₀ + 2^26·h₁ + 2^52·h₂ + 2^78·h₃ +
//! 2^104·h₄`, and since `2^130 ≡ 5 (mod p)` the wrapped products use
//! `sᵢ = 5·rᵢ`.
//!
//! # Contract (shared by every backend)
//! [`blocks`] absorbs `data` as 16-byte little-endian blocks `mᵢ`:
//! `h ← (h + mᵢ + hibit·2^128)·r mod p`, `p = 2^130 − 5`, partially reduced.
//! `h` is three little-endian 64-bit limbs `h[0] + 2^64·h[1] + 2^128·h[2]`;
//! on exit `h < 2^130 + 2^128` (`h[2] ≤ 4`) and `h` is *some* representative
//! of its class mod `p` (not necessarily `< p`). On entry any value is
//! accepted: the function first folds `h` to `h mod 2^130 + 5·⌊h/2^130⌋`
//! (same class mod `p`, below `2^130 + 2^65`), so even an `h[2]` outside
//! the contract cannot overflow anything. `r` is the clamped `r` (RFC 8439 /
//! Bernstein §2 "Keys") as two little-endian `u64` limbs; the clamp masks are
//! applied again while splitting it into limbs (the identity on a clamped
//! `r`), so an unclamped `r` cannot overflow the limb products either (it is
//! simply treated as its clamped value). A trailing partial block (when
//! `data.len()` is not a multiple of 16) is ignored: the caller pads the final
//! chunk itself (with `hibit = false`).
//!
//! Bytes are read with `u32::from_le_bytes`, so the result is the same on
//! little- and big-endian machines (tested on s390x under qemu).
//!
//! # Ranges (why nothing overflows)
//! After each block's carry chain every limb is `< 2^26` except `h₁ < 2^26 +
//! 2^6`. Adding a message limb (`< 2^26`, the top one `< 2^24` plus the
//! `2^24` pad bit) keeps every limb `< 2^27`; on entry `h₄ ≤ (2^24 − 1) +
//! 4·2^24` plus those `2^25`, also `< 2^27`. Clamped limbs satisfy `rᵢ <
//! 2^26` and `sᵢ = 5rᵢ < 5·2^26`, so each of the five products in a column
//! is `< 5·2^53` and a column `< 25·2^53 < 2^58` fits a `u64`. The top
//! column `d₄` uses no `sᵢ`, so `d₄ < 5·2^53` and its carry `c < 2^28`; `5c
//! < 2^31` re-enters `h₀` without overflow.
//!
//! Constant time: no branch or index depends on `h`, `r` or `data` (only on
//! `data.len()`, which is public).

use crate::kernels::Kernels;
use uhash_base::backend::Soft32;

impl Kernels for Soft32 {
    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        blocks(h, r, data, hibit);
    }

    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }
}

/// Mask of one 26-bit limb.
const M26: u32 = 0x03ff_ffff;

/// Folds `h = h[0] + 2^64 h[1] + 2^128 h[2]` to `h mod 2^130 + 5·⌊h/2^130⌋`:
/// the same class mod `2^130 − 5`, and `< 2^130 + 5·2^62`, so the result has
/// `h[2] ≤ 4`. Branch-free; valid for every input (no overflow).
#[inline(always)]
pub(crate) fn fold(h: [u64; 3]) -> [u64; 3] {
    let c = h[2] >> 2;
    // 5c as a u128 without a multiplication (cheap on 32-bit targets too).
    let five_c = u128::from(c) + (u128::from(c) << 2);
    let t = u128::from(h[0]) + five_c;
    let h0 = t as u64;
    let t = (t >> 64) + u128::from(h[1]);
    let h1 = t as u64;
    let h2 = (h[2] & 3) + (t >> 64) as u64;
    [h0, h1, h2]
}

/// Reads the little-endian `u32` at `b[i..i + 4]` of a 16-byte block.
#[inline(always)]
fn le32(b: &[u8; 16], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

/// Absorbs the whole 16-byte blocks of `data` into `h`:
/// `h ← (h + m + hibit·2^128)·r mod 2^130 − 5` per block, partially reduced.
///
/// See the [module documentation](self) for the exact contract (ranges of
/// `h` on entry and exit, the clamp of `r`, and the ignored trailing partial
/// block).
pub(crate) fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    let [w0, w1, w2] = fold(*h);
    // Split h into five 26-bit limbs (w2 ≤ 4, so h4 < 5·2^24).
    let mut h0 = (w0 as u32) & M26;
    let mut h1 = ((w0 >> 26) as u32) & M26;
    let mut h2 = (((w0 >> 52) | (w1 << 12)) as u32) & M26;
    let mut h3 = ((w1 >> 14) as u32) & M26;
    let mut h4 = ((w1 >> 40) | (w2 << 24)) as u32;

    // Split r, re-applying the clamp (identity on a clamped r).
    let (ra, rb) = (r[0], r[1]);
    let r0 = (ra as u32) & 0x03ff_ffff;
    let r1 = ((ra >> 26) as u32) & 0x03ff_ff03;
    let r2 = (((ra >> 52) | (rb << 12)) as u32) & 0x03ff_c0ff;
    let r3 = ((rb >> 14) as u32) & 0x03f0_3fff;
    let r4 = ((rb >> 40) as u32) & 0x000f_ffff;
    let (s1, s2, s3, s4) = (r1 * 5, r2 * 5, r3 * 5, r4 * 5);
    let (r0, r1, r2, r3, r4) = (
        u64::from(r0),
        u64::from(r1),
        u64::from(r2),
        u64::from(r3),
        u64::from(r4),
    );
    let (s1, s2, s3, s4) = (u64::from(s1), u64::from(s2), u64::from(s3), u64::from(s4));
    let hi = u32::from(hibit) << 24;

    for block in data.chunks_exact(16) {
        let mut b = [0u8; 16];
        b.copy_from_slice(block);
        let (t0, t1, t2, t3) = (le32(&b, 0), le32(&b, 4), le32(&b, 8), le32(&b, 12));
        h0 += t0 & M26;
        h1 += ((t0 >> 26) | (t1 << 6)) & M26;
        h2 += ((t1 >> 20) | (t2 << 12)) & M26;
        h3 += ((t2 >> 14) | (t3 << 18)) & M26;
        h4 += (t3 >> 8) | hi;

        let (g0, g1, g2, g3, g4) = (
            u64::from(h0),
            u64::from(h1),
            u64::from(h2),
            u64::from(h3),
            u64::from(h4),
        );
        let d0 = g0 * r0 + g1 * s4 + g2 * s3 + g3 * s2 + g4 * s1;
        let mut d1 = g0 * r1 + g1 * r0 + g2 * s4 + g3 * s3 + g4 * s2;
        let mut d2 = g0 * r2 + g1 * r1 + g2 * r0 + g3 * s4 + g4 * s3;
        let mut d3 = g0 * r3 + g1 * r2 + g2 * r1 + g3 * r0 + g4 * s4;
        let mut d4 = g0 * r4 + g1 * r3 + g2 * r2 + g3 * r1 + g4 * r0;

        d1 += d0 >> 26;
        h0 = (d0 as u32) & M26;
        d2 += d1 >> 26;
        h1 = (d1 as u32) & M26;
        d3 += d2 >> 26;
        h2 = (d2 as u32) & M26;
        d4 += d3 >> 26;
        h3 = (d3 as u32) & M26;
        let c = (d4 >> 26) as u32;
        h4 = (d4 as u32) & M26;
        h0 += c * 5;
        h1 += h0 >> 26;
        h0 &= M26;
    }

    // Full carry from h1 up, so h0..h3 are exact 26-bit fields and the limbs
    // can be OR-ed together; h4 < 2^26 + 1.
    h2 += h1 >> 26;
    h1 &= M26;
    h3 += h2 >> 26;
    h2 &= M26;
    h4 += h3 >> 26;
    h3 &= M26;
    let (h0, h1, h2, h3, h4) = (
        u64::from(h0),
        u64::from(h1),
        u64::from(h2),
        u64::from(h3),
        u64::from(h4),
    );
    *h = [
        h0 | (h1 << 26) | (h2 << 52),
        (h2 >> 12) | (h3 << 14) | (h4 << 40),
        h4 >> 24,
    ];
}

/// Test helpers shared by the soft32 and float tests: a plain radix-2^64
/// reference loop, the final freeze, full tags, and generic checks that take
/// a block function.
#[cfg(test)]
pub(crate) mod testutil {
    extern crate std;
    use std::vec::Vec;

    /// The signature every backend's `blocks` has.
    pub(crate) type BlocksFn = fn(&mut [u64; 3], &[u64; 2], &[u8], bool);

    /// The clamped `r` of a 16-byte key half, as two LE `u64` limbs.
    pub(crate) fn r_limbs(r: &[u8; 16]) -> [u64; 2] {
        let c = uhash_ref::poly1305::clamp(r);
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        a.copy_from_slice(&c[..8]);
        b.copy_from_slice(&c[8..]);
        [u64::from_le_bytes(a), u64::from_le_bytes(b)]
    }

    /// Simple radix-2^64 reference block loop with `u64 × u64 → u128`
    /// products (the ordinary 64-bit method), same contract as `blocks`.
    pub(crate) fn ref_blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        let [mut h0, mut h1, mut h2] = super::fold(*h);
        let r0 = r[0] & 0x0fff_fffc_0fff_ffff;
        let r1 = r[1] & 0x0fff_fffc_0fff_fffc;
        // 2^128 ≡ 5/4 · 2^130 / 2^2: r1·2^128 wraps as (r1/4)·5.
        let s1 = r1 + (r1 >> 2);
        for block in data.chunks_exact(16) {
            let mut a = [0u8; 8];
            let mut b = [0u8; 8];
            a.copy_from_slice(&block[..8]);
            b.copy_from_slice(&block[8..]);
            let t = u128::from(h0) + u128::from(u64::from_le_bytes(a));
            h0 = t as u64;
            let t = (t >> 64) + u128::from(h1) + u128::from(u64::from_le_bytes(b));
            h1 = t as u64;
            h2 += (t >> 64) as u64 + u64::from(hibit);

            let d0 = u128::from(h0) * u128::from(r0) + u128::from(h1) * u128::from(s1);
            let d1 = u128::from(h0) * u128::from(r1)
                + u128::from(h1) * u128::from(r0)
                + u128::from(h2) * u128::from(s1);
            let d2 = h2 * r0;
            let d1 = d1 + (d0 >> 64);
            let d2 = d2 + (d1 >> 64) as u64;
            // d2·2^128: keep 2 bits, wrap the rest times 5.
            let c = (d2 >> 2) + (d2 & !3);
            let t = u128::from(d0 as u64) + u128::from(c);
            h0 = t as u64;
            let t = (t >> 64) + u128::from(d1 as u64);
            h1 = t as u64;
            h2 = (d2 & 3) + (t >> 64) as u64;
        }
        *h = [h0, h1, h2];
    }

    /// `h mod 2^130 − 5` as `(low 128 bits, bits 128..130)`.
    pub(crate) fn freeze(h: [u64; 3]) -> (u128, u64) {
        let [h0, h1, h2] = super::fold(h);
        let lo = u128::from(h0) | (u128::from(h1) << 64);
        // h < 2^130 + 5·2^62 < 2p: subtract p at most once.
        let (g, c) = lo.overflowing_add(5);
        let g2 = h2 + u64::from(c);
        if g2 >= 4 { (g, g2 - 4) } else { (lo, h2) }
    }

    /// Full Poly1305 tag (RFC 8439 key `r ‖ s`) computed with `f`: whole
    /// blocks in one call, the padded final chunk in a second call.
    pub(crate) fn tag(f: BlocksFn, key: &[u8; 32], msg: &[u8]) -> [u8; 16] {
        let mut rb = [0u8; 16];
        rb.copy_from_slice(&key[..16]);
        let r = r_limbs(&rb);
        let mut h = [0u64; 3];
        let full = msg.len() / 16 * 16;
        f(&mut h, &r, &msg[..full], true);
        let tail = &msg[full..];
        if !tail.is_empty() {
            let mut last = [0u8; 16];
            last[..tail.len()].copy_from_slice(tail);
            last[tail.len()] = 1;
            f(&mut h, &r, &last, false);
        }
        assert!(h[2] <= 4, "exit range violated: h2 = {}", h[2]);
        let (lo, _) = freeze(h);
        let mut sb = [0u8; 16];
        sb.copy_from_slice(&key[16..]);
        lo.wrapping_add(u128::from_le_bytes(sb)).to_le_bytes()
    }

    /// Deterministic test bytes (xorshift64*).
    pub(crate) fn bytes(seed: u64, n: usize) -> Vec<u8> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
            })
            .collect()
    }

    /// Lengths named by the issue, plus a few more around block edges.
    pub(crate) const EDGE_LENGTHS: [usize; 14] =
        [0, 1, 15, 16, 17, 31, 32, 63, 64, 65, 257, 4095, 4096, 4097];

    /// Tags of `f` equal `uhash_ref::poly1305` at the edge lengths for random
    /// keys and messages, all-0xff messages, max r and max s.
    pub(crate) fn check_edges(f: BlocksFn) {
        let max_key = [0xffu8; 32]; // clamps to r = 0x0ffffffc0ffffffc0ffffffc0fffffff
        for (i, &len) in EDGE_LENGTHS.iter().enumerate() {
            let seed = 0x9e37_79b9_7f4a_7c15 ^ (i as u64);
            let mut key = [0u8; 32];
            key.copy_from_slice(&bytes(seed, 32));
            let msg = bytes(seed.rotate_left(17), len);
            let ff = std::vec![0xffu8; len];
            for (k, m) in [(&key, &msg), (&key, &ff), (&max_key, &msg), (&max_key, &ff)] {
                assert_eq!(
                    tag(f, k, m),
                    uhash_ref::poly1305::poly1305(k, m),
                    "len {len}, key {k:02x?}"
                );
            }
        }
    }

    /// Starting from `h0` (any value, including above the documented entry
    /// range), `f` and the reference loop agree mod p, and `f`'s result is in
    /// the exit range.
    pub(crate) fn check_from(f: BlocksFn, h0: [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        let mut a = h0;
        let mut b = h0;
        f(&mut a, r, data, hibit);
        ref_blocks(&mut b, r, data, hibit);
        assert!(a[2] <= 4, "exit range violated: {a:x?}");
        assert_eq!(
            freeze(a),
            freeze(b),
            "h0 {h0:x?} r {r:x?} len {}",
            data.len()
        );
    }

    /// Carry stress: h at and above the top of the allowed range, max r,
    /// all-0xff data, with and without the pad bit.
    pub(crate) fn check_top_range(f: BlocksFn) {
        let max_r = r_limbs(&[0xff; 16]);
        let tops = [
            [u64::MAX, u64::MAX, 4],
            [u64::MAX, u64::MAX, 5],
            [u64::MAX - 4, u64::MAX, 3],          // exactly p
            [0xffff_ffff_ffff_fffa, u64::MAX, 3], // p − 1
            [u64::MAX - 9, u64::MAX, 7],          // 2p
            [u64::MAX, u64::MAX, u64::MAX],       // outside the contract: folded
            [0, 0, 0],
        ];
        for h0 in tops {
            for len in [0usize, 16, 32, 64, 4096] {
                let ff = std::vec![0xffu8; len];
                for hibit in [true, false] {
                    check_from(f, h0, &max_r, &ff, hibit);
                }
            }
        }
    }

    /// Splitting the data over several calls (at block boundaries given by
    /// `cuts`) gives the same h mod p as one call; a trailing partial block is
    /// ignored.
    pub(crate) fn check_chained(f: BlocksFn, key: &[u8; 16], data: &[u8], cuts: &[usize]) {
        let r = r_limbs(key);
        let full = data.len() / 16 * 16;
        let mut one = [0u64; 3];
        f(&mut one, &r, data, true);
        let mut whole = [0u64; 3];
        f(&mut whole, &r, &data[..full], true);
        assert_eq!(one, whole, "trailing partial block was not ignored");
        let mut pts: Vec<usize> = cuts.iter().map(|c| c % (full + 1) / 16 * 16).collect();
        pts.push(0);
        pts.push(full);
        pts.sort_unstable();
        let mut h = [0u64; 3];
        for w in pts.windows(2) {
            f(&mut h, &r, &data[w[0]..w[1]], true);
            assert!(h[2] <= 4);
        }
        assert_eq!(freeze(h), freeze(one));
        let mut reference = [0u64; 3];
        ref_blocks(&mut reference, &r, &data[..full], true);
        assert_eq!(freeze(h), freeze(reference));
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::testutil::*;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reference_loop_matches_uhash_ref() {
        check_edges(ref_blocks);
    }

    #[test]
    fn edges() {
        check_edges(blocks);
    }

    #[test]
    fn top_range() {
        check_top_range(blocks);
    }

    #[test]
    fn fold_keeps_class_and_range() {
        for h in [[u64::MAX; 3], [1, 2, 4], [0, 0, 5], [7, 0, u64::MAX >> 1]] {
            let f = fold(h);
            assert!(f[2] <= 4);
            assert_eq!(freeze(h), freeze(f));
        }
        // (2^130 + 2^128) ≡ 5 + 2^128.
        assert_eq!(fold([0, 0, 5]), [5, 0, 1]);
    }

    proptest! {
        #[test]
        fn tags_match_reference(key in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..600)) {
            prop_assert_eq!(tag(blocks, &key, &msg), uhash_ref::poly1305::poly1305(&key, &msg));
        }

        #[test]
        fn reference_loop_tags(key in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..300)) {
            prop_assert_eq!(tag(ref_blocks, &key, &msg), uhash_ref::poly1305::poly1305(&key, &msg));
        }

        #[test]
        fn any_start(h0 in any::<[u64; 2]>(), h2 in 0u64..=5, r in any::<[u8; 16]>(),
                     data in proptest::collection::vec(any::<u8>(), 0..200), hibit in any::<bool>()) {
            check_from(blocks, [h0[0], h0[1], h2], &r_limbs(&r), &data, hibit);
        }

        #[test]
        fn chained(key in any::<[u8; 16]>(), data in proptest::collection::vec(any::<u8>(), 0..700),
                   cuts in proptest::collection::vec(any::<usize>(), 0..6)) {
            check_chained(blocks, &key, &data, &cuts);
        }
    }
}
