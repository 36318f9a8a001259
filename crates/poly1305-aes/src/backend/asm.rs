//! The hand-written assembly backend ([`Backend::Asm`](uhash_core::Backend::Asm),
//! feature `asm`): safe wrappers over the `uhash-asm` Poly1305 kernels.
//!
//! | target | blocks (scalar interface) | long messages |
//! |---|---|---|
//! | x86-64 with BMI2 + ADX | `uhash_poly1305_blocks_mulx` (radix 2^64, `mulx`, `adcx`/`adox`) | the same |
//! | x86-64 with BMI2 + ADX and AVX-512 IFMA + VBMI2 | `uhash_poly1305_blocks_mulx` | ≥ 256 B: the IFMA 8-lane loop with `uhash_poly1305_ifma_vbmi2_groups` (see `ifma_asm`; verified on an instruction model, never run on hardware here), then the scalar kernel |
//! | AArch64 (little-endian) | `uhash_poly1305_blocks_a64` (radix 2^64, `mul`/`umulh`) | ≥ 1 KiB: `uhash_poly1305_neon_steps` (2 lanes, radix 2^26), then the scalar kernel |
//! | 32-bit ARM (ARM state) | `uhash_poly1305_blocks_armv4` (radix 2^26, UMULL/UMLAL) | the same |
//!
//! The scalar kernels implement the scalar block interface of
//! [`crate::backend`] (h < 2^130 + 2^128 in three 64-bit limbs on entry
//! and exit, the clamped r as two limbs) and also absorb the padded final
//! block (`pad = 0`). The NEON loop is a drop-in for the hot loop of the
//! NEON intrinsics backend: the Rust side computes the powers r², r and
//! the 26-bit limbs of h as that backend does (its `radix26.rs` helpers)
//! and carries the kernel's lane sums back; it runs from the same
//! threshold (`RADIX26_MIN_BYTES`). The ARMv4 kernel works on five 26-bit
//! limbs of h and a table of r's limbs and their multiples by 5; the
//! wrapper converts at the boundary, per call (`armv4_key`, `to26`,
//! `from26`).
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target ([`uhash_asm::AVAILABLE`]) and the CPU has the instruction set
//! the kernels need; [`AsmImp::detect`] checks both. It is chosen only on
//! request (`Backend::Asm`); `detect()` keeps its order.
//!
//! # Measured (x86-64 with AVX2, no AVX-512 or IFMA; TSC cycles/byte at
//! 2.7 GHz, criterion medians of one run with a long-term key:
//! `cargo bench -p uhash-bench --features asm --bench poly1305 --
//! '^poly1305/poly1305/Poly1305/uhash(-soft|-asm)?/(16B|64B|1KiB|64KiB)$'`)
//!
//! | size | asm (`mulx`/`adcx`/`adox`) | soft (`soft64`) | default (AVX2 ≥ 1 KiB, else `soft64`) |
//! |---|---|---|---|
//! | 16 B | 3.76 (22.3 ns) | 3.87 (23.0 ns) | 4.14 (24.5 ns) |
//! | 64 B | 1.47 (35.0 ns) | 1.52 (35.9 ns) | 1.57 (37.1 ns) |
//! | 1 KiB | 0.914 (346.5 ns) | 0.919 (348.7 ns) | 0.907 (344.0 ns) |
//! | 64 KiB | 0.870 (21.12 µs) | 0.862 (20.93 µs) | 0.622 (15.09 µs) |
//!
//! The scalar kernel is on par with `soft64`, within this machine's noise:
//! both run the same arithmetic (four `mulx`-class products, two small
//! ones, a carry fold) one block at a time, so both are bound by the
//! latency of that dependency chain. A rescheduled variant (products in
//! input-ready order, h2's products last) measured no better in a second
//! run (64 KiB: 21.34 µs against 21.01 µs for soft) and was not kept.
//! From 1 KiB the AVX2 radix-2^26 backend (four independent lanes) is
//! faster, and the IFMA backend more so where present (this machine has
//! no IFMA, so that comparison was not measured). `detect()` therefore
//! keeps its order; `Asm` is never the default.
//!
//! # Kernel sets
//! [`AsmImp`] names the kernel set an `Asm` engine runs. On x86-64 it is
//! an enum of such sets: [`AsmImp::Mulx`], and [`AsmImp::MulxIfma`], which
//! also has a long-message loop and carries both witnesses; it is chosen
//! first in [`AsmImp::detect`] and has its branch in [`AsmImp::absorb`]
//! (the long prefix there, the scalar kernel for the rest), as the AArch64
//! NEON loop does.

#[cfg(target_arch = "x86_64")]
use uhash_core::backend::Mulx;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use uhash_core::backend::Neon;

/// Which assembly kernels an `Asm` engine runs; the witnesses prove the CPU
/// features, and a value exists only when the kernels were assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AsmImp {
    /// x86-64 with BMI2 + ADX: the `mulx`/`adcx`/`adox` scalar kernel for
    /// every block.
    #[cfg(target_arch = "x86_64")]
    Mulx(Mulx),
    /// x86-64 with BMI2 + ADX and AVX-512 IFMA + VBMI2: the IFMA group loop
    /// (`uhash_poly1305_ifma_vbmi2_groups`, see `ifma_asm`) for bodies of
    /// at least `IFMA_MIN_BYTES`, the `mulx` kernel for the rest.
    #[cfg(target_arch = "x86_64")]
    MulxIfma(Mulx, super::ifma_asm::IfmaAsm),
    /// Little-endian AArch64 (Advanced SIMD, which every AArch64 Linux CPU
    /// has): the NEON loop for long bodies, the `mul`/`umulh` scalar
    /// kernel for the rest.
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Aarch64(Neon),
    /// 32-bit ARM in ARM state: the UMULL/UMLAL radix-2^26 kernel.
    #[cfg(all(target_arch = "arm", target_endian = "little"))]
    Armv4,
}

impl AsmImp {
    /// The assembly kernels this build and CPU can run. `None` without
    /// assembled kernels, without the CPU features, and under
    /// `--cfg uhash_backend="soft"`.
    #[allow(unreachable_code)]
    pub(crate) fn detect() -> Option<Self> {
        if uhash_core::backend::forced_soft() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        {
            uhash_asm::poly1305::x86_64::KERNELS?;
            let mulx = Mulx::detect()?;
            return Some(match super::ifma_asm::IfmaAsm::detect() {
                Some(ifma) => Self::MulxIfma(mulx, ifma),
                None => Self::Mulx(mulx),
            });
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        {
            uhash_asm::poly1305::aarch64::KERNELS?;
            return Neon::detect().map(Self::Aarch64);
        }
        #[cfg(all(target_arch = "arm", target_endian = "little"))]
        {
            uhash_asm::poly1305::armv4::KERNELS?;
            return Some(Self::Armv4);
        }
        None
    }

    /// The scalar block interface (see [`crate::backend`]): absorbs the
    /// whole 16-byte blocks of `data` (a shorter tail is ignored) with the
    /// 2^128 bit when `hibit`.
    #[inline]
    pub(crate) fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
        let n = data.len() / 16;
        match self {
            #[cfg(target_arch = "x86_64")]
            Self::Mulx(w) | Self::MulxIfma(w, _) => match uhash_asm::poly1305::x86_64::KERNELS {
                Some(k) => {
                    let _ = w;
                    // SAFETY: `w` proves BMI2 and ADX; `h` is 3 words with
                    // h < 2^130 + 2^128 (the State invariant every backend
                    // keeps), `r` the clamped r (State only holds clamped
                    // ones), and the kernel reads 16·n ≤ data.len() bytes.
                    unsafe {
                        (k.blocks_mulx)(
                            h.as_mut_ptr(),
                            r.as_ptr(),
                            data.as_ptr(),
                            n,
                            u64::from(hibit),
                        );
                    }
                }
                None => super::soft64::blocks(h, r, data, hibit),
            },
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Self::Aarch64(_) => match uhash_asm::poly1305::aarch64::KERNELS {
                Some(k) => {
                    // SAFETY: base AArch64 instructions only; `h`, `r` and
                    // the 16·n ≤ data.len() bytes read as for the x86-64
                    // kernel above.
                    unsafe {
                        (k.blocks_a64)(
                            h.as_mut_ptr(),
                            r.as_ptr(),
                            data.as_ptr(),
                            n,
                            u64::from(hibit),
                        );
                    }
                }
                None => super::soft64::blocks(h, r, data, hibit),
            },
            #[cfg(all(target_arch = "arm", target_endian = "little"))]
            Self::Armv4 => match uhash_asm::poly1305::armv4::KERNELS {
                Some(k) if n > 0 => {
                    let g = armv4_key(r);
                    let mut h26 = to26(h).map(|l| l as u32);
                    // SAFETY: this build targets a core in ARM state
                    // (build.rs excludes M-profile targets); `h26` holds 5
                    // limbs < 2^27 (`to26` of an h < 2^130 + 2^128), `g`
                    // the 9 words of a clamped r's table, and the kernel
                    // reads 16·n ≤ data.len() bytes.
                    unsafe {
                        (k.blocks_armv4)(
                            h26.as_mut_ptr(),
                            g.as_ptr(),
                            data.as_ptr(),
                            n,
                            u32::from(hibit),
                        );
                    }
                    *h = from26(h26.map(u64::from));
                }
                Some(_) => {}
                None => super::soft64::blocks(h, r, data, hibit),
            },
        }
    }

    /// Whole blocks with the 2^128 bit, a message's body: the long-message
    /// kernel where this set has one, the scalar kernel for the rest.
    #[inline]
    pub(crate) fn absorb(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) {
        #[cfg(target_arch = "x86_64")]
        let data = match self {
            Self::MulxIfma(_, ifma) if data.len() >= super::IFMA_MIN_BYTES => {
                let done = super::ifma_asm::blocks_once(ifma, h, r, data);
                &data[done..]
            }
            _ => data,
        };
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        let data = match (self, uhash_asm::poly1305::aarch64::KERNELS) {
            (Self::Aarch64(_), Some(k)) if data.len() >= super::RADIX26_MIN_BYTES => {
                let steps = data.len() / 32;
                let pw = super::neon::powers26(r);
                let h26 = super::neon::to26(h);
                let mut sum = [0u64; 5];
                // SAFETY: the `Aarch64` witness proves Advanced SIMD; `sum`
                // is 5 words, `h26` 5 limbs of an h < 2^130 + 2^128 (the
                // last < 2^27), `pw` the 10 frozen limbs of r², r, and the
                // kernel reads 32·steps ≤ data.len() bytes, steps ≥ 32.
                unsafe {
                    (k.neon_steps)(
                        sum.as_mut_ptr(),
                        h26.as_ptr(),
                        pw.as_ptr().cast(),
                        data.as_ptr(),
                        steps,
                    );
                }
                *h = super::neon::from26(sum);
                &data[steps * 32..]
            }
            _ => data,
        };
        self.blocks(h, r, data, true);
    }
}

#[cfg(all(target_arch = "arm", target_endian = "little"))]
use super::limbs26::{M26, from26, to26};

/// The ARMv4 kernel's table for the clamped r: its 26-bit limbs g₀..g₄
/// (g₄ < 2^20, r < 2^124), then 5g₁..5g₄ (< 2^28.4).
#[cfg(all(target_arch = "arm", target_endian = "little"))]
fn armv4_key(r: &[u64; 2]) -> [u32; 9] {
    let v = u128::from(r[0]) | u128::from(r[1]) << 64;
    let g: [u32; 5] = core::array::from_fn(|i| ((v >> (26 * i)) as u64 & M26) as u32);
    [
        g[0],
        g[1],
        g[2],
        g[3],
        g[4],
        5 * g[1],
        5 * g[2],
        5 * g[3],
        5 * g[4],
    ]
}

#[cfg(test)]
mod tests {
    //! The kernels against `soft64` at the block-interface level: every
    //! accumulator allowed on entry (h < 2^130 + 2^128, including h₂ = 5
    //! with all-ones low limbs), both pad bits, unaligned data, and the exit
    //! bound. `UHASH_EXPECT_ASM=1` (CI) makes a missing kernel a failure.
    extern crate std;
    use super::AsmImp;
    use crate::backend::{finish, r_limbs_clamped, soft64};
    use proptest::prelude::*;
    use std::vec::Vec;

    fn imp() -> Option<AsmImp> {
        let a = AsmImp::detect();
        if std::env::var_os("UHASH_EXPECT_ASM").is_some() && !uhash_core::backend::forced_soft() {
            assert!(a.is_some(), "UHASH_EXPECT_ASM set but no assembly backend");
        }
        a
    }

    /// `h` reduced to its canonical value (as bytes).
    fn canon(h: &[u64; 3]) -> [u8; 16] {
        finish(h, 0)
    }

    fn check(a: AsmImp, h: [u64; 3], r: [u8; 16], data: &[u8], hibit: bool) {
        let r = r_limbs_clamped(&r);
        let mut want = h;
        soft64::blocks(&mut want, &r, data, hibit);
        let mut got = h;
        a.blocks(&mut got, &r, data, hibit);
        assert!(got[2] <= 5, "{a:?}: exit bound, h = {got:?}");
        assert_eq!(canon(&got), canon(&want), "{a:?} len {}", data.len());
        let mut got = h;
        if hibit {
            a.absorb(&mut got, &r, data);
            assert!(got[2] <= 5, "{a:?}: exit bound (absorb), h = {got:?}");
            assert_eq!(canon(&got), canon(&want), "{a:?} absorb len {}", data.len());
        }
    }

    #[test]
    fn extremes() {
        let Some(a) = imp() else { return };
        let hs = [
            [0, 0, 0],
            [u64::MAX, u64::MAX, 4],
            [u64::MAX, u64::MAX, 5],
            [u64::MAX - 4, u64::MAX, 3],
            [0, 0, 5],
        ];
        for h in hs {
            for fill in [0u8, 0xff] {
                for r in [[0xffu8; 16], [0u8; 16], [1u8; 16]] {
                    for len in [0, 16, 32, 48, 64, 256, 1024, 1040, 4096] {
                        let data = std::vec![fill; len + 1];
                        for hibit in [false, true] {
                            check(a, h, r, &data[..len], hibit);
                            check(a, h, r, &data[1..], hibit);
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn equals_soft64(
            h0: u64, h1: u64, h2 in 0u64..=5,
            r: [u8; 16],
            data in proptest::collection::vec(any::<u8>(), 0..2200),
            off in 0usize..16,
            hibit: bool,
        ) {
            let Some(a) = imp() else { return Ok(()) };
            let off = off.min(data.len());
            let d: Vec<u8> = data[off..].to_vec();
            check(a, [h0, h1, h2], r, &data[off..], hibit);
            check(a, [h0, h1, h2], r, &d, hibit);
        }
    }
}
