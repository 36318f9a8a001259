//! The 32-bit ARM assembly backend `armv4-asm` (feature `asm`, crate
//! `uhash-asm`; ARM state, little-endian): `poly1305_blocks_armv4`, radix
//! 2^26 from UMULL/UMLAL, for every block. The kernel works on five 26-bit
//! limbs of h and a table of r's limbs and their multiples by 5; the
//! wrapper converts at the boundary, per call ([`armv4_key`], `to26`,
//! `from26`). Chosen only on request (never by `detect()`).

use uhash_asm::Armv4Asm;
use uhash_asm::poly1305::armv4::poly1305_blocks_armv4;

use super::limbs26::{M26, from26, to26};
use crate::kernels::Kernels;

impl Kernels for Armv4Asm {
    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }

    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        let n = data.len() / 16;
        if n == 0 {
            return;
        }
        let g = armv4_key(r);
        let mut h26 = to26(h).map(|l| l as u32);
        // SAFETY: the `Armv4Asm` witness proves the kernel was assembled for
        // this target, a core in ARM state (build.rs excludes M-profile
        // targets); `h26` holds 5 limbs < 2^27 (`to26` of an h < 2^130 +
        // 2^128), `g` the 9 words of a clamped r's table, and the kernel
        // reads 16·n ≤ data.len() bytes.
        unsafe {
            poly1305_blocks_armv4(
                h26.as_mut_ptr(),
                g.as_ptr(),
                data.as_ptr(),
                n,
                u32::from(hibit),
            );
        }
        *h = from26(h26.map(u64::from));
    }
}

/// The ARMv4 kernel's table for the clamped r: its 26-bit limbs g₀..g₄
/// (g₄ < 2^20, r < 2^124), then 5g₁..5g₄ (< 2^28.4).
fn armv4_key(r: &[u64; 2]) -> [u32; 9] {
    let v = u128::from(r[0]) | u128::from(r[1]) << 64;
    let g: [u32; 5] = core::array::from_fn(|i| ((v >> (26 * i)) as u64 & M26) as u32);
    [
        g[0],
        g[1],
        g[2],
        g[3],
        g[4],
        5 * g[1],
        5 * g[2],
        5 * g[3],
        5 * g[4],
    ]
}
