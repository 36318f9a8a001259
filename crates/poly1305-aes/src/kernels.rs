//! The kernel operations of Poly1305 and the [`Engine`] that chooses among
//! their backends (an enum written here; one `uhash_base::engine!`
//! implements its methods and its dispatch).
//!
//! # The scalar block interface
//! [`Kernels::blocks`] absorbs `data` (its whole 16-byte blocks; a shorter
//! tail is ignored) as blocks mᵢ, for each h ← (h + mᵢ + hibit·2^128)·r
//! mod p with p = 2^130 − 5, partially reduced. `h` is h₀ + 2^64·h₁ +
//! 2^128·h₂ (little-endian 64-bit limbs), any representative, not
//! necessarily below p: every kernel accepts h₂ ≤ 5 on entry (h < 6·2^128
//! < 2p) and, once it has absorbed a block, returns h₂ ≤ 4, i.e. h <
//! 5·2^128 = 2^130 + 2^128 (no block: h unchanged; the states start from
//! h = 0, so h₂ ≤ 4 throughout). The tests below check the exit bound on
//! every backend, from the largest entry values. `r` is the clamped r as two little-endian 64-bit limbs. The caller
//! pads a final partial block itself (bytes, then 0x01, then zeros, with
//! `hibit = false`; [`partial`]), freezes h mod p and adds s
//! (`crate::final_steps`).
//!
//! # Message bodies
//! [`Kernels::absorb`] takes a message's whole blocks (with the 2^128 bit)
//! and returns h in the same form, so that a SIMD backend can take a long
//! prefix (its lanes, its own radix, powers of r) and leave the rest to its
//! scalar kernel. The SIMD backends compute the powers of r they need per
//! call (key agility: a key costs nothing before its use, and a state is a
//! few words, cheap to build, copy and wipe); a long-term key
//! ([`crate::Poly1305WithPowers`]) may keep a backend's [`Powers`]
//! ([`Kernels::key_powers`]) and lend them to every call.
//!
//! Every default body is the portable code (`backend/soft.rs`); each
//! backend file overrides what its instruction set accelerates.

use crate::backend::soft;
use crate::final_steps::{finish, pad_partial};

// `Powers`: the powers of r a long-term key keeps for its backend (the
// IFMA backends' tables, all zeros until computed; nothing on targets
// without such a backend).
#[cfg(target_arch = "x86_64")]
pub(crate) use crate::backend::x86_ifma::powers::Powers;
#[cfg(not(target_arch = "x86_64"))]
pub(crate) use NoPowers as Powers;

/// The powers of r a backend keeps, on targets where none keeps any
/// ([`Powers`] there).
#[allow(dead_code)] // used only on targets without the IFMA backends
#[derive(Clone, Copy)]
pub(crate) struct NoPowers(());

#[allow(dead_code)]
impl NoPowers {
    /// No powers.
    pub(crate) const ZERO: Self = NoPowers(());
}

#[allow(dead_code)]
impl zeroize::Zeroize for NoPowers {
    fn zeroize(&mut self) {}
}

/// Absorbs a final chunk of 1..=15 bytes (padded with 0x01 and zeros, no
/// 2^128 bit) with `k`'s scalar kernel; an empty chunk is ignored.
#[inline]
pub(crate) fn partial<K: Kernels>(k: K, h: &mut [u64; 3], r: &[u64; 2], tail: &[u8]) {
    if tail.is_empty() {
        return;
    }
    let block = pad_partial(tail).to_le_bytes();
    k.blocks(h, r, &block, false);
}

/// Absorbs `data` with `k`'s [`Kernels::absorb`] as 16-byte blocks, each
/// with the 2^128 bit; a last block shorter than 16 bytes is zero-padded
/// first and gets the bit too (RustCrypto's `update_padded`).
#[inline]
pub(crate) fn absorb_padded<K: Kernels>(
    k: K,
    h: &mut [u64; 3],
    r: &[u64; 2],
    powers: Option<&Powers>,
    data: &[u8],
) {
    let full = data.len() & !15;
    k.absorb(h, r, powers, &data[..full]);
    if full < data.len() {
        let mut b = [0u8; 16];
        b[..data.len() - full].copy_from_slice(&data[full..]);
        k.blocks(h, r, &b, true);
        zeroize::Zeroize::zeroize(&mut b);
    }
}

/// A Poly1305 backend that this CPU and build can run (the value holds
/// the witness of its instruction set). [`Engine::detect`] chooses the
/// fastest intrinsics backend (the assembly and the portable
/// alternatives are chosen only on request, by [`Engine::new`]); every
/// backend computes the same tags bit for bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// [`Backend::Ifma`](uhash_base::Backend::Ifma).
    #[cfg(target_arch = "x86_64")]
    Ifma(uhash_base::backend::Ifma),
    /// [`Backend::Avx512`](uhash_base::Backend::Avx512).
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_base::backend::Avx512),
    /// [`Backend::Avx2`](uhash_base::Backend::Avx2).
    #[cfg(target_arch = "x86_64")]
    Avx2(uhash_base::backend::Avx2),
    /// [`Backend::Neon`](uhash_base::Backend::Neon).
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(uhash_base::backend::Neon),
    /// [`Backend::Soft`](uhash_base::Backend::Soft).
    Soft(uhash_base::backend::Soft),
    /// [`Backend::Soft32`](uhash_base::Backend::Soft32).
    Soft32(uhash_base::backend::Soft32),
    // Exact only where f64 arithmetic is IEEE binary64 without
    // extended precision (not 32-bit x86 without SSE2).
    /// [`Backend::Float`](uhash_base::Backend::Float).
    #[cfg(not(all(target_arch = "x86", not(target_feature = "sse2"))))]
    Float(uhash_base::backend::Float),
    /// [`Backend::IfmaAsm`](uhash_base::Backend::IfmaAsm).
    #[cfg(all(feature = "asm", target_arch = "x86_64"))]
    IfmaAsm(uhash_asm::IfmaAsm),
    /// [`Backend::MulxAsm`](uhash_base::Backend::MulxAsm).
    #[cfg(all(feature = "asm", target_arch = "x86_64"))]
    MulxAsm(uhash_asm::MulxAsm),
    /// [`Backend::NeonAsm`](uhash_base::Backend::NeonAsm).
    #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
    NeonAsm(uhash_asm::NeonAsm),
    /// [`Backend::Aarch64Asm`](uhash_base::Backend::Aarch64Asm).
    #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
    Aarch64Asm(uhash_asm::Aarch64Asm),
    /// [`Backend::Armv4Asm`](uhash_base::Backend::Armv4Asm).
    #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))]
    Armv4Asm(uhash_asm::Armv4Asm),
}

uhash_base::engine! {
    /// The operations every Poly1305 backend implements (see the
    /// [module docs](self)); the default bodies are the portable code.
    pub(crate) trait Kernels: Copy {
        /// The scalar block interface (see the [module docs](self)):
        /// absorbs the whole 16-byte blocks of `data`, each with the 2^128
        /// bit when `hibit`.
        fn blocks(self, h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
            soft::blocks(h, r, data, hibit);
        }

        /// Whether [`Kernels::blocks`] is the portable kernel
        /// (`backend/soft.rs`) and [`Kernels::absorb`] runs it for every
        /// body shorter than [`crate::state::SHORT_BYTES`] without powers,
        /// so that a short message may take the portable code inlined
        /// (`crate::state::State::message`): `true` for the default bodies;
        /// every backend that overrides `blocks` returns `false`.
        fn short_is_soft(self) -> bool {
            true
        }

        /// A message's body: every whole block of `data` with the 2^128
        /// bit, `h` and `r` as for [`Kernels::blocks`]. `powers`: this
        /// backend's powers of r kept by a long-term key
        /// ([`Kernels::key_powers`], read only), or `None`, when a backend
        /// that uses powers computes them here if the message is long
        /// enough to repay them.
        fn absorb(self, h: &mut [u64; 3], r: &[u64; 2], powers: Option<&Powers>, data: &[u8]) {
            let _ = powers;
            self.blocks(h, r, data, true);
        }

        /// Computes into `out` the powers of `r` that a long-term key keeps
        /// for this backend; `false` (and `out` untouched) for a backend
        /// that keeps none.
        fn key_powers(self, r: &[u64; 2], out: &mut Powers) -> bool {
            let _ = (r, out);
            false
        }

        /// How many messages [`Kernels::batch8`] computes at once: 8 for a
        /// backend with one message per vector lane, 1 (the default) for
        /// one that computes them one by one.
        fn batch_lanes(self) -> usize {
            1
        }

        /// The Poly1305 tags of eight messages under eight keys (clamped
        /// r, pad s as an integer), each (h mod p + sᵢ) mod 2^128.
        fn batch8(self, r: &[[u64; 2]; 8], s: &[u128; 8], msgs: &[&[u8]; 8]) -> [[u8; 16]; 8] {
            core::array::from_fn(|i| {
                let mut h = [0u64; 3];
                let full = msgs[i].len() & !15;
                self.absorb(&mut h, &r[i], None, &msgs[i][..full]);
                partial(self, &mut h, &r[i], &msgs[i][full..]);
                let tag = finish(&h, s[i]);
                zeroize::Zeroize::zeroize(&mut h);
                tag
            })
        }
    }

    impl Kernels for Engine {
        detect: [
            #[cfg(target_arch = "x86_64")] Ifma,
            #[cfg(target_arch = "x86_64")] Avx512,
            #[cfg(target_arch = "x86_64")] Avx2,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))] Neon,
        ],
        portable: Soft,
        request: [
            Soft32,
            #[cfg(not(all(target_arch = "x86", not(target_feature = "sse2"))))] Float,
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] IfmaAsm,
            #[cfg(all(feature = "asm", target_arch = "x86_64"))] MulxAsm,
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))] NeonAsm,
            #[cfg(all(feature = "asm", target_arch = "aarch64", target_endian = "little"))]
            Aarch64Asm,
            #[cfg(all(feature = "asm", target_arch = "arm", target_endian = "little"))] Armv4Asm,
        ],
    }
}

/// The portable backend: every default body of [`Kernels`] (the code of
/// `backend/soft.rs`), nothing overridden. Written here, not in that file,
/// so that the portable bodies import nothing of the trait that calls them.
impl Kernels for uhash_base::backend::Soft {}

#[cfg(test)]
mod tests {
    //! Every backend's kernels against the portable ones at the
    //! representation level: every accumulator allowed on entry (h₂ ≤ 5,
    //! including h₂ = 5 with all-ones low limbs), both pad bits, unaligned
    //! data, lengths around every backend's steps and thresholds, and the
    //! exit bound h₂ ≤ 4.
    extern crate std;
    use super::*;
    use crate::clamp::r_limbs_clamped;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// `h` reduced to its canonical value (as bytes).
    fn canon(h: &[u64; 3]) -> [u8; 16] {
        finish(h, 0)
    }

    fn check(e: Engine, h: [u64; 3], r: [u8; 16], data: &[u8], hibit: bool) {
        let r = r_limbs_clamped(&r);
        let mut want = h;
        soft::blocks(&mut want, &r, data, hibit);
        let mut got = h;
        e.blocks(&mut got, &r, data, hibit);
        let bound = if data.len() >= 16 { 4 } else { h[2].max(4) };
        assert!(got[2] <= bound, "{e}: exit bound, h = {got:?}");
        assert_eq!(canon(&got), canon(&want), "{e} len {}", data.len());
        if !hibit {
            return;
        }
        let whole = &data[..data.len() & !15];
        let mut got = h;
        e.absorb(&mut got, &r, None, whole);
        assert!(got[2] <= bound, "{e}: exit bound (absorb), h = {got:?}");
        assert_eq!(canon(&got), canon(&want), "{e} absorb len {}", data.len());
        let mut powers = Powers::ZERO;
        let kept = e.key_powers(&r, &mut powers);
        let mut got = h;
        e.absorb(&mut got, &r, kept.then_some(&powers), whole);
        assert!(got[2] <= bound, "{e}: exit bound (keyed), h = {got:?}");
        assert_eq!(canon(&got), canon(&want), "{e} keyed len {}", data.len());
    }

    #[test]
    fn extremes() {
        let hs = [
            [0, 0, 0],
            [u64::MAX, u64::MAX, 4],
            [u64::MAX, u64::MAX, 5],
            [u64::MAX - 4, u64::MAX, 3],
            [0, 0, 5],
        ];
        for e in Engine::all_supported() {
            for h in hs {
                for fill in [0u8, 0xff] {
                    for r in [[0xffu8; 16], [0u8; 16], [1u8; 16]] {
                        // 1024..1408: 0 to 3 vectors after the last whole
                        // step of the one-accumulator loops (64-byte
                        // vectors on AVX2, 128-byte on AVX-512F); 16448:
                        // the prefetching path.
                        for len in [
                            0, 16, 32, 48, 64, 128, 256, 1024, 1040, 1088, 1152, 1216, 1280, 1408,
                            4096, 16448,
                        ] {
                            let data = std::vec![fill; len + 1];
                            for hibit in [false, true] {
                                check(e, h, r, &data[..len], hibit);
                                check(e, h, r, &data[1..], hibit);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Batches against the one-by-one path, on every backend.
    #[test]
    fn batch8_matches_one_by_one() {
        let msgs: Vec<Vec<u8>> = (0..8)
            .map(|i| std::vec![0xa5 ^ i as u8; 37 * i * i])
            .collect();
        let msgs: [&[u8]; 8] = core::array::from_fn(|i| msgs[i].as_slice());
        let r: [[u64; 2]; 8] = core::array::from_fn(|i| r_limbs_clamped(&[0xf0 | i as u8; 16]));
        let s: [u128; 8] = core::array::from_fn(|i| u128::MAX / (i as u128 + 1));
        let want = Engine::portable().batch8(&r, &s, &msgs);
        for e in Engine::all_supported() {
            assert_eq!(e.batch8(&r, &s, &msgs), want, "{e}");
            assert!(matches!(e.batch_lanes(), 1 | 8), "{e}");
        }
    }

    proptest! {
        #[test]
        fn equal_soft(
            h0: u64, h1: u64, h2 in 0u64..=5,
            r: [u8; 16],
            data in proptest::collection::vec(any::<u8>(), 0..2200),
            off in 0usize..16,
            hibit: bool,
        ) {
            let off = off.min(data.len());
            let copy: Vec<u8> = data[off..].to_vec();
            for e in Engine::all_supported() {
                check(e, [h0, h1, h2], r, &data[off..], hibit);
                check(e, [h0, h1, h2], r, &copy, hibit);
            }
        }
    }
}
