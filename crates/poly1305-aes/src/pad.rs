//! The pad F_k(n) of the MAC: a 16-byte-block cipher (paper §2: AES-128;
//! any other block cipher with 16-byte blocks may replace it, "cipher
//! replaceability").

use core::fmt;

use cipher::{BlockCipherEncrypt, BlockSizeUser, KeyInit as CipherKeyInit};
use uhash_base::wiped::Wiped;
use universal_hash::consts::U16;

/// A 16-byte-block cipher used for the pad F_k(n) (paper §2: AES-128; any
/// other block cipher with 16-byte blocks may replace it, "cipher
/// replaceability").
///
/// Implemented for every RustCrypto [`BlockCipherEncrypt`] with 16-byte
/// blocks and for [`Aes128Pad`].
pub trait PadCipher {
    /// Encrypts one 16-byte block in place.
    fn encrypt_pad(&self, block: &mut [u8; 16]);
}

impl<C: BlockCipherEncrypt + BlockSizeUser<BlockSize = U16>> PadCipher for C {
    #[inline]
    fn encrypt_pad(&self, block: &mut [u8; 16]) {
        let mut b = cipher::Block::<C>::from(*block);
        self.encrypt_block(&mut b);
        *block = b.into();
    }
}

/// AES-128 (FIPS 197) for the pad: AES-NI round keys when the CPU has
/// AES-NI (about 40 cycles per block here), else the `aes` crate. Both
/// wipe their round keys on drop, and every byte of the enum that holds
/// them is zeroed after (its padding and the tail of the smaller variant
/// may hold copies of the key from construction).
#[derive(Clone)]
pub struct Aes128Pad(Wiped<AesImpl>);

#[derive(Clone)]
enum AesImpl {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    Ni(uhash_base::aesni::Aes128Ni),
    Soft(aes::Aes128),
}

impl Aes128Pad {
    /// The expanded 16-byte AES key k.
    #[must_use]
    pub fn new(k: &[u8; 16]) -> Self {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(ni) = uhash_base::aesni::Aes128Ni::new(k) {
            return Self(Wiped::new(AesImpl::Ni(ni)));
        }
        Self(Wiped::new(AesImpl::Soft(aes::Aes128::new(&(*k).into()))))
    }
}

impl PadCipher for Aes128Pad {
    #[inline]
    fn encrypt_pad(&self, block: &mut [u8; 16]) {
        match &*self.0 {
            #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
            AesImpl::Ni(ni) => ni.encrypt_block(block),
            AesImpl::Soft(c) => c.encrypt_pad(block),
        }
    }
}

impl fmt::Debug for Aes128Pad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Aes128Pad { .. }")
    }
}
