//! AVX-512 kernels for the 32-bit families (`vpmuludq` on 512-bit vectors).
//!
//! # MMH32 (Toeplitz, n windows)
//! A 64-byte block holds 16 message words; as eight 64-bit lanes, lane i
//! holds (m_{2i}, m_{2i+1}). `vpmuludq` multiplies the low 32 bits of each
//! lane, so
//! * the even words multiply the key loaded at word offset r (window r):
//!   lane i's low half is x_{2i+r};
//! * the odd words, shifted down by 32 bits once per block, multiply the key
//!   loaded at word offset r + 1: lane i's low half is x_{2i+1+r}.
//!
//! So the key vector loaded at offset t serves window t (even words) and
//! window t − 1 (odd words): n windows need n + 1 key loads per block, each
//! reused twice ("load a key word just once and use it on several
//! messages", §3.2, here on several windows). Per block and window: two
//! multiplies and two 64-bit additions (the sums wrap mod 2^64, which is
//! Definition 5's inner `mod 2^64`); plus one shift per block.
//!
//! # NH (Toeplitz, n windows shifted by two words)
//! Per block and window: s = m + k (32-bit lanes, wrapping: the `mod 2^32`
//! additions), then `vpmuludq(s, s >> 32)` multiplies each adjacent pair,
//! and one 64-bit addition accumulates: four operations per 64 bytes.
//!
//! # RFC 4418's NH (UMAC, n windows shifted by four words)
//! Word j of a 32-byte block pairs with word j + 4. Per 128 bytes (four
//! blocks, two vectors) the message is permuted once for every window:
//! `vshufi64x2` gathers the blocks' first halves (words 0..4) into one
//! vector and their second halves into another, so that lane i of both
//! holds a pair's two words. Window r's key words for those halves are
//! contiguous runs of the (even, odd) quarter layout (one load each);
//! then s = m + k (32-bit lanes) in both vectors, `vpmuludq` of the low
//! halves and of the high halves (brought down by a shift and a dword
//! shuffle, one each, to share ports 0 and 5): eight operations per 128
//! bytes and window, plus two shuffles per 128 bytes shared by all.
//!
//! # Tails
//! The last (up to 16) words use zero-masking loads, which read no memory
//! outside the slices (masked-off lanes are not accessed and cannot fault);
//! zero message and key words add nothing to MMH's sum, and a zero pair
//! (0 + 0)(0 + 0) adds nothing to NH's.

use core::arch::x86_64::*;
use uhash_base::backend::Avx512;

use crate::backend::soft;
use uhash_base::prefetch;

/// The zero-masking load mask of the first `w` (≤ 16) 32-bit lanes.
#[inline(always)]
const fn mask16(w: usize) -> __mmask16 {
    if w >= 16 {
        u16::MAX
    } else {
        ((1u32 << w) - 1) as u16
    }
}

/// Below this many bytes (`N` windows) the Toeplitz kernels run the AVX2
/// ones of the same N (the `Avx512` set includes AVX2): under a 512-bit
/// block or two, the masked loads and the 512-bit reductions of five and
/// more windows cost more than 256-bit ones (measured 15–33% at 16 B, and
/// for eight windows 18% at 64 B); with fewer windows they do not (2 and 3
/// windows measured slower through the AVX2 kernels).
const fn short_toeplitz(n: usize) -> usize {
    match n {
        0..=4 => 0,
        5..=7 => 64,
        _ => 192,
    }
}

/// The sum of the eight 64-bit lanes of the vectors of `acc`, mod 2^64, in
/// `out[0]` of a `[u64; 8]` (the one-window kernels' result).
macro_rules! one_sum {
    ($acc:expr) => {{
        let a = $acc;
        let v = _mm512_add_epi64(_mm512_add_epi64(a[0], a[1]), _mm512_add_epi64(a[2], a[3]));
        let mut out = [0u64; 8];
        out[0] = _mm512_reduce_add_epi64(v) as u64;
        out
    }};
}

uhash_base::avx512_fn! {
    /// MMH32 sum of one window (`soft::mmh32_sums::<1>`), in `out[0]`.
    ///
    /// Four 64-byte blocks a step, each six µops on the two 512-bit ports
    /// (0 and 5): two `vpmuludq`, two additions, and the odd words of the
    /// message brought down by a shift (port 0) and those of the key by a
    /// dword shuffle (port 5). Loading the key at a one-word offset instead
    /// would split a cache line at every block (measured slower).
    ///
    /// # Safety
    /// The CPU must support the [`Avx512`] feature set.
    unsafe fn mmh32_1(key: &[u32], msg: &[u8]) -> [u64; 8] {
        let words = (msg.len() / 4).min(key.len());
        let (mp, kp) = (msg.as_ptr(), key.as_ptr());
        // Even and odd products of alternate blocks.
        let mut acc = [_mm512_setzero_si512(); 4];
        let mut i = 0usize;
        macro_rules! block {
            ($j:expr, $e:literal, $o:literal, $pf:tt) => {{
                let j = $j;
                // SAFETY: words j .. j+16 of the message and the key exist
                // (j + 16 ≤ words).
                let (m, k) = unsafe {
                    (_mm512_loadu_si512(mp.add(4 * j).cast()), _mm512_loadu_si512(kp.add(j).cast()))
                };
                prefetch!(@maybe $pf, mp, 4 * j);
                acc[$e] = _mm512_add_epi64(acc[$e], _mm512_mul_epu32(m, k));
                let (mo, ko) = (_mm512_srli_epi64::<32>(m), _mm512_shuffle_epi32::<0b1011_0001>(k));
                acc[$o] = _mm512_add_epi64(acc[$o], _mm512_mul_epu32(mo, ko));
            }};
        }
        macro_rules! steps {
            ($pf:tt) => {
                while i + 64 <= words {
                    block!(i, 0, 1, $pf);
                    block!(i + 16, 2, 3, $pf);
                    block!(i + 32, 0, 1, $pf);
                    block!(i + 48, 2, 3, $pf);
                    i += 64;
                }
            };
        }
        if msg.len() >= prefetch::MIN_BYTES {
            steps!(true);
        } else {
            steps!(false);
        }
        while i + 16 <= words {
            block!(i, 0, 1, false);
            i += 16;
        }
        let w = words - i;
        if w > 0 {
            let mask = mask16(w);
            // SAFETY: masked loads of words i..i+w of the message and the
            // key, all inside both; masked-off lanes are not read.
            let (m, k) = unsafe {
                (
                    _mm512_maskz_loadu_epi32(mask, mp.add(4 * i).cast()),
                    _mm512_maskz_loadu_epi32(mask, kp.add(i).cast()),
                )
            };
            acc[0] = _mm512_add_epi64(acc[0], _mm512_mul_epu32(m, k));
            let (mo, ko) = (_mm512_srli_epi64::<32>(m), _mm512_srli_epi64::<32>(k));
            acc[1] = _mm512_add_epi64(acc[1], _mm512_mul_epu32(mo, ko));
        }
        one_sum!(acc)
    }

    /// NH sum of one window (`soft::nh_sums::<1>`), in `out[0]`.
    ///
    /// Four 64-byte blocks a step, each four µops on ports 0 and 5: s = m + k
    /// (32-bit lanes), the pair's second word brought down by a shift (port
    /// 0) or a dword shuffle (port 5) in alternate blocks, `vpmuludq`, one
    /// addition.
    ///
    /// # Safety
    /// The CPU must support the [`Avx512`] feature set.
    unsafe fn nh_1(key: &[u32], msg: &[u8]) -> [u64; 8] {
        let words = (msg.len() / 4).min(key.len()) & !1;
        let (mp, kp) = (msg.as_ptr(), key.as_ptr());
        let mut acc = [_mm512_setzero_si512(); 4];
        let mut i = 0usize;
        macro_rules! block {
            (@hi $s:ident, false) => {
                _mm512_srli_epi64::<32>($s)
            };
            (@hi $s:ident, true) => {
                _mm512_shuffle_epi32::<0b1011_0001>($s)
            };
            ($j:expr, $a:literal, $alt:tt, $pf:tt) => {{
                let j = $j;
                // SAFETY: words j .. j+16 of the message and the key exist
                // (j + 16 ≤ words).
                let s = unsafe {
                    _mm512_add_epi32(
                        _mm512_loadu_si512(mp.add(4 * j).cast()),
                        _mm512_loadu_si512(kp.add(j).cast()),
                    )
                };
                prefetch!(@maybe $pf, mp, 4 * j);
                let hi = block!(@hi s, $alt);
                acc[$a] = _mm512_add_epi64(acc[$a], _mm512_mul_epu32(s, hi));
            }};
        }
        macro_rules! steps {
            ($pf:tt) => {
                while i + 64 <= words {
                    block!(i, 0, false, $pf);
                    block!(i + 16, 1, true, $pf);
                    block!(i + 32, 2, false, $pf);
                    block!(i + 48, 3, true, $pf);
                    i += 64;
                }
            };
        }
        if msg.len() >= prefetch::MIN_BYTES {
            steps!(true);
        } else {
            steps!(false);
        }
        while i + 16 <= words {
            block!(i, 0, false, false);
            i += 16;
        }
        let w = words - i;
        if w > 0 {
            let mask = mask16(w);
            // SAFETY: masked loads of words i..i+w of the message and the
            // key; masked-off lanes are not read (zero pairs add nothing).
            let s = unsafe {
                _mm512_add_epi32(
                    _mm512_maskz_loadu_epi32(mask, mp.add(4 * i).cast()),
                    _mm512_maskz_loadu_epi32(mask, kp.add(i).cast()),
                )
            };
            acc[1] = _mm512_add_epi64(acc[1], _mm512_mul_epu32(s, _mm512_srli_epi64::<32>(s)));
        }
        one_sum!(acc)
    }
}

macro_rules! kernels {
    ($($mmh:ident, $nh:ident = $n:literal;)+) => {
        uhash_base::avx512_fn! {
            $(
                /// MMH32 Toeplitz sums of `$n` windows (`soft::mmh32_sums`),
                /// in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $mmh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    if msg.len() < short_toeplitz(N) {
                        // SAFETY: the `Avx512` set, which the caller
                        // guarantees, includes the `Avx2` set.
                        return unsafe { crate::backend::x86_avx2::$mmh(key, msg) };
                    }
                    // Words of the message that every window's key covers.
                    let words = (msg.len() / 4).min(key.len().saturating_sub(N - 1));
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut even = [_mm512_setzero_si512(); N];
                    let mut oddp = [_mm512_setzero_si512(); N];
                    let long = msg.len() >= prefetch::MIN_BYTES;
                    let mut i = 0usize;
                    // The odd message words in the low halves: a shift (port
                    // 0) or a dword shuffle (port 5), alternating between the
                    // two blocks of an unrolled step so that both ports work.
                    macro_rules! low_odd {
                        ($v:expr, false) => {
                            _mm512_srli_epi64::<32>($v)
                        };
                        ($v:expr, true) => {
                            _mm512_shuffle_epi32::<0b1011_0001>($v)
                        };
                    }
                    // Key vectors at word offsets t = 0..N−1 (reads key
                    // words i+t .. i+t+16 ≤ words+N−1): vector t + 1 gives
                    // the odd words of window t; the last window's come
                    // from its own vector, shifted.
                    macro_rules! block {
                        ($i:expr, $alt:tt) => {{
                            let i = $i;
                            // SAFETY: message words i..i+16 exist (i+16 ≤ words).
                            let m = unsafe { _mm512_loadu_si512(mp.add(4 * i).cast()) };
                            if long {
                                prefetch!(mp, 4 * i);
                            }
                            let mo = low_odd!(m, $alt);
                            // SAFETY: key words i .. i+16 exist.
                            let mut k = unsafe { _mm512_loadu_si512(kp.add(i).cast()) };
                            for t in 0..N {
                                let k1 = if t + 1 < N {
                                    // SAFETY: key words i+t+1 .. i+t+17 exist:
                                    // i+t+17 ≤ words+N−1 for t+1 ≤ N−1.
                                    unsafe { _mm512_loadu_si512(kp.add(i + t + 1).cast()) }
                                } else {
                                    low_odd!(k, $alt)
                                };
                                even[t] = _mm512_add_epi64(even[t], _mm512_mul_epu32(m, k));
                                oddp[t] = _mm512_add_epi64(oddp[t], _mm512_mul_epu32(mo, k1));
                                k = k1;
                            }
                        }};
                    }
                    while i + 32 <= words {
                        block!(i, false);
                        block!(i + 16, true);
                        i += 32;
                    }
                    if i + 16 <= words {
                        block!(i, false);
                        i += 16;
                    }
                    // The last (up to 16) words, with masked loads.
                    let w = words - i;
                    if w > 0 {
                        let mask = mask16(w);
                        // SAFETY: masked load of words i..i+w, all inside the
                        // message; masked-off lanes are not read.
                        let m = unsafe { _mm512_maskz_loadu_epi32(mask, mp.add(4 * i).cast()) };
                        let mo = _mm512_srli_epi64::<32>(m);
                        for t in 0..N {
                            // SAFETY: masked load of key words i+t .. i+t+w,
                            // inside the key (i+w+N−1 = words+N−1 ≤ key.len()).
                            let k = unsafe { _mm512_maskz_loadu_epi32(mask, kp.add(i + t).cast()) };
                            even[t] = _mm512_add_epi64(even[t], _mm512_mul_epu32(m, k));
                            oddp[t] = _mm512_add_epi64(
                                oddp[t],
                                _mm512_mul_epu32(mo, _mm512_srli_epi64::<32>(k)),
                            );
                        }
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        out[t] = _mm512_reduce_add_epi64(_mm512_add_epi64(even[t], oddp[t])) as u64;
                    }
                    out
                }

                /// NH Toeplitz sums of `$n` windows shifted by two words
                /// (`soft::nh_sums`), in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $nh(key: &[u32], msg: &[u8]) -> [u64; 8] {
                    const N: usize = $n;
                    if msg.len() < short_toeplitz(N) {
                        // SAFETY: as in the MMH32 kernel.
                        return unsafe { crate::backend::x86_avx2::$nh(key, msg) };
                    }
                    // Whole pairs of the message that every window covers.
                    let words = (msg.len() / 4).min(key.len().saturating_sub(2 * (N - 1))) & !1;
                    let mp = msg.as_ptr();
                    let kp = key.as_ptr();
                    let mut acc = [_mm512_setzero_si512(); N];
                    let mut i = 0usize;
                    let long = msg.len() >= prefetch::MIN_BYTES;
                    // One 16-word block; the pair's second word is brought
                    // down by a shift (port 0) or a dword shuffle (port 5),
                    // alternating between the blocks of an unrolled step.
                    macro_rules! block {
                        (@hi $s:ident, false) => {
                            _mm512_srli_epi64::<32>($s)
                        };
                        (@hi $s:ident, true) => {
                            _mm512_shuffle_epi32::<0b1011_0001>($s)
                        };
                        ($i:expr, $acc:ident, $alt:tt) => {{
                            let i = $i;
                            // SAFETY: message words i..i+16 exist (i+16 ≤ words).
                            let m = unsafe { _mm512_loadu_si512(mp.add(4 * i).cast()) };
                            if long {
                                prefetch!(mp, 4 * i);
                            }
                            for t in 0..N {
                                // SAFETY: key words i+2t .. i+2t+16 exist:
                                // i+16+2t ≤ words+2(N−1) ≤ key.len().
                                let k = unsafe { _mm512_loadu_si512(kp.add(i + 2 * t).cast()) };
                                let s = _mm512_add_epi32(m, k);
                                let hi = block!(@hi s, $alt);
                                $acc[t] = _mm512_add_epi64($acc[t], _mm512_mul_epu32(s, hi));
                            }
                        }};
                    }
                    let mut acc2 = [_mm512_setzero_si512(); N];
                    while i + 32 <= words {
                        block!(i, acc, false);
                        block!(i + 16, acc2, true);
                        i += 32;
                    }
                    if i + 16 <= words {
                        block!(i, acc, false);
                        i += 16;
                    }
                    for t in 0..N {
                        acc[t] = _mm512_add_epi64(acc[t], acc2[t]);
                    }
                    let w = words - i;
                    if w > 0 {
                        let mask = mask16(w);
                        // SAFETY: masked load of message words i..i+w.
                        let m = unsafe { _mm512_maskz_loadu_epi32(mask, mp.add(4 * i).cast()) };
                        for t in 0..N {
                            // SAFETY: masked load of key words i+2t .. i+2t+w,
                            // inside the key (words+2(N−1) ≤ key.len()).
                            let k = unsafe { _mm512_maskz_loadu_epi32(mask, kp.add(i + 2 * t).cast()) };
                            let s = _mm512_add_epi32(m, k);
                            acc[t] = _mm512_add_epi64(
                                acc[t],
                                _mm512_mul_epu32(s, _mm512_srli_epi64::<32>(s)),
                            );
                        }
                    }
                    let mut out = [0u64; 8];
                    for t in 0..N {
                        out[t] = _mm512_reduce_add_epi64(acc[t]) as u64;
                    }
                    out
                }
            )+
        }
    };
}

macro_rules! umac_kernels {
    ($($name:ident = $n:literal;)+) => {
        uhash_base::avx512_fn! {
            $(
                /// RFC 4418 NH sums of `$n` windows (`soft::nh_umac_sums`)
                /// over the first 4·⌊blocks/4⌋ blocks, in `out[..$n]`.
                ///
                /// # Safety
                /// The CPU must support the [`Avx512`] feature set.
                unsafe fn $name(even: &[u32], odd: &[u32], msg: &[u8]) -> [u64; 4] {
                    const N: usize = $n;
                    // Whole blocks that every window's key covers (window
                    // r's runs hold at least 4·blocks words each), in
                    // groups of four.
                    let blocks = soft::umac_blocks(N, even.len(), odd.len(), msg.len()) / 4 * 4;
                    let mp = msg.as_ptr();
                    // Window r adds run r to the blocks' first halves and
                    // run r + 1 to their second halves.
                    let mut runs = [(core::ptr::null::<u32>(), core::ptr::null::<u32>()); N];
                    for (r, run) in runs.iter_mut().enumerate() {
                        let (f, s) = soft::umac_window(even, odd, r);
                        *run = (f.as_ptr(), s.as_ptr());
                    }
                    let mut acc = [_mm512_setzero_si512(); N];
                    // The pairs' first words (xm) and second words (ym) of
                    // two message vectors; then every window.
                    macro_rules! step {
                        ($x0:expr, $x1:expr, $key:ident) => {{
                            let (x0, x1) = ($x0, $x1);
                            let xm = _mm512_shuffle_i64x2::<0x88>(x0, x1);
                            let ym = _mm512_shuffle_i64x2::<0xdd>(x0, x1);
                            for (r, &(f, s)) in runs.iter().enumerate() {
                                let (kf, ks) = $key(f, s);
                                let xs = _mm512_add_epi32(xm, kf);
                                let ys = _mm512_add_epi32(ym, ks);
                                let lo = _mm512_mul_epu32(xs, ys);
                                let hi = _mm512_mul_epu32(
                                    _mm512_srli_epi64::<32>(xs),
                                    _mm512_shuffle_epi32::<0b1011_0001>(ys),
                                );
                                acc[r] = _mm512_add_epi64(acc[r], _mm512_add_epi64(lo, hi));
                            }
                        }};
                    }
                    let mut b = 0usize;
                    while b < blocks {
                        // SAFETY: message bytes 32b .. 32b+128 exist (b + 4 ≤ blocks).
                        let (x0, x1) = unsafe {
                            (
                                _mm512_loadu_si512(mp.add(32 * b).cast()),
                                _mm512_loadu_si512(mp.add(32 * b + 64).cast()),
                            )
                        };
                        prefetch!(mp, 32 * b);
                        let key = |f: *const u32, s: *const u32| {
                            // SAFETY: words 4b .. 4b+16 of both runs exist
                            // (each holds 4·blocks words).
                            unsafe {
                                (
                                    _mm512_loadu_si512(f.add(4 * b).cast()),
                                    _mm512_loadu_si512(s.add(4 * b).cast()),
                                )
                            }
                        };
                        step!(x0, x1, key);
                        b += 4;
                    }
                    // The N sums in one 256-bit store: the caller's loads,
                    // of any width, then forward from it (four scalar stores
                    // read back by one wider load would stall).
                    let mut half = [_mm256_setzero_si256(); 4];
                    for r in 0..N {
                        half[r] = _mm256_add_epi64(
                            _mm512_castsi512_si256(acc[r]),
                            _mm512_extracti64x4_epi64::<1>(acc[r]),
                        );
                    }
                    let mut out = [0u64; 4];
                    // SAFETY: a 32-byte store into the 32-byte `out`.
                    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), sums4!(half)) };
                    out
                }
            )+
        }
    };
}

nh_umac_chunk_kernels! {
    avx512_fn, Avx512, vector = __m512i, zero = _mm512_setzero_si512, load = _mm512_loadu_si512,
    add32 = _mm512_add_epi32, add64 = _mm512_add_epi64, blocks = 4,
    // Four blocks a step, as in the one-piece kernels (`umac_kernels!`).
    halves = |x0, x1| (
        _mm512_shuffle_i64x2::<0x88>(x0, x1),
        _mm512_shuffle_i64x2::<0xdd>(x0, x1),
    ),
    products = |xs, ys| _mm512_add_epi64(
        _mm512_mul_epu32(xs, ys),
        _mm512_mul_epu32(_mm512_srli_epi64::<32>(xs), _mm512_shuffle_epi32::<0b1011_0001>(ys)),
    ),
    to256 = |v| _mm256_add_epi64(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)),
    prefetch = prefetch,
    nh_umac_chunks_1 = 1;
    nh_umac_chunks_2 = 2;
    nh_umac_chunks_3 = 3;
    nh_umac_chunks_4 = 4;
}

umac_kernels! {
    nh_umac_1 = 1;
    nh_umac_2 = 2;
    nh_umac_3 = 3;
    nh_umac_4 = 4;
}

nh_adiantum_kernel! {
    avx512_fn, Avx512, vector = __m512i, zero = _mm512_setzero_si512, load = _mm512_loadu_si512,
    add32 = _mm512_add_epi32, add64 = _mm512_add_epi64, units = 4,
    swap = |m| _mm512_shuffle_epi32::<0b11_01_10_00>(m),
    products = |s| _mm512_mul_epu32(s, _mm512_srli_epi64::<32>(s)),
    to256 = |v| _mm256_add_epi64(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)),
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

// RFC 4418's NH: the last 0..3 blocks by the AVX2 kernels, which the
// `Avx512` set (avx2 among its features) can run — no masks, no 512-bit
// reduction for short input.
table_kernels32!(
    Avx512,
    umac_tail = crate::backend::x86_avx2,
    umac_chunks = [
        nh_umac_chunks_1,
        nh_umac_chunks_2,
        nh_umac_chunks_3,
        nh_umac_chunks_4
    ]
);
