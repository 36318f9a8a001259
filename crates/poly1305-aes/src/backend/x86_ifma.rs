//! Poly1305 with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`), 8 lanes,
//! radix 2^44.
//!
//! # Representation
//! A field element is three limbs v = l₀ + 2^44·l₁ + 2^88·l₂, one element
//! per 64-bit lane. With 2^132 ≡ 20 (mod p) the product d = h·g is
//!
//! * d₀ = h₀g₀ + h₁·20g₂ + h₂·20g₁,
//! * d₁ = h₀g₁ + h₁g₀ + h₂·20g₂,
//! * d₂ = h₀g₂ + h₁g₁ + h₂g₀.
//!
//! IFMA gives the low and the high 52 bits of each 52×52-bit product; a high
//! part has weight 2^52 = 2^44·2^8 relative to its row, so row i's high sum
//! moves to row i + 1 shifted left by 8, and row 2's to row 0 times
//! 20·2^8 = 5120.
//!
//! # Bounds
//! After a product the limbs are carried once, in parallel (see `reduce!`),
//! to below B = 2^44 + 2^15. Multiplier limbs (powers of r) are < B, so
//! 20·g < 2^48.4; accumulator limbs are < 2B (a carried value plus a
//! message limb < 2^44). So row 0 and row 1 products are < 2^93.4 (high
//! halves < 2^41.4, three of them < 2^43: 256·hi < 2^51), row 2 products
//! (no factor 20) < 2^89.1 (high halves sum < 2^38.6: 5120·hi₂ < 2^51), and
//! each row's three low halves sum below 3·2^52: every dᵢ < 2^54, every
//! carry cᵢ < 2^10 and 20·c₂ < 2^15. All inputs stay below 2^52, where IFMA
//! multiplies exactly, and no 64-bit lane overflows.
//!
//! # Schedule
//! Sixteen blocks per step in two vectors A (blocks 0..8 of the step) and B
//! (blocks 8..16): A ← A·r^16 + m, B ← B·r^16 + m′. Lane t holds block
//! σ(t) = ⌊t/2⌋ + 4·(t mod 2) of its eight (in-lane `vpunpck{l,h}qdq` of
//! the two 64-byte loads, no cross-lane permute in the loop). The incoming
//! h joins lane 0 (block 0) of A's first blocks. At the end lane t of A is
//! multiplied by r^(16−σ(t)) and lane t of B by r^(8−σ(t)) (the power
//! vectors permuted once, outside the loop), and the sixteen products are
//! summed: Horner's rule regrouped, the same value mod p as the scalar
//! code. With VBMI2 (`IfmaVbmi2`) the loop splits the blocks with
//! `vpshldq` (limb 1 and limb 2 plus the 2^128 bit: 6 instead of 8 vector
//! instructions per eight blocks; the limbs are the same, so the bounds
//! below hold unchanged). The remaining k ≤ 15 blocks go through one or
//! two vectors with r^(8−t): k < 8 blocks sit in lanes 8 − k .. 8 (masked
//! loads; the lanes below are zero) and h joins the first of them. The
//! powers r^1..r^16 are computed per call (four vector products), or kept
//! by a long-term key ([`crate::Poly1305WithPowers`]).
//!
//! # Files
//! `arith.rs` (the radix-2^44 vector arithmetic), `powers.rs` (the powers
//! of r and their cache), `blocks.rs` (the block loop), `eight_keys.rs` (eight
//! keys in eight lanes). The assembly backend `ifma-asm`
//! (`ffi_x86_64.rs`) runs the same code around its own group loop.

use uhash_base::backend::Ifma;

use crate::kernels::Kernels;

#[macro_use]
mod arith;
#[macro_use]
pub(crate) mod powers;
pub(crate) mod blocks;
pub(crate) mod eight_keys;

pub(crate) use powers::Powers;

/// Messages shorter than this take the scalar path on the IFMA backends
/// (measured with `poly1305_appendix_b`: at 128..224 bytes the IFMA path
/// costs 165..245 cycles against 129..216 for soft, at 256 bytes 211
/// against 245).
pub(crate) const IFMA_MIN_BYTES: usize = 256;

/// With powers already computed (a long-term key), the IFMA path pays off
/// from 128 bytes (one masked or full 8-lane step against eight scalar
/// blocks).
pub(crate) const IFMA_MIN_BYTES_CACHED: usize = 128;

/// What the two IFMA backends (intrinsics, and intrinsics around the
/// assembly group loop) run for a message body; [`absorb`] is written once
/// over it.
pub(crate) trait GroupLoop: Kernels {
    /// Every whole block of `data` with stored powers; returns its length.
    fn cached(self, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize;
    /// The same with powers computed here and not stored.
    fn once(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize;
}

/// [`Kernels::absorb`] of an IFMA backend: the vector loop with a
/// long-term key's powers from [`IFMA_MIN_BYTES_CACHED`], with powers
/// computed here from [`IFMA_MIN_BYTES`], then the scalar kernel for the
/// rest.
#[inline]
pub(crate) fn absorb<L: GroupLoop>(
    l: L,
    h: &mut [u64; 3],
    r: &[u64; 2],
    powers: Option<&Powers>,
    data: &[u8],
) {
    let done = match powers {
        Some(p) if data.len() >= IFMA_MIN_BYTES_CACHED => l.cached(h, p, data),
        None if data.len() >= IFMA_MIN_BYTES => l.once(h, r, data),
        _ => 0,
    };
    l.blocks(h, r, &data[done..], true);
}

/// The [`Kernels`] methods an IFMA backend overrides beyond `blocks`, for a
/// witness that is a [`GroupLoop`] and whose IFMA intrinsics witness is
/// `$ifma(self)`: the vector body ([`absorb`]), the long-term key's powers
/// and the eight-lane batch.
macro_rules! ifma_kernels {
    ($ifma:expr) => {
        #[inline]
        fn absorb(
            self,
            h: &mut [u64; 3],
            r: &[u64; 2],
            powers: Option<&$crate::kernels::Powers>,
            data: &[u8],
        ) {
            $crate::backend::x86_ifma::absorb(self, h, r, powers, data);
        }

        #[inline]
        fn key_powers(self, r: &[u64; 2], out: &mut $crate::kernels::Powers) -> bool {
            $crate::backend::x86_ifma::powers::compute($ifma(self), r, out);
            true
        }

        #[inline]
        fn batch_lanes(self) -> usize {
            8
        }

        #[inline]
        fn batch8(self, r: &[[u64; 2]; 8], s: &[u128; 8], msgs: &[&[u8]; 8]) -> [[u8; 16]; 8] {
            $crate::backend::x86_ifma::eight_keys::batch8($ifma(self), r, s, msgs)
        }
    };
}

impl GroupLoop for Ifma {
    #[inline]
    fn cached(self, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        blocks::cached(self, h, p, data)
    }

    #[inline]
    fn once(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        blocks::once(self, h, r, data)
    }
}

impl Kernels for Ifma {
    ifma_kernels!(|w: Ifma| w);
}
