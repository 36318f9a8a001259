//! UMAC (RFC 4418 **§4**): Tag = UHASH(K, M, taglen) xor PDF(K, Nonce,
//! taglen), and the four public MAC types, their streaming states and
//! their sessions.

use aes::cipher::KeyInit;
use uhash_base::{Backend, Error, Tag};
use uhash_mmh::Engine32;

use crate::pdf::{PadCache, Pdf};
use crate::uhash::Uhash;

/// UMAC with N iterations (taglen = 4N bytes): UHASH's keys and the PDF.
#[derive(Clone)]
pub(crate) struct Umac<const N: usize> {
    uhash: Uhash<N>,
    pdf: Pdf,
}

impl<const N: usize> Umac<N> {
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

    /// As [`Umac::tag_words`], the pad through `cache`.
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

    /// As [`Umac::seal`], the pad through `cache`.
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

/// The nonce length of [`Umac64::new`](crate::Umac64::new) and the other
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
pub(crate) fn checked(
    expected: u8,
    nonce: &impl crate::AsUmacNonce,
) -> Result<([u8; 16], usize), Error> {
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

/// The key of `key`'s bytes, or [`Error::InvalidKeyLength`].
pub(crate) fn key_array(key: &[u8]) -> Result<&[u8; 16], Error> {
    key.try_into().map_err(|_| Error::InvalidKeyLength {
        expected: 16,
        got: key.len(),
    })
}

/// The engine of `backend`, or [`Error::UnsupportedBackend`].
pub(crate) fn engine_of(backend: Backend) -> Result<Engine32, Error> {
    Engine32::new(backend)
}

/// Generates a public UMAC type, its streaming state and its session.
macro_rules! umac_type {
    (
        $(#[$doc:meta])*
        $name:ident, $state:ident, $session:ident, $n:literal, $t:literal, $sdoc:literal
    ) => {
        $(#[$doc])*
        ///
        /// The key holds the **nonce length** every call must use (see the
        /// [crate docs](crate#nonce-length-fixed-per-key)): 8 bytes unless
        /// built with [`Self::with_nonce_len`] or [`Self::for_nonce_len`].
        #[derive(Clone)]
        pub struct $name {
            inner: $crate::mac::Umac<$n>,
            nonce_len: u8,
        }

        impl $name {
            /// Tag bytes.
            pub const TAG_BYTES: usize = $t;

            /// Keyed with the 16-byte key K (AES-128), every key derived
            /// (RFC 4418 §3.2); the NH kernels on the fastest backend of
            /// this CPU; nonces of
            /// [`DEFAULT_NONCE_LEN`](crate::DEFAULT_NONCE_LEN) = 8 bytes.
            #[must_use]
            pub fn new(key: &[u8; 16]) -> Self {
                Self::new_with_engine(key, uhash_mmh::Engine32::detect())
            }

            /// [`Self::new`] for nonces of `len` bytes (1 to 16): every
            /// `authenticate`, `verify` and `finalize` under this key then
            /// takes nonces of exactly `len` bytes.
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) unless
            /// 1 ≤ `len` ≤ 16.
            pub fn with_nonce_len(key: &[u8; 16], len: usize) -> Result<Self, uhash_base::Error> {
                Self::new(key).for_nonce_len(len)
            }

            /// This key for nonces of `len` bytes (1 to 16) instead: with a
            /// forced backend, `Umac64::new_with_engine(&k, e).for_nonce_len(12)`.
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) unless
            /// 1 ≤ `len` ≤ 16.
            pub fn for_nonce_len(mut self, len: usize) -> Result<Self, uhash_base::Error> {
                self.nonce_len = $crate::mac::nonce_len(len)?;
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
            /// [`Error::InvalidKeyLength`](uhash_base::Error) unless `key`
            /// has 16 bytes.
            pub fn from_slice(key: &[u8]) -> Result<Self, uhash_base::Error> {
                Ok(Self::new($crate::mac::key_array(key)?))
            }

            /// [`Self::new`] with the NH kernels on `backend` (any of
            /// `uhash_mmh::Engine32::BACKENDS`: `soft`, `avx2`, `avx512`, `neon`,
            /// `avx2-asm`, `avx512-asm`, `neon-asm`, `asm`, …); 8-byte nonces.
            ///
            /// # Errors
            /// [`Error::UnsupportedBackend`](uhash_base::Error) when this CPU
            /// or build cannot run it.
            pub fn new_with_backend(
                key: &[u8; 16],
                backend: uhash_base::Backend,
            ) -> Result<Self, uhash_base::Error> {
                Ok(Self::new_with_engine(key, $crate::mac::engine_of(backend)?))
            }

            /// [`Self::new`] with the NH kernels on `engine`; 8-byte nonces.
            #[must_use]
            pub fn new_with_engine(key: &[u8; 16], engine: uhash_mmh::Engine32) -> Self {
                Self {
                    inner: $crate::mac::Umac::new(key, engine),
                    nonce_len: $crate::mac::DEFAULT_NONCE_LEN as u8,
                }
            }

            /// The backend of the NH kernels.
            #[must_use]
            pub fn backend(&self) -> uhash_base::Backend {
                self.inner.engine().backend()
            }

            /// The engine of the NH kernels.
            #[must_use]
            pub fn engine(&self) -> uhash_mmh::Engine32 {
                self.inner.engine()
            }

            /// The tag of `msg` under `nonce` (of this key's
            /// [`nonce_len`](Self::nonce_len); never reuse one under a key).
            /// One AES block per call: a sender with consecutive nonces
            /// saves it with [`Self::session`].
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's.
            pub fn authenticate(
                &self,
                nonce: &impl $crate::AsUmacNonce,
                msg: &[u8],
            ) -> Result<uhash_base::Tag<$t>, uhash_base::Error> {
                let nonce = $crate::mac::checked(self.nonce_len, nonce)?;
                Ok($crate::mac::tag(self.inner.tag_words(nonce, msg)))
            }

            /// Constant-time check that `tag` authenticates `msg` under
            /// `nonce`. (A received tag of the wrong size is rejected by
            /// [`Tag::from_slice`](uhash_base::Tag::from_slice).)
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's,
            /// [`Error::TagMismatch`](uhash_base::Error) when the tag does
            /// not match.
            pub fn verify(
                &self,
                nonce: &impl $crate::AsUmacNonce,
                msg: &[u8],
                tag: &uhash_base::Tag<$t>,
            ) -> Result<(), uhash_base::Error> {
                $crate::mac::check(&self.authenticate(nonce, msg)?, tag)
            }

            /// A state for a message that arrives in pieces.
            #[must_use]
            pub fn start(&self) -> $state<'_> {
                $state {
                    mac: self,
                    state: Default::default(),
                }
            }

            /// A session: this key and a cache of the last PDF block, for
            /// one sender or receiver whose nonces count up (see
            /// [`UmacNonce::from_counter`](crate::UmacNonce::from_counter)).
            #[must_use]
            pub fn session(&self) -> $session<'_> {
                $session {
                    mac: self,
                    cache: Default::default(),
                }
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("backend", &self.backend())
                    .field("nonce_len", &self.nonce_len)
                    .finish_non_exhaustive()
            }
        }

        #[doc = concat!("A message being authenticated in pieces under a [`", stringify!($name), "`] key (from [`", stringify!($name), "::start`]). Any split of the message gives the tag of the whole; with feature `std` it is an `std::io::Write`.")]
        pub struct $state<'a> {
            mac: &'a $name,
            state: $crate::uhash::State<$n>,
        }

        impl $state<'_> {
            /// Appends `data` to the message.
            ///
            /// # Errors
            /// [`Error::InvalidMessageLength`](uhash_base::Error) (and
            /// nothing appended) when the message would reach 2^64 bytes,
            /// RFC 4418's limit.
            pub fn update(&mut self, data: &[u8]) -> Result<(), uhash_base::Error> {
                self.state.update(self.mac.inner.uhash(), data)
            }

            /// The tag of the whole message under `nonce` (of the key's
            /// nonce length).
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's.
            pub fn finalize(
                mut self,
                nonce: &impl $crate::AsUmacNonce,
            ) -> Result<uhash_base::Tag<$t>, uhash_base::Error> {
                let nonce = $crate::mac::checked(self.mac.nonce_len, nonce)?;
                let h = self.state.finish(self.mac.inner.uhash());
                Ok($crate::mac::tag(self.mac.inner.seal(nonce, h)))
            }

            /// Constant-time check of `tag` against [`Self::finalize`].
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's,
            /// [`Error::TagMismatch`](uhash_base::Error) when the tags differ.
            pub fn verify(
                self,
                nonce: &impl $crate::AsUmacNonce,
                tag: &uhash_base::Tag<$t>,
            ) -> Result<(), uhash_base::Error> {
                $crate::mac::check(&self.finalize(nonce)?, tag)
            }
        }

        impl core::fmt::Debug for $state<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($state), " { .. }"))
            }
        }

        #[cfg(feature = "std")]
        impl std::io::Write for $state<'_> {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.update(buf)
                    .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
                Ok(buf.len())
            }

            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }

        #[doc = concat!("A [`", stringify!($name), "`] key with a cache of the last PDF block (from [`", stringify!($name), "::session`]): the same tags, and the same nonce length; ", $sdoc, " Owned by one sender or receiver; the key stays shared and immutable.")]
        pub struct $session<'a> {
            mac: &'a $name,
            cache: $crate::pdf::PadCache,
        }

        impl $session<'_> {
            /// The tag of `msg` under `nonce`, as the key's `authenticate`;
            /// the pad through the cache.
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's.
            pub fn authenticate(
                &mut self,
                nonce: &impl $crate::AsUmacNonce,
                msg: &[u8],
            ) -> Result<uhash_base::Tag<$t>, uhash_base::Error> {
                let nonce = $crate::mac::checked(self.mac.nonce_len, nonce)?;
                Ok($crate::mac::tag(self.mac.inner.tag_words_cached(&mut self.cache, nonce, msg)))
            }

            /// Constant-time check of `tag`, the pad through the cache.
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's,
            /// [`Error::TagMismatch`](uhash_base::Error) when the tag does
            /// not match.
            pub fn verify(
                &mut self,
                nonce: &impl $crate::AsUmacNonce,
                msg: &[u8],
                tag: &uhash_base::Tag<$t>,
            ) -> Result<(), uhash_base::Error> {
                $crate::mac::check(&self.authenticate(nonce, msg)?, tag)
            }

            /// The tag of a streamed message (`state` from this key's
            /// `start`), the pad through the cache.
            ///
            /// # Errors
            /// [`Error::InvalidNonceLength`](uhash_base::Error) when the
            /// nonce's length is not the key's.
            pub fn finalize(
                &mut self,
                mut state: $state<'_>,
                nonce: &impl $crate::AsUmacNonce,
            ) -> Result<uhash_base::Tag<$t>, uhash_base::Error> {
                let nonce = $crate::mac::checked(self.mac.nonce_len, nonce)?;
                let h = state.state.finish(self.mac.inner.uhash());
                Ok($crate::mac::tag(self.mac.inner.seal_cached(&mut self.cache, nonce, h)))
            }
        }

        impl core::fmt::Debug for $session<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($session), " { .. }"))
            }
        }
    };
}

umac_type!(
    /// **UMAC-32** (RFC 4418): 16-byte key, nonces of 1 to 16 bytes (one length per key, 8 by default), 4-byte
    /// tags; one UHASH iteration; forgery probability ≤ 2^-30 per attempt
    /// (see the [crate docs](crate#security)).
    Umac32, Umac32State, Umac32Session, 1, 4,
    "nonces that differ only in their last two bits (four consecutive big-endian counters) share one AES call."
);
umac_type!(
    /// **UMAC-64** (RFC 4418; OpenSSH's `umac-64@openssh.com`): 16-byte key,
    /// nonces of 1 to 16 bytes (one length per key, 8 by default), 8-byte tags; two UHASH iterations; forgery
    /// probability ≤ 2^-60 per attempt (see the [crate docs](crate#security)).
    Umac64, Umac64State, Umac64Session, 2, 8,
    "nonces that differ only in their last bit (two consecutive big-endian counters) share one AES call."
);
umac_type!(
    /// **UMAC-96** (RFC 4418): 16-byte key, nonces of 1 to 16 bytes (one length per key, 8 by default), 12-byte
    /// tags; three UHASH iterations; forgery probability ≤ 2^-90 per
    /// attempt (see the [crate docs](crate#security)).
    Umac96, Umac96State, Umac96Session, 3, 12,
    "UMAC-96 takes a whole AES block per nonce, so nothing is shared: the session costs what the key's own methods cost (it exists so that code is the same for every tag size)."
);
umac_type!(
    /// **UMAC-128** (RFC 4418; OpenSSH's `umac-128@openssh.com`): 16-byte
    /// key, nonces of 1 to 16 bytes (one length per key, 8 by default), 16-byte tags; four UHASH iterations;
    /// forgery probability ≤ 2^-120 per attempt (see the
    /// [crate docs](crate#security)).
    Umac128, Umac128State, Umac128Session, 4, 16,
    "UMAC-128 takes a whole AES block per nonce, so nothing is shared: the session costs what the key's own methods cost (it exists so that code is the same for every tag size)."
);
