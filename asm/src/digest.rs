//! digest / digestMW kernels (Nguyen–Roscoe FSE 2012, b = 32; family crate
//! `digest-mw`, whose `asm` module wraps them).
//!
//! Every kernel computes, for a message of `words` little-endian 32-bit
//! words m_j and a key of at least `words + n` words,
//!
//! d_r = Σ_{j<words} \[lo(m_j·key\[j+r\]) + hi(m_j·key\[j+r+1\])\] mod 2^32,
//! r = 0..n
//!
//! (Fig. 2; n = 1 is digest, Eq. 1), reading exactly the first `words`
//! message words and `words + n` key words, neither branching nor indexing
//! memory on the data.

/// A digestMW kernel with its output count fixed: `(key, msg, words, out)`
/// writes d_0 … d_{n−1} to `out[0..n]` (see the [module docs](self)).
pub type MwFn = unsafe extern "C" fn(*const u32, *const u8, usize, *mut u32);

/// Declares the kernels `$name` (n = `$n`) and the table `$table` of
/// them, indexed by n − 1.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! declare {
    ($table:ident, $isa:literal, $req:literal; $($name:ident = $n:literal;)+) => {
        crate::prefixed! {
            $(
                #[doc = concat!(
                    "digestMW (b = 32) with n = ", stringify!($n), " outputs, ", $isa,
                    ": `out[r]` = d_r for r < ", stringify!($n),
                    " (see the [module docs](crate::digest)).\n\n",
                    "# Safety\n",
                    $req, "; `key` is valid for reading `words + ",
                    stringify!($n), "` `u32`s (aligned), `msg` for `4·words` bytes ",
                    "(any alignment) and `out` for writing ", stringify!($n),
                    " `u32`s. Reads and writes nothing else."
                )]
                pub fn $name(key: *const u32, msg: *const u8, words: usize, out: *mut u32);
            )+
        }

        /// The kernels, `n` = index + 1.
        pub const $table: [MwFn; 8] = [$($name as MwFn),+];
    };
}

/// x86-64 (System V ABI) kernels.
#[cfg(target_arch = "x86_64")]
pub mod x86_64 {
    use super::MwFn;

    declare! {
        MW_AVX2, "AVX2", "The CPU supports AVX2";
        digest_mw1_avx2 = 1;
        digest_mw2_avx2 = 2;
        digest_mw3_avx2 = 3;
        digest_mw4_avx2 = 4;
        digest_mw5_avx2 = 5;
        digest_mw6_avx2 = 6;
        digest_mw7_avx2 = 7;
        digest_mw8_avx2 = 8;
    }
}

/// AArch64 (AAPCS64, little-endian) kernels.
#[cfg(target_arch = "aarch64")]
pub mod aarch64 {
    use super::MwFn;

    declare! {
        MW_NEON, "NEON (`mla`, `umull`/`umull2`)",
        "The CPU has Advanced SIMD (every AArch64 Linux CPU does)";
        digest_mw1_neon = 1;
        digest_mw2_neon = 2;
        digest_mw3_neon = 3;
        digest_mw4_neon = 4;
        digest_mw5_neon = 5;
        digest_mw6_neon = 6;
        digest_mw7_neon = 7;
        digest_mw8_neon = 8;
    }
}

/// 32-bit ARM kernels for ARMv4T and later in ARM state (AAPCS,
/// little-endian; tested on `armv7-unknown-linux-gnueabihf`).
#[cfg(target_arch = "arm")]
pub mod armv4 {
    crate::prefixed! {
        /// digest (b = 32, n = 1) with MLA and UMULL: Σ_{j<words}
        /// \[lo(m_j·key\[j\]) + hi(m_j·key\[j+1\])\] mod 2^32 (see the
        /// [module docs](crate::digest)); 0 when `words` is 0.
        ///
        /// # Safety
        /// The core executes ARM-state code (not an M-profile core); when
        /// `words` > 0, `key` is valid for reading `words + 1` `u32`s
        /// (aligned) and `msg` for `4·words` bytes (any alignment: an
        /// unaligned message is read byte by byte). Reads nothing else.
        pub fn digest_armv4(key: *const u32, msg: *const u8, words: usize) -> u32;
    }
}
