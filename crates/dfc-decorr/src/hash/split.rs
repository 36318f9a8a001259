//! The Horner loop of [`DfcHash`](super::DfcHash) split over
//! [`GROUP`] blocks with powers of the key: [`KeyPowers`] and
//! [`absorb_blocks`].
//!
//! Horner's rule acc ← a·acc + m is one dependent chain: each step waits for
//! the product and the reduction of the step before (about 15–19 cycles on
//! x86-64). Over n = [`GROUP`] blocks m₀ … m_{n−1} the same rule gives
//!
//! ```text
//! acc ← acc·aⁿ + m₀·aⁿ⁻¹ + m₁·aⁿ⁻² + … + m_{n−2}·a + m_{n−1}   (mod p)
//! ```
//!
//! The n − 1 products of message blocks do not depend on acc, so they
//! overlap; only acc·aⁿ and one reduction per group stay on the chain. The
//! powers aʲ mod p (j = 1 … n) are residues below p = 2^64 + 13, 65-bit
//! values, computed once per key ([`KeyPowers::new`]) and held as
//! [`Mult`]s. The sum is accumulated unreduced in three words
//! ([`uhash_base::p64mul::Sum`]) and reduced once per group, lazily:
//! the state between groups is a value below 15·2^64 congruent to the
//! residue ([`Sum::reduce_lazy`]), made canonical (below p) after the last
//! group. Whole groups go this way; the blocks after the last whole group
//! take single [`horner_step`]s. The result is the same residue as the
//! plain loop, for any message and any split of it into calls.
//!
//! Bound on the sum of one group (so that [`Sum::reduce_lazy`] applies,
//! w₂ < 2^56): n − 1 terms m·aʲ add at most 2 each to w₂, acc·aⁿ with
//! acc < 15·2^64 at most 33, m_{n−1} nothing: w₂ ≤ 2(n − 1) + 33 = 47.
//!
//! Cost (x86-64, [`GROUP`] = 8): per group 7 + 2 multiplications for the
//! products and one for 13·¬w₁; measured about 2.8 cycles per block
//! (0.35 cycles/byte at 64 KiB) where the single step takes about 15 (see
//! the crate's `hash` docs for the figures and the command).

use uhash_base::p64::horner_step;
use uhash_base::p64mul::{Mult, Sum, canonical, mul_mod};
use zeroize::Zeroize;

/// Message block bytes.
pub const BLOCK_BYTES: usize = 8;

/// Blocks per group of the split Horner loop (n above).
pub const GROUP: usize = 8;

/// The powers a, a², …, a^[`GROUP`] of a key a modulo p = 2^64 + 13, each a
/// residue in [0, p) held as a [`Mult`]. Key material: zeroized on drop.
#[derive(Clone)]
pub(crate) struct KeyPowers([Mult; GROUP]);

impl KeyPowers {
    /// The powers of `a`: a² = a·a, a³ = a²·a, a⁴ = a²·a², then
    /// a⁵ … a⁸ = a⁴·(a … a⁴): three products deep. Constant time.
    #[inline]
    pub(crate) fn new(a: u64) -> Self {
        let a1 = u128::from(a);
        let a2 = mul_mod(a1, a1);
        let (a3, a4) = (mul_mod(a2, a1), mul_mod(a2, a2));
        let pw = [
            a1,
            a2,
            a3,
            a4,
            mul_mod(a4, a1),
            mul_mod(a4, a2),
            mul_mod(a4, a3),
            mul_mod(a4, a4),
        ];
        Self(pw.map(Mult::new))
    }

    /// The key a itself (the first power, below 2^64).
    #[inline(always)]
    pub(crate) fn a(&self) -> u64 {
        self.0[0].lo()
    }
}

impl Drop for KeyPowers {
    fn drop(&mut self) {
        self.0.iter_mut().for_each(Zeroize::zeroize);
    }
}

/// One group: x·a^GROUP + Σⱼ mⱼ·a^(GROUP−1−j), lazily reduced, for a state
/// x < 15·2^64 (a residue or a previous group's result).
#[inline(always)]
fn group(pw: &KeyPowers, x: u128, m: &[[u8; BLOCK_BYTES]; GROUP]) -> u128 {
    let mut sum = Sum::new(u64::from_le_bytes(m[GROUP - 1]));
    for (j, block) in m[..GROUP - 1].iter().enumerate() {
        sum.add_mul(u64::from_le_bytes(*block), pw.0[GROUP - 2 - j]);
    }
    sum.add_mul_wide(x, pw.0[GROUP - 1]);
    sum.reduce_lazy()
}

/// acc ← a·acc + m over every block, mod p (Horner's rule), for a residue
/// acc in [0, p): whole groups of [`GROUP`] blocks with the powers, the
/// rest one step at a time. Returns the residue in [0, p).
#[inline(always)]
pub(crate) fn absorb_blocks(pw: &KeyPowers, acc: u128, blocks: &[[u8; BLOCK_BYTES]]) -> u128 {
    let (groups, rest) = blocks.as_chunks::<GROUP>();
    let mut acc = acc;
    // Whether there is a whole group is public (the length): the branch
    // spares short inputs the final fold.
    if !groups.is_empty() {
        let mut x = acc;
        for g in groups {
            x = group(pw, x, g);
        }
        acc = canonical(x);
    }
    let a = pw.a();
    for block in rest {
        acc = horner_step(a, acc, u64::from_le_bytes(*block));
    }
    acc
}
