//! [`Poly1305With`]: the Poly1305-AES MAC over any 16-byte-block cipher,
//! and its incremental form — the MAC shape of every family of the
//! workspace: `authenticate(&self, &Nonce, msg) -> MacTag`, `verify`,
//! `start(&self)` → a state with `update`, `finalize(self, &Nonce)` and
//! `verify(self, &Nonce, &MacTag)` (`std::io::Write` with feature `std`).

use core::fmt;

use uhash_base::block::top_up;
use uhash_base::wiped::Wiped;
use universal_hash::common::{InvalidKey, KeySizeUser, TryKeyInit};
use universal_hash::consts::U32;
use zeroize::Zeroize;

use crate::clamp::{UNCLAMPED_R, r_limbs_checked, r_limbs_clamped};
use crate::kernels::{Engine, Powers};
use crate::nonce::Nonce;
use crate::pad::{Aes128Pad, PadCipher};
use crate::state::{State, fill};
use crate::{Backend, Error};

/// The tag of the Poly1305-AES MAC ([`Poly1305With`], [`Poly1305Aes`],
/// [`crate::Poly1305WithPowers`], [`crate::batch`]): 16 bytes
/// (`uhash_base::Tag<16>`, as every MAC of the workspace returns), whose
/// `==` is constant-time. The crate root's [`crate::Tag`] is a different
/// type: RustCrypto's `poly1305::Tag`, the output block of [`crate::Poly1305`].
pub type MacTag = uhash_base::Tag<16>;

/// Poly1305 with pad F_k(n) for a 16-byte-block cipher F (paper §2):
///
/// tag = (((c₁r^q + … + c_q r) mod (2^130 − 5)) + F_k(n)) mod 2^128.
///
/// Key: the cipher's key k and 16 bytes r, which must satisfy the paper's
/// constraints (r\[3\], r\[7\], r\[11\], r\[15\] < 16; r\[4\], r\[8\], r\[12\] ≡ 0 mod 4)
/// — an r that does not is rejected with [`Error::InvalidKey`], never
/// clamped silently ([`crate::clamp_r`] and [`Poly1305Aes::new_clamped`]
/// put any 16 bytes into that format). Nonce: 16 bytes, **never reused**
/// under one key. Tag: 16 bytes. Forgery bound after C authenticated
/// messages and D attempts: δ + (1 − C/2^128)^(−(C+1)/2)·8D⌈L/16⌉/2^106,
/// below δ + 14D⌈L/16⌉/2^106 for C ≤ 2^64 (paper §3, with δ the cipher's
/// PRP distinguishing advantage; see the [crate docs](crate)).
///
/// Powers of r used by the SIMD backends are computed per message and not
/// kept between messages (key agility: a new key costs nothing extra).
#[derive(Clone)]
pub struct Poly1305With<C: PadCipher>(Wiped<Parts<C>>);

/// The key of a [`Poly1305With`], in storage that is zeroed byte by byte on
/// drop (its padding may hold key copies from construction).
#[derive(Clone)]
struct Parts<C> {
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
        // One branch, on whether r is valid (which the error reveals
        // anyway); the check itself is branch-free.
        let (mut limbs, ok) = r_limbs_checked(r);
        if !bool::from(ok) {
            limbs.zeroize();
            return Err(Error::InvalidKey {
                reason: UNCLAMPED_R,
            });
        }
        Ok(Self::with_limbs(cipher, limbs))
    }

    /// The MAC with pad cipher `cipher` and multiplier `r` put into the
    /// paper's key format first ([`crate::clamp_r`]): never an error.
    #[must_use]
    pub fn from_cipher_clamped(cipher: C, r: &[u8; 16]) -> Self {
        Self::with_limbs(cipher, r_limbs_clamped(r))
    }

    #[inline]
    fn with_limbs(cipher: C, r: [u64; 2]) -> Self {
        Self(Wiped::new(Parts {
            cipher,
            r,
            engine: Engine::detect(),
        }))
    }

    /// The same key on a forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this crate has no such backend or
    /// the CPU cannot run it.
    pub fn with_backend(mut self, backend: Backend) -> Result<Self, Error> {
        self.0.engine = Engine::new(backend)?;
        Ok(self)
    }

    /// The backend this key runs on (a concrete name: never the alias
    /// [`Backend::Asm`]).
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.0.engine.backend()
    }

    /// F_k(n) as a little-endian integer.
    #[inline]
    pub(crate) fn pad(&self, nonce: &Nonce) -> u128 {
        // the block built in a register and stored whole, so that the
        // cipher's 16-byte load of it is forwarded (the nonce's bytes are
        // often two 8-byte stores: a counter), and wiped in one store
        let (lo, hi) = crate::backend::bytes16::halves(nonce.as_bytes());
        let mut b = crate::backend::bytes16::bytes16(lo, hi);
        self.0.cipher.encrypt_pad(&mut b);
        let s = u128::from_le_bytes(b);
        crate::backend::bytes16::wipe16(&mut b);
        s
    }

    /// The authenticator of `msg` under nonce `nonce`.
    #[inline]
    #[must_use]
    pub fn authenticate(&self, nonce: &Nonce, msg: &[u8]) -> MacTag {
        let mut st = State::new(self.0.r, self.0.engine);
        st.message(msg);
        MacTag::from_bytes(st.finish(self.pad(nonce)))
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if it does not.
    pub fn verify(&self, nonce: &Nonce, msg: &[u8], tag: &MacTag) -> Result<(), Error> {
        ct_check(&self.authenticate(nonce, msg), tag)
    }

    /// [`Self::authenticate`] on the threads of the current rayon pool
    /// (feature `rayon`): the message's whole blocks are split into
    /// segments of at least [`crate::parallel::MIN_SEGMENT_BYTES`], each
    /// hashed from h = 0 by this key's backend, and joined with powers of r
    /// (see [`crate::parallel`]). The same tag, bit for bit; a message
    /// shorter than two segments, or a pool of one thread, takes the
    /// one-thread path.
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn authenticate_parallel(&self, nonce: &Nonce, msg: &[u8]) -> MacTag {
        let mut st = State::new(self.0.r, self.0.engine);
        st.message_parallel(msg);
        MacTag::from_bytes(st.finish(self.pad(nonce)))
    }

    /// [`Self::authenticate_parallel`] of a message read in pieces (a file
    /// read with `pread` on every thread: [`uhash_base::pieces`]), each
    /// segment hashed by the thread that read it. The same tag as for the
    /// slice of the message's bytes.
    ///
    /// # Errors
    /// The first error `msg` returned.
    #[cfg(feature = "rayon")]
    pub fn authenticate_parallel_from<P: uhash_base::pieces::Pieces + ?Sized>(
        &self,
        nonce: &Nonce,
        msg: &P,
    ) -> Result<MacTag, P::Error> {
        let mut st = State::new(self.0.r, self.0.engine);
        st.message_parallel_from(msg)?;
        Ok(MacTag::from_bytes(st.finish(self.pad(nonce))))
    }

    /// [`Self::verify`] with [`Self::authenticate_parallel`] (feature
    /// `rayon`).
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if `tag` does not authenticate `msg`.
    #[cfg(feature = "rayon")]
    pub fn verify_parallel(&self, nonce: &Nonce, msg: &[u8], tag: &MacTag) -> Result<(), Error> {
        ct_check(&self.authenticate_parallel(nonce, msg), tag)
    }

    /// An incremental computation: feed the message with
    /// [`Poly1305WithState::update`] in pieces of any lengths.
    #[must_use]
    pub fn start(&self) -> Poly1305WithState<'_, C> {
        self.start_with(None)
    }

    /// [`Self::start`] with a long-term key's powers of r (lent to every
    /// call of the backend).
    pub(crate) fn start_with<'a>(&'a self, powers: Option<&'a Powers>) -> Poly1305WithState<'a, C> {
        Poly1305WithState {
            state: State::new(self.0.r, self.0.engine),
            mac: self,
            powers,
            buf: [0; 16],
            buf_len: 0,
            fill: [0; STATE_FILL],
        }
    }

    /// The clamped r and the engine, for a long-term key's powers.
    pub(crate) fn key(&self) -> (&[u64; 2], Engine) {
        (&self.0.r, self.0.engine)
    }
}

impl Poly1305Aes {
    /// Poly1305-AES with key k ‖ r (the paper's 32-byte layout).
    ///
    /// # Errors
    /// [`Error::InvalidKey`] if r violates the paper's constraints (see
    /// [`crate::clamp_r`] and [`Self::new_clamped`]).
    pub fn new(key: &[u8; 32]) -> Result<Self, Error> {
        let (k, mut r) = split_key(key);
        let mac = Self::from_cipher(Aes128Pad::new(&k), &r);
        r.zeroize();
        mac
    }

    /// Poly1305-AES with key k ‖ r where r is first put into the paper's
    /// key format ([`crate::clamp_r`]: the top four bits of r\[3\], r\[7\],
    /// r\[11\], r\[15\] and the bottom two of r\[4\], r\[8\], r\[12\]
    /// cleared), so that any 32 bytes make a key — for instance 32 uniform
    /// random bytes, of which 128 + 106 bits are then key material. The
    /// same MAC as [`Self::new`] for a key that is already clamped.
    #[must_use]
    pub fn new_clamped(key: &[u8; 32]) -> Self {
        let (k, mut r) = split_key(key);
        let mac = Self::from_cipher_clamped(Aes128Pad::new(&k), &r);
        r.zeroize();
        mac
    }
}

/// k and r of a key k ‖ r.
fn split_key(key: &[u8; 32]) -> ([u8; 16], [u8; 16]) {
    let (k, r) = key.split_at(16);
    (
        k.try_into().unwrap_or([0; 16]),
        r.try_into().unwrap_or([0; 16]),
    )
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

/// `Ok` if the tags are equal (constant time), else [`Error::TagMismatch`].
pub(crate) fn ct_check(got: &MacTag, want: &MacTag) -> Result<(), Error> {
    if got == want {
        Ok(())
    } else {
        Err(Error::TagMismatch)
    }
}

/// One message being authenticated incrementally with a
/// [`Poly1305With`] key (see [`Poly1305With::start`]). Any split of the
/// message into [`Self::update`] calls gives the tag of the whole message.
/// With feature `std` it is an `std::io::Write`, so `std::io::copy` can
/// feed it a file or a pipe.
#[repr(C)] // no padding: see `State`
pub struct Poly1305WithState<'a, C: PadCipher> {
    state: State,
    mac: &'a Poly1305With<C>,
    powers: Option<&'a Powers>,
    buf: [u8; 16],
    buf_len: usize,
    fill: [u8; STATE_FILL],
}

/// The zero bytes that round [`Poly1305WithState`] up to its alignment.
const STATE_FILL: usize = fill(
    size_of::<State>() + 2 * size_of::<&()>() + 16 + size_of::<usize>(),
    align_of::<State>(),
    align_of::<usize>(),
);

// No padding (stale stack bytes would travel along with the state).
const _: () = assert!(
    size_of::<Poly1305WithState<'static, Aes128Pad>>()
        == size_of::<State>() + 2 * size_of::<&()>() + 16 + size_of::<usize>() + STATE_FILL
);

impl<C: PadCipher> Poly1305WithState<'_, C> {
    /// Appends `data` (any length) to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        if self.buf_len > 0 {
            if !top_up(&mut self.buf, &mut self.buf_len, &mut data) {
                return;
            }
            let b = self.buf;
            self.state.absorb(self.powers, &b);
            self.buf_len = 0;
        }
        let full = data.len() & !15;
        self.state.absorb(self.powers, &data[..full]);
        let rest = &data[full..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
    }

    /// The authenticator of the whole message under `nonce`.
    #[must_use]
    pub fn finalize(mut self, nonce: &Nonce) -> MacTag {
        let tail = self.buf;
        self.state.partial(&tail[..self.buf_len]);
        MacTag::from_bytes(self.state.finish(self.mac.pad(nonce)))
    }

    /// Constant-time check of `tag` against [`Self::finalize`].
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if they differ.
    pub fn verify(self, nonce: &Nonce, tag: &MacTag) -> Result<(), Error> {
        let got = self.finalize(nonce);
        ct_check(&got, tag)
    }
}

#[cfg(feature = "std")]
uhash_base::write_by_update!([C: PadCipher] Poly1305WithState<'_, C>);

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
