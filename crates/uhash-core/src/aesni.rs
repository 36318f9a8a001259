//! One AES-128 block with AES-NI: the Wegman–Carter pad of
//! [`crate::mac::WegmanCarter`], one block per message for tags up to 16
//! bytes.
//!
//! The `aes` crate's own x86 path, on CPUs with VAES, broadcasts all eleven
//! round keys into 512-bit registers on every call, even for a single
//! block; that costs about 160 TSC cycles per block here, as much as level
//! 2 and 3 of a 64 KiB message together. This module keeps the expanded
//! key as eleven 128-bit round keys and runs the ten rounds directly (about
//! 40 cycles). It is the same function, AES-128 (FIPS 197): the tests
//! compare it with the `aes` crate on random keys and blocks.
#![allow(unsafe_code)] // AES-NI intrinsics and 128-bit loads/stores.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::backend::Aesni;

/// An expanded AES-128 key for AES-NI (zeroized on drop, never printed).
#[derive(Clone)]
pub struct Aes128Ni {
    rk: [[u8; 16]; 11],
    witness: Aesni,
}

/// One round-key step of the AES-128 key schedule (FIPS 197 §5.2) with
/// `aeskeygenassist`; expanded in place so that it is compiled with the
/// enclosing function's features.
macro_rules! next_round_key {
    ($prev:expr, $rcon:literal) => {{
        let prev = $prev;
        let assist = _mm_shuffle_epi32::<0xff>(_mm_aeskeygenassist_si128::<$rcon>(prev));
        let mut k = prev;
        k = _mm_xor_si128(k, _mm_slli_si128::<4>(k));
        k = _mm_xor_si128(k, _mm_slli_si128::<4>(k));
        k = _mm_xor_si128(k, _mm_slli_si128::<4>(k));
        _mm_xor_si128(k, assist)
    }};
}

// `aesni_fn!` is macro-expanded inside `backend`, so it cannot be named
// from here; the attributes are written out, and a test checks that they
// are `Aesni::FEATURES`.

/// The eleven round keys of `key`.
///
/// # Safety
/// The CPU must support the [`Aesni`] feature set.
#[target_feature(enable = "aes")]
#[target_feature(enable = "sse2")]
unsafe fn expand(key: &[u8; 16]) -> [[u8; 16]; 11] {
    // SAFETY: a 16-byte unaligned load from a 16-byte array.
    let mut k = unsafe { _mm_loadu_si128(key.as_ptr().cast()) };
    let mut rk = [[0u8; 16]; 11];
    macro_rules! store {
        ($i:literal) => {
            // SAFETY: a 16-byte unaligned store into a 16-byte array.
            unsafe { _mm_storeu_si128(rk[$i].as_mut_ptr().cast(), k) };
        };
    }
    store!(0);
    k = next_round_key!(k, 0x01);
    store!(1);
    k = next_round_key!(k, 0x02);
    store!(2);
    k = next_round_key!(k, 0x04);
    store!(3);
    k = next_round_key!(k, 0x08);
    store!(4);
    k = next_round_key!(k, 0x10);
    store!(5);
    k = next_round_key!(k, 0x20);
    store!(6);
    k = next_round_key!(k, 0x40);
    store!(7);
    k = next_round_key!(k, 0x80);
    store!(8);
    k = next_round_key!(k, 0x1b);
    store!(9);
    k = next_round_key!(k, 0x36);
    store!(10);
    rk
}

/// AES-128 encryption of `block` in place.
///
/// # Safety
/// The CPU must support the [`Aesni`] feature set.
#[target_feature(enable = "aes")]
#[target_feature(enable = "sse2")]
unsafe fn encrypt(rk: &[[u8; 16]; 11], block: &mut [u8; 16]) {
    // SAFETY: 16-byte unaligned loads from 16-byte arrays.
    let load = |r: &[u8; 16]| unsafe { _mm_loadu_si128(r.as_ptr().cast()) };
    // SAFETY: as above.
    let mut b = _mm_xor_si128(
        unsafe { _mm_loadu_si128(block.as_ptr().cast()) },
        load(&rk[0]),
    );
    for r in &rk[1..10] {
        b = _mm_aesenc_si128(b, load(r));
    }
    b = _mm_aesenclast_si128(b, load(&rk[10]));
    // SAFETY: a 16-byte unaligned store into a 16-byte array.
    unsafe { _mm_storeu_si128(block.as_mut_ptr().cast(), b) };
}

/// The eleven round keys of `key`, with AES-NI.
#[must_use]
pub fn expand_key(w: Aesni, key: &[u8; 16]) -> [[u8; 16]; 11] {
    let _ = w;
    // SAFETY: the witness proves the `Aesni` features were detected, the
    // list `expand` is compiled with.
    unsafe { expand(key) }
}

/// AES-128 of one block in place under the round keys `rk` (from
/// [`expand_key`]), with AES-NI.
#[inline]
pub fn encrypt_block(w: Aesni, rk: &[[u8; 16]; 11], block: &mut [u8; 16]) {
    let _ = w;
    // SAFETY: the witness proves the `Aesni` features were detected, the
    // list `encrypt` is compiled with.
    unsafe { encrypt(rk, block) };
}

impl Aes128Ni {
    /// The expanded key, if this CPU has AES-NI.
    pub fn new(key: &[u8; 16]) -> Option<Self> {
        let witness = Aesni::detect()?;
        Some(Self {
            rk: expand_key(witness, key),
            witness,
        })
    }

    /// AES-128 of one block, in place.
    #[inline]
    pub fn encrypt_block(&self, block: &mut [u8; 16]) {
        encrypt_block(self.witness, &self.rk, block);
    }
}

impl core::fmt::Debug for Aes128Ni {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Aes128Ni { .. }")
    }
}

impl Drop for Aes128Ni {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.rk);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aes::cipher::{BlockCipherEncrypt, KeyInit};

    #[test]
    fn attributes_are_the_witness_list() {
        assert_eq!(Aesni::FEATURES, ["aes", "sse2"]);
    }

    #[test]
    fn equals_the_aes_crate() {
        let Some(_) = Aesni::detect() else {
            return;
        };
        // FIPS 197 Appendix C.1.
        let key: [u8; 16] = core::array::from_fn(|i| i as u8);
        let mut block: [u8; 16] = core::array::from_fn(|i| (i as u8) * 0x11);
        Aes128Ni::new(&key).unwrap().encrypt_block(&mut block);
        assert_eq!(
            block,
            [
                0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4,
                0xc5, 0x5a
            ]
        );
        // Pseudo-random keys and blocks against the `aes` crate.
        let mut rng = uhash_testkit::rng::XorShift64::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        for _ in 0..200 {
            let mut key = [0u8; 16];
            let mut block = [0u8; 16];
            key[..8].copy_from_slice(&next().to_le_bytes());
            key[8..].copy_from_slice(&next().to_le_bytes());
            block[..8].copy_from_slice(&next().to_le_bytes());
            block[8..].copy_from_slice(&next().to_le_bytes());
            let mut want = block.into();
            aes::Aes128::new(&key.into()).encrypt_block(&mut want);
            let want: [u8; 16] = want.into();
            Aes128Ni::new(&key).unwrap().encrypt_block(&mut block);
            assert_eq!(block, want);
        }
    }
}
