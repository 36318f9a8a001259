//! UHASH (RFC 4418 **§5**), the three-layer hash: N = taglen/4 iterations
//! of L1 → L2 → L3 over one message, keyed once, and the state of a
//! message that arrives in pieces.
//!
//! The state keeps, for the chunk in progress, the NH sums of its whole
//! 32-byte blocks so far (NH is a sum over blocks, so a chunk can be
//! hashed piece by piece) and at most 31 bytes of an incomplete block: no
//! chunk buffer, no allocation, and the input is read in place. A full
//! chunk is closed only when more input arrives, because the last chunk
//! (1 to 1024 bytes) and the message length decide whether L2 runs at all.

use uhash_base::block::top_up;
use uhash_mmh::Engine32;
use zeroize::Zeroize;

use crate::Error;
use crate::l1::{BLOCK, CHUNK, L1Key};
use crate::l2::{L2Key, Poly, SWITCH};
use crate::l3::L3Key;

/// Chunks per NH kernel call in one-shot hashing: few enough that POLY's
/// chain over a batch's outputs overlaps the next batch's NH.
const BATCH: usize = 4;

/// The keys of UHASH with N iterations (1 to 4) and the engine of its NH
/// kernels.
#[derive(Clone)]
pub(crate) struct Uhash<const N: usize> {
    l1: L1Key,
    l2: [L2Key; N],
    l3: [L3Key; N],
    engine: Engine32,
}

impl<const N: usize> Uhash<N> {
    /// All-zero keys (filled in place by [`Uhash::fill`]).
    pub(crate) fn zeroed(engine: Engine32) -> Self {
        Self {
            l1: L1Key::ZERO,
            l2: [L2Key::default(); N],
            l3: [L3Key::default(); N],
            engine,
        }
    }

    /// Every key from the KDF's output (RFC 4418 §5: `KDF(K, 1..=4, ·)`),
    /// written in place.
    pub(crate) fn fill(&mut self, keys: &crate::kdf::Keys) {
        self.l1.fill::<N>(keys);
        L2Key::fill(&mut self.l2, keys);
        L3Key::fill(&mut self.l3, keys);
    }

    /// The engine of the NH kernels.
    pub(crate) fn engine(&self) -> Engine32 {
        self.engine
    }

    /// UHASH of a whole message: the N 32-bit words (iteration i's L3
    /// output, K2 included). The chunks are read in place; L2 runs only for
    /// messages longer than one chunk.
    #[inline]
    pub(crate) fn hash(&self, msg: &[u8]) -> [u32; N] {
        if msg.len() <= CHUNK {
            let a = self.last_chunk(msg);
            return core::array::from_fn(|i| self.l3[i].hash(u128::from(a[i])));
        }
        let full = (msg.len() - 1) / CHUNK;
        let bits = 8 * CHUNK as u64;
        let (chunks, _) = msg[..full * CHUNK].as_chunks::<CHUNK>();
        // The chunks before POLY's switch (all of them below 16 MiB): their
        // POLY-64 steps on y in registers, no count kept per step.
        let (head, tail) = chunks.split_at(chunks.len().min(SWITCH as usize));
        // NH runs over `BATCH` chunks per kernel call.
        let mut y = [1u64; N];
        let mut sums = [[0u64; N]; BATCH];
        for batch in head.chunks(BATCH) {
            let sums = &mut sums[..batch.len()];
            self.l1
                .chunk_sums::<N>(self.engine, batch.as_flattened(), sums);
            for s in sums {
                for i in 0..N {
                    y[i] = self.l2[i].step64(y[i], s[i].wrapping_add(bits));
                }
            }
        }
        let mut poly: [Poly; N] = core::array::from_fn(|i| Poly::after64(y[i], head.len() as u64));
        y.zeroize();
        sums.zeroize();
        for chunk in tail {
            let s = self.l1.sums::<N>(self.engine, 0, chunk);
            for i in 0..N {
                poly[i].absorb(&self.l2[i], s[i].wrapping_add(bits));
            }
        }
        let a = self.last_chunk(&msg[full * CHUNK..]);
        let out = core::array::from_fn(|i| {
            poly[i].absorb(&self.l2[i], a[i]);
            self.l3[i].hash(poly[i].finish(&self.l2[i]))
        });
        poly.zeroize();
        out
    }

    /// The L1 outputs of the last chunk (0 to 1024 bytes): its whole blocks
    /// in place, the rest zero-padded (the empty chunk: one zero block),
    /// plus its bit length.
    #[inline(always)]
    fn last_chunk(&self, chunk: &[u8]) -> [u64; N] {
        let whole = chunk.len() / BLOCK * BLOCK;
        let mut a = [0u64; N];
        if whole > 0 {
            a = self.l1.sums::<N>(self.engine, 0, &chunk[..whole]);
        }
        if whole < chunk.len() || chunk.is_empty() {
            let mut block = [0u8; BLOCK];
            block[..chunk.len() - whole].copy_from_slice(&chunk[whole..]);
            let s = self.l1.sums::<N>(self.engine, whole / BLOCK, &block);
            for (a, s) in a.iter_mut().zip(s) {
                *a = a.wrapping_add(s);
            }
        }
        let bits = 8 * chunk.len() as u64;
        a.map(|a| a.wrapping_add(bits))
    }
}

impl<const N: usize> Drop for Uhash<N> {
    fn drop(&mut self) {
        self.l2.zeroize();
        self.l3.zeroize();
    }
}

/// A message in progress (see the [module docs](self)).
#[derive(Clone)]
pub(crate) struct State<const N: usize> {
    /// NH sums of the current chunk's whole blocks.
    nh: [u64; N],
    /// Bytes of the current chunk in `nh` (a multiple of 32, ≤ 1024).
    chunk: usize,
    /// An incomplete block.
    buf: [u8; BLOCK],
    /// Bytes in `buf` (< 32).
    buffered: usize,
    /// Bytes absorbed (RFC 4418: below 2^64).
    total: u64,
    /// L2 over the closed chunks, per iteration.
    poly: [Poly; N],
}

impl<const N: usize> Default for State<N> {
    fn default() -> Self {
        Self {
            nh: [0; N],
            chunk: 0,
            buf: [0; BLOCK],
            buffered: 0,
            total: 0,
            poly: [Poly::default(); N],
        }
    }
}

impl<const N: usize> State<N> {
    /// Absorbs `data` after checking the length limit.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] (and nothing absorbed) when the
    /// message would reach 2^64 bytes.
    pub(crate) fn update(&mut self, key: &Uhash<N>, data: &[u8]) -> Result<(), Error> {
        let len = u64::try_from(data.len()).ok();
        match len.and_then(|l| self.total.checked_add(l)) {
            Some(_) => {
                self.absorb(key, data);
                Ok(())
            }
            None => Err(Error::InvalidMessageLength {
                got: data.len(),
                reason: "a UMAC message is shorter than 2^64 bytes (RFC 4418)",
            }),
        }
    }

    /// Closes the current (full) chunk: its L1 output to L2.
    #[inline(always)]
    fn close_chunk(&mut self, key: &Uhash<N>) {
        for i in 0..N {
            let a = self.nh[i].wrapping_add(8 * CHUNK as u64);
            self.poly[i].absorb(&key.l2[i], a);
        }
        self.nh = [0; N];
        self.chunk = 0;
    }

    /// Adds the NH sums of `blocks` (whole blocks that fit the chunk).
    #[inline(always)]
    fn add_blocks(&mut self, key: &Uhash<N>, blocks: &[u8]) {
        let s = key.l1.sums::<N>(key.engine, self.chunk / BLOCK, blocks);
        for (acc, s) in self.nh.iter_mut().zip(s) {
            *acc = acc.wrapping_add(s);
        }
        self.chunk += blocks.len();
    }

    /// Absorbs `data` (the caller checked the length limit).
    pub(crate) fn absorb(&mut self, key: &Uhash<N>, mut data: &[u8]) {
        self.total = self.total.wrapping_add(data.len() as u64);
        if self.buffered > 0 {
            if !top_up(&mut self.buf, &mut self.buffered, &mut data) {
                return;
            }
            if self.chunk == CHUNK {
                self.close_chunk(key);
            }
            let block = self.buf;
            self.add_blocks(key, &block);
            self.buffered = 0;
        }
        while !data.is_empty() {
            if self.chunk == CHUNK {
                self.close_chunk(key);
            }
            let whole = (data.len() / BLOCK * BLOCK).min(CHUNK - self.chunk);
            if whole == 0 {
                break;
            }
            self.add_blocks(key, &data[..whole]);
            data = &data[whole..];
        }
        self.buf[..data.len()].copy_from_slice(data);
        self.buffered = data.len();
    }

    /// The N UHASH words of the message absorbed; the state is spent
    /// (wiped by its owner).
    pub(crate) fn finish(&mut self, key: &Uhash<N>) -> [u32; N] {
        // The last chunk: its incomplete block zero-padded, or the empty
        // message's one zero block.
        let len = self.chunk + self.buffered;
        if self.buffered > 0 || self.total == 0 {
            self.buf[self.buffered..].fill(0);
            let block = self.buf;
            self.add_blocks(key, &block);
        }
        let bits = 8 * len as u64;
        let long = self.total > CHUNK as u64;
        core::array::from_fn(|i| {
            let a = self.nh[i].wrapping_add(bits);
            let b = if long {
                self.poly[i].absorb(&key.l2[i], a);
                self.poly[i].finish(&key.l2[i])
            } else {
                // L2 skipped: B = zeroes(8) ‖ A.
                u128::from(a)
            };
            key.l3[i].hash(b)
        })
    }
}

impl<const N: usize> Zeroize for State<N> {
    fn zeroize(&mut self) {
        self.nh.zeroize();
        self.buf.zeroize();
        self.poly.zeroize();
    }
}

impl<const N: usize> Drop for State<N> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_limit_is_a_typed_error() {
        let cipher = <aes::Aes128 as aes::cipher::KeyInit>::new(&[7u8; 16].into());
        let mut key = Uhash::<2>::zeroed(Engine32::portable());
        let mut keys = crate::kdf::Keys::new();
        keys.derive::<2>(&cipher);
        key.fill(&keys);
        let mut s = State::<2> {
            total: u64::MAX - 3,
            ..Default::default()
        };
        assert!(s.update(&key, &[1, 2, 3]).is_ok());
        assert_eq!(s.total, u64::MAX);
        let before = s.clone();
        assert!(matches!(
            s.update(&key, &[4]),
            Err(Error::InvalidMessageLength { got: 1, .. })
        ));
        assert_eq!(s.total, before.total);
        assert_eq!(s.buffered, before.buffered);
        assert!(s.update(&key, &[]).is_ok());
    }
}
