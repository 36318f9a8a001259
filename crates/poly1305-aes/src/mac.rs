//! [`Poly1305With`]: Poly1305-AES over any 16-byte-block cipher, and its
//! incremental form.

use core::fmt;

use cipher::{BlockCipherEncrypt, BlockSizeUser, KeyInit as CipherKeyInit};
use subtle::ConstantTimeEq;
use universal_hash::common::{InvalidKey, KeySizeUser, TryKeyInit};
use universal_hash::consts::{U16, U32};
use zeroize::Zeroize;

use crate::backend::{Engine, KeyPowers, State, finish, r_limbs_checked};
use crate::nonce::Nonce;
use crate::poly1305::Tag;
use crate::{Backend, Error};

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
/// AES-NI (about 40 cycles per block here), else the `aes` crate.
#[derive(Clone)]
pub struct Aes128Pad(AesImpl);

#[derive(Clone)]
enum AesImpl {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    Ni(uhash_core::aesni::Aes128Ni),
    Soft(aes::Aes128),
}

impl Aes128Pad {
    /// The expanded 16-byte AES key k.
    #[must_use]
    pub fn new(k: &[u8; 16]) -> Self {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if let Some(ni) = uhash_core::aesni::Aes128Ni::new(k) {
            return Self(AesImpl::Ni(ni));
        }
        Self(AesImpl::Soft(aes::Aes128::new(&(*k).into())))
    }
}

impl PadCipher for Aes128Pad {
    #[inline]
    fn encrypt_pad(&self, block: &mut [u8; 16]) {
        match &self.0 {
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

/// Poly1305 with pad F_k(n) for a 16-byte-block cipher F (paper §2):
///
/// tag = (((c₁r^q + … + c_q r) mod (2^130 − 5)) + F_k(n)) mod 2^128.
///
/// Key: the cipher's key k and 16 bytes r, which must satisfy the paper's
/// constraints (r\[3\], r\[7\], r\[11\], r\[15\] < 16; r\[4\], r\[8\], r\[12\] ≡ 0 mod 4)
/// — an r that does not is rejected with [`Error::InvalidKey`], never
/// clamped silently. Nonce: 16 bytes, **never reused** under one key. Tag:
/// 16 bytes. Forgery bound: δ + 14D⌈L/16⌉/2^106 (paper §3, with δ the
/// cipher's PRP distinguishing advantage).
///
/// Powers of r used by the SIMD backends are computed per message and not
/// kept between messages (key agility: a new key costs nothing extra).
#[derive(Clone)]
pub struct Poly1305With<C: PadCipher> {
    cipher: C,
    r: [u64; 2],
    engine: Engine,
}

/// Poly1305-AES: [`Poly1305With`] over AES-128, key k ‖ r (32 bytes).
pub type Poly1305Aes = Poly1305With<Aes128Pad>;

/// The incremental form of [`Poly1305Aes`].
pub type Poly1305AesState<'a> = Poly1305WithState<'a, Aes128Pad>;

impl<C: PadCipher> Poly1305With<C> {
    /// The MAC with pad cipher `cipher` and multiplier `r`.
    ///
    /// # Errors
    /// [`Error::InvalidKey`] if r has a bit set that the paper requires to
    /// be 0.
    pub fn from_cipher(cipher: C, r: &[u8; 16]) -> Result<Self, Error> {
        let r = r_limbs_checked(r).ok_or(Error::InvalidKey {
            reason: crate::backend::UNCLAMPED_R,
        })?;
        Ok(Self {
            cipher,
            r,
            engine: Engine::detect(),
        })
    }

    /// The same key on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this crate has no such backend or
    /// the CPU cannot run it.
    pub fn with_backend(mut self, backend: Backend) -> Result<Self, Error> {
        self.engine = Engine::force(backend)?;
        Ok(self)
    }

    /// The backend this key runs on.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// F_k(n) as a little-endian integer.
    #[inline]
    fn pad(&self, nonce: &Nonce) -> u128 {
        let mut b = *nonce.as_bytes();
        self.cipher.encrypt_pad(&mut b);
        let s = u128::from_le_bytes(b);
        b.zeroize();
        s
    }

    /// The authenticator of `msg` under nonce `nonce`.
    #[inline]
    #[must_use]
    pub fn authenticate(&self, nonce: &Nonce, msg: &[u8]) -> Tag {
        let mut st = State::new(self.r, self.engine);
        st.message(msg);
        st.finish(self.pad(nonce))
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if it does not.
    pub fn verify(&self, nonce: &Nonce, msg: &[u8], tag: &Tag) -> Result<(), Error> {
        ct_check(&self.authenticate(nonce, msg), tag)
    }

    /// An incremental computation: feed the message with
    /// [`Poly1305WithState::update`] in pieces of any lengths.
    #[must_use]
    pub fn start(&self) -> Poly1305WithState<'_, C> {
        Poly1305WithState {
            mac: self,
            state: State::new(self.r, self.engine),
            buf: [0; 16],
            buf_len: 0,
        }
    }
}

impl Poly1305Aes {
    /// Poly1305-AES with key k ‖ r (the paper's 32-byte layout).
    ///
    /// # Errors
    /// [`Error::InvalidKey`] if r violates the paper's constraints.
    pub fn new(key: &[u8; 32]) -> Result<Self, Error> {
        let (k, r) = key.split_at(16);
        let k: [u8; 16] = k.try_into().unwrap_or([0; 16]);
        let r: [u8; 16] = r.try_into().unwrap_or([0; 16]);
        Self::from_cipher(Aes128Pad::new(&k), &r)
    }
}

impl KeySizeUser for Poly1305Aes {
    type KeySize = U32;
}

impl TryKeyInit for Poly1305Aes {
    /// Key k ‖ r; an r with a clamped bit set is rejected.
    fn new(key: &universal_hash::Key<Self>) -> Result<Self, InvalidKey> {
        Poly1305Aes::new(&(*key).into()).map_err(InvalidKey::from)
    }
}

impl<C: PadCipher> fmt::Debug for Poly1305With<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Poly1305With")
            .field("backend", &self.backend())
            .finish_non_exhaustive()
    }
}

impl<C: PadCipher> Drop for Poly1305With<C> {
    fn drop(&mut self) {
        self.r.zeroize();
    }
}

fn ct_check(got: &Tag, want: &Tag) -> Result<(), Error> {
    if bool::from(got.ct_eq(want)) {
        Ok(())
    } else {
        Err(Error::TagMismatch)
    }
}

/// One message being authenticated incrementally with a
/// [`Poly1305With`] key (see [`Poly1305With::start`]).
pub struct Poly1305WithState<'a, C: PadCipher> {
    mac: &'a Poly1305With<C>,
    state: State,
    buf: [u8; 16],
    buf_len: usize,
}

impl<C: PadCipher> Poly1305WithState<'_, C> {
    /// Appends `data` (any length) to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buf_len > 0 {
            let take = (16 - self.buf_len).min(data.len());
            self.buf[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            data = &data[take..];
            if self.buf_len < 16 {
                return;
            }
            let b = self.buf;
            self.state.blocks(&b);
            self.buf_len = 0;
        }
        let full = data.len() & !15;
        self.state.blocks(&data[..full]);
        let rest = &data[full..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// The authenticator of the whole message under `nonce`.
    #[must_use]
    pub fn finalize(mut self, nonce: &Nonce) -> Tag {
        let tail = self.buf;
        self.state.partial(&tail[..self.buf_len]);
        self.state.finish(self.mac.pad(nonce))
    }

    /// Constant-time check of `tag` against [`Self::finalize`].
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if they differ.
    pub fn verify(self, nonce: &Nonce, tag: &Tag) -> Result<(), Error> {
        let got = self.finalize(nonce);
        ct_check(&got, tag)
    }
}

impl<C: PadCipher> fmt::Debug for Poly1305WithState<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Poly1305WithState { .. }")
    }
}

impl<C: PadCipher> Drop for Poly1305WithState<'_, C> {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

/// Opt-in: a long-term [`Poly1305With`] key that also keeps the powers
/// r^1..r^16 the SIMD backend uses, computed once here instead of per
/// message. This trades the paper's key agility (nothing precomputed, a
/// key is as cheap as its use) for speed on many medium-length messages
/// under one key; the tags are identical.
#[derive(Clone)]
pub struct Poly1305WithPowers<C: PadCipher> {
    mac: Poly1305With<C>,
    powers: KeyPowers,
}

/// [`Poly1305WithPowers`] over AES-128.
pub type Poly1305AesWithPowers = Poly1305WithPowers<Aes128Pad>;

impl<C: PadCipher> Poly1305WithPowers<C> {
    /// Precomputes the powers of `mac`'s r for its backend.
    #[must_use]
    pub fn new(mac: Poly1305With<C>) -> Self {
        let powers = KeyPowers::new(mac.engine, &mac.r);
        Self { mac, powers }
    }

    /// The key without the stored powers.
    #[must_use]
    pub fn key(&self) -> &Poly1305With<C> {
        &self.mac
    }

    /// The authenticator of `msg` under `nonce` (as
    /// [`Poly1305With::authenticate`]).
    #[inline]
    #[must_use]
    pub fn authenticate(&self, nonce: &Nonce, msg: &[u8]) -> Tag {
        let h = self.powers.message(self.mac.engine, &self.mac.r, msg);
        finish(&h, self.mac.pad(nonce))
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if it does not.
    pub fn verify(&self, nonce: &Nonce, msg: &[u8], tag: &Tag) -> Result<(), Error> {
        ct_check(&self.authenticate(nonce, msg), tag)
    }
}

impl<C: PadCipher> fmt::Debug for Poly1305WithPowers<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Poly1305WithPowers")
            .field("backend", &self.mac.backend())
            .finish_non_exhaustive()
    }
}
