//! A universal hash on Z_p, p = 2^64 + 13, built from the decorrelation
//! module, and the Wegman–Carter MAC over it.
//!
//! # Definition
//! Key: a ‖ b, 16 bytes, each a 64-bit little-endian integer (every value
//! allowed). Message: M, any L bytes (0 ≤ L < 2^64).
//!
//! 1. Split M into ℓ = ⌈L/8⌉ blocks of 8 bytes; zero-pad the last one if it
//!    is partial (an empty message has no block). Block i is the integer
//!    mᵢ = LE64(blockᵢ) < 2^64.
//! 2. Append the length block m_{ℓ+1} = L (the byte length, as an integer).
//! 3. Horner's rule over Z_p: acc₀ = 0, accᵢ = (a·accᵢ₋₁ + mᵢ) mod p for
//!    i = 1 … ℓ+1. The state stays a residue in [0, p) — 65 bits — and is
//!    never truncated to 64 bits inside the loop.
//! 4. Output: H(M) = ((a·acc_{ℓ+1} + b) mod p) mod 2^64, the module's
//!    formula as the last step (with a 65-bit argument), 8 bytes LE.
//!
//! Equivalently H(M) = ((Σ_{i=1}^{ℓ+1} mᵢ·a^{ℓ+2−i} + b) mod p) mod 2^64.
//! The empty message hashes to b. The big-integer reference is
//! `uhash_ref::dfc::horner_hash`.
//!
//! ```
//! use dfc_decorr::{DfcHash, DfcMac, Generate, Nonce};
//!
//! // Key (a, b) = (2, 3), message 05: acc = 5 → 2·5 + 1 (length) = 11,
//! // output 2·11 + 3 = 25.
//! let mut h = DfcHash::from_parts(2, 3);
//! h.update(&[5]);
//! assert_eq!(h.finalize(), 25);
//! assert_eq!(DfcHash::from_parts(2, 3).compute(&[5]), 25);
//!
//! let mac = DfcMac::from_seed(&[7; 16])?;
//! let nonce = Nonce::<12>::try_generate()?; // random (feature `getrandom`); or a counter
//! let tag = mac.authenticate(&nonce, b"message");
//! assert!(mac.verify(&nonce, b"message", &tag).is_ok());
//! assert!(mac.verify(&nonce, b"messagE", &tag).is_err());
//! // The same message in pieces.
//! let mut st = mac.start();
//! st.update(b"mess");
//! st.update(b"age");
//! assert_eq!(st.finalize(&nonce), tag);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Collision bound (proof sketch)
//! **Claim.** For messages M ≠ M′ of at most ℓ blocks each (ℓ = ⌈L/8⌉ of
//! the longer one) and any δ, over a uniform in [0, 2^64) (b anything):
//! Pr[H(M) − H(M′) ≡ δ (mod 2^64)] ≤ 3(ℓ+1)/2^64. So H is
//! 3(ℓ+1)/2^64-almost-Δ-universal with respect to addition mod 2^64, which
//! is what the Wegman–Carter MAC needs; δ = 0 gives the collision bound.
//!
//! 1. **The polynomial.** H(M) = (h mod 2^64) with
//!    h = (P_M(a) + b) mod p and P_M(X) = Σ mᵢ·X^{ℓ_M+2−i}, a polynomial of
//!    degree ≤ ℓ+1 without constant term whose coefficients are the blocks
//!    and the length, all below 2^64 < p. If L = L′ the block counts are
//!    equal and the zero-padded blocks differ (padding is unambiguous at a
//!    fixed length); if L ≠ L′ the coefficients of X¹ differ. Either way
//!    D = P_M − P_{M′} is a non-zero polynomial over Z_p of degree ≤ ℓ+1
//!    with D(0) = 0.
//! 2. **The residues.** h − h′ ≡ D(a) (mod p): b cancels.
//! 3. **The final mod 2^64 (the factor 3).** h, h′ ∈ [0, p), so the
//!    integer h − h′ lies in (−p, p), an interval of length 2p < 3·2^64.
//!    H(M) − H(M′) ≡ δ (mod 2^64) means h − h′ ≡ δ (mod 2^64) (the
//!    truncation of each residue subtracts 0 or 2^64), so h − h′ is one of
//!    the integers t ≡ δ (mod 2^64) in (−p, p): at most 3 of them (exactly 3
//!    for δ ≤ 12 or δ ≥ 2^64 − 12, e.g. δ = 0: t ∈ {−2^64, 0, 2^64} — a
//!    residue 2^64 + e and a residue e, e ≤ 12, truncate to the same output;
//!    2 otherwise).
//! 4. **Counting keys.** For each such t, D(a) ≡ t (mod p) is a root of the
//!    non-zero polynomial D − t (non-zero as D(0) = 0 and D ≠ 0) of degree
//!    ≤ ℓ+1, which has at most ℓ+1 roots in Z_p. The 2^64 keys are distinct
//!    residues, so at most 3(ℓ+1) of them satisfy the event.
//!
//! Example: a 1 MiB message (ℓ = 2^17): ε ≤ 3·(2^17+1)/2^64 ≈ 2^-45.4.
//!
//! # Cost
//! Horner's rule is one dependent chain: a step needs the previous
//! accumulator, and one [`uhash_base::p64::horner_step`] (product and
//! reduction) takes about 15 cycles on x86-64, so the plain loop runs at
//! about 1.9 cycles/byte whatever the multiplier's throughput. The block
//! loop here is Horner's rule split over [`GROUP`] = 8 blocks with the
//! powers a, …, a⁸ of the key (`hash/split.rs`):
//! acc ← acc·a⁸ + m₀·a⁷ + … + m₆·a + m₇, the seven products of blocks
//! independent of acc, the sum
//! kept unreduced in three words and reduced once per group, lazily
//! ([`uhash_base::p64mul`]). Only acc·a⁸ and that reduction stay on the
//! chain. The powers are residues below p (65-bit), computed once when the
//! key is set (seven products). Same function, same output, any split.
//!
//! Measured on the reference x86-64 machine (`cargo run -p uhash-bench
//! --release --bin summary -- --quick --filter dfc/DfcHash`, TSC cycles at
//! 2.7 GHz, medians): 0.35 cycles/byte at 64 KiB and 8 KiB (1.95 with the
//! plain loop), 0.37 at 1 KiB, 0.71 at 64 bytes (45 cycles per message,
//! 119 before); a 16-byte message (two single steps, the length block and
//! the final step) takes about 37 cycles. Setting a new key costs the
//! seven products of the powers: about 108 cycles for a fresh key and a
//! 16-byte message against 101–105 with the plain loop (and 119 against
//! 194 at 64 bytes).
//!
//! # The `UniversalHash` trait
//! [`DfcHash`] implements `universal_hash::UniversalHash` with
//! `BlockSize` = 8 bytes (one Horner block, and the output size) and
//! `KeyInit` with a 16-byte key a ‖ b. The trait and the byte API feed one
//! state, and every input path **appends bytes to the message**:
//!
//! * `UniversalHash::update(&[block])` appends the 8·n bytes of its
//!   blocks;
//! * `update_padded(d)` appends d followed by zeros up to the next multiple
//!   of 8 bytes of d's own length (the trait's definition), i.e. exactly
//!   `update(d ‖ 0^((8 − |d| mod 8) mod 8))`;
//! * `UniversalHash::finalize` returns H of the bytes appended so far,
//!   as `LE64(H)`, with the length block counting every appended byte
//!   (padding included).
//!
//! So the trait path and the byte API ([`DfcHash::update`],
//! [`DfcHash::finalize`]) agree exactly when the trait is given whole blocks
//! (or `update_padded` data whose length is a multiple of 8); otherwise
//! `update_padded` hashes the zero-padded message, whose length block is the
//! padded length. That is the trait's own equal-length semantics. For
//! messages of any length use the byte API, which pads only internally and
//! encodes the true length.
//!
//! # The MAC
//! [`DfcMac`] = [`uhash_base::mac::WegmanCarter`]`<DfcHash>` (through
//! [`MacHash`], whose streaming state is [`DfcState`]):
//! tag = (H(M) + AES-128_k(N ‖ LE32(0))[0..8]) mod 2^64, an 8-byte tag for
//! a 12-byte nonce N. From a 16-byte seed s, [`DfcHash::from_seed`]`(s)`'s
//! key is `kdf::expand(s, label(DFC, 1, LEVEL_L1, 0), 16)` = a ‖ b;
//! [`DfcMac::from_seed`](uhash_base::mac::WegmanCarter::from_seed)`(s)` keys
//! its hash with `DfcHash::from_seed(s′)` for the derived seed
//! s′ = `kdf::expand(s, label(DFC, 1, LEVEL_MAC_HASH, 0), 16)` (never with s
//! itself: outputs of `DfcHash::from_seed(s)` say nothing about the MAC),
//! and its pad key is `kdf::expand(s, label(DFC, 1, LEVEL_MAC_PAD, 0), 16)`. A forgery
//! attempt against messages of at most ℓ blocks succeeds with probability at
//! most 3(ℓ+1)/2^64 plus AES's PRF advantage (Wegman–Carter; see
//! [`uhash_base::mac`]). Never reuse a nonce under one key: two tags with
//! one nonce reveal H(M) − H(M′), from which a can be solved for.

mod split;
mod state;

pub use split::{BLOCK_BYTES, GROUP};
pub use state::DfcState;

use split::{KeyPowers, absorb_blocks};
use uhash_base::Tag;
use uhash_base::crypto_common::typenum::{U1, U8, U16};
use uhash_base::crypto_common::{
    BlockSizeUser, Key, KeyInit, KeySizeUser, ParBlocksSizeUser, Reset,
};
use uhash_base::kdf::{self, family};
use uhash_base::mac::{MacHash, WegmanCarter};
use uhash_base::p64::horner_step;
use universal_hash::{Block, UhfBackend, UhfClosure, UniversalHash};
use zeroize::Zeroize;

/// Key bytes: a ‖ b, 8 bytes each, little-endian.
pub const KEY_BYTES: usize = 16;
/// Output bytes: one 64-bit word, little-endian.
pub const OUT_BYTES: usize = 8;

/// The key-expansion label of the hash key a ‖ b:
/// `label(family::DFC, 1, LEVEL_L1, 0)`.
pub const KEY_LABEL: u64 = kdf::label(family::DFC, 1, kdf::LEVEL_L1, 0);

/// The Horner hash over Z_(2^64+13) (see the [module docs](self) for the
/// definition and the bound 3(ℓ+1)/2^64): the key (a, b), the powers
/// a², …, a^[`GROUP`] of a that the split Horner loop multiplies by
/// (computed once, when the key is set), and one [`DfcState`].
/// Streaming: any split of a message into [`DfcHash::update`] calls gives
/// the same output; [`DfcHash::compute`] hashes a whole message without
/// touching the state.
///
/// The key and its powers are zeroized on drop; `Debug` prints no key
/// bytes.
#[derive(Clone)]
pub struct DfcHash {
    /// a, a², …, a^GROUP mod p (a itself is the first).
    powers: KeyPowers,
    b: u64,
    state: DfcState,
}

// No padding, here or around the hash in `DfcMac`: padding is neither
// written when a value is built (a move copies whatever stale bytes, key
// bytes included, were there) nor wiped on drop. The eight powers (two
// words each), b and the five state words: 22 words, a multiple of 16
// bytes, so that the MAC's 16-byte-aligned AES pad key follows without a
// gap.
const _: () = assert!(core::mem::size_of::<DfcHash>() == 22 * 8);

impl DfcHash {
    /// The hash with key (a, b). Computes the powers a², …, a^[`GROUP`]
    /// mod p (seven products mod p; their cost is in the fresh-key figures
    /// of the [module docs](self)).
    #[must_use]
    pub fn from_parts(a: u64, b: u64) -> Self {
        Self {
            powers: KeyPowers::new(a),
            b,
            state: DfcState::new(),
        }
    }

    /// The hash with the 16-byte key a ‖ b (little-endian).
    #[must_use]
    pub fn from_key(key: &[u8; KEY_BYTES]) -> Self {
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        a.copy_from_slice(&key[..8]);
        b.copy_from_slice(&key[8..]);
        let h = Self::from_parts(u64::from_le_bytes(a), u64::from_le_bytes(b));
        a.zeroize();
        b.zeroize();
        h
    }

    /// The hash keyed from a 16-byte seed: a ‖ b =
    /// `kdf::expand(seed, KEY_LABEL, 16)` ([`KEY_LABEL`]).
    #[must_use]
    pub fn from_seed(seed: &[u8; 16]) -> Self {
        let mut key: [u8; KEY_BYTES] = kdf::expand_array(seed, KEY_LABEL);
        let h = Self::from_key(&key);
        key.zeroize();
        h
    }

    /// Absorb message bytes.
    pub fn update(&mut self, data: &[u8]) {
        self.state.update(&self.powers, data);
    }

    /// H of the bytes absorbed since the last reset; leaves the state reset
    /// (the key stays).
    pub fn finalize_reset(&mut self) -> u64 {
        self.state.finalize_reset(&self.powers, self.b)
    }

    /// H of the bytes absorbed, as an integer (its byte form is
    /// `to_le_bytes`, which is what `UniversalHash::finalize` returns).
    #[must_use]
    pub fn finalize(mut self) -> u64 {
        self.finalize_reset()
    }

    /// H of a whole message `msg`, in one call and without copying it; the
    /// streaming state is neither used nor changed.
    #[must_use]
    pub fn compute(&self, msg: &[u8]) -> u64 {
        let a = self.powers.a();
        let (blocks, rest) = msg.as_chunks::<BLOCK_BYTES>();
        let mut acc = absorb_blocks(&self.powers, 0, blocks);
        if !rest.is_empty() {
            let mut last = [0u8; BLOCK_BYTES];
            last[..rest.len()].copy_from_slice(rest);
            acc = horner_step(a, acc, u64::from_le_bytes(last));
            last.zeroize();
        }
        acc = horner_step(a, acc, msg.len() as u64);
        let out = horner_step(a, acc, self.b) as u64;
        acc.zeroize();
        out
    }

    /// Forget the message so far (the key stays).
    pub fn reset(&mut self) {
        self.state.reset();
    }

    /// Bytes absorbed since the last reset (modulo 2^64).
    #[must_use]
    pub const fn bytes_absorbed(&self) -> u64 {
        self.state.bytes_absorbed()
    }
}

impl Drop for DfcHash {
    /// Zeroizes b here; the powers (a among them) zeroize themselves.
    fn drop(&mut self) {
        self.b.zeroize();
    }
}

impl zeroize::ZeroizeOnDrop for DfcHash {}

impl core::fmt::Debug for DfcHash {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DfcHash")
            .field("bytes_absorbed", &self.bytes_absorbed())
            .finish_non_exhaustive()
    }
}

impl KeySizeUser for DfcHash {
    type KeySize = U16;
}

impl KeyInit for DfcHash {
    /// Key a ‖ b, 8 bytes each, little-endian.
    fn new(key: &Key<Self>) -> Self {
        Self::from_key(&key.0)
    }
}

impl BlockSizeUser for DfcHash {
    type BlockSize = U8;
}

impl ParBlocksSizeUser for DfcHash {
    type ParBlocksSize = U1;
}

impl UhfBackend for DfcHash {
    #[inline]
    fn proc_block(&mut self, block: &Block<Self>) {
        DfcHash::update(self, block);
    }
}

impl UniversalHash for DfcHash {
    fn update_with_backend(&mut self, f: impl UhfClosure<BlockSize = Self::BlockSize>) {
        f.call(self);
    }

    /// `LE64(H)` of the bytes appended by the trait and byte paths.
    fn finalize(self) -> Block<Self> {
        DfcHash::finalize(self).to_le_bytes().into()
    }
}

impl Reset for DfcHash {
    fn reset(&mut self) {
        DfcHash::reset(self);
    }
}

#[cfg(feature = "std")]
uhash_base::write_by_update!([] DfcHash);

/// The hash under the MAC: the key is only read, each message has its own
/// [`DfcState`].
impl MacHash for DfcHash {
    const LANE_BITS: u32 = 64;
    const PAD_LABEL: u64 = kdf::label(family::DFC, 1, kdf::LEVEL_MAC_PAD, 0);
    const MAC_HASH_LABEL: u64 = kdf::label(family::DFC, 1, kdf::LEVEL_MAC_HASH, 0);
    type Out = Tag<OUT_BYTES>;
    type State = DfcState;

    /// [`DfcHash::from_seed`]; never fails.
    fn from_seed(seed: &[u8; 16]) -> Result<Self, uhash_base::Error> {
        Ok(DfcHash::from_seed(seed))
    }

    fn hash_message(&self, msg: &[u8]) -> Tag<OUT_BYTES> {
        Tag::from_bytes(self.compute(msg).to_le_bytes())
    }

    fn new_state(&self) -> DfcState {
        DfcState::new()
    }

    fn absorb(&self, state: &mut DfcState, data: &[u8]) {
        state.update(&self.powers, data);
    }

    fn finish(&self, state: &mut DfcState) -> Tag<OUT_BYTES> {
        Tag::from_bytes(state.finalize_reset(&self.powers, self.b).to_le_bytes())
    }
}

/// The Wegman–Carter MAC over [`DfcHash`]: 8-byte tags, 12-byte nonces,
/// forgery probability at most 3(ℓ+1)/2^64 per attempt for messages of at
/// most ℓ 8-byte blocks, plus AES's PRF advantage (see the
/// [module docs](self#the-mac)). Build it with `DfcMac::from_seed(&seed)`
/// or `DfcMac::new(DfcHash::from_key(&key), &pad_key)`; then
/// `authenticate(&nonce, msg)`, `verify(&nonce, msg, &tag)`, or `start()`
/// for a message in pieces.
pub type DfcMac = WegmanCarter<DfcHash>;
