//! AVX-512 kernels (`vpmuludq` on 512-bit vectors, blocks of 16 words): the
//! scheme of `x86_mw_kernels!` (in `backend.rs`), offset 0 by `vpmulld`, for
//! two and more outputs; one output (digest itself) by [`mw_one!`] (which
//! `x86_ifma.rs` instantiates with d₀'s low halves by `vpmadd52luq`).
//! Up to [`ALIGNR_MAX_N`] outputs one key load per block serves every
//! window (the shifted windows come from `valignd`, so an aligned key is
//! never read across a cache line); beyond, a load per window.

use core::arch::x86_64::*;

/// Up to this many outputs the key windows come from `valignd` (one
/// aligned key load per block); beyond, from loads (measured on Ice Lake:
/// with 5 and more windows the extra shuffles cost more than split loads).
const ALIGNR_MAX_N: usize = 4;

/// digest (one output, d₀ = Σ_j [lo(m_j·k_j) + hi(m_j·k_{j+1})] mod 2^32)
/// over 16-word blocks, four blocks a step, each with its own accumulators
/// (against two a step, the loop measured 6% faster on Zen 5); `lo =
/// mulld` or `lo = ifma` chooses how the low halves are summed.
///
/// Per block, with m the message words, k₀ the key at word offset 0 and k₁
/// at offset 1 (as 64-bit lanes, `vpmuludq` reads the low halves):
/// * the hi halves: `vpmuludq(m, k₁)` (lane i: m_{2i}·k_{2i+1}) and
///   `vpmuludq(m_odd, k₂)` (m_{2i+1}·k_{2i+2}), where m_odd and k₂ (the
///   odd words of m and of k₁) come down by dword shuffles (on Zen 5 four
///   pipes run them and two the shifts: measured 2.5% faster at 8 KiB than
///   a shift and a shuffle a block; on Intel port 5 runs them, beside the
///   multiplies on port 0); both products summed in 32-bit elements, whose
///   odd elements are Σ hi mod 2^32;
/// * the lo halves: `mulld`: one `vpmulld(m, k₀)` (two µops) summed in
///   32-bit elements, every element a lo(m_j·k_j); `ifma`:
///   `vpmadd52luq(acc, m, k₀)` and `vpmadd52luq(acc, m_odd, k₁)`, whose
///   52-bit products' low 32 bits are lo(m_{2i}·k_{2i}) and
///   lo(m_{2i+1}·k_{2i+1}) (the other words of the lanes only reach bits
///   32 and up), summed in 64-bit lanes whose low halves are what counts.
///
/// That is 8 µops per block (`ifma`; `mulld` 9) against NH's 4, and one
/// key load at a word offset (it splits a cache line; two such loads, for
/// k₂, measured slower than the shuffle). The tail (under 16 words, or a
/// block whose k₁ would run past the key) is summed by the portable code.
macro_rules! mw_one {
    ($name:ident, $fn_macro:ident, lo = $lo:ident) => {
        uhash_base::$fn_macro! {
            /// digest (b = 32, one output: `soft::mw32_sums::<1>`) in
            /// `out[0]`.
            ///
            /// # Safety
            /// The CPU must support the feature set of the witness.
            unsafe fn $name(key: &[u32], msg: &[u8]) -> [u32; 8] {
                // The words whose two key words the key holds.
                let words = (msg.len() / 4).min(key.len().saturating_sub(1));
                let mut out = [0u32; 8];
                if words < 16 {
                    // Under one block: the portable sum alone, without the
                    // vector set-up and the 16-lane reduction.
                    [out[0]] = crate::backend::soft::mw32_sums::<1>(key, msg);
                    return out;
                }
                let (mp, kp) = (msg.as_ptr(), key.as_ptr());
                let mut lo = [_mm512_setzero_si512(); 8];
                let mut hi = [_mm512_setzero_si512(); 4];
                let mut i = 0usize;
                macro_rules! block {
                    (@lo mulld, $a:expr, $m:ident, $k0:ident) => {
                        _mm512_add_epi32($a, _mm512_mullo_epi32($m, $k0))
                    };
                    (@lo ifma, $a:expr, $m:ident, $k0:ident) => {
                        _mm512_madd52lo_epu64($a, $m, $k0)
                    };
                    (@lo2 mulld, $a:expr, $mo:ident, $k1:ident) => {};
                    (@lo2 ifma, $a:expr, $mo:ident, $k1:ident) => {
                        $a = _mm512_madd52lo_epu64($a, $mo, $k1)
                    };
                    ($j:expr, $a:literal) => {{
                        let j = $j;
                        // SAFETY: message words j .. j+16 and key words
                        // j .. j+17 exist (j + 16 ≤ words ≤ key.len() − 1).
                        let (m, k0, k1) = unsafe {
                            (
                                _mm512_loadu_si512(mp.add(4 * j).cast()),
                                _mm512_loadu_si512(kp.add(j).cast()),
                                _mm512_loadu_si512(kp.add(j + 1).cast()),
                            )
                        };
                        // The odd words in the low halves (for `vpmuludq`;
                        // `vpmadd52luq` keeps only the low 32 bits of a
                        // product, which the high halves do not reach).
                        let mo = _mm512_shuffle_epi32::<0b1011_0001>(m);
                        let k2 = _mm512_shuffle_epi32::<0b1011_0001>(k1);
                        lo[$a] = block!(@lo $lo, lo[$a], m, k0);
                        // A second accumulator for the odd words: one
                        // chain would double the IFMA latency per block.
                        block!(@lo2 $lo, lo[$a + 4], mo, k1);
                        let h = _mm512_add_epi32(_mm512_mul_epu32(m, k1), _mm512_mul_epu32(mo, k2));
                        hi[$a] = _mm512_add_epi32(hi[$a], h);
                    }};
                }
                while i + 64 <= words {
                    block!(i, 0);
                    block!(i + 16, 1);
                    block!(i + 32, 2);
                    block!(i + 48, 3);
                    i += 64;
                }
                while i + 16 <= words {
                    block!(i, 0);
                    i += 16;
                }
                let lo_sum = mw_one!(@lo_add $lo,
                    mw_one!(@lo_add $lo, mw_one!(@lo_add $lo, lo[0], lo[1]),
                        mw_one!(@lo_add $lo, lo[2], lo[3])),
                    mw_one!(@lo_add $lo, mw_one!(@lo_add $lo, lo[4], lo[5]),
                        mw_one!(@lo_add $lo, lo[6], lo[7])));
                let hi_sum = _mm512_add_epi32(
                    _mm512_add_epi32(hi[0], hi[1]),
                    _mm512_add_epi32(hi[2], hi[3]),
                );
                // d₀ mod 2^32 is the low half of the sum of the 64-bit
                // lanes of lo (its low halves; `mulld`: both halves) plus
                // hi's odd elements brought down: the other halves only add
                // multiples of 2^32. One vector reduction, no stores.
                let v = _mm512_add_epi64(mw_one!(@lo_fold $lo, lo_sum), _mm512_srli_epi64::<32>(hi_sum));
                let mut d = _mm512_reduce_add_epi64(v) as u32;
                if i < words {
                    // The words after the last whole block, by the portable
                    // code (which sums the same `words`: nothing to add
                    // when the blocks covered them).
                    let [tail] = crate::backend::soft::mw32_sums::<1>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..).unwrap_or(&[]),
                    );
                    d = d.wrapping_add(tail);
                }
                out[0] = d;
                out
            }
        }
    };
    // `mulld` sums every 32-bit element; `ifma` the low halves of lanes.
    (@lo_add mulld, $a:expr, $b:expr) => {
        _mm512_add_epi32($a, $b)
    };
    (@lo_add ifma, $a:expr, $b:expr) => {
        _mm512_add_epi64($a, $b)
    };
    (@lo_fold mulld, $v:expr) => {
        _mm512_add_epi64($v, _mm512_srli_epi64::<32>($v))
    };
    (@lo_fold ifma, $v:expr) => {
        $v
    };
}

// The IFMA backend (`x86_ifma.rs`) instantiates the same scheme.
pub(super) use mw_one;

mw_one!(mw_1, avx512_fn, lo = mulld);

x86_mw_kernels! {
    uhash_base::backend::Avx512, avx512_fn, __m512i, words = 16,
    ops = {
        zero = _mm512_setzero_si512, load = _mm512_loadu_si512, store = _mm512_storeu_si512,
        add = _mm512_add_epi32, mullo = _mm512_mullo_epi32, mul = _mm512_mul_epu32,
        srli = _mm512_srli_epi64,
    },
    shared_windows = _mm512_alignr_epi32 up to ALIGNR_MAX_N,
    kernels = [mw_2 = 2, mw_3 = 3, mw_4 = 4, mw_5 = 5, mw_6 = 6, mw_7 = 7, mw_8 = 8],
    own = [mw_1 = 1],
}
