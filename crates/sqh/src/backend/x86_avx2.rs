//! AVX2 kernels: the x86 SIMD body (`x86_simd.rs`) on 256-bit vectors —
//! eight message elements per block (W contiguous 256-bit loads transposed
//! with `vpermd` and AND masks), four per `vpmuludq` step, one per 64-bit
//! lane.

use core::arch::x86_64::*;
use uhash_base::backend::Avx2;

use super::x86_simd::{Tables, perm_idx, perm_masks};

/// The `vpermd` indices for eight elements per block.
const IDX: Tables<[i32; 8]> = perm_idx::<8>();

/// The lanes each load fills, as AND masks.
const MASK: Tables<[i32; 8]> = perm_masks::<8>();

/// The W limb vectors (lane e = limb i of element e) of the eight elements
/// whose 8W words start at `$p` (a `*const __m256i`). Unsafe: reads W·32
/// bytes from `$p`.
macro_rules! transpose {
    ($p:expr, $w:expr) => {{
        let p = $p;
        let mut loads = [_mm256_setzero_si256(); $w];
        for (r, l) in loads.iter_mut().enumerate() {
            *l = _mm256_loadu_si256(p.add(r));
        }
        let mut limbs = [_mm256_setzero_si256(); $w];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let mut v = _mm256_setzero_si256();
            for (r, l) in loads.iter().enumerate() {
                let idx = _mm256_loadu_si256(IDX[$w - 1][i][r].as_ptr().cast());
                let mask = _mm256_loadu_si256(MASK[$w - 1][i][r].as_ptr().cast());
                v = _mm256_or_si256(
                    v,
                    _mm256_and_si256(_mm256_permutevar8x32_epi32(*l, idx), mask),
                );
            }
            *limb = v;
        }
        limbs
    }};
}

/// Lanes 4·half … 4·half+3 of a vector of eight 32-bit values, zero-extended
/// to 64-bit lanes.
macro_rules! widen {
    ($v:expr, $half:expr) => {
        _mm256_cvtepu32_epi64(if $half == 0 {
            _mm256_castsi256_si128($v)
        } else {
            _mm256_extracti128_si256::<1>($v)
        })
    };
}

/// The four 64-bit lanes of a vector.
macro_rules! lanes {
    ($v:expr) => {{
        let v = $v;
        [
            _mm256_extract_epi64::<0>(v) as u64,
            _mm256_extract_epi64::<1>(v) as u64,
            _mm256_extract_epi64::<2>(v) as u64,
            _mm256_extract_epi64::<3>(v) as u64,
        ]
    }};
}

simd_backend!(
    Avx2,
    x86_simd_kernels,
    [
        avx2_fn,
        8,
        __m256i,
        _mm256_setzero_si256,
        _mm256_add_epi64,
        _mm256_mul_epu32,
        _mm256_srli_epi64,
        _mm256_and_si256,
        _mm256_set1_epi64x,
        transpose,
        widen,
        lanes
    ]
);
