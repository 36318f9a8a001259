//! The x86-64 SIMD bodies of RFC 4418's NH that AVX2 (`x86_avx2.rs`,
//! 256-bit vectors) and AVX-512 (`x86_avx512.rs`, 512-bit vectors) share,
//! written once as macros that each ISA's file instantiates with its
//! vector operations (expanded inside that file's `*_fn!` wrappers, so
//! compiled with its features; a generic over the vector type could not
//! carry them):
//!
//! * `nh_umac_chunk_kernels!`: `Kernels32::nh_umac_chunk_sums`, many
//!   whole 1024-byte chunks per call under one key, the key runs' pointers
//!   kept across chunks. Per step, S 32-byte blocks (two vectors: S = 2 for
//!   AVX2, 4 for AVX-512): the ISA's `halves` gathers the blocks' first
//!   halves (words 0..4) into one vector and their second halves into
//!   another, once for every window, so that lane i of both holds a pair's
//!   two words; window r's key words for those halves are contiguous runs
//!   of the (even, odd) quarter layout (one load each); then s = m + k
//!   (32-bit lanes) in both and `products` multiplies each 64-bit lane's
//!   low halves and high halves, added into the window's accumulator.
//! * `nh_adiantum_kernel!`: `Kernels32::nh_adiantum_sums`, Adiantum's
//!   NH. Per step, U 16-byte units (one vector: U = 2 for AVX2, 4 for
//!   AVX-512): the message vector's units permuted once (words 0, 2, 1, 3,
//!   one `vpshufd`) for all four passes; pass p adds the key loaded p
//!   units further (the paired layout, permuted the same way at key
//!   set-up), so that each 64-bit lane holds one pair, and `vpmuludq`
//!   multiplies the lane's low half by its high half (brought down by a
//!   shift). The last units that fill no vector run the portable code.
//! * `sums4!`: four vectors of four 64-bit lanes to their four sums in
//!   one vector, stored at once (the callers' loads, of any width, then
//!   forward from it).

/// Reads the message ahead of byte `at` (`uhash_base::prefetch::near`, into
/// L2 and L1: the hardware prefetcher alone left the AVX-512 kernels about
/// 20 % behind a plain read at 64 MiB); `@maybe true/false` does or does
/// nothing.
/// The kernels call it once per 64 bytes of a message of at least
/// `uhash_base::prefetch::MIN_BYTES` (the long-message kernels' 16 KiB
/// chunks stream from memory; a shorter message is taken to be in cache).
macro_rules! prefetch {
    ($p:expr, $at:expr) => {
        uhash_base::prefetch::near($p.wrapping_add($at))
    };
    (@maybe true, $p:expr, $at:expr) => {
        prefetch!($p, $at)
    };
    (@maybe false, $p:expr, $at:expr) => {};
}

/// [s₀, s₁, s₂, s₃]: the sums of the four 64-bit lanes of each of the four
/// `__m256i` of `$a`, as one `__m256i` (AVX2 instructions).
macro_rules! sums4 {
    ($a:expr) => {{
        let a: [__m256i; 4] = $a;
        let u01 = _mm256_add_epi64(
            _mm256_unpacklo_epi64(a[0], a[1]),
            _mm256_unpackhi_epi64(a[0], a[1]),
        );
        let u23 = _mm256_add_epi64(
            _mm256_unpacklo_epi64(a[2], a[3]),
            _mm256_unpackhi_epi64(a[2], a[3]),
        );
        _mm256_add_epi64(
            _mm256_permute2x128_si256::<0x20>(u01, u23),
            _mm256_permute2x128_si256::<0x31>(u01, u23),
        )
    }};
}

/// No prefetch (`nh_umac_chunk_kernels!`'s `prefetch` for an ISA without
/// one).
macro_rules! no_prefetch {
    ($p:expr, $at:expr) => {};
}

/// `unsafe fn $name(even: &[u32], odd: &[u32], msg: &[u8], out: &mut
/// [u64])` for each `$name = $n`: RFC 4418 NH sums of `$n` windows of each
/// whole 1024-byte chunk of `msg`, every chunk under the same key (as
/// `Kernels32::nh_umac_chunk_sums`), chunk c's in `out[$n·c..$n·c + $n]`.
/// Chunks beyond `out.len()/$n` are not read; nothing is written when the
/// key does not cover a chunk (the caller checks it).
///
/// The ISA's part: its `*_fn!` wrapper and witness, its vector type and
/// operations, `blocks` = S 32-byte blocks per step (two vectors of 16·S
/// bytes), `halves` (the first and second halves of those blocks),
/// `products` (per 64-bit lane, lo(x)·lo(y) + hi(x)·hi(y) mod 2^64),
/// `to256` (a vector to a `__m256i` with the same lane sum), and a
/// `prefetch!`-like macro called with the chunk pointer and the byte offset
/// of each step (`no_prefetch!` for none).
macro_rules! nh_umac_chunk_kernels {
    (
        $fn_macro:ident, $wit:ident, vector = $v:ty, zero = $zero:ident, load = $load:ident,
        add32 = $add32:ident, add64 = $add64:ident, blocks = $step:literal,
        halves = |$x0:ident, $x1:ident| $halves:expr,
        products = |$xs:ident, $ys:ident| $products:expr,
        to256 = |$acc:ident| $to256:expr,
        prefetch = $prefetch:ident,
        $($name:ident = $n:literal;)+
    ) => {
        uhash_base::$fn_macro! {
            $(
                #[doc = concat!(
                    "RFC 4418 NH sums of ", stringify!($n), " windows of each whole chunk ",
                    "(`nh_umac_chunk_kernels!` in `x86_simd.rs`).\n\n# Safety\n",
                    "The CPU must support the [`", stringify!($wit), "`] feature set."
                )]
                unsafe fn $name(even: &[u32], odd: &[u32], msg: &[u8], out: &mut [u64]) {
                    const N: usize = $n;
                    const CHUNK: usize = crate::backend::soft::UMAC_CHUNK;
                    if crate::backend::soft::umac_blocks(N, even.len(), odd.len(), CHUNK)
                        != CHUNK / 32
                    {
                        return;
                    }
                    let (out, _) = out.as_chunks_mut::<N>();
                    // Window r adds run r to the blocks' first halves and
                    // run r + 1 to their second halves.
                    let mut runs = [(core::ptr::null::<u32>(), core::ptr::null::<u32>()); N];
                    for (r, run) in runs.iter_mut().enumerate() {
                        let (f, s) = crate::backend::soft::umac_window(even, odd, r);
                        *run = (f.as_ptr(), s.as_ptr());
                    }
                    for (chunk, out) in msg.as_chunks::<CHUNK>().0.iter().zip(out) {
                        let mp = chunk.as_ptr();
                        let mut acc: [$v; N] = [$zero(); N];
                        for b in (0..CHUNK / 32).step_by($step) {
                            // SAFETY: chunk bytes 32b .. 32(b + S) exist
                            // (S divides the chunk's 32 blocks).
                            let ($x0, $x1): ($v, $v) = unsafe {
                                ($load(mp.add(32 * b).cast()), $load(mp.add(32 * b + 16 * $step).cast()))
                            };
                            $prefetch!(mp, 32 * b);
                            let (xm, ym): ($v, $v) = $halves;
                            for (r, &(f, s)) in runs.iter().enumerate() {
                                // SAFETY: words 4b .. 4(b + S) of both runs
                                // exist: each holds at least 128 words (the
                                // key covers a chunk, checked above).
                                let (kf, ks): ($v, $v) = unsafe {
                                    ($load(f.add(4 * b).cast()), $load(s.add(4 * b).cast()))
                                };
                                let ($xs, $ys) = ($add32(xm, kf), $add32(ym, ks));
                                acc[r] = $add64(acc[r], $products);
                            }
                        }
                        let mut quarters = [_mm256_setzero_si256(); 4];
                        for (q, &$acc) in quarters.iter_mut().zip(&acc) {
                            *q = $to256;
                        }
                        let mut sums = [0u64; 4];
                        // SAFETY: a 32-byte store into the 32-byte `sums`.
                        unsafe { _mm256_storeu_si256(sums.as_mut_ptr().cast(), sums4!(quarters)) };
                        out.copy_from_slice(&sums[..N]);
                    }
                }
            )+
        }
    };
}

/// `unsafe fn $name(key: &[u32], msg: &[u8]) -> [u64; 4]`: Adiantum's NH
/// sums of every unit of `msg` that the key covers (as
/// `Kernels32::nh_adiantum_sums`, key in the paired layout), `$units`
/// units a step and the rest by the portable code.
///
/// The ISA's part: its `*_fn!` wrapper and witness, its vector type and
/// operations, `swap` (words 0, 2, 1, 3 of each 128-bit lane), `products`
/// (per 64-bit lane, lo(s)·hi(s)) and `to256` (a vector to a `__m256i`
/// with the same lane sum).
macro_rules! nh_adiantum_kernel {
    (
        $fn_macro:ident, $wit:ident, vector = $v:ty, zero = $zero:ident, load = $load:ident,
        add32 = $add32:ident, add64 = $add64:ident, units = $units:literal,
        swap = |$m:ident| $swap:expr,
        products = |$s:ident| $products:expr,
        to256 = |$acc:ident| $to256:expr,
        $name:ident
    ) => {
        uhash_base::$fn_macro! {
            #[doc = concat!(
                "Adiantum's NH sums, ", stringify!($units), " units a step ",
                "(`nh_adiantum_kernel!` in `x86_simd.rs`).\n\n# Safety\n",
                "The CPU must support the [`", stringify!($wit), "`] feature set."
            )]
            unsafe fn $name(key: &[u32], msg: &[u8]) -> [u64; 4] {
                let units = crate::backend::soft::adiantum_units(key.len(), msg.len());
                let whole = units / $units * $units;
                let (mp, kp) = (msg.as_ptr(), key.as_ptr());
                let mut acc: [$v; 4] = [$zero(); 4];
                let mut u = 0usize;
                while u < whole {
                    // SAFETY: message bytes 16u .. 16(u + U) exist
                    // (u + U ≤ units ≤ msg.len()/16).
                    let $m: $v = unsafe { $load(mp.add(16 * u).cast()) };
                    let m: $v = $swap;
                    for (p, a) in acc.iter_mut().enumerate() {
                        // SAFETY: key words 4(u + p) .. 4(u + p + U) exist
                        // (u + U + 3 ≤ units + 3 ≤ key.len()/4).
                        let $s: $v = $add32(m, unsafe { $load(kp.add(4 * (u + p)).cast()) });
                        *a = $add64(*a, $products);
                    }
                    u += $units;
                }
                let mut quarters = [_mm256_setzero_si256(); 4];
                for (q, &$acc) in quarters.iter_mut().zip(&acc) {
                    *q = $to256;
                }
                let mut out = [0u64; 4];
                // SAFETY: a 32-byte store into the 32-byte `out`.
                unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), sums4!(quarters)) };
                crate::backend::soft::nh_adiantum_tail(key, msg, whole, units, &mut out);
                out
            }
        }
    };
}
