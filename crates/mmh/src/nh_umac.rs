//! NH as RFC 4418 (UMAC, §5.1.2) defines it: word j of each 32-byte block
//! paired with word j + 4, and its Toeplitz form with the key shifted by 4
//! words (16 bytes) per output — the level-1 hash of the `umac` crate.

use uhash_base::Error;

use crate::args::{check_n, key_words};
use crate::kernels::{Engine32, Kernels32};

/// Bytes of message per kernel call of the paper functions (one UMAC
/// chunk), so that the key layout of a piece fits on the stack.
const PIECE: usize = 1024;
/// Words of the (even, odd) layout of a piece's key, for n ≤ 8 outputs:
/// (256 + 4·7)/4 = 71 quarters, at most 36 in either half.
const HALF_WORDS: usize = 4 * 36;

/// The (even, odd) quarter layout of `Kernels32::nh_umac_sums` from the
/// natural key words `key` (quarter q = `key[4q..4q + 4]` goes to `even` at
/// words 4·(q/2).. for even q, to `odd` at 4·(q/2).. for odd q).
///
/// # Errors
/// [`Error::InvalidParameter`] unless `key` is a whole number q of
/// quarters, `even` holds 4·⌈q/2⌉ words and `odd` 4·⌊q/2⌋.
pub fn nh_umac_key_layout(key: &[u32], even: &mut [u32], odd: &mut [u32]) -> Result<(), Error> {
    let q = key.len() / 4;
    if !key.len().is_multiple_of(4) || even.len() != 4 * q.div_ceil(2) || odd.len() != 4 * (q / 2) {
        return Err(Error::InvalidParameter {
            name: "key",
            reason: "a whole number q of 4-word quarters; even 4·⌈q/2⌉ words, odd 4·⌊q/2⌋",
        });
    }
    let (quarters, _) = key.as_chunks::<4>();
    let (e, _) = even.as_chunks_mut::<4>();
    let (o, _) = odd.as_chunks_mut::<4>();
    for (i, quarter) in quarters.iter().enumerate() {
        if i % 2 == 0 {
            e[i / 2] = *quarter;
        } else {
            o[i / 2] = *quarter;
        }
    }
    Ok(())
}

impl Engine32 {
    /// NH as RFC 4418 defines it (UMAC's L1, **§5.1.2**): for a message of
    /// k = `msg.len()/32` ≥ 1 blocks of eight little-endian 32-bit words,
    /// NH_K(M) = Σ_b Σ_{j<4} ((m_{8b+j} + k_{8b+j}) mod 2^32)·((m_{8b+j+4} +
    /// k_{8b+j+4}) mod 2^32) mod 2^64: word j of each block paired with word
    /// j + 4 (the UMAC paper's [`Engine32::nh`] pairs adjacent words; the two
    /// are the same function of a permuted message). Key: at least 8k
    /// native words (the RFC reads key bytes big-endian: convert them
    /// first). Output: 64 bits.
    ///
    /// **Bound** (UMAC paper, Theorem 1, with the pairs renamed): ε = 2^-32-
    /// almost-universal on equal-length messages (collisions only).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (not a whole non-zero number of
    /// 32-byte blocks), [`Error::KeyTooShort`].
    pub fn nh_umac(self, key: &[u32], msg: &[u8]) -> Result<u64, Error> {
        let mut out = [0u64];
        self.nh_umac_toeplitz(key, msg, &mut out)?;
        Ok(out[0])
    }

    /// RFC 4418's NH with the Toeplitz shift of UHASH's iterations: n =
    /// `out.len()` ∈ 1..=8 outputs, output r (0-based) is
    /// [`Engine32::nh_umac`] under the key shifted by 4r words (16 bytes, the
    /// RFC's `L1Key_i`). Key: at least 8k + 4(n − 1) words.
    ///
    /// **Bound**: the n outputs collide together with probability at most
    /// 2^(−32n) (the Toeplitz theorem of the UMAC paper).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (n outside 1..=8),
    /// [`Error::InvalidMessageLength`], [`Error::KeyTooShort`].
    pub fn nh_umac_toeplitz(self, key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
        let n = out.len();
        check_n(n)?;
        if msg.is_empty() || !msg.len().is_multiple_of(32) {
            return Err(Error::InvalidMessageLength {
                got: msg.len(),
                reason: "not a whole, non-zero number of 32-byte blocks",
            });
        }
        key_words(key.len(), msg.len() / 4 + 4 * (n - 1))?;
        out.fill(0);
        let mut even = [0u32; HALF_WORDS];
        let mut odd = [0u32; HALF_WORDS];
        for (i, piece) in msg.chunks(PIECE).enumerate() {
            // The piece's key: its words and the 4(n − 1) of the later windows.
            let k = &key[i * PIECE / 4..i * PIECE / 4 + piece.len() / 4 + 4 * (n - 1)];
            let q = k.len() / 4;
            let (e, o) = (&mut even[..4 * q.div_ceil(2)], &mut odd[..4 * (q / 2)]);
            nh_umac_key_layout(k, e, o)?;
            macro_rules! add {
                ($($n:literal)+) => {
                    match n {
                        $($n => {
                            let s = self.nh_umac_sums::<$n>(e, o, piece);
                            for (acc, s) in out.iter_mut().zip(s) {
                                *acc = acc.wrapping_add(s);
                            }
                        })+
                        _ => {}
                    }
                };
            }
            add!(1 2 3 4 5 6 7 8);
        }
        Ok(())
    }
}

/// RFC 4418's NH (pairs j, j + 4 of each 32-byte block) of `msg` (k ≥ 1
/// blocks) under 8k native key words; 64-bit output; ε = 2^-32-AU.
/// [`Engine32::nh_umac`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh_umac`].
pub fn nh_umac(key: &[u32], msg: &[u8]) -> Result<u64, Error> {
    Engine32::detect().nh_umac(key, msg)
}

/// RFC 4418's NH in n = `out.len()` ∈ 1..=8 Toeplitz outputs, the key
/// shifted by 4 words per output (8k + 4(n − 1) words).
/// [`Engine32::nh_umac_toeplitz`] with the fastest backend of this CPU.
///
/// # Errors
/// As [`Engine32::nh_umac_toeplitz`].
pub fn nh_umac_toeplitz(key: &[u32], msg: &[u8], out: &mut [u64]) -> Result<(), Error> {
    Engine32::detect().nh_umac_toeplitz(key, msg, out)
}
