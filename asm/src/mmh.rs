//! MMH32 and NH inner sums (family crate `uhash-mmh`, its assembly backends).
//!
//! * MMH32 (Halevi–Krawczyk Def. 5, before the reductions):
//!   Σ_{j<words} LE32(msg + 4j)·key\[j\] mod 2^64 — `mmh`'s soft
//!   `mmh32_sums::<1>` over the first `words` words of message and key.
//! * NH (UMAC, adjacent pairs): Σ_{i<pairs} (LE32(msg + 8i) + key\[2i\] mod
//!   2^32)·(LE32(msg + 8i + 4) + key\[2i+1\] mod 2^32) mod 2^64 — `mmh`'s soft
//!   `nh_sums::<1>` over the first `pairs` pairs.
//!
//! * NH (RFC 4418, pairs j, j + 4 of each 32-byte block), one window:
//!   Σ_{b<blocks} Σ_{j<4} (LE32(msg + 32b + 4j) + r0\[4b+j\] mod 2^32)·
//!   (LE32(msg + 32b + 16 + 4j) + r1\[4b+j\] mod 2^32) mod 2^64, where r0 and
//!   r1 are a window's two key runs in `mmh`'s (even, odd) quarter layout —
//!   `mmh`'s soft `nh_umac_sums` for one window; the `sum2` kernels compute
//!   two windows sharing the message, (r0, r1) and (r1, r2).
//!
//! Each reads exactly the first `words` (2·`pairs`, 8·`blocks`) words of
//! message and the key words it sums (4·`blocks` of each run), any message
//! alignment, and neither branches nor indexes memory on the data.

/// x86-64 (System V ABI) kernels, `x86_64/mmh.S`.
#[cfg(target_arch = "x86_64")]
pub mod x86_64 {
    crate::prefixed! {
        /// MMH32 inner sum with AVX2.
        ///
        /// # Safety
        /// The CPU supports AVX2; `key` is valid for reading `words` `u32`s
        /// (aligned) and `msg` for `4·words` bytes (any alignment).
        pub fn mmh32_sum_avx2(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// MMH32 inner sum with AVX-512 (zero-masking loads for the last
        /// < 16 words).
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`mmh32_sum_avx2`].
        pub fn mmh32_sum_avx512(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// NH inner sum with AVX2.
        ///
        /// # Safety
        /// The CPU supports AVX2; `key` is valid for reading `2·pairs`
        /// `u32`s and `msg` for `8·pairs` bytes (any alignment).
        pub fn nh_sum_avx2(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// NH inner sum with AVX-512.
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`nh_sum_avx2`].
        pub fn nh_sum_avx512(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// RFC 4418's NH, one window, with AVX2.
        ///
        /// # Safety
        /// The CPU supports AVX2; `r0` and `r1` are valid for reading
        /// `4·blocks` `u32`s each and `msg` for `32·blocks` bytes (any
        /// alignment).
        pub fn nh_umac_sum_avx2(r0: *const u32, r1: *const u32, msg: *const u8, blocks: usize) -> u64;

        /// RFC 4418's NH, one window, with AVX-512 (zero-masking loads for
        /// the last < 4 blocks).
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`nh_umac_sum_avx2`].
        pub fn nh_umac_sum_avx512(r0: *const u32, r1: *const u32, msg: *const u8, blocks: usize) -> u64;

        /// RFC 4418's NH, two windows (r0, r1) and (r1, r2), with AVX2:
        /// their sums in `out[0]`, `out[1]`.
        ///
        /// # Safety
        /// The CPU supports AVX2; `r0`, `r1`, `r2` are valid for reading
        /// `4·blocks` `u32`s each, `msg` for `32·blocks` bytes, `out` for
        /// writing two `u64`s.
        pub fn nh_umac_sum2_avx2(
            r0: *const u32,
            r1: *const u32,
            r2: *const u32,
            msg: *const u8,
            blocks: usize,
            out: *mut u64,
        );

        /// RFC 4418's NH, two windows, with AVX-512.
        ///
        /// # Safety
        /// The CPU supports AVX-512F (and AVX2); pointers as for
        /// [`nh_umac_sum2_avx2`].
        pub fn nh_umac_sum2_avx512(
            r0: *const u32,
            r1: *const u32,
            r2: *const u32,
            msg: *const u8,
            blocks: usize,
            out: *mut u64,
        );
    }
}

/// AArch64 (AAPCS64, little-endian) kernels, `aarch64/mmh.S`.
#[cfg(target_arch = "aarch64")]
pub mod aarch64 {
    crate::prefixed! {
        /// MMH32 inner sum with NEON `umlal`/`umlal2`.
        ///
        /// # Safety
        /// The CPU has Advanced SIMD; `key` is valid for reading `words`
        /// `u32`s and `msg` for `4·words` bytes (any alignment).
        pub fn mmh32_sum_neon(key: *const u32, msg: *const u8, words: usize) -> u64;

        /// NH inner sum with NEON.
        ///
        /// # Safety
        /// As [`mmh32_sum_neon`], with `2·pairs` key words and `8·pairs`
        /// message bytes.
        pub fn nh_sum_neon(key: *const u32, msg: *const u8, pairs: usize) -> u64;

        /// RFC 4418's NH, one window, with NEON.
        ///
        /// # Safety
        /// The CPU has Advanced SIMD; `r0` and `r1` are valid for reading
        /// `4·blocks` `u32`s each and `msg` for `32·blocks` bytes (any
        /// alignment).
        pub fn nh_umac_sum_neon(r0: *const u32, r1: *const u32, msg: *const u8, blocks: usize) -> u64;

        /// RFC 4418's NH, two windows (r0, r1) and (r1, r2), with NEON:
        /// their sums in `out[0]`, `out[1]`.
        ///
        /// # Safety
        /// As [`nh_umac_sum_neon`], with three runs, and `out` valid for
        /// writing two `u64`s.
        pub fn nh_umac_sum2_neon(
            r0: *const u32,
            r1: *const u32,
            r2: *const u32,
            msg: *const u8,
            blocks: usize,
            out: *mut u64,
        );
    }
}

/// 32-bit ARM kernels for ARMv4T and later in ARM state, `armv4/mmh.S`.
#[cfg(target_arch = "arm")]
pub mod armv4 {
    crate::prefixed! {
        /// MMH32 inner sum, one UMLAL per word into a 64-bit accumulator
        /// pair.
        ///
        /// # Safety
        /// The core executes ARM-state code (not an M-profile core); `key`
        /// is valid for reading `words` `u32`s (aligned) and `msg` for
        /// `4·words` bytes (any alignment: an unaligned message is read
        /// byte by byte).
        pub fn mmh32_sum_armv4(key: *const u32, msg: *const u8, words: usize) -> u64;
    }
}
