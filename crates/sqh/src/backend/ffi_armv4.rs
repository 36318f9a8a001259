//! The 32-bit ARM assembly kernels (`uhash-asm`, `armv4/sqh.S`:
//! UMULL/UMLAL only, the paper's ARM7 setting) as the `armv4-asm` backend
//! of [`crate::kernels::Engine`]:
//!
//! | operation | w = 3, truncated sums | otherwise |
//! |---|---|---|
//! | `sum_squares` (SQHasm2) | `sqh_asm2_w3_armv4` | portable default |
//! | `c2_columns` (SQHE) | `sqh_e_w3_armv4` | portable default |
//! | `d2_pairs` (SQH2) | `sqh2_w3_armv4` | portable default |
//! | `c_words` (SQHc) | portable default | portable default |
//!
//! The kernels are the inner loops only (the paper's ARM7 setting: 96-bit
//! elements); the reduction mod p₃ = 2^96 + 61, the final mod 2^96 and the
//! Toeplitz windows stay in the shared Rust code, so an `armv4-asm` engine
//! computes every function, bit for bit as the others. ARMv4 has no SIMD
//! unit: the operations without assembly run the portable code.
//!
//! What they return, against the portable kernels:
//! * SQHasm2: the same integer Σ aᵢ² as `soft::sum_squares::<3, false>`,
//!   but carry-propagated (column c < 6 holds limb c, column 6 the carries
//!   out of 2^192) instead of as exact column sums: keeping five exact
//!   96-bit column sums needs 15 registers, ARMv4 has 14. The reduction
//!   reads only the value, so the result is the same.
//! * SQHE: the same six columns mod 2^32 as `soft::c2_columns::<3, false>`
//!   (whose high halves are unused junk; here they are 0).
//!
//! The witness [`Armv4Asm`] exists only when `uhash-asm` assembled its
//! kernels for this target. An unaligned message (a pointer property, not
//! a secret) is copied into an aligned buffer 32 elements at a time,
//! because ARMv4's LDM needs word-aligned addresses.

use uhash_asm::Armv4Asm;
use uhash_asm::sqh::armv4::{ASM2_MAX_ELEMS, sqh_asm2_w3_armv4, sqh_e_w3_armv4, sqh2_w3_armv4};

use super::soft;
use uhash_base::pw::MAX_W;

use crate::kernels::COLS;

/// Elements per copy of an unaligned message.
const BUF_ELEMS: usize = 32;

impl crate::kernels::Kernels for Armv4Asm {
    /// [`soft::sum_squares`]'s value: w = 3 with truncated sums (SQHasm2)
    /// in assembly, as carry-propagated limbs; everything else portable.
    #[inline]
    fn sum_squares<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u128; COLS] {
        if W != 3 || EXACT {
            return soft::sum_squares::<W, EXACT>(key, msg);
        }
        let mut acc = [0u32; 6];
        let mut top = 0u64;
        for_words(key, msg, |kw, m, n| {
            // SAFETY: `self` is the witness that the kernels were assembled
            // for this target, whose cores run ARM-state code (build.rs
            // builds them only for non-M-profile ARM); `for_words` passes
            // n ≤ ASM2_MAX_ELEMS, `kw` holds 3n key words and `m` is valid
            // for reading 3n aligned words; `acc` is a local array of 6
            // words, disjoint from both.
            let carries = unsafe { sqh_asm2_w3_armv4(kw.as_ptr(), m, n, acc.as_mut_ptr()) };
            top += u64::from(carries);
        });
        let mut col = [0u128; COLS];
        for (c, a) in col.iter_mut().zip(acc) {
            *c = u128::from(a);
        }
        col[6] = u128::from(top);
        col
    }

    /// [`soft::c2_columns`]: w = 3 with truncated sums (SQHE) in assembly,
    /// everything else portable.
    #[inline]
    fn c2_columns<const W: usize, const EXACT: bool>(self, key: &[u32], msg: &[u8]) -> [u64; COLS] {
        if W != 3 || EXACT {
            return soft::c2_columns::<W, EXACT>(key, msg);
        }
        let mut acc = [0u32; 6];
        for_words(key, msg, |kw, m, n| {
            // SAFETY: as in `sum_squares`: the witness, an ARM-state core,
            // `kw` holds 3n key words, `m` is valid for 3n aligned words,
            // `acc` is a disjoint local array of 6 words.
            unsafe { sqh_e_w3_armv4(kw.as_ptr(), m, n, acc.as_mut_ptr()) };
        });
        let mut col = [0u64; COLS];
        for (c, a) in col.iter_mut().zip(acc) {
            *c = u64::from(a);
        }
        col
    }

    /// [`soft::d2_pairs`]: w = 3 (SQH2) in assembly, everything else
    /// portable.
    #[inline]
    fn d2_pairs<const W: usize>(self, key: &[u32], msg: &[u8]) -> [u64; MAX_W] {
        if W != 3 {
            return soft::d2_pairs::<W>(key, msg);
        }
        let mut acc = [0u32; 6];
        for_words(key, msg, |kw, m, n| {
            // SAFETY: as in `sum_squares`: the witness, an ARM-state core,
            // `kw` holds 3n key words, `m` is valid for 3n aligned words,
            // `acc` is a disjoint local array of 6 words.
            unsafe { sqh2_w3_armv4(kw.as_ptr(), m, n, acc.as_mut_ptr()) };
        });
        let mut d = [0u64; MAX_W];
        for (q, pair) in acc.chunks_exact(2).enumerate() {
            d[q] = u64::from(pair[0]) | u64::from(pair[1]) << 32;
        }
        d
    }
}

/// Calls `f(key words, message words, n)` over the k = min(`msg.len()`/12,
/// `key.len()`/3) elements both inputs hold (the soft kernels' zip), in
/// order, in pieces of n ≤ [`ASM2_MAX_ELEMS`] elements: `key words` is
/// exactly 3n words and `message words` is valid for reading 3n
/// word-aligned `u32`s (the message itself when it is word-aligned, else
/// an aligned copy of at most [`BUF_ELEMS`] elements).
fn for_words(key: &[u32], msg: &[u8], mut f: impl FnMut(&[u32], *const u32, usize)) {
    let k = (msg.len() / 12).min(key.len() / 3);
    let (key, msg) = (&key[..3 * k], &msg[..12 * k]);
    if msg.as_ptr().align_offset(4) == 0 {
        for (kc, mc) in key
            .chunks(3 * ASM2_MAX_ELEMS)
            .zip(msg.chunks(12 * ASM2_MAX_ELEMS))
        {
            // Aligned, and on this little-endian target the words read are
            // the little-endian words of the spec.
            f(kc, mc.as_ptr().cast::<u32>(), kc.len() / 3);
        }
    } else {
        let mut buf = [0u32; 3 * BUF_ELEMS];
        for (kc, mc) in key.chunks(3 * BUF_ELEMS).zip(msg.chunks(12 * BUF_ELEMS)) {
            for (b, c) in buf.iter_mut().zip(mc.chunks_exact(4)) {
                *b = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            }
            f(kc, buf.as_ptr(), kc.len() / 3);
        }
    }
}
