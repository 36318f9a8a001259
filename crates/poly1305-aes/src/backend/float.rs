//! The paper's floating-point method (Bernstein, *The Poly1305-AES
//! message-authentication code*, FSE 2005, §4 "A floating-point
//! implementation"), adapted from 64-bit x87 mantissas to IEEE-754 binary64
//! (53-bit significands).
//!
//! Same contract as [`super::soft32`]: [`blocks`] absorbs the whole 16-byte
//! little-endian blocks of `data`, `h ← (h + mᵢ + hibit·2^128)·r mod p`,
//! `p = 2^130 − 5`; `h` is three LE `u64` limbs, any value is accepted on
//! entry (folded first), and on exit `h < 2^130 + 2^128` (`h[2] ≤ 4`), some
//! representative of the class mod `p`. A trailing partial block is ignored.
//!
//! # Representation
//! As in §4, each of `h`, `r` and a message chunk is a sum of doubles, each a
//! multiple of a fixed power of two and stored **at its true magnitude**
//! (`hᵢ` *is* `ηᵢ·2^{22i}`, not `ηᵢ`). The paper's split — four 32-bit
//! positions, `r` limbs of 28 bits, `h` limbs of about 34 bits, 62-bit
//! products — needs 64-bit mantissas. With 53 bits this module uses six
//! limbs at positions `22i`, `i = 0..5`:
//!
//! * `h = Σ hᵢ`, `hᵢ = ηᵢ·2^{22i}`, `ηᵢ` a (signed) integer;
//! * `r = Σ ρⱼ`, `ρⱼ = r̂ⱼ·2^{22j}`, `r̂ⱼ = ⌊r/2^{22j}⌋ mod 2^22`, so
//!   `r̂ⱼ < 2^22`, and because the clamp clears the top four bits of `r`
//!   (`r < 2^124`), `r̂₅ < 2^14`;
//! * the wrap: `2^132 = 4·2^130 ≡ 20 (mod p)`, so the paper's constants
//!   `5·2^{-130}·rⱼ` become `σⱼ = 20·2^{-132}·ρⱼ = 20·r̂ⱼ·2^{22j−132}`
//!   (`j = 1..5`), exact doubles (`20·r̂ⱼ < 2^27`);
//! * a message chunk `c = Σ dᵢ`, `dᵢ/2^{22i} < 2^22`, `d₅/2^110 < 2^18`
//!   plus the pad `2^128 = 2^18·2^110`, so `d₅/2^110 ≤ 2^19`.
//!
//! Multiplication (the paper's 4×4 scheme, now 6×6, 36 products):
//! `h'ₖ = Σ_{i+j=k} hᵢρⱼ + Σ_{i+j=k+6} hᵢσⱼ`. For `i + j = k + 6`,
//! `hᵢσⱼ = 20·ηᵢr̂ⱼ·2^{22k}`, which is `hᵢρⱼ = ηᵢr̂ⱼ·2^{22k}·2^{132}`
//! reduced with `2^132 ≡ 20`; so `h'ₖ = η'ₖ·2^{22k}` with
//! `η'ₖ = Σ ηᵢr̂ⱼ + 20·Σ ηᵢr̂ⱼ` an integer.
//!
//! Carries (the paper's rounding trick): with `αᵢ = 1.5·2^{52+22(i+1)}`,
//! `yᵢ = fl(hᵢ + αᵢ) − αᵢ` rounds `hᵢ` to a multiple of `2^{22(i+1)}` and
//! `xᵢ = hᵢ − yᵢ` is the remainder, `|xᵢ| ≤ 2^{22(i+1)−1}`; then
//! `h₀ ← x₀ + 20·2^{−132}·y₅` and `hᵢ ← xᵢ + yᵢ₋₁`. The sum changes by
//! `y₅·(20·2^{−132} − 1) = −y₅·2^{−132}·(2^132 − 20)`, a multiple of
//! `4p = 2^132 − 20`, so the class mod `p` is unchanged. The trick needs
//! `|hᵢ| < 2^{51+22(i+1)}` so that `hᵢ + αᵢ` stays in the binade
//! `[2^{52+22(i+1)}, 2^{53+22(i+1)})` whose ulp is `2^{22(i+1)}`.
//!
//! Message loads use the paper's "concatenate the bytes with (0, 0, 56, 67)"
//! trick in its scaled form ("replace 67 with 69"): the bit pattern of
//! `2^{52+22i}` OR-ed with a 22-bit integer `v` is the double
//! `2^{52+22i} + v·2^{22i}`; subtracting `2^{52+22i}` leaves `v·2^{22i}`
//! exactly, with no integer-to-float conversion.
//!
//! # Range argument (every operation is exact)
//! A double sum or product is exact when the true result is a multiple of
//! `2^e` of magnitude `< 2^{53+e}`; all quantities below are multiples of
//! `2^{22k}` for the limb `k` they belong to, so it suffices to bound the
//! integer `η` of every intermediate by `2^53`.
//!
//! Invariant at the top of each block: `|ηᵢ| ≤ E = 2^22` for all `i`. It
//! holds on entry (the folded `h` split into nonnegative 22-bit fields, the
//! top one `< 2^21`) and is restored by the two carry passes below.
//!
//! 1. *Add the chunk*: `|ηᵢ| ≤ 2^22 + 2^22 = 2^23`.
//! 2. *Multiply*: the worst column is `k = 0` (five wrapped terms):
//!    `|η'₀| ≤ 2^23·(r̂₀ + 20·(r̂₁ + r̂₂ + r̂₃ + r̂₄ + r̂₅))
//!    < 2^23·2^22·(1 + 20·4 + 20·2^{−8}) < 2^45·81.1 < 2^51.35`; every
//!    product (`< 2^23·20·2^22 < 2^50`) and every partial sum (bounded by
//!    the sum of absolute values) is below `2^53`, hence exact. Column
//!    `k = 5` has no wrapped term: `|η'₅| ≤ 2^23·(5·2^22 + 2^14) < 5.01·2^45`.
//! 3. *Carry pass A*: the rounding condition holds (`|η| < 2^51.35 ≪
//!    2^73`). Afterwards `|ηᵢ| ≤ 2^21 + |η'ᵢ₋₁|/2^22 + ½ < 2^21 + 2^29.35 +
//!    1 < 2^29.5` for `i ≥ 1`, and `|η₀| ≤ 2^21 + 20·(|η'₅|/2^22 + ½) <
//!    2^21 + 100.3·2^23 < 2^29.7`.
//! 4. *Carry pass B*: `|ηᵢ| ≤ 2^21 + 2^29.7/2^22 + ½ < 2^21 + 2^8` for
//!    `i ≥ 1` and `|η₀| ≤ 2^21 + 20·(2^8 + 1) < 2^22`: the invariant.
//!    (One pass is not enough: the wrapped carry `20·y₅` alone is then
//!    about `2^29`, and the next products would exceed `2^53`.)
//!
//! Every carry step is exact: `fl(hᵢ + αᵢ) − αᵢ` is a difference of two
//! multiples of `2^{22(i+1)}` below `2^{53+22(i+1)}` (Sterbenz-like), `xᵢ`
//! and the new `hᵢ` are multiples of `2^{22i}` far below `2^{53+22i}`, and
//! `y₅·20·2^{−132}` is `20·(y₅/2^132)` with `|y₅/2^132| < 2^30`.
//!
//! Output: after at least one block, pass B leaves `|ηᵢ| ≤ 2^21 + 2^8`
//! for `i ≥ 1` and `|η₀| ≤ 2^21 + 20·(2^8 + 1) = 2^21 + 5140` ([`ETA_MAX`];
//! with no block, `η` is the folded entry value split into nonnegative
//! fields, `0 ≤ T < 2^131`). So `T = Σ ηᵢ2^{22i}` has
//! `|T| ≤ Σ ETA_MAX[i]·2^{22i} < 2^131 + 2^119` (checked at compile time
//! below), far inside `4p = 2^132 − 20`, which is what the conversion needs:
//! `0 < T + 4p < 2^133`. (The bound `2^22·Σ 2^{22i}` that a looser reading
//! of the invariant gives is slightly *above* `2^132`, so it would not do.)
//! Each `ηᵢ` is read exactly from the
//! significand bits of `hᵢ + 1.5·2^{52+22i}` (the load trick in reverse; no
//! float-to-integer conversion, which on 32-bit ARM is a library routine
//! with data-dependent branches); adding `4p = 2^132 − 20` (as `+2^22` on `η₅`, `−20` on
//! `η₀`) makes `T` positive, a signed carry chain normalizes the limbs to
//! `[0, 2^22)` (`η₅ < 2^23`, as `T + 4p < 2^133`), and the integer is
//! reassembled into `u64` limbs and folded to `h[2] ≤ 4`. (The paper instead adds
//! `2^130 − 2^97, …` per limb and subtracts `p` once; here the caller
//! freezes.)
//!
//! # Portability and timing
//! Bit-exact on every target whose `f64` arithmetic is IEEE-754 binary64
//! with round-to-nearest (every Rust target with SSE2, NEON, VFP, s390x, …).
//! Because every product and sum is exact, fused multiply-add contraction
//! would not change any result either (Rust does not contract anyway); only
//! the six `fl(hᵢ + αᵢ)` additions rely on rounding, and they are single
//! additions. **Not** for x87-only targets (`i586`): extended-precision
//! registers would round `hᵢ + αᵢ` to 64 bits and break the carry: the
//! engine's `Float` entry is compiled out there (its cfg in `kernels.rs`),
//! so [`crate::Engine::new`] answers `UnsupportedBackend`. All operands are integers times powers of two with
//! magnitudes far from the subnormal range, so the FPU takes no
//! data-dependent slow path, and there are no data-dependent branches or
//! indices.

use crate::kernels::Kernels;
use uhash_base::backend::Float;

impl Kernels for Float {
    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        blocks(h, r, data, hibit);
    }

    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }
}

/// Mask of a 22-bit limb.
const M22: u64 = (1 << 22) - 1;

/// `|ηᵢ|` after the two carry passes of a block (the module docs' step 4):
/// `2^21 + 20·(2^8 + 1)` for the limb that takes the wrapped carry, `2^21
/// + 2^8` for the others.
const ETA_MAX: [i64; 6] = [
    (1 << 21) + 20 * ((1 << 8) + 1),
    (1 << 21) + (1 << 8),
    (1 << 21) + (1 << 8),
    (1 << 21) + (1 << 8),
    (1 << 21) + (1 << 8),
    (1 << 21) + (1 << 8),
];

// The output bound: Σ ETA_MAX[i]·2^{22i} < 2^131 + 2^119 < 2^132 − 20, in
// units of 2^22 (limb 0, below 2^22, rounded up to one unit).
const _: () = {
    let mut sum: u128 = 1;
    let mut i = 1;
    while i < 6 {
        sum += (ETA_MAX[i] as u128) << (22 * (i - 1));
        i += 1;
    }
    assert!(ETA_MAX[0] < 1 << 22);
    assert!(sum <= (1 << 109) + (1 << 97));
    // so |T| < 2^132 − 20 = 4p (2^110 − 20/2^22 in units of 2^22)
    assert!(sum < (1 << 110) - 1);
};

/// `2^e` as a double (normal range only; evaluated at compile time).
const fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// `2^{52+22i}`: the load bias of limb `i`.
const BIAS: [f64; 6] = [
    pow2(52),
    pow2(52 + 22),
    pow2(52 + 44),
    pow2(52 + 66),
    pow2(52 + 88),
    pow2(52 + 110),
];

/// `αᵢ = 1.5·2^{52+22(i+1)}`: adding and subtracting it rounds limb `i` to a
/// multiple of `2^{22(i+1)}`.
const ALPHA: [f64; 6] = [
    1.5 * pow2(52 + 22),
    1.5 * pow2(52 + 44),
    1.5 * pow2(52 + 66),
    1.5 * pow2(52 + 88),
    1.5 * pow2(52 + 110),
    1.5 * pow2(52 + 132),
];

/// `20·2^{−132}`: a carry out of limb 5 (a multiple of `2^132`) re-enters
/// limb 0 times this, since `2^132 ≡ 20 (mod 2^130 − 5)`.
const WRAP: f64 = 20.0 * pow2(-132);

/// `v·2^{22i}` as a double for `v < 2^52`, by the paper's exponent trick:
/// the bits of `2^{52+22i}` with `v` in the significand, minus `2^{52+22i}`.
#[inline(always)]
fn load(v: u64, i: usize) -> f64 {
    f64::from_bits(BIAS[i].to_bits() | v) - BIAS[i]
}

/// `ηᵢ` from `hᵢ = ηᵢ·2^{22i}` (`|ηᵢ| < 2^51`), the load trick in reverse:
/// `hᵢ + 1.5·2^{52+22i}` is exact and lies in the binade whose ulp is
/// `2^{22i}`, so its 52-bit significand field is `2^51 + ηᵢ`. Branch-free and
/// with no float-to-integer conversion (which is a library routine with
/// data-dependent branches on 32-bit ARM).
#[inline(always)]
fn unload(h: f64, i: usize) -> i64 {
    let u = h + 1.5 * BIAS[i];
    (u.to_bits() & ((1 << 52) - 1)) as i64 - (1 << 51)
}

/// The six 22-bit fields of `a + 2^64·b + 2^128·c` (the last one takes
/// every bit from 110 up, so it is `< 2^18 + 2^18·c`).
#[inline(always)]
fn split22(a: u64, b: u64, c: u64) -> [u64; 6] {
    [
        a & M22,
        (a >> 22) & M22,
        ((a >> 44) | (b << 20)) & M22,
        (b >> 2) & M22,
        (b >> 24) & M22,
        (b >> 46) | (c << 18),
    ]
}

/// One parallel carry pass (the paper's "four parallel carries", six here).
#[inline(always)]
fn carry(h: &mut [f64; 6]) {
    let y = [
        (h[0] + ALPHA[0]) - ALPHA[0],
        (h[1] + ALPHA[1]) - ALPHA[1],
        (h[2] + ALPHA[2]) - ALPHA[2],
        (h[3] + ALPHA[3]) - ALPHA[3],
        (h[4] + ALPHA[4]) - ALPHA[4],
        (h[5] + ALPHA[5]) - ALPHA[5],
    ];
    *h = [
        (h[0] - y[0]) + y[5] * WRAP,
        (h[1] - y[1]) + y[0],
        (h[2] - y[2]) + y[1],
        (h[3] - y[3]) + y[2],
        (h[4] - y[4]) + y[3],
        (h[5] - y[5]) + y[4],
    ];
}

/// Absorbs the whole 16-byte blocks of `data` into `h` with the §4
/// floating-point method: `h ← (h + m + hibit·2^128)·r mod 2^130 − 5` per
/// block, partially reduced.
///
/// See the [module documentation](self) for the contract and the range
/// argument.
pub(crate) fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    *h = to_integer(&absorb(h, r, data, hibit));
}

/// The block loop of [`blocks`]: `h` (any value) in, the six doubles out.
#[inline(always)]
fn absorb(h: &[u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) -> [f64; 6] {
    let [w0, w1, w2] = super::soft32::fold(*h);
    let hl = split22(w0, w1, w2);
    let mut hf = [
        load(hl[0], 0),
        load(hl[1], 1),
        load(hl[2], 2),
        load(hl[3], 3),
        load(hl[4], 4),
        load(hl[5], 5),
    ];

    // Clamp again (identity on a clamped r): guarantees r < 2^124.
    let rl = split22(
        r[0] & 0x0fff_fffc_0fff_ffff,
        r[1] & 0x0fff_fffc_0fff_fffc,
        0,
    );
    let r0 = load(rl[0], 0);
    let r1 = load(rl[1], 1);
    let r2 = load(rl[2], 2);
    let r3 = load(rl[3], 3);
    let r4 = load(rl[4], 4);
    let r5 = load(rl[5], 5);
    let (s1, s2, s3, s4, s5) = (r1 * WRAP, r2 * WRAP, r3 * WRAP, r4 * WRAP, r5 * WRAP);
    let pad = u64::from(hibit) << 18;

    for block in data.chunks_exact(16) {
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        a.copy_from_slice(&block[..8]);
        b.copy_from_slice(&block[8..]);
        let m = split22(u64::from_le_bytes(a), u64::from_le_bytes(b), 0);
        let h0 = hf[0] + load(m[0], 0);
        let h1 = hf[1] + load(m[1], 1);
        let h2 = hf[2] + load(m[2], 2);
        let h3 = hf[3] + load(m[3], 3);
        let h4 = hf[4] + load(m[4], 4);
        let h5 = hf[5] + load(m[5] | pad, 5);

        // Summed as a tree (three independent pairs) to shorten the
        // dependency chain; every order is exact (see the range argument).
        hf = [
            (h0 * r0 + h1 * s5) + (h2 * s4 + h3 * s3) + (h4 * s2 + h5 * s1),
            (h0 * r1 + h1 * r0) + (h2 * s5 + h3 * s4) + (h4 * s3 + h5 * s2),
            (h0 * r2 + h1 * r1) + (h2 * r0 + h3 * s5) + (h4 * s4 + h5 * s3),
            (h0 * r3 + h1 * r2) + (h2 * r1 + h3 * r0) + (h4 * s5 + h5 * s4),
            (h0 * r4 + h1 * r3) + (h2 * r2 + h3 * r1) + (h4 * r0 + h5 * s5),
            (h0 * r5 + h1 * r4) + (h2 * r3 + h3 * r2) + (h4 * r1 + h5 * r0),
        ];
        carry(&mut hf);
        carry(&mut hf);
    }
    hf
}

/// The six doubles back to `u64` limbs with `h[2] ≤ 4` (see the module
/// docs' output bound).
#[inline(always)]
fn to_integer(hf: &[f64; 6]) -> [u64; 3] {
    // Back to integers: ηᵢ exactly, plus 4p = 2^132 − 20 to make it positive.
    let mut v = [
        unload(hf[0], 0) - 20,
        unload(hf[1], 1),
        unload(hf[2], 2),
        unload(hf[3], 3),
        unload(hf[4], 4),
        unload(hf[5], 5) + (1 << 22),
    ];
    for i in 0..5 {
        let c = v[i] >> 22; // arithmetic shift: floor division
        v[i] &= M22 as i64;
        v[i + 1] += c;
    }
    let v = v.map(|x| x as u64); // all nonnegative now; v[5] < 2^23
    super::soft32::fold([
        v[0] | (v[1] << 22) | (v[2] << 44),
        (v[2] >> 20) | (v[3] << 2) | (v[4] << 24) | (v[5] << 46),
        v[5] >> 18,
    ])
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::soft32::testutil::*;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn constants() {
        // Powers of two from integers (exact conversions), not `powi`, whose
        // precision is unspecified (Miri perturbs it).
        let two = |e: u32| (1u128 << e) as f64;
        assert_eq!(ALPHA[0], 3.0 * two(73));
        assert_eq!(WRAP * two(66) * two(66), 20.0);
        assert_eq!(load(M22, 5), M22 as f64 * two(110));
        assert_eq!(load(0, 3), 0.0);
        for i in 0..6 {
            for eta in [
                0i64,
                1,
                -1,
                (1 << 23) - 1,
                -(1 << 23),
                (1 << 50) + 3,
                -(1 << 50),
            ] {
                assert_eq!(unload(eta as f64 * pow2(22 * i as i32), i), eta);
            }
        }
    }

    #[test]
    fn edges() {
        check_edges(blocks);
    }

    /// The output bound [`ETA_MAX`] holds after one block and after many,
    /// from the largest entry values, for all-ones and random data and r.
    #[test]
    fn output_limbs_within_eta_max() {
        let starts = [[u64::MAX, u64::MAX, 5], [0; 3], [u64::MAX, 0, 3]];
        for r in [
            r_limbs(&[0xff; 16]),
            r_limbs(&[0x5a; 16]),
            r_limbs(&[0; 16]),
        ] {
            for len in [16usize, 32, 48, 160, 1024] {
                for data in [
                    bytes(len as u64, len).iter().map(|_| 0xff).collect(),
                    bytes(len as u64, len),
                ] {
                    for h in starts {
                        for hibit in [false, true] {
                            let hf = absorb(&h, &r, &data, hibit);
                            for (i, &x) in hf.iter().enumerate() {
                                let eta = unload(x, i);
                                assert!(eta.abs() <= ETA_MAX[i], "limb {i}: {eta}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn top_range() {
        check_top_range(blocks);
    }

    #[test]
    fn agrees_with_soft32_exactly() {
        // Same inputs, same representative? Not required (only mod p), but
        // the frozen values must agree.
        let r = r_limbs(&[0xff; 16]);
        for len in EDGE_LENGTHS {
            let data = bytes(len as u64 + 3, len);
            let mut a = [u64::MAX, u64::MAX, 5];
            let mut b = a;
            blocks(&mut a, &r, &data, true);
            super::super::soft32::blocks(&mut b, &r, &data, true);
            assert_eq!(freeze(a), freeze(b));
        }
    }

    proptest! {
        #[test]
        fn tags_match_reference(key in any::<[u8; 32]>(), msg in proptest::collection::vec(any::<u8>(), 0..600)) {
            prop_assert_eq!(tag(blocks, &key, &msg), uhash_ref::poly1305::poly1305(&key, &msg));
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

    /// Throughput of soft32, float and the radix-2^64 reference loop, run by
    /// hand: `cargo test --release -p poly1305-aes throughput -- --ignored
    /// --nocapture`. Prints median TSC-equivalent cycles/byte (seconds ×
    /// 2.7e9 / bytes) over 31 samples.
    #[test]
    #[ignore = "timing, run by hand in release mode"]
    fn throughput() {
        use std::hint::black_box;
        use std::time::Instant;
        let r = r_limbs(&[0x5a; 16]);
        let fns: [(&str, BlocksFn); 3] = [
            ("ref_u128", ref_blocks),
            ("soft32", super::super::soft32::blocks),
            ("float", blocks),
        ];
        for size in [1024usize, 65536] {
            let data = bytes(7, size);
            let iters = (1 << 24) / size;
            for (name, f) in fns {
                let mut samples: std::vec::Vec<f64> = (0..31)
                    .map(|_| {
                        let mut h = [0u64; 3];
                        let t = Instant::now();
                        for _ in 0..iters {
                            f(black_box(&mut h), black_box(&r), black_box(&data), true);
                        }
                        black_box(h);
                        t.elapsed().as_secs_f64() * 2.7e9 / (iters * size) as f64
                    })
                    .collect();
                samples.sort_by(f64::total_cmp);
                let cpb = samples[15];
                std::println!(
                    "{name:>9} {size:>6} B: {cpb:.3} cycles/byte ({:.2} GB/s)",
                    2.7 / cpb
                );
            }
        }
    }
}
