//! AArch64 Advanced SIMD (NEON) kernels, built on `umull`/`umull2`
//! (`vmull_u32`, `vmull_high_u32`): blocks of four message words; for each
//! key offset s = 0..=N the four words multiply the key words at offset
//! i + s element by element into four 64-bit products. Seen as 32-bit
//! elements, a product vector holds lo(m·k) (even elements, for output d_s)
//! and hi(m·k) (odd elements, for d_{s−1}), so one accumulator per offset
//! sums them with 32-bit additions (the scheme of the x86 kernels).
//!
//! Messages are loaded as bytes (`ld1 {v.16b}`), so no alignment is
//! assumed; this backend exists for little-endian AArch64 only (the lanes
//! must hold little-endian words). Tails of fewer than one block are summed
//! by the portable code.

use core::arch::aarch64::*;
use uhash_base::backend::Neon;

macro_rules! kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_base::neon_fn! {
            $(
                /// digestMW (b = 32) sums of `$n` outputs
                /// (`soft::mw32_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Neon`] feature set.
                unsafe fn $name(key: &[u32], msg: &[u8]) -> [u32; 8] {
                    const N: usize = $n;
                    let words = msg.len() / 4;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut t = [vdupq_n_u32(0); 9];
                    let mut i = 0usize;
                    // Key loads read words i .. i+N+4; message words i .. i+4.
                    while i + 4 <= words && i + N + 4 <= key.len() {
                        // SAFETY: message bytes 4i .. 4i+16 exist (i+4 ≤ words).
                        let m = vreinterpretq_u32_u8(unsafe { vld1q_u8(mp.add(4 * i)) });
                        let ml = vget_low_u32(m);
                        unroll!(N, S => {
                            // SAFETY: key words i+S .. i+S+4 exist:
                            // i+S+4 ≤ i+N+4 ≤ key.len().
                            let k = unsafe { vld1q_u32(kp.add(i + S)) };
                            let p0 = vreinterpretq_u32_u64(vmull_u32(ml, vget_low_u32(k)));
                            let p1 = vreinterpretq_u32_u64(vmull_high_u32(m, k));
                            t[S] = vaddq_u32(t[S], vaddq_u32(p0, p1));
                        });
                        i += 4;
                    }
                    let tail = crate::backend::soft::mw32_sums::<N>(
                        key.get(i..).unwrap_or(&[]),
                        msg.get(4 * i..).unwrap_or(&[]),
                    );
                    let mut out = [0u32; 8];
                    for r in 0..N {
                        let a = t[r];
                        let b = t[r + 1];
                        out[r] = tail[r]
                            .wrapping_add(vgetq_lane_u32::<0>(a))
                            .wrapping_add(vgetq_lane_u32::<2>(a))
                            .wrapping_add(vgetq_lane_u32::<1>(b))
                            .wrapping_add(vgetq_lane_u32::<3>(b));
                    }
                    out
                }
            )+
        }

        simd_kernels_impl!(Neon, [$($name = $n),+]);
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
