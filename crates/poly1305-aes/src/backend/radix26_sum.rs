//! The block loop of AVX2 and AVX-512F (`radix26_blocks_sum!`): one accumulator that
//! takes several vectors of blocks per carry, on the shared arithmetic of
//! `radix26.rs` (its macros and bounds), expanded inside the backend's
//! `#[target_feature]` function like the loops there.
// Unused on targets without an AVX2 backend.
#![allow(unused_macros)]

/// Σ_(j < K−1) M_j·g[K−2−j] (column sums, not carried) for K = `$k` ∈
/// {2, 3, 4}: the products of [`radix26_blocks_sum!`]'s blocks, written out
/// (LLVM keeps a loop over them rolled, its vectors on the stack).
macro_rules! block_products26 {
    (2, $m:expr, $g:expr, $g5:expr) => {
        products26!($m[0], $g[0], $g5[0])
    };
    (3, $m:expr, $g:expr, $g5:expr) => {{
        let e = products26!($m[0], $g[1], $g5[1]);
        let f = products26!($m[1], $g[0], $g5[0]);
        core::array::from_fn::<V, 5, _>(|i| vadd!(e[i], f[i]))
    }};
    (4, $m:expr, $g:expr, $g5:expr) => {{
        let e = products26!($m[0], $g[2], $g5[2]);
        let f = products26!($m[1], $g[1], $g5[1]);
        let e = core::array::from_fn::<V, 5, _>(|i| vadd!(e[i], f[i]));
        let f = products26!($m[2], $g[0], $g5[0]);
        core::array::from_fn::<V, 5, _>(|i| vadd!(e[i], f[i]))
    }};
}

/// The block loop with one accumulator and `$k` vectors of blocks per
/// carry: absorbs ⌊len / (16·LANES)⌋·16·LANES bytes of `$data` into `$h`
/// and evaluates to their length. The backend also defines
/// `LANE_BLOCK: [usize; LANES]`, the block that `load_blocks!` puts in each
/// lane (lane t holds block `LANE_BLOCK[t]` of its LANES).
///
/// With R = r^LANES, the first vector of blocks is added to h (in lane 0);
/// each main step then takes K = `$k` vectors M₀..M_(K−1),
/// A ← A·R^K + M₀·R^(K−1) + … + M_(K−2)·R + M_(K−1), with one carry for all
/// K products (they are independent: only A·R^K is on the chain from one
/// step to the next); the fewer than K vectors left take
/// A ← A·R + M each. At the end lane t is multiplied by
/// r^(LANES − `LANE_BLOCK[t]`) and the lanes are summed — Horner's rule
/// regrouped: block i of n ends with r^(n−i).
///
/// Bounds: A < 2^26 + 2^10 after [`carry26p!`], < 2^27 + 2^10 < 2^27.01
/// with a vector of blocks added (block limbs < 2^26; limb 4 of h < 6·2^24
/// on entry, plus < 2^25); the powers R^j are carried (limbs < 2^26 + 2^10,
/// so 5·g < 2^28.33; the lane powers are frozen, < 2^26); so a product term
/// is < 2^27.01 · 2^28.33 = 2^55.34 with A, < 2^26 · 2^28.33 = 2^54.33 with
/// blocks, and a column of 5 + 5(K−1) terms < 5·2^55.34 + 5(K−1)·2^54.33 =
/// 2^57.66 + 2^58.24 < 2^59 for K = 4: within [`carry26p!`]'s bound, and
/// every `vmul!` input < 2^32.
macro_rules! radix26_blocks_sum {
    ($h:expr, $r:expr, $data:expr, $k:tt) => {{
        const K: usize = $k;
        const VEC: usize = 16 * LANES;
        const _: () = assert!(
            K >= 2 && K <= 4 && K <= LANES,
            "K = 1 is `radix26_blocks!`; the bound holds for K <= 4"
        );
        let h: &mut [u64; 3] = $h;
        let data: &[u8] = $data;
        let n = data.len() / VEC;
        if n > 0 {
            // 5·g laundered through `black_box`: otherwise LLVM rewrites
            // h·(5g) inside the loop as 5·(h·g) (a shift and an add per
            // product, recomputed every step) and spills the rest.
            let times5 = |p: &[V; 5]| -> [V; 5] {
                core::hint::black_box(core::array::from_fn(|k| vadd!(p[k], vsll!(p[k], 2))))
            };
            // pw: r^(LANES − t) in lane t (scalar, frozen); pl: the same
            // powers in `LANE_BLOCK` order, for the last multiplication.
            let pw = $crate::backend::radix26::powers26::<LANES>($r);
            // Limbs by lane ([[u64; LANES]; 5]) as vectors; the arrays are
            // built with `from_fn` at each use (a closure taking the limb
            // function as `&dyn Fn` made every limb an indirect call).
            let vecs = |x: [[u64; LANES]; 5]| -> [V; 5] {
                core::array::from_fn(|k| vload!(x[k].as_ptr()))
            };
            use core::array::from_fn;
            let one = |k: usize| u64::from(k == 0);
            let pl = vecs(from_fn(|k| from_fn(|t| pw[k][LANE_BLOCK[t]])));
            let pl5 = times5(&pl);
            // g[j] = R^(j+1) in every lane, R = r^LANES, from two vector
            // products (carried: limbs < 2^26 + 2^10): q = R·(1, R, R, …)
            // = (R, R², R², …), then s = q·(1, 1, R, R², …) = (R, R², R³, R⁴, …).
            let rb: [V; 5] = core::array::from_fn(|k| vset1!(pw[k][0]));
            let q = mul26p!(
                vecs(from_fn(|k| from_fn(|t| if t == 0 {
                    one(k)
                } else {
                    pw[k][0]
                }))),
                rb,
                times5(&rb)
            );
            let q: [V; 5] = core::array::from_fn(|k| vopaque!(q[k]));
            let mut ql = [[0u64; LANES]; 5];
            for k in 0..5 {
                vstore!(ql[k].as_mut_ptr(), q[k]);
            }
            let s = mul26p!(
                vecs(from_fn(|k| from_fn(|t| match t {
                    0 | 1 => one(k),
                    2 => pw[k][0],
                    _ => ql[k][1],
                }))),
                q,
                times5(&q)
            );
            let mut sl = [[0u64; LANES]; 5];
            for k in 0..5 {
                vstore!(sl[k].as_mut_ptr(), s[k]);
            }
            let g: [[V; 5]; K] = core::array::from_fn(|j| {
                core::hint::black_box(core::array::from_fn(|k| vset1!(sl[k][j])))
            });
            let g5: [[V; 5]; K] = core::array::from_fn(|j| times5(&g[j]));
            let h0 = h_in_lane0!(h);
            let mut ptr = data.as_ptr();
            let m = load_blocks!(ptr);
            let mut a: [V; 5] = core::array::from_fn(|k| vopaque!(vadd!(h0[k], m[k])));
            let long = data.len() >= uhash_base::prefetch::MIN_BYTES;
            for _ in 0..(n - 1) / K {
                ptr = ptr.wrapping_add(VEC);
                if long {
                    for line in 0..(K * VEC).div_ceil(64) {
                        uhash_base::prefetch::ahead(ptr.wrapping_add(64 * line));
                    }
                }
                let m: [[V; 5]; K] =
                    core::array::from_fn(|j| load_blocks!(ptr.wrapping_add(j * VEC)));
                // the blocks' products, off the chain through A
                let e = block_products26!($k, m, g, g5);
                let d = products26!(a, g[K - 1], g5[K - 1]);
                let x = carry26p!(core::array::from_fn::<V, 5, _>(|i| vadd!(d[i], e[i])));
                a = core::array::from_fn(|k| vopaque!(vadd!(x[k], m[K - 1][k])));
                ptr = ptr.wrapping_add((K - 1) * VEC);
            }
            for _ in 0..(n - 1) % K {
                ptr = ptr.wrapping_add(VEC);
                let m = load_blocks!(ptr);
                let x = mul26p!(a, g[0], g5[0]);
                a = core::array::from_fn(|k| vopaque!(vadd!(x[k], m[k])));
            }
            let f = mul26p!(a, pl, pl5);
            *h = sum_lanes26!(f);
        }
        n * VEC
    }};
}
