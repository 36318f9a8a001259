//! Widening multiplies.
//!
//! Rust exposes them through `u64`/`u128` arithmetic; these names say what
//! the kernels mean and compile to one `mul`/`mulx`/`umull`/`umulh` each
//! where the target has it (on 32-bit targets the compiler emits a
//! constant-time sequence of 32-bit multiplies, no library division).

/// 32×32 → 64-bit product.
#[inline(always)]
#[must_use]
pub const fn mul32(a: u32, b: u32) -> u64 {
    a as u64 * b as u64
}

/// 64×64 → 128-bit product.
#[inline(always)]
#[must_use]
pub const fn mul64(a: u64, b: u64) -> u128 {
    a as u128 * b as u128
}

/// 64×64 → 128-bit product split into `(low, high)` 64-bit halves.
#[inline(always)]
#[must_use]
pub const fn mul64_parts(a: u64, b: u64) -> (u64, u64) {
    let p = mul64(a, b);
    (p as u64, (p >> 64) as u64)
}

/// High half of a 64×64 product (`umulh` / `mulx` high output).
#[inline(always)]
#[must_use]
pub const fn mulhi64(a: u64, b: u64) -> u64 {
    (mul64(a, b) >> 64) as u64
}

/// High half of a 32×32 product.
#[inline(always)]
#[must_use]
pub const fn mulhi32(a: u32, b: u32) -> u32 {
    (mul32(a, b) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extremes() {
        assert_eq!(mul32(u32::MAX, u32::MAX), 0xffff_fffe_0000_0001);
        assert_eq!(mulhi32(u32::MAX, u32::MAX), 0xffff_fffe);
        assert_eq!(mul64_parts(u64::MAX, u64::MAX), (1, 0xffff_ffff_ffff_fffe));
        assert_eq!(mulhi64(1 << 63, 4), 2);
    }
}
