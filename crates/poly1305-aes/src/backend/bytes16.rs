//! 16-byte values (a tag, a pad block) written to memory as one 16-byte
//! store where the target has vector registers.
//!
//! A 16-byte value in memory is often read back as one 16-byte load (a tag
//! moved or `black_box`ed by the caller, a block loaded by an AES
//! instruction). Written as two 8-byte stores, such a load cannot be
//! forwarded from the store buffer: it waits until both stores have left
//! the core (measured some 8 cycles per tag on Zen 5, more where the load
//! heads a chain such as the AES pad). Built in one SSE2 register, the
//! value is one 16-byte store, which a load of the same bytes forwards, and
//! a load of either half too.

/// lo + 2^64·hi as 16 little-endian bytes, for one 16-byte store. (Not
/// under Miri, which runs no assembly: the portable form is the same value.)
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[inline(always)]
pub(crate) fn bytes16(lo: u64, hi: u64) -> [u8; 16] {
    use core::arch::x86_64::{__m128i, _mm_set_epi64x};
    // SAFETY: SSE2 is part of the x86-64 baseline (every x86-64 CPU has
    // it); the assembly block is empty (one register operand, no memory,
    // stack or flags); `__m128i` and `[u8; 16]` have the same size and every
    // bit pattern is valid for both; lane 0 (`lo`) is bytes 0..8 on this
    // little-endian target. The empty `asm!` hides the vector's origin, so
    // that the optimiser cannot split its store back into the two halves
    // (it does without).
    unsafe {
        let mut v: __m128i = _mm_set_epi64x(hi as i64, lo as i64);
        core::arch::asm!("/* {0} */", inout(xmm_reg) v, options(pure, nomem, nostack, preserves_flags));
        core::mem::transmute::<__m128i, [u8; 16]>(v)
    }
}

/// lo + 2^64·hi as 16 little-endian bytes.
#[cfg(any(not(target_arch = "x86_64"), miri))]
#[inline(always)]
pub(crate) fn bytes16(lo: u64, hi: u64) -> [u8; 16] {
    (u128::from(lo) | u128::from(hi) << 64).to_le_bytes()
}

/// The 16 bytes as two little-endian 64-bit halves, each read with its own
/// 8-byte load (forwarded from a 16-byte store or from two 8-byte ones).
#[inline(always)]
pub(crate) fn halves(b: &[u8; 16]) -> (u64, u64) {
    let (lo, hi) = b.split_at(8);
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
    (
        uhash_base::ct::barrier_u64(word(lo)),
        uhash_base::ct::barrier_u64(word(hi)),
    )
}

/// Overwrites `b` with zeros in one volatile 16-byte store (what
/// `zeroize` does byte by byte, in 16 stores), followed by a compiler
/// fence, as `zeroize` does.
#[inline(always)]
pub(crate) fn wipe16(b: &mut [u8; 16]) {
    // SAFETY: `b` is a valid, aligned (align 1), exclusive reference to 16
    // bytes; a volatile write of a `[u8; 16]` value through it is in bounds.
    unsafe { core::ptr::write_volatile(b, [0u8; 16]) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes16` is the little-endian encoding, `halves` its inverse, and
    /// `wipe16` leaves zeros.
    #[test]
    fn encode_split_wipe() {
        let mut rng = uhash_testkit::rng::XorShift64::new(0x0123_4567_89ab_cdef);
        for _ in 0..1000 {
            let x = rng.next_u64();
            let (lo, hi) = (x, x.rotate_left(29) ^ 0xa5a5);
            let mut b = bytes16(lo, hi);
            assert_eq!(b, (u128::from(lo) | u128::from(hi) << 64).to_le_bytes());
            assert_eq!(halves(&b), (lo, hi));
            wipe16(&mut b);
            assert_eq!(b, [0; 16]);
        }
    }
}
