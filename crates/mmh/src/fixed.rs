//! The paper functions on raw keys and fixed-length messages.
//!
//! Conventions (those of `uhash-ref` and `uhash kat`):
//! * the message is `msg.len()/4` (MMH64: `/8`) little-endian words
//!   m₁, m₂, …; its length must be a whole, non-zero number of words (an
//!   even number for NMH32 and NH);
//! * the key is a slice of words x₁, x₂, … (`key[0]` is x₁); it may be longer
//!   than the function needs and is then used by its prefix (MMH §3.4,
//!   "Hashing short data items");
//! * checks happen in the order parameters (n), message length, key length,
//!   and every violation is a typed [`Error`]; nothing panics.

use uhash_core::{Error, p32, p64, toeplitz};

use crate::engine::{Engine32, Engine64};

/// The largest Toeplitz output count n.
pub const MAX_N: usize = 8;

/// The number of `word`-byte words of `msg`: at least one, even if `pairs`.
pub(crate) fn msg_words(msg: &[u8], word: usize, pairs: bool) -> Result<usize, Error> {
    let got = msg.len();
    if !got.is_multiple_of(word) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: if word == 4 {
                "not a whole number of 32-bit words"
            } else {
                "not a whole number of 64-bit words"
            },
        });
    }
    let k = got / word;
    if k == 0 {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold at least one word (k >= 1)",
        });
    }
    if pairs && !k.is_multiple_of(2) {
        return Err(Error::InvalidMessageLength {
            got,
            reason: "the message must hold an even number of words (word pairs)",
        });
    }
    Ok(k)
}

/// `Ok(())` if the key holds `needed` words.
pub(crate) fn key_words(key_len: usize, needed: usize) -> Result<(), Error> {
    if key_len < needed {
        Err(Error::KeyTooShort {
            needed,
            got: key_len,
        })
    } else {
        Ok(())
    }
}

/// `n` in 1..=[`MAX_N`].
fn check_n(n: usize) -> Result<(), Error> {
    if n == 0 || n > MAX_N {
        Err(Error::InvalidParameter {
            name: "n",
            reason: "the number of Toeplitz outputs must be in 1..=8",
        })
    } else {
        Ok(())
    }
}

impl Engine32 {
    /// MMH32 (MMH paper, **Definition 5**):
    /// h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^64] mod (2^32+15)] mod 2^32, for any
    /// k = `msg.len()/4` ≥ 1 words (the paper fixes k = 32; §3.1 says the
    /// approach is general). Key: at least k words, the first k are used.
    /// Output: 32 bits.
    ///
    /// **Bound** (Theorem 8, whose proof holds for any k): ε-AΔU with respect
    /// to subtraction mod 2^32, ε ≤ 6·2^-32, over a uniform key.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole non-zero number of
    /// words), [`Error::KeyTooShort`] (fewer than k key words).
    pub fn mmh32(self, key: &[u32], msg: &[u8]) -> Result<u32, Error> {
        let k = msg_words(msg, 4, false)?;
        key_words(key.len(), k)?;
        let [s] = self.mmh32_sums::<1>(key, msg);
        Ok(p32::reduce_to_u32(s))
    }

    /// MMH32 with the Toeplitz construction (MMH **§2.4**): n = `out.len()`
    /// ∈ 1..=8 outputs, output r (0-based) is MMH32 under the key shifted by
    /// r words, ⟨x_{r+1}, …, x_{r+k}⟩. Key: at least k + n − 1 words. Output:
    /// n × 32 bits in `out`.
    ///
    /// **Bound** (derived in the [crate docs](crate#toeplitz-mmh32)):
    /// ε-AΔU on (Z/2^32)^n with ε ≤ 2·4^(n−1)·3^n·2^(−32n) = ½·12^n·2^(−32n)
    /// (6·2^-32 for n = 1, 72·2^-64 for n = 2).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n outside 1..=8),
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn mmh32_toeplitz(self, key: &[u32], msg: &[u8], out: &mut [u32]) -> Result<(), Error> {
        let n = out.len();
        check_n(n)?;
        let k = msg_words(msg, 4, false)?;
        key_words(key.len(), toeplitz::key_words_needed(k, n, 1)?)?;
        let mut sums = [0u64; MAX_N];
        macro_rules! fill {
            ($($n:literal)+) => {
                match n {
                    $($n => sums[..$n].copy_from_slice(&self.mmh32_sums::<$n>(key, msg)),)+
                    _ => {}
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
        for (o, s) in out.iter_mut().zip(sums) {
            *o = p32::reduce_to_u32(s);
        }
        Ok(())
    }

    /// NMH32 (MMH paper, **Definition 10**):
    /// h_x(m) = [[[Σᵢ (m_{2i−1} ± x_{2i−1})(m_{2i} ± x_{2i})] mod 2^64]
    /// mod (2^32+15)] mod 2^32, ± being addition mod 2^32, for any even
    /// k = `msg.len()/4` ≥ 2. Key: at least k words. Output: 32 bits.
    ///
    /// **Bound** (derived in the [crate docs](crate#nmh32); the paper only
    /// says "ε close to 2^-32"): ε-AΔU mod 2^32 with ε ≤ 12·2^-32.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole, even, non-zero number of
    /// words), [`Error::KeyTooShort`].
    pub fn nmh32(self, key: &[u32], msg: &[u8]) -> Result<u32, Error> {
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), k)?;
        let [s] = self.nh_sums::<1>(key, msg);
        Ok(p32::reduce_to_u32(s))
    }

    /// NH (Black–Halevi–Krawczyk–Krovetz–Rogaway, UMAC, CRYPTO 1999) with
    /// 32-bit words over **adjacent** pairs:
    /// NH_K(M) = Σᵢ ((m_{2i−1} + k_{2i−1}) mod 2^32)·((m_{2i} + k_{2i}) mod
    /// 2^32) mod 2^64, for any even k = `msg.len()/4` ≥ 2. Key: at least k
    /// words. Output: 64 bits.
    ///
    /// **Bound** (UMAC paper, Theorem 1 for NH): ε-almost-universal
    /// (collisions only; NH is not Δ-universal) with ε = 2^-32.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn nh(self, key: &[u32], msg: &[u8]) -> Result<u64, Error> {
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), k)?;
        let [s] = self.nh_sums::<1>(key, msg);
        Ok(s)
    }

    /// NH with the Toeplitz construction (UMAC paper): n = `out.len()` ∈
    /// 1..=8 outputs, output r (0-based) is NH under the key shifted by 2r
    /// words (one word pair). Key: at least k + 2(n − 1) words. Output:
    /// n × 64 bits in `out`.
    ///
    /// **Bound** (UMAC paper, the Toeplitz theorem for NH): the n outputs
    /// collide together with probability at most 2^(−32n) (ε-AU, not AΔU).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n outside 1..=8),
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn nh_toeplitz(self, key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
        let n = out.len();
        check_n(n)?;
        let k = msg_words(msg, 4, true)?;
        key_words(key.len(), toeplitz::key_words_needed(k, n, 2)?)?;
        macro_rules! fill {
            ($($n:literal)+) => {
                match n {
                    $($n => out.copy_from_slice(&self.nh_sums::<$n>(key, msg)),)+
                    _ => {}
                }
            };
        }
        fill!(1 2 3 4 5 6 7 8);
        Ok(())
    }
}

impl Engine64 {
    /// MMH64 (MMH paper **§3.2**: "working on 64-bit words using a prime
    /// modulus which is slightly larger than 2^64 – e.g. 2^64 + 13"), with
    /// Definition 5's two modifications at double width:
    /// h_x(m) = [[[Σᵢ mᵢxᵢ] mod 2^128] mod (2^64+13)] mod 2^64, for any
    /// k = `msg.len()/8` ≥ 1 words. Key: at least k 64-bit words. Output: 64
    /// bits.
    ///
    /// **Bound** (derived in the [crate docs](crate#mmh64), the argument of
    /// Lemma 7 and Theorem 8 with 64-bit words): ε-AΔU mod 2^64 with
    /// ε ≤ 6·2^-64.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole non-zero number of 64-bit
    /// words), [`Error::KeyTooShort`].
    pub fn mmh64(self, key: &[u64], msg: &[u8]) -> Result<u64, Error> {
        let k = msg_words(msg, 8, false)?;
        key_words(key.len(), k)?;
        Ok(p64::reduce(self.mmh64_sum(key, msg)) as u64)
    }
}

/// MMH32 (Definition 5) of `msg` (k = `msg.len()/4` ≥ 1 little-endian
/// words) under the first k words of `key`; 32-bit output; ε = 6·2^-32-AΔU
/// (Theorem 8). [`Engine32::mmh32`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::mmh32`].
pub fn mmh32(key: &[u32], msg: &[u8]) -> Result<u32, Error> {
    Engine32::detect().mmh32(key, msg)
}

/// Toeplitz MMH32 (§2.4): n = `out.len()` ∈ 1..=8 outputs of 32 bits, key
/// k + n − 1 words; ε = ½·12^n·2^(−32n)-AΔU (crate docs).
/// [`Engine32::mmh32_toeplitz`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::mmh32_toeplitz`].
pub fn mmh32_toeplitz(key: &[u32], msg: &[u8], out: &mut [u32]) -> Result<(), Error> {
    Engine32::detect().mmh32_toeplitz(key, msg, out)
}

/// NMH32 (Definition 10) of `msg` (an even number k ≥ 2 of words) under k
/// key words; 32-bit output; ε = 12·2^-32-AΔU (crate docs).
/// [`Engine32::nmh32`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nmh32`].
pub fn nmh32(key: &[u32], msg: &[u8]) -> Result<u32, Error> {
    Engine32::detect().nmh32(key, msg)
}

/// NH (UMAC) of `msg` (an even number k ≥ 2 of words, adjacent pairs)
/// under k key words; 64-bit output; ε = 2^-32-AU (UMAC, Theorem 1).
/// [`Engine32::nh`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh`].
pub fn nh(key: &[u32], msg: &[u8]) -> Result<u64, Error> {
    Engine32::detect().nh(key, msg)
}

/// Toeplitz NH: n = `out.len()` ∈ 1..=8 outputs of 64 bits, the key
/// shifted by two words per output (k + 2(n − 1) words); ε = 2^(−32n)-AU
/// (UMAC's Toeplitz theorem). [`Engine32::nh_toeplitz`] with the fastest
/// backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh_toeplitz`].
pub fn nh_toeplitz(key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
    Engine32::detect().nh_toeplitz(key, msg, out)
}

/// MMH64 (§3.2, p = 2^64 + 13) of `msg` (k ≥ 1 little-endian 64-bit
/// words) under k key words; 64-bit output; ε = 6·2^-64-AΔU (crate docs).
/// [`Engine64::mmh64`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine64::mmh64`].
pub fn mmh64(key: &[u64], msg: &[u8]) -> Result<u64, Error> {
    Engine64::detect().mmh64(key, msg)
}
