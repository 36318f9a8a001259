//! **avx512** — the DFC cipher's AVX-512 backend: the same Feistel code as
//! the portable backend (with whichever module strategy the caller passes,
//! monomorphized through [`Engine::with`]), compiled with AVX-512 F/BW/VL
//! enabled, with the `RT` lookup done in registers.
//!
//! The 64-entry table lives in four 512-bit registers (16 entries each). For
//! an index `i < 64`, one `vpermi2d` picks `RT[i & 31]` from the low half of
//! the table, another picks `RT[32 + (i & 31)]` from the high half, and a
//! mask blend on bit 5 of `i` (tested in a vector register) keeps one. The
//! index travels in the upper dword of a qword, so that the entry comes back
//! already shifted into the upper half of a `u64`, where CP needs it. No
//! memory address depends on `i` (the table registers are loaded from fixed
//! addresses) and nothing branches on it.

use crate::Engine;
use crate::cipher::key_schedule::Expand;
use crate::cipher::round::{Block, Par};
use crate::cipher::{CipherKernels, PAR_BLOCKS, RT, RoundKeys};
use core::arch::x86_64::{
    __m512i, _mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm512_castsi128_si512, _mm512_castsi512_si128,
    _mm512_mask_blend_epi32, _mm512_mask_test_epi32_mask, _mm512_maskz_permutex2var_epi32,
    _mm512_permutex2var_epi32, _mm512_set_epi32, _mm512_set1_epi32,
};
use uhash_base::backend::Avx512;

/// The four table registers: `RT[16k..16k + 16]` for k = 0..3.
#[derive(Clone, Copy)]
struct Table([__m512i; 4]);

uhash_base::avx512_fn! {
    /// Loads `RT` into registers.
    ///
    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    #[inline]
    unsafe fn table() -> Table {
        let q = |k: usize| {
            let t = |j: usize| RT[16 * k + j] as i32;
            _mm512_set_epi32(
                t(15), t(14), t(13), t(12), t(11), t(10), t(9), t(8),
                t(7), t(6), t(5), t(4), t(3), t(2), t(1), t(0),
            )
        };
        Table([q(0), q(1), q(2), q(3)])
    }

    /// `RT[y >> 58] << 32`, in registers (see the module docs).
    ///
    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    #[inline]
    unsafe fn lookup(t: &Table, y: u64) -> u64 {
        // Qword lane 0 = y >> 26: its upper dword (dword lane 1) is the
        // index y >> 58; the other lanes are don't-cares.
        let i = _mm512_castsi128_si512(_mm_cvtsi64_si128((y >> 26) as i64));
        // Dword lane 1 of RT[0..32] (the other lanes zeroed) and of
        // RT[32..64]; bit 5 of the index, tested in lane 1 only, picks one.
        let lo = _mm512_maskz_permutex2var_epi32(0b10, t.0[0], i, t.0[1]);
        let hi = _mm512_permutex2var_epi32(t.0[2], i, t.0[3]);
        let bit5 = _mm512_mask_test_epi32_mask(0b10, i, _mm512_set1_epi32(32));
        let r = _mm512_mask_blend_epi32(bit5, lo, hi);
        _mm_cvtsi128_si64(_mm512_castsi512_si128(r)) as u64
    }

    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    unsafe fn expand_avx512(m: Engine, pk: &[u32; 8]) -> RoundKeys {
        // SAFETY: same features as this function.
        let t = unsafe { table() };
        // SAFETY: same features as this function.
        m.with(Expand(pk, &|i| unsafe { lookup(&t, i) }))
    }

    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    unsafe fn encrypt_avx512(m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        // SAFETY: same features as this function.
        let t = unsafe { table() };
        // SAFETY: same features as this function.
        m.with(Block::<_, true> { rk, lr: (l, r), rt: &|i| unsafe { lookup(&t, i) } })
    }

    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    unsafe fn decrypt_avx512(m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        // SAFETY: same features as this function.
        let t = unsafe { table() };
        // SAFETY: same features as this function.
        m.with(Block::<_, false> { rk, lr: (l, r), rt: &|i| unsafe { lookup(&t, i) } })
    }

    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    unsafe fn encrypt_par_avx512(m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
        // SAFETY: same features as this function.
        let t = unsafe { table() };
        // SAFETY: same features as this function.
        m.with(Par::<_, true> { rk, blocks, rt: &|i| unsafe { lookup(&t, i) } });
    }

    /// # Safety
    /// The CPU must support the `Avx512` feature set.
    unsafe fn decrypt_par_avx512(m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
        // SAFETY: same features as this function.
        let t = unsafe { table() };
        // SAFETY: same features as this function.
        m.with(Par::<_, false> { rk, blocks, rt: &|i| unsafe { lookup(&t, i) } });
    }
}

/// `avx512`: every operation with the in-register lookup. The witness
/// (`self`) proves the CPU has the `Avx512` features.
impl CipherKernels for Avx512 {
    fn expand(self, m: Engine, pk: &[u32; 8]) -> RoundKeys {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { expand_avx512(m, pk) }
    }

    #[inline]
    fn encrypt(self, m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { encrypt_avx512(m, rk, l, r) }
    }

    #[inline]
    fn decrypt(self, m: Engine, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { decrypt_avx512(m, rk, l, r) }
    }

    #[inline]
    fn encrypt_par(self, m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { encrypt_par_avx512(m, rk, blocks) }
    }

    #[inline]
    fn decrypt_par(self, m: Engine, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR_BLOCKS]) {
        // SAFETY: the witness `self` proves the `Avx512` features were
        // detected.
        unsafe { decrypt_par_avx512(m, rk, blocks) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    uhash_base::avx512_fn! {
        /// # Safety
        /// The CPU must support the `Avx512` feature set.
        unsafe fn lookup_all(ys: &[u64]) -> [u64; 256] {
            // SAFETY: same features as this function.
            let t = unsafe { table() };
            let mut out = [0u64; 256];
            for (o, &y) in out.iter_mut().zip(ys) {
                // SAFETY: same features as this function.
                *o = unsafe { lookup(&t, y) };
            }
            out
        }
    }

    #[test]
    fn register_lookup_matches_the_table() {
        if Avx512::detect().is_none() {
            return;
        }
        // Every index, with low bits all zero, all one and mixed.
        let mut ys = [0u64; 256];
        for (k, y) in ys.iter_mut().enumerate() {
            let low = [
                0,
                u64::MAX >> 6,
                0x0155_5555_5555_5555,
                0x02aa_aaaa_aaaa_aaaa,
            ][k % 4];
            *y = ((k as u64 / 4) << 58) | low;
        }
        // SAFETY: the witness above proves the features were detected.
        let got = unsafe { lookup_all(&ys) };
        for (y, g) in ys.iter().zip(got) {
            assert_eq!(g, u64::from(RT[(y >> 58) as usize]) << 32, "y = {y:#x}");
        }
    }
}
