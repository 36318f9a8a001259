//! Messages of any length: the three-level construction of MMH §2.4/§3.4
//! (and UMAC's UHASH), built once for every multilinear family.
//!
//! # Definition
//! A family supplies a level-1 kernel ([`ChunkHash`]): its paper function
//! over chunks of C = [`ChunkHash::chunk_bytes`] bytes (by default
//! `CHUNK_BYTES`) with `LANES` output words ("lanes":
//! Toeplitz rows, digestMW words), each below 2^64. For a message M of
//! L bytes:
//!
//! 1. **Level 1.** Split M into c = ⌈L / C⌉ chunks; zero-pad the
//!    last one to a full chunk (an empty message has no chunk). Lane i of
//!    chunk j is y_{i,j} = L1_i(chunk_j) ∈ [0, 2^64).
//! 2. **Level 2.** Per lane, polynomial evaluation modulo p = 2^130 − 5 with
//!    key k_i (16 bytes read little-endian, any value below 2^128) over the
//!    chunk outputs followed by the byte length:
//!    z_i = (y_{i,1}·k_i^{c+1} + … + y_{i,c}·k_i^2 + L·k_i) mod p.
//! 3. **Level 3.** Per lane, compress z_i to the lane width b ∈ {32, 64}:
//!    * b = 32: MMH32 (Def. 5) over the five 32-bit words of z_i
//!      (little-endian; the fifth holds bits 128–129) with a 5-word key:
//!      [[Σ z_{i,t}·x_{i,t}] mod 2^64] mod (2^32+15) mod 2^32;
//!    * b = 64: the 64-bit analogue (MMH §3.2) over the three 64-bit words
//!      of z_i with a 3-word key: [[Σ z_{i,t}·x_{i,t}] mod 2^128] mod
//!      (2^64+13) mod 2^64.
//!
//! The output is lane 0 ‖ lane 1 ‖ …, each lane b/8 bytes little-endian.
//!
//! # Length encoding
//! The byte length L enters level 2 as the last coefficient. Two messages of
//! equal length have the same chunk count; two of different lengths have
//! different coefficients of k^1. Zero-padding is therefore unambiguous.
//!
//! # Collision bound (proof sketch)
//! Let ε₁ be the family's bound for one lane on one chunk (for Toeplitz
//! lanes: any set T of lanes collides together with probability at most
//! ε₁^|T|), and c the number of chunks of the longer message.
//! * Level 2: for different coefficient sequences (y…, L) ≠ (y′…, L′) the
//!   difference is a non-zero polynomial of degree ≤ c+1 in k with no
//!   constant term, so it has at most c+1 roots; k is uniform over 2^128
//!   values: ε₂ = (c+1)/2^128.
//! * Level 3: MMH32 is 6·2^-32-AΔU for any number of words (Thm. 8: the
//!   proof of Lemma 7 only needs that one product adds at most one carry);
//!   the same argument with 64-bit words and p = 2^64+13 gives 6·2^-64:
//!   ε₃ = 6·2^-b.
//! * One lane: if the level-1 outputs of M and M′ agree in every chunk
//!   (probability ≤ ε₁ for the chunk where M and M′ differ, or 0 when only
//!   the lengths differ), the level-2 inputs still differ only through L;
//!   otherwise level 2 collides with probability ≤ ε₂, and otherwise level 3
//!   hits any fixed difference with probability ≤ ε₃. So each lane is
//!   (ε₁ + ε₂ + ε₃)-AΔU (mod 2^b).
//! * n lanes: keys of levels 2 and 3 are independent per lane. Let D be the
//!   set of lanes whose level-2 inputs (chunk outputs, then L) differ; a lane
//!   outside D has difference 0, a lane in D hits its δᵢ with probability
//!   ≤ ε₂ + ε₃ independently of the others, and Pr[D = S] ≤ ε₁^(n−|S|) (the
//!   lanes outside S collide at level 1 on the chunk where M and M′ differ).
//!   So Pr[all lanes hit δ] ≤ Σ_S ε₁^(n−|S|)·(ε₂+ε₃)^|S| = (ε₁ + ε₂ + ε₃)^n.
//!
//! Example: MMH32, 1 KiB chunks, n = 2, a 1 GiB message (c = 2^20):
//! ε ≤ (6·2^-32 + (2^20+1)/2^128 + 6·2^-32)^2 ≈ 2^-56.8.
//!
//! # Cost
//! Per chunk and lane about one multiplication modulo 2^130−5: chunks are
//! taken four at a time with the precomputed powers k², …, k⁵
//! ([`p130::horner_powers`]: 27 word products and one carry for four Horner
//! steps), and the lanes' chains are independent, so they overlap in the
//! pipeline. The last (up to four) chunks of a message join the length in
//! one such step, so the work after the last kernel is one short product
//! and a carry, then per lane one level-3 inner product of 5 or 3 words.
//! Families choose `CHUNK_BYTES` so that all this stays a few percent of
//! the chunk kernel.

use crate::kdf::{self, LEVEL_L1, LEVEL_L2, LEVEL_L3};
use crate::p130::{self, Fe130, Multiplier};
use crate::{Error, p32, p64, wide};
use zeroize::Zeroize;

/// The most lanes a kernel may have.
pub const MAX_LANES: usize = 8;

/// A family's level-1 kernel: its paper function over one fixed-size chunk.
///
/// The chunk size is fixed per keyed kernel: [`ChunkHash::chunk_bytes`],
/// which is `CHUNK_BYTES` unless the kernel chose a smaller size when it was
/// keyed (for example to answer a known-answer record with another chunk
/// parameter). The key schedule and every output are functions of the chunk
/// size actually used.
pub trait ChunkHash: Clone {
    /// Message bytes per chunk, and the size of [`ChunkHash::Chunk`]: the
    /// largest chunk a kernel of this type may use.
    const CHUNK_BYTES: usize;
    /// Output lanes, 1..=[`MAX_LANES`].
    const LANES: usize;
    /// Width b of each final lane, 32 or 64.
    const LANE_BITS: u32;
    /// The family's identifier for key labels ([`kdf::family`]).
    const FAMILY: u16;
    /// A zeroed chunk buffer (`[0u8; CHUNK_BYTES]`).
    type Chunk: AsRef<[u8]> + AsMut<[u8]> + Clone + Zeroize;

    /// A zero-filled [`ChunkHash::Chunk`].
    fn zero_chunk() -> Self::Chunk;

    /// The kernel keyed from the front of a key stream (its level-1 label's
    /// [`kdf::KeyStream`]); the family documents the byte layout it reads.
    ///
    /// # Errors
    /// When the key read violates the family's rules.
    fn from_key_stream(stream: &mut kdf::KeyStream) -> Result<Self, Error>;

    /// Hash one chunk of exactly [`ChunkHash::chunk_bytes`] bytes into
    /// `out[..LANES]`.
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]);

    /// Message bytes per chunk of this keyed kernel, in 1..=`CHUNK_BYTES`
    /// (the default is `CHUNK_BYTES`).
    fn chunk_bytes(&self) -> usize {
        Self::CHUNK_BYTES
    }

    /// Hash the last, zero-padded chunk of a message: `chunk` is
    /// [`ChunkHash::chunk_bytes`] long and every byte from `used` on is zero.
    /// The output must equal [`ChunkHash::hash_chunk`]`(chunk)`, which is the
    /// default; a kernel for which zero words contribute nothing (a linear
    /// hash such as MMH) may skip the padding.
    fn hash_padded_chunk(&self, chunk: &[u8], used: usize, out: &mut [u64; MAX_LANES]) {
        let _ = used;
        self.hash_chunk(chunk, out);
    }
}

/// Level-3 key of one lane: five 32-bit or three 64-bit words (unused words
/// are zero).
#[derive(Clone, Copy, Default)]
struct L3Key([u64; 5]);

impl L3Key {
    const fn bytes(lane_bits: u32) -> usize {
        if lane_bits == 32 { 20 } else { 24 }
    }

    fn from_bytes(lane_bits: u32, b: &[u8]) -> Self {
        let mut k = [0u64; 5];
        let word_bytes = if lane_bits == 32 { 4 } else { 8 };
        for (i, chunk) in b.chunks_exact(word_bytes).take(5).enumerate() {
            let mut buf = [0u8; 8];
            buf[..word_bytes].copy_from_slice(chunk);
            k[i] = u64::from_le_bytes(buf);
        }
        Self(k)
    }
}

/// Level 3 for 32-bit lanes: MMH32 over the five 32-bit words of z.
#[inline]
#[must_use]
pub fn l3_mmh32(key: &[u32; 5], z: (u128, u64)) -> u32 {
    let (low, top) = z;
    let words = [
        low as u32,
        (low >> 32) as u32,
        (low >> 64) as u32,
        (low >> 96) as u32,
        top as u32,
    ];
    let mut sum = 0u64;
    for (m, x) in words.iter().zip(key) {
        sum = sum.wrapping_add(wide::mul32(*m, *x));
    }
    p32::reduce_to_u32(sum)
}

/// Level 3 for 64-bit lanes: the 64-bit MMH analogue over the three 64-bit
/// words of z.
#[inline]
#[must_use]
pub fn l3_mmh64(key: &[u64; 3], z: (u128, u64)) -> u64 {
    let (low, top) = z;
    let words = [low as u64, (low >> 64) as u64, top];
    let mut sum = 0u128;
    for (m, x) in words.iter().zip(key) {
        sum = sum.wrapping_add(wide::mul64(*m, *x));
    }
    p64::reduce(sum) as u64
}

/// Streaming long-message hash over a level-1 kernel `H`.
#[derive(Clone)]
pub struct LongHash<H: ChunkHash> {
    l1: H,
    /// Per lane, the level-2 key k and its powers k², …, k⁵.
    l2: [[Multiplier; 5]; MAX_LANES],
    l3: [L3Key; MAX_LANES],
    acc: [Fe130; MAX_LANES],
    buf: H::Chunk,
    buf_len: usize,
    /// Bytes of `buf` (a prefix) that may be non-zero; the rest is zero.
    dirty: usize,
    /// Lane values of up to four chunks not yet in `acc`. Level 2 takes
    /// chunks four at a time ([`p130::horner_powers`]: a quarter of the
    /// carries and three quarters of the products of four single steps),
    /// when a fifth chunk arrives; so the last group of a message is still
    /// here at the end, and joins the length in one step of powers.
    group: [[u64; MAX_LANES]; 4],
    group_len: usize,
    chunk: usize,
    total: u64,
}

impl<H: ChunkHash> core::fmt::Debug for LongHash<H> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("LongHash")
            .field("lanes", &H::LANES)
            .field("lane_bits", &H::LANE_BITS)
            .field("bytes_so_far", &self.total)
            .finish_non_exhaustive()
    }
}

impl<H: ChunkHash> LongHash<H> {
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

    /// As [`LongHash::from_seed`], with the level-1 kernel built by `make_l1`
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
            if k3.len() < l3_len {
                return Err(Error::InvalidKeyLength {
                    expected: l3_len,
                    got: k3.len(),
                });
            }
            let k = Fe130::from_u128(u128::from_le_bytes(*k2));
            let mut pow = [Multiplier::new(k); 5];
            for j in 1..5 {
                pow[j] = Multiplier::new(pow[j - 1].value().mul_fe(k));
            }
            l2[i] = pow;
            l3[i] = L3Key::from_bytes(H::LANE_BITS, &k3[..l3_len]);
        }
        Ok(Self {
            l1,
            l2,
            l3,
            acc: [Fe130::ZERO; MAX_LANES],
            buf: H::zero_chunk(),
            buf_len: 0,
            dirty: 0,
            group: [[0; MAX_LANES]; 4],
            group_len: 0,
            chunk,
            total: 0,
        })
    }

    /// The level-1 kernel.
    pub fn kernel(&self) -> &H {
        &self.l1
    }

    /// A chunk's lane values: held; when four are held and a fifth comes,
    /// the four enter `acc` in one step of powers.
    #[inline(always)]
    fn absorb_chunk_lanes(&mut self, y: &[u64; MAX_LANES]) {
        if self.group_len == 4 {
            for (i, (acc, pow)) in self.acc.iter_mut().zip(&self.l2).enumerate().take(H::LANES) {
                let ys = [
                    self.group[0][i],
                    self.group[1][i],
                    self.group[2][i],
                    self.group[3][i],
                ];
                *acc = p130::horner_powers(*acc, &ys, pow);
            }
            self.group_len = 0;
        }
        self.group[self.group_len] = *y;
        self.group_len += 1;
    }

    #[inline(always)]
    fn absorb_chunk(&mut self, chunk: &[u8]) {
        let mut y = [0u64; MAX_LANES];
        self.l1.hash_chunk(chunk, &mut y);
        self.absorb_chunk_lanes(&y);
    }

    /// Hash the buffered chunk, zero-padded past `buf_len` (only the bytes
    /// written since the buffer was last cleared need clearing: a stream of
    /// short messages does not pay for a whole chunk of zeroing each).
    fn absorb_buffer(&mut self) {
        let chunk = self.chunk;
        let used = self.buf_len;
        if self.dirty > used {
            self.buf.as_mut()[used..self.dirty].fill(0);
        }
        self.dirty = used;
        let mut y = [0u64; MAX_LANES];
        self.l1
            .hash_padded_chunk(&self.buf.as_ref()[..chunk], used, &mut y);
        self.absorb_chunk_lanes(&y);
        self.buf_len = 0;
    }

    /// Absorb message bytes; any split of a message into `update` calls gives
    /// the same result.
    pub fn update(&mut self, mut data: &[u8]) {
        let chunk = self.chunk;
        self.total = self.total.wrapping_add(data.len() as u64);
        if self.buf_len > 0 {
            let take = (chunk - self.buf_len).min(data.len());
            self.buf.as_mut()[self.buf_len..self.buf_len + take].copy_from_slice(&data[..take]);
            self.buf_len += take;
            self.dirty = self.dirty.max(self.buf_len);
            data = &data[take..];
            if self.buf_len < chunk {
                return;
            }
            self.absorb_buffer();
        }
        let mut chunks = data.chunks_exact(chunk);
        for c in &mut chunks {
            self.absorb_chunk(c);
        }
        let rest = chunks.remainder();
        self.buf.as_mut()[..rest.len()].copy_from_slice(rest);
        self.buf_len = rest.len();
        self.dirty = self.dirty.max(self.buf_len);
    }

    /// The hash as lane values (`LANES` of them, each below 2^LANE_BITS);
    /// leaves the state as after [`LongHash::reset`].
    pub fn finalize_lanes(&mut self) -> [u64; MAX_LANES] {
        if self.buf_len > 0 {
            self.absorb_buffer();
        }
        // The held chunks and the length: one step of powers per lane.
        let g = self.group_len;
        for (i, (acc, pow)) in self.acc.iter_mut().zip(&self.l2).enumerate().take(H::LANES) {
            let mut ys = [0u64; 5];
            for (y, held) in ys.iter_mut().zip(&self.group[..g]) {
                *y = held[i];
            }
            ys[g] = self.total;
            *acc = p130::horner_powers(*acc, &ys[..=g], pow);
        }
        self.group_len = 0;
        let mut out = [0u64; MAX_LANES];
        for (i, o) in out.iter_mut().enumerate().take(H::LANES) {
            let z = self.acc[i].freeze();
            let k = &self.l3[i].0;
            *o = if H::LANE_BITS == 32 {
                let k32 = [
                    k[0] as u32,
                    k[1] as u32,
                    k[2] as u32,
                    k[3] as u32,
                    k[4] as u32,
                ];
                l3_mmh32(&k32, z) as u64
            } else {
                l3_mmh64(&[k[0], k[1], k[2]], z)
            };
        }
        self.reset();
        out
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

    /// Forget the message so far (keys stay). The chunk buffer holds message
    /// bytes, not key material: it is overwritten by the next message and
    /// zeroized on drop, not here (a volatile wipe of a whole chunk would
    /// cost more than hashing a short message).
    pub fn reset(&mut self) {
        self.acc = [Fe130::ZERO; MAX_LANES];
        self.group_len = 0;
        self.buf_len = 0;
        self.total = 0;
    }
}

fn write_lanes<H: ChunkHash>(lanes: &[u64; MAX_LANES], out: &mut [u8]) {
    let b = H::LANE_BITS as usize / 8;
    for (i, lane) in lanes.iter().enumerate().take(H::LANES) {
        out[i * b..(i + 1) * b].copy_from_slice(&lane.to_le_bytes()[..b]);
    }
}

impl<H: ChunkHash> Drop for LongHash<H> {
    fn drop(&mut self) {
        for m in self.l2.iter_mut().flatten() {
            m.zeroize();
        }
        for k in &mut self.l3 {
            k.0.zeroize();
        }
        for a in &mut self.acc {
            a.zeroize();
        }
        self.group.zeroize();
        self.buf.zeroize();
    }
}

impl<H: ChunkHash> zeroize::ZeroizeOnDrop for LongHash<H> {}
