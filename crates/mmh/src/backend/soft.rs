//! The portable kernels: plain Rust, `no_std`, no `unsafe`, the same results
//! on every target (words are read little-endian with `from_le_bytes`, so
//! big-endian targets agree).
//!
//! Each kernel returns the *sums* of its definition before any reduction;
//! the paper functions apply the final `mod p` and `mod 2^b` steps, which
//! are shared by every backend. These bodies are the default methods of
//! [`crate::kernels::Kernels32`] and [`crate::kernels::Kernels64`]; the
//! portable backend is those defaults (its `impl`s are in `kernels.rs`, so
//! that this file needs nothing from there: a leaf that the trait and every
//! backend call).
//!
//! Memory safety never depends on the caller: every kernel only reads the
//! words that both the message and the key hold (the callers check the
//! lengths and report errors before calling).

/// Σ_j m_j·key[j + r] mod 2^64 for r = 0..N: the MMH32 inner products of the
/// N Toeplitz windows (window r is the key shifted by r words).
#[inline]
pub(crate) fn mmh32_sums<const N: usize>(key: &[u32], msg: &[u8]) -> [u64; N] {
    let (words, _) = msg.as_chunks::<4>();
    let mut out = [0u64; N];
    for (r, o) in out.iter_mut().enumerate() {
        let window = key.get(r..).unwrap_or(&[]);
        *o = words.iter().zip(window).fold(0u64, |s, (m, &x)| {
            s.wrapping_add(u64::from(u32::from_le_bytes(*m)) * u64::from(x))
        });
    }
    out
}

/// Σ_i (m_{2i} + k_{2i+2r} mod 2^32)·(m_{2i+1} + k_{2i+1+2r} mod 2^32)
/// mod 2^64 for r = 0..N: NH over adjacent word pairs, the key shifted by
/// two words per window. NMH32's inner sum is the r = 0 value.
#[inline]
pub(crate) fn nh_sums<const N: usize>(key: &[u32], msg: &[u8]) -> [u64; N] {
    let (pairs, _) = msg.as_chunks::<8>();
    let mut out = [0u64; N];
    for (r, o) in out.iter_mut().enumerate() {
        let window = key.get(2 * r..).unwrap_or(&[]);
        let (kpairs, _) = window.as_chunks::<2>();
        *o = pairs.iter().zip(kpairs).fold(0u64, |s, (m, k)| {
            let a = u32::from_le_bytes([m[0], m[1], m[2], m[3]]).wrapping_add(k[0]);
            let b = u32::from_le_bytes([m[4], m[5], m[6], m[7]]).wrapping_add(k[1]);
            s.wrapping_add(u64::from(a) * u64::from(b))
        });
    }
    out
}

/// The whole 32-byte blocks that [`nh_umac_sums`] sums for N windows: those
/// of `msg` that every window's key covers (key `even`/`odd` of the given
/// lengths in words; window N − 1 reads `even` up to quarter
/// blocks + ⌊N/2⌋ and `odd` up to quarter blocks + ⌊(N−1)/2⌋).
#[inline(always)]
pub(crate) const fn umac_blocks(n: usize, even: usize, odd: usize, msg: usize) -> usize {
    let e = (even / 4).saturating_sub(n / 2);
    let o = (odd / 4).saturating_sub(n.saturating_sub(1) / 2);
    let m = msg / 32;
    let b = if e < o { e } else { o };
    if b < m { b } else { m }
}

/// Run t of the (even, odd) quarter layout: the key words added to block b
/// at quarter 2b + t of the natural key (run t's block b is words
/// 4b..4b+4), i.e. `even` from word 2t (t even) or `odd` from word 2(t − 1)
/// (t odd). Window r adds run r to the first half of each block and run
/// r + 1 to the second. Empty when the layout is too short.
#[inline(always)]
pub(crate) fn umac_run<'k>(even: &'k [u32], odd: &'k [u32], t: usize) -> &'k [u32] {
    let run = if t.is_multiple_of(2) {
        even.get(2 * t..)
    } else {
        odd.get(2 * (t - 1)..)
    };
    run.unwrap_or(&[])
}

/// Window r's two runs (see [`umac_run`]): the words added to the first and
/// to the second half of each 32-byte block.
#[inline(always)]
pub(crate) fn umac_window<'k>(even: &'k [u32], odd: &'k [u32], r: usize) -> (&'k [u32], &'k [u32]) {
    (umac_run(even, odd, r), umac_run(even, odd, r + 1))
}

/// Bytes of an RFC 4418 chunk (`Kernels32::nh_umac_chunk_sums`).
pub(crate) const UMAC_CHUNK: usize = 1024;

/// `Kernels32::nh_umac_chunk_sums` from a one-chunk kernel `sums` (a
/// backend's `nh_umac_sums`), one chunk at a time: `out[c] = sums(chunk
/// c)` for each whole chunk of `msg` that `out` has room for (the trait's
/// default, and the fallback of the chunk kernels).
#[inline(always)]
pub(crate) fn nh_umac_each_chunk<const N: usize>(
    msg: &[u8],
    out: &mut [[u64; N]],
    mut sums: impl FnMut(&[u8]) -> [u64; N],
) {
    for (o, chunk) in out.iter_mut().zip(msg.as_chunks::<UMAC_CHUNK>().0) {
        *o = sums(chunk);
    }
}

/// RFC 4418's NH for windows r = 0..N over the whole 32-byte blocks of
/// `msg` (see `Kernels32::nh_umac_sums`): Σ_b Σ_{j<4} (m_{8b+j} + f_{4b+j}
/// mod 2^32)·(m_{8b+4+j} + s_{4b+j} mod 2^32) mod 2^64 with (f, s) window
/// r's key words ([`umac_window`]).
#[inline]
pub(crate) fn nh_umac_sums<const N: usize>(even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; N] {
    let blocks = umac_blocks(N, even.len(), odd.len(), msg.len());
    let (msg, _) = msg[..32 * blocks].as_chunks::<32>();
    let mut out = [0u64; N];
    for (r, o) in out.iter_mut().enumerate() {
        let (first, second) = umac_window(even, odd, r);
        let (first, _) = first.as_chunks::<4>();
        let (second, _) = second.as_chunks::<4>();
        *o = msg
            .iter()
            .zip(first.iter().zip(second))
            .fold(0u64, |mut s, (m, (f, k))| {
                for j in 0..4 {
                    let a =
                        u32::from_le_bytes([m[4 * j], m[4 * j + 1], m[4 * j + 2], m[4 * j + 3]]);
                    let b = u32::from_le_bytes([
                        m[16 + 4 * j],
                        m[17 + 4 * j],
                        m[18 + 4 * j],
                        m[19 + 4 * j],
                    ]);
                    let a = a.wrapping_add(f[j]);
                    let b = b.wrapping_add(k[j]);
                    s = s.wrapping_add(u64::from(a) * u64::from(b));
                }
                s
            });
    }
    out
}

/// The 16-byte units that `Kernels32::nh_adiantum_sums` sums: those of a
/// message of `msg` bytes that a key of `key` words covers in all four
/// passes (pass p reads the key p units further).
#[inline(always)]
pub(crate) const fn adiantum_units(key: usize, msg: usize) -> usize {
    let k = (key / 4).saturating_sub(3);
    let m = msg / 16;
    if k < m { k } else { m }
}

/// Adiantum's NH (`Kernels32::nh_adiantum_sums`) over the whole units of
/// `msg` that the key covers: for pass p = 0..4, Σ_u (m_{4u} + k_{4u+4p})·
/// (m_{4u+2} + k_{4u+2+4p}) + (m_{4u+1} + k_{4u+1+4p})·(m_{4u+3} +
/// k_{4u+3+4p}) mod 2^64 (additions mod 2^32), the key in the paired
/// layout (each unit's words stored k₀, k₂, k₁, k₃).
#[inline]
pub(crate) fn nh_adiantum_sums(key: &[u32], msg: &[u8]) -> [u64; 4] {
    let units = adiantum_units(key.len(), msg.len());
    let (msg, _) = msg[..16 * units].as_chunks::<16>();
    let (kq, _) = key.as_chunks::<4>();
    let mut out = [0u64; 4];
    for (p, o) in out.iter_mut().enumerate() {
        let window = kq.get(p..).unwrap_or(&[]);
        *o = msg.iter().zip(window).fold(0u64, |s, (m, k)| {
            let w =
                |j: usize| u32::from_le_bytes([m[4 * j], m[4 * j + 1], m[4 * j + 2], m[4 * j + 3]]);
            let (a, b) = (w(0).wrapping_add(k[0]), w(2).wrapping_add(k[1]));
            let (c, d) = (w(1).wrapping_add(k[2]), w(3).wrapping_add(k[3]));
            s.wrapping_add(u64::from(a) * u64::from(b))
                .wrapping_add(u64::from(c) * u64::from(d))
        });
    }
    out
}

/// Adds to `out` the [`nh_adiantum_sums`] of units `from..units` (the
/// last units that fill no vector of a SIMD kernel).
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_endian = "little")
))]
#[inline(always)]
pub(crate) fn nh_adiantum_tail(
    key: &[u32],
    msg: &[u8],
    from: usize,
    units: usize,
    out: &mut [u64; 4],
) {
    if from < units {
        let tail = nh_adiantum_sums(&key[4 * from..], &msg[16 * from..16 * units]);
        for (o, t) in out.iter_mut().zip(tail) {
            *o = o.wrapping_add(t);
        }
    }
}

/// Σ_j m_j·x_j mod 2^128 over 64-bit little-endian words: the MMH64 inner
/// product. Four accumulators keep four add/carry chains in flight. Always
/// inlined, so that the `mulx` backend compiles this same body with
/// BMI2/ADX enabled.
#[inline(always)]
pub(crate) fn mmh64_sum(key: &[u64], msg: &[u8]) -> u128 {
    let (words, _) = msg.as_chunks::<8>();
    let n = words.len().min(key.len());
    let (w4, _) = words[..n].as_chunks::<4>();
    let (k4, _) = key[..n].as_chunks::<4>();
    let mut acc = [0u128; 4];
    for (m, x) in w4.iter().zip(k4) {
        for j in 0..4 {
            acc[j] = acc[j].wrapping_add(u128::from(u64::from_le_bytes(m[j])) * u128::from(x[j]));
        }
    }
    for (m, &x) in words[4 * w4.len()..n].iter().zip(&key[4 * w4.len()..n]) {
        acc[0] = acc[0].wrapping_add(u128::from(u64::from_le_bytes(*m)) * u128::from(x));
    }
    acc[0]
        .wrapping_add(acc[1])
        .wrapping_add(acc[2])
        .wrapping_add(acc[3])
}
