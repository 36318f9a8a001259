//! [`LongKey`]: every key of the construction, and the one-shot hash.

use super::{ChunkHash, L3Key, LongState, MAX_LANES, l3_mmh32, l3_mmh64, write_lanes};
use crate::kdf::{self, LEVEL_L1, LEVEL_L2, LEVEL_L3};
use crate::p130::{self, Canon130, Fe130, Multiplier};
use crate::{Error, error};
use zeroize::Zeroize;

/// The keys of the long-message construction over a level-1 kernel `H`
/// (see the [module docs](super) for the definition): the kernel, each
/// lane's level-2 key with its powers k..k⁵, each lane's level-3 key. It
/// hashes whole messages ([`LongKey::hash_lanes`], no copy of the message)
/// and drives any number of streaming states ([`LongState`]); it is never
/// changed by hashing, so one key serves many messages and threads.
///
/// Zeroized on drop; `Debug` prints no key.
#[derive(Clone)]
pub struct LongKey<H: ChunkHash> {
    pub(super) l1: H,
    /// Per lane, the level-2 key k and its powers k², …, k⁵.
    pub(super) l2: [[Multiplier; 5]; MAX_LANES],
    /// Per lane, k² and k canonical (in that order): the short-message
    /// path's y·k² + L·k ([`p130::dot_small`]).
    short: [[Canon130; 2]; MAX_LANES],
    pub(super) l3: [L3Key; MAX_LANES],
    pub(super) chunk: usize,
}

impl<H: ChunkHash> core::fmt::Debug for LongKey<H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LongKey")
            .field("lanes", &H::LANES)
            .field("lane_bits", &H::LANE_BITS)
            .field("chunk_bytes", &self.chunk)
            .finish_non_exhaustive()
    }
}

impl<H: ChunkHash> LongKey<H> {
    const CHECK: () = {
        assert!(H::LANES >= 1 && H::LANES <= MAX_LANES);
        assert!(H::LANE_BITS == 32 || H::LANE_BITS == 64);
        assert!(H::CHUNK_BYTES > 0);
    };

    /// Output bytes: LANES · LANE_BITS / 8.
    pub const OUT_BYTES: usize = H::LANES * H::LANE_BITS as usize / 8;

    /// Every key from a 16-byte seed by [`kdf::expand`]: the level-1 key
    /// under label (FAMILY, LANES, 1, 0), lane i's level-2 key (16 bytes) under
    /// (FAMILY, LANES, 2, i) and its level-3 key (20 or 24 bytes) under
    /// (FAMILY, LANES, 3, i).
    ///
    /// # Errors
    /// When the kernel rejects its expanded key (see the family's docs).
    pub fn from_seed(seed: &[u8; 16]) -> Result<Self, Error> {
        Self::from_seed_with_kernel(seed, H::from_key_stream)
    }

    /// As [`LongKey::from_seed`], with the level-1 kernel built by `make_l1`
    /// from the same key stream (label (FAMILY, LANES, 1, 0)): for kernels
    /// with constructors beyond [`ChunkHash::from_key_stream`], such as a
    /// chosen backend or chunk size.
    ///
    /// # Errors
    /// What `make_l1` returns; [`Error::InvalidParameter`] when the kernel's
    /// chunk size is outside 1..=`CHUNK_BYTES`.
    pub fn from_seed_with_kernel<F>(seed: &[u8; 16], make_l1: F) -> Result<Self, Error>
    where
        F: FnOnce(&mut kdf::KeyStream) -> Result<H, Error>,
    {
        let () = Self::CHECK;
        let lanes = H::LANES as u8;
        let l1 = make_l1(&mut kdf::KeyStream::new(
            seed,
            kdf::label(H::FAMILY, lanes, LEVEL_L1, 0),
        ))?;
        let mut l2 = [[0u8; 16]; MAX_LANES];
        let mut l3 = [[0u8; 24]; MAX_LANES];
        let l3_len = L3Key::bytes(H::LANE_BITS);
        for i in 0..H::LANES {
            kdf::expand(
                seed,
                kdf::label(H::FAMILY, lanes, LEVEL_L2, i as u32),
                &mut l2[i],
            );
            kdf::expand(
                seed,
                kdf::label(H::FAMILY, lanes, LEVEL_L3, i as u32),
                &mut l3[i][..l3_len],
            );
        }
        let out = Self::from_parts(l1, &l2[..H::LANES], &l3[..H::LANES]);
        l2.zeroize();
        l3.zeroize();
        out
    }

    /// From explicit keys: the kernel, one 16-byte level-2 key per lane and
    /// one level-3 key per lane (20 bytes = five LE 32-bit words for 32-bit
    /// lanes, 24 bytes = three LE 64-bit words for 64-bit lanes; longer
    /// slices are used by their prefix).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when the number of keys is not LANES or
    /// the kernel's chunk size is outside 1..=`CHUNK_BYTES`;
    /// [`Error::InvalidKeyLength`] when a level-3 key is too short.
    pub fn from_parts<K2: AsRef<[u8]>, K3: AsRef<[u8]>>(
        l1: H,
        l2_keys: &[K2],
        l3_keys: &[K3],
    ) -> Result<Self, Error> {
        let () = Self::CHECK;
        let chunk = l1.chunk_bytes();
        if chunk == 0 || chunk > H::CHUNK_BYTES {
            return Err(Error::InvalidParameter {
                name: "chunk",
                reason: "the kernel's chunk size must be in 1..=CHUNK_BYTES",
            });
        }
        if l2_keys.len() != H::LANES || l3_keys.len() != H::LANES {
            return Err(Error::InvalidParameter {
                name: "lanes",
                reason: "one level-2 and one level-3 key per lane",
            });
        }
        let mut l2 = [[Multiplier::default(); 5]; MAX_LANES];
        let mut short = [[Canon130::default(); 2]; MAX_LANES];
        let mut l3 = [L3Key::default(); MAX_LANES];
        let l3_len = L3Key::bytes(H::LANE_BITS);
        for i in 0..H::LANES {
            let k2 = l2_keys[i].as_ref();
            let k3 = l3_keys[i].as_ref();
            let k2: &[u8; 16] =
                k2.get(..16)
                    .and_then(|k| k.try_into().ok())
                    .ok_or(Error::InvalidKeyLength {
                        expected: 16,
                        got: k2.len(),
                    })?;
            error::key_at_least(k3, l3_len)?;
            let k = Fe130::from_u128(u128::from_le_bytes(*k2));
            let mut pow = [Multiplier::new(k); 5];
            for j in 1..5 {
                pow[j] = Multiplier::new(pow[j - 1].value().mul_fe(k));
            }
            short[i] = [Canon130::new(pow[1].value()), Canon130::new(pow[0].value())];
            l2[i] = pow;
            l3[i] = L3Key::from_bytes(H::LANE_BITS, &k3[..l3_len]);
        }
        Ok(Self {
            l1,
            l2,
            short,
            l3,
            chunk,
        })
    }

    /// The level-1 kernel.
    pub fn kernel(&self) -> &H {
        &self.l1
    }

    /// Message bytes per chunk.
    pub fn chunk_bytes(&self) -> usize {
        self.chunk
    }

    /// A fresh streaming state for one message under this key (no
    /// allocation until a partial chunk must be buffered).
    #[must_use]
    pub fn start(&self) -> LongState<H> {
        LongState::new()
    }

    /// The hash of a whole message as lane values (`LANES` of them, each
    /// below 2^LANE_BITS). Whole chunks are hashed where they lie; the last,
    /// partial one by [`ChunkHash::hash_tail`].
    #[must_use]
    pub fn hash_lanes(&self, msg: &[u8]) -> [u64; MAX_LANES] {
        if msg.len() <= self.chunk {
            return self.hash_short(msg);
        }
        let mut st = LongState::new();
        let mut chunks = msg.chunks_exact(self.chunk);
        for c in &mut chunks {
            st.absorb_chunk(self, c);
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            let mut y = [0u64; MAX_LANES];
            self.l1.hash_tail(tail, &mut y);
            st.absorb_lanes(self, &y);
        }
        st.set_total(msg.len() as u64);
        st.finish(self)
    }

    /// [`Self::hash_lanes`] of a message of at most one chunk: c ≤ 1, so
    /// level 2 is z = y·k² + L·k (c = 1) or L·k = 0 (the empty message):
    /// two 64-bit values against the canonical k², k
    /// ([`p130::dot_small`]), without a state; each lane goes straight on
    /// to level 3.
    #[inline]
    fn hash_short(&self, msg: &[u8]) -> [u64; MAX_LANES] {
        let mut y = [0u64; MAX_LANES];
        if msg.len() == self.chunk {
            self.l1.hash_chunk(msg, &mut y);
        } else if !msg.is_empty() {
            self.l1.hash_tail(msg, &mut y);
        }
        let out = self.finish_short(&y, msg.len() as u64);
        y.zeroize();
        out
    }

    /// Levels 2 and 3 of a message of `len` ≤ one chunk bytes whose chunk
    /// values are `y` (zeros for the empty message): z = y·k² + L·k per
    /// lane. The empty message has no chunk, z = L·k = 0·k, which the same
    /// sum gives with y = 0 in place of the absent chunk (0·k² adds 0).
    #[inline]
    pub(super) fn finish_short(&self, y: &[u64; MAX_LANES], len: u64) -> [u64; MAX_LANES] {
        let mut out = [0u64; MAX_LANES];
        for (i, o) in out.iter_mut().enumerate().take(H::LANES) {
            let z = p130::dot_small(&[y[i], len], &self.short[i]);
            *o = self.level3_lane(i, z);
        }
        out
    }

    /// The hash of a whole message (`OUT_BYTES` bytes: lanes little-endian,
    /// lane 0 first) into the front of `out`.
    ///
    /// # Errors
    /// [`Error::InvalidOutputLength`] when `out` is shorter than
    /// `OUT_BYTES`.
    pub fn hash_into(&self, msg: &[u8], out: &mut [u8]) -> Result<(), Error> {
        if out.len() < Self::OUT_BYTES {
            return Err(Error::InvalidOutputLength {
                expected: Self::OUT_BYTES,
                got: out.len(),
            });
        }
        write_lanes::<H>(&self.hash_lanes(msg), out);
        Ok(())
    }

    /// Level 3 of every lane: z (the frozen level-2 value) to the lane width.
    pub(super) fn level3(&self, acc: &[Fe130; MAX_LANES]) -> [u64; MAX_LANES] {
        let mut out = [0u64; MAX_LANES];
        for (i, o) in out.iter_mut().enumerate().take(H::LANES) {
            *o = self.level3_lane(i, acc[i].freeze());
        }
        out
    }

    /// Level 3 of lane `i`: its canonical level-2 value z (low 128 bits,
    /// bits 128..130) to the lane width.
    #[inline(always)]
    fn level3_lane(&self, i: usize, z: (u128, u64)) -> u64 {
        let k = &self.l3[i].0;
        if H::LANE_BITS == 32 {
            let k32 = [
                k[0] as u32,
                k[1] as u32,
                k[2] as u32,
                k[3] as u32,
                k[4] as u32,
            ];
            u64::from(l3_mmh32(&k32, z))
        } else {
            l3_mmh64(&[k[0], k[1], k[2]], z)
        }
    }
}

impl<H: ChunkHash> Drop for LongKey<H> {
    fn drop(&mut self) {
        for m in self.l2.iter_mut().flatten() {
            m.zeroize();
        }
        for c in self.short.iter_mut().flatten() {
            c.zeroize();
        }
        for k in &mut self.l3 {
            k.0.zeroize();
        }
    }
}

impl<H: ChunkHash> zeroize::ZeroizeOnDrop for LongKey<H> {}
