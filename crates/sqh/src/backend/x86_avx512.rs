//! AVX-512 kernels: the x86 SIMD body (`x86_simd.rs`) on 512-bit vectors —
//! sixteen message elements per block (W contiguous 512-bit loads
//! transposed with zero-masking `vpermd`), eight per `vpmuludq` step, one
//! per 64-bit lane.

use core::arch::x86_64::*;
use uhash_base::backend::Avx512;

use super::x86_simd::{Tables, perm_bits, perm_idx};

/// The `vpermd` indices for sixteen elements per block.
const IDX: Tables<[i32; 16]> = perm_idx::<16>();

/// The lanes each load fills, as `k` masks.
const BITS: Tables<u32> = perm_bits::<16>();

/// The W limb vectors (lane e = limb i of element e) of the sixteen
/// elements whose 16W words start at `$p` (a `*const __m512i`). Unsafe:
/// reads W·64 bytes from `$p`.
macro_rules! transpose {
    ($p:expr, $w:expr) => {{
        let p = $p;
        let mut loads = [_mm512_setzero_si512(); $w];
        for (r, l) in loads.iter_mut().enumerate() {
            *l = _mm512_loadu_si512(p.add(r));
        }
        let mut limbs = [_mm512_setzero_si512(); $w];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let mut v = _mm512_setzero_si512();
            for (r, l) in loads.iter().enumerate() {
                let idx = _mm512_loadu_si512(IDX[$w - 1][i][r].as_ptr().cast());
                let mask = BITS[$w - 1][i][r] as __mmask16;
                v = _mm512_or_si512(v, _mm512_maskz_permutexvar_epi32(mask, idx, *l));
            }
            *limb = v;
        }
        limbs
    }};
}

/// Lanes 8·half … 8·half+7 of a vector of sixteen 32-bit values,
/// zero-extended to 64-bit lanes.
macro_rules! widen {
    ($v:expr, $half:expr) => {
        _mm512_cvtepu32_epi64(if $half == 0 {
            _mm512_castsi512_si256($v)
        } else {
            _mm512_extracti64x4_epi64::<1>($v)
        })
    };
}

/// The eight 64-bit lanes of a vector.
macro_rules! lanes {
    ($v:expr) => {{
        let v = $v;
        let (lo, hi) = (_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v));
        [
            _mm256_extract_epi64::<0>(lo) as u64,
            _mm256_extract_epi64::<1>(lo) as u64,
            _mm256_extract_epi64::<2>(lo) as u64,
            _mm256_extract_epi64::<3>(lo) as u64,
            _mm256_extract_epi64::<0>(hi) as u64,
            _mm256_extract_epi64::<1>(hi) as u64,
            _mm256_extract_epi64::<2>(hi) as u64,
            _mm256_extract_epi64::<3>(hi) as u64,
        ]
    }};
}

simd_backend!(
    Avx512,
    x86_simd_kernels,
    [
        avx512_fn,
        16,
        __m512i,
        _mm512_setzero_si512,
        _mm512_add_epi64,
        _mm512_mul_epu32,
        _mm512_srli_epi64,
        _mm512_and_si512,
        _mm512_set1_epi64,
        transpose,
        widen,
        lanes
    ]
);
