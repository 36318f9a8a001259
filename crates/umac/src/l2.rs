//! L2-HASH (RFC 4418 **§5.2.1**) and POLY (**§5.2.2**), streaming: the L1
//! outputs, one 64-bit word per chunk, as they come.
//!
//! * Keys: k64 = the first 8 bytes of the 24-byte L2 key, big-endian, and
//!   `0x01FFFFFF01FFFFFF`; k128 = the other 16 and
//!   `0x01FFFFFF01FFFFFF01FFFFFF01FFFFFF`.
//! * A message of at most 1024 bytes skips L2 (B = 0^64 ‖ A: UHASH decides).
//! * POLY-64, y = 1 first: y = (k64·y + m) mod (2^64 − 59) for each L1 output
//!   m; a word m ≥ 2^64 − 2^32 is escaped: y = (k·y + marker) mod p, then
//!   y = (k·y + (m − 59)) mod p, marker = p − 1. Between steps y is kept
//!   lazily reduced (a 64-bit value congruent to it, possibly ≥ p: the
//!   step's last conditional subtraction is skipped) and made canonical
//!   where it is read (POLY-128's first word, B).
//! * After 2^14 L1 outputs (2^17 bytes of them: 16 MiB of message), POLY-128
//!   over uint2str(y, 16) and then pairs of outputs (big-endian: the first
//!   is the high half), the rest followed by a 0x80 byte and zeros to a
//!   multiple of 16 bytes; modulo 2^128 − 159, range 2^128 − 2^96, marker
//!   p − 1, offset 159.
//!
//! **Constant time.** The escape is never a branch: its two steps are one,
//! y·k² + (m − offset − k) (k·(k·y + p − 1) ≡ k²·y − k, k² precomputed), so
//! every word costs one step, y·k′ + m′, whose multiplier k′ ∈ {k, k²} and
//! addend m′ are selected under a mask computed from m alone. Which words
//! arrive (the 16 MiB switch, the final padding) depends on the length
//! only.

use uhash_base::{ct, p64m59, p128m159};
use zeroize::Zeroize;

use crate::kdf;

/// L1 outputs hashed by POLY-64 before the switch to POLY-128.
pub(crate) const SWITCH: u64 = 1 << 14;

const MASK64: u64 = 0x01ff_ffff_01ff_ffff;
const MASK128: u128 = 0x01ff_ffff_01ff_ffff_01ff_ffff_01ff_ffff;

/// One iteration's POLY keys (masked) and their squares; for POLY-64's
/// escape also k64 ⊕ k64² and k64 + 59 ([`L2Key::step64`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct L2Key {
    k64: u64,
    k64_sq: u64,
    /// k64 ⊕ k64²: the multiplier is k64 ⊕ (mask & this).
    k64_xor_sq: u64,
    /// 59 + k64: the addend is m − (mask & this).
    k64_plus_59: u64,
    k128: u128,
    k128_sq: u128,
}

impl Zeroize for L2Key {
    fn zeroize(&mut self) {
        self.k64.zeroize();
        self.k64_sq.zeroize();
        self.k64_xor_sq.zeroize();
        self.k64_plus_59.zeroize();
        self.k128.zeroize();
        self.k128_sq.zeroize();
    }
}

impl L2Key {
    /// The N iterations' keys from `KDF(K, 2, 24·N)`, written in place.
    pub(crate) fn fill<const N: usize>(keys: &mut [Self; N], kdf: &kdf::Keys) {
        let bytes = kdf.bytes(kdf::L2);
        for (i, key) in keys.iter_mut().enumerate() {
            let b = &bytes[24 * i..24 * i + 24];
            let mut k64 = [0u8; 8];
            let mut k128 = [0u8; 16];
            k64.copy_from_slice(&b[..8]);
            k128.copy_from_slice(&b[8..]);
            key.k64 = u64::from_be_bytes(k64) & MASK64;
            key.k128 = u128::from_be_bytes(k128) & MASK128;
            key.k64_sq = p64m59::mul(key.k64, key.k64);
            key.k64_xor_sq = key.k64 ^ key.k64_sq;
            key.k64_plus_59 = key.k64 + 59;
            key.k128_sq = p128m159::mul(key.k128, key.k128);
            k64.zeroize();
            k128.zeroize();
        }
    }

    /// One POLY-64 step: y·k + m, or the escape's two steps when
    /// m ≥ 2^64 − 2^32, which are y·k² + (m − 59 − k): the multiplier and
    /// the addend are selected under a mask (they depend on m only), then
    /// one product and one lazy reduction. y and the result are any 64-bit
    /// values congruent to POLY's y (`p64m59::mul_add_partial`;
    /// [`Poly`] keeps y so and makes it canonical where it is read).
    #[inline(always)]
    pub(crate) fn step64(&self, y: u64, m: u64) -> u64 {
        let mask = escape_mask(m >> 32);
        // k, or k ⊕ (k ⊕ k²) = k².
        let k = self.k64 ^ (mask & self.k64_xor_sq);
        // m, or m − (59 + k) > 0 whenever the escape applies (k < 2^57).
        let add = m.wrapping_sub(mask & self.k64_plus_59);
        p64m59::mul_add_partial(k, y, add)
    }

    /// One POLY-128 step, the escape when m ≥ 2^128 − 2^96 (selected as
    /// in [`L2Key::step64`]).
    #[inline(always)]
    fn step128(&self, y: u128, m: u128) -> u128 {
        let mask = u128::from(escape_mask((m >> 96) as u64));
        let mask = mask << 64 | mask;
        let k = (self.k128_sq & mask) | (self.k128 & !mask);
        let add = (m.wrapping_sub(159).wrapping_sub(self.k128) & mask) | (m & !mask);
        p128m159::mul_add(k, y, add)
    }
}

/// All ones when the 32-bit `top` of a POLY word is all ones (the word is
/// in the escape range), else zero; no branch.
#[inline(always)]
fn escape_mask(top: u64) -> u64 {
    ct::barrier_u64(0u64.wrapping_sub((top + 1) >> 32))
}

/// POLY over the L1 outputs of one iteration.
#[derive(Clone, Copy)]
pub(crate) struct Poly {
    /// POLY-64's y (the first 2^14 outputs), lazily reduced: a 64-bit value
    /// congruent to y modulo 2^64 − 59, made canonical where it is read.
    y64: u64,
    /// POLY-128's y (after the switch).
    y128: u128,
    /// L1 outputs absorbed.
    count: u64,
    /// The first output of a 128-bit word in progress (after the switch).
    half: u64,
}

impl Default for Poly {
    fn default() -> Self {
        Self {
            y64: 1,
            y128: 1,
            count: 0,
            half: 0,
        }
    }
}

impl Zeroize for Poly {
    fn zeroize(&mut self) {
        self.y64.zeroize();
        self.y128.zeroize();
        self.half.zeroize();
    }
}

impl Poly {
    /// The state after `count` ≤ 2^14 L1 outputs (before the switch) whose
    /// POLY-64 value is `y`, from [`L2Key::step64`] steps starting at 1.
    #[inline(always)]
    pub(crate) fn after64(y: u64, count: u64) -> Self {
        debug_assert!(count <= SWITCH);
        Self {
            y64: y,
            count,
            ..Self::default()
        }
    }

    /// Absorbs the next L1 output.
    #[inline(always)]
    pub(crate) fn absorb(&mut self, key: &L2Key, a: u64) {
        if self.count < SWITCH {
            self.y64 = key.step64(self.y64, a);
        } else {
            if self.count == SWITCH {
                // POLY-128's first word: uint2str(y, 16), below the range.
                self.y128 = key.step128(1, u128::from(p64m59::canonical(self.y64)));
            }
            if (self.count - SWITCH).is_multiple_of(2) {
                self.half = a;
            } else {
                self.y128 = key.step128(self.y128, u128::from(self.half) << 64 | u128::from(a));
            }
        }
        self.count += 1;
    }

    /// B: POLY's result as a 128-bit integer (the 16-byte `uint2str(y, 16)`),
    /// after the final padding word when POLY-128 ran.
    #[inline(always)]
    pub(crate) fn finish(&self, key: &L2Key) -> u128 {
        if self.count <= SWITCH {
            return u128::from(p64m59::canonical(self.y64));
        }
        let last = if (self.count - SWITCH) % 2 == 1 {
            // An output waits: it and 0x80 ‖ 0^7.
            u128::from(self.half) << 64 | 1 << 63
        } else {
            1 << 127
        };
        key.step128(self.y128, last)
    }
}
