//! The hand-written assembly backend ([`Backend::Asm`](uhash_core::Backend::Asm),
//! feature `asm`): safe wrappers over the `uhash-asm` digest kernels.
//!
//! | target | digest (n = 1) | digestMW n = 2..=8 |
//! |---|---|---|
//! | x86-64 with AVX2 | `uhash_digest_mw1_avx2` | `uhash_digest_mw<n>_avx2` |
//! | AArch64 (little-endian) | `uhash_digest_mw1_neon` | `uhash_digest_mw<n>_neon` |
//! | 32-bit ARM (ARM state) | `uhash_digest_armv4` (MLA, UMULL) | portable code |
//!
//! Every kernel computes the b = 32 digestMW sums of `soft::mw32_sums`
//! over the words both the message and the key windows hold, including the
//! tail (no Rust tail loop). Other output counts (n > 1 on ARMv4; n > 8
//! nowhere, the engine asks for n ≤ 8) fall back to the portable code, so
//! an `Asm` engine computes every function, bit for bit as the others.
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target ([`uhash_asm::AVAILABLE`]) and the CPU has the instruction set
//! the kernels need; [`AsmImp::detect`] checks both. It is never the
//! default: `Engine::detect()` keeps the intrinsics backends (see below).
//!
//! # What the kernels save
//! d_0 needs only the low halves of m_j·k_j, so the kernels form them with
//! one 32-bit multiply (`vpmulld`, NEON `mla`, ARM `MLA`) instead of the
//! 64-bit products the intrinsics kernels compute for every offset. Vector
//! operations per 64 bytes of message (n outputs; loads not counted):
//!
//! | kernel | operations per 64 B | n = 1 | multiplications, n = 1 |
//! |---|---|---|---|
//! | AVX2 asm | 8n + 6 (1 shift, 1 + 2n mul, 1 + 2n add per 32 B) | 14 | 6 |
//! | AVX2 intrinsics | 8n + 10 | 18 | 8 |
//! | NEON asm | 16n + 4 (`mla`, then `umull`, `umull2`, 2 `add` per offset) | 20 | 12 |
//! | NEON intrinsics | 16n + 16 | 32 | 16 |
//!
//! The x86 kernels also load each key window K_2 … K_n once for both of
//! its products (n + 3 loads per 32 B instead of 2n + 3; with an aligned
//! key half of these loads split a cache line). ARMv4: MLA + UMULL + ADD
//! per word, each key word loaded once.
//!
//! There is no AVX-512 kernel: the machine this was written on (AMD EPYC,
//! Zen 3) has no AVX-512 and `qemu-x86_64` (7.2) does not emulate it, so
//! such a kernel could not have been tested. On AVX-512 CPUs `Backend::Asm`
//! runs the AVX2 kernels, and `detect()` keeps the AVX-512 intrinsics.
//!
//! # Measured (x86-64 AMD EPYC Zen 3, AVX2, no AVX-512; TSC cycles/byte at 2.7 GHz)
//! Criterion medians of one run, `cargo bench -p uhash-bench --features asm
//! --bench digest_mw -- 'fixed/(avx2|asm)/n(1|2|4)/'` (the machine was
//! shared with other builds, so medians moved by up to ±30 % between
//! runs; a second run in brackets):
//!
//! | n | size | AVX2 intrinsics | AVX2 asm |
//! |---|---|---|---|
//! | 1 | 1 KiB | 0.115 [0.115] | 0.100 [0.096] |
//! | 1 | 8 KiB | 0.096 [0.103] | 0.089 [0.112] |
//! | 1 | 64 KiB | 0.091 [0.132] | 0.118 [0.117] |
//! | 2 | 1 KiB | 0.196 [0.199] | 0.178 [0.186] |
//! | 2 | 8 KiB | 0.125 [0.135] | 0.209 [0.123] |
//! | 2 | 64 KiB | 0.116 [0.141] | 0.115 [0.138] |
//! | 4 | 1 KiB | 0.274 [0.276] | 0.213 [0.223] |
//! | 4 | 8 KiB | 0.196 [0.194] | 0.169 [0.226] |
//! | 4 | 64 KiB | 0.181 [0.182] | 0.170 [0.220] |
//!
//! The minimum over 3000–20000 calls of the public `Engine::digest_mw`
//! (rdtsc around each call; less sensitive to the shared machine), in the
//! same process, TSC cycles/byte:
//!
//! | n | size | AVX2 intrinsics | AVX2 asm |
//! |---|---|---|---|
//! | 1 | 1 KiB | 0.119 | 0.071 |
//! | 1 | 8 KiB | 0.081 | 0.075 |
//! | 1 | 64 KiB | 0.080 | 0.074 |
//! | 2 | 1 KiB | 0.167 | 0.119 |
//! | 2 | 8 KiB | 0.108 | 0.093 |
//! | 2 | 64 KiB | 0.104 | 0.089 |
//! | 4 | 1 KiB | 0.239 | 0.167 |
//! | 4 | 8 KiB | 0.164 | 0.158 |
//! | 4 | 64 KiB | 0.198 | 0.159 |
//!
//! By the minimum the asm is faster at every n and size (4–40 %; the
//! most at 1 KiB, where the intrinsics kernels leave their last block,
//! whose next key window would pass the key's end, to the portable tail
//! loop and the asm takes it in one masked step). digest (n = 1) at 8 KiB:
//! 0.075 TSC cpb in assembly against 0.081 for the intrinsics. The
//! medians are mixed (asm faster in 13 of the 18 pairs). Variants tried
//! while writing the kernels (rdtsc minimum of the kernel alone, 8 KiB):
//! the s = 0 products by two `vpmuludq` as in the intrinsics, 0.084
//! instead of 0.069; windows loaded twice as before, n = 2 and 4 at 0.102
//! and 0.174 instead of 0.087 and 0.144; two blocks per iteration with two
//! accumulator sets, n = 1 about 4 % faster (within the noise here, not
//! kept). Not having measured the AArch64 and ARMv4 kernels on hardware
//! (they are tested under qemu-user only) nor the AVX-512 intrinsics
//! against them, `detect()` is unchanged.

#[cfg(target_arch = "x86_64")]
use uhash_core::backend::Avx2;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;

/// Which assembly kernels an `Asm` engine runs; the witnesses prove the CPU
/// features, and a value exists only when the kernels were assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AsmImp {
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(Neon),
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Armv4,
}

impl AsmImp {
    /// The assembly kernels this build and CPU can run. `None` without
    /// assembled kernels, on a CPU without the instruction set, and under
    /// `--cfg uhash_backend="soft"`.
    #[allow(unreachable_code)]
    pub(crate) fn detect() -> Option<Self> {
        if uhash_core::backend::forced_soft() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        {
            uhash_asm::digest::x86_64::KERNELS?;
            return Avx2::detect().map(Self::Avx2);
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        {
            uhash_asm::digest::aarch64::KERNELS?;
            return Neon::detect().map(Self::Neon);
        }
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        {
            uhash_asm::digest::armv4::KERNELS?;
            return Some(Self::Armv4);
        }
        None
    }

    /// The digestMW (b = 32) sums of N outputs (`soft::mw32_sums`).
    #[inline]
    pub(crate) fn mw32_sums<const N: usize>(self, key: &[u32], msg: &[u8]) -> [u32; N] {
        // The words soft::mw32_sums sums: those of the message whose key
        // windows (t + N words) the key holds.
        let words = (msg.len() / 4).min(key.len().saturating_sub(N));
        if words == 0 || N == 0 {
            return [0; N];
        }
        let mut out = [0u32; 8];
        match self {
            #[cfg(target_arch = "x86_64")]
            Self::Avx2(_w) => match (uhash_asm::digest::x86_64::KERNELS, N) {
                (Some(k), 1..=8) => {
                    // SAFETY: `_w` proves AVX2; the kernel reads `words` ≤
                    // msg.len()/4 message words and `words + N` ≤ key.len()
                    // key words (by the `min` above) and writes out[..N],
                    // N ≤ 8 = out.len().
                    unsafe {
                        (k.mw_avx2[N - 1])(key.as_ptr(), msg.as_ptr(), words, out.as_mut_ptr())
                    };
                }
                _ => return crate::soft::mw32_sums::<N>(key, msg),
            },
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Self::Neon(_w) => match (uhash_asm::digest::aarch64::KERNELS, N) {
                (Some(k), 1..=8) => {
                    // SAFETY: `_w` proves Advanced SIMD; reads and writes as
                    // for AVX2 above (words ≤ msg.len()/4, words + N ≤
                    // key.len(), out[..N] with N ≤ 8).
                    unsafe {
                        (k.mw_neon[N - 1])(key.as_ptr(), msg.as_ptr(), words, out.as_mut_ptr())
                    };
                }
                _ => return crate::soft::mw32_sums::<N>(key, msg),
            },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Self::Armv4 => match uhash_asm::digest::armv4::KERNELS {
                Some(k) if N == 1 => {
                    // SAFETY: this build targets a core in ARM state
                    // (build.rs excludes M-profile targets); the kernel
                    // reads `words` ≤ msg.len()/4 message words and
                    // `words + 1` ≤ key.len() key words, nothing else.
                    out[0] = unsafe { (k.digest)(key.as_ptr(), msg.as_ptr(), words) };
                }
                _ => return crate::soft::mw32_sums::<N>(key, msg),
            },
        }
        core::array::from_fn(|r| out[r])
    }
}

#[cfg(test)]
mod tests {
    //! The kernels against the portable sums at the kernel level: every
    //! N = 1..=8, word counts 0..=70 (around the 8- and 4-word blocks),
    //! unaligned messages, trailing bytes that are not a word, keys shorter
    //! than the windows (which bound the words summed), all-ones words.
    extern crate std;
    use super::AsmImp;
    use crate::soft;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// The assembly kernels of this build and CPU; `UHASH_EXPECT_ASM=1`
    /// (CI) turns their absence into a failure.
    fn imp() -> Option<AsmImp> {
        let a = AsmImp::detect();
        if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
            assert!(a.is_some(), "UHASH_EXPECT_ASM set but no assembly backend");
        }
        a
    }

    fn check(a: AsmImp, key: &[u32], msg: &[u8]) {
        macro_rules! each {
            ($($n:literal)+) => {$(
                assert_eq!(
                    a.mw32_sums::<$n>(key, msg),
                    soft::mw32_sums::<$n>(key, msg),
                    "{a:?} n={} words={} key={}", $n, msg.len() / 4, key.len()
                );
            )+};
        }
        each!(1 2 3 4 5 6 7 8);
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
        let Some(a) = imp() else { return };
        for words in 0..=70usize {
            for off in 0..4 {
                let key = pattern(words + 8, 7);
                let mut buf = std::vec![0u8; 4 * words + 3 + off];
                for (i, b) in buf.iter_mut().enumerate() {
                    *b = (i as u8).wrapping_mul(37).wrapping_add(11);
                }
                for extra in [0, 3] {
                    let msg = &buf[off..off + 4 * words + extra];
                    check(a, &key, msg);
                    // Key shorter than the windows: it bounds the words.
                    check(a, &key[..words / 2], msg);
                    check(a, &key[..words + 1], msg);
                }
                let ones = std::vec![0xffu8; 4 * words + off];
                let max = std::vec![u32::MAX; words + 8];
                check(a, &max, &ones[off..]);
                check(a, &max, &buf[off..off + 4 * words]);
                check(a, &key, &ones[off..]);
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
            if let Some(a) = imp() {
                check(a, &key, msg.get(off..).unwrap_or(&[]));
            }
        }
    }
}
