//! The RustCrypto traits of [`Dfc`]: `KeyInit` (1 to 32 whole bytes,
//! `KeySize` 32), `BlockCipherEncrypt` / `BlockCipherDecrypt` on 16-byte
//! big-endian blocks, [`PAR_BLOCKS`] blocks per parallel call.

use super::constants::PAR_BLOCKS;
use super::dfc::{Dfc, join, split};
use super::engine::CipherKernels;
use cipher::consts::{U16, U32};
use cipher::{
    AlgorithmName, Block, BlockCipherDecBackend, BlockCipherDecClosure, BlockCipherDecrypt,
    BlockCipherEncBackend, BlockCipherEncClosure, BlockCipherEncrypt, BlockSizeUser, InOut,
    InvalidLength, Key, KeyInit, KeySizeUser, ParBlocks, ParBlocksSizeUser,
};

impl AlgorithmName for Dfc {
    fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("DFC")
    }
}

impl BlockSizeUser for Dfc {
    type BlockSize = U16;
}

/// The RustCrypto key type is the longest DFC key, 256 bits;
/// [`KeyInit::new_from_slice`] also accepts every whole-byte length from 1
/// to 32 bytes ([`Dfc::new_from_key`]).
impl KeySizeUser for Dfc {
    type KeySize = U32;
}

impl KeyInit for Dfc {
    fn new(key: &Key<Self>) -> Self {
        Dfc::new_from_key(key.as_slice()).expect("a 32-byte key is valid")
    }

    fn new_from_slice(key: &[u8]) -> Result<Self, InvalidLength> {
        Dfc::new_from_key(key).map_err(|_| InvalidLength)
    }
}

/// Backend handed to the RustCrypto closures: the round keys and the
/// implementation, [`PAR_BLOCKS`] blocks per parallel call.
struct DfcBackend<'a> {
    dfc: &'a Dfc,
}

impl BlockSizeUser for DfcBackend<'_> {
    type BlockSize = U16;
}

impl ParBlocksSizeUser for DfcBackend<'_> {
    type ParBlocksSize = cipher::consts::U4;
}

const _: () = assert!(PAR_BLOCKS == 4, "ParBlocksSize must equal PAR_BLOCKS");

impl DfcBackend<'_> {
    #[inline(always)]
    fn one(&self, mut block: InOut<'_, '_, Block<Self>>, enc: bool) {
        let inp: &[u8; 16] = block.get_in().as_ref();
        let out = if enc {
            self.dfc.encrypt_block_be(inp)
        } else {
            self.dfc.decrypt_block_be(inp)
        };
        *block.get_out() = out.into();
    }

    #[inline(always)]
    fn par(&self, mut blocks: InOut<'_, '_, ParBlocks<Self>>, enc: bool) {
        let mut w = [(0u64, 0u64); PAR_BLOCKS];
        for (w, b) in w.iter_mut().zip(blocks.get_in().iter()) {
            *w = split(b.as_ref());
        }
        if enc {
            self.dfc
                .engine
                .encrypt_par(self.dfc.module, &self.dfc.rk, &mut w);
        } else {
            self.dfc
                .engine
                .decrypt_par(self.dfc.module, &self.dfc.rk, &mut w);
        }
        for (w, b) in w.iter().zip(blocks.get_out().iter_mut()) {
            *b = join(w.0, w.1).into();
        }
    }
}

impl BlockCipherEncBackend for DfcBackend<'_> {
    #[inline(always)]
    fn encrypt_block(&self, block: InOut<'_, '_, Block<Self>>) {
        self.one(block, true);
    }

    #[inline(always)]
    fn encrypt_par_blocks(&self, blocks: InOut<'_, '_, ParBlocks<Self>>) {
        self.par(blocks, true);
    }
}

impl BlockCipherDecBackend for DfcBackend<'_> {
    #[inline(always)]
    fn decrypt_block(&self, block: InOut<'_, '_, Block<Self>>) {
        self.one(block, false);
    }

    #[inline(always)]
    fn decrypt_par_blocks(&self, blocks: InOut<'_, '_, ParBlocks<Self>>) {
        self.par(blocks, false);
    }
}

/// Blocks are big-endian (`L ‖ R`), as [`Dfc::encrypt_block_be`].
impl BlockCipherEncrypt for Dfc {
    fn encrypt_with_backend(&self, f: impl BlockCipherEncClosure<BlockSize = U16>) {
        f.call(&DfcBackend { dfc: self });
    }
}

/// Blocks are big-endian (`L ‖ R`), as [`Dfc::decrypt_block_be`].
impl BlockCipherDecrypt for Dfc {
    fn decrypt_with_backend(&self, f: impl BlockCipherDecClosure<BlockSize = U16>) {
        f.call(&DfcBackend { dfc: self });
    }
}
