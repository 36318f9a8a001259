//! The hand-written assembly backend ([`Backend::Asm`](uhash_core::Backend::Asm),
//! feature `asm`): safe wrappers over the `uhash-asm` Poly1305 kernels.
//!
//! | target | blocks (scalar interface) | long messages |
//! |---|---|---|
//! | x86-64 with BMI2 + ADX | `uhash_poly1305_blocks_mulx` (radix 2^64, `mulx`, `adcx`/`adox`) | the same |
//!
//! The scalar kernels implement the scalar block interface of
//! [`crate::backend`] (h < 2^130 + 2^128 in three 64-bit limbs on entry
//! and exit, the clamped r as two limbs) and also absorb the padded final
//! block (`pad = 0`).
//!
//! The backend exists only when `uhash-asm` assembled its kernels for this
//! target ([`uhash_asm::AVAILABLE`]) and the CPU has the instruction set
//! the kernels need; [`AsmImp::detect`] checks both. It is chosen only on
//! request (`Backend::Asm`); `detect()` keeps its order.
//!
//! # Adding kernel sets
//! [`AsmImp`] names the kernel set an `Asm` engine runs. On x86-64 it is
//! an enum of such sets (today only [`AsmImp::Mulx`]); a set that also
//! has a long-message loop (e.g. the IFMA 8-way loop when the CPU has
//! IFMA) is one more variant carrying both witnesses, chosen first in
//! [`AsmImp::detect`] and given its branch in [`AsmImp::absorb`] (the long
//! prefix there, the scalar kernel for the rest), as the AArch64 NEON loop
//! is.

#[cfg(target_arch = "x86_64")]
use uhash_core::backend::Mulx;

/// Which assembly kernels an `Asm` engine runs; the witnesses prove the CPU
/// features, and a value exists only when the kernels were assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AsmImp {
    /// x86-64 with BMI2 + ADX: the `mulx`/`adcx`/`adox` scalar kernel for
    /// every block.
    #[cfg(target_arch = "x86_64")]
    Mulx(Mulx),
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
            return Mulx::detect().map(Self::Mulx);
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
            Self::Mulx(w) => match uhash_asm::poly1305::x86_64::KERNELS {
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
        }
    }

    /// Whole blocks with the 2^128 bit, a message's body: the long-message
    /// kernel where this set has one, the scalar kernel for the rest.
    #[inline]
    pub(crate) fn absorb(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8]) {
        self.blocks(h, r, data, true);
    }
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
