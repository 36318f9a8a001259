//! The paper functions on raw keys and fixed-length messages.
//!
//! Conventions (those of `uhash-ref` and `uhash kat`):
//! * the message is t = `msg.len()/(b/8)` little-endian b-bit words
//!   m₁, m₂, … (m₁ = the first b/8 bytes); its length must be a whole,
//!   non-zero number of words (Theorems 1–3 are stated for t ≥ 1);
//! * the key is a slice of words k₁, k₂, … (`key[0]` is k₁); digest reads
//!   k₁ … k_{t+1}, digestMW with n outputs k₁ … k_{t+n}; a longer key is
//!   used by its prefix;
//! * checks happen in the order parameters (n, bits), message length, key
//!   length, and every violation is a typed [`Error`]; nothing panics.

use uhash_core::Error;

use crate::engine::Engine;
use crate::soft;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// A digest word: `u16`, `u32` or `u64` (b = 16, 32, 64). Sealed.
///
/// b = 32 runs on the backend of the [`Engine`]; b = 16 and b = 64 always
/// run the portable code.
pub trait Word: sealed::Sealed + Copy + Default + Eq + core::fmt::Debug + 'static {
    /// b, the word width in bits.
    const BITS: u32;
    /// b/8, the word width in bytes.
    const BYTES: usize;
    /// The word of `bytes` (exactly [`Word::BYTES`] of them), little-endian.
    #[doc(hidden)]
    fn read_le(bytes: &[u8]) -> Self;
    /// The value, zero-extended.
    #[doc(hidden)]
    fn to_u64(self) -> u64;
    /// The low b bits of `v`.
    #[doc(hidden)]
    fn from_u64(v: u64) -> Self;
    /// digestMW sums into `out` (lengths already checked).
    #[doc(hidden)]
    fn mw_sums(engine: Engine, key: &[Self], msg: &[u8], out: &mut [Self]);
}

macro_rules! portable_word {
    ($t:ty, $bits:literal) => {
        impl Word for $t {
            const BITS: u32 = $bits;
            const BYTES: usize = $bits / 8;
            #[inline(always)]
            fn read_le(bytes: &[u8]) -> Self {
                bytes.try_into().map_or(0, <$t>::from_le_bytes)
            }
            #[inline(always)]
            fn to_u64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            fn mw_sums(_engine: Engine, key: &[Self], msg: &[u8], out: &mut [Self]) {
                soft::mw_sums_generic(key, msg, out);
            }
        }
    };
}
portable_word!(u16, 16);
portable_word!(u64, 64);

impl Word for u32 {
    const BITS: u32 = 32;
    const BYTES: usize = 4;
    #[inline(always)]
    fn read_le(bytes: &[u8]) -> Self {
        bytes.try_into().map_or(0, u32::from_le_bytes)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        v as u32
    }
    fn mw_sums(engine: Engine, key: &[Self], msg: &[u8], out: &mut [Self]) {
        macro_rules! fill {
            ($($n:literal)+) => {
                match out.len() {
                    $($n => out.copy_from_slice(&engine.mw32_sums::<$n>(key, msg)),)+
                    _ => soft::mw_sums_generic(key, msg, out),
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
    }
}

/// The number t ≥ 1 of `W` words in `msg`.
pub(crate) fn msg_words<W: Word>(msg: &[u8]) -> Result<usize, Error> {
    let got = msg.len();
    if !got.is_multiple_of(W::BYTES) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: match W::BITS {
                16 => "not a whole number of 16-bit words",
                32 => "not a whole number of 32-bit words",
                _ => "not a whole number of 64-bit words",
            },
        });
    }
    if got == 0 {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold at least one word (t >= 1)",
        });
    }
    Ok(got / W::BYTES)
}

/// `Ok(())` if a key of `got` words covers t + n words.
pub(crate) fn check_key(got: usize, t: usize, n: usize) -> Result<(), Error> {
    let needed = t.checked_add(n).ok_or(Error::InvalidParameter {
        name: "n",
        reason: "t + n overflows",
    })?;
    if got < needed {
        Err(Error::KeyTooShort { needed, got })
    } else {
        Ok(())
    }
}

impl Engine {
    /// digestMW (Nguyen–Roscoe **§3.3, Fig. 2, Theorem 3**) with
    /// n = `out.len()` ≥ 1 output words of b bits:
    ///
    /// d_i = Σ_{j=1}^{t} [m_j·k_{i+j−1} + (m_j·k_{i+j} div 2^b)] mod 2^b,
    /// i = 1..n, and `out` = ⟨d₁, …, d_n⟩.
    ///
    /// Key: t + n words ("an (M + bn)-bit key"). Each word product
    /// m_j·k_{j+s} serves two adjacent outputs (its low half d_{s+1}, its
    /// high half d_s), so a message word costs n + 1 multiplications.
    ///
    /// **Bound** (Theorem 3): for equal-length m ≠ m′, over a uniform key,
    /// Pr(collision) ≤ ε_c = 2^(n−nb) and Pr(digestMW = y) ≤ ε_d = 2^(−nb)
    /// (§3.3 Remarks: the proof also gives ε_c-AΔU).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n = 0), [`Error::InvalidMessageLength`]
    /// (not a whole, non-zero number of words), [`Error::KeyTooShort`]
    /// (fewer than t + n key words).
    pub fn digest_mw<W: Word>(self, key: &[W], msg: &[u8], out: &mut [W]) -> Result<(), Error> {
        let n = out.len();
        if n == 0 {
            return Err(Error::InvalidParameter {
                name: "n",
                reason: "digestMW needs at least one output word",
            });
        }
        let t = msg_words::<W>(msg)?;
        check_key(key.len(), t, n)?;
        W::mw_sums(self, key, msg, out);
        Ok(())
    }

    /// digest (Nguyen–Roscoe **Eq. (1), Theorem 1**):
    ///
    /// digest(k, m) = Σ_{i=1}^{t} [m_i·k_i + (m_i·k_{i+1} div 2^b)] mod 2^b,
    ///
    /// with b-bit words, key k₁ … k_{t+1} ("an (M + b)-bit key"), b-bit
    /// output.
    ///
    /// **Bound** (Theorem 1, any t, b ≥ 1): ε_c = 2^(1−b) on equal-length
    /// inputs, ε_d = 2^(−b); both tight (§3.2 Remarks: for b = 7 the worst
    /// pair collides with probability 1.875·2^-7).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`] (fewer than
    /// t + 1 key words).
    pub fn digest<W: Word>(self, key: &[W], msg: &[u8]) -> Result<W, Error> {
        let mut out = [W::default()];
        self.digest_mw(key, msg, &mut out)?;
        Ok(out[0])
    }

    /// trunc_{b′}(digest(k, m)) (Nguyen–Roscoe **Eq. (4), Theorem 2**): the
    /// b′ = `bits` least significant bits of [`Engine::digest`], i.e. the
    /// same sum mod 2^{b′}. Key t + 1 words; output b′ bits (in a `W`).
    ///
    /// **Bound** (Theorem 2, b′ ∈ 1..b−1): ε_c = 2^(1−b′), ε_d = 2^(−b′).
    /// `bits = b` is also accepted (no truncation: Theorem 1).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (`bits` outside 1..=b), then as
    /// [`Engine::digest`].
    pub fn digest_trunc<W: Word>(self, key: &[W], msg: &[u8], bits: u32) -> Result<W, Error> {
        if bits == 0 || bits > W::BITS {
            return Err(Error::InvalidParameter {
                name: "bits",
                reason: "the truncated width b' must be in 1..=b",
            });
        }
        let d = self.digest(key, msg)?.to_u64();
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        Ok(W::from_u64(d & mask))
    }
}

/// digest (Eq. (1), Theorem 1: ε_c = 2^(1−b), ε_d = 2^(−b)) of `msg`
/// (t ≥ 1 little-endian b-bit words, b = 16, 32 or 64 by the key's word
/// type) under key words k₁ … k_{t+1}; b-bit output.
/// [`Engine::digest`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine::digest`].
pub fn digest<W: Word>(key: &[W], msg: &[u8]) -> Result<W, Error> {
    Engine::detect().digest(key, msg)
}

/// digestMW (§3.3, Theorem 3: ε_c = 2^(n−nb), ε_d = 2^(−nb)) with
/// n = `out.len()` output words, key t + n words.
/// [`Engine::digest_mw`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine::digest_mw`].
pub fn digest_mw<W: Word>(key: &[W], msg: &[u8], out: &mut [W]) -> Result<(), Error> {
    Engine::detect().digest_mw(key, msg, out)
}

/// trunc_{b′}(digest) (Eq. (4), Theorem 2: ε_c = 2^(1−b′), ε_d = 2^(−b′)),
/// b′ = `bits` ∈ 1..=b. [`Engine::digest_trunc`] with the fastest backend
/// of this CPU.
///
/// # Errors
/// As [`Engine::digest_trunc`].
pub fn digest_trunc<W: Word>(key: &[W], msg: &[u8], bits: u32) -> Result<W, Error> {
    Engine::detect().digest_trunc(key, msg, bits)
}
