//! The long-message hashes of `mmh`, `sqh` and `digest-mw` and their
//! Wegman–Carter MACs, on several threads: the hash through
//! `LongKey::hash_into_parallel` (uhash-base feature `rayon`), the tag as
//! `uhash::base::mac::tag_for_hash` with the pad key that
//! `WegmanCarter::from_seed` derives — the same bytes as the family's
//! `…Mac::from_seed(seed).authenticate(nonce, msg)` (tested in
//! `tests/suite/parallel.rs`).

use uhash::base::Error;
use uhash::base::error::key_array;
use uhash::base::long::{ChunkHash, LongHash, SeededHash, SeededKernel};
use uhash::base::mac::{MacHash, MacNonce, tag_for_hash};
use zeroize::Zeroizing;

use super::row::{Alg, FilePieces, FromPieces, Keyed, Kind, ReadError, Stream};

/// A family's long-message hash type (a `uhash_base::long::SeededHash`).
pub(crate) trait LongType: MacHash + Send + Sync + 'static {
    /// The level-1 kernel.
    type K: ChunkHash + Send + Sync;
    /// Output bytes.
    const OUT: usize;
    /// Every key from a 16-byte seed.
    fn seeded(seed: &[u8; 16]) -> Self;
    /// The key and its (unused, empty) streaming state.
    fn long(&self) -> &LongHash<Self::K>;
}

impl<K, const OUT: usize> LongType for SeededHash<K, OUT>
where
    K: SeededKernel + Send + Sync + 'static,
    SeededHash<K, OUT>: Send + Sync,
{
    type K = K;
    const OUT: usize = OUT;

    fn seeded(seed: &[u8; 16]) -> Self {
        Self::from_seed(seed)
    }

    fn long(&self) -> &LongHash<K> {
        self.as_long_hash()
    }
}

/// The table row of `T`'s hash: a 16-byte seed (`long_hash` layout of
/// `docs/kat.md`), no nonce.
pub(crate) const fn hash<T: LongType>(name: &'static str, about: &'static str) -> Alg {
    Alg {
        name,
        kind: Kind::Hash,
        key_bytes: 16,
        nonce_bytes: 0,
        out_bytes: T::OUT,
        parallel: true,
        about,
        build: build_hash::<T>,
        fix_key: None,
    }
}

/// The table row of `T`'s Wegman–Carter MAC: a 16-byte seed (`long_mac`
/// layout), a 12-byte nonce.
pub(crate) const fn mac<T: LongType>(name: &'static str, about: &'static str) -> Alg {
    Alg {
        name,
        kind: Kind::Mac,
        key_bytes: 16,
        nonce_bytes: 12,
        out_bytes: T::OUT,
        parallel: true,
        about,
        build: build_mac::<T>,
        fix_key: None,
    }
}

/// `Ok` for the empty nonce of a hash.
pub(crate) fn no_nonce(nonce: &[u8]) -> Result<(), Error> {
    if nonce.is_empty() {
        Ok(())
    } else {
        Err(Error::InvalidNonceLength {
            expected: 0,
            got: nonce.len(),
        })
    }
}

fn build_hash<T: LongType>(key: &[u8]) -> Result<Box<dyn Keyed>, Error> {
    Ok(Box::new(HashAlg(T::seeded(key_array(key)?))))
}

fn build_mac<T: LongType>(key: &[u8]) -> Result<Box<dyn Keyed>, Error> {
    let seed = key_array(key)?;
    // As `WegmanCarter::from_seed`: the hash keyed from the derived seed
    // under `MAC_HASH_LABEL`, never from the seed itself.
    let hash_seed = Zeroizing::new(uhash::base::mac::hash_seed::<T>(seed));
    Ok(Box::new(MacAlg {
        hash: T::seeded(&hash_seed),
        pad_key: Zeroizing::new(uhash::base::mac::pad_key::<T>(seed)),
    }))
}

struct HashAlg<T>(T);

/// The hash of `msg` on the current rayon pool's threads.
fn hash_parallel<T: LongType>(hash: &T, msg: &[u8]) -> Result<Zeroizing<Vec<u8>>, Error> {
    let mut out = Zeroizing::new(vec![0; T::OUT]);
    hash.long().key().hash_into_parallel(msg, &mut out)?;
    Ok(out)
}

/// `compute_from` of a hash (`pad_key` `None`, no nonce) or a MAC (the
/// hash sealed with `pad_key` under `nonce`, checked first): the hash of
/// the message read in pieces on the current rayon pool's threads.
fn from_pieces<T: LongType>(
    hash: &T,
    pad_key: Option<&[u8; 16]>,
    nonce: &[u8],
    msg: &FilePieces<'_>,
) -> Result<Vec<u8>, ReadError> {
    match pad_key {
        None => no_nonce(nonce)?,
        Some(_) => drop(MacNonce::from_slice(nonce)?),
    }
    let mut out = Zeroizing::new(vec![0; T::OUT]);
    hash.long().key().hash_into_parallel_from(msg, &mut out)??;
    match pad_key {
        None => Ok(out.to_vec()),
        Some(k) => Ok(seal::<T>(k, nonce, &out)?),
    }
}

impl<T: LongType> Keyed for HashAlg<T> {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        no_nonce(nonce)?;
        Ok(hash_parallel(&self.0, msg)?.to_vec())
    }

    fn compute_from(&self, nonce: &[u8], msg: &FilePieces<'_>) -> FromPieces {
        Some(from_pieces(&self.0, None, nonce, msg))
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(LongStream::<T> {
            hash: self.0.long().clone(),
            pad_key: None,
        })
    }
}

struct MacAlg<T> {
    hash: T,
    pad_key: Zeroizing<[u8; 16]>,
}

/// `hash + pad(nonce)` lane by lane (`tag_for_hash`).
fn seal<T: LongType>(pad_key: &[u8; 16], nonce: &[u8], hash: &[u8]) -> Result<Vec<u8>, Error> {
    let nonce = MacNonce::from_slice(nonce)?;
    let mut tag = vec![0; hash.len()];
    tag_for_hash(pad_key, &nonce, T::LANE_BITS as usize / 8, hash, &mut tag)?;
    Ok(tag)
}

impl<T: LongType> Keyed for MacAlg<T> {
    fn compute(&self, nonce: &[u8], msg: &[u8]) -> Result<Vec<u8>, Error> {
        // The nonce is checked before the (long) hash is computed.
        MacNonce::from_slice(nonce)?;
        seal::<T>(&self.pad_key, nonce, &hash_parallel(&self.hash, msg)?)
    }

    fn compute_from(&self, nonce: &[u8], msg: &FilePieces<'_>) -> FromPieces {
        Some(from_pieces(&self.hash, Some(&self.pad_key), nonce, msg))
    }

    fn start(&self) -> Box<dyn Stream + '_> {
        Box::new(LongStream::<T> {
            hash: self.hash.long().clone(),
            pad_key: Some(&self.pad_key),
        })
    }
}

/// A message in pieces: a copy of the keys with its own state; with a pad
/// key for a MAC.
struct LongStream<'a, T: LongType> {
    hash: LongHash<T::K>,
    pad_key: Option<&'a [u8; 16]>,
}

impl<T: LongType> Stream for LongStream<'_, T> {
    fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        self.hash.update(data);
        Ok(())
    }

    fn finish(mut self: Box<Self>, nonce: &[u8]) -> Result<Vec<u8>, Error> {
        if self.pad_key.is_some() {
            MacNonce::from_slice(nonce)?;
        } else {
            no_nonce(nonce)?;
        }
        let mut h = Zeroizing::new(vec![0; T::OUT]);
        self.hash.finalize_into(&mut h)?;
        match self.pad_key {
            Some(pad_key) => seal::<T>(pad_key, nonce, &h),
            None => Ok(h.to_vec()),
        }
    }
}
