//! AVX-512 kernels (`vpmuludq` on 512-bit vectors, blocks of 16 words): the
//! scheme of the [module docs](super), with one key load per block for up to
//! four outputs (the shifted key windows come from `valignd`, so an aligned
//! key is never read across a cache line) and a load per window beyond.

use core::arch::x86_64::*;
use uhash_core::backend::Avx512;

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

/// Up to this many outputs the key windows come from `valignd` (one
/// aligned key load per block); beyond, from loads (measured on Ice Lake:
/// with 5 and more windows the extra shuffles cost more than split loads).
const ALIGNR_MAX_N: usize = 4;

macro_rules! kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_core::avx512_fn! {
            $(
                /// digestMW (b = 32) sums of `$n` outputs
                /// (`soft::mw32_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $name(key: &[u32], msg: &[u8]) -> [u32; 8] {
                    const N: usize = $n;
                    let words = msg.len() / 4;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut t = [_mm512_setzero_si512(); 9];
                    let mut i = 0usize;
                    if N <= ALIGNR_MAX_N {
                        // One key load per block, at word i + 16 (aligned
                        // when the key is): the windows at offsets 1..=N+1
                        // are `valignd` of this block and the next, so no
                        // load splits a cache line. Reads message words
                        // i .. i+16 and key words i .. i+32.
                        if words >= 16 && key.len() >= 32 {
                            // SAFETY: key words 0..16 exist (key.len() ≥ 32).
                            let mut cur = unsafe { _mm512_loadu_si512(kp.cast()) };
                            while i + 16 <= words && i + 32 <= key.len() {
                                // SAFETY: message words i..i+16 exist (i+16 ≤ words).
                                let m = unsafe { _mm512_loadu_si512(mp.add(4 * i).cast()) };
                                let mo = _mm512_srli_epi64::<32>(m);
                                // SAFETY: key words i+16 .. i+32 exist (i+32 ≤ key.len()).
                                let next = unsafe { _mm512_loadu_si512(kp.add(i + 16).cast()) };
                                let mut k = cur;
                                unroll!(N, S => {
                                    // Key words i+S+1 .. i+S+17 (S+1 ≤ 9 < 16).
                                    let k1 = _mm512_alignr_epi32::<{ S as i32 + 1 }>(next, cur);
                                    let pe = _mm512_mul_epu32(m, k);
                                    let po = _mm512_mul_epu32(mo, k1);
                                    t[S] = _mm512_add_epi32(t[S], _mm512_add_epi32(pe, po));
                                    #[allow(unused_assignments)]
                                    {
                                        k = k1;
                                    }
                                });
                                cur = next;
                                i += 16;
                            }
                        }
                    } else {
                        // Many windows: `valignd` would crowd the shuffle
                        // port, so each window is loaded. Reads message words
                        // i .. i+16 and key words i .. i+N+17.
                        while i + 16 <= words && i + N + 17 <= key.len() {
                            // SAFETY: message words i..i+16 exist (i+16 ≤ words).
                            let m = unsafe { _mm512_loadu_si512(mp.add(4 * i).cast()) };
                            let mo = _mm512_srli_epi64::<32>(m);
                            // SAFETY: key words i .. i+16 exist (i+N+17 ≤ key.len()).
                            let mut k = unsafe { _mm512_loadu_si512(kp.add(i).cast()) };
                            unroll!(N, S => {
                                // SAFETY: key words i+S+1 .. i+S+17 exist:
                                // i+S+17 ≤ i+N+17 ≤ key.len().
                                let k1 = unsafe { _mm512_loadu_si512(kp.add(i + S + 1).cast()) };
                                let pe = _mm512_mul_epu32(m, k);
                                let po = _mm512_mul_epu32(mo, k1);
                                t[S] = _mm512_add_epi32(t[S], _mm512_add_epi32(pe, po));
                                #[allow(unused_assignments)]
                                {
                                    k = k1;
                                }
                            });
                            i += 16;
                        }
                    }
                    let mut out = [0u32; 8];
                    let mut lanes = [[0u32; 16]; 9];
                    for s in 0..=N {
                        // SAFETY: `lanes[s]` is 64 writable bytes.
                        unsafe { _mm512_storeu_si512(lanes[s].as_mut_ptr().cast(), t[s]) };
                    }
                    let tail = crate::soft::mw32_sums::<N>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..).unwrap_or(&[]),
                    );
                    for r in 0..N {
                        let mut d = tail[r];
                        for e in 0..8 {
                            d = d
                                .wrapping_add(lanes[r][2 * e])
                                .wrapping_add(lanes[r + 1][2 * e + 1]);
                        }
                        out[r] = d;
                    }
                    out
                }
            )+
        }

        /// The digestMW sums of N ≤ 8 outputs with AVX-512.
        #[inline]
        pub(crate) fn mw32_sums<const N: usize>(_w: Avx512, key: &[u32], msg: &[u8]) -> [u32; N] {
            let f: unsafe fn(&[u32], &[u8]) -> [u32; 8] = match N {
                $($n => $name,)+
                _ => return crate::soft::mw32_sums::<N>(key, msg),
            };
            // SAFETY: `_w` exists only if run-time detection found every
            // feature of the `Avx512` set, the list `avx512_fn!` compiled these
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
