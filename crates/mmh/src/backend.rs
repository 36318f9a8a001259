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

            #[inline]
            fn nh_adiantum_sums(self, key: &[u32], msg: &[u8]) -> [u64; 4] {
                // No assembly of its own: the same ISA's intrinsics (or
                // the portable code).
                let $w = self;
                crate::kernels::Kernels32::nh_adiantum_sums($more, key, msg)
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

/// `impl Kernels32` for an intrinsics witness whose module holds one kernel
/// a window count, by the names every such module uses: `mmh32_1` ..
/// `mmh32_8` and `nh_1` .. `nh_8` (N ≤ 8 windows, `[u64; 8]` results),
/// `nh_umac_1` .. `nh_umac_4` (RFC 4418's NH, N ≤ 4, `[u64; 4]`),
/// `nh_adiantum` (Adiantum's NH, every unit, its tail included); larger N
/// run the portable code. With `umac_tail = MODULE`, RFC 4418's NH kernels
/// take groups of four blocks and `MODULE`'s kernels of the same names (a
/// feature subset of this witness's set) the last 0..3 blocks.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_endian = "little")
))]
macro_rules! table_kernels32 {
    ($wit:ident $(, umac_tail = $tail:path)? $(, umac_chunks = [$($chunks:ident),+ $(,)?])?) => {
        impl crate::kernels::Kernels32 for $wit {
            #[inline]
            fn mmh32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
                let f: unsafe fn(&[u32], &[u8]) -> [u64; 8] = match N {
                    1 => mmh32_1,
                    2 => mmh32_2,
                    3 => mmh32_3,
                    4 => mmh32_4,
                    5 => mmh32_5,
                    6 => mmh32_6,
                    7 => mmh32_7,
                    8 => mmh32_8,
                    _ => return crate::backend::soft::mmh32_sums::<N>(key, msg),
                };
                // SAFETY: `self` exists only if run-time detection found
                // every feature of the witness's set, the list its module's
                // `*_fn!` wrapper compiled these kernels with; the kernels
                // read inside the slices only.
                let out = unsafe { f(key, msg) };
                core::array::from_fn(|t| out[t])
            }

            #[inline]
            fn nh_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
                let f: unsafe fn(&[u32], &[u8]) -> [u64; 8] = match N {
                    1 => nh_1,
                    2 => nh_2,
                    3 => nh_3,
                    4 => nh_4,
                    5 => nh_5,
                    6 => nh_6,
                    7 => nh_7,
                    8 => nh_8,
                    _ => return crate::backend::soft::nh_sums::<N>(key, msg),
                };
                // SAFETY: as in `mmh32_sums`.
                let out = unsafe { f(key, msg) };
                core::array::from_fn(|t| out[t])
            }

            #[inline]
            fn nh_adiantum_sums(self, key: &[u32], msg: &[u8]) -> [u64; 4] {
                // SAFETY: as in `mmh32_sums`.
                unsafe { nh_adiantum(key, msg) }
            }

            #[inline]
            fn nh_umac_sums<const N: usize>(self, even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; N] {
                type Umac = unsafe fn(&[u32], &[u32], &[u8]) -> [u64; 4];
                let f: Umac = match N {
                    1 => nh_umac_1,
                    2 => nh_umac_2,
                    3 => nh_umac_3,
                    4 => nh_umac_4,
                    _ => return crate::backend::soft::nh_umac_sums::<N>(even, odd, msg),
                };
                let out = table_kernels32!(@umac f, even, odd, msg, N $(, $tail)?);
                core::array::from_fn(|t| out[t])
            }

            $(
                #[inline]
                fn nh_umac_chunk_sums<const N: usize>(
                    self,
                    even: &[u32],
                    odd: &[u32],
                    msg: &[u8],
                    out: &mut [[u64; N]],
                ) {
                    use crate::backend::soft;
                    type Chunks = unsafe fn(&[u32], &[u32], &[u8], &mut [u64]);
                    let [c1, c2, c3, c4]: [Chunks; 4] = [$($chunks),+];
                    let f = match N {
                        1 => c1,
                        2 => c2,
                        3 => c3,
                        4 => c4,
                        _ => {
                            return soft::nh_umac_each_chunk::<N>(msg, out, |c| {
                                self.nh_umac_sums::<N>(even, odd, c)
                            });
                        }
                    };
                    if soft::umac_blocks(N, even.len(), odd.len(), soft::UMAC_CHUNK)
                        != soft::UMAC_CHUNK / 32
                    {
                        return soft::nh_umac_each_chunk::<N>(msg, out, |c| {
                            self.nh_umac_sums::<N>(even, odd, c)
                        });
                    }
                    let chunks = (msg.len() / soft::UMAC_CHUNK).min(out.len());
                    // SAFETY: as in `mmh32_sums`; the kernel reads the
                    // whole chunks of `msg` and the key runs that cover
                    // one chunk (checked above, and again inside).
                    unsafe { f(even, odd, msg, out[..chunks].as_flattened_mut()) }
                }
            )?
        }
    };
    (@umac $f:ident, $even:ident, $odd:ident, $msg:ident, $n:ident) => {
        // SAFETY: as in `mmh32_sums`.
        unsafe { $f($even, $odd, $msg) }
    };
    (@umac $f:ident, $even:ident, $odd:ident, $msg:ident, $n:ident, $tail:path) => {{
        use $tail as tail;
        let t: Umac = match $n {
            1 => tail::nh_umac_1,
            2 => tail::nh_umac_2,
            3 => tail::nh_umac_3,
            _ => tail::nh_umac_4,
        };
        let blocks = crate::backend::soft::umac_blocks($n, $even.len(), $odd.len(), $msg.len());
        let groups = blocks / 4 * 4;
        let mut out = [0u64; 4];
        if groups > 0 {
            // SAFETY: as in `mmh32_sums`.
            out = unsafe { $f($even, $odd, $msg) };
        }
        if groups < blocks {
            // The same sums from block `groups` on: the key runs start
            // 4·groups words later.
            let (e, o, m) = (&$even[4 * groups..], &$odd[4 * groups..], &$msg[32 * groups..]);
            // SAFETY: the witness's feature set includes the tail module's
            // (the `umac_tail` contract above), and `self` proves it was
            // detected.
            let t = unsafe { t(e, o, m) };
            for (o, t) in out.iter_mut().zip(t) {
                *o = o.wrapping_add(t);
            }
        }
        out
    }};
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
#[macro_use]
mod x86_simd;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_ifma;
#[cfg(target_arch = "x86_64")]
mod x86_mulx;
