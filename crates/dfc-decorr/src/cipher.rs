//! The DFC block cipher (version 1, the AES round-1 candidate of Gilbert,
//! Girault, Hoogvorst, Noilhan, Pornin, Poupard, Stern and Vaudenay, 1998),
//! whose round function runs the decorrelation module [`crate::module::module`].
//!
//! * Block: 128 bits. Key: any length from 1 to 256 bits
//!   ([`Dfc::new_from_key_bits`]); the byte API ([`Dfc::new_from_key`],
//!   [`KeyInit`]) takes whole bytes, 1 to 32 of them. The NIST vectors use
//!   128, 192 and 256 bits (and every multiple of 16 bits in between in the
//!   Tables KAT).
//! * Byte order: big-endian throughout, as in the NIST files. A block
//!   `B[0..16]` is the 128-bit integer `L ‖ R` with
//!   `L = u64::from_be_bytes(B[0..8])`, `R = u64::from_be_bytes(B[8..16])`;
//!   the ciphertext is written the same way. The RustCrypto trait path
//!   ([`BlockCipherEncrypt`], [`BlockCipherDecrypt`]) uses the same order.
//! * Structure: an 8-round Feistel network. Round `i` (round key
//!   `RK_i = a ‖ b`) maps `(L, R)` to `(R, L ⊕ RF(R))` with
//!   `RF(x) = CP(((a·x + b) mod (2^64+13)) mod 2^64)`; the output is `R ‖ L`.
//!   Decryption runs the round keys in reverse order.
//! * CP ([`confusion_permutation`]): with `y = yl ‖ yr`,
//!   `CP(y) = ((yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)) + KD mod 2^64`.
//! * Constants ([`RT`], [`KD`], [`KC`], [`KA`], [`KB`], [`KS`]) are 32-bit
//!   words of the hexadecimal expansion of e − 2; `tests/constants.rs`
//!   re-derives every one of them from a big-integer series for e.
//! * Key schedule ([`Dfc::new_from_key_bits`]): the key is padded with the
//!   leading bits of [`KS`] to 256 bits `PK = PK_1 ‖ … ‖ PK_8`; round keys are
//!   obtained by iterating a 4-round DFC with keys derived from `PK`, [`KA`]
//!   and [`KB`].
//!
//! The full statement used here is the project's DFC cipher notes
//! (`dfc-cipher-notes.md`, next to the seed paper); the implementation
//! reproduces all 969 NIST round-1 known-answer vectors
//! (`tests/vectors/dfc_v1_nist_round1.jsonl`).
//!
//! # Constant time
//! No branch and no memory address depends on the key or on the data: the
//! module is branch-free ([`crate::module::module`]), and the secret-indexed
//! table `RT` is read without a secret index — the portable backend reads
//! all 64 entries and keeps one with masks; the AVX-512 backend keeps the
//! table in four vector registers and selects with in-register permutes
//! (`vpermi2d`) and a mask blend. The key length is public.
//!
//! # Backends
//! [`Backend::Soft`] (portable, every target) and, on x86-64 CPUs with
//! AVX-512 F/BW/VL, [`Backend::Avx512`] (chosen automatically; see
//! [`Dfc::with_backend`]). Both compute the same function.

use cipher::consts::{U16, U24, U32};
use cipher::{
    AlgorithmName, Block, BlockCipherDecBackend, BlockCipherDecClosure, BlockCipherDecrypt,
    BlockCipherEncBackend, BlockCipherEncClosure, BlockCipherEncrypt, BlockSizeUser, InOut,
    InvalidLength, Key, KeyInit, KeySizeUser, ParBlocks, ParBlocksSizeUser,
};
use uhash_core::{Backend, Error};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::module::module;

#[cfg(target_arch = "x86_64")]
mod x86;

/// `RT[0..64]`, the table of CP: the first 64 32-bit words `EES[0..64]` of
/// the hexadecimal expansion of e − 2 (`RT[0] = 0xb7e15162`,
/// `RT[63] = 0xe67008e1`). Re-derived from e in `tests/constants.rs`.
pub const RT: [u32; 64] = [
    0xb7e15162, 0x8aed2a6a, 0xbf715880, 0x9cf4f3c7, 0x62e7160f, 0x38b4da56, 0xa784d904, 0x5190cfef,
    0x324e7738, 0x926cfbe5, 0xf4bf8d8d, 0x8c31d763, 0xda06c80a, 0xbb1185eb, 0x4f7c7b57, 0x57f59584,
    0x90cfd47d, 0x7c19bb42, 0x158d9554, 0xf7b46bce, 0xd55c4d79, 0xfd5f24d6, 0x613c31c3, 0x839a2ddf,
    0x8a9a276b, 0xcfbfa1c8, 0x77c56284, 0xdab79cd4, 0xc2b3293d, 0x20e9e5ea, 0xf02ac60a, 0xcc93ed87,
    0x4422a52e, 0xcb238fee, 0xe5ab6add, 0x835fd1a0, 0x753d0a8f, 0x78e537d2, 0xb95bb79d, 0x8dcaec64,
    0x2c1e9f23, 0xb829b5c2, 0x780bf387, 0x37df8bb3, 0x00d01334, 0xa0d0bd86, 0x45cbfa73, 0xa6160ffe,
    0x393c48cb, 0xbbca060f, 0x0ff8ec6d, 0x31beb5cc, 0xeed7f2f0, 0xbb088017, 0x163bc60d, 0xf45a0ecb,
    0x1bcd289b, 0x06cbbfea, 0x21ad08e1, 0x847f3f73, 0x78d56ced, 0x94640d6e, 0xf0d3d37b, 0xe67008e1,
];

/// `KD = EES[64] ‖ EES[65]`, the 64-bit constant added at the end of CP.
pub const KD: u64 = 0x86d1bf27_5b9b241d;

/// `KC = EES[66]`, the 32-bit constant xored into the left half in CP.
pub const KC: u32 = 0xeb64749a;

/// `KA_0..KA_3`: `0`, `EES[0]‖EES[1]`, `EES[2]‖EES[3]`, `EES[4]‖EES[5]`;
/// xored into the `a` half of the key-schedule round keys.
pub const KA: [u64; 4] = [
    0,
    0xb7e15162_8aed2a6a,
    0xbf715880_9cf4f3c7,
    0x62e7160f_38b4da56,
];

/// `KB_0..KB_3`: `0`, `EES[6]‖EES[7]`, `EES[8]‖EES[9]`, `EES[10]‖EES[11]`;
/// xored into the `b` half of the key-schedule round keys.
pub const KB: [u64; 4] = [
    0,
    0xa784d904_5190cfef,
    0x324e7738_926cfbe5,
    0xf4bf8d8d_8c31d763,
];

/// `KS = EES[12] ‖ … ‖ EES[19]` (256 bits, most significant word first): a
/// key of `n` bits is completed with the first `256 − n` bits of `KS`.
pub const KS: [u32; 8] = [
    0xda06c80a, 0xbb1185eb, 0x4f7c7b57, 0x57f59584, 0x90cfd47d, 0x7c19bb42, 0x158d9554, 0xf7b46bce,
];

/// Number of rounds of DFC.
pub const ROUNDS: usize = 8;

/// Block size in bytes.
pub const BLOCK_BYTES: usize = 16;

/// Longest key in bytes (256 bits).
pub const MAX_KEY_BYTES: usize = 32;

/// Blocks the multi-block paths interleave (independent Feistel chains run
/// side by side so that their latencies overlap).
const PAR: usize = 4;

/// Round keys `a_1, b_1, …, a_8, b_8` (`RK_i = a_i ‖ b_i`).
type RoundKeys = [u64; 2 * ROUNDS];

/// `RT[idx]` for `idx < 64` without a secret-dependent address or branch:
/// every entry is read and all but one are masked off.
///
/// This is the portable lookup; the result is the same as `RT[idx & 63]`.
#[inline(always)]
#[must_use]
pub fn rt_lookup_ct(idx: u32) -> u32 {
    let idx = idx & 63;
    let mut acc = 0u32;
    for (i, &t) in RT.iter().enumerate() {
        // d = 0 exactly when i == idx; (d − 1) >> 31 is then 1, else 0
        // (d < 64); the negation turns it into an all-ones or zero mask.
        let d = i as u32 ^ idx;
        let mask = (d.wrapping_sub(1) >> 31).wrapping_neg();
        acc |= t & mask;
    }
    acc
}

/// CP with the table lookup `rt`, which must return `RT[y >> 58] << 32`
/// for the module output `y` (the index is the top 6 bits of `yl`).
///
/// `(yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)` is computed as
/// `rotl(y, 32) ⊕ KC ⊕ (RT[…] << 32)` so that only one xor separates the
/// lookup from the final `+ KD`.
#[inline(always)]
fn cp_with(y: u64, rt: &impl Fn(u64) -> u64) -> u64 {
    let z = y.rotate_left(32) ^ u64::from(KC) ^ rt(y);
    z.wrapping_add(KD)
}

/// `RT[y >> 58] << 32` with the portable constant-time lookup.
#[inline(always)]
fn rt_soft(y: u64) -> u64 {
    u64::from(rt_lookup_ct((y >> 58) as u32)) << 32
}

/// The confusion permutation CP of DFC:
/// `CP(yl ‖ yr) = ((yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)) + KD mod 2^64`.
/// Constant time (portable lookup, [`rt_lookup_ct`]).
#[must_use]
pub fn confusion_permutation(y: u64) -> u64 {
    cp_with(y, &rt_soft)
}

/// The round function `RF_{a‖b}(x) = CP(module(a, b, x))` with the
/// decorrelation module `module(a, b, x) = ((a·x + b) mod (2^64+13)) mod 2^64`.
/// Constant time.
#[must_use]
pub fn round_function(a: u64, b: u64, x: u64) -> u64 {
    confusion_permutation(module(a, b, x))
}

/// One Feistel round: `(L, R) → (R, L ⊕ RF(R))`.
#[inline(always)]
fn round(a: u64, b: u64, lr: (u64, u64), rt: &impl Fn(u64) -> u64) -> (u64, u64) {
    (lr.1, lr.0 ^ cp_with(module(a, b, lr.1), rt))
}

/// The 8-round network on `L ‖ R`, returning the output `R ‖ L`.
#[inline(always)]
fn encrypt_words(rk: &RoundKeys, l: u64, r: u64, rt: &impl Fn(u64) -> u64) -> (u64, u64) {
    let mut lr = (l, r);
    for k in rk.chunks_exact(2) {
        lr = round(k[0], k[1], lr, rt);
    }
    (lr.1, lr.0)
}

/// The inverse of [`encrypt_words`]: the same network, keys reversed.
#[inline(always)]
fn decrypt_words(rk: &RoundKeys, l: u64, r: u64, rt: &impl Fn(u64) -> u64) -> (u64, u64) {
    let mut lr = (l, r);
    for k in rk.chunks_exact(2).rev() {
        lr = round(k[0], k[1], lr, rt);
    }
    (lr.1, lr.0)
}

/// [`PAR`] blocks `(L, R)` encrypted side by side (round-major order so that
/// the independent chains interleave).
#[inline(always)]
fn encrypt_par(rk: &RoundKeys, blocks: &mut [(u64, u64); PAR], rt: &impl Fn(u64) -> u64) {
    for k in rk.chunks_exact(2) {
        for lr in blocks.iter_mut() {
            *lr = round(k[0], k[1], *lr, rt);
        }
    }
    for lr in blocks.iter_mut() {
        *lr = (lr.1, lr.0);
    }
}

/// [`PAR`] blocks decrypted side by side.
#[inline(always)]
fn decrypt_par(rk: &RoundKeys, blocks: &mut [(u64, u64); PAR], rt: &impl Fn(u64) -> u64) {
    for k in rk.chunks_exact(2).rev() {
        for lr in blocks.iter_mut() {
            *lr = round(k[0], k[1], *lr, rt);
        }
    }
    for lr in blocks.iter_mut() {
        *lr = (lr.1, lr.0);
    }
}

/// The key schedule from the padded key `PK_1..PK_8` (32-bit words).
#[inline(always)]
fn expand_with(pk: &[u32; 8], rt: &impl Fn(u64) -> u64) -> RoundKeys {
    let w = |i: usize, j: usize| (u64::from(pk[i - 1]) << 32) | u64::from(pk[j - 1]);
    let (oap, obp, eap, ebp) = (w(1, 8), w(5, 4), w(2, 7), w(6, 3));
    let mut rk = [0u64; 2 * ROUNDS];
    let mut prev = (0u64, 0u64);
    for i in 0..ROUNDS {
        // RK_{i+1}: odd rounds (i + 1 odd) use OK, even rounds EK.
        let (ap, bp) = if i % 2 == 0 { (oap, obp) } else { (eap, ebp) };
        let mut lr = prev;
        for (ka, kb) in KA.iter().zip(KB.iter()) {
            lr = round(ap ^ ka, bp ^ kb, lr, rt);
        }
        prev = (lr.1, lr.0);
        rk[2 * i] = prev.0;
        rk[2 * i + 1] = prev.1;
    }
    rk
}

/// The 256-bit `PK`: the first `bits` bits of `key` followed by the first
/// `256 − bits` bits of [`KS`]. The caller checks
/// `key.len() == bits.div_ceil(8)` and `1 <= bits <= 256`.
fn padded_key(key: &[u8], bits: usize) -> [u32; 8] {
    let mut buf = [0u8; MAX_KEY_BYTES];
    buf[..key.len()].copy_from_slice(key);
    if !bits.is_multiple_of(8) {
        // keep the first `bits % 8` bits of the last byte
        buf[bits / 8] &= 0xffu8 << (8 - bits % 8);
    }
    // KS >> bits, as 256-bit big-endian integers in 64-bit limbs. `bits`
    // is public: the shift amounts and limb indices depend on it only.
    let ks = [
        (u64::from(KS[0]) << 32) | u64::from(KS[1]),
        (u64::from(KS[2]) << 32) | u64::from(KS[3]),
        (u64::from(KS[4]) << 32) | u64::from(KS[5]),
        (u64::from(KS[6]) << 32) | u64::from(KS[7]),
    ];
    let (q, s) = (bits / 64, bits % 64);
    let mut pk = [0u32; 8];
    for (i, pair) in pk.chunks_exact_mut(2).enumerate() {
        let mut limb = u64::from_be_bytes(buf[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        if i >= q {
            limb |= ks[i - q] >> s;
            if s != 0 && i > q {
                limb |= ks[i - q - 1] << (64 - s);
            }
        }
        pair[0] = (limb >> 32) as u32;
        pair[1] = limb as u32;
    }
    buf.zeroize();
    pk
}

/// The implementation a [`Dfc`] value runs.
#[derive(Clone, Copy)]
enum Imp {
    Soft,
    #[cfg(target_arch = "x86_64")]
    Avx512(uhash_core::backend::Avx512),
}

impl Imp {
    fn detect() -> Imp {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = uhash_core::backend::Avx512::detect() {
            return Imp::Avx512(t);
        }
        Imp::Soft
    }

    fn from_backend(backend: Backend) -> Result<Imp, Error> {
        match backend {
            Backend::Soft => Ok(Imp::Soft),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => uhash_core::backend::Avx512::detect()
                .map(Imp::Avx512)
                .ok_or(Error::UnsupportedBackend(backend)),
            _ => Err(Error::UnsupportedBackend(backend)),
        }
    }

    fn backend(self) -> Backend {
        match self {
            Imp::Soft => Backend::Soft,
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(_) => Backend::Avx512,
        }
    }

    fn expand(self, pk: &[u32; 8]) -> RoundKeys {
        match self {
            Imp::Soft => expand_with(pk, &rt_soft),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(t) => x86::expand(t, pk),
        }
    }

    #[inline]
    fn encrypt(self, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        match self {
            Imp::Soft => encrypt_words(rk, l, r, &rt_soft),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(t) => x86::encrypt(t, rk, l, r),
        }
    }

    #[inline]
    fn decrypt(self, rk: &RoundKeys, l: u64, r: u64) -> (u64, u64) {
        match self {
            Imp::Soft => decrypt_words(rk, l, r, &rt_soft),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(t) => x86::decrypt(t, rk, l, r),
        }
    }

    #[inline]
    fn encrypt_par(self, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR]) {
        match self {
            Imp::Soft => encrypt_par(rk, blocks, &rt_soft),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(t) => x86::encrypt_par(t, rk, blocks),
        }
    }

    #[inline]
    fn decrypt_par(self, rk: &RoundKeys, blocks: &mut [(u64, u64); PAR]) {
        match self {
            Imp::Soft => decrypt_par(rk, blocks, &rt_soft),
            #[cfg(target_arch = "x86_64")]
            Imp::Avx512(t) => x86::decrypt_par(t, rk, blocks),
        }
    }
}

#[inline(always)]
fn split(block: &[u8; 16]) -> (u64, u64) {
    let (l, r) = block.split_at(8);
    (
        u64::from_be_bytes(l.try_into().expect("8 bytes")),
        u64::from_be_bytes(r.try_into().expect("8 bytes")),
    )
}

#[inline(always)]
fn join(l: u64, r: u64) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&l.to_be_bytes());
    out[8..].copy_from_slice(&r.to_be_bytes());
    out
}

/// The DFC block cipher with an expanded key: the eight 128-bit round keys.
///
/// * Block: 16 bytes, big-endian (`L ‖ R`, as in the NIST files).
/// * Key: 1 to 256 bits ([`Dfc::new_from_key_bits`]); whole-byte keys of 1
///   to 32 bytes with [`Dfc::new_from_key`] or [`KeyInit::new_from_slice`];
///   [`KeyInit::new`] takes a 256-bit key. Fixed-size variants:
///   [`Dfc128`], [`Dfc192`], [`Dfc256`].
/// * Encryption and decryption are constant time (no key- or data-dependent
///   branch or address; see the [module docs](self)).
/// * The round keys are zeroized on drop; `Debug` prints `Dfc { .. }`.
///
/// The definition is the one in the [module docs](self) (DFC v1).
#[derive(Clone)]
pub struct Dfc {
    rk: RoundKeys,
    imp: Imp,
}

impl Dfc {
    /// Expands a key of `key.len()` whole bytes (8 to 256 bits in steps of
    /// 8; the NIST sizes are 16, 24 and 32 bytes). Uses the fastest
    /// backend this CPU supports. Keys whose length is not a multiple of 8
    /// bits go through [`Dfc::new_from_key_bits`].
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] for an empty key or one longer than 32
    /// bytes; its `expected` field is then the maximum length, 32.
    pub fn new_from_key(key: &[u8]) -> Result<Dfc, Error> {
        if key.is_empty() || key.len() > MAX_KEY_BYTES {
            return Err(Error::InvalidKeyLength {
                expected: MAX_KEY_BYTES,
                got: key.len(),
            });
        }
        Dfc::new_from_key_bits(key, 8 * key.len())
    }

    /// Expands a key of `bits` bits, 1 ≤ `bits` ≤ 256: the first `bits` bits
    /// of `key` (most significant bit of `key[0]` first), which must be
    /// exactly `bits.div_ceil(8)` bytes long; the unused low bits of the last
    /// byte are ignored. The key is completed with the first `256 − bits`
    /// bits of [`KS`] as DFC specifies.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `bits` is 0 or above 256, or if
    /// `key.len() != bits.div_ceil(8)`.
    pub fn new_from_key_bits(key: &[u8], bits: usize) -> Result<Dfc, Error> {
        if bits == 0 || bits > 8 * MAX_KEY_BYTES {
            return Err(Error::InvalidParameter {
                name: "key_bits",
                reason: "DFC keys have 1 to 256 bits",
            });
        }
        if key.len() != bits.div_ceil(8) {
            return Err(Error::InvalidParameter {
                name: "key",
                reason: "the key must be exactly ceil(bits / 8) bytes long",
            });
        }
        let imp = Imp::detect();
        let mut pk = padded_key(key, bits);
        let rk = imp.expand(&pk);
        pk.zeroize();
        Ok(Dfc { rk, imp })
    }

    /// The same key schedule run by another backend: [`Backend::Soft`]
    /// (portable, always available) or [`Backend::Avx512`] (x86-64 with
    /// AVX-512 F/BW/VL). Both compute the same function; this exists to
    /// test and measure each.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] for a backend this CPU or build lacks
    /// or that DFC does not offer.
    pub fn with_backend(mut self, backend: Backend) -> Result<Dfc, Error> {
        self.imp = Imp::from_backend(backend)?;
        Ok(self)
    }

    /// The backend this value runs.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.imp.backend()
    }

    /// Encrypts one block; input and output are big-endian as in the NIST
    /// files. Constant time.
    #[must_use]
    pub fn encrypt_block_be(&self, block: &[u8; 16]) -> [u8; 16] {
        let (l, r) = split(block);
        let (l, r) = self.imp.encrypt(&self.rk, l, r);
        join(l, r)
    }

    /// Decrypts one block (the inverse of [`Dfc::encrypt_block_be`]).
    /// Constant time.
    #[must_use]
    pub fn decrypt_block_be(&self, block: &[u8; 16]) -> [u8; 16] {
        let (l, r) = split(block);
        let (l, r) = self.imp.decrypt(&self.rk, l, r);
        join(l, r)
    }

    /// Encrypts blocks in place (ECB), several at a time so that their
    /// Feistel chains overlap. Same result as [`Dfc::encrypt_block_be`] on
    /// each block. Constant time.
    pub fn encrypt_blocks_be(&self, blocks: &mut [[u8; 16]]) {
        self.blocks_be(blocks, true);
    }

    /// Decrypts blocks in place (ECB), the inverse of
    /// [`Dfc::encrypt_blocks_be`]. Constant time.
    pub fn decrypt_blocks_be(&self, blocks: &mut [[u8; 16]]) {
        self.blocks_be(blocks, false);
    }

    fn blocks_be(&self, blocks: &mut [[u8; 16]], enc: bool) {
        let mut chunks = blocks.chunks_exact_mut(PAR);
        for chunk in &mut chunks {
            let mut w = [(0u64, 0u64); PAR];
            for (w, b) in w.iter_mut().zip(chunk.iter()) {
                *w = split(b);
            }
            if enc {
                self.imp.encrypt_par(&self.rk, &mut w);
            } else {
                self.imp.decrypt_par(&self.rk, &mut w);
            }
            for (w, b) in w.iter().zip(chunk.iter_mut()) {
                *b = join(w.0, w.1);
            }
        }
        for b in chunks.into_remainder() {
            *b = if enc {
                self.encrypt_block_be(b)
            } else {
                self.decrypt_block_be(b)
            };
        }
    }
}

impl Drop for Dfc {
    fn drop(&mut self) {
        self.rk.zeroize();
    }
}

impl ZeroizeOnDrop for Dfc {}

impl core::fmt::Debug for Dfc {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Dfc { .. }")
    }
}

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
/// implementation, [`PAR`] blocks per parallel call.
struct DfcBackend<'a> {
    dfc: &'a Dfc,
}

impl BlockSizeUser for DfcBackend<'_> {
    type BlockSize = U16;
}

impl ParBlocksSizeUser for DfcBackend<'_> {
    type ParBlocksSize = cipher::consts::U4;
}

const _: () = assert!(PAR == 4, "ParBlocksSize must equal PAR");

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
        let mut w = [(0u64, 0u64); PAR];
        for (w, b) in w.iter_mut().zip(blocks.get_in().iter()) {
            *w = split(b.as_ref());
        }
        if enc {
            self.dfc.imp.encrypt_par(&self.dfc.rk, &mut w);
        } else {
            self.dfc.imp.decrypt_par(&self.dfc.rk, &mut w);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_matches_table() {
        for i in 0..64 {
            assert_eq!(rt_lookup_ct(i), RT[i as usize]);
        }
        assert_eq!(RT[63], 0xe67008e1);
    }

    #[test]
    fn padded_key_appends_ks() {
        // 128-bit key: PK = key ‖ KS_1..KS_4.
        let key = [0x11u8; 16];
        let pk = padded_key(&key, 128);
        assert_eq!(&pk[..4], &[0x1111_1111; 4]);
        assert_eq!(&pk[4..], &KS[..4]);
        // 256-bit key: no padding.
        assert_eq!(padded_key(&[0xffu8; 32], 256), [u32::MAX; 8]);
        // 4 bits: 0xA, then KS shifted right by 4.
        let pk = padded_key(&[0xa5], 4);
        assert_eq!(pk[0], 0xa000_0000 | (KS[0] >> 4));
        assert_eq!(pk[1], (KS[0] << 28) | (KS[1] >> 4));
        // 72 bits: the shift crosses a limb boundary.
        let pk = padded_key(&[0; 9], 72);
        assert_eq!(pk[2], KS[0] >> 8);
        assert_eq!(pk[3], (KS[0] << 24) | (KS[1] >> 8));
    }

    #[test]
    fn key_lengths() {
        assert!(Dfc::new_from_key(&[]).is_err());
        assert!(Dfc::new_from_key(&[0; 33]).is_err());
        assert!(Dfc::new_from_key(&[0; 1]).is_ok());
        assert!(Dfc::new_from_key_bits(&[0; 2], 9).is_ok());
        assert!(Dfc::new_from_key_bits(&[0; 1], 9).is_err());
        assert!(Dfc::new_from_key_bits(&[0; 3], 9).is_err());
        assert!(Dfc::new_from_key_bits(&[], 0).is_err());
        // ignored low bits of the last byte
        let a = Dfc::new_from_key_bits(&[0xff, 0x80], 9).unwrap();
        let b = Dfc::new_from_key_bits(&[0xff, 0xff], 9).unwrap();
        assert_eq!(a.rk, b.rk);
        // a whole-byte key by bits equals the byte API
        let c = Dfc::new_from_key_bits(&[7; 24], 192).unwrap();
        let d = Dfc::new_from_key(&[7; 24]).unwrap();
        assert_eq!(c.rk, d.rk);
    }
}
