//! The shared arithmetic of the radix-2^26 SIMD backends (AVX2, AVX-512F,
//! NEON), written once: macros expanded inside each backend's
//! `#[target_feature]` function after it has defined, for its vector type
//! `V` and lane count `LANES`, the macros `vadd!`, `vmul!` (low 32 bits ×
//! low 32 bits → 64 bits, per lane), `vand!`, `vor!`, `vsrl!(x, N)`,
//! `vsll!(x, N)`, `vset1!(u64)`, `vload!(*const u64)`, `vstore!(*mut u64,
//! v)`, `vopaque!(v)` (the value, opaque to the optimiser), and
//! `load_blocks!(*const u8) -> [V; 5]` (LANES consecutive blocks, lane t =
//! block t, as 26-bit limbs with the 2^128 bit set). The powers of r are
//! computed with portable scalar code ([`powers26`], also used by the NEON
//! assembly backend).
//!
//! Representation: h = h₀ + 2^26h₁ + 2^52h₂ + 2^78h₃ + 2^104h₄. With
//! 2^130 ≡ 5 (mod p) the product d = h·g is
//! ```text
//!   d₀ = h₀g₀ + 5(h₁g₄ + h₂g₃ + h₃g₂ + h₄g₁)
//!   d₁ = h₀g₁ + h₁g₀ + 5(h₂g₄ + h₃g₃ + h₄g₂)
//!   d₂ = h₀g₂ + h₁g₁ + h₂g₀ + 5(h₃g₄ + h₄g₃)
//!   d₃ = h₀g₃ + h₁g₂ + h₂g₁ + h₃g₀ + 5h₄g₄
//!   d₄ = h₀g₄ + h₁g₃ + h₂g₂ + h₃g₁ + h₄g₀.
//! ```
//! Bounds: multiplier limbs (powers of r: frozen, or carried by `mul26p!`)
//! < 2^26 + 2^10, 5g < 2^28.4; accumulator limbs < 2^26 + 2^10 after a
//! carry, < 2^27.1 after adding a block; products < 2^55.5, five of them
//! < 2^58: no 64-bit lane overflows. The carry chain
//! d₀→d₁→…→d₄→(×5)d₀→d₁ leaves limbs below 2^26 + 2^10 (the top carry is
//! < 2^32, so 5c < 2^35 and d₁ gains < 2^10). `radix26_blocks_sum!`
//! (AVX2 and AVX-512F, `radix26_sum.rs`) adds up to four such products
//! before one carry: columns < 2^59, carried by [`carry26p!`] to the same
//! limb bounds (its bound argument is in both macros' docs).
// Unused on targets without a radix-2^26 SIMD backend.
#![allow(unused_macros, dead_code)]

use super::limbs26::M26;
use crate::kernels::Kernels;

/// Messages shorter than this take the scalar path on the radix-2^26
/// backends (AVX2, AVX-512F, NEON, and the NEON assembly), whose powers are
/// computed per call with scalar arithmetic (measured with
/// `poly1305_appendix_b` on x86-64: at 512 bytes AVX2 took 549 cycles and
/// AVX-512F 647 against 498 for soft, at 1024 bytes 865 and 907 against
/// 984; NEON uses the same threshold unmeasured). Those AVX2 figures
/// predate its two-accumulator loop (since replaced by
/// `radix26_blocks_sum!`, `radix26_sum.rs`: on the 2-core Intel VM, `summary --quick
/// --filter poly1305/Poly1305/uhash` under `--cfg uhash_backend="avx2"`,
/// medians of 7 runs alternating with the two-accumulator build, 1 KiB
/// 0.721 against 0.705 cycles/byte, 4 KiB 0.471 against 0.552, 64 KiB 0.387
/// against 0.496; the threshold was not measured again; AVX-512F with the
/// same loop, under `--cfg uhash_backend="avx512"`, medians of 7 runs
/// alternating with its two-accumulator build: 1 KiB 0.651 against 0.590,
/// the portable code 0.621–0.637 in the same runs, 4 KiB 0.331 against
/// 0.344, 64 KiB 0.236 against 0.268 — at 1 KiB level with the portable
/// code, so the threshold stays); with the two-accumulator loop, on an AMD EPYC Zen 3
/// (`poly1305_appendix_b --backend avx2`, one noisy run) 1024 bytes take
/// 722 cycles against 960 for soft. Re-measured there with the AVX2
/// threshold lowered to 128 bytes (three runs, Poly1305-AES cycles per
/// message, AVX2 / soft): 128 B 400–560 / 222–243, 512 B 695–913 /
/// 575–649, 768 B 665–1018 / 797–921, 1024 B 941–1192 / 1049–1431 — the
/// break-even is near 1024 bytes, so the threshold stays. The fixed cost is
/// the setup, not the loop: callgrind counts ~930 instructions of powers,
/// final lane multiplications and sums per call against ~250 per 128-byte
/// step.
pub(crate) const RADIX26_MIN_BYTES: usize = 1024;

/// A message body on a radix-2^26 backend: from [`RADIX26_MIN_BYTES`] the
/// vector loop `simd` takes the longest prefix that is a whole number of
/// its steps (and returns its length), `k`'s scalar kernel the rest.
#[inline(always)]
pub(crate) fn absorb<K: Kernels>(
    k: K,
    h: &mut [u64; 3],
    r: &[u64; 2],
    data: &[u8],
    simd: impl FnOnce(&mut [u64; 3], &[u64; 2], &[u8]) -> usize,
) {
    let done = if data.len() >= RADIX26_MIN_BYTES {
        simd(h, r, data)
    } else {
        0
    };
    k.blocks(h, r, &data[done..], true);
}

/// The [`Kernels::absorb`] method of a radix-2^26 backend whose vector
/// loop is `$simd` (`|h, r, data| -> usize`, as [`absorb`] takes it): the
/// backend keeps no powers.
macro_rules! radix26_absorb {
    ($simd:expr) => {
        #[inline]
        fn absorb(
            self,
            h: &mut [u64; 3],
            r: &[u64; 2],
            powers: Option<&$crate::kernels::Powers>,
            data: &[u8],
        ) {
            let _ = powers;
            $crate::backend::radix26::absorb(self, h, r, data, $simd);
        }
    };
}

/// The vector-operation macros of the header (`vadd!` … `vopaque!`) for an
/// x86 width, from its intrinsics: `$d` is `$` (so that the generated
/// macros can have metavariables), then the add, 32×32→64 multiply, and,
/// or, shift right, shift left, broadcast, unaligned load and store
/// intrinsics and the register class of `vopaque!`.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_ops26 {
    ($d:tt, $add:ident, $mul:ident, $and:ident, $or:ident, $srl:ident, $sll:ident,
     $set1:ident, $load:ident, $store:ident, $reg:ident) => {
        macro_rules! vadd {
            ($d a:expr, $d b:expr) => {
                $add($d a, $d b)
            };
        }
        macro_rules! vmul {
            ($d a:expr, $d b:expr) => {
                $mul($d a, $d b)
            };
        }
        macro_rules! vand {
            ($d a:expr, $d b:expr) => {
                $and($d a, $d b)
            };
        }
        macro_rules! vor {
            ($d a:expr, $d b:expr) => {
                $or($d a, $d b)
            };
        }
        macro_rules! vsrl {
            ($d a:expr, $d n:literal) => {
                $srl::<$d n>($d a)
            };
        }
        macro_rules! vsll {
            ($d a:expr, $d n:literal) => {
                $sll::<$d n>($d a)
            };
        }
        macro_rules! vset1 {
            ($d x:expr) => {
                $set1($d x as i64)
            };
        }
        macro_rules! vload {
            ($d p:expr) => {{
                let p: *const u64 = $d p;
                // SAFETY: callers pass a pointer to LANES readable u64.
                unsafe { $load(p.cast()) }
            }};
        }
        macro_rules! vstore {
            ($d p:expr, $d v:expr) => {{
                let p: *mut u64 = $d p;
                // SAFETY: callers pass a pointer to LANES writable u64.
                unsafe { $store(p.cast(), $d v) }
            }};
        }
        /// `x` unchanged, but opaque to the optimiser. Without it LLVM
        /// tracks the accumulator limbs' known bits through the carries,
        /// cannot prove them below 2^32, and turns `vpmuludq` into a
        /// 64×32-bit multiplication (two `vpmuludq`, a shift and an add);
        /// the barrier emits no instruction.
        macro_rules! vopaque {
            ($d x:expr) => {{
                let mut x: V = $d x;
                // SAFETY: an empty template: no instruction, no memory, no
                // flags; the register keeps its value.
                unsafe {
                    core::arch::asm!("/* {0} */", inout($reg) x, options(pure, nomem, nostack, preserves_flags));
                }
                x
            }};
        }
    };
}

/// The five 26-bit limbs plus 2^128 (`[V; 5]`) of the blocks whose low
/// and high 64-bit words are the lanes of `lo` and `hi` (for `load_blocks!`).
macro_rules! split26 {
    ($lo:expr, $hi:expr) => {{
        let (lo, hi) = ($lo, $hi);
        let m = vset1!(M26);
        [
            vand!(lo, m),
            vand!(vsrl!(lo, 26), m),
            vand!(vor!(vsrl!(lo, 52), vsll!(hi, 12)), m),
            vand!(vsrl!(hi, 14), m),
            vor!(vsrl!(hi, 40), vset1!(1u64 << 24)),
        ]
    }};
}

/// The five column sums of `h·g` with `g5 = 5g` (limbs 1..4 used), not
/// carried (each < 2^58).
macro_rules! products26 {
    ($h:expr, $g:expr, $g5:expr) => {{
        let h = $h;
        let g = $g;
        let g5 = $g5;
        let d0 = vadd!(
            vadd!(vmul!(h[0], g[0]), vmul!(h[1], g5[4])),
            vadd!(
                vadd!(vmul!(h[2], g5[3]), vmul!(h[3], g5[2])),
                vmul!(h[4], g5[1])
            )
        );
        let d1 = vadd!(
            vadd!(vmul!(h[0], g[1]), vmul!(h[1], g[0])),
            vadd!(
                vadd!(vmul!(h[2], g5[4]), vmul!(h[3], g5[3])),
                vmul!(h[4], g5[2])
            )
        );
        let d2 = vadd!(
            vadd!(vmul!(h[0], g[2]), vmul!(h[1], g[1])),
            vadd!(
                vadd!(vmul!(h[2], g[0]), vmul!(h[3], g5[4])),
                vmul!(h[4], g5[3])
            )
        );
        let d3 = vadd!(
            vadd!(vmul!(h[0], g[3]), vmul!(h[1], g[2])),
            vadd!(
                vadd!(vmul!(h[2], g[1]), vmul!(h[3], g[0])),
                vmul!(h[4], g5[4])
            )
        );
        let d4 = vadd!(
            vadd!(vmul!(h[0], g[4]), vmul!(h[1], g[3])),
            vadd!(
                vadd!(vmul!(h[2], g[2]), vmul!(h[3], g[1])),
                vmul!(h[4], g[0])
            )
        );
        [d0, d1, d2, d3, d4]
    }};
}

/// `h·g` with `g5 = 5g` (limbs 1..4 used), carried.
macro_rules! mul26 {
    ($h:expr, $g:expr, $g5:expr) => {{
        let [d0, d1, d2, d3, d4] = products26!($h, $g, $g5);
        let m = vset1!($crate::backend::limbs26::M26);
        let d1 = vadd!(d1, vsrl!(d0, 26));
        let d0 = vand!(d0, m);
        let d2 = vadd!(d2, vsrl!(d1, 26));
        let d1 = vand!(d1, m);
        let d3 = vadd!(d3, vsrl!(d2, 26));
        let d2 = vand!(d2, m);
        let d4 = vadd!(d4, vsrl!(d3, 26));
        let d3 = vand!(d3, m);
        let c = vsrl!(d4, 26);
        let d4 = vand!(d4, m);
        let d0 = vadd!(d0, vadd!(c, vsll!(c, 2)));
        let d1 = vadd!(d1, vsrl!(d0, 26));
        let d0 = vand!(d0, m);
        [d0, d1, d2, d3, d4]
    }};
}

/// Column sums `d` (each < 2^59, as [`products26!`] or several of them
/// added) carried like [`mul26!`], in two interleaved chains
/// (d₀→d₁→d₂→d₃ and d₃→d₄→5·d₀→d₁→…): four carry steps deep instead of
/// seven. On exit d₀, d₂, d₃ < 2^26, d₁ < 2^26 + 2^10 (it takes
/// 5·⌊d₄/2^26⌋ < 5·2^33.01 < 2^35.4 through d₀, so d₀'s second carry is
/// < 2^9.4), d₄ < 2^26 + 2^8 (⌊d₃/2^26⌋ < 2^7.1 after d₃ took d₂'s carry
/// < 2^33.01).
macro_rules! carry26p {
    ($d:expr) => {{
        let [d0, d1, d2, d3, d4] = $d;
        let m = vset1!($crate::backend::limbs26::M26);
        let (d4, d3) = (vadd!(d4, vsrl!(d3, 26)), vand!(d3, m));
        let (d1, d0) = (vadd!(d1, vsrl!(d0, 26)), vand!(d0, m));
        let c = vsrl!(d4, 26);
        let d4 = vand!(d4, m);
        let d0 = vadd!(d0, vadd!(c, vsll!(c, 2)));
        let (d2, d1) = (vadd!(d2, vsrl!(d1, 26)), vand!(d1, m));
        let (d1, d0) = (vadd!(d1, vsrl!(d0, 26)), vand!(d0, m));
        let (d3, d2) = (vadd!(d3, vsrl!(d2, 26)), vand!(d2, m));
        let (d4, d3) = (vadd!(d4, vsrl!(d3, 26)), vand!(d3, m));
        [d0, d1, d2, d3, d4]
    }};
}

/// `h·g` like [`mul26!`], with the carries of [`carry26p!`] (the products
/// are < 2^58, within its bound): four carry steps deep instead of seven,
/// for the loops that have a chain of multiplications to overlap. Same
/// bounds on exit.
macro_rules! mul26p {
    ($h:expr, $g:expr, $g5:expr) => {{ carry26p!(products26!($h, $g, $g5)) }};
}

/// The five 26-bit limbs of the frozen x (each < 2^26).
#[inline(always)]
fn frozen26(x: uhash_base::p130::Fe130) -> [u64; 5] {
    let (low, top) = x.freeze();
    [
        (low as u64) & M26,
        ((low >> 26) as u64) & M26,
        ((low >> 52) as u64) & M26,
        ((low >> 78) as u64) & M26,
        ((low >> 104) as u64) | (top << 24),
    ]
}

/// r^(LANES−t) in lane t, limbs 0..5 (frozen, < 2^26 each), computed with
/// the scalar field arithmetic of `uhash_base::p130`.
#[inline(always)]
pub(crate) fn powers26<const LANES: usize>(r: &[u64; 2]) -> [[u64; LANES]; 5] {
    use uhash_base::p130::Fe130;
    let rv = Fe130::from_u128(u128::from(r[0]) | u128::from(r[1]) << 64);
    let mut out = [[0u64; LANES]; 5];
    let mut x = rv;
    for t in (0..LANES).rev() {
        let l = frozen26(x);
        for k in 0..5 {
            out[k][t] = l[k];
        }
        x = x.mul_fe(rv);
    }
    out
}

/// h (`[u64; 3]`) as 26-bit limbs in lane 0 of five vectors, the other
/// lanes 0: the accumulator of a block loop before its first vector of
/// blocks is added.
macro_rules! h_in_lane0 {
    ($h:expr) => {{
        let h26 = $crate::backend::limbs26::to26($h);
        let mut first = [[0u64; LANES]; 5];
        for k in 0..5 {
            first[k][0] = h26[k];
        }
        let v: [V; 5] = core::array::from_fn(|k| vload!(first[k].as_ptr()));
        v
    }};
}

/// The sum of the lanes of the limbs `$f` (`[V; 5]`) as h (`[u64; 3]`):
/// the end of a block loop.
macro_rules! sum_lanes26 {
    ($f:expr) => {{
        let f: [V; 5] = $f;
        let mut lanes = [[0u64; LANES]; 5];
        for k in 0..5 {
            vstore!(lanes[k].as_mut_ptr(), f[k]);
        }
        $crate::backend::limbs26::from26(core::array::from_fn(|k| lanes[k].iter().sum()))
    }};
}

/// The block loop: absorbs ⌊len / (16·LANES)⌋·16·LANES bytes of `$data`
/// into `$h` and evaluates to their length. One vector of LANES blocks per
/// step (A ← A·r^LANES + m); lane t is then multiplied by r^(LANES−t) and
/// the lanes are summed, Horner's rule regrouped.
macro_rules! radix26_blocks {
    ($h:expr, $r:expr, $data:expr) => {{
        let h: &mut [u64; 3] = $h;
        let data: &[u8] = $data;
        let steps = data.len() / (16 * LANES);
        if steps > 0 {
            let pw = $crate::backend::radix26::powers26::<LANES>($r);
            let p: [V; 5] = core::array::from_fn(|k| vload!(pw[k].as_ptr()));
            let p5: [V; 5] = core::array::from_fn(|k| vadd!(p[k], vsll!(p[k], 2)));
            let top: [V; 5] = core::array::from_fn(|k| vset1!(pw[k][0]));
            let top5: [V; 5] = core::array::from_fn(|k| vadd!(top[k], vsll!(top[k], 2)));
            let h0 = h_in_lane0!(h);
            let mut ptr = data.as_ptr();
            let m = load_blocks!(ptr);
            let mut acc: [V; 5] = core::array::from_fn(|k| vadd!(h0[k], m[k]));
            for _ in 1..steps {
                ptr = ptr.wrapping_add(16 * LANES);
                let m = load_blocks!(ptr);
                let x = mul26!(acc, top, top5);
                acc = core::array::from_fn(|k| vadd!(x[k], m[k]));
            }
            let f = mul26!(acc, p, p5);
            *h = sum_lanes26!(f);
        }
        steps * 16 * LANES
    }};
}
