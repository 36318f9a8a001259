//! The x86-64 SIMD kernel body, written once for AVX2 (`x86_avx2.rs`,
//! 256-bit vectors) and AVX-512 (`x86_avx512.rs`, 512-bit vectors): N
//! message elements per block (8 or 16), N/2 per `vpmuludq` step, one per
//! 64-bit lane.
//!
//! The N·W words of N consecutive elements (and of their key elements) are
//! read with W contiguous vector loads and transposed in registers: limb i
//! of element e is word e·W + i, so limb i's vector is assembled from the W
//! loads with `vpermd` (index tables [`perm_idx`]) and masks — the ISA
//! file's `transpose!`. Each half of a block (N/2 elements) is widened to
//! 64-bit lanes (`widen!`) and the exact sum mᵢ + xᵢ is formed limb by limb
//! with the carry in the lane's high half. Squares use `vpmuludq`: W(W+1)/2
//! products per element (cross products once, doubled). (A first version
//! fetched limbs with `vpgatherdd`; it was about 3× slower than the
//! portable code.)
//!
//! * `c2_*` (SQHc2, SQHE): column c is the low 32 bits of a 64-bit lane
//!   accumulator; a product z is added whole (`acc[c] += z`) and its high
//!   half to the next column (`acc[c+1] += z >> 32`), exactly as
//!   `soft::c2_columns`; the lanes are summed at the end (their low halves
//!   then hold the column mod 2^32).
//! * `sq_*` (SQH\*, SQHasm, SQHasm2): exact column sums, the low and high
//!   halves of every product added separately into 64-bit lanes (each step
//!   adds < 2^37 to a lane, so they are flushed into `u128` totals every
//!   [`FLUSH`] blocks); the lanes are then summed exactly.
//!
//! The elements after the last whole block go through the soft kernel
//! (inlined there, so compiled with the same features).

/// Blocks (two steps each) between flushes of the exact lane sums into
/// `u128`.
pub(super) const FLUSH: usize = 1 << 19;

/// A table indexed `[W−1][i][r]`: limb i, load r, for W words per
/// element.
pub(super) type Tables<T> = [[[T; 5]; 5]; 5];

/// The transposition of N elements per block: for W words per element,
/// limb i of element e (lane e) is word e·W + i of the block, in load
/// r = (e·W+i)/N at position (e·W+i) mod N. `perm_idx::<N>()[W−1][i][r]`
/// are load r's `vpermd` indices for limb i (lane e takes word `idx[e]`).
pub(super) const fn perm_idx<const N: usize>() -> Tables<[i32; N]> {
    let mut t = [[[[0; N]; 5]; 5]; 5];
    let mut w = 1;
    while w <= 5 {
        let mut i = 0;
        while i < w {
            let mut e = 0;
            while e < N {
                let g = e * w + i;
                t[w - 1][i][g / N][e] = (g % N) as i32;
                e += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

/// The lanes load r fills in limb i's vector (the transposition of
/// [`perm_idx`]), as a bit mask: bit e for lane e (AVX-512's `k` masks).
pub(super) const fn perm_bits<const N: usize>() -> Tables<u32> {
    let mut t = [[[0; 5]; 5]; 5];
    let mut w = 1;
    while w <= 5 {
        let mut i = 0;
        while i < w {
            let mut e = 0;
            while e < N {
                t[w - 1][i][(e * w + i) / N] |= 1 << e;
                e += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

/// [`perm_bits`] as vector masks: −1 in the lanes load r fills, else 0
/// (AVX2's AND masks).
pub(super) const fn perm_masks<const N: usize>() -> Tables<[i32; N]> {
    let bits = perm_bits::<N>();
    let mut t = [[[[0; N]; 5]; 5]; 5];
    let mut w = 0;
    while w < 5 {
        let mut i = 0;
        while i < 5 {
            let mut r = 0;
            while r < 5 {
                let mut e = 0;
                while e < N {
                    if bits[w][i][r] & (1 << e) != 0 {
                        t[w][i][r][e] = -1;
                    }
                    e += 1;
                }
                r += 1;
            }
            i += 1;
        }
        w += 1;
    }
    t
}

/// The kernels of `simd_backend!` for one x86 vector width:
///
/// ```text
/// x86_simd_kernels! { [fn_macro, N, Vector, setzero, add_epi64, mul_epu32,
///   srli_epi64, and, set1_epi64, transpose, widen, lanes]; list }
/// ```
///
/// `transpose!(ptr, W)` gives the W limb vectors of the N elements at
/// `ptr` (a `*const Vector`; unsafe: reads W vectors), `widen!(v, half)`
/// lanes N/2·half … of a vector of 32-bit values zero-extended to 64 bits,
/// `lanes!(v)` the N/2 64-bit lanes of a vector as `[u64; N/2]`, taken
/// from the register (a store and reload let LLVM vectorise the column
/// sums across columns with gathers: 25% slower at 264 bytes).
///
/// One block (`@block`) and one lane sum (`@sum`) serve both operations
/// (`C2` chooses what a product adds to its column) and every (W, EXACT);
/// the C2 kernels sum their wrapping lanes once, the exact ones flush
/// every [`FLUSH`] blocks.
macro_rules! x86_simd_kernels {
    ($isa:tt; $($c2:ident, $sq:ident = $w:literal, $exact:literal;)+) => {
        $(
            x86_simd_kernels!(@fn $isa, $c2, $w, $exact, true, u64);
            x86_simd_kernels!(@fn $isa, $sq, $w, $exact, false, u128);
        )+
    };
    // One block g: its elements' squares added into `$acc`.
    (@block [$fnmac:ident, $n:literal, $vec:ty, $zero:ident, $add:ident, $mul:ident,
             $srli:ident, $and:ident, $set1:ident, $transpose:ident, $widen:ident, $lanes:ident],
     $acc:ident, $mp:ident, $kp:ident, $g:expr, $lo32:ident, $w:expr, $exact:expr, $c2:expr) => {{
        // SAFETY: the block's words N·W·g .. N·W·(g+1) are
        // below N·W·blocks ≤ k·W, inside the message (k·W
        // words) and the key (≥ k·W words).
        let (mt, xt) = unsafe {
            (
                $transpose!($mp.add(4 * $n * $w * $g).cast::<$vec>(), $w),
                $transpose!($kp.add($n * $w * $g).cast::<$vec>(), $w),
            )
        };
        for half in 0..2 {
            let mut a = [$zero(); $w];
            let mut carry = $zero();
            for (i, ai) in a.iter_mut().enumerate() {
                let t = $add($add($widen!(mt[i], half), $widen!(xt[i], half)), carry);
                *ai = t; // vpmuludq reads the low 32 bits only
                carry = $srli::<32>(t);
            }
            for i in 0..$w {
                let d = $mul(a[i], a[i]);
                $acc[2 * i] = $add($acc[2 * i], if $c2 { d } else { $and(d, $lo32) });
                $acc[2 * i + 1] = $add($acc[2 * i + 1], $srli::<32>(d));
                for j in (i + 1)..$w {
                    let z = $mul(a[i], a[j]);
                    let l = if $c2 { z } else { $and(z, $lo32) };
                    let h = $srli::<32>(z);
                    $acc[i + j] = $add($acc[i + j], $add(l, l));
                    $acc[i + j + 1] = $add($acc[i + j + 1], $add(h, h));
                }
            }
            if $exact {
                for j in 0..$w {
                    // carry·a_j < 2^32: no high half.
                    let z = $mul(carry, a[j]);
                    $acc[$w + j] = $add($acc[$w + j], $add(z, z));
                }
                $acc[2 * $w] = $add($acc[2 * $w], carry);
            }
        }
    }};
    // The lanes of `$acc` added into `$total`.
    (@sum [$fnmac:ident, $n:literal, $vec:ty, $zero:ident, $add:ident, $mul:ident,
           $srli:ident, $and:ident, $set1:ident, $transpose:ident, $widen:ident, $lanes:ident],
     $acc:ident, $total:ident, $out:ty) => {
        for (t, v) in $total.iter_mut().zip(&$acc) {
            let s = $lanes!(*v)
                .iter()
                .fold(0 as $out, |s, &x| s.wrapping_add(<$out>::from(x)));
            *t = t.wrapping_add(s);
        }
    };
    (@fn $isa:tt, $name:ident, $w:literal, $exact:literal, $c2:literal, $out:ty) => {
        x86_simd_kernels!(@fn2 $isa, $isa, $name, $w, $exact, $c2, $out);
    };
    (@fn2 $isa:tt, [$fnmac:ident, $n:literal, $vec:ty, $zero:ident, $add:ident, $mul:ident,
          $srli:ident, $and:ident, $set1:ident, $transpose:ident, $widen:ident, $lanes:ident],
     $name:ident, $w:literal, $exact:literal, $c2:literal, $out:ty) => {
        uhash_base::$fnmac! {
            /// `soft::c2_columns` (`C2`) or `soft::sum_squares` for this W
            /// and EXACT.
            ///
            /// # Safety
            /// The CPU must support the feature set of this backend's
            /// witness.
            unsafe fn $name(key: &[u32], msg: &[u8]) -> [$out; crate::kernels::COLS] {
                use crate::kernels::COLS;
                const W: usize = $w;
                const EXACT: bool = $exact;
                const C2: bool = $c2;
                const N: usize = $n;
                let k = (msg.len() / (4 * W)).min(key.len() / W);
                let blocks = k / N;
                let lo32 = $set1(0xffff_ffff);
                let mp = msg.as_ptr();
                let kp = key.as_ptr();
                // C2: the lane sums mod 2^64 (their low 32 bits are the
                // columns); else exactly.
                let mut total = [0 as $out; COLS];
                if C2 {
                    // The lanes wrap mod 2^64: no flushes.
                    let mut acc = [$zero(); COLS];
                    for g in 0..blocks {
                        x86_simd_kernels!(@block $isa, acc, mp, kp, g, lo32, W, EXACT, C2);
                    }
                    x86_simd_kernels!(@sum $isa, acc, total, $out);
                } else {
                    let mut g = 0;
                    while g < blocks {
                        let end = (g + crate::backend::x86_simd::FLUSH).min(blocks);
                        let mut acc = [$zero(); COLS];
                        while g < end {
                            x86_simd_kernels!(@block $isa, acc, mp, kp, g, lo32, W, EXACT, C2);
                            g += 1;
                        }
                        x86_simd_kernels!(@sum $isa, acc, total, $out);
                    }
                }
                let (key, msg) = crate::backend::soft::after::<W>(key, msg, N * blocks);
                if C2 {
                    let tail = crate::backend::soft::c2_columns::<W, EXACT>(key, msg);
                    core::array::from_fn(|c| (total[c] as u64).wrapping_add(tail[c]) as $out)
                } else {
                    let tail = crate::backend::soft::sum_squares::<W, EXACT>(key, msg);
                    core::array::from_fn(|c| (u128::from(total[c]) + tail[c]) as $out)
                }
            }
        }
    };
}
