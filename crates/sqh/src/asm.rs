//! The hand-written assembly backend ([`Backend::Asm`](uhash_core::Backend::Asm),
//! feature `asm`, little-endian 32-bit ARM only): safe wrappers over the
//! ARMv4 kernels of `uhash-asm` (`asm/armv4/sqh.S`, UMULL/UMLAL only).
//!
//! | function | w = 3 | other w |
//! |---|---|---|
//! | SQHasm2 (`sum_squares`, truncated sums) | `uhash_sqh_asm2_w3_armv4` | portable code |
//! | SQHE (`c2_columns`, truncated sums) | `uhash_sqh_e_w3_armv4` | portable code |
//! | SQH\*, SQHasm, SQHc, SQHc2 | portable code | portable code |
//!
//! The kernels are the inner loops only (the paper's ARM7 setting: 96-bit
//! elements); the reduction mod p₃ = 2^96 + 61, the final mod 2^96 and the
//! Toeplitz windows stay in the shared Rust code of [`crate::engine`], so an
//! `Asm` engine computes every function, bit for bit as the others.
//!
//! What they return, against the portable kernels of [`crate::soft`]:
//! * SQHasm2: the same integer Σ aᵢ² as `soft::sum_squares::<3, false>`,
//!   but carry-propagated (column c < 6 holds limb c, column 6 the carries
//!   out of 2^192) instead of as exact column sums: keeping five exact
//!   96-bit column sums needs 15 registers, ARMv4 has 14. The reduction
//!   reads only the value, so the result is the same.
//! * SQHE: the same six columns mod 2^32 as `soft::c2_columns::<3, false>`
//!   (whose high halves are unused junk; here they are 0).
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target ([`uhash_asm::AVAILABLE`]); [`AsmImp::detect`] checks it. It is
//! never the default: `Engine::detect()` keeps the portable code on 32-bit
//! ARM. An unaligned message (a pointer property, not a secret) is copied
//! into an aligned buffer 32 elements at a time, because ARMv4's LDM needs
//! word-aligned addresses.

use uhash_asm::sqh::armv4::{ASM2_MAX_ELEMS, KERNELS};

use crate::soft::{self, COLS};

/// Elements per copy of an unaligned message.
const BUF_ELEMS: usize = 32;

/// The ARMv4 kernels; a value exists only when they were assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AsmImp(());

impl AsmImp {
    /// The assembly backend, when this build assembled the kernels; `None`
    /// under `--cfg uhash_backend="soft"`.
    pub(crate) fn detect() -> Option<Self> {
        if uhash_core::backend::forced_soft() {
            return None;
        }
        KERNELS.map(|_| Self(()))
    }

    /// [`soft::sum_squares`]'s value: w = 3 with truncated sums (SQHasm2)
    /// in assembly, as carry-propagated limbs; everything else portable.
    #[inline]
    pub(crate) fn sum_squares<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u128; COLS] {
        match KERNELS {
            Some(k) if W == 3 && !EXACT => {
                let mut acc = [0u32; 6];
                let mut top = 0u64;
                for_words(key, msg, |kw, m, n| {
                    // SAFETY: the core runs ARM-state code (build.rs builds
                    // these kernels only for non-M-profile ARM); `for_words`
                    // passes n ≤ ASM2_MAX_ELEMS, `kw` holds 3n key words and
                    // `m` is valid for reading 3n aligned words; `acc` is a
                    // local array of 6 words, disjoint from both.
                    let carries = unsafe { (k.asm2_w3)(kw.as_ptr(), m, n, acc.as_mut_ptr()) };
                    top += u64::from(carries);
                });
                let mut col = [0u128; COLS];
                for (c, a) in col.iter_mut().zip(acc) {
                    *c = u128::from(a);
                }
                col[6] = u128::from(top);
                col
            }
            _ => soft::sum_squares::<W, EXACT>(key, msg),
        }
    }

    /// [`soft::c2_columns`]: w = 3 with truncated sums (SQHE) in assembly,
    /// everything else portable.
    #[inline]
    pub(crate) fn c2_columns<const W: usize, const EXACT: bool>(
        self,
        key: &[u32],
        msg: &[u8],
    ) -> [u64; COLS] {
        match KERNELS {
            Some(k) if W == 3 && !EXACT => {
                let mut acc = [0u32; 6];
                for_words(key, msg, |kw, m, n| {
                    // SAFETY: as in `sum_squares`: ARM-state core, `kw`
                    // holds 3n key words, `m` is valid for 3n aligned
                    // words, `acc` is a disjoint local array of 6 words.
                    unsafe { (k.e_w3)(kw.as_ptr(), m, n, acc.as_mut_ptr()) };
                });
                let mut col = [0u64; COLS];
                for (c, a) in col.iter_mut().zip(acc) {
                    *c = u64::from(a);
                }
                col
            }
            _ => soft::c2_columns::<W, EXACT>(key, msg),
        }
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

#[cfg(test)]
mod tests {
    //! The kernels against the portable ones at the kernel level: the
    //! SQHasm2 value (carry-normalised limbs) and the SQHE columns (low 32
    //! bits), on element counts 0..=70 and around the 2047-element piece
    //! size, aligned and unaligned messages, keys shorter and longer than
    //! the message, all-ones and all-zero inputs.
    extern crate std;
    use super::AsmImp;
    use crate::soft::{self, COLS};
    use proptest::prelude::*;
    use std::vec::Vec;

    /// The assembly backend; `UHASH_EXPECT_ASM=1` (CI) makes its absence a
    /// failure.
    fn imp() -> Option<AsmImp> {
        let a = AsmImp::detect();
        if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
            assert!(a.is_some(), "UHASH_EXPECT_ASM set but no assembly backend");
        }
        a
    }

    /// Exact column sums as 2W+3 carry-propagated limbs.
    fn normalise(col: &[u128; COLS]) -> [u32; COLS] {
        let mut out = [0u32; COLS];
        let mut carry = 0u128;
        for (o, c) in out.iter_mut().zip(col) {
            let v = c + carry;
            *o = v as u32;
            carry = v >> 32;
        }
        assert_eq!(carry, 0);
        out
    }

    fn check(a: AsmImp, key: &[u32], msg: &[u8]) {
        let got = a.sum_squares::<3, false>(key, msg);
        let want = soft::sum_squares::<3, false>(key, msg);
        assert_eq!(normalise(&got), normalise(&want), "SQHasm2 sum");
        assert_eq!(
            soft::reduce_columns::<3>(&got).limbs(),
            soft::reduce_columns::<3>(&want).limbs()
        );
        let got = a.c2_columns::<3, false>(key, msg);
        let want = soft::c2_columns::<3, false>(key, msg);
        for c in 0..COLS {
            assert_eq!(got[c] as u32, want[c] as u32, "SQHE column {c}");
        }
        // The fallbacks (exact sums, other w) are the portable code itself.
        assert_eq!(
            a.sum_squares::<3, true>(key, msg),
            soft::sum_squares::<3, true>(key, msg)
        );
        assert_eq!(
            a.c2_columns::<2, false>(key, msg),
            soft::c2_columns::<2, false>(key, msg)
        );
    }

    fn pattern(n: usize, seed: u32) -> Vec<u32> {
        (0..n as u32)
            .map(|i| {
                i.wrapping_mul(0x9e37_79b9)
                    .wrapping_add(seed)
                    .rotate_left(i % 31)
            })
            .collect()
    }

    #[test]
    fn edge_counts_alignments_and_extremes() {
        let Some(a) = imp() else { return };
        for elems in (0..=70usize).chain([2046, 2047, 2048, 2049, 4095]) {
            for off in 0..4 {
                let key = pattern(3 * elems + 3, 7);
                let mut buf = std::vec![0u8; 12 * elems + 12 + off];
                for (i, b) in buf.iter_mut().enumerate() {
                    *b = (i as u8).wrapping_mul(37).wrapping_add(11);
                }
                for extra in [0, 11] {
                    let msg = &buf[off..off + 12 * elems + extra];
                    check(a, &key, msg);
                    check(a, &key[..3 * (elems / 2) + 2], msg);
                }
                let ones = std::vec![0xffu8; 12 * elems + off];
                let max = std::vec![u32::MAX; 3 * elems];
                let zeros = std::vec![0u8; 12 * elems + off];
                check(a, &max, &ones[off..]);
                check(a, &max, &zeros[off..]);
                check(a, &std::vec![0u32; 3 * elems], &zeros[off..]);
                check(a, &key, &ones[off..]);
            }
        }
    }

    proptest! {
        #[test]
        fn kernels_equal_soft(
            key in proptest::collection::vec(any::<u32>(), 0..400),
            msg in proptest::collection::vec(any::<u8>(), 0..1600),
            off in 0usize..4,
        ) {
            if let Some(a) = imp() {
                check(a, &key, msg.get(off..).unwrap_or(&[]));
            }
        }
    }
}
