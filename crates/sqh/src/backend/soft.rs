//! The portable kernels: plain Rust, `no_std`, no `unsafe`, 32-bit limbs
//! (the paper's word), the same results on every target (words are read
//! little-endian with `from_le_bytes`).
//!
//! Each kernel walks the k elements of a message (element i is bytes
//! `[4W·i, 4W·(i+1))`, key element i is `key[W·i .. W·(i+1)]`) and returns
//! an accumulator; the paper functions turn it into the output
//! ([`crate::reduce`]: mod p, mod 2^L), shared by every backend. These
//! bodies are the default methods of [`crate::kernels::Kernels`]; the
//! portable backend is those defaults (its `impl` is in `kernels.rs`, so
//! that this file needs nothing from there). They are `#[inline(always)]`, so
//! that the SIMD backends' tails (the elements after their last whole
//! block) compile this code with their own features.
//!
//! Every square is formed with W(W+1)/2 word products (plus W for the top
//! carry limb of an exact sum): each cross product aᵢaⱼ (i < j) once,
//! doubled — against W² for a general multiply.
//!
//! The callers check lengths: kernels read `min(k, key elements)` elements.

use crate::reduce::COLS;
use uhash_base::pw::MAX_W;

/// The key words and message bytes from element `done` on: the tail a SIMD
/// kernel leaves to the portable code after its whole blocks. (Unused on
/// targets without a SIMD backend.)
#[allow(dead_code)]
#[inline(always)]
pub(crate) fn after<'a, const W: usize>(
    key: &'a [u32],
    msg: &'a [u8],
    done: usize,
) -> (&'a [u32], &'a [u8]) {
    (
        key.get(W * done..).unwrap_or(&[]),
        msg.get(4 * W * done..).unwrap_or(&[]),
    )
}

/// Element `i`'s words from little-endian bytes.
#[inline(always)]
fn load<const W: usize>(b: &[u8]) -> [u32; W] {
    let mut out = [0u32; W];
    for (o, c) in out.iter_mut().zip(b.chunks_exact(4)) {
        *o = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    out
}

/// s = m + x over W words: the low W words and the carry (0 or 1).
#[inline(always)]
fn add<const W: usize>(m: &[u32; W], x: &[u32]) -> ([u32; W], u32) {
    let mut s = [0u32; W];
    let mut carry = 0u64;
    for i in 0..W {
        let t = u64::from(m[i]) + u64::from(x[i]) + carry;
        s[i] = t as u32;
        carry = t >> 32;
    }
    (s, carry as u32)
}

/// Exact Σ sᵢ² as column sums: column c has weight 2^(32c), c = 0..=2W.
/// `EXACT`: sᵢ = mᵢ + xᵢ (with its carry limb t: sᵢ² = a² + 2t·a·2^L +
/// t·2^(2L)); otherwise sᵢ = (mᵢ + xᵢ) mod 2^L (SQHasm2).
#[inline(always)]
pub(crate) fn sum_squares<const W: usize, const EXACT: bool>(
    key: &[u32],
    msg: &[u8],
) -> [u128; COLS] {
    let mut col = [0u128; COLS];
    let (keys, _) = key.as_chunks::<W>();
    for (mb, x) in msg.chunks_exact(4 * W).zip(keys) {
        let (a, t) = add::<W>(&load::<W>(mb), x);
        for i in 0..W {
            let d = u64::from(a[i]) * u64::from(a[i]);
            col[2 * i] += u128::from(d);
            for j in (i + 1)..W {
                let z = u64::from(a[i]) * u64::from(a[j]);
                col[i + j] += u128::from(z) << 1;
            }
        }
        if EXACT {
            let t64 = u64::from(t);
            for (j, &aj) in a.iter().enumerate() {
                col[W + j] += u128::from(t64 * u64::from(aj)) << 1;
            }
            col[2 * W] += u128::from(t64);
        }
    }
    col
}

/// The exact square of one exact sum (W limbs + carry limb t) as 2W+1
/// words (it is < 2^(2L+2)).
#[inline(always)]
fn exact_square_words<const W: usize>(a: &[u32; W], t: u32) -> [u32; COLS] {
    let mut col = [0u128; COLS];
    for i in 0..W {
        col[2 * i] += u128::from(u64::from(a[i]) * u64::from(a[i]));
        for j in (i + 1)..W {
            col[i + j] += u128::from(u64::from(a[i]) * u64::from(a[j])) << 1;
        }
    }
    let t64 = u64::from(t);
    for (j, &aj) in a.iter().enumerate() {
        col[W + j] += u128::from(t64 * u64::from(aj)) << 1;
    }
    col[2 * W] += u128::from(t64);
    let mut out = [0u32; COLS];
    let mut carry = 0u128;
    for c in 0..=2 * W {
        let v = col[c] + carry;
        out[c] = v as u32;
        carry = v >> 32;
    }
    out
}

/// SQHc: the words of the exact squares summed column by column mod 2^32
/// (2W+1 words, no carries between them).
#[inline(always)]
pub(crate) fn c_words<const W: usize>(key: &[u32], msg: &[u8]) -> [u32; COLS] {
    let mut acc = [0u32; COLS];
    let (keys, _) = key.as_chunks::<W>();
    for (mb, x) in msg.chunks_exact(4 * W).zip(keys) {
        let (a, t) = add::<W>(&load::<W>(mb), x);
        let sq = exact_square_words::<W>(&a, t);
        for c in 0..=2 * W {
            acc[c] = acc[c].wrapping_add(sq[c]);
        }
    }
    acc
}

/// SQHc2 (`EXACT`, 2W+1 columns) and SQHE (2W columns): every half of every
/// ordered word product of every square added into its column, each column
/// kept mod 2^32 — `C(Σ C2(sᵢ²))`.
///
/// A column is a `u64` whose low 32 bits are the column: adding a whole
/// product z = lo + 2^32·hi changes the low half by lo only, so
/// `acc[c] += z` and `acc[c+1] += z >> 32` add both halves with one add
/// each (the high halves of `acc` are junk and discarded). A cross product
/// is added doubled (2z, 2·hi).
#[inline(always)]
pub(crate) fn c2_columns<const W: usize, const EXACT: bool>(
    key: &[u32],
    msg: &[u8],
) -> [u64; COLS] {
    let mut acc = [0u64; COLS];
    let (keys, _) = key.as_chunks::<W>();
    for (mb, x) in msg.chunks_exact(4 * W).zip(keys) {
        let (a, t) = add::<W>(&load::<W>(mb), x);
        for i in 0..W {
            let d = u64::from(a[i]) * u64::from(a[i]);
            acc[2 * i] = acc[2 * i].wrapping_add(d);
            acc[2 * i + 1] = acc[2 * i + 1].wrapping_add(d >> 32);
            for j in (i + 1)..W {
                let z = u64::from(a[i]) * u64::from(a[j]);
                acc[i + j] = acc[i + j].wrapping_add(z << 1);
                acc[i + j + 1] = acc[i + j + 1].wrapping_add((z >> 32) << 1);
            }
        }
        if EXACT {
            // The carry limb t ∈ {0, 1}: products t·a_j (twice, hi = 0) in
            // column W + j, and t·t = t in column 2W.
            let t64 = u64::from(t);
            for (j, &aj) in a.iter().enumerate() {
                acc[W + j] = acc[W + j].wrapping_add((t64 * u64::from(aj)) << 1);
            }
            acc[2 * W] = acc[2 * W].wrapping_add(t64);
        }
    }
    acc
}

/// SQH2: Σ D2(sᵢ²) on W double-word columns, sᵢ = (mᵢ + xᵢ) mod 2^L, each
/// column mod 2^64 (wrapping adds). A square aᵢ² (even position 2i) goes
/// whole into column i; a cross product z = aᵢaⱼ (i < j) counts twice: at
/// an even position i + j = 2q as 2z into column q, at an odd one 2q + 1 as
/// 2·lo(z)·2^32 = z·2^33 mod 2^64 into column q and 2·hi(z) into q + 1.
#[inline(always)]
pub(crate) fn d2_pairs<const W: usize>(key: &[u32], msg: &[u8]) -> [u64; MAX_W] {
    let mut d = [0u64; MAX_W];
    let (keys, _) = key.as_chunks::<W>();
    for (mb, x) in msg.chunks_exact(4 * W).zip(keys) {
        let (a, _) = add::<W>(&load::<W>(mb), x);
        for i in 0..W {
            d[i] = d[i].wrapping_add(u64::from(a[i]) * u64::from(a[i]));
            for j in (i + 1)..W {
                let z = u64::from(a[i]) * u64::from(a[j]);
                let q = (i + j) / 2;
                if (i + j) % 2 == 0 {
                    d[q] = d[q].wrapping_add(z << 1);
                } else {
                    d[q] = d[q].wrapping_add(z << 33);
                    d[q + 1] = d[q + 1].wrapping_add((z >> 32) << 1);
                }
            }
        }
    }
    d
}
