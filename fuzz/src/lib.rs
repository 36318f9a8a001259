//! What every fuzz target shares: reading the fuzzer's bytes, choosing a
//! backend from them, and building long messages from a short input.
//!
//! libFuzzer mutates short inputs best (and fast: a few hundred bytes), but
//! the fast paths start at hundreds of bytes to whole chunks of 16 KiB. So
//! a target reads a *description* of its message — a length, a fill and an
//! 8-byte seed — and [`message`] expands it; the rest of the input is
//! written over the expanded bytes at a chosen offset, so the fuzzer still
//! controls any local content. Split points come from the input too
//! ([`splits`]), as does the backend ([`pick`] over `all_supported()`:
//! every backend this CPU and build run, not only the detected one).

/// The fuzzer's bytes, read front to back; reads past the end give 0.
pub struct Input<'a>(&'a [u8]);

impl<'a> Input<'a> {
    /// Reads from `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Input(data)
    }

    /// The next byte (0 when exhausted).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// `N` bytes (zero-filled past the end).
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut a = [0u8; N];
        for x in &mut a {
            *x = self.byte();
        }
        a
    }

    /// The next 16 bits, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.array())
    }

    /// The next 32 bits, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.array())
    }

    /// The next 64 bits, little-endian.
    pub fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }

    /// A 32-bit word biased to the carry edges: a control byte picks 0,
    /// all-ones, a small value, all-ones minus a small value, or the next
    /// four bytes.
    pub fn word32(&mut self) -> u32 {
        match self.byte() % 8 {
            0 => 0,
            1 => u32::MAX,
            2 => u32::from(self.byte() % 64),
            3 => u32::MAX - u32::from(self.byte() % 64),
            _ => self.u32(),
        }
    }

    /// A 64-bit word biased as [`Input::word32`].
    pub fn word64(&mut self) -> u64 {
        match self.byte() % 8 {
            0 => 0,
            1 => u64::MAX,
            2 => u64::from(self.byte() % 64),
            3 => u64::MAX - u64::from(self.byte() % 64),
            _ => self.u64(),
        }
    }

    /// What is left.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.0)
    }
}

/// One of `items`, chosen by the next byte (`None` if `items` is empty).
pub fn pick<T: Copy>(inp: &mut Input<'_>, items: &[T]) -> Option<T> {
    let b = usize::from(inp.byte());
    items.get(b % items.len().max(1)).copied()
}

/// splitmix64 (`uhash_testkit::rng`): the stream an expanded message is
/// filled from.
pub use uhash_testkit::rng::SplitMix64 as SplitMix;

/// A length in `0..=max`, biased to multiples of `unit` (a block or a
/// chunk), to the ends, and to short lengths (the scale is log-uniform, so
/// that most runs are cheap and a few are long): the first byte picks the
/// form and the scale.
pub fn length(inp: &mut Input<'_>, max: usize, unit: usize) -> usize {
    let unit = unit.max(1);
    let b = inp.byte();
    let scale = usize::from((b >> 2) % 8);
    match b % 4 {
        // Any length up to max / 2^scale.
        0 => (inp.u32() as usize) % ((max >> scale) + 1),
        // k·unit + δ, |δ| ≤ 16, k up to (max / unit) / 2^scale.
        1 => {
            let k = usize::from(inp.u16()) % (((max / unit) >> scale) + 1);
            let delta = i64::from(inp.byte() % 33) - 16;
            ((k * unit) as i64 + delta).clamp(0, max as i64) as usize
        }
        // Near the largest.
        2 => max - usize::from(inp.byte() % 64).min(max),
        // Short.
        _ => usize::from(inp.byte()).min(max),
    }
}

/// A message of at most `max` bytes (lengths biased around multiples of
/// `unit`): either the rest of the input as it is, or `length` bytes of a
/// fill — zeros, all-ones, a splitmix64 stream, or a stream of 8-byte
/// words that are each 0, all-ones or random — with the rest of the input
/// written over it at an offset the input chooses. Reads the rest of the
/// input.
pub fn message(inp: &mut Input<'_>, max: usize, unit: usize) -> Vec<u8> {
    let mode = inp.byte();
    if mode.is_multiple_of(8) {
        let rest = inp.rest();
        return rest[..rest.len().min(max)].to_vec();
    }
    let len = length(inp, max, unit);
    let mut rng = SplitMix::new(inp.u64());
    let mut msg = vec![0u8; len];
    match (mode >> 3) % 4 {
        0 => {}
        1 => msg.fill(0xff),
        2 => {
            rng.fill(&mut msg);
        }
        _ => {
            for c in msg.chunks_mut(8) {
                let r = rng.next_u64();
                let w = match r % 4 {
                    0 => 0,
                    1 => u64::MAX,
                    2 => r.rotate_left(17),
                    _ => u64::MAX - (r >> 58),
                };
                c.copy_from_slice(&w.to_le_bytes()[..c.len()]);
            }
        }
    }
    let offset = (inp.u32() as usize) % (len + 1);
    let patch = inp.rest();
    let n = patch.len().min(len - offset);
    msg[offset..offset + n].copy_from_slice(&patch[..n]);
    msg
}

/// Up to four sorted split points in `0..=len` from the four bytes `raw`:
/// a byte with its top bit set is a multiple of `unit`, else a fraction
/// of `len`.
pub fn splits(raw: [u8; 4], len: usize, unit: usize) -> Vec<usize> {
    let mut s: Vec<usize> = raw
        .iter()
        .map(|&b| {
            if b & 0x80 != 0 {
                (usize::from(b & 0x7f) * unit.max(1)).min(len)
            } else {
                usize::from(b) * len / 127
            }
        })
        .collect();
    s.sort_unstable();
    s
}

/// Feeds `msg` to `update` in the pieces the sorted `splits` cut.
pub fn feed(msg: &[u8], splits: &[usize], mut update: impl FnMut(&[u8])) {
    let mut at = 0;
    for &s in splits {
        let s = s.clamp(at, msg.len());
        update(&msg[at..s]);
        at = s;
    }
    update(&msg[at..]);
}

/// Little-endian 32-bit words of `b` (whole words only).
pub fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Little-endian 64-bit words of `b` (whole words only).
pub fn words64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect()
}

/// The bytes of `w`, little-endian.
pub fn le32(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// `n` 64-bit words from `rng`, each 0, all-ones, all-ones minus a small
/// value, or random (the carry edges of every multiply-accumulate).
pub fn biased_words64(rng: &mut SplitMix, n: usize) -> Vec<u64> {
    (0..n)
        .map(|_| {
            let r = rng.next_u64();
            match r % 4 {
                0 => 0,
                1 => u64::MAX,
                2 => u64::MAX - (r >> 58),
                _ => rng.next_u64(),
            }
        })
        .collect()
}

/// `n` 32-bit words biased as [`biased_words64`].
pub fn biased_words32(rng: &mut SplitMix, n: usize) -> Vec<u32> {
    biased_words64(rng, n)
        .into_iter()
        .map(|w| w as u32)
        .collect()
}

/// Messages of at most this many bytes are always compared with the
/// big-integer reference (see [`against_reference`]).
pub const REFERENCE_ALWAYS: usize = 256;

/// Longer messages are compared with the reference on 1 input in this
/// many (see [`against_reference`]).
pub const REFERENCE_EVERY: u64 = 16;

/// Whether this input's portable answer is also compared with the
/// big-integer reference: always for a message of at most
/// [`REFERENCE_ALWAYS`] bytes, else for 1 input in [`REFERENCE_EVERY`],
/// chosen by a hash (FNV-1a) of the whole input, so that an input is
/// judged the same way on every run (a crash reproduces) and the fuzzer
/// cannot steer around the check by the message alone. Every input
/// compares the chosen backend with the portable one; the reference is
/// what makes the portable one right, and it costs 10–100× the hash.
pub fn against_reference(data: &[u8], msg_len: usize) -> bool {
    let reference = msg_len <= REFERENCE_ALWAYS || fnv1a(data).is_multiple_of(REFERENCE_EVERY);
    tally::record(reference);
    reference
}

/// FNV-1a, 64 bits.
fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

pub mod tally;
pub mod umac;

/// The production long hash (`uhash_base::long::LongHash`) of the kernel
/// `make` builds from `seed`, `msg` fed in the pieces the sorted `splits`
/// cut ([`feed`]).
pub fn long_hash<H: uhash::base::long::ChunkHash>(
    seed: &[u8; 16],
    msg: &[u8],
    splits: &[usize],
    make: impl FnOnce(&mut uhash::base::kdf::KeyStream) -> Result<H, uhash::base::Error>,
) -> Vec<u8> {
    let mut h = uhash::base::long::LongHash::<H>::from_seed_with_kernel(seed, make).unwrap();
    feed(msg, splits, |piece| h.update(piece));
    let mut out = vec![0u8; uhash::base::long::LongHash::<H>::OUT_BYTES];
    h.finalize_into(&mut out).unwrap();
    out
}
