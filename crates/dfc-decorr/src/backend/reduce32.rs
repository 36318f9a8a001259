//! The §2 complement reduction done in small words with the carries kept
//! in the upper halves of the registers, as the paper's word strategies do
//! it: in 32-bit words held in 64-bit registers ([`reduce_words32`]: "64-bit
//! C", §5.2, and the UltraSPARC float code, §5.5) and in 16-bit digits held
//! in 32-bit registers ([`reduce_digits16`]: "ANSI C", §5.1, where nothing
//! wider than 32 bits exists).
//!
//! # The method
//! P = a·x + b < 2^128 arrives as columns: P = Σ cᵢ·2^(wi) (w = 32 or 16),
//! each cᵢ wider than w bits, the carries still pending in its upper bits
//! (the product strategies add partial products into columns without
//! propagating). Then, all by shifts, masks and additions:
//!
//! 1. **One carry pass** gives the exact words of P = 2^64·Q + R ("the
//!    propagation of carries is eased since we do them only once at the
//!    end", §5.2).
//! 2. **P′ = R + 13·¬Q + 182** (≡ R − 13Q ≡ P mod 2^64 + 13, ¬Q the 64-bit
//!    complement), word by word: each word of ¬Q is (2^w − 1) − qᵢ, no
//!    negative value anywhere; 13·y is computed as (y ≪ 3) + (y ≪ 2) + y,
//!    the paper's "multiplications by 13 are all made using shifts and
//!    additions" (§5.5). Each column stays below 2^(w+4) (13·(2^w − 1)
//!    plus a word plus a carry), carried in the upper half; the carry out
//!    of the top word is Q′ ≤ 14 (P′ ≤ 14·2^64 + 168).
//! 3. **R′ − 13Q′**, word by word with the borrow carried as a signed upper
//!    half (an arithmetic shift), is the residue or the residue minus p. Its
//!    sign — the upper half of the top word, all ones or zero — is the mask
//!    that adds p back; modulo 2^64 (the module's output) that is + 13 on
//!    the low word, propagated once more. The paper finishes with "a small
//!    table" indexed by Q′; a table indexed by key- and data-dependent
//!    values leaks through the cache, so, like the 128-bit
//!    [`uhash_base::p64::reduce_complement`], this is arithmetic.
//!
//! The result is the module's output ((a·x + b) mod (2^64 + 13)) mod 2^64.
//! No branch, no comparison, no table; the sign mask passes through
//! [`uhash_base::ct::barrier_u64`].

use uhash_base::ct;

const LO32: u64 = 0xffff_ffff;
const LO16: u32 = 0xffff;

/// 13·y by shifts and additions (§5.5). Compilers emit `lea`/`add` or one
/// multiplication by a constant for it: data-independent either way.
#[inline(always)]
fn times13_64(y: u64) -> u64 {
    (y << 3) + (y << 2) + y
}

#[inline(always)]
fn times13_32(y: u32) -> u32 {
    (y << 3) + (y << 2) + y
}

/// ((Σ cᵢ·2^(32i)) mod (2^64 + 13)) mod 2^64 for four 32-bit-word
/// columns whose value is below 2^128, each column below 2^62 (its carries
/// pending in the upper half). Constant time.
#[inline(always)]
#[must_use]
pub fn reduce_words32(c: [u64; 4]) -> u64 {
    // 1. One carry pass: the words r₀, r₁ of R and q₀, q₁ of Q. t₃ < 2^32
    //    because P < 2^128.
    let t0 = c[0];
    let t1 = c[1] + (t0 >> 32);
    let t2 = c[2] + (t1 >> 32);
    let t3 = c[3] + (t2 >> 32);
    // 2. P′ = R + 13·¬Q + 182, each column < 2^36; Q′ = u₁ ≫ 32 ≤ 14.
    let u0 = (t0 & LO32) + times13_64(LO32 - (t2 & LO32)) + 182;
    let u1 = (t1 & LO32) + times13_64(LO32 - (t3 & LO32)) + (u0 >> 32);
    let q = u1 >> 32;
    // 3. R′ − 13Q′ with the borrow in the (signed) upper half: e₀ ∈
    //    (−183, 2^32), e₁ ∈ [−1, 2^32).
    let e0 = (u0 & LO32).wrapping_sub(times13_64(q));
    let e1 = (u1 & LO32).wrapping_add(((e0 as i64) >> 32) as u64);
    // All ones when R′ < 13Q′: then the residue is R′ − 13Q′ + p, whose low
    // 64 bits are (R′ − 13Q′ mod 2^64) + 13.
    let neg = ct::barrier_u64(((e1 as i64) >> 32) as u64);
    let f0 = (e0 & LO32) + (neg & 13);
    let f1 = (e1 & LO32) + (f0 >> 32);
    (f0 & LO32) | (f1 << 32)
}

/// ((Σ cᵢ·2^(16i)) mod (2^64 + 13)) mod 2^64 for eight 16-bit-digit
/// columns in 32-bit registers whose value is below 2^128, each column
/// below 2^31 (carries pending in the upper half). Only 32-bit arithmetic
/// (the output is assembled from four 16-bit digits). Constant time.
#[inline(always)]
#[must_use]
pub fn reduce_digits16(c: [u32; 8]) -> u64 {
    // 1. One carry pass: the digits of R (d₀..d₃) and Q (d₄..d₇); the final
    //    carry is 0 because P < 2^128.
    let mut d = [0u32; 8];
    let mut carry = 0u32;
    for (di, &ci) in d.iter_mut().zip(&c) {
        let t = ci + carry;
        *di = t & LO16;
        carry = t >> 16;
    }
    // 2. P′ = R + 13·¬Q + 182 (182 < 2^16 is the low digit of the
    //    constant), each column < 2^20; the carry out is Q′ ≤ 14.
    let mut u = [0u32; 4];
    let mut carry = 182u32;
    for (i, ui) in u.iter_mut().enumerate() {
        let t = d[i] + times13_32(LO16 - d[4 + i]) + carry;
        *ui = t & LO16;
        carry = t >> 16;
    }
    let q = carry;
    // 3. R′ − 13Q′ digit by digit, the borrow as a signed upper half.
    let mut e = [0u32; 4];
    let mut borrow = 0u32; // 0 or all ones (−1)
    for (i, ei) in e.iter_mut().enumerate() {
        let sub = if i == 0 { times13_32(q) } else { 0 }; // i is public
        let t = u[i].wrapping_sub(sub).wrapping_add(borrow);
        *ei = t & LO16;
        borrow = ((t as i32) >> 16) as u32;
    }
    // All ones when R′ < 13Q′: add p, i.e. + 13 on the low digit modulo
    // 2^64, propagated through the four digits.
    let neg = ct::barrier_u32(borrow);
    let mut out = 0u64;
    let mut carry = neg & 13;
    for (i, &ei) in e.iter().enumerate() {
        let t = ei + carry;
        out |= u64::from(t & LO16) << (16 * i);
        carry = t >> 16;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use uhash_base::p64::{P64, reduce_complement};

    /// The module output of P by the 128-bit reduction.
    fn want(p: u128) -> u64 {
        reduce_complement(p) as u64
    }

    fn words32(p: u128) -> [u64; 4] {
        core::array::from_fn(|i| ((p >> (32 * i)) as u64) & LO32)
    }

    fn digits16(p: u128) -> [u32; 8] {
        core::array::from_fn(|i| ((p >> (16 * i)) as u32) & LO16)
    }

    #[test]
    fn propagated_words_at_the_edges() {
        let edges = [
            0,
            1,
            12,
            13,
            182,
            u64::MAX as u128,
            1 << 64,
            P64 - 1,
            P64,
            P64 + 12,
            13 * P64,
            14 * P64 - 1,
            u128::MAX - (u64::MAX as u128), // 2^128 − 2^64, the largest a·x + b
            u128::MAX,
        ];
        for p in edges {
            assert_eq!(reduce_words32(words32(p)), want(p), "{p:#x}");
            assert_eq!(reduce_digits16(digits16(p)), want(p), "{p:#x}");
        }
    }

    #[test]
    fn pending_carries() {
        // The same values with carries left in the upper halves: move 2^k
        // of each word's value down into the column below.
        for p in [
            P64 - 1,
            u128::MAX,
            1 << 64,
            0x1234_5678_9abc_def0_0fed_cba9_8765_4321,
        ] {
            let mut c = words32(p);
            for i in 1..4 {
                if c[i] > 0 {
                    c[i] -= 1;
                    c[i - 1] += 1 << 32;
                }
            }
            assert_eq!(reduce_words32(c), want(p), "{p:#x}");
            let mut d = digits16(p);
            for i in 1..8 {
                if d[i] > 0 {
                    d[i] -= 1;
                    d[i - 1] += 1 << 16;
                }
            }
            assert_eq!(reduce_digits16(d), want(p), "{p:#x}");
        }
    }
}
