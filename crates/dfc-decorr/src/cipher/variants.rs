//! The fixed-key-size variants [`Dfc128`], [`Dfc192`] and [`Dfc256`]:
//! [`Dfc`] with a RustCrypto `KeyInit` of exactly 16, 24 or 32 bytes, one
//! generic type [`FixedKeyDfc`] with the key length in bytes as its
//! parameter.

use super::dfc::Dfc;
use cipher::consts::{U16, U24, U32};
use cipher::{
    AlgorithmName, BlockCipherDecClosure, BlockCipherDecrypt, BlockCipherEncClosure,
    BlockCipherEncrypt, BlockSizeUser, Key, KeyInit, KeySizeUser,
};
use zeroize::ZeroizeOnDrop;

/// DFC with a key of exactly `KEY_BYTES` bytes for RustCrypto [`KeyInit`]:
/// the same cipher as [`Dfc`] (which it wraps and derefs to), 16-byte
/// big-endian blocks, constant time, round keys zeroized on drop. The
/// sizes of the NIST vectors have names: [`Dfc128`], [`Dfc192`],
/// [`Dfc256`] (only these three implement [`KeyInit`]).
#[derive(Clone)]
pub struct FixedKeyDfc<const KEY_BYTES: usize>(Dfc);

/// DFC with a 128-bit (16-byte) key, for RustCrypto [`KeyInit`] (which then
/// takes exactly 16 bytes).
pub type Dfc128 = FixedKeyDfc<16>;
/// DFC with a 192-bit (24-byte) key, for RustCrypto [`KeyInit`] (which then
/// takes exactly 24 bytes).
pub type Dfc192 = FixedKeyDfc<24>;
/// DFC with a 256-bit (32-byte) key, for RustCrypto [`KeyInit`] (which then
/// takes exactly 32 bytes).
pub type Dfc256 = FixedKeyDfc<32>;

impl KeySizeUser for Dfc128 {
    type KeySize = U16;
}

impl KeySizeUser for Dfc192 {
    type KeySize = U24;
}

impl KeySizeUser for Dfc256 {
    type KeySize = U32;
}

/// `Dfc128 { .. }` (the key length in bits; no key material).
impl<const KEY_BYTES: usize> core::fmt::Debug for FixedKeyDfc<KEY_BYTES> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Dfc{} {{ .. }}", KEY_BYTES * 8)
    }
}

impl<const KEY_BYTES: usize> core::ops::Deref for FixedKeyDfc<KEY_BYTES> {
    type Target = Dfc;
    fn deref(&self) -> &Dfc {
        &self.0
    }
}

impl<const KEY_BYTES: usize> From<FixedKeyDfc<KEY_BYTES>> for Dfc {
    fn from(value: FixedKeyDfc<KEY_BYTES>) -> Dfc {
        value.0
    }
}

impl<const KEY_BYTES: usize> ZeroizeOnDrop for FixedKeyDfc<KEY_BYTES> {}

/// `DFC-128`, `DFC-192`, `DFC-256`.
impl<const KEY_BYTES: usize> AlgorithmName for FixedKeyDfc<KEY_BYTES> {
    fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "DFC-{}", KEY_BYTES * 8)
    }
}

impl<const KEY_BYTES: usize> BlockSizeUser for FixedKeyDfc<KEY_BYTES> {
    type BlockSize = U16;
}

impl<const KEY_BYTES: usize> KeyInit for FixedKeyDfc<KEY_BYTES>
where
    Self: KeySizeUser,
{
    fn new(key: &Key<Self>) -> Self {
        Self(Dfc::new_from_key(key.as_slice()).expect("valid key length"))
    }
}

/// Blocks are big-endian (`L ‖ R`), as [`Dfc::encrypt_block_be`].
impl<const KEY_BYTES: usize> BlockCipherEncrypt for FixedKeyDfc<KEY_BYTES> {
    fn encrypt_with_backend(&self, f: impl BlockCipherEncClosure<BlockSize = U16>) {
        self.0.encrypt_with_backend(f);
    }
}

/// Blocks are big-endian (`L ‖ R`), as [`Dfc::decrypt_block_be`].
impl<const KEY_BYTES: usize> BlockCipherDecrypt for FixedKeyDfc<KEY_BYTES> {
    fn decrypt_with_backend(&self, f: impl BlockCipherDecClosure<BlockSize = U16>) {
        self.0.decrypt_with_backend(f);
    }
}
