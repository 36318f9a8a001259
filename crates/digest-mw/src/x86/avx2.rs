//! AVX2 kernels (`vpmuludq` on 256-bit vectors, blocks of 8 words): the
//! scheme of the [module docs](super), with one change at offset 0. Output
//! d_0 needs only the low halves of the products m_j·k_j, and `vpmulld`
//! gives all eight of a block in one instruction, each in its own 32-bit
//! element; so offset 0 costs one multiplication and one addition per block
//! instead of two and two (for n = 1: 3 multiplications, 3 additions and
//! 1 shift per block instead of 4, 4 and 1). At the end d_0 takes the sum
//! of all elements of that accumulator.

use core::arch::x86_64::*;
use uhash_core::backend::Avx2;

/// Runs `$body` with the constant `$s` = 0, 1, …, 8 while `$s <= N`
/// (the kernels' offsets): unrolled, so that every accumulator index is a
/// constant and the accumulators live in registers.
macro_rules! unroll {
    ($n:ident, $s:ident => $body:block) => {
        unroll!(@ $n, $s, $body, 0 1 2 3 4 5 6 7 8)
    };
    (@ $n:ident, $s:ident, $body:block, $($i:literal)+) => {
        $({
            const $s: usize = $i;
            if $s <= $n $body
        })+
    };
}

macro_rules! kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_core::avx2_fn! {
            $(
                /// digestMW (b = 32) sums of `$n` outputs
                /// (`soft::mw32_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                unsafe fn $name(key: &[u32], msg: &[u8]) -> [u32; 8] {
                    const N: usize = $n;
                    let words = msg.len() / 4;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    // t[0]: Σ lo(m_j·k_j) in every element; t[s ≥ 1]: the
                    // products at offset s, lo in even, hi in odd elements.
                    let mut t = [_mm256_setzero_si256(); 9];
                    let mut i = 0usize;
                    // Key loads read words i .. i+N+9; message words i .. i+8.
                    while i + 8 <= words && i + N + 9 <= key.len() {
                        // SAFETY: message words i..i+8 exist (i+8 ≤ words).
                        let m = unsafe { _mm256_loadu_si256(mp.add(4 * i).cast()) };
                        let mo = _mm256_srli_epi64::<32>(m);
                        // SAFETY: key words i .. i+9 exist (i+N+9 ≤ key.len(), N ≥ 1).
                        let (k0, mut k) = unsafe {
                            (
                                _mm256_loadu_si256(kp.add(i).cast()),
                                _mm256_loadu_si256(kp.add(i + 1).cast()),
                            )
                        };
                        t[0] = _mm256_add_epi32(t[0], _mm256_mullo_epi32(m, k0));
                        unroll!(N, S => {
                            if S >= 1 {
                                // SAFETY: key words i+S+1 .. i+S+1+W exist
                                // (W = the block): i+S+1+W ≤ i+N+1+W ≤ key.len().
                                let k1 = unsafe { _mm256_loadu_si256(kp.add(i + S + 1).cast()) };
                                let pe = _mm256_mul_epu32(m, k);
                                let po = _mm256_mul_epu32(mo, k1);
                                t[S] = _mm256_add_epi32(t[S], _mm256_add_epi32(pe, po));
                                #[allow(unused_assignments)]
                                {
                                    k = k1;
                                }
                            }
                        });
                        i += 8;
                    }
                    let mut out = [0u32; 8];
                    let mut lanes = [[0u32; 8]; 9];
                    for s in 0..=N {
                        // SAFETY: `lanes[s]` is 32 writable bytes.
                        unsafe { _mm256_storeu_si256(lanes[s].as_mut_ptr().cast(), t[s]) };
                    }
                    let tail = crate::soft::mw32_sums::<N>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..).unwrap_or(&[]),
                    );
                    for r in 0..N {
                        let mut d = tail[r];
                        for e in 0..4 {
                            // d_0's low halves fill every element of t[0].
                            let lo = if r == 0 {
                                lanes[0][2 * e].wrapping_add(lanes[0][2 * e + 1])
                            } else {
                                lanes[r][2 * e]
                            };
                            d = d.wrapping_add(lo).wrapping_add(lanes[r + 1][2 * e + 1]);
                        }
                        out[r] = d;
                    }
                    out
                }
            )+
        }

        /// The digestMW sums of N ≤ 8 outputs with AVX2.
        #[inline]
        pub(crate) fn mw32_sums<const N: usize>(_w: Avx2, key: &[u32], msg: &[u8]) -> [u32; N] {
            let f: unsafe fn(&[u32], &[u8]) -> [u32; 8] = match N {
                $($n => $name,)+
                _ => return crate::soft::mw32_sums::<N>(key, msg),
            };
            // SAFETY: `_w` exists only if run-time detection found every
            // feature of the `Avx2` set, the list `avx2_fn!` compiled these
            // functions with.
            let out = unsafe { f(key, msg) };
            core::array::from_fn(|r| out[r])
        }
    };
}

kernels! {
    mw_1 = 1;
    mw_2 = 2;
    mw_3 = 3;
    mw_4 = 4;
    mw_5 = 5;
    mw_6 = 6;
    mw_7 = 7;
    mw_8 = 8;
}
