//! The x86-64 assembly backends (feature `asm`, crate `uhash-asm`):
//!
//! | backend | witness | blocks (scalar interface) | long messages |
//! |---|---|---|---|
//! | `mulx-asm` | [`MulxAsm`] | `poly1305_blocks_mulx` (radix 2^64, `mulx`, `adcx`/`adox`) | the same |
//! | `ifma-asm` | [`IfmaAsm`] | `poly1305_blocks_mulx` | ≥ 256 B: the IFMA 8-lane code of `x86_ifma` around the group loop `poly1305_ifma_vbmi2_groups`, then the scalar kernel |
//!
//! The scalar kernel implements the scalar block interface of
//! [`crate::kernels`] (h in three 64-bit limbs, h₂ ≤ 5 on entry and ≤ 4
//! on exit, the clamped r as two limbs) and also absorbs the padded final
//! block (`pad = 0`). Both backends are chosen only on request (never by
//! `detect()`).
//!
//! # `mulx-asm`, measured (x86-64 with AVX2, no AVX-512 or IFMA; TSC
//! cycles/byte at 2.7 GHz, criterion medians of one run with a long-term
//! key: `cargo bench -p uhash-bench --features asm --bench poly1305 --
//! '^poly1305/poly1305/Poly1305/uhash(-soft|-asm)?/(16B|64B|1KiB|64KiB)$'`)
//!
//! | size | asm (`mulx`/`adcx`/`adox`) | soft | default (AVX2 ≥ 1 KiB, else soft) |
//! |---|---|---|---|
//! | 16 B | 3.76 (22.3 ns) | 3.87 (23.0 ns) | 4.14 (24.5 ns) |
//! | 64 B | 1.47 (35.0 ns) | 1.52 (35.9 ns) | 1.57 (37.1 ns) |
//! | 1 KiB | 0.914 (346.5 ns) | 0.919 (348.7 ns) | 0.907 (344.0 ns) |
//! | 64 KiB | 0.870 (21.12 µs) | 0.862 (20.93 µs) | 0.622 (15.09 µs) |
//!
//! The scalar kernel is on par with the portable one, within that
//! machine's noise: both run the same arithmetic (four `mulx`-class
//! products, two small ones, a carry fold) one block at a time, so both
//! are bound by the latency of that dependency chain. A rescheduled variant
//! (products in input-ready order, h2's products last) measured no better
//! in a second run (64 KiB: 21.34 µs against 21.01 µs for soft) and was not
//! kept.
//!
//! # `ifma-asm`: the group loop
//! Everything but the loop is the intrinsics code of [`super::x86_ifma`]:
//! the powers r^1..r^16 ([`Powers`]), the first group, the final
//! lane-weighted product and the last 1..15 blocks. The kernel takes the
//! two accumulator vectors A, B through memory, r^16 from the power table
//! layout, the data pointer and the number of remaining 256-byte groups.
//! It needs AVX-512 F + IFMA + VBMI2 (the message split uses `vpshrdq`, as
//! the intrinsics' fastest path), proved by the witness together with
//! BMI2 + ADX for the scalar kernel.
//!
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
//! The kernel was first checked with `asm/tools/emulate_poly1305_ifma.py`,
//! which interprets its assembled instructions and compares the
//! accumulators with big-integer Horner steps (also in CI), on a machine
//! without AVX-512. It has since run on an Intel Xeon with AVX-512 IFMA +
//! VBMI2 (and AVX-512 FP16: Sapphire Rapids or later): the tests below,
//! the kernel tests of `kernels.rs` and the crate's proptests against
//! `uhash-ref` pass there. The timing harness is the
//! ignored test `throughput`:
//!
//! ```text
//! cargo test --release -p poly1305-aes --features asm --lib ffi_x86_64::tests::throughput -- --ignored --nocapture
//! ```
//!
//! On that Xeon (a shared 2-core virtual machine under load from other
//! builds; TSC-equivalent cycles per byte at a nominal 2.7 GHz, medians of
//! 31 samples, whole tags; two runs agreed within 3 %):
//!
//! | size | asm once | ifma once | asm cached | ifma cached |
//! |---|---|---|---|---|
//! | 1 KiB | 0.241 | 0.240 | 0.162 | 0.148 |
//! | 4 KiB | 0.125 | 0.140 | 0.105 | 0.116 |
//! | 64 KiB | 0.091 | 0.112 | 0.090 | 0.110 |
//!
//! The assembly loop is about 19 % faster than the intrinsics loop on long
//! messages, close to llvm-mca's `icelake-server` and `sapphirerapids`
//! estimates (−15 %, −13 %). At 1 KiB with stored powers it is 9 % slower
//! (four groups, of which the kernel runs three after computing r^32, with
//! A and B through memory: fixed costs the intrinsics loop does not have;
//! not profiled); with powers per message both are equal there.

use uhash_asm::poly1305::x86_64::poly1305_blocks_mulx;
use uhash_asm::poly1305_ifma::poly1305_ifma_vbmi2_groups;
use uhash_asm::{IfmaAsm, MulxAsm};

use super::x86_ifma::{GroupLoop, Powers, blocks};
use crate::kernels::Kernels;

/// The `mulx`/`adcx`/`adox` kernel on the whole blocks of `data`.
///
/// # Safety
/// The caller holds a [`MulxAsm`] or an [`IfmaAsm`] witness (the kernels
/// were assembled and the CPU has BMI2 and ADX); `h` satisfies the scalar
/// block interface's entry bound (h₂ ≤ 5) and `r` is a clamped
/// r.
#[inline]
unsafe fn mulx_blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    let n = data.len() / 16;
    // SAFETY: the caller's witness proves the kernel and its features; `h`
    // is 3 words within the entry bound, `r` 2 words of a clamped r, and
    // the kernel reads 16·n ≤ data.len() bytes.
    unsafe {
        poly1305_blocks_mulx(
            h.as_mut_ptr(),
            r.as_ptr(),
            data.as_ptr(),
            n,
            u64::from(hibit),
        );
    }
}

impl Kernels for MulxAsm {
    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }

    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        // SAFETY: `self` is a `MulxAsm` witness; every state keeps h within
        // the entry bound and holds a clamped r.
        unsafe { mulx_blocks(h, r, data, hibit) }
    }
}

impl Kernels for IfmaAsm {
    #[inline]
    fn short_is_soft(self) -> bool {
        false
    }

    #[inline]
    fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        // SAFETY: `self` is an `IfmaAsm` witness; h and r as for `MulxAsm`.
        unsafe { mulx_blocks(h, r, data, hibit) }
    }

    ifma_kernels!(|w: IfmaAsm| w.isa().ifma);
}

impl GroupLoop for IfmaAsm {
    #[inline]
    fn cached(self, h: &mut [u64; 3], p: &Powers, data: &[u8]) -> usize {
        // SAFETY: `self.isa().ifma` proves IFMA + VBMI2, and the loop is
        // `poly1305_ifma_vbmi2_groups`, assembled (the witness proves it),
        // whose contract is `GroupsFn`'s.
        unsafe { blocks::blocks_cached_groups(h, p, data, poly1305_ifma_vbmi2_groups) }
    }

    #[inline]
    fn once(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) -> usize {
        // SAFETY: as in `cached`.
        unsafe { blocks::blocks_uncached_groups(h, r, data, poly1305_ifma_vbmi2_groups) }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::clamp::r_limbs_clamped;
    use crate::final_steps::{finish, pad_partial};
    use proptest::prelude::*;
    use std::vec::Vec;
    use uhash_base::backend::{Ifma, Implementation};

    /// The backend, or `None` to skip (`tests/` fail where CI requires it:
    /// `uhash_testkit::expect`).
    fn backend() -> Option<IfmaAsm> {
        let w = IfmaAsm::detect();
        assert!(
            w.is_some() || !uhash_testkit::expect::required(uhash_base::Backend::IfmaAsm),
            "ifma-asm is required here (UHASH_EXPECT_X86, UHASH_EXPECT_ASM) but missing"
        );
        w
    }

    /// The ways of absorbing a message's whole blocks.
    #[derive(Clone, Copy, Debug)]
    enum Path {
        AsmCached,
        AsmOnce,
        IfmaCached,
        IfmaOnce,
        Soft,
    }

    const PATHS: [Path; 5] = [
        Path::AsmCached,
        Path::AsmOnce,
        Path::IfmaCached,
        Path::IfmaOnce,
        Path::Soft,
    ];

    /// The intrinsics witness (every `IfmaAsm` CPU has it).
    fn ifma() -> Ifma {
        Ifma::detect().expect("IFMA where IFMA + VBMI2 was detected")
    }

    /// Poly1305 of `msg` from accumulator `h` under r, pad s: the whole
    /// blocks by `path`, the padded tail by the portable kernel, then
    /// frozen + s.
    fn tag(w: IfmaAsm, path: Path, h: [u64; 3], r: &[u64; 2], s: u128, msg: &[u8]) -> [u8; 16] {
        let mut h = h;
        let full = msg.len() & !15;
        let data = &msg[..full];
        let mut p = Powers::ZERO;
        let done = match path {
            Path::AsmCached => {
                super::super::x86_ifma::powers::compute(w.isa().ifma, r, &mut p);
                w.cached(&mut h, &p, data)
            }
            Path::AsmOnce => w.once(&mut h, r, data),
            Path::IfmaCached => {
                super::super::x86_ifma::powers::compute(ifma(), r, &mut p);
                ifma().cached(&mut h, &p, data)
            }
            Path::IfmaOnce => ifma().once(&mut h, r, data),
            Path::Soft => {
                super::super::soft::blocks(&mut h, r, data, true);
                full
            }
        };
        assert_eq!(done, full, "{path:?}: whole blocks absorbed");
        if full < msg.len() {
            let block = pad_partial(&msg[full..]).to_le_bytes();
            super::super::soft::blocks(&mut h, r, &block, false);
        }
        finish(&h, s)
    }

    /// Every path agrees; from h = 0 also with the reference `uhash-ref`.
    fn check(w: IfmaAsm, key: &[u8; 32], h: [u64; 3], msg: &[u8]) {
        let r = r_limbs_clamped(&key[..16].try_into().unwrap());
        let s = u128::from_le_bytes(key[16..].try_into().unwrap());
        let want = tag(w, Path::Soft, h, &r, s, msg);
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
        let mut rng = uhash_testkit::rng::XorShift64::new(seed);
        move || rng.next_u64()
    }

    #[test]
    fn present_when_expected() {
        let _ = backend();
        if MulxAsm::detect().is_none() {
            assert!(!uhash_testkit::expect::required(
                uhash_base::Backend::MulxAsm
            ));
        }
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
        fn matches_intrinsics_and_soft(
            key in any::<[u8; 32]>(),
            ones_key in any::<bool>(),
            msg in proptest::collection::vec(any::<u8>(), 0..5000),
            h0 in any::<u64>(),
            h1 in any::<u64>(),
            h2 in 0u64..=4,
        ) {
            // (`present_when_expected` fails the run where CI requires it)
            let Some(w) = IfmaAsm::detect() else { return Ok(()) };
            let key = if ones_key { [0xff; 32] } else { key };
            check(w, &key, [h0, h1, h2], &msg);
            check(w, &key, [0; 3], &msg);
        }
    }

    /// Assembly against intrinsics loop, run by hand in release mode:
    ///
    /// ```text
    /// cargo test --release -p poly1305-aes --features asm --lib ffi_x86_64::tests::throughput -- --ignored --nocapture
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
        let mut powers = Powers::ZERO;
        super::super::x86_ifma::powers::compute(ifma(), &r, &mut powers);
        let p = &powers;
        let names = ["asm once", "ifma once", "asm cached", "ifma cached"];
        let run = |v: usize, msg: &[u8]| -> [u8; 16] {
            let mut h = [0u64; 3];
            let full = msg.len() & !15;
            let d = &msg[..full];
            let _ = match v {
                0 => w.once(&mut h, &r, d),
                1 => ifma().once(&mut h, &r, d),
                2 => w.cached(&mut h, p, d),
                _ => ifma().cached(&mut h, p, d),
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
