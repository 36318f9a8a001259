//! The fixed-key-size variants [`Dfc128`], [`Dfc192`] and [`Dfc256`]:
//! [`Dfc`] with a RustCrypto `KeyInit` of exactly 16, 24 or 32 bytes.

use super::dfc::Dfc;
use cipher::consts::{U16, U24, U32};
use cipher::{
    AlgorithmName, BlockCipherDecClosure, BlockCipherDecrypt, BlockCipherEncClosure,
    BlockCipherEncrypt, BlockSizeUser, Key, KeyInit, KeySizeUser,
};
use zeroize::ZeroizeOnDrop;

macro_rules! fixed_key_variant {
    ($name:ident, $size:ty, $bytes:literal, $bits:literal) => {
        #[doc = concat!("DFC with a ", $bits, "-bit (", $bytes, "-byte) key, for RustCrypto")]
        #[doc = concat!("[`KeyInit`] (which then takes exactly ", $bytes, " bytes).")]
        ///
        /// The same cipher as [`Dfc`] (which it wraps and derefs to): 16-byte
        /// big-endian blocks, constant time, round keys zeroized on drop.
        #[derive(Clone)]
        pub struct $name(Dfc);

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($name), " { .. }"))
            }
        }

        impl core::ops::Deref for $name {
            type Target = Dfc;
            fn deref(&self) -> &Dfc {
                &self.0
            }
        }

        impl From<$name> for Dfc {
            fn from(value: $name) -> Dfc {
                value.0
            }
        }

        impl ZeroizeOnDrop for $name {}

        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!("DFC-", $bits))
            }
        }

        impl BlockSizeUser for $name {
            type BlockSize = U16;
        }

        impl KeySizeUser for $name {
            type KeySize = $size;
        }

        impl KeyInit for $name {
            fn new(key: &Key<Self>) -> Self {
                $name(Dfc::new_from_key(key.as_slice()).expect("valid key length"))
            }
        }

        /// Blocks are big-endian (`L ‖ R`), as [`Dfc::encrypt_block_be`].
        impl BlockCipherEncrypt for $name {
            fn encrypt_with_backend(&self, f: impl BlockCipherEncClosure<BlockSize = U16>) {
                self.0.encrypt_with_backend(f);
            }
        }

        /// Blocks are big-endian (`L ‖ R`), as [`Dfc::decrypt_block_be`].
        impl BlockCipherDecrypt for $name {
            fn decrypt_with_backend(&self, f: impl BlockCipherDecClosure<BlockSize = U16>) {
                self.0.decrypt_with_backend(f);
            }
        }
    };
}

fixed_key_variant!(Dfc128, U16, "16", "128");
fixed_key_variant!(Dfc192, U24, "24", "192");
fixed_key_variant!(Dfc256, U32, "32", "256");
