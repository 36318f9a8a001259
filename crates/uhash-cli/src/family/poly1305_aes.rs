//! `poly1305-aes` in the registry ([`FAMILY`]): its engines, its algorithm rows, its `uhash kat`
//! rows and their handlers.
//!
//! The `--impl production` handlers of the `poly1305-aes` crate's names:
//! `poly1305` (RFC 8439 one-time key r ‖ s, r clamped) and `poly1305_aes`
//! (the paper's key k ‖ r, an r with clamped bits set is an error; 16-byte
//! nonce). Layouts and length checks are those of the reference handlers;
//! the fastest backend of the CPU (or the `--backend` one) computes.

use uhash::poly1305_aes::universal_hash::UniversalHash;
use uhash::poly1305_aes::{MacTag, Nonce, Poly1305, Poly1305Aes};

use uhash_ref::poly1305 as p1305;

use crate::kat::backends::Engines;
use crate::kat::backends::unsupported;
use crate::kat::decode::{key_bytes, ref_err};
use crate::kat::table::{Answer, Call, FnEntry};

use super::Family;
use crate::alg::long::no_nonce;
use crate::alg::row::{Alg, FilePieces, FromPieces, Keyed, Kind, ReadError, Stream};
use uhash::base::Error;
use uhash::base::error::key_array;

/// The rows of this family in the `uhash kat` dispatch table.
static KAT: &[FnEntry] = &[
    FnEntry {
        name: "poly1305",
        aliases: &["poly1305_rfc8439"],
        params: &[],
        nonce: false,
        engines: ENGINE,
        reference: Some(poly1305_reference),
        production: Some(poly1305),
    },
    FnEntry {
        name: "poly1305_aes",
        aliases: &[],
        params: &[],
        nonce: true,
        engines: ENGINE,
        reference: Some(poly1305_aes_reference),
        production: Some(poly1305_aes),
    },
];

/// `poly1305`: key = r ‖ s (32 bytes, RFC 8439 layout, r clamped by the
/// function); message any bytes; out the 16-byte tag.
pub(crate) fn poly1305_reference(call: &Call) -> Answer {
    let key: &[u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    Ok(p1305::poly1305(key, &call.msg).to_vec())
}

/// `poly1305_aes`: key = k ‖ r (16 + 16 bytes, the paper's layout; an r
/// outside the paper's constraints is an error), nonce 16 bytes; out the
/// 16-byte authenticator.
pub(crate) fn poly1305_aes_reference(call: &Call) -> Answer {
    let key = key_bytes(call, 32)?;
    let (k, r) = key.split_at(16);
    let nonce = call.nonce.as_deref().unwrap_or_default();
    let nonce: &[u8; 16] = nonce
        .try_into()
        .map_err(|_| format!("nonce must be 16 bytes, got {}", nonce.len()))?;
    let k: &[u8; 16] = k
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let r: &[u8; 16] = r
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    p1305::poly1305_aes(k, r, nonce, &call.msg)
        .map(|tag| tag.to_vec())
        .map_err(ref_err)
}

/// `poly1305`: key = r ‖ s (32 bytes); any message; out the 16-byte tag.
pub(crate) fn poly1305(call: &Call) -> Answer {
    let key: [u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let tag = match call.backend {
        None => Poly1305::mac(&key, &call.msg),
        Some(b) => Poly1305::new_with_backend(&key, b)
            .map_err(|_| unsupported(b))?
            .compute_unpadded(&call.msg),
    };
    Ok(tag.to_vec())
}

/// `poly1305_aes`: key = k ‖ r (32 bytes), nonce 16 bytes; out the
/// 16-byte authenticator.
pub(crate) fn poly1305_aes(call: &Call) -> Answer {
    let key: [u8; 32] = key_bytes(call, 32)?
        .try_into()
        .map_err(|_| "internal error: key length".to_owned())?;
    let nonce = call.nonce.as_deref().unwrap_or_default();
    let nonce: [u8; 16] = nonce
        .try_into()
        .map_err(|_| format!("nonce must be 16 bytes, got {}", nonce.len()))?;
    let mut mac = Poly1305Aes::new(&key).map_err(|e| e.to_string())?;
    if let Some(b) = call.backend {
        mac = mac.with_backend(b).map_err(|_| unsupported(b))?;
    }
    Ok(mac
        .authenticate(&Nonce::from_bytes(nonce), &call.msg)
        .as_bytes()
        .to_vec())
}

/// Poly1305 (`uhash::poly1305_aes::Engine`).
pub const ENGINE: Engines = Engines::of::<uhash::poly1305_aes::Engine>("poly1305");

// ------------------------------------------------------------ the algorithms

/// The Poly1305-AES tag of `msg` on the threads of the current rayon pool
/// (`Poly1305With::authenticate_parallel`: the polynomial split into
/// segments joined with powers of r; the one-thread tag bit for bit): the
/// one place the command line computes it.
#[must_use]
pub fn poly1305_aes_tag(mac: &Poly1305Aes, nonce: &Nonce, msg: &[u8]) -> MacTag {
    mac.authenticate_parallel(nonce, msg)
}

pub(crate) const POLY1305_AES: Alg = Alg {
    name: "poly1305-aes",
    kind: Kind::Mac,
    key_bytes: 32,
    nonce_bytes: 16,
    out_bytes: 16,
    parallel: true,
    about: "Poly1305-AES (Bernstein 2005): key k ‖ r; hash 8⌈L/16⌉/2^106-AΔU (Thm 3.3), forgery ≤ δ + 14D⌈L/16⌉/2^106",
    build: |key| Ok(Box::new(Poly1305AesAlg(Poly1305Aes::new(key_array(key)?)?))),
    // r's 22 bits that the paper requires to be 0.
    fix_key: Some(|key| {
        if let Some(r) = key
            .get_mut(16..32)
            .and_then(|r| <&mut [u8; 16]>::try_from(r).ok())
        {
            uhash::poly1305_aes::clamp_r(r);
        }
    }),
};

struct Poly1305AesAlg(Poly1305Aes);

impl Keyed for Poly1305AesAlg {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        let nonce = Nonce::from_slice(nonce)?;
        Ok(poly1305_aes_tag(&self.0, &nonce, msg).as_bytes().to_vec())
    }

    fn compute_from(&self, nonce: &[u8], msg: &FilePieces<'_>) -> FromPieces {
        let tag = || -> Result<Vec<u8>, ReadError> {
            let nonce = Nonce::from_slice(nonce)?;
            Ok(self
                .0
                .authenticate_parallel_from(&nonce, msg)?
                .as_bytes()
                .to_vec())
        };
        Some(tag())
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
    build: |key| Ok(Box::new(Poly1305Alg(*key_array::<32>(key)?))),
    fix_key: None,
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

    fn compute_from(&self, nonce: &[u8], msg: &FilePieces<'_>) -> FromPieces {
        let hash = |()| Ok(Poly1305::mac_parallel_from(&self.0, msg)?.to_vec());
        Some(no_nonce(nonce).map_err(ReadError::Hash).and_then(hash))
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

/// Poly1305-AES and Poly1305 (`poly1305-aes`).
pub static FAMILY: Family = Family {
    package: "poly1305-aes",
    engines: &[ENGINE],
    kat: KAT,
    algs: &[POLY1305_AES, POLY1305],
    fuzz_target: "poly1305_aes",
    epsilon: &[],
};
