//! The backends, one file per instruction set, each implementing the
//! kernel traits of [`crate::kernels`] for its witness type. `unsafe` code
//! lives here only, each block with its `// SAFETY:` reason.
#![allow(unsafe_code)]

/// `impl Kernels32` for an assembly witness whose kernels compute one
/// window (n = 1: the MMH32 and NH inner sums); more windows run `$more`
/// (the same ISA's intrinsics, or the portable code). RFC 4418's NH (`umac
/// = (one, two)`: kernels of one and of two windows) runs every N ≤ 4 in
/// assembly, two windows at a time.
#[cfg(feature = "asm")]
macro_rules! one_window_asm {
    (
        $wit:ty, mmh32 = $mmh:path, $(nh = $nh:path,)? $(umac = ($one:path, $two:path),)?
        more = |$w:ident| $more:expr
    ) => {
        impl crate::kernels::Kernels32 for $wit {
            #[inline]
            fn mmh32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
                if N != 1 {
                    let $w = self;
                    return crate::kernels::Kernels32::mmh32_sums::<N>($more, key, msg);
                }
                // The words both slices hold: `soft::mmh32_sums::<1>`'s zip.
                let words = (msg.len() / 4).min(key.len());
                // SAFETY: `self` is a witness that the kernels were assembled
                // and the CPU has their instruction set; the kernel reads
                // `words` ≤ key.len() key words and 4·`words` ≤ msg.len()
                // message bytes, nothing else.
                [unsafe { $mmh(key.as_ptr(), msg.as_ptr(), words) }; N]
            }

            $(
                #[inline]
                fn nh_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
                    if N != 1 {
                        let $w = self;
                        return crate::kernels::Kernels32::nh_sums::<N>($more, key, msg);
                    }
                    // The pairs both slices hold: `soft::nh_sums::<1>`'s zip.
                    let pairs = (msg.len() / 8).min(key.len() / 2);
                    // SAFETY: as above, with 2·`pairs` key words and
                    // 8·`pairs` message bytes.
                    [unsafe { $nh(key.as_ptr(), msg.as_ptr(), pairs) }; N]
                }
            )?

            $(
                #[inline]
                fn nh_umac_sums<const N: usize>(
                    self,
                    even: &[u32],
                    odd: &[u32],
                    msg: &[u8],
                ) -> [u64; N] {
                    use crate::backend::soft;
                    if N > 4 {
                        return soft::nh_umac_sums::<N>(even, odd, msg);
                    }
                    // Whole blocks that every window covers: runs 0..=N
                    // hold at least 4·`blocks` words each.
                    let blocks = soft::umac_blocks(N, even.len(), odd.len(), msg.len());
                    let run = |t: usize| soft::umac_run(even, odd, t).as_ptr();
                    let mut out = [0u64; N];
                    let mut r = 0;
                    while r < N {
                        if r + 2 <= N {
                            let mut two = [0u64; 2];
                            // SAFETY: `self` is a witness that the kernels were
                            // assembled and the CPU has their instruction set;
                            // the kernel reads 4·`blocks` words of runs r, r + 1,
                            // r + 2 (all ≤ N), 32·`blocks` message bytes, and
                            // writes `two`.
                            unsafe {
                                $two(run(r), run(r + 1), run(r + 2), msg.as_ptr(), blocks, two.as_mut_ptr())
                            };
                            out[r] = two[0];
                            out[r + 1] = two[1];
                            r += 2;
                        } else {
                            // SAFETY: as above, with runs r and r + 1.
                            out[r] = unsafe { $one(run(r), run(r + 1), msg.as_ptr(), blocks) };
                            r += 1;
                        }
                    }
                    out
                }
            )?
        }
    };
}

pub(crate) mod soft;

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
mod aarch64_neon;
#[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
mod ffi_aarch64;
#[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
mod ffi_armv4;
#[cfg(all(feature = "asm", target_arch = "x86_64"))]
mod ffi_x86_64;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_ifma;
#[cfg(target_arch = "x86_64")]
mod x86_mulx;
