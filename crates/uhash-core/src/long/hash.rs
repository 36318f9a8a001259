//! [`LongHash`]: a key and one streaming state, owned together.

use super::{ChunkHash, LongKey, LongState, MAX_LANES, write_lanes};
use crate::{Error, kdf};

/// Streaming long-message hash over a level-1 kernel `H`: a [`LongKey`]
/// and its [`LongState`] in one value, for the RustCrypto-style
/// `update`/`finalize` API. For many messages under one key, or several at
/// once, use the key's one-shot [`LongKey::hash_lanes`] or its own states.
#[derive(Clone, Debug)]
pub struct LongHash<H: ChunkHash> {
    key: LongKey<H>,
    state: LongState<H>,
}

impl<H: ChunkHash> LongHash<H> {
    /// Output bytes: LANES · LANE_BITS / 8.
    pub const OUT_BYTES: usize = LongKey::<H>::OUT_BYTES;

    /// A hash with this key and an empty message.
    #[must_use]
    pub fn from_key(key: LongKey<H>) -> Self {
        Self {
            key,
            state: LongState::new(),
        }
    }

    /// [`LongKey::from_seed`].
    ///
    /// # Errors
    /// As [`LongKey::from_seed`].
    pub fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        LongKey::from_seed(seed).map(Self::from_key)
    }

    /// [`LongKey::from_seed_with_kernel`].
    ///
    /// # Errors
    /// As [`LongKey::from_seed_with_kernel`].
    pub fn from_seed_with_kernel<F>(seed: &[u8; 16], make_l1: F) -> Result<Self, Error>
    where
        F: FnOnce(&mut kdf::KeyStream) -> Result<H, Error>,
    {
        LongKey::from_seed_with_kernel(seed, make_l1).map(Self::from_key)
    }

    /// [`LongKey::from_parts`].
    ///
    /// # Errors
    /// As [`LongKey::from_parts`].
    pub fn from_parts<K2: AsRef<[u8]>, K3: AsRef<[u8]>>(
        l1: H,
        l2_keys: &[K2],
        l3_keys: &[K3],
    ) -> Result<Self, Error> {
        LongKey::from_parts(l1, l2_keys, l3_keys).map(Self::from_key)
    }

    /// The keys.
    pub fn key(&self) -> &LongKey<H> {
        &self.key
    }

    /// The level-1 kernel.
    pub fn kernel(&self) -> &H {
        self.key.kernel()
    }

    /// Absorb message bytes; any split of a message into `update` calls gives
    /// the same result.
    pub fn update(&mut self, data: &[u8]) {
        self.state.update(&self.key, data);
    }

    /// The hash as lane values (`LANES` of them, each below 2^LANE_BITS);
    /// leaves the state as after [`LongHash::reset`].
    pub fn finalize_lanes(&mut self) -> [u64; MAX_LANES] {
        self.state.finalize_lanes(&self.key)
    }

    /// Write the hash (`OUT_BYTES` bytes: lanes little-endian, lane 0 first)
    /// to the front of `out`; leaves the state reset.
    ///
    /// # Errors
    /// [`Error::InvalidOutputLength`] when `out` is shorter than
    /// `OUT_BYTES` (the state is kept).
    pub fn finalize_into(&mut self, out: &mut [u8]) -> Result<(), Error> {
        if out.len() < Self::OUT_BYTES {
            return Err(Error::InvalidOutputLength {
                expected: Self::OUT_BYTES,
                got: out.len(),
            });
        }
        let lanes = self.finalize_lanes();
        write_lanes::<H>(&lanes, out);
        Ok(())
    }

    /// Forget the message so far (keys stay).
    pub fn reset(&mut self) {
        self.state.reset();
    }
}
