//! The IFMA backend with its 16-block group loop in hand-written assembly
//! (feature `asm`, x86-64): `uhash_poly1305_ifma_vbmi2_groups` from
//! `uhash-asm` (`asm/x86_64/poly1305_ifma.S`).
//!
//! Everything but the loop is the intrinsics code of [`super::ifma`]: the
//! powers r^1..r^16 ([`ifma::Powers`]), the first group, the final
//! lane-weighted product and the last 1..15 blocks. The kernel takes the
//! two accumulator vectors A, B through memory, r^16 from the power table
//! layout, the data pointer and the number of remaining 256-byte groups.
//! It needs AVX-512 F + IFMA + VBMI2 (the message split uses `vpshrdq`,
//! as the intrinsics' fastest path); [`IfmaAsm::detect`] checks both
//! witnesses and that the kernel was assembled.
//!
//! # The loop
//! The intrinsics loop carries A and B once per 256-byte group (split 6,
//! products 18, carry 12 vector instructions per eight blocks: 72 per
//! 256 bytes). The assembly absorbs two groups per step with one carry,
//! A ← A·r^32 + m₁·r^16 + m₂ (likewise B): six products per row in one
//! `vpmadd52` chain, so per 512 bytes and vector 12 split + 36 products +
//! 12 carry instructions — **60 vector instructions per 256 bytes** (40 of
//! them `vpmadd52`, against 44), all three-operand forms with the second
//! message half as a memory operand of `vpunpck{l,h}qdq`, no moves or
//! spills (31 of the 32 zmm registers hold accumulators, powers and
//! constants). r^32 is computed in the kernel, once per call; an odd group
//! count does one single-group step first. The sums stay exact: six
//! products per row keep the high halves below 2^43.6 (rows 0, 1) and
//! 2^39.1 (row 2), so their folds 256·hi and 5120·hi stay below 2^52
//! (bounds in the `.S` file). The accumulators leave the kernel as other
//! representatives of the same values mod p; tags are identical.
//!
//! # Validation and measurement
//! The development machine of this backend (an AMD EPYC virtual machine)
//! reports AVX2 but no AVX-512 at all (no `avx512*` flag in
//! `/proc/cpuinfo`; a zmm `vpmadd52luq` raises SIGILL), and no emulator
//! here runs AVX-512, so neither the kernel nor the intrinsics loop could
//! run on it: the tests below skip there (and fail under
//! `UHASH_EXPECT_ASM=1`). The kernel itself was checked with
//! `asm/tools/emulate_poly1305_ifma.py`, which interprets its assembled
//! instructions and compares the accumulators with big-integer Horner steps
//! (also in CI). The timing harness is the ignored test `throughput`:
//!
//! ```text
//! cargo test --release -p poly1305-aes --features asm --lib ifma_asm::tests::throughput -- --ignored --nocapture
//! ```
//!
//! Static estimates only (llvm-mca 19, `-iterations=300`, over the two
//! loop bodies as assembled; the intrinsics loop from the release build of
//! `ifma::blocks_cached_vbmi2`), cycles per 256 bytes:
//!
//! | `-mcpu` model | intrinsics loop (72 vector instr.) | asm loop (60) |
//! |---|---|---|
//! | `znver4` | 95.0 | 86.5 |
//! | `icelake-server` | 36.1 | 30.8 |
//! | `sapphirerapids` | 55.1 | 48.0 |
//!
//! The `znver4` model's IFMA throughput disagrees with the 0.154
//! cycles/byte (39 TSC cycles per 256 bytes) quoted for the intrinsics loop
//! at 64 KiB on an earlier machine with IFMA, so only the ratios (−9 % to
//! −15 %) carry over: from 0.154 that is 0.13–0.14 cycles/byte, below the
//! 0.15 goal — unmeasured until the harness runs on such a CPU.

use super::ifma::{self, Powers};
use uhash_core::backend::{Ifma, IfmaVbmi2};

/// Proof that the group-loop kernel was assembled and that the CPU has
/// AVX-512 IFMA and VBMI2 (both witnesses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IfmaAsm {
    ifma: Ifma,
    vbmi2: IfmaVbmi2,
}

impl IfmaAsm {
    /// The backend, if `uhash-asm` assembled the kernel and the CPU has
    /// IFMA + VBMI2 (`None` under `--cfg uhash_backend="soft"`).
    pub(crate) fn detect() -> Option<Self> {
        uhash_asm::poly1305_ifma::KERNELS?;
        Some(Self {
            ifma: Ifma::detect()?,
            vbmi2: IfmaVbmi2::detect()?,
        })
    }

    /// The IFMA witness, for [`Powers::new`].
    #[cfg_attr(not(test), expect(dead_code, reason = "cached powers: tests only"))]
    pub(crate) fn ifma(self) -> Ifma {
        self.ifma
    }
}

/// [`ifma::blocks`] with the group loop in assembly: absorbs every whole
/// block of `data` (with the 2^128 bit) and returns their length; `h` in
/// and out as in [`super::soft64::blocks`] (h < 2^130 + 2^128).
/// (`Engine::Asm` computes the powers per message, with [`blocks_once`];
/// this cached form is tested beside it for a later long-term-key type.)
#[inline]
#[cfg_attr(not(test), expect(dead_code, reason = "cached powers: tests only"))]
pub(crate) fn blocks(w: IfmaAsm, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
    let _ = w.vbmi2;
    match uhash_asm::poly1305_ifma::KERNELS {
        // SAFETY: `w.vbmi2` proves IFMA + VBMI2; the kernel is
        // `uhash_poly1305_ifma_vbmi2_groups`, the contract of `GroupsFn`.
        Some(k) => unsafe { ifma::blocks_cached_groups(h, p, data, k.ifma_vbmi2_groups) },
        None => ifma::blocks(w.ifma, h, p, data),
    }
}

/// [`ifma::blocks_once`] with the group loop in assembly (powers computed
/// here and never stored); `h` as in [`blocks`].
#[inline]
pub(crate) fn blocks_once(w: IfmaAsm, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
    let _ = w.vbmi2;
    match uhash_asm::poly1305_ifma::KERNELS {
        // SAFETY: as in `blocks`.
        Some(k) => unsafe { ifma::blocks_uncached_groups(h, r, data, k.ifma_vbmi2_groups) },
        None => ifma::blocks_once(w.ifma, h, r, data),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::{finish, pad_partial, r_limbs_clamped, soft64};
    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// The backend, or `None` to skip. With `UHASH_EXPECT_ASM` set a kernel
    /// that was not assembled fails instead, and so does a missing backend on
    /// a CPU whose flags (CI's `UHASH_EXPECT_X86`) list IFMA and VBMI2;
    /// elsewhere CI's log names IFMA as not exercised.
    fn backend() -> Option<IfmaAsm> {
        let w = IfmaAsm::detect();
        let cpu_listed =
            IfmaVbmi2::listed_in(&std::env::var("UHASH_EXPECT_X86").unwrap_or_default());
        if w.is_none()
            && std::env::var_os("UHASH_EXPECT_ASM").is_some()
            && !uhash_core::backend::forced_soft()
            && (uhash_asm::poly1305_ifma::KERNELS.is_none() || cpu_listed)
        {
            panic!(
                "UHASH_EXPECT_ASM set but the IFMA assembly backend is missing \
                 (kernel assembled: {}, IFMA: {}, IFMA + VBMI2: {})",
                uhash_asm::poly1305_ifma::KERNELS.is_some(),
                Ifma::detect().is_some(),
                IfmaVbmi2::detect().is_some()
            );
        }
        w
    }

    /// The ways of absorbing a message's whole blocks.
    #[derive(Clone, Copy, Debug)]
    enum Path {
        AsmCached,
        AsmOnce,
        IfmaCached,
        IfmaOnce,
        Soft64,
    }

    const PATHS: [Path; 5] = [
        Path::AsmCached,
        Path::AsmOnce,
        Path::IfmaCached,
        Path::IfmaOnce,
        Path::Soft64,
    ];

    /// Poly1305 of `msg` from accumulator `h` under r, pad s: the whole
    /// blocks by `path`, the padded tail by soft64, then frozen + s.
    fn tag(w: IfmaAsm, path: Path, h: [u64; 3], r: &[u64; 2], s: u128, msg: &[u8]) -> [u8; 16] {
        let mut h = h;
        let full = msg.len() & !15;
        let data = &msg[..full];
        let done = match path {
            Path::AsmCached => blocks(w, &mut h, &Powers::new(w.ifma(), r), data),
            Path::AsmOnce => blocks_once(w, &mut h, r, data),
            Path::IfmaCached => ifma::blocks(w.ifma(), &mut h, &Powers::new(w.ifma(), r), data),
            Path::IfmaOnce => ifma::blocks_once(w.ifma(), &mut h, r, data),
            Path::Soft64 => {
                soft64::blocks(&mut h, r, data, true);
                full
            }
        };
        assert_eq!(done, full, "{path:?}: whole blocks absorbed");
        if full < msg.len() {
            let block = pad_partial(&msg[full..]).to_le_bytes();
            soft64::blocks(&mut h, r, &block, false);
        }
        finish(&h, s)
    }

    /// Every path agrees; from h = 0 also with the reference `uhash-ref`.
    fn check(w: IfmaAsm, key: &[u8; 32], h: [u64; 3], msg: &[u8]) {
        let r = r_limbs_clamped(&key[..16].try_into().unwrap());
        let s = u128::from_le_bytes(key[16..].try_into().unwrap());
        let want = tag(w, Path::Soft64, h, &r, s, msg);
        if h == [0; 3] {
            assert_eq!(want, uhash_ref::poly1305::poly1305(key, msg), "reference");
        }
        for path in PATHS {
            assert_eq!(
                tag(w, path, h, &r, s, msg),
                want,
                "{path:?}, len {}, h {h:x?}",
                msg.len()
            );
        }
    }

    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed | 1;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn present_when_expected() {
        let _ = backend();
    }

    #[test]
    fn edge_lengths_and_all_ones() {
        let Some(w) = backend() else { return };
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let lens = [
            0usize, 1, 15, 16, 17, 255, 256, 257, 511, 512, 513, 767, 768, 769, 1024, 4095, 4096,
            4097, 65536,
        ];
        let starts = [[0; 3], [u64::MAX, u64::MAX, 4], [next(), next(), 3]];
        let keys: [[u8; 32]; 3] = [[0xff; 32], [0; 32], core::array::from_fn(|_| next() as u8)];
        for &len in &lens {
            let random: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            for msg in [vec_of(0xff, len), vec_of(0, len), random] {
                for key in &keys {
                    for &h in &starts {
                        check(w, key, h, &msg);
                    }
                }
            }
        }
    }

    /// Every group count 0..=12 (odd and even for the two-group steps)
    /// with every tail length 0..16 blocks, all-0xff data, all-0xff key.
    #[test]
    fn group_counts() {
        let Some(w) = backend() else { return };
        for groups in 0..=12usize {
            for tail_blocks in 0..16usize {
                let msg = vec_of(0xff, 256 * groups + 16 * tail_blocks + 7);
                check(w, &[0xff; 32], [u64::MAX, u64::MAX, 4], &msg);
                check(w, &[0xff; 32], [0; 3], &msg[..msg.len() - 7]);
            }
        }
    }

    fn vec_of(b: u8, len: usize) -> Vec<u8> {
        std::vec![b; len]
    }

    proptest! {
        #[test]
        fn matches_intrinsics_and_soft64(
            key in any::<[u8; 32]>(),
            ones_key in any::<bool>(),
            msg in proptest::collection::vec(any::<u8>(), 0..5000),
            h0 in any::<u64>(),
            h1 in any::<u64>(),
            h2 in 0u64..=4,
        ) {
            // (`present_when_expected` fails the run under UHASH_EXPECT_ASM)
            let Some(w) = IfmaAsm::detect() else { return Ok(()) };
            let key = if ones_key { [0xff; 32] } else { key };
            check(w, &key, [h0, h1, h2], &msg);
            check(w, &key, [0; 3], &msg);
        }
    }

    /// Assembly against intrinsics loop, run by hand in release mode:
    ///
    /// ```text
    /// cargo test --release -p poly1305-aes --features asm --lib ifma_asm::tests::throughput -- --ignored --nocapture
    /// ```
    ///
    /// Whole Poly1305 tags (blocks + tail + freeze), fresh powers per
    /// message ("once", as `Poly1305`) and stored powers ("cached", as
    /// `Poly1305WithPowers`); median TSC-equivalent cycles/byte (seconds ×
    /// 2.7e9 / bytes) over 31 samples, the four variants interleaved
    /// sample by sample.
    #[test]
    #[ignore = "timing, run by hand in release mode"]
    fn throughput() {
        use std::hint::black_box;
        use std::time::Instant;
        let Some(w) = backend() else {
            std::println!("no IFMA assembly backend here");
            return;
        };
        let key = [0x5au8; 32];
        let r = r_limbs_clamped(&key[..16].try_into().unwrap());
        let p = Powers::new(w.ifma(), &r);
        let names = ["asm once", "ifma once", "asm cached", "ifma cached"];
        let run = |v: usize, msg: &[u8]| -> [u8; 16] {
            let mut h = [0u64; 3];
            let full = msg.len() & !15;
            let d = &msg[..full];
            let _ = match v {
                0 => blocks_once(w, &mut h, &r, d),
                1 => ifma::blocks_once(w.ifma(), &mut h, &r, d),
                2 => blocks(w, &mut h, &p, d),
                _ => ifma::blocks(w.ifma(), &mut h, &p, d),
            };
            finish(&h, 0)
        };
        let mut next = xorshift(7);
        for size in [1024usize, 4096, 65536] {
            let msg: Vec<u8> = (0..size).map(|_| next() as u8).collect();
            let iters = (1 << 23) / size;
            let mut samples = [[0f64; 31]; 4];
            for i in 0..31 {
                for (v, row) in samples.iter_mut().enumerate() {
                    let t = Instant::now();
                    for _ in 0..iters {
                        black_box(run(v, black_box(&msg)));
                    }
                    row[i] = t.elapsed().as_secs_f64() * 2.7e9 / (iters * size) as f64;
                }
            }
            for (name, row) in names.iter().zip(samples.iter_mut()) {
                row.sort_by(f64::total_cmp);
                std::println!(
                    "{name:>11} {size:>6} B: {:.3} cycles/byte ({:.1} ns/message)",
                    row[15],
                    row[15] * size as f64 / 2.7
                );
            }
        }
    }
}
