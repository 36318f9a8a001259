//! The hand-written assembly backend ([`Backend::Asm`](uhash_core::Backend::Asm),
//! feature `asm`): safe wrappers over the `uhash-asm` kernels.
//!
//! | target | MMH32, n = 1 | NH, n = 1 | n > 1 windows |
//! |---|---|---|---|
//! | x86-64 with AVX-512 F/BW/VL | `uhash_mmh32_sum_avx512` | `uhash_nh_sum_avx512` | the AVX-512 intrinsics kernels |
//! | x86-64 with AVX2 only | `uhash_mmh32_sum_avx2` | `uhash_nh_sum_avx2` | the AVX2 intrinsics kernels |
//! | AArch64 (little-endian) | `uhash_mmh32_sum_neon` | `uhash_nh_sum_neon` | the NEON intrinsics kernels |
//! | 32-bit ARM (ARM state) | `uhash_mmh32_sum_armv4` (UMLAL) | portable code | portable code |
//!
//! The assembly kernels compute one window (the plain MMH32/NMH32/NH inner
//! sums, which is also what the long-message MMH32 and NH hashes run);
//! Toeplitz forms with n > 1 windows fall back to the intrinsics kernels of
//! the same instruction set (portable code on ARMv4), so an `Asm` engine
//! computes every function, bit for bit as the others.
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target ([`uhash_asm::AVAILABLE`]) and the CPU has the instruction set
//! the chosen kernel needs; [`AsmImp::detect`] checks both. It is never the
//! default: `Engine32::detect()` keeps the intrinsics backends.
//!
//! # Measured (x86-64 with AVX-512, TSC cycles/byte at 2.7 GHz, criterion
//! medians of one run: `cargo bench -p uhash-bench --features asm --bench
//! throughput -- '^mmh/(MMH32|NH)/(avx512|avx2|asm)/(1KiB|8KiB|64KiB)$'`)
//!
//! | function | size | AVX-512 intrinsics | AVX-512 asm | AVX2 intrinsics |
//! |---|---|---|---|---|
//! | MMH32 | 1 KiB | 0.104 | 0.110 | 0.176 |
//! | MMH32 | 8 KiB | 0.062 | 0.061 | 0.159 |
//! | MMH32 | 64 KiB | 0.068 | 0.047 | 0.146 |
//! | NH | 1 KiB | 0.097 | 0.076 | 0.165 |
//! | NH | 8 KiB | 0.057 | 0.044 | 0.101 |
//! | NH | 64 KiB | 0.051 | 0.048 | 0.088 |
//!
//! The inner loops are nearly the same instructions (the compiler emits
//! the intrinsics kernel's `vpmuludq`/`vpsrlq`/`vpshufd` one for one); the
//! intrinsics add two `prefetcht0` per 128 bytes, meant for messages
//! streamed from memory, and the asm has a shorter prologue. MMH32 at 1 KiB
//! is not faster in assembly, so `detect()` keeps the intrinsics.

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;
#[cfg(target_arch = "x86_64")]
use uhash_core::backend::{Avx2, Avx512};

/// Which assembly kernels an `Asm` engine runs; the witnesses prove the CPU
/// features, and a value exists only when the kernels were assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AsmImp {
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(Neon),
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Armv4,
}

impl AsmImp {
    /// The assembly kernels this build and CPU can run: on x86-64 the
    /// AVX-512 ones if the CPU has AVX-512 F/BW/VL, else the AVX2 ones.
    /// `None` without assembled kernels, and under
    /// `--cfg uhash_backend="soft"`.
    #[allow(unreachable_code)]
    pub(crate) fn detect() -> Option<Self> {
        if uhash_core::backend::forced_soft() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        {
            uhash_asm::x86_64::KERNELS?;
            if let Some(w) = Avx512::detect() {
                return Some(Self::Avx512(w));
            }
            return Avx2::detect().map(Self::Avx2);
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        {
            uhash_asm::aarch64::KERNELS?;
            return Neon::detect().map(Self::Neon);
        }
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        {
            uhash_asm::armv4::KERNELS?;
            return Some(Self::Armv4);
        }
        None
    }

    /// The MMH32 sums of N ≤ 8 windows (`soft::mmh32_sums`); N = 1 in
    /// assembly.
    #[inline]
    pub(crate) fn mmh32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
        // The words both slices hold: soft::mmh32_sums::<1>'s zip.
        let words = (msg.len() / 4).min(key.len());
        match self {
            #[cfg(target_arch = "x86_64")]
            Self::Avx512(w) => match uhash_asm::x86_64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves AVX-512 F/BW/VL (and AVX2); the
                    // kernel reads `words` ≤ key.len() key words and
                    // 4·`words` ≤ msg.len() message bytes, nothing else.
                    let s = unsafe { (k.mmh32_sum_avx512)(key.as_ptr(), msg.as_ptr(), words) };
                    [s; N]
                }
                _ => crate::x86::avx512::mmh32_sums::<N>(w, key, msg),
            },
            #[cfg(target_arch = "x86_64")]
            Self::Avx2(w) => match uhash_asm::x86_64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves AVX2; reads as above.
                    let s = unsafe { (k.mmh32_sum_avx2)(key.as_ptr(), msg.as_ptr(), words) };
                    [s; N]
                }
                _ => crate::x86::avx2::mmh32_sums::<N>(w, key, msg),
            },
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Self::Neon(w) => match uhash_asm::aarch64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves Advanced SIMD; reads `words` key
                    // words and 4·`words` message bytes, both inside the
                    // slices.
                    let s = unsafe { (k.mmh32_sum_neon)(key.as_ptr(), msg.as_ptr(), words) };
                    [s; N]
                }
                _ => crate::neon::mmh32_sums::<N>(w, key, msg),
            },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Self::Armv4 => match uhash_asm::armv4::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: this build targets a core in ARM state (build.rs
                    // excludes M-profile targets); reads `words` key words
                    // and 4·`words` message bytes, both inside the slices.
                    let s = unsafe { (k.mmh32_sum)(key.as_ptr(), msg.as_ptr(), words) };
                    [s; N]
                }
                _ => crate::soft::mmh32_sums::<N>(key, msg),
            },
        }
    }

    /// The NH sums of N ≤ 8 windows (`soft::nh_sums`); N = 1 in assembly
    /// (not on ARMv4, which has no NH kernel).
    #[inline]
    pub(crate) fn nh_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u64; N] {
        // The pairs both slices hold: soft::nh_sums::<1>'s zip.
        let pairs = (msg.len() / 8).min(key.len() / 2);
        match self {
            #[cfg(target_arch = "x86_64")]
            Self::Avx512(w) => match uhash_asm::x86_64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves AVX-512 F/BW/VL (and AVX2); the
                    // kernel reads 2·`pairs` ≤ key.len() key words and
                    // 8·`pairs` ≤ msg.len() message bytes, nothing else.
                    let s = unsafe { (k.nh_sum_avx512)(key.as_ptr(), msg.as_ptr(), pairs) };
                    [s; N]
                }
                _ => crate::x86::avx512::nh_sums::<N>(w, key, msg),
            },
            #[cfg(target_arch = "x86_64")]
            Self::Avx2(w) => match uhash_asm::x86_64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves AVX2; reads as above.
                    let s = unsafe { (k.nh_sum_avx2)(key.as_ptr(), msg.as_ptr(), pairs) };
                    [s; N]
                }
                _ => crate::x86::avx2::nh_sums::<N>(w, key, msg),
            },
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Self::Neon(w) => match uhash_asm::aarch64::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: `w` proves Advanced SIMD; reads 2·`pairs` key
                    // words and 8·`pairs` message bytes, inside the slices.
                    let s = unsafe { (k.nh_sum_neon)(key.as_ptr(), msg.as_ptr(), pairs) };
                    [s; N]
                }
                _ => crate::neon::nh_sums::<N>(w, key, msg),
            },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Self::Armv4 => {
                let _ = pairs;
                crate::soft::nh_sums::<N>(key, msg)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The assembly kernels against the portable sums, at the kernel level
    //! (word counts 0..=70, unaligned messages, key shorter or longer than
    //! the message, all-ones words and the largest key words).
    extern crate std;
    use super::AsmImp;
    use crate::soft;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// Every assembly variant this build and CPU can run (on x86-64 with
    /// AVX-512 both the AVX-512 and the AVX2 kernels, although `detect`
    /// picks only the first); `UHASH_EXPECT_ASM=1` (CI) turns an empty list
    /// into a failure.
    fn imps() -> Vec<AsmImp> {
        let mut v: Vec<AsmImp> = AsmImp::detect().into_iter().collect();
        #[cfg(target_arch = "x86_64")]
        if let (Some(AsmImp::Avx512(_)), Some(w)) = (v.first(), uhash_core::backend::Avx2::detect())
        {
            v.push(AsmImp::Avx2(w));
        }
        if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
            assert!(
                !v.is_empty(),
                "UHASH_EXPECT_ASM set but no assembly backend"
            );
        }
        v
    }

    /// Compare every N = 1 kernel (and the N = 2 fallback) with soft on one
    /// input; `off` shifts the message by that many bytes (alignment).
    fn check(a: AsmImp, key: &[u32], msg: &[u8]) {
        assert_eq!(
            a.mmh32_sums::<1>(key, msg),
            soft::mmh32_sums::<1>(key, msg),
            "mmh32 {a:?} words={} key={}",
            msg.len() / 4,
            key.len()
        );
        assert_eq!(
            a.nh_sums::<1>(key, msg),
            soft::nh_sums::<1>(key, msg),
            "nh {a:?} words={} key={}",
            msg.len() / 4,
            key.len()
        );
        // The n > 1 fallbacks, under their callers' guarantee that the key
        // covers every window (the intrinsics kernels assume it).
        let words = msg.len() / 4;
        if key.len() > words {
            assert_eq!(a.mmh32_sums::<2>(key, msg), soft::mmh32_sums::<2>(key, msg));
        }
        if key.len() >= (words & !1) + 2 {
            assert_eq!(a.nh_sums::<2>(key, msg), soft::nh_sums::<2>(key, msg));
        }
    }

    fn pattern(n: usize, seed: u32) -> Vec<u32> {
        (0..n as u32)
            .map(|i| {
                i.wrapping_mul(0x9e37_79b9)
                    .wrapping_add(seed)
                    .rotate_left(i % 31)
            })
            .collect()
    }

    #[test]
    fn edge_word_counts_alignments_and_extremes() {
        for a in imps() {
            for words in 0..=70usize {
                for off in 0..4 {
                    let key = pattern(words + 3, 7);
                    let mut buf = std::vec![0u8; 4 * words + 4 + off];
                    for (i, b) in buf.iter_mut().enumerate() {
                        *b = (i as u8).wrapping_mul(37).wrapping_add(11);
                    }
                    // Exactly `words` words (plus 0..3 trailing bytes that are
                    // not a word and must be ignored).
                    for extra in [0, 3] {
                        let msg = &buf[off..off + 4 * words + extra];
                        check(a, &key, msg);
                        // Key shorter than the message: the key bounds the sum.
                        check(a, &key[..words / 2], msg);
                    }
                    // All-ones message and largest key words: the products
                    // (2^32 − 1)^2 and the sums wrap mod 2^64 many times.
                    let ones = std::vec![0xffu8; 4 * words + off];
                    let max = std::vec![u32::MAX; words + 1];
                    check(a, &max, &ones[off..]);
                    check(a, &max, &buf[off..off + 4 * words]);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn kernels_equal_soft(
            key in proptest::collection::vec(any::<u32>(), 0..600),
            msg in proptest::collection::vec(any::<u8>(), 0..2600),
            off in 0usize..4,
        ) {
            for a in imps() {
                let m = msg.get(off..).unwrap_or(&[]);
                check(a, &key, m);
            }
        }
    }
}
