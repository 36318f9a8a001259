//! Poly1305 kernels (family crate `poly1305-aes`: its backends `mulx-asm`,
//! `aarch64-asm`, `neon-asm` and `armv4-asm`, in `backend/ffi_<arch>.rs`).
//!
//! The scalar kernels implement poly1305-aes's *scalar block interface*:
//! for each 16-byte block m (little-endian, any alignment) of the data,
//! h ← (h + m + pad·2^128)·r mod p (p = 2^130 − 5), partially reduced; h is
//! kept as h₀ + 2^64·h₁ + 2^128·h₂ < 2^130 + 2^128 on entry and exit (any
//! representative), r is the clamped r as two little-endian 64-bit limbs,
//! and pad is 0 or 1.

/// x86-64 (System V) Poly1305 kernels.
#[cfg(target_arch = "x86_64")]
pub mod x86_64 {
    crate::prefixed! {
        /// Poly1305 blocks with BMI2 `mulx` and ADX `adcx`/`adox`, radix
        /// 2^64 (the arithmetic of poly1305-aes's `soft`); see the
        /// [module docs](super) for the function.
        ///
        /// # Safety
        /// The CPU supports BMI2 and ADX; `h` is valid for reading and
        /// writing 3 `u64`s with h < 2^130 + 2^128, `r` for reading 2
        /// `u64`s (a clamped r), `data` for reading `16·blocks` bytes (any
        /// alignment); `pad` is 0 or 1.
        pub fn poly1305_blocks_mulx(
            h: *mut u64,
            r: *const u64,
            data: *const u8,
            blocks: usize,
            pad: u64,
        );
    }
}

/// AArch64 (AAPCS64, little-endian) Poly1305 kernels.
#[cfg(target_arch = "aarch64")]
pub mod aarch64 {
    crate::prefixed! {
        /// Poly1305 blocks with `mul`/`umulh`, radix 2^64 (the arithmetic
        /// of poly1305-aes's `soft`); see the [module docs](super).
        ///
        /// # Safety
        /// `h` is valid for reading and writing 3 `u64`s with
        /// h < 2^130 + 2^128, `r` for reading 2 `u64`s (a clamped r), `data`
        /// for reading `16·blocks` bytes (any alignment); `pad` is 0 or 1.
        pub fn poly1305_blocks_a64(
            h: *mut u64,
            r: *const u64,
            data: *const u8,
            blocks: usize,
            pad: u64,
        );

        /// The hot loop of poly1305-aes's NEON backends (two lanes of radix
        /// 2^26, `umull`/`umlal`): lane t starts as block t (lane 0 plus
        /// `h26`), each further 32-byte step is A ← A·r² + (the next two
        /// blocks, with the 2^128 bit); finally lane t is multiplied by
        /// r^(2−t) and `sum[k]` = limb k of lane 0 + limb k of lane 1
        /// (each < 2^28), for the caller to carry back to 64-bit limbs.
        ///
        /// # Safety
        /// The CPU has Advanced SIMD; `sum` is valid for writing 5 `u64`s,
        /// `h26` for reading 5 `u64`s (26-bit limbs of h, the last < 2^27),
        /// `pw` for reading 10 `u64`s (`pw[2k + t]` = limb k of r^(2−t),
        /// frozen, < 2^26), `data` for reading `32·steps` bytes (any
        /// alignment); `steps` ≥ 1.
        pub fn poly1305_neon_steps(
            sum: *mut u64,
            h26: *const u64,
            pw: *const u64,
            data: *const u8,
            steps: usize,
        );
    }
}

/// 32-bit ARM Poly1305 kernels for ARMv4T and later in ARM state (AAPCS,
/// little-endian).
#[cfg(target_arch = "arm")]
pub mod armv4 {
    crate::prefixed! {
        /// Poly1305 blocks in radix 2^26 from UMULL/UMLAL (25 products
        /// per block): h = Σ 2^(26i)·h\[i\] with every limb < 2^27 on entry,
        /// h\[1\] < 2^26 + 2^6 and the others < 2^26 on exit; `g` holds the
        /// clamped r as 26-bit limbs g₀..g₄ followed by 5g₁..5g₄. For each
        /// 16-byte block m: h ← (h + m + pad·2^128)·r mod 2^130 − 5.
        ///
        /// # Safety
        /// The core executes ARM-state code; `h` is valid for reading and
        /// writing 5 `u32`s with the entry bounds, `g` for reading 9
        /// `u32`s (the limbs of a clamped r, then their multiples by 5),
        /// `data` for reading `16·blocks` bytes (any alignment); `pad` is 0
        /// or 1.
        pub fn poly1305_blocks_armv4(
            h: *mut u32,
            g: *const u32,
            data: *const u8,
            blocks: usize,
            pad: u32,
        );
    }
}
