//! The algorithms with a construction of their own: Poly1305-AES and
//! Poly1305 (`poly1305-aes`), UMAC (`umac`), DFC's Horner hash and its MAC
//! (`dfc-decorr`).

use uhash::poly1305_aes::universal_hash::UniversalHash;
use uhash::poly1305_aes::{MacTag, Nonce, Poly1305, Poly1305Aes};
use uhash::base::Error;
use uhash::base::mac::{MacHash, MacNonce, WegmanCarter};

use super::long::no_nonce;
use super::{Alg, Keyed, Kind, Stream};

/// The Poly1305-AES tag of `msg` on the threads of the current rayon pool
/// (`Poly1305With::authenticate_parallel`: the polynomial split into
/// segments joined with powers of r; the one-thread tag bit for bit): the
/// one place the command line computes it.
#[must_use]
pub fn poly1305_aes_tag(mac: &Poly1305Aes, nonce: &Nonce, msg: &[u8]) -> MacTag {
    mac.authenticate_parallel(nonce, msg)
}

fn array<const N: usize>(key: &[u8]) -> Result<&[u8; N], Error> {
    key.try_into().map_err(|_| Error::InvalidKeyLength {
        expected: N,
        got: key.len(),
    })
}

// ---------------------------------------------------------------- Poly1305-AES

pub(crate) const POLY1305_AES: Alg = Alg {
    name: "poly1305-aes",
    kind: Kind::Mac,
    key_bytes: 32,
    nonce_bytes: 16,
    out_bytes: 16,
    parallel: true,
    about: "Poly1305-AES (Bernstein 2005): key k ‖ r; hash 8⌈L/16⌉/2^106-AΔU (Thm 3.3), forgery ≤ δ + 14D⌈L/16⌉/2^106",
    build: |key| Ok(Box::new(Poly1305AesAlg(Poly1305Aes::new(array(key)?)?))),
};

struct Poly1305AesAlg(Poly1305Aes);

impl Keyed for Poly1305AesAlg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = Nonce::from_slice(nonce)?;
        Ok(poly1305_aes_tag(&self.0, &nonce, msg).as_bytes().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(Poly1305AesStream(self.0.start()))
    }
}

struct Poly1305AesStream<'a>(uhash::poly1305_aes::Poly1305AesState<'a>);

impl Stream for Poly1305AesStream<'_> {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = Nonce::from_slice(nonce)?;
        Ok(self.0.finalize(&nonce).as_bytes().to_vec())
    }
}

// -------------------------------------------------------------------- Poly1305

pub(crate) const POLY1305: Alg = Alg {
    name: "poly1305",
    kind: Kind::Hash,
    key_bytes: 32,
    nonce_bytes: 0,
    out_bytes: 16,
    parallel: true,
    about: "Poly1305 (RFC 8439): key r ‖ s, r clamped; a one-time authenticator, s = 0 gives the hash mod 2^128",
    build: |key| Ok(Box::new(Poly1305Alg(*array::<32>(key)?))),
};

struct Poly1305Alg([u8; 32]);

impl Drop for Poly1305Alg {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

impl Keyed for Poly1305Alg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(Poly1305::mac_parallel(&self.0, msg).to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(Poly1305Stream {
            state: <Poly1305 as uhash::poly1305_aes::universal_hash::KeyInit>::new(&self.0.into()),
            tail: [0; 16],
            used: 0,
        })
    }
}

/// Whole 16-byte blocks go to the state; up to 15 bytes wait in `tail`.
struct Poly1305Stream {
    state: Poly1305,
    tail: [u8; 16],
    used: usize,
}

impl Stream for Poly1305Stream {
    fn update(&mut self, mut data: &[u8]) -> Result<(), Error> {
        if self.used > 0 {
            let n = data.len().min(16 - self.used);
            self.tail[self.used..self.used + n].copy_from_slice(&data[..n]);
            self.used += n;
            data = &data[n..];
            if self.used < 16 {
                return Ok(());
            }
            let block = uhash::poly1305_aes::Block::from(self.tail);
            self.state.update(core::slice::from_ref(&block));
            self.used = 0;
        }
        let (blocks, rest) = data.as_chunks::<16>();
        self.state
            .update(uhash::poly1305_aes::Block::cast_slice_from_core(blocks));
        self.tail[..rest.len()].copy_from_slice(rest);
        self.used = rest.len();
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        let mut this = *self;
        let tag = this.state.clone().compute_unpadded(&this.tail[..this.used]);
        zeroize::Zeroize::zeroize(&mut this.tail);
        Ok(tag.to_vec())
    }
}

// ------------------------------------------------------------------------ UMAC

/// The nonce bytes of the `umac*` rows (RFC 4418 allows 1 to 16; its test
/// vectors use 8).
const UMAC_NONCE: usize = 8;

macro_rules! umac {
    ($konst:ident, $alg:ident, $stream:ident, $name:literal, $ty:ident, $state:ident, $tag:literal) => {
        pub(crate) const $konst: Alg = Alg {
            name: $name,
            kind: Kind::Mac,
            key_bytes: 16,
            nonce_bytes: UMAC_NONCE,
            out_bytes: $tag,
            parallel: false,
            about: concat!(
                "UMAC (RFC 4418) with a ",
                $tag,
                "-byte tag: key K, 8-byte nonce; ε: umac crate docs"
            ),
            // The key fixes the nonce length: UMAC_NONCE bytes.
            build: |key| {
                let key = uhash::umac::$ty::from_slice(key)?.for_nonce_len(UMAC_NONCE)?;
                Ok(Box::new($alg(key)))
            },
        };

        struct $alg(uhash::umac::$ty);

        impl Keyed for $alg {
            fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
                let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
                Ok(self.0.authenticate(&nonce, msg)?.as_bytes().to_vec())
            }

            fn start(&self) -> Box<dyn Stream + '_> {
                Box::new($stream(self.0.start()))
            }
        }

        struct $stream<'a>(uhash::umac::$state<'a>);

        impl Stream for $stream<'_> {
            fn update(&mut self, data: &[u8]) -> Result<(), Error> {
                self.0.update(data)
            }

            fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
                let nonce = uhash::base::Nonce::<UMAC_NONCE>::from_slice(nonce)?;
                Ok(self.0.finalize(&nonce)?.as_bytes().to_vec())
            }
        }
    };
}

umac!(
    UMAC32,
    Umac32Alg,
    Umac32Stream,
    "umac32",
    Umac32,
    Umac32State,
    4
);
umac!(
    UMAC64,
    Umac64Alg,
    Umac64Stream,
    "umac64",
    Umac64,
    Umac64State,
    8
);
umac!(
    UMAC96,
    Umac96Alg,
    Umac96Stream,
    "umac96",
    Umac96,
    Umac96State,
    12
);
umac!(
    UMAC128,
    Umac128Alg,
    Umac128Stream,
    "umac128",
    Umac128,
    Umac128State,
    16
);

// ------------------------------------------------------------------------- DFC

pub(crate) const DFC: Alg = Alg {
    name: "dfc",
    kind: Kind::Hash,
    key_bytes: uhash::dfc_decorr::hash::KEY_BYTES,
    nonce_bytes: 0,
    out_bytes: 8,
    parallel: false,
    about: "DFC Horner hash mod 2^64+13 (dfc-decorr): key a ‖ b; ε: dfc-decorr crate docs",
    build: |key| Ok(Box::new(DfcAlg(uhash::dfc_decorr::DfcHash::from_key(array(key)?)))),
};

struct DfcAlg(uhash::dfc_decorr::DfcHash);

impl Keyed for DfcAlg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.compute(msg).to_le_bytes().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(DfcStream(self.0.clone()))
    }
}

struct DfcStream(uhash::dfc_decorr::DfcHash);

impl Stream for DfcStream {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(self.0.finalize().to_le_bytes().to_vec())
    }
}

pub(crate) const DFC_MAC: Alg = Alg {
    name: "dfc-mac",
    kind: Kind::Mac,
    key_bytes: 16,
    nonce_bytes: 12,
    out_bytes: 8,
    parallel: false,
    about: "DFC Horner hash + AES pad (dfc-decorr DfcMac, keys from a 16-byte seed); ε: dfc-decorr crate docs",
    build: |key| Ok(Box::new(WcAlg(uhash::dfc_decorr::DfcMac::from_seed(array(key)?)?))),
};

/// A Wegman–Carter MAC on one thread.
struct WcAlg<H: MacHash>(WegmanCarter<H>);

impl<H: MacHash + Send + Sync> Keyed for WcAlg<H>
where
    H::State: Send,
{
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = MacNonce::from_slice(nonce)?;
        Ok(self.0.authenticate(&nonce, msg).as_ref().to_vec())
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(WcStream(self.0.start()))
    }
}

struct WcStream<'a, H: MacHash>(uhash::base::mac::MacState<'a, H>);

impl<H: MacHash> Stream for WcStream<'_, H> {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.0.update(data);
        Ok(())
    }

    fn finish(self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = MacNonce::from_slice(nonce)?;
        Ok(self.0.finalize(&nonce).as_ref().to_vec())
    }
}
