//! Poly1305 with AVX2: 4 lanes, radix 2^26 (`vpmuludq`), powers r^1..r^4
//! and r^4, r^8, r^12, r^16 computed per message, one accumulator that
//! takes four vectors of blocks (256 bytes) per carry
//! (`radix26_blocks_sum!`, `radix26_sum.rs`). The arithmetic and its
//! bounds are in the shared `radix26.rs` (its macros, expanded here).

use super::limbs26::M26;
use crate::kernels::Kernels;
use core::arch::x86_64::*;
use uhash_base::backend::Avx2;

const LANES: usize = 4;
type V = __m256i;

x86_ops26!(
    $,
    _mm256_add_epi64,
    _mm256_mul_epu32,
    _mm256_and_si256,
    _mm256_or_si256,
    _mm256_srli_epi64,
    _mm256_slli_epi64,
    _mm256_set1_epi64x,
    _mm256_loadu_si256,
    _mm256_storeu_si256,
    ymm_reg
);

/// The block that [`load_blocks!`] puts in each lane: the order of
/// `vpunpck[lh]qdq` across the two 128-bit halves, left as it is (the
/// powers of the last multiplication are laid out in the same order).
const LANE_BLOCK: [usize; LANES] = [0, 2, 1, 3];

/// Four blocks (64 bytes) as 26-bit limbs plus 2^128, lane t = block
/// `LANE_BLOCK[t]`.
macro_rules! load_blocks {
    ($p:expr) => {{
        let p: *const u8 = $p;
        // SAFETY: the block loop reads 16·LANES bytes inside the data.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(p.cast()),
                _mm256_loadu_si256(p.add(32).cast()),
            )
        };
        split26!(_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b))
    }};
}

impl Kernels for Avx2 {
    radix26_absorb!(|h, r, data| {
        // SAFETY: the witness `self` proves the `Avx2` features were
        // detected.
        let n = unsafe { blocks_avx2(h, r, data) };
        // A planted divergence, compiled only for the fuzzing check
        // (`fuzz/plant.sh` sets cfg `uhash_plant` for this crate alone):
        // a wrong accumulator after a vector run of 3 KiB modulo 4 KiB.
        // The fuzz target `poly1305_aes` must find it.
        #[cfg(uhash_plant)]
        if n % 4096 == 3072 {
            h[0] ^= 1;
        }
        n
    });
}

uhash_base::avx2_fn! {
    /// Absorbs the longest prefix of `data` that is a whole number of
    /// vector steps and returns its length (`h`, `r` as in the scalar
    /// block interface of [`crate::kernels`]).
    ///
    /// # Safety
    /// The CPU must support the [`Avx2`] feature set.
    unsafe fn blocks_avx2(h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        radix26_blocks_sum!(h, r, data, 4)
    }
}
