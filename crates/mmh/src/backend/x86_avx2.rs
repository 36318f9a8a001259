//! AVX2 kernels for the 32-bit families (`vpmuludq` on 256-bit vectors).
//!
//! The same schemes as the AVX-512 kernels (see `x86::avx512`), on blocks
//! of 8 words (32 bytes): MMH32 windows share key loads (the vector loaded
//! at word offset t serves the even words of window t and the odd words of
//! window t − 1), NH adds message and key in 32-bit lanes and multiplies
//! each lane's two halves; RFC 4418's NH gathers the first and second
//! halves of two blocks into two vectors with `vperm2i128` (once for every
//! window) and multiplies lane by lane. Tails use `vpmaskmovd` loads, which
//! read no memory outside the slices (masked-off lanes are not accessed and
//! cannot fault), or 128-bit loads of one whole block.

use core::arch::x86_64::*;
use uhash_base::backend::Avx2;

use crate::backend::soft;
use uhash_base::prefetch;

/// The `vpmaskmovd` mask of the first `w` (≤ 8) 32-bit lanes (expanded
/// inside the kernels, so that it is compiled with their features).
macro_rules! mask8 {
    ($w:expr) => {
        _mm256_cmpgt_epi32(
            _mm256_set1_epi32($w as i32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        )
    };
}

/// The sum of the four 64-bit lanes of a vector, mod 2^64.
macro_rules! hsum {
    ($v:expr) => {{
        let v = $v;
        (_mm256_extract_epi64::<0>(v) as u64)
            .wrapping_add(_mm256_extract_epi64::<1>(v) as u64)
            .wrapping_add(_mm256_extract_epi64::<2>(v) as u64)
            .wrapping_add(_mm256_extract_epi64::<3>(v) as u64)
    }};
}

/// The sum of the four 64-bit lanes of the vectors of `acc`, mod 2^64, in
/// `out[0]` of a `[u64; 8]` (the one-window kernels' result).
macro_rules! one_sum {
    ($acc:expr) => {{
        let a = $acc;
        let mut out = [0u64; 8];
        out[0] = hsum!(_mm256_add_epi64(
            _mm256_add_epi64(a[0], a[1]),
            _mm256_add_epi64(a[2], a[3])
        ));
        out
    }};
}

uhash_base::avx2_fn! {
    /// MMH32 sum of one window (`soft::mmh32_sums::<1>`), in `out[0]`.
    ///
    /// Four 32-byte blocks a step, each five vector µops on ports 0, 1
    /// and 5: two `vpmuludq` (ports 0, 1), two additions, and the odd
    /// message words brought down by a dword shuffle (ports 1, 5) or a
    /// shift (ports 0, 1) in alternate blocks (all shuffles or all shifts
    /// measured 5% slower: the port choice crowds one side); the odd key
    /// words are the low halves of the key loaded one word further (a
    /// load, no µop on those ports).
    ///
    /// # Safety
    /// The CPU must support the [`Avx2`] feature set.
    unsafe fn mmh32_1(key: &[u32], msg: &[u8]) -> [u64; 8] {
        let words = (msg.len() / 4).min(key.len());
        let (mp, kp) = (msg.as_ptr(), key.as_ptr());
        // Even and odd products of alternate blocks.
        let mut acc = [_mm256_setzero_si256(); 4];
        let mut i = 0usize;
        macro_rules! block {
            (@lo $m:ident, false) => {
                _mm256_shuffle_epi32::<0b1011_0001>($m)
            };
            (@lo $m:ident, true) => {
                _mm256_srli_epi64::<32>($m)
            };
            ($j:expr, $e:literal, $o:literal, $alt:tt) => {{
                let j = $j;
                // SAFETY: message words j .. j+8 and key words j .. j+9
                // exist (the loops keep j + 9 ≤ words ≤ key.len()).
                let (m, k, k1) = unsafe {
                    (
                        _mm256_loadu_si256(mp.add(4 * j).cast()),
                        _mm256_loadu_si256(kp.add(j).cast()),
                        _mm256_loadu_si256(kp.add(j + 1).cast()),
                    )
                };
                acc[$e] = _mm256_add_epi64(acc[$e], _mm256_mul_epu32(m, k));
                let mo = block!(@lo m, $alt);
                acc[$o] = _mm256_add_epi64(acc[$o], _mm256_mul_epu32(mo, k1));
            }};
        }
        while i + 33 <= words {
            block!(i, 0, 1, false);
            block!(i + 8, 2, 3, true);
            block!(i + 16, 0, 1, false);
            block!(i + 24, 2, 3, true);
            i += 32;
        }
        while i + 9 <= words {
            block!(i, 0, 1, false);
            i += 8;
        }
        let w = words - i;
        if w > 0 {
            let mask = mask8!(w);
            // SAFETY: masked loads of words i..i+w of the message and the
            // key, inside both; masked-off lanes are not read.
            let (m, k) = unsafe {
                (
                    _mm256_maskload_epi32(mp.add(4 * i).cast(), mask),
                    _mm256_maskload_epi32(kp.add(i).cast(), mask),
                )
            };
            acc[0] = _mm256_add_epi64(acc[0], _mm256_mul_epu32(m, k));
            let (mo, ko) = (_mm256_srli_epi64::<32>(m), _mm256_srli_epi64::<32>(k));
            acc[1] = _mm256_add_epi64(acc[1], _mm256_mul_epu32(mo, ko));
        }
        one_sum!(acc)
    }

    /// NH sum of one window (`soft::nh_sums::<1>`), in `out[0]`.
    ///
    /// Four 32-byte blocks a step, each four vector µops: s = m + k (32-bit
    /// lanes), the pair's second word brought down by a dword shuffle
    /// (ports 1, 5) in three blocks and a shift (ports 0, 1) in the fourth
    /// (measured 8% faster than shuffles only), `vpmuludq` (ports 0, 1),
    /// one addition.
    ///
    /// # Safety
    /// The CPU must support the [`Avx2`] feature set.
    unsafe fn nh_1(key: &[u32], msg: &[u8]) -> [u64; 8] {
        let words = (msg.len() / 4).min(key.len()) & !1;
        let (mp, kp) = (msg.as_ptr(), key.as_ptr());
        let mut acc = [_mm256_setzero_si256(); 4];
        let mut i = 0usize;
        macro_rules! block {
            (@hi $s:ident, false) => {
                _mm256_shuffle_epi32::<0b1011_0001>($s)
            };
            (@hi $s:ident, true) => {
                _mm256_srli_epi64::<32>($s)
            };
            ($j:expr, $a:literal, $alt:tt) => {{
                let j = $j;
                // SAFETY: words j .. j+8 of the message and the key exist
                // (j + 8 ≤ words).
                let s = unsafe {
                    _mm256_add_epi32(
                        _mm256_loadu_si256(mp.add(4 * j).cast()),
                        _mm256_loadu_si256(kp.add(j).cast()),
                    )
                };
                let hi = block!(@hi s, $alt);
                acc[$a] = _mm256_add_epi64(acc[$a], _mm256_mul_epu32(s, hi));
            }};
        }
        while i + 32 <= words {
            block!(i, 0, true);
            block!(i + 8, 1, false);
            block!(i + 16, 2, false);
            block!(i + 24, 3, false);
            i += 32;
        }
        while i + 8 <= words {
            block!(i, 0, false);
            i += 8;
        }
        let w = words - i;
        if w > 0 {
            let mask = mask8!(w);
            // SAFETY: masked loads of words i..i+w of the message and the
            // key; masked-off lanes are not read (zero pairs add nothing).
            let s = unsafe {
                _mm256_add_epi32(
                    _mm256_maskload_epi32(mp.add(4 * i).cast(), mask),
                    _mm256_maskload_epi32(kp.add(i).cast(), mask),
                )
            };
            acc[1] = _mm256_add_epi64(acc[1], _mm256_mul_epu32(s, _mm256_srli_epi64::<32>(s)));
        }
        one_sum!(acc)
    }
}

macro_rules! kernels {
    ($($mmh:ident, $nh:ident = $n:literal;)+) => {
        uhash_base::avx2_fn! {
            $(
                /// MMH32 Toeplitz sums of `$n` windows (`soft::mmh32_sums`),
                /// in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                pub(super) unsafe fn $mmh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    // Words of the message that every window's key covers.
                    let words = (msg.len() / 4).min(key.len().saturating_sub(N - 1));
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut even = [_mm256_setzero_si256(); N];
                    let mut odd = [_mm256_setzero_si256(); N];
                    let mut i = 0usize;
                    let long = msg.len() >= prefetch::MIN_BYTES;
                    // 8 words per step while a 9th exists, so that the key
                    // load at offset N (odd words of window N−1) stays inside
                    // the key: it reads words i+N .. i+N+8 ≤ words+N−1.
                    while i + 9 <= words {
                        // SAFETY: message words i..i+8 exist (i+8 < words).
                        let m = unsafe { _mm256_loadu_si256(mp.add(4 * i).cast()) };
                        // One line in two steps (`i` counts words).
                        if long && i % 16 == 0 {
                            prefetch!(mp, 4 * i);
                        }
                        let mo = _mm256_srli_epi64::<32>(m);
                        // SAFETY: key words i..i+8 exist (i+8 < words ≤ key.len()).
                        let mut k = unsafe { _mm256_loadu_si256(kp.add(i).cast()) };
                        for t in 0..N {
                            // SAFETY: key words i+t+1 .. i+t+9 exist:
                            // i+t+9 ≤ words+N−1 ≤ key.len() for t ≤ N−1.
                            let k1 = unsafe { _mm256_loadu_si256(kp.add(i + t + 1).cast()) };
                            even[t] = _mm256_add_epi64(even[t], _mm256_mul_epu32(m, k));
                            odd[t] = _mm256_add_epi64(odd[t], _mm256_mul_epu32(mo, k1));
                            k = k1;
                        }
                        i += 8;
                    }
                    let w = words - i;
                    if w > 0 {
                        let mask = mask8!(w);
                        // SAFETY: masked load of words i..i+w, all inside the
                        // message; masked-off lanes are not read.
                        let m = unsafe { _mm256_maskload_epi32(mp.add(4 * i).cast(), mask) };
                        let mo = _mm256_srli_epi64::<32>(m);
                        for t in 0..N {
                            // SAFETY: masked load of key words i+t .. i+t+w,
                            // inside the key (i+w+N−1 = words+N−1 ≤ key.len()).
                            let k = unsafe { _mm256_maskload_epi32(kp.add(i + t).cast(), mask) };
                            even[t] = _mm256_add_epi64(even[t], _mm256_mul_epu32(m, k));
                            odd[t] = _mm256_add_epi64(
                                odd[t],
                                _mm256_mul_epu32(mo, _mm256_srli_epi64::<32>(k)),
                            );
                        }
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        out[t] = hsum!(_mm256_add_epi64(even[t], odd[t]));
                    }
                    out
                }

                /// NH Toeplitz sums of `$n` windows shifted by two words
                /// (`soft::nh_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                pub(super) unsafe fn $nh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    // Whole pairs of the message that every window covers.
                    let words = (msg.len() / 4).min(key.len().saturating_sub(2 * (N - 1))) & !1;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut acc = [_mm256_setzero_si256(); N];
                    let mut i = 0usize;
                    let long = msg.len() >= prefetch::MIN_BYTES;
                    while i + 8 <= words {
                        // SAFETY: message words i..i+8 exist.
                        let m = unsafe { _mm256_loadu_si256(mp.add(4 * i).cast()) };
                        // One line in two steps (`i` counts words).
                        if long && i % 16 == 0 {
                            prefetch!(mp, 4 * i);
                        }
                        for t in 0..N {
                            // SAFETY: key words i+2t .. i+2t+8 exist:
                            // i+8+2t ≤ words+2(N−1) ≤ key.len().
                            let k = unsafe { _mm256_loadu_si256(kp.add(i + 2 * t).cast()) };
                            let s = _mm256_add_epi32(m, k);
                            acc[t] = _mm256_add_epi64(
                                acc[t],
                                _mm256_mul_epu32(s, _mm256_srli_epi64::<32>(s)),
                            );
                        }
                        i += 8;
                    }
                    let w = words - i;
                    if w > 0 {
                        let mask = mask8!(w);
                        // SAFETY: masked load of message words i..i+w.
                        let m = unsafe { _mm256_maskload_epi32(mp.add(4 * i).cast(), mask) };
                        for t in 0..N {
                            // SAFETY: masked load of key words i+2t .. i+2t+w,
                            // inside the key (words+2(N−1) ≤ key.len()).
                            let k = unsafe { _mm256_maskload_epi32(kp.add(i + 2 * t).cast(), mask) };
                            let s = _mm256_add_epi32(m, k);
                            acc[t] = _mm256_add_epi64(
                                acc[t],
                                _mm256_mul_epu32(s, _mm256_srli_epi64::<32>(s)),
                            );
                        }
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        out[t] = hsum!(acc[t]);
                    }
                    out
                }
            )+
        }
    };
}

macro_rules! umac_kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_base::avx2_fn! {
            $(
                /// RFC 4418 NH sums of `$n` windows (`soft::nh_umac_sums`),
                /// in `out[..$n]` (also the AVX-512 kernels' tails).
                ///
                /// # Safety
                /// The CPU must support the [`Avx2`] feature set.
                pub(super) unsafe fn $name(even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; 4] {
                    const N: usize = $n;
                    // Whole blocks that every window's key covers: window
                    // r's runs (f, s) hold at least 4·blocks words each.
                    let blocks = soft::umac_blocks(N, even.len(), odd.len(), msg.len());
                    let mp = msg.as_ptr();
                    // Window r adds run r to the blocks' first halves and
                    // run r + 1 to their second halves.
                    let mut runs = [(core::ptr::null::<u32>(), core::ptr::null::<u32>()); N];
                    for (r, run) in runs.iter_mut().enumerate() {
                        let (f, s) = soft::umac_window(even, odd, r);
                        *run = (f.as_ptr(), s.as_ptr());
                    }
                    let mut acc = [_mm256_setzero_si256(); N];
                    let mut b = 0usize;
                    while b + 2 <= blocks {
                        // SAFETY: message bytes 32b .. 32b+64 exist (b + 2 ≤ blocks).
                        let (x0, x1) = unsafe {
                            (
                                _mm256_loadu_si256(mp.add(32 * b).cast()),
                                _mm256_loadu_si256(mp.add(32 * b + 32).cast()),
                            )
                        };
                        // First halves (words 0..4) of both blocks, and
                        // second halves: lane i of each holds a pair.
                        let xm = _mm256_permute2x128_si256::<0x20>(x0, x1);
                        let ym = _mm256_permute2x128_si256::<0x31>(x0, x1);
                        for (r, &(f, s)) in runs.iter().enumerate() {
                            // SAFETY: words 4b .. 4b+8 of both runs exist
                            // (each holds 4·blocks words).
                            let (kf, ks) = unsafe {
                                (
                                    _mm256_loadu_si256(f.add(4 * b).cast()),
                                    _mm256_loadu_si256(s.add(4 * b).cast()),
                                )
                            };
                            let xs = _mm256_add_epi32(xm, kf);
                            let ys = _mm256_add_epi32(ym, ks);
                            let lo = _mm256_mul_epu32(xs, ys);
                            let hi = _mm256_mul_epu32(
                                _mm256_srli_epi64::<32>(xs),
                                _mm256_srli_epi64::<32>(ys),
                            );
                            acc[r] = _mm256_add_epi64(acc[r], _mm256_add_epi64(lo, hi));
                        }
                        b += 2;
                    }
                    if b < blocks {
                        // The last block alone, in 128-bit halves.
                        // SAFETY: message bytes 32b .. 32b+32 exist.
                        let (xm, ym) = unsafe {
                            (
                                _mm_loadu_si128(mp.add(32 * b).cast()),
                                _mm_loadu_si128(mp.add(32 * b + 16).cast()),
                            )
                        };
                        for (r, &(f, s)) in runs.iter().enumerate() {
                            // SAFETY: words 4b .. 4b+4 of both runs exist.
                            let (kf, ks) = unsafe {
                                (_mm_loadu_si128(f.add(4 * b).cast()), _mm_loadu_si128(s.add(4 * b).cast()))
                            };
                            let xs = _mm_add_epi32(xm, kf);
                            let ys = _mm_add_epi32(ym, ks);
                            let v = _mm_add_epi64(
                                _mm_mul_epu32(xs, ys),
                                _mm_mul_epu32(_mm_srli_epi64::<32>(xs), _mm_srli_epi64::<32>(ys)),
                            );
                            acc[r] = _mm256_add_epi64(acc[r], _mm256_set_m128i(_mm_setzero_si128(), v));
                        }
                    }
                    // The N sums in one 256-bit store: the caller's loads,
                    // of any width, then forward from it.
                    let mut all = [_mm256_setzero_si256(); 4];
                    all[..N].copy_from_slice(&acc);
                    let sums = sums4!(all);
                    let mut out = [0u64; 4];
                    // SAFETY: a 32-byte store into the 32-byte `out`.
                    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), sums) };
                    out
                }
            )+
        }
    };
}

umac_kernels! {
    nh_umac_1 = 1;
    nh_umac_2 = 2;
    nh_umac_3 = 3;
    nh_umac_4 = 4;
}

nh_umac_chunk_kernels! {
    avx2_fn, Avx2, vector = __m256i, zero = _mm256_setzero_si256, load = _mm256_loadu_si256,
    add32 = _mm256_add_epi32, add64 = _mm256_add_epi64, blocks = 2,
    // Two blocks a step, as in the one-piece kernels (`umac_kernels!`).
    halves = |x0, x1| (
        _mm256_permute2x128_si256::<0x20>(x0, x1),
        _mm256_permute2x128_si256::<0x31>(x0, x1),
    ),
    products = |xs, ys| _mm256_add_epi64(
        _mm256_mul_epu32(xs, ys),
        _mm256_mul_epu32(_mm256_srli_epi64::<32>(xs), _mm256_srli_epi64::<32>(ys)),
    ),
    to256 = |v| v,
    prefetch = no_prefetch,
    nh_umac_chunks_1 = 1;
    nh_umac_chunks_2 = 2;
    nh_umac_chunks_3 = 3;
    nh_umac_chunks_4 = 4;
}

nh_adiantum_kernel! {
    avx2_fn, Avx2, vector = __m256i, zero = _mm256_setzero_si256, load = _mm256_loadu_si256,
    add32 = _mm256_add_epi32, add64 = _mm256_add_epi64, units = 2,
    swap = |m| _mm256_shuffle_epi32::<0b11_01_10_00>(m),
    products = |s| _mm256_mul_epu32(s, _mm256_srli_epi64::<32>(s)),
    to256 = |v| v,
    nh_adiantum
}

kernels! {
    mmh32_2, nh_2 = 2;
    mmh32_3, nh_3 = 3;
    mmh32_4, nh_4 = 4;
    mmh32_5, nh_5 = 5;
    mmh32_6, nh_6 = 6;
    mmh32_7, nh_7 = 7;
    mmh32_8, nh_8 = 8;
}

table_kernels32!(
    Avx2,
    umac_chunks = [
        nh_umac_chunks_1,
        nh_umac_chunks_2,
        nh_umac_chunks_3,
        nh_umac_chunks_4
    ]
);
