//! Branch-free selection helpers.
//!
//! Every helper turns a condition into an all-ones/all-zeros mask with
//! arithmetic only, then combines with `&`/`|`. The mask passes through an
//! optimisation barrier ([`barrier_u64`]) so that the optimiser cannot see
//! that it is 0 or −1 and turn the select back into a branch (the technique
//! `subtle` uses).
//!
//! The barrier is an empty inline-assembly block that takes the value in a
//! register and hands it back (`options(pure, nomem, nostack)`), so it costs
//! no instruction. `core::hint::black_box`, the portable fallback (other
//! architectures, and Miri, which cannot run inline assembly), forces the
//! value through memory: a store-to-load round trip of ~5 cycles on the
//! critical path of every reduction.

/// Returns `x` unchanged, opaque to the optimiser, without touching memory.
#[inline(always)]
#[must_use]
#[allow(unsafe_code)]
pub fn barrier_u64(x: u64) -> u64 {
    #[cfg(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)))]
    {
        let mut x = x;
        // SAFETY: an empty assembly block that reads and writes one register
        // operand; it has no other effect (no memory, no stack, no flags).
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
        }
        x
    }
    #[cfg(any(not(any(target_arch = "x86_64", target_arch = "aarch64")), miri))]
    {
        core::hint::black_box(x)
    }
}

/// Returns `x` unchanged, opaque to the optimiser, without touching memory.
#[inline(always)]
#[must_use]
pub fn barrier_u32(x: u32) -> u32 {
    barrier_u64(x as u64) as u32
}

/// All ones if `x` is negative as a two's-complement `u64`, else zero.
#[inline(always)]
#[must_use]
pub fn mask_msb_u64(x: u64) -> u64 {
    barrier_u64(((x as i64) >> 63) as u64)
}

/// All ones if the top bit of `x` is set, else zero.
#[inline(always)]
#[must_use]
pub fn mask_msb_u32(x: u32) -> u32 {
    barrier_u32(((x as i32) >> 31) as u32)
}

/// `if mask { a } else { b }` for a mask that is all ones or all zeros.
#[inline(always)]
#[must_use]
pub fn select_u64(mask: u64, a: u64, b: u64) -> u64 {
    b ^ (mask & (a ^ b))
}

/// `if x >= bound { a } else { b }` for two words at once, without a
/// branch on `x`: on x86-64 one comparison and two conditional moves
/// (`cmov`, whose timing does not depend on the condition), two
/// instructions shorter on the path from `x` than a mask from
/// [`barrier_u64`] and two [`select_u64`]s, the form used elsewhere.
#[inline(always)]
#[must_use]
#[allow(unsafe_code)]
pub fn select2_if_ge_u64(x: u64, bound: u64, a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let [mut lo, mut hi] = b;
        // SAFETY: registers only (no memory, no stack); `cmp` sets the
        // flags that the two `cmovae` read, and nothing else is changed.
        unsafe {
            core::arch::asm!(
                "cmp {x}, {bound}",
                "cmovae {lo}, {a0}",
                "cmovae {hi}, {a1}",
                x = in(reg) x,
                bound = in(reg) bound,
                a0 = in(reg) a[0],
                a1 = in(reg) a[1],
                lo = inout(reg) lo,
                hi = inout(reg) hi,
                options(pure, nomem, nostack),
            );
        }
        [lo, hi]
    }
    #[cfg(any(not(target_arch = "x86_64"), miri))]
    {
        let mask = barrier_u64(0u64.wrapping_sub(u64::from(x >= bound)));
        [select_u64(mask, a[0], b[0]), select_u64(mask, a[1], b[1])]
    }
}

/// `if mask { a } else { b }` for a mask that is all ones or all zeros.
#[inline(always)]
#[must_use]
pub fn select_u32(mask: u32, a: u32, b: u32) -> u32 {
    b ^ (mask & (a ^ b))
}

/// `x - m` if `x >= m`, else `x`; requires `x < 2m` and `x, m < 2^63`.
#[inline(always)]
#[must_use]
pub fn sub_if_ge_u64(x: u64, m: u64) -> u64 {
    let t = x.wrapping_sub(m);
    select_u64(mask_msb_u64(t), x, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects() {
        assert_eq!(select_u64(u64::MAX, 1, 2), 1);
        assert_eq!(select_u64(0, 1, 2), 2);
        assert_eq!(select_u32(0, 1, 2), 2);
        assert_eq!(mask_msb_u64(1 << 63), u64::MAX);
        assert_eq!(mask_msb_u64((1 << 63) - 1), 0);
        assert_eq!(mask_msb_u32(1 << 31), u32::MAX);
        assert_eq!(sub_if_ge_u64(10, 7), 3);
        assert_eq!(sub_if_ge_u64(7, 7), 0);
        assert_eq!(sub_if_ge_u64(6, 7), 6);
    }

    /// Both words from `a` exactly when x ≥ bound, at and around the bound
    /// and at the extremes (unsigned comparison).
    #[test]
    fn select2_if_ge() {
        let (a, b) = ([1, u64::MAX], [u64::MAX - 1, 2]);
        for bound in [0, 1, 4, 1 << 63, u64::MAX] {
            for x in [
                0,
                1,
                3,
                4,
                5,
                (1 << 63) - 1,
                1 << 63,
                u64::MAX - 1,
                u64::MAX,
            ] {
                let want = if x >= bound { a } else { b };
                assert_eq!(
                    select2_if_ge_u64(x, bound, a, b),
                    want,
                    "x {x} bound {bound}"
                );
            }
        }
    }
}
