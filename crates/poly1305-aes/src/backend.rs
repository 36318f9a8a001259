//! Backends and the per-message state they share.
//!
//! # The scalar block interface
//! Every scalar backend module exposes
//! `fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool)`:
//! it absorbs `data` (a multiple of 16 bytes) as blocks mᵢ, for each
//! h ← (h + mᵢ + hibit·2^128)·r mod p with p = 2^130 − 5, partially
//! reduced. `h` is h₀ + 2^64·h₁ + 2^128·h₂ (little-endian 64-bit limbs)
//! and satisfies h < 2^130 + 2^128 (h₂ ≤ 5) on entry and exit — any
//! representative, not necessarily below p. `r` is the clamped r as two
//! little-endian 64-bit limbs. The caller pads a final partial block itself
//! (bytes, then 0x01, then zeros, with `hibit = false`), freezes h mod p and
//! adds s.
//!
//! SIMD backends have their own interface (the powers r^1..r^16 computed
//! once per message and kept in [`State`]) and return h in the same form,
//! so a message can move from SIMD to scalar code for its tail.

#[cfg(feature = "asm")]
pub(crate) mod asm;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
pub(crate) mod float;
#[cfg(target_arch = "x86_64")]
pub(crate) mod ifma;
#[cfg(all(feature = "asm", target_arch = "x86_64"))]
pub(crate) mod ifma_asm;
#[allow(dead_code)] // unused on targets with no radix-2^26 path
pub(crate) mod limbs26;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
pub(crate) mod neon;
pub(crate) mod soft32;
pub(crate) mod soft64;

use uhash_core::{Backend, Error};
use zeroize::Zeroize;

/// The backends this crate implements, fastest first (the order
/// [`crate::detect`] tries them in), then [`Backend::Asm`] (the
/// hand-written kernels of feature `asm`), which is only ever chosen on
/// request: ask for it with `new_with_backend` / `with_backend`, which
/// answer [`Error::UnsupportedBackend`] when this build did not assemble
/// the kernels or the CPU lacks their instructions
/// ([`Backend::is_supported`] cannot know and answers `false`).
pub const SUPPORTED: &[Backend] = &[
    Backend::Ifma,
    Backend::Avx512,
    Backend::Avx2,
    Backend::Neon,
    Backend::Soft,
    Backend::Soft32,
    Backend::Float,
    Backend::Asm,
];

/// A backend that this CPU can run, with the witness of its features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    Soft,
    Soft32,
    Float,
    #[cfg(target_arch = "x86_64")]
    Ifma(uhash_core::backend::Ifma),
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_core::backend::Avx512),
    #[cfg(target_arch = "x86_64")]
    Avx2(uhash_core::backend::Avx2),
    #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
    Neon(uhash_core::backend::Neon),
    #[cfg(feature = "asm")]
    Asm(asm::AsmImp),
}

impl Engine {
    /// The fastest backend of this CPU.
    #[inline]
    pub(crate) fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        if let Some(w) = uhash_core::backend::Ifma::detect() {
            return Engine::Ifma(w);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(w) = uhash_core::backend::Avx512::detect() {
            return Engine::Avx512(w);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(w) = uhash_core::backend::Avx2::detect() {
            return Engine::Avx2(w);
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        if let Some(w) = uhash_core::backend::Neon::detect() {
            return Engine::Neon(w);
        }
        Engine::Soft
    }

    /// `backend`, if this crate implements it and the CPU supports it.
    pub(crate) fn force(backend: Backend) -> Result<Self, Error> {
        match backend {
            Backend::Soft => Ok(Engine::Soft),
            Backend::Soft32 => Ok(Engine::Soft32),
            // Exact only where f64 arithmetic is IEEE binary64 without
            // extended precision (not 32-bit x86 without SSE2).
            Backend::Float if float::EXACT => Ok(Engine::Float),
            #[cfg(target_arch = "x86_64")]
            Backend::Ifma => uhash_core::backend::Ifma::detect()
                .map(Engine::Ifma)
                .ok_or(Error::UnsupportedBackend(backend)),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => uhash_core::backend::Avx512::detect()
                .map(Engine::Avx512)
                .ok_or(Error::UnsupportedBackend(backend)),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => uhash_core::backend::Avx2::detect()
                .map(Engine::Avx2)
                .ok_or(Error::UnsupportedBackend(backend)),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Backend::Neon => uhash_core::backend::Neon::detect()
                .map(Engine::Neon)
                .ok_or(Error::UnsupportedBackend(backend)),
            #[cfg(feature = "asm")]
            Backend::Asm => asm::AsmImp::detect()
                .map(Engine::Asm)
                .ok_or(Error::UnsupportedBackend(backend)),
            _ => Err(Error::UnsupportedBackend(backend)),
        }
    }

    /// Which backend this is.
    pub(crate) fn backend(self) -> Backend {
        match self {
            Engine::Soft => Backend::Soft,
            Engine::Soft32 => Backend::Soft32,
            Engine::Float => Backend::Float,
            #[cfg(target_arch = "x86_64")]
            Engine::Ifma(_) => Backend::Ifma,
            #[cfg(target_arch = "x86_64")]
            Engine::Avx512(_) => Backend::Avx512,
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2(_) => Backend::Avx2,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Engine::Neon(_) => Backend::Neon,
            #[cfg(feature = "asm")]
            Engine::Asm(_) => Backend::Asm,
        }
    }
}

/// The reason of the [`Error::InvalidKey`] for an r outside the paper's
/// 2^106 keys (worded as `uhash-ref`'s, so that `uhash kat` answers alike).
pub(crate) const UNCLAMPED_R: &str = "r is not a Poly1305-AES key: r[3], r[7], r[11], r[15] must be < 16 \
     and r[4], r[8], r[12] must be multiples of 4";

/// The clamped r as two little-endian 64-bit limbs, or `None` if a bit
/// that Bernstein §2 requires to be 0 is set.
#[inline]
pub(crate) fn r_limbs_checked(r: &[u8; 16]) -> Option<[u64; 2]> {
    let v = u128::from_le_bytes(*r);
    // r[3], r[7], r[11], r[15] < 16; r[4], r[8], r[12] ≡ 0 (mod 4).
    const MASK: u128 = 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;
    // Not secret-dependent in a way that matters: the key is rejected as a
    // whole, and the test is a single comparison of the masked bits.
    (v & !MASK == 0).then_some([v as u64, (v >> 64) as u64])
}

/// `clamp(r)` (RFC 8439) as two little-endian 64-bit limbs.
#[inline]
pub(crate) fn r_limbs_clamped(r: &[u8; 16]) -> [u64; 2] {
    let v = u128::from_le_bytes(*r) & 0x0fff_fffc_0fff_fffc_0fff_fffc_0fff_ffff;
    [v as u64, (v >> 64) as u64]
}

/// (h mod p + s) mod 2^128, little-endian; h < 2^130 + 2^128.
#[inline]
pub(crate) fn finish(h: &[u64; 3], s: u128) -> [u8; 16] {
    let [h0, h1, h2] = *h;
    // g = h + 5; h ≥ p iff g ≥ 2^130, and then h − p = g − 2^130 < 2^130.
    let t0 = u128::from(h0) + 5;
    let t1 = u128::from(h1) + (t0 >> 64);
    let g2 = h2 + (t1 >> 64) as u64;
    let use_g = 0u128.wrapping_sub(u128::from(g2 >> 2)); // g2 ≤ 6
    let h = u128::from(h0) | u128::from(h1) << 64;
    let g = (t0 as u64) as u128 | ((t1 as u64) as u128) << 64;
    let low = (h & !use_g) | (g & use_g);
    low.wrapping_add(s).to_le_bytes()
}

/// A final chunk of 1..=15 bytes (longer input: its first 15) read
/// little-endian plus 2^(8·len), without a call to `memcpy`: pieces of 8,
/// 4, 2 and 1 bytes chosen by the (public) length.
#[inline(always)]
pub(crate) fn pad_partial(tail: &[u8]) -> u128 {
    let n = tail.len().min(15);
    let mut v = 0u128;
    let mut off = 0;
    if n & 8 != 0 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&tail[off..off + 8]);
        v |= u128::from(u64::from_le_bytes(w)) << (8 * off);
        off += 8;
    }
    if n & 4 != 0 {
        let mut w = [0u8; 4];
        w.copy_from_slice(&tail[off..off + 4]);
        v |= u128::from(u32::from_le_bytes(w)) << (8 * off);
        off += 4;
    }
    if n & 2 != 0 {
        let mut w = [0u8; 2];
        w.copy_from_slice(&tail[off..off + 2]);
        v |= u128::from(u16::from_le_bytes(w)) << (8 * off);
        off += 2;
    }
    if n & 1 != 0 {
        v |= u128::from(tail[off]) << (8 * off);
    }
    v | 1u128 << (8 * n)
}

/// Messages shorter than this take the scalar path on IFMA machines
/// (measured with `poly1305_appendix_b`: at 128..224 bytes the IFMA path
/// costs 165..245 cycles against 129..216 for soft, at 256 bytes 211
/// against 245).
#[cfg(target_arch = "x86_64")]
pub(crate) const IFMA_MIN_BYTES: usize = 256;

/// The per-message state: accumulator, clamped r, the backend, and the
/// powers of r a SIMD backend computed for this message (zeros until then:
/// not an `Option`, whose uninitialised payload would carry stack bytes
/// along when the state is moved; see [`KeyPowers`]).
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) h: [u64; 3],
    pub(crate) r: [u64; 2],
    pub(crate) engine: Engine,
    #[cfg(target_arch = "x86_64")]
    powers: ifma::Powers,
    #[cfg(target_arch = "x86_64")]
    has_powers: bool,
}

impl State {
    #[inline]
    pub(crate) fn new(r: [u64; 2], engine: Engine) -> Self {
        Self {
            h: [0; 3],
            r,
            engine,
            #[cfg(target_arch = "x86_64")]
            powers: ifma::Powers::ZERO,
            #[cfg(target_arch = "x86_64")]
            has_powers: false,
        }
    }

    /// Absorbs whole blocks (`data.len()` a multiple of 16; a shorter tail
    /// is ignored) with the 2^128 bit set.
    #[inline]
    pub(crate) fn blocks(&mut self, data: &[u8]) {
        self.absorb(data, false);
    }

    /// [`Self::blocks`]; `last` says no more whole blocks follow, so SIMD
    /// powers need not be kept.
    #[inline]
    fn absorb(&mut self, data: &[u8], last: bool) {
        let _ = last; // only the IFMA path keeps powers
        let data = &data[..data.len() & !15];
        match self.engine {
            Engine::Soft => soft64::blocks(&mut self.h, &self.r, data, true),
            Engine::Soft32 => soft32::blocks(&mut self.h, &self.r, data, true),
            Engine::Float => float::blocks(&mut self.h, &self.r, data, true),
            #[cfg(target_arch = "x86_64")]
            Engine::Ifma(w) => {
                let rest = if data.len() >= IFMA_MIN_BYTES {
                    let done = if !self.has_powers && last {
                        ifma::blocks_once(w, &mut self.h, &self.r, data)
                    } else {
                        if !self.has_powers {
                            self.powers = ifma::Powers::new(w, &self.r);
                            self.has_powers = true;
                        }
                        ifma::blocks(w, &mut self.h, &self.powers, data)
                    };
                    &data[done..]
                } else {
                    data
                };
                soft64::blocks(&mut self.h, &self.r, rest, true);
            }
            #[cfg(target_arch = "x86_64")]
            Engine::Avx512(w) => {
                let done = if data.len() >= RADIX26_MIN_BYTES {
                    avx512::blocks(w, &mut self.h, &self.r, data)
                } else {
                    0
                };
                soft64::blocks(&mut self.h, &self.r, &data[done..], true);
            }
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2(w) => {
                let done = if data.len() >= RADIX26_MIN_BYTES {
                    avx2::blocks(w, &mut self.h, &self.r, data)
                } else {
                    0
                };
                soft64::blocks(&mut self.h, &self.r, &data[done..], true);
            }
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Engine::Neon(w) => {
                let done = if data.len() >= RADIX26_MIN_BYTES {
                    neon::blocks(w, &mut self.h, &self.r, data)
                } else {
                    0
                };
                soft64::blocks(&mut self.h, &self.r, &data[done..], true);
            }
            #[cfg(feature = "asm")]
            Engine::Asm(a) => a.absorb(&mut self.h, &self.r, data),
        }
    }

    /// Absorbs a final chunk of 1..=15 bytes (padded with 0x01 and zeros,
    /// no 2^128 bit); an empty chunk is ignored.
    #[inline]
    pub(crate) fn partial(&mut self, tail: &[u8]) {
        if tail.is_empty() {
            return;
        }
        let block = pad_partial(tail).to_le_bytes();
        match self.engine {
            Engine::Soft32 => soft32::blocks(&mut self.h, &self.r, &block, false),
            Engine::Float => float::blocks(&mut self.h, &self.r, &block, false),
            #[cfg(feature = "asm")]
            Engine::Asm(a) => a.blocks(&mut self.h, &self.r, &block, false),
            _ => soft64::blocks(&mut self.h, &self.r, &block, false),
        }
    }

    /// A whole message: its blocks, then its padded tail.
    #[inline]
    pub(crate) fn message(&mut self, msg: &[u8]) {
        let full = msg.len() & !15;
        self.absorb(&msg[..full], true);
        self.partial(&msg[full..]);
    }

    /// The tag with pad s.
    #[inline]
    pub(crate) fn finish(&self, s: u128) -> [u8; 16] {
        finish(&self.h, s)
    }
}

/// Messages shorter than this take the scalar path on the radix-2^26
/// backends (AVX2, AVX-512F, NEON), whose powers are computed per call
/// with scalar arithmetic (measured with `poly1305_appendix_b` on x86-64:
/// at 512 bytes AVX2 took 549 cycles and AVX-512F 647 against 498 for
/// soft, at 1024 bytes 865 and 907 against 984; NEON uses the same
/// threshold unmeasured). Those AVX2 figures predate its two-accumulator
/// loop; with it, on an AMD EPYC Zen 3 (`poly1305_appendix_b --backend
/// avx2`, one noisy run) 1024 bytes take 722 cycles against 960 for soft.
/// Re-measured there with the AVX2 threshold lowered to 128 bytes (three
/// runs, Poly1305-AES cycles per message, AVX2 / soft): 128 B 400–560 /
/// 222–243, 512 B 695–913 / 575–649, 768 B 665–1018 / 797–921, 1024 B
/// 941–1192 / 1049–1431 — the break-even is near 1024 bytes, so the
/// threshold stays. The fixed cost is the setup, not the loop: callgrind
/// counts ~930 instructions of powers, final lane multiplications and
/// sums per call against ~250 per 128-byte step.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_endian = "little")
))]
pub(crate) const RADIX26_MIN_BYTES: usize = 1024;

/// Powers of r computed once for a long-term key (opt-in: see
/// [`crate::Poly1305WithPowers`]); zeros when the backend uses none.
///
/// Not an `Option`: the payload of a `None` is uninitialised, and moving
/// the value copies whatever the stack held there (a key window was found
/// that way by `tests/wipe.rs`), beyond the reach of the wipe on drop.
#[derive(Clone)]
pub(crate) struct KeyPowers {
    #[cfg(target_arch = "x86_64")]
    ifma: ifma::Powers,
    #[cfg(target_arch = "x86_64")]
    has_ifma: bool,
}

impl KeyPowers {
    pub(crate) fn new(engine: Engine, r: &[u64; 2]) -> Self {
        let _ = (engine, r);
        #[cfg(target_arch = "x86_64")]
        let (ifma, has_ifma) = match engine {
            Engine::Ifma(w) => (ifma::Powers::new(w, r), true),
            _ => (ifma::Powers::ZERO, false),
        };
        Self {
            #[cfg(target_arch = "x86_64")]
            ifma,
            #[cfg(target_arch = "x86_64")]
            has_ifma,
        }
    }

    /// h of a whole message (blocks and padded tail) under r, using the
    /// stored powers.
    #[inline]
    pub(crate) fn message(&self, engine: Engine, r: &[u64; 2], msg: &[u8]) -> [u64; 3] {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut h = [0u64; 3];
        let full = msg.len() & !15;
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut rest = &msg[..full];
        #[cfg(target_arch = "x86_64")]
        if let Engine::Ifma(w) = engine
            && self.has_ifma
            && rest.len() >= IFMA_MIN_BYTES_CACHED
        {
            let done = ifma::blocks(w, &mut h, &self.ifma, rest);
            rest = &rest[done..];
        }
        let mut st = State::new(*r, engine);
        st.h = h;
        st.absorb(rest, true);
        st.partial(&msg[full..]);
        st.h
    }
}

impl Drop for KeyPowers {
    fn drop(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if self.has_ifma {
            self.ifma.zeroize();
        }
    }
}

/// With powers already computed, the IFMA path pays off from 128 bytes
/// (one masked or full 8-lane step against eight scalar blocks).
#[cfg(target_arch = "x86_64")]
pub(crate) const IFMA_MIN_BYTES_CACHED: usize = 128;

impl Drop for State {
    fn drop(&mut self) {
        self.h.zeroize();
        self.r.zeroize();
        // Zeros until computed: only computed powers need the (volatile,
        // 48-store) wipe; the flag is not secret.
        #[cfg(target_arch = "x86_64")]
        if self.has_powers {
            self.powers.zeroize();
        }
    }
}
