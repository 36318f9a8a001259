//! [`Mmh32Tree`]: MMH32 hash trees for long messages (MMH paper **§2.4**,
//! "Dealing with arbitrary long messages"), the alternative to the
//! polynomial level 2 of [`crate::hash`].
//!
//! # Definition
//! §2.4: "we break the message into blocks of k elements […] and hash each
//! block separately (using the same hash function). We then concatenate the
//! hash results of all these blocks and hash them again using an
//! independent key, and so on." With MMH32 (Definition 5) as the hash
//! function, k words per block (the paper's k = 32 by default) and a key of
//! k words per level, for a message M of L bytes (L < 2^64):
//!
//! 1. **Words.** M is read as n₀ = ⌈L/4⌉ little-endian 32-bit words, the
//!    last one zero-padded (§3.4's "Byte ordering" leaves the order open;
//!    little-endian as everywhere in this crate).
//! 2. **Levels.** While a level holds more than k words, level j (j = 1, 2,
//!    …) splits them into ⌈n_{j−1}/k⌉ blocks of k words, the last block
//!    zero-padded, and replaces each block by MMH32 of it under the level
//!    key K_j = ⟨x_{j,1}, …, x_{j,k}⟩: n_j = ⌈n_{j−1}/k⌉ words.
//! 3. **Root.** The t-th level's n_t ≤ k words v (t = 0: the message words
//!    themselves), zero-padded to k words and followed by the byte length
//!    as two words L mod 2^32 and ⌊L/2^32⌋, are hashed once more by MMH32
//!    under a separate root key K_R of k + 2 words:
//!    H(M) = MMH32_{K_R}(v₁, …, v_k, L mod 2^32, ⌊L/2^32⌋), 32 bits.
//!
//! Zero padding adds nothing to an MMH32 sum, so a partial block costs only
//! its words. Padding within a level is unambiguous once L is fixed (equal
//! lengths give equal shapes), and L itself enters the root: the paper
//! leaves variable lengths to "some prescribed pad" (§3.4, "Padding to
//! block boundaries"); this is the standard length-strengthening fix, and
//! it is what makes the bound below hold for messages of *different*
//! lengths (without it M and M ‖ 0000 collide for every key).
//!
//! # Height
//! t(L) = min{t ≥ 0 : ⌈n₀/k^t⌉ ≤ k} internal levels (nested ceilings of
//! divisions compose: n_t = ⌈n₀/k^t⌉), and the height, counting the root,
//! is h(L) = t(L) + 1 = max(1, ⌈log_k ⌈L/4⌉⌉). For k = 32: h = 1 up to
//! 128 B, 2 up to 4 KiB, 3 up to 128 KiB, 4 up to 4 MiB, 5 up to 128 MiB;
//! at most 13 for L < 2^64. Key: t_max·k + k + 2 words (t_max = 12 for
//! k = 32, from a seed: 1 672 bytes).
//!
//! # Bound
//! **Theorem.** For M ≠ M′ of lengths L, L′ and every δ, over uniform,
//! independent level and root keys:
//! Pr[H(M) − H(M′) ≡ δ (mod 2^32)] ≤ h·6·2^-32 with h = h(max(L, L′))
//! (ε_level × height, §2.4's "the collision probability grows linearly with
//! the height of the tree"), and ≤ 6·2^-32 when L ≠ L′.
//!
//! *Proof.* MMH32 is 6·2^-32-AΔU mod 2^32 on vectors of any fixed length
//! (Theorem 8; its proof does not use k = 32).
//! * L ≠ L′: the root inputs (v, L) and (v′, L′) are distinct vectors of
//!   k + 2 words whatever v, v′ are; v, v′ depend only on the level keys,
//!   which are independent of K_R. Conditioned on the level keys,
//!   Theorem 8 bounds the probability over K_R by 6·2^-32.
//! * L = L′: both trees have the same shape (t levels, n_j words at level
//!   j). The padded words of level 0 differ (zero padding to a known length
//!   is injective). Let E_j be the event that levels 0..j−1 differ and
//!   level j's words are all equal. Level j's inputs depend on K_1..K_{j−1}
//!   only; conditioned on them, some block differs and its two MMH32 values
//!   under K_j collide with probability ≤ 6·2^-32 (Theorem 8 with δ = 0).
//!   So Pr(v = v′) ≤ Σ_{j=1}^{t} Pr(E_j) ≤ t·6·2^-32. If v ≠ v′, the root
//!   inputs differ and K_R is independent of v, v′: ≤ 6·2^-32 for every
//!   δ. Together (t + 1)·6·2^-32 = h·6·2^-32. ∎
//!
//! Against [`crate::Mmh32Hash`] (the same 32-bit output; 16 KiB chunks,
//! polynomial level 2 mod 2^130 − 5, MMH32 level 3): ε = 12·2^-32 + (c+1)/2^128
//! for c chunks, independent of the length in practice. The tree's
//! 6h·2^-32 is equal at h = 2 (up to 4 KiB), 1.5× at h = 3, 2× at h = 4 (1 MiB
//! is 4 levels), and keeps growing with log_k L; it is smaller only for
//! messages of at most k words (h = 1: 6·2^-32). See `docs/epsilon.md`
//! for the measured speeds.
//!
//! # Streaming
//! [`Mmh32Tree::start`] gives a state that takes the message in any split:
//! one block buffer and one k-word buffer per level; a full buffer is
//! hashed only when the next word arrives, so that the level that turns out
//! to be the root's input (≤ k words) is never hashed with a level key.
//! [`Mmh32Tree::hash`] is the same function in one pass over a whole
//! message (tested equal to the state with every split, and both to
//! `uhash_ref::mmh_tree`).

use alloc::vec::Vec;

use uhash_base::kdf::{self, KeyStream, LEVEL_L1, LEVEL_L2, family};
use uhash_base::keybuf::KeyWords;
use uhash_base::{Error, p32};
use zeroize::Zeroize;

use crate::kernels::{Engine32, Kernels32};

/// The paper's block size: k = 32 words (128 bytes) per block (§3.1,
/// "Fixing the value of k").
pub const TREE_K: usize = 32;

/// The largest k accepted (16 KiB blocks).
pub const TREE_MAX_K: usize = 4096;

/// ⌈(2^64 − 1)/4⌉: the most words of a message whose byte length fits in
/// 64 bits.
const MAX_WORDS: u64 = 1 << 62;

/// t(n₀) = min{t ≥ 0 : ⌈n₀/k^t⌉ ≤ k}, the internal levels of a message of
/// n₀ words.
fn internal_levels(words: u64, k: usize) -> usize {
    let k = k as u64;
    let mut n = words;
    let mut t = 0;
    while n > k {
        n = n.div_ceil(k);
        t += 1;
    }
    t
}

/// `k` in 2..=[`TREE_MAX_K`].
fn check_k(k: usize) -> Result<(), Error> {
    if (2..=TREE_MAX_K).contains(&k) {
        Ok(())
    } else {
        Err(Error::InvalidParameter {
            name: "k",
            reason: "the tree's block size k must be in 2..=4096 words",
        })
    }
}

/// The height h(L) = t(L) + 1 = max(1, ⌈log_k ⌈L/4⌉⌉) of the tree over a
/// message of `len` bytes with k-word blocks: the number of MMH32
/// applications on a path from a message word to the output, and the
/// factor of the bound h·6·2^-32.
///
/// # Errors
/// [`Error::InvalidParameter`] when k is outside 2..=[`TREE_MAX_K`].
pub fn tree_height(len: u64, k: usize) -> Result<usize, Error> {
    check_k(k)?;
    Ok(internal_levels(len.div_ceil(4), k) + 1)
}

/// MMH32 sum Σ mᵢxᵢ mod 2^64 of `bytes` (≤ 4k, the last word zero-padded if
/// partial) under `key` (k words).
fn block_sum(engine: Engine32, key: &[u32], bytes: &[u8]) -> u64 {
    let full = bytes.len() & !3;
    let [mut s] = engine.mmh32_sums::<1>(key, &bytes[..full]);
    if full < bytes.len() {
        let mut w = [0u8; 4];
        w[..bytes.len() - full].copy_from_slice(&bytes[full..]);
        let x = key.get(full / 4).copied().unwrap_or(0);
        s = s.wrapping_add(u64::from(u32::from_le_bytes(w)) * u64::from(x));
        w.zeroize();
    }
    s
}

/// The keys of the MMH32 tree (see the [module docs](self)): block size k,
/// one k-word key per internal level, the (k + 2)-word root key, and the
/// backend. Immutable: one key hashes any number of messages, on any
/// number of threads. Zeroized on drop; `Debug` prints no key.
#[derive(Clone)]
pub struct Mmh32Tree {
    k: usize,
    levels: usize,
    level_keys: KeyWords<u32>,
    root_key: KeyWords<u32>,
    max_len: u64,
    engine: Engine32,
}

impl core::fmt::Debug for Mmh32Tree {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mmh32Tree")
            .field("k", &self.k)
            .field("levels", &self.levels)
            .field("backend", &self.engine.backend())
            .finish_non_exhaustive()
    }
}

impl Mmh32Tree {
    /// Output bytes (one 32-bit word, little-endian).
    pub const OUT_BYTES: usize = 4;

    /// The paper's k = 32, every key from a 16-byte seed, the detected
    /// backend: 12 level keys (messages up to 2^64 − 1 bytes) read from the
    /// key stream of label (`MMH32_TREE`, 1, 1, k), level 1 first, and the
    /// root key from label (`MMH32_TREE`, 1, 2, k), little-endian words.
    #[must_use]
    pub fn from_seed(seed: &[u8; 16]) -> Self {
        Self::build_from_seed(seed, TREE_K, Engine32::detect())
    }

    /// As [`Mmh32Tree::from_seed`] with block size `k` (enough levels for
    /// 2^64 − 1 bytes) and a chosen backend.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] when k is outside 2..=[`TREE_MAX_K`].
    pub fn from_seed_with(seed: &[u8; 16], k: usize, engine: Engine32) -> Result<Self, Error> {
        check_k(k)?;
        Ok(Self::build_from_seed(seed, k, engine))
    }

    fn build_from_seed(seed: &[u8; 16], k: usize, engine: Engine32) -> Self {
        let levels = internal_levels(MAX_WORDS, k);
        let mut ks = KeyStream::new(seed, kdf::label(family::MMH32_TREE, 1, LEVEL_L1, k as u32));
        let level_keys = KeyWords::from_fn(levels * k, || ks.next_u32());
        let mut ks = KeyStream::new(seed, kdf::label(family::MMH32_TREE, 1, LEVEL_L2, k as u32));
        let root_key = KeyWords::from_fn(k + 2, || ks.next_u32());
        Self::with_keys(k, levels, level_keys, root_key, engine)
    }

    /// From explicit keys: `level_keys` holds the internal levels' keys one
    /// after the other (k words each, level 1 first; any whole number of
    /// levels, zero included: more than the 2^64-byte maximum needs are
    /// ignored), `root_key` at least k + 2 words (a longer key is used by
    /// its prefix). With t levels, messages of up to 4·k^(t+1) bytes are
    /// accepted.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] (k outside 2..=[`TREE_MAX_K`], or
    /// `level_keys` not a whole number of levels); [`Error::KeyTooShort`]
    /// (`root_key` under k + 2 words).
    pub fn from_keys(
        k: usize,
        level_keys: &[u32],
        root_key: &[u32],
        engine: Engine32,
    ) -> Result<Self, Error> {
        check_k(k)?;
        if !level_keys.len().is_multiple_of(k) {
            return Err(Error::InvalidParameter {
                name: "level_keys",
                reason: "the level keys must be a whole number of k-word keys",
            });
        }
        let rk = KeyWords::from_prefix(root_key, k + 2)?;
        let levels = (level_keys.len() / k).min(internal_levels(MAX_WORDS, k));
        let lk = KeyWords::from_prefix(level_keys, levels * k)?;
        Ok(Self::with_keys(k, levels, lk, rk, engine))
    }

    fn with_keys(
        k: usize,
        levels: usize,
        level_keys: KeyWords<u32>,
        root_key: KeyWords<u32>,
        engine: Engine32,
    ) -> Self {
        // k^(levels+1) words, capped at 2^62 (then every 64-bit length).
        let mut words: u64 = k as u64;
        for _ in 0..levels {
            words = words.saturating_mul(k as u64);
        }
        let max_len = if words >= MAX_WORDS {
            u64::MAX
        } else {
            words * 4
        };
        Self {
            k,
            levels,
            level_keys,
            root_key,
            max_len,
            engine,
        }
    }

    /// The block size k in words.
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }

    /// The number of internal levels the keys cover.
    #[must_use]
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The longest message the keys cover, in bytes (`u64::MAX` from a
    /// seed).
    #[must_use]
    pub fn max_len(&self) -> u64 {
        self.max_len
    }

    /// The backend in use.
    #[must_use]
    pub fn engine(&self) -> Engine32 {
        self.engine
    }

    /// The height h(L) for a message of `len` bytes under this k (see
    /// [`tree_height`]).
    #[must_use]
    pub fn height(&self, len: u64) -> usize {
        internal_levels(len.div_ceil(4), self.k) + 1
    }

    /// MMH32 of one block (≤ k words as bytes) under level key `j`
    /// (0-based: K_{j+1}).
    fn level_hash(&self, j: usize, bytes: &[u8]) -> u32 {
        let key = self
            .level_keys
            .words()
            .get(j * self.k..(j + 1) * self.k)
            .unwrap_or(&[]);
        p32::reduce_to_u32(block_sum(self.engine, key, bytes))
    }

    /// The root: MMH32 under K_R of the ≤ k words `bytes` (zero-padded to
    /// k words) followed by L mod 2^32 and ⌊L/2^32⌋.
    fn root_hash(&self, bytes: &[u8], len: u64) -> u32 {
        let rk = self.root_key.words();
        let s = block_sum(self.engine, rk.get(..self.k).unwrap_or(&[]), bytes);
        let lo = u64::from(len as u32) * u64::from(rk.get(self.k).copied().unwrap_or(0));
        let hi = (len >> 32) * u64::from(rk.get(self.k + 1).copied().unwrap_or(0));
        p32::reduce_to_u32(s.wrapping_add(lo).wrapping_add(hi))
    }

    /// `Ok(())` if a message of `len` bytes is covered by the keys.
    fn check_len(&self, len: u64) -> Result<(), Error> {
        if len <= self.max_len {
            Ok(())
        } else {
            Err(Error::InvalidMessageLength {
                got: usize::try_from(len).unwrap_or(usize::MAX),
                reason: "longer than the tree's level keys cover (4·k^(levels+1) bytes)",
            })
        }
    }

    /// The hash of a whole message, in one pass (the message is read once;
    /// the level-1 outputs, ⌈L/4k⌉ words, are kept in one buffer and the
    /// upper levels computed in place in it).
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] when the message is longer than
    /// [`Mmh32Tree::max_len`] (never from a seed).
    pub fn hash(&self, msg: &[u8]) -> Result<u32, Error> {
        let len = msg.len() as u64;
        self.check_len(len)?;
        let block = 4 * self.k;
        if msg.len() <= block {
            return Ok(self.root_hash(msg, len));
        }
        let t = internal_levels(len.div_ceil(4), self.k);
        let mut buf: Vec<u8> = alloc::vec![0u8; 4 * msg.len().div_ceil(block)];
        for (o, b) in buf.chunks_exact_mut(4).zip(msg.chunks(block)) {
            o.copy_from_slice(&self.level_hash(0, b).to_le_bytes());
        }
        let mut n = buf.len();
        for j in 1..t {
            let blocks = n.div_ceil(block);
            for i in 0..blocks {
                let end = ((i + 1) * block).min(n);
                let h = self.level_hash(j, &buf[i * block..end]);
                // Word i lies at or before block i's start: nothing unread
                // is overwritten.
                buf[4 * i..4 * i + 4].copy_from_slice(&h.to_le_bytes());
            }
            n = 4 * blocks;
        }
        let out = self.root_hash(&buf[..n], len);
        buf.zeroize();
        Ok(out)
    }

    /// A streaming state for one message under these keys.
    #[must_use]
    pub fn start(&self) -> Mmh32TreeState<'_> {
        let block = 4 * self.k;
        Mmh32TreeState {
            tree: self,
            block: alloc::vec![0u8; block],
            used: 0,
            stack: alloc::vec![0u8; block * self.levels],
            counts: alloc::vec![0usize; self.levels],
            total: 0,
        }
    }
}

/// One message being hashed by an [`Mmh32Tree`]: the level-0 block being
/// filled and one k-word buffer per internal level. Any split of the
/// message gives the same output as [`Mmh32Tree::hash`]. Holds message
/// bytes and keyed intermediate values: zeroized on drop.
pub struct Mmh32TreeState<'a> {
    tree: &'a Mmh32Tree,
    block: Vec<u8>,
    used: usize,
    /// Level j's words (j = 1..=levels) at bytes [4k(j−1), 4kj).
    stack: Vec<u8>,
    counts: Vec<usize>,
    total: u64,
}

impl core::fmt::Debug for Mmh32TreeState<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mmh32TreeState")
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

impl Mmh32TreeState<'_> {
    /// Absorb message bytes.
    ///
    /// # Errors
    /// [`Error::InvalidMessageLength`] when the total would exceed
    /// [`Mmh32Tree::max_len`]; nothing is absorbed then.
    pub fn update(&mut self, data: &[u8]) -> Result<(), Error> {
        let Some(total) = self.total.checked_add(data.len() as u64) else {
            return Err(Error::InvalidMessageLength {
                got: usize::MAX,
                reason: "the byte length must fit in 64 bits",
            });
        };
        self.tree.check_len(total)?;
        self.total = total;
        let bs = self.block.len();
        let mut data = data;
        while !data.is_empty() {
            if self.used == bs {
                // More data follows: the full block is not the root's.
                let w = self.tree.level_hash(0, &self.block);
                self.push(1, w);
                self.used = 0;
            }
            if self.used == 0 {
                while data.len() > bs {
                    let w = self.tree.level_hash(0, &data[..bs]);
                    self.push(1, w);
                    data = &data[bs..];
                }
            }
            let take = (bs - self.used).min(data.len());
            self.block[self.used..self.used + take].copy_from_slice(&data[..take]);
            self.used += take;
            data = &data[take..];
        }
        Ok(())
    }

    /// Append word `w` to level `j` (1-based), first hashing the level's
    /// buffer into level j + 1 if it is full (the new word proves it is not
    /// the root's input).
    fn push(&mut self, mut j: usize, mut w: u32) {
        let bs = self.block.len();
        let k = self.tree.k;
        while let Some(&c) = self.counts.get(j - 1) {
            let base = (j - 1) * bs;
            if c < k {
                self.stack[base + 4 * c..base + 4 * c + 4].copy_from_slice(&w.to_le_bytes());
                self.counts[j - 1] = c + 1;
                return;
            }
            let h = self.tree.level_hash(j, &self.stack[base..base + bs]);
            self.stack[base..base + 4].copy_from_slice(&w.to_le_bytes());
            self.counts[j - 1] = 1;
            j += 1;
            w = h;
        }
        // Unreachable: `update` admits only lengths the levels cover.
        debug_assert!(false, "tree level {j} beyond the keys");
    }

    /// The 32-bit hash of the bytes absorbed.
    #[must_use]
    pub fn finalize(mut self) -> u32 {
        let len = self.total;
        let t = internal_levels(len.div_ceil(4), self.tree.k);
        // The partial word's missing bytes are zero (the buffer may hold
        // bytes of an earlier block there).
        let end = self.used.div_ceil(4) * 4;
        self.block[self.used..end].fill(0);
        if t == 0 {
            return self.tree.root_hash(&self.block[..end], len);
        }
        let w = self.tree.level_hash(0, &self.block[..end]);
        self.push(1, w);
        let bs = self.block.len();
        for j in 1..t {
            let base = (j - 1) * bs;
            let n = 4 * self.counts[j - 1];
            let h = self.tree.level_hash(j, &self.stack[base..base + n]);
            self.counts[j - 1] = 0;
            self.push(j + 1, h);
        }
        let base = (t - 1) * bs;
        let n = 4 * self.counts[t - 1];
        self.tree.root_hash(&self.stack[base..base + n], len)
    }
}

impl Drop for Mmh32TreeState<'_> {
    fn drop(&mut self) {
        self.block.zeroize();
        self.stack.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root's two length words for lengths no test message reaches
    /// (the high word is non-zero only from 4 GiB on).
    #[test]
    fn root_encodes_both_length_words() {
        let k = 4;
        let rk: Vec<u32> = (0..k as u32 + 2)
            .map(|i| 0x9e37_79b9u32.wrapping_mul(i + 1))
            .collect();
        let tree = Mmh32Tree::from_keys(k, &[], &rk, Engine32::detect()).unwrap();
        let words = [0xdead_beefu32, 7, 0xffff_ffff];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        for len in [0u64, 12, (1 << 32) + 12, (5 << 40) | 0x1234_5678, u64::MAX] {
            let mut msg = words.to_vec();
            msg.resize(k, 0);
            msg.extend([len as u32, (len >> 32) as u32]);
            let want = uhash_ref::mmh::mmh32(&rk, &msg).unwrap();
            assert_eq!(tree.root_hash(&bytes, len), want, "len {len:#x}");
        }
    }
}
