//! The DFC decorrelation module ((a·x + b) mod (2^64 + 13)) mod 2^64
//! (family crate `dfc-decorr`, its assembly strategies), one call and a
//! batch `y[i] = module(a[i], b[i], x[i])` for i < n. Constant time where
//! the multiplier is (not ARM7TDMI, whose multiplier terminates early).

/// x86-64 (System V ABI) kernels, `x86_64/dfc.S`: `mulx` and the
/// complement reduction (`dfc_decorr::module::native`'s function).
#[cfg(target_arch = "x86_64")]
pub mod x86_64 {
    crate::prefixed! {
        /// The module with BMI2 `mulx`.
        ///
        /// # Safety
        /// The CPU supports BMI2.
        pub fn dfc_module_mulx(a: u64, b: u64, x: u64) -> u64;

        /// The batch with BMI2 `mulx`.
        ///
        /// # Safety
        /// The CPU supports BMI2; `a`, `b`, `x` are valid for reading and
        /// `y` for writing `n` `u64`s (aligned); `y` overlaps none of the
        /// inputs.
        pub fn dfc_module_batch_mulx(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }
}

/// AArch64 (AAPCS64, little-endian) kernels, `aarch64/dfc.S`:
/// `mul`/`umulh`.
#[cfg(target_arch = "aarch64")]
pub mod aarch64 {
    crate::prefixed! {
        /// The module with `mul`/`umulh`.
        ///
        /// # Safety
        /// None beyond the ABI (base AArch64 instructions only); `unsafe`
        /// because it is foreign code.
        pub fn dfc_module_a64(a: u64, b: u64, x: u64) -> u64;

        /// The batch with `mul`/`umulh`.
        ///
        /// # Safety
        /// `a`, `b`, `x` valid for reading and `y` for writing `n` `u64`s;
        /// `y` overlaps none of the inputs.
        pub fn dfc_module_batch_a64(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }
}

/// 32-bit ARM kernels for ARMv4T and later in ARM state, `armv4/dfc.S`:
/// UMULL/UMLAL.
#[cfg(target_arch = "arm")]
pub mod armv4 {
    crate::prefixed! {
        /// The module from UMULL/UMLAL, branch-free.
        ///
        /// # Safety
        /// The core executes ARM-state code.
        pub fn dfc_module_armv4(a: u64, b: u64, x: u64) -> u64;

        /// The batch from UMULL/UMLAL.
        ///
        /// # Safety
        /// The core executes ARM-state code; `a`, `b`, `x` valid for
        /// reading and `y` for writing `n` `u64`s (aligned); `y` overlaps
        /// none of the inputs.
        pub fn dfc_module_batch_armv4(
            a: *const u64,
            b: *const u64,
            x: *const u64,
            y: *mut u64,
            n: usize,
        );
    }
}
