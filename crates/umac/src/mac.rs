//! UMAC (RFC 4418 **§4**): Tag = UHASH(K, M, taglen) xor PDF(K, Nonce,
//! taglen): the MAC key [`Umac`], its streaming state [`UmacState`] and its
//! session [`UmacSession`], generic over the tag size, and the names of the
//! four RFC sizes ([`Umac32`] … [`Umac128`] and their states and sessions).

use aes::cipher::KeyInit;
use uhash_base::error::key_array;
use uhash_base::{Backend, Error, Tag};
use uhash_mmh::Engine32;

use crate::AsUmacNonce;
use crate::pdf::{PadCache, Pdf};
use crate::three_layer::{State, Uhash};

/// UMAC with N iterations (taglen = 4N bytes): UHASH's keys and the PDF.
#[derive(Clone)]
pub(crate) struct MacKeys<const N: usize> {
    uhash: Uhash<N>,
    pdf: Pdf,
}

impl<const N: usize> MacKeys<N> {
    /// Every key from K (RFC 4418 §3.2: `KDF(K, 0..=4, ·)`), the NH kernels
    /// on `engine`.
    pub(crate) fn new(key: &[u8; 16], engine: Engine32) -> Self {
        let mut keys = crate::kdf::Keys::new();
        keys.derive::<N>(&aes::Aes128::new(key.into()));
        let mut this = Self {
            uhash: Uhash::zeroed(engine),
            pdf: Pdf::derive(&keys),
        };
        this.uhash.fill(&keys);
        this
    }

    pub(crate) fn engine(&self) -> Engine32 {
        self.uhash.engine()
    }

    pub(crate) fn uhash(&self) -> &Uhash<N> {
        &self.uhash
    }

    /// The tag words of `msg` under `nonce`. The pad first: its AES block
    /// does not depend on the hash and runs while the hash is computed.
    #[inline(always)]
    pub(crate) fn tag_words(&self, nonce: ([u8; 16], usize), msg: &[u8]) -> [u32; N] {
        let pad = self.pdf.pad::<N>(nonce);
        let h = self.uhash.hash(msg);
        core::array::from_fn(|i| h[i] ^ pad[i])
    }

    /// As [`MacKeys::tag_words`], the pad through `cache`.
    #[inline(always)]
    pub(crate) fn tag_words_cached(
        &self,
        cache: &mut PadCache,
        nonce: ([u8; 16], usize),
        msg: &[u8],
    ) -> [u32; N] {
        let pad = cache.pad::<N>(&self.pdf, nonce);
        let h = self.uhash.hash(msg);
        core::array::from_fn(|i| h[i] ^ pad[i])
    }

    /// The tag words of the UHASH words `h` under `nonce`.
    #[inline(always)]
    pub(crate) fn seal(&self, nonce: ([u8; 16], usize), h: [u32; N]) -> [u32; N] {
        let pad = self.pdf.pad::<N>(nonce);
        core::array::from_fn(|i| h[i] ^ pad[i])
    }

    /// As [`MacKeys::seal`], the pad through `cache`.
    #[inline(always)]
    pub(crate) fn seal_cached(
        &self,
        cache: &mut PadCache,
        nonce: ([u8; 16], usize),
        h: [u32; N],
    ) -> [u32; N] {
        let pad = cache.pad::<N>(&self.pdf, nonce);
        core::array::from_fn(|i| h[i] ^ pad[i])
    }
}

/// The tag bytes of the tag words (big-endian, RFC 4418's `uint2str`).
#[inline(always)]
pub(crate) fn tag<const N: usize, const T: usize>(words: [u32; N]) -> Tag<T> {
    let mut out = [0u8; T];
    for (o, w) in out.chunks_exact_mut(4).zip(words) {
        o.copy_from_slice(&w.to_be_bytes());
    }
    Tag::from_bytes(out)
}

/// `Ok` if the tags are equal (constant time), else [`Error::TagMismatch`].
pub(crate) fn check<const T: usize>(got: &Tag<T>, want: &Tag<T>) -> Result<(), Error> {
    if got == want {
        Ok(())
    } else {
        Err(Error::TagMismatch)
    }
}

/// The nonce length of [`Umac::new`] and the other
/// constructors without one: 8 bytes, OpenSSH's (its packet sequence
/// number) and the `uhash` tool's.
pub const DEFAULT_NONCE_LEN: usize = 8;

/// `len` as a key's nonce length, or [`Error::InvalidNonceLength`] unless
/// 1 ≤ `len` ≤ 16 (`expected: 1` for 0, `expected: 16` above 16).
pub(crate) fn nonce_len(len: usize) -> Result<u8, Error> {
    match u8::try_from(len) {
        Ok(l @ 1..=16) => Ok(l),
        _ => Err(Error::InvalidNonceLength {
            expected: if len == 0 { 1 } else { 16 },
            got: len,
        }),
    }
}

/// The padded nonce if it has the key's length `expected`, else
/// [`Error::InvalidNonceLength`].
#[inline(always)]
pub(crate) fn checked(expected: u8, nonce: &impl AsUmacNonce) -> Result<([u8; 16], usize), Error> {
    let (block, len) = nonce.padded();
    if len == usize::from(expected) {
        Ok((block, len))
    } else {
        Err(Error::InvalidNonceLength {
            expected: usize::from(expected),
            got: len,
        })
    }
}

/// The engine of `backend`, or [`Error::UnsupportedBackend`].
pub(crate) fn engine_of(backend: Backend) -> Result<Engine32, Error> {
    Engine32::new(backend)
}

/// A UMAC key (RFC 4418) with `TAG`-byte tags, `ITERS` = `TAG`/4 UHASH
/// iterations: 16-byte key, nonces of 1 to 16 bytes (one length per key,
/// 8 by default), messages shorter than 2^64 bytes. Use it through its
/// names: [`Umac32`] (`Umac<4, 1>`), [`Umac64`] (`Umac<8, 2>`), [`Umac96`]
/// (`Umac<12, 3>`), [`Umac128`] (`Umac<16, 4>`); any other pair of
/// parameters fails to compile when a key is built:
///
/// ```compile_fail,E0080
/// let mac = umac::Umac::<12, 2>::new(&[0; 16]); // 12-byte tags need 3 iterations
/// ```
///
/// The key holds the **nonce length** every call must use (see the
/// [crate docs](crate#nonce-length-fixed-per-key)): 8 bytes unless
/// built with [`Self::with_nonce_len`] or [`Self::for_nonce_len`].
#[derive(Clone)]
pub struct Umac<const TAG: usize, const ITERS: usize> {
    inner: MacKeys<ITERS>,
    nonce_len: u8,
}

impl<const TAG: usize, const ITERS: usize> Umac<TAG, ITERS> {
    /// Tag bytes.
    pub const TAG_BYTES: usize = TAG;

    /// The parameters of RFC 4418: 1 to 4 iterations, 4 tag bytes each.
    const VALID: () = assert!(ITERS >= 1 && ITERS <= 4 && TAG == 4 * ITERS);

    /// The name of this size, for `Debug`.
    const NAME: &'static str = match TAG {
        4 => "Umac32",
        8 => "Umac64",
        12 => "Umac96",
        _ => "Umac128",
    };

    /// Keyed with the 16-byte key K (AES-128), every key derived
    /// (RFC 4418 §3.2); the NH kernels on the fastest backend of
    /// this CPU; nonces of [`DEFAULT_NONCE_LEN`] = 8 bytes.
    #[must_use]
    pub fn new(key: &[u8; 16]) -> Self {
        Self::new_with_engine(key, Engine32::detect())
    }

    /// [`Self::new`] for nonces of `len` bytes (1 to 16): every
    /// `authenticate`, `verify` and `finalize` under this key then
    /// takes nonces of exactly `len` bytes.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] unless 1 ≤ `len` ≤ 16.
    pub fn with_nonce_len(key: &[u8; 16], len: usize) -> Result<Self, Error> {
        Self::new(key).for_nonce_len(len)
    }

    /// This key for nonces of `len` bytes (1 to 16) instead: with a
    /// forced backend, `Umac64::new_with_engine(&k, e).for_nonce_len(12)`.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] unless 1 ≤ `len` ≤ 16.
    pub fn for_nonce_len(mut self, len: usize) -> Result<Self, Error> {
        self.nonce_len = nonce_len(len)?;
        Ok(self)
    }

    /// The nonce length this key takes, in bytes.
    #[must_use]
    pub fn nonce_len(&self) -> usize {
        usize::from(self.nonce_len)
    }

    /// [`Self::new`] from a slice (8-byte nonces).
    ///
    /// # Errors
    /// [`Error::InvalidKeyLength`] unless `key` has 16 bytes.
    pub fn from_slice(key: &[u8]) -> Result<Self, Error> {
        Ok(Self::new(key_array(key)?))
    }

    /// [`Self::new`] with the NH kernels on `backend` (any of
    /// `uhash_mmh::Engine32::BACKENDS`: `soft`, `avx2`, `avx512`, `neon`,
    /// `avx2-asm`, `avx512-asm`, `neon-asm`, `asm`, …); 8-byte nonces.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] when this CPU or build cannot run it.
    pub fn new_with_backend(key: &[u8; 16], backend: Backend) -> Result<Self, Error> {
        Ok(Self::new_with_engine(key, engine_of(backend)?))
    }

    /// [`Self::new`] with the NH kernels on `engine`; 8-byte nonces.
    #[must_use]
    pub fn new_with_engine(key: &[u8; 16], engine: Engine32) -> Self {
        let () = Self::VALID;
        Self {
            inner: MacKeys::new(key, engine),
            nonce_len: DEFAULT_NONCE_LEN as u8,
        }
    }

    /// The backend of the NH kernels.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.inner.engine().backend()
    }

    /// The engine of the NH kernels.
    #[must_use]
    pub fn engine(&self) -> Engine32 {
        self.inner.engine()
    }

    /// The tag of `msg` under `nonce` (of this key's
    /// [`nonce_len`](Self::nonce_len); never reuse one under a key).
    /// One AES block per call: a sender with consecutive nonces
    /// saves it with [`Self::session`].
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's.
    pub fn authenticate(&self, nonce: &impl AsUmacNonce, msg: &[u8]) -> Result<Tag<TAG>, Error> {
        let nonce = checked(self.nonce_len, nonce)?;
        Ok(tag(self.inner.tag_words(nonce, msg)))
    }

    /// Constant-time check that `tag` authenticates `msg` under
    /// `nonce`. (A received tag of the wrong size is rejected by
    /// [`Tag::from_slice`].)
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's, [`Error::TagMismatch`] when the tag does not match.
    pub fn verify(
        &self,
        nonce: &impl AsUmacNonce,
        msg: &[u8],
        tag: &Tag<TAG>,
    ) -> Result<(), Error> {
        check(&self.authenticate(nonce, msg)?, tag)
    }

    /// A state for a message that arrives in pieces.
    #[must_use]
    pub fn start(&self) -> UmacState<'_, TAG, ITERS> {
        UmacState {
            mac: self,
            state: State::default(),
        }
    }

    /// A session: this key and a cache of the last PDF block, for
    /// one sender or receiver whose nonces count up (see
    /// [`UmacNonce::from_counter`](crate::UmacNonce::from_counter)).
    #[must_use]
    pub fn session(&self) -> UmacSession<'_, TAG, ITERS> {
        UmacSession {
            mac: self,
            cache: PadCache::default(),
        }
    }
}

impl<const TAG: usize, const ITERS: usize> core::fmt::Debug for Umac<TAG, ITERS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct(Self::NAME)
            .field("backend", &self.backend())
            .field("nonce_len", &self.nonce_len)
            .finish_non_exhaustive()
    }
}

/// A message being authenticated in pieces under a [`Umac`] key (from
/// [`Umac::start`]). Any split of the message gives the tag of the whole;
/// with feature `std` it is an `std::io::Write`. Named per size:
/// [`Umac32State`] … [`Umac128State`].
pub struct UmacState<'a, const TAG: usize, const ITERS: usize> {
    mac: &'a Umac<TAG, ITERS>,
    state: State<ITERS>,
}

impl<const TAG: usize, const ITERS: usize> UmacState<'_, TAG, ITERS> {
    /// Appends `data` to the message.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (and nothing appended) when the
    /// message would reach 2^64 bytes, RFC 4418's limit.
    pub fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.state.update(self.mac.inner.uhash(), data)
    }

    /// The tag of the whole message under `nonce` (of the key's
    /// nonce length).
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's.
    pub fn finalize(mut self, nonce: &impl AsUmacNonce) -> Result<Tag<TAG>, Error> {
        let nonce = checked(self.mac.nonce_len, nonce)?;
        let h = self.state.finish(self.mac.inner.uhash());
        Ok(tag(self.mac.inner.seal(nonce, h)))
    }

    /// Constant-time check of `tag` against [`Self::finalize`].
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's, [`Error::TagMismatch`] when the tags differ.
    pub fn verify(self, nonce: &impl AsUmacNonce, tag: &Tag<TAG>) -> Result<(), Error> {
        check(&self.finalize(nonce)?, tag)
    }
}

impl<const TAG: usize, const ITERS: usize> core::fmt::Debug for UmacState<'_, TAG, ITERS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}State {{ .. }}", Umac::<TAG, ITERS>::NAME)
    }
}

#[cfg(feature = "std")]
impl<const TAG: usize, const ITERS: usize> std::io::Write for UmacState<'_, TAG, ITERS> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.update(buf)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A [`Umac`] key with a cache of the last PDF block (from
/// [`Umac::session`]): the same tags, and the same nonce length; UMAC-32
/// and UMAC-64 nonces that differ only in their low bits share one AES
/// call (see each size's name: [`Umac32Session`] … [`Umac128Session`]).
/// Owned by one sender or receiver; the key stays shared and immutable.
pub struct UmacSession<'a, const TAG: usize, const ITERS: usize> {
    mac: &'a Umac<TAG, ITERS>,
    cache: PadCache,
}

impl<const TAG: usize, const ITERS: usize> UmacSession<'_, TAG, ITERS> {
    /// The tag of `msg` under `nonce`, as the key's `authenticate`;
    /// the pad through the cache.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's.
    pub fn authenticate(
        &mut self,
        nonce: &impl AsUmacNonce,
        msg: &[u8],
    ) -> Result<Tag<TAG>, Error> {
        let nonce = checked(self.mac.nonce_len, nonce)?;
        Ok(tag(self.mac.inner.tag_words_cached(
            &mut self.cache,
            nonce,
            msg,
        )))
    }

    /// Constant-time check of `tag`, the pad through the cache.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's, [`Error::TagMismatch`] when the tag does not match.
    pub fn verify(
        &mut self,
        nonce: &impl AsUmacNonce,
        msg: &[u8],
        tag: &Tag<TAG>,
    ) -> Result<(), Error> {
        check(&self.authenticate(nonce, msg)?, tag)
    }

    /// The tag of a streamed message (`state` from this key's
    /// `start`), the pad through the cache.
    ///
    /// # Errors
    /// [`Error::InvalidNonceLength`] when the nonce's length is not the
    /// key's.
    pub fn finalize(
        &mut self,
        mut state: UmacState<'_, TAG, ITERS>,
        nonce: &impl AsUmacNonce,
    ) -> Result<Tag<TAG>, Error> {
        let nonce = checked(self.mac.nonce_len, nonce)?;
        let h = state.state.finish(self.mac.inner.uhash());
        Ok(tag(self.mac.inner.seal_cached(&mut self.cache, nonce, h)))
    }
}

impl<const TAG: usize, const ITERS: usize> core::fmt::Debug for UmacSession<'_, TAG, ITERS> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}Session {{ .. }}", Umac::<TAG, ITERS>::NAME)
    }
}

/// **UMAC-32** (RFC 4418): 16-byte key, nonces of 1 to 16 bytes (one
/// length per key, 8 by default), 4-byte tags; one UHASH iteration;
/// forgery probability ≤ 2^-30 per attempt (see the
/// [crate docs](crate#security)).
pub type Umac32 = Umac<4, 1>;
/// A message being authenticated in pieces under a [`Umac32`] key (from
/// [`Umac::start`]).
pub type Umac32State<'a> = UmacState<'a, 4, 1>;
/// A [`Umac32`] key with a cache of the last PDF block (from
/// [`Umac::session`]): nonces that differ only in their last two bits
/// (four consecutive big-endian counters) share one AES call.
pub type Umac32Session<'a> = UmacSession<'a, 4, 1>;

/// **UMAC-64** (RFC 4418; OpenSSH's `umac-64@openssh.com`): 16-byte key,
/// nonces of 1 to 16 bytes (one length per key, 8 by default), 8-byte
/// tags; two UHASH iterations; forgery probability ≤ 2^-60 per attempt
/// (see the [crate docs](crate#security)).
pub type Umac64 = Umac<8, 2>;
/// A message being authenticated in pieces under a [`Umac64`] key (from
/// [`Umac::start`]).
pub type Umac64State<'a> = UmacState<'a, 8, 2>;
/// A [`Umac64`] key with a cache of the last PDF block (from
/// [`Umac::session`]): nonces that differ only in their last bit (two
/// consecutive big-endian counters) share one AES call.
pub type Umac64Session<'a> = UmacSession<'a, 8, 2>;

/// **UMAC-96** (RFC 4418): 16-byte key, nonces of 1 to 16 bytes (one
/// length per key, 8 by default), 12-byte tags; three UHASH iterations;
/// forgery probability ≤ 2^-90 per attempt (see the
/// [crate docs](crate#security)).
pub type Umac96 = Umac<12, 3>;
/// A message being authenticated in pieces under a [`Umac96`] key (from
/// [`Umac::start`]).
pub type Umac96State<'a> = UmacState<'a, 12, 3>;
/// A [`Umac96`] key with a cache of the last PDF block (from
/// [`Umac::session`]). UMAC-96 takes a whole AES block per nonce, so
/// nothing is shared: the session costs what the key's own methods cost
/// (it exists so that code is the same for every tag size).
pub type Umac96Session<'a> = UmacSession<'a, 12, 3>;

/// **UMAC-128** (RFC 4418; OpenSSH's `umac-128@openssh.com`): 16-byte
/// key, nonces of 1 to 16 bytes (one length per key, 8 by default),
/// 16-byte tags; four UHASH iterations; forgery probability ≤ 2^-120 per
/// attempt (see the [crate docs](crate#security)).
pub type Umac128 = Umac<16, 4>;
/// A message being authenticated in pieces under a [`Umac128`] key (from
/// [`Umac::start`]).
pub type Umac128State<'a> = UmacState<'a, 16, 4>;
/// A [`Umac128`] key with a cache of the last PDF block (from
/// [`Umac::session`]). UMAC-128 takes a whole AES block per nonce, so
/// nothing is shared: the session costs what the key's own methods cost
/// (it exists so that code is the same for every tag size).
pub type Umac128Session<'a> = UmacSession<'a, 16, 4>;
