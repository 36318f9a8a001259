//! The portable kernels: plain Rust, `no_std`, no `unsafe`, the same results
//! on every target (words are read little-endian with `from_le_bytes`, so
//! big-endian targets agree).
//!
//! [`mw32_sums`] is the default body of [`crate::kernels::Kernels`] (the
//! portable backend is that default; its `impl` is in `kernels.rs`, so that
//! this file needs nothing from there) and the tail of the SIMD backends;
//! [`mw_sums_generic`] computes b = 16, b = 64 and n > 8.
//!
//! Memory safety never depends on the caller: every kernel only reads the
//! words that both the message and the key windows hold (the callers check
//! the lengths and report errors before calling).

use crate::word::Word;

/// digestMW with b = 32 and N output words (Nguyen–Roscoe Fig. 2):
/// d_r = Σ_j [m_j·k_{j+r} + (m_j·k_{j+r+1} div 2^32)] mod 2^32 for
/// r = 0..N (0-based: word j of the message, `key[j + r]`). Each of the
/// N + 1 products m_j·k_{j+s} (s = 0..=N) feeds two adjacent outputs: its
/// low half d_s (s < N), its high half d_{s−1} (s > 0).
#[inline(always)]
pub(crate) fn mw32_sums<const N: usize>(key: &[u32], msg: &[u8]) -> [u32; N] {
    let (words, _) = msg.as_chunks::<4>();
    let t = words.len().min(key.len().saturating_sub(N));
    let words = &words[..t];
    let mut acc = [0u32; N];
    // One pass per key offset s: the products m_j·k_{j+s} (each computed
    // once) go lo → d_s, hi → d_{s−1}. Separate passes keep each inner loop
    // simple enough to vectorise.
    for s in 0..=N {
        let window = key.get(s..s + t).unwrap_or(&[]);
        let (mut lo, mut hi) = (0u32, 0u32);
        for (m, &k) in words.iter().zip(window) {
            let p = u64::from(u32::from_le_bytes(*m)) * u64::from(k);
            lo = lo.wrapping_add(p as u32);
            hi = hi.wrapping_add((p >> 32) as u32);
        }
        if s < N {
            acc[s] = acc[s].wrapping_add(lo);
        }
        if s > 0 {
            acc[s - 1] = acc[s - 1].wrapping_add(hi);
        }
    }
    acc
}

/// Outputs per pass of [`mw_sums_generic`].
const GROUP: usize = 8;

/// digestMW for any word type and any n = `out.len()` (the b = 16 and
/// b = 64 paths, and b = 32 beyond the const-generic kernels): products in
/// `u128`, sums mod 2^b. Outputs are computed in groups of up to 8; within
/// a group each product serves two adjacent outputs (Fig. 2), so a message
/// word costs g + 1 multiplications for g outputs.
pub(crate) fn mw_sums_generic<W: Word>(key: &[W], msg: &[u8], out: &mut [W]) {
    let b = W::BITS;
    let mask = if b == 64 { u64::MAX } else { (1u64 << b) - 1 };
    for (gi, outs) in out.chunks_mut(GROUP).enumerate() {
        let g = outs.len();
        let base = gi * GROUP;
        let mut acc = [0u64; GROUP];
        let window = key.get(base..).unwrap_or(&[]);
        for (m, k) in msg.chunks_exact(W::BYTES).zip(window.windows(g + 1)) {
            let m = u128::from(W::read_le(m).to_u64());
            for s in 0..=g {
                let p = m * u128::from(k[s].to_u64());
                if s < g {
                    acc[s] = acc[s].wrapping_add(p as u64);
                }
                if s > 0 {
                    acc[s - 1] = acc[s - 1].wrapping_add((p >> b) as u64);
                }
            }
        }
        for (o, a) in outs.iter_mut().zip(acc) {
            *o = W::from_u64(a & mask);
        }
    }
}
