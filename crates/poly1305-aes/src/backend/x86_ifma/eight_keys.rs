//! Key agility on IFMA: eight messages under eight keys at once, one per
//! vector lane (no powers of r, nothing kept).

use core::arch::x86_64::*;

use super::arith::to44;
use super::powers::HasIfma;
use crate::final_steps::pad_partial;

/// The last block of `msg` (1..16 bytes; none for an empty message) as
/// (low word, high word, 2^128 bit): a partial chunk is padded (0x01,
/// zeros) and has no 2^128 bit.
#[inline(always)]
fn last_block(msg: &[u8]) -> (u64, u64, u64) {
    if msg.is_empty() {
        return (0, 0, 0);
    }
    let full = (msg.len() - 1) & !15;
    let chunk = &msg[full..];
    let (v, top) = if chunk.len() == 16 {
        let mut w = [0u8; 16];
        w.copy_from_slice(chunk);
        (u128::from_le_bytes(w), 1)
    } else {
        (pad_partial(chunk), 0)
    };
    (v as u64, (v >> 64) as u64, top)
}

/// Eight messages under eight keys at once, one per lane (key agility: no
/// powers, nothing kept): lane i computes Horner's rule for message i with
/// its own r, the messages right-aligned so that a shorter one starts
/// later (h = 0 times r stays 0 until its first block). Returns each
/// lane's tag (h mod p + sᵢ) mod 2^128, frozen and added in the lanes.
#[inline]
pub(crate) fn batch8<W: HasIfma>(
    w: W,
    r: &[[u64; 2]; 8],
    s: &[u128; 8],
    msgs: &[&[u8]; 8],
) -> [[u8; 16]; 8] {
    let _ = w;
    // SAFETY: the witness `w` proves every feature of the `Ifma` set
    // (`HasIfma`).
    unsafe { batch8_ifma(r, s, msgs) }
}

uhash_base::ifma_fn! {
    /// See [`batch8`].
    ///
    /// # Safety
    /// The CPU must support the [`Ifma`](uhash_base::backend::Ifma) feature set.
    unsafe fn batch8_ifma(r: &[[u64; 2]; 8], pads: &[u128; 8], msgs: &[&[u8]; 8]) -> [[u8; 16]; 8] {
        let mut g = [[0u64; 8]; 3];
        for (i, ri) in r.iter().enumerate() {
            let l = to44(&[ri[0], ri[1], 0]);
            g[0][i] = l[0];
            g[1][i] = l[1];
            g[2][i] = l[2];
        }
        let g = load_arr!(&g);
        let (s1, s2) = (times20!(g.1), times20!(g.2));
        let q: [usize; 8] = core::array::from_fn(|i| msgs[i].len().div_ceil(16));
        let steps = q.iter().copied().max().unwrap_or(0);
        let z = _mm512_setzero_si512();
        let mut h = (z, z, z);
        let m44 = mask44!();
        let mut words = [[0u64; 8]; 3];
        for j in 0..steps {
            if j + 1 < steps {
                // every block before the last step is a whole one (the
                // messages are right-aligned); lanes not started are zero
                for (i, m) in msgs.iter().enumerate() {
                    let (lo, hi, top) = match (j + q[i]).checked_sub(steps) {
                        Some(b) => {
                            let w = u128::from_le_bytes(
                                m[16 * b..16 * b + 16].try_into().unwrap_or([0; 16]),
                            );
                            (w as u64, (w >> 64) as u64, 1u64 << 40)
                        }
                        None => (0, 0, 0),
                    };
                    words[0][i] = lo;
                    words[1][i] = hi;
                    words[2][i] = top;
                }
            } else {
                for (i, m) in msgs.iter().enumerate() {
                    let (lo, hi, top) = last_block(m);
                    words[0][i] = lo;
                    words[1][i] = hi;
                    words[2][i] = top << 40;
                }
            }
            let (lo, hi, top) = load_arr!(&words);
            let m = (
                _mm512_and_si512(lo, m44),
                _mm512_ternarylogic_epi64::<0xA8>(
                    _mm512_srli_epi64::<44>(lo),
                    _mm512_slli_epi64::<20>(hi),
                    m44,
                ),
                _mm512_or_si512(_mm512_srli_epi64::<24>(hi), top),
            );
            h = mul_fast!(add3!(h, m), g, s1, s2);
        }
        // Freeze in the lanes: full carry, then h − p if h ≥ p (g = h + 5
        // reaches 2^130), chosen by mask (no branch on the value).
        let (mut h0, mut h1, mut h2) = h;
        let m42 = _mm512_set1_epi64((1 << 42) - 1);
        h1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(h0));
        h0 = _mm512_and_si512(h0, m44);
        h2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(h1));
        h1 = _mm512_and_si512(h1, m44);
        let c = _mm512_srli_epi64::<42>(h2);
        h2 = _mm512_and_si512(h2, m42);
        h0 = _mm512_add_epi64(h0, _mm512_add_epi64(c, _mm512_slli_epi64::<2>(c)));
        h1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(h0));
        h0 = _mm512_and_si512(h0, m44);
        h2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(h1));
        h1 = _mm512_and_si512(h1, m44);
        // now h₀, h₁ < 2^44, h₂ ≤ 2^42: h < 2^130 + 2^88 < 2p
        let g0 = _mm512_add_epi64(h0, _mm512_set1_epi64(5));
        let g1 = _mm512_add_epi64(h1, _mm512_srli_epi64::<44>(g0));
        let g0 = _mm512_and_si512(g0, m44);
        let g2 = _mm512_add_epi64(h2, _mm512_srli_epi64::<44>(g1));
        let g1 = _mm512_and_si512(g1, m44);
        let ge = _mm512_cmpge_epu64_mask(g2, _mm512_set1_epi64(1 << 42));
        let f0 = _mm512_mask_blend_epi64(ge, h0, g0);
        let f1 = _mm512_mask_blend_epi64(ge, h1, g1);
        let f2 = _mm512_mask_blend_epi64(ge, h2, _mm512_and_si512(g2, m42));
        // to two 64-bit words and + s mod 2^128
        let lo = _mm512_or_si512(f0, _mm512_slli_epi64::<44>(f1));
        let hi = _mm512_or_si512(_mm512_srli_epi64::<20>(f1), _mm512_slli_epi64::<24>(f2));
        let mut sw = [[0u64; 8]; 3];
        for (i, p) in pads.iter().enumerate() {
            sw[0][i] = *p as u64;
            sw[1][i] = (*p >> 64) as u64;
        }
        let (slo, shi, _) = load_arr!(&sw);
        let lo2 = _mm512_add_epi64(lo, slo);
        let carry = _mm512_cmplt_epu64_mask(lo2, lo);
        let hi2 = _mm512_add_epi64(hi, shi);
        let hi2 = _mm512_mask_add_epi64(hi2, carry, hi2, _mm512_set1_epi64(1));
        let t0 = _mm512_permutex2var_epi64(lo2, _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), hi2);
        let t1 = _mm512_permutex2var_epi64(lo2, _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4), hi2);
        let mut tags = [[0u8; 16]; 8];
        // SAFETY: `tags` is 128 writable bytes; two 64-byte stores.
        unsafe {
            _mm512_storeu_si512(tags.as_mut_ptr().cast(), t0);
            _mm512_storeu_si512(tags.as_mut_ptr().cast::<u8>().add(64).cast(), t1);
        }
        tags
    }
}
