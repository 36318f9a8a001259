//! The measurement engine: for a construction at a fixed reduced width,
//! enumerate **every key** for each message pair considered and count.
//!
//! For a pair (m, m′) the engine computes h_k(m) and h_k(m′) for all keys k
//! and builds the histogram of the difference δ = h_k(m) − h_k(m′) in the
//! output group. From it:
//!
//! * the collision count #{k : h_k(m) = h_k(m′)} (δ = 0), and
//! * the Δ count max_δ #{k : h_k(m) − h_k(m′) = δ} and its arg-max δ.
//!
//! Optionally also the joint count max_{y,y′} #{k : h_k(m) = y ∧ h_k(m′) = y′}
//! (strong universality) and, per single message m ≠ 0, the distribution
//! count max_y #{k : h_k(m) = y} (Nguyen–Roscoe's εd, "balance").
//!
//! Each count over all keys is an exact probability for that pair; the
//! maximum over the pairs considered is therefore a lower bound on the
//! family's ε that is exact when every pair is considered. Pairs:
//!
//! * **exhaustive**: every unordered pair of distinct messages;
//! * **search**: the construction's structured candidates (the paper's
//!   worst cases and values at the edges of the word and modulus ranges),
//!   seeded uniform random pairs, then hill climbing from the best pairs
//!   found (one message word or bit changed at a time, a change kept when
//!   the count does not decrease). See [`Plan`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use uhash_ref::splitmix64::SplitMix64;

/// The output group Δ is taken in: `n` components of Z/q, packed base `q`
/// (component 0 least significant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The modulus of each component (`2^b`, or a prime for Z_p outputs).
    pub q: u64,
    /// The number of components (Toeplitz rows).
    pub n: u32,
}

impl Group {
    /// Z/q.
    pub const fn cyclic(q: u64) -> Self {
        Group { q, n: 1 }
    }

    /// The number of elements, `q^n`.
    pub fn size(self) -> u64 {
        self.q.pow(self.n)
    }

    /// The packed index of `a − b` (component-wise mod `q`).
    #[inline(always)]
    pub fn diff(self, a: u64, b: u64) -> u64 {
        if self.n == 1 {
            let d = a + self.q - b;
            if d >= self.q { d - self.q } else { d }
        } else {
            let (mut a, mut b, mut out, mut scale) = (a, b, 0, 1);
            for _ in 0..self.n {
                let (x, y) = (a % self.q, b % self.q);
                out += ((x + self.q - y) % self.q) * scale;
                a /= self.q;
                b /= self.q;
                scale *= self.q;
            }
            out
        }
    }
}

/// One construction at one width, as the engine sees it: keys and messages
/// are indices `0..key_count()` and `0..message_count()`, outputs are packed
/// elements of [`Construction::group`] below 2^32.
pub trait Construction: Sync {
    /// The number of keys (all enumerated for every pair).
    fn key_count(&self) -> u64;
    /// The number of messages.
    fn message_count(&self) -> u64;
    /// The output group.
    fn group(&self) -> Group;
    /// h_k(m) for the keys `key0 .. key0 + out.len()`.
    fn eval_block(&self, msg: u64, key0: u64, out: &mut [u32]);
    /// Structured candidate pairs for the search.
    fn candidates(&self) -> Vec<(u64, u64)> {
        Vec::new()
    }
    /// A message for display.
    fn show(&self, msg: u64) -> String {
        format!("{msg:#x}")
    }
    /// The Δ histogram of a pair over all keys (`hist` has
    /// `group().size()` zeroed entries), for a construction that computes it
    /// faster than key by key; `false` when not provided.
    fn pair_hist(&self, _m1: u64, _m2: u64, _hist: &mut [u64]) -> bool {
        false
    }
}

/// The best pair found for one statistic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extreme {
    /// The number of keys (out of all keys) realising the event.
    pub count: u64,
    /// The message pair (the single message in `pair.0` for distribution).
    pub pair: (u64, u64),
    /// The arg-max δ (packed), the packed pair (y, y′) as `y·|G| + y′`, or y.
    pub value: u64,
    /// The order of the pair in the enumeration (ties keep the first).
    order: u64,
}

impl Extreme {
    fn offer(&mut self, count: u64, pair: (u64, u64), value: u64, order: u64) {
        if count > self.count || (count == self.count && order < self.order) {
            *self = Extreme {
                count,
                pair,
                value,
                order,
            };
        }
    }

    fn merge(&mut self, other: &Extreme) {
        self.offer(other.count, other.pair, other.value, other.order);
    }
}

/// What to count besides collisions and Δ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// max over (y, y′) of Pr[h(m) = y ∧ h(m′) = y′] (needs a cyclic group).
    pub joint: bool,
    /// max over m ≠ 0 and y of Pr[h(m) = y] (message index 0 is the zero message).
    pub dist: bool,
}

/// How the pairs are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Every unordered pair of distinct messages.
    Exhaustive,
    /// Structured candidates (at most `samples`), `samples` random pairs and
    /// `samples / 2` hill-climbing steps, from `seed`.
    Search {
        /// Random pairs.
        samples: u64,
        /// RNG seed.
        seed: u64,
    },
}

/// Everything measured for one construction.
#[derive(Clone, Debug, Default)]
pub struct Measured {
    /// max over pairs of #{k : h_k(m) = h_k(m′)}.
    pub collision: Extreme,
    /// max over pairs and δ of #{k : h_k(m) − h_k(m′) = δ}.
    pub delta: Extreme,
    /// max over pairs and (y, y′) of #{k : h_k(m) = y ∧ h_k(m′) = y′}.
    pub joint: Option<Extreme>,
    /// max over m ≠ 0 and y of #{k : h_k(m) = y}.
    pub dist: Option<Extreme>,
    /// The number of keys (the denominator of every count).
    pub keys: u64,
    /// The number of pairs measured.
    pub pairs: u64,
}

/// A small seeded generator, so that every search is reproducible:
/// [`SplitMix64`] from the seed with a fixed constant mixed in.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed ^ 0x5851_f42d_4c95_7f2d))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (n > 0; the modulo bias is < 2^-40 for the n used).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Keys are processed in blocks of this many (bounded memory).
const BLOCK: u64 = 1 << 16;

/// The worker threads: all available cores.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Per-thread scratch space.
struct Scratch {
    a: Vec<u32>,
    b: Vec<u32>,
    hist: Vec<u32>,
    wide: Vec<u64>,
}

impl Scratch {
    fn new(c: &dyn Construction, extras: Extras) -> Self {
        let g = c.group().size() as usize;
        let joint = if extras.joint { g * g } else { 0 };
        Scratch {
            a: vec![0; BLOCK as usize],
            b: vec![0; BLOCK as usize],
            hist: vec![0; g.max(joint)],
            wide: Vec::new(),
        }
    }
}

/// The counts of one pair: (collision, (Δ count, δ), joint (count, value)).
type PairCounts = (u64, (u64, u64), Option<(u64, u64)>);

/// Histogram of `index(a[i], b[i])`; returns (max count, arg-max) and clears.
#[inline(always)]
fn max_of(
    a: &[u32],
    b: &[u32],
    hist: &mut [u32],
    index: impl Fn(u64, u64) -> usize,
) -> (u64, u64, u64) {
    let (mut best, mut arg) = (0u32, 0usize);
    for (&x, &y) in a.iter().zip(b) {
        let d = index(u64::from(x), u64::from(y));
        let c = hist[d] + 1;
        hist[d] = c;
        if c > best || (c == best && d < arg) {
            best = c;
            arg = d;
        }
    }
    let zero = u64::from(hist[0]);
    for (&x, &y) in a.iter().zip(b) {
        hist[index(u64::from(x), u64::from(y))] = 0;
    }
    (u64::from(best), arg as u64, zero)
}

/// Measures one pair, the outputs of its two messages for all keys given
/// (`a`, `b` hold all keys) or computed block by block.
fn measure_pair(
    c: &dyn Construction,
    m1: u64,
    m2: u64,
    extras: Extras,
    tables: Option<(&[u32], &[u32])>,
    s: &mut Scratch,
) -> PairCounts {
    let g = c.group();
    let size = g.size();
    if tables.is_none() && !extras.joint {
        s.wide.clear();
        s.wide.resize(size as usize, 0);
        if c.pair_hist(m1, m2, &mut s.wide) {
            let (mut best, mut arg) = (0, 0);
            for (d, &n) in s.wide.iter().enumerate() {
                if n > best {
                    best = n;
                    arg = d as u64;
                }
            }
            return (s.wide[0], (best, arg), None);
        }
    }
    let keys = c.key_count();
    // Per-block maxima do not add up across blocks: keep a wide histogram.
    let blocks = tables.is_none() && keys > BLOCK;
    let mut delta_hist: Vec<u64> = if blocks {
        vec![0; size as usize]
    } else {
        Vec::new()
    };
    let mut joint_hist: Vec<u64> = if blocks && extras.joint {
        vec![0; (size * size) as usize]
    } else {
        Vec::new()
    };
    let mut result: PairCounts = (0, (0, 0), None);
    let mut k0 = 0;
    while k0 < keys {
        let len = (keys - k0).min(BLOCK) as usize;
        let (a, b): (&[u32], &[u32]) = match tables {
            Some((ta, tb)) => (ta, tb),
            None => {
                c.eval_block(m1, k0, &mut s.a[..len]);
                c.eval_block(m2, k0, &mut s.b[..len]);
                (&s.a[..len], &s.b[..len])
            }
        };
        if blocks {
            for (&x, &y) in a.iter().zip(b) {
                delta_hist[g.diff(u64::from(x), u64::from(y)) as usize] += 1;
                if extras.joint {
                    joint_hist[(u64::from(x) * size + u64::from(y)) as usize] += 1;
                }
            }
        } else {
            let (best, arg, zero) = max_of(a, b, &mut s.hist, |x, y| g.diff(x, y) as usize);
            result.0 = zero;
            result.1 = (best, arg);
            if extras.joint {
                let (jb, ja, _) = max_of(a, b, &mut s.hist, |x, y| (x * size + y) as usize);
                result.2 = Some((jb, ja));
            }
            return result;
        }
        if tables.is_some() {
            break;
        }
        k0 += len as u64;
    }
    let arg_max = |h: &[u64]| {
        h.iter().enumerate().fold(
            (0, 0),
            |(bc, ba), (i, &n)| if n > bc { (n, i as u64) } else { (bc, ba) },
        )
    };
    result.0 = delta_hist[0];
    result.1 = arg_max(&delta_hist);
    if extras.joint {
        result.2 = Some(arg_max(&joint_hist));
    }
    result
}

/// The largest message table (messages × keys entries) built in memory.
const TABLE_LIMIT: u64 = 1 << 25;

/// The largest exhaustive run (pairs × keys) [`Plan::Exhaustive`] accepts.
pub const EXHAUSTIVE_LIMIT: u64 = 1 << 36;

/// The work (pairs × keys) of measuring every pair.
pub fn exhaustive_work(c: &dyn Construction) -> u64 {
    let m = c.message_count();
    (m * (m - 1) / 2).saturating_mul(c.key_count())
}

/// Accumulates one pair's counts into the maxima.
fn record(out: &mut Measured, pair: (u64, u64), counts: PairCounts, order: u64) {
    out.collision.offer(counts.0, pair, 0, order);
    out.delta.offer(counts.1.0, pair, counts.1.1, order);
    if let Some((n, v)) = counts.2 {
        out.joint
            .get_or_insert_with(Extreme::default)
            .offer(n, pair, v, order);
    }
}

pub(super) fn merge(into: &mut Measured, part: &Measured) {
    into.collision.merge(&part.collision);
    into.delta.merge(&part.delta);
    if let Some(j) = &part.joint {
        into.joint.get_or_insert_with(Extreme::default).merge(j);
    }
    into.pairs += part.pairs;
}

/// Every pair, with a table of all outputs when it fits in memory.
pub(super) fn exhaustive(c: &dyn Construction, extras: Extras) -> Measured {
    let (m, keys) = (c.message_count(), c.key_count());
    let table: Option<Vec<u32>> = (m.saturating_mul(keys) <= TABLE_LIMIT).then(|| {
        let mut t = vec![0u32; (m * keys) as usize];
        for (msg, row) in t.chunks_mut(keys as usize).enumerate() {
            c.eval_block(msg as u64, 0, row);
        }
        t
    });
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Measured::default());
    std::thread::scope(|scope| {
        for _ in 0..threads() {
            scope.spawn(|| {
                let mut s = Scratch::new(c, extras);
                let mut part = Measured::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                    if i >= m {
                        break;
                    }
                    for j in i + 1..m {
                        let rows = table.as_ref().map(|t| {
                            let k = keys as usize;
                            let (i, j) = (i as usize, j as usize);
                            (&t[i * k..(i + 1) * k], &t[j * k..(j + 1) * k])
                        });
                        let counts = measure_pair(c, i, j, extras, rows, &mut s);
                        record(&mut part, (i, j), counts, i * m + j);
                        part.pairs += 1;
                    }
                }
                merge(&mut total.lock().unwrap_or_else(|e| e.into_inner()), &part);
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Measures a list of pairs in parallel; returns the maxima and each pair's
/// (Δ count, collision count).
pub(super) fn measure_list(
    c: &dyn Construction,
    pairs: &[(u64, u64)],
    extras: Extras,
    order0: u64,
) -> (Measured, Vec<(u64, u64)>) {
    let next = AtomicUsize::new(0);
    let total = Mutex::new((Measured::default(), vec![(0, 0); pairs.len()]));
    std::thread::scope(|scope| {
        for _ in 0..threads().min(pairs.len().max(1)) {
            scope.spawn(|| {
                let mut s = Scratch::new(c, extras);
                let mut part = Measured::default();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairs.len() {
                        break;
                    }
                    let counts = measure_pair(c, pairs[i].0, pairs[i].1, extras, None, &mut s);
                    record(&mut part, pairs[i], counts, order0 + i as u64);
                    part.pairs += 1;
                    mine.push((i, (counts.1.0, counts.0)));
                }
                let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                merge(&mut t.0, &part);
                for (i, v) in mine {
                    t.1[i] = v;
                }
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The distribution count: max over m ≠ 0 (message index 0 is the zero
/// message) and y of #{k : h_k(m) = y}. Every message when that is at most
/// 2^28 evaluations, else message 1 (Nguyen–Roscoe's m = 0^(b−1)1) and a
/// seeded sample of 2^28/keys messages.
pub(super) fn distribution(c: &dyn Construction, seed: u64) -> Extreme {
    let (count, keys) = (c.message_count(), c.key_count());
    let msgs: Vec<u64> = if (count - 1).saturating_mul(keys) <= 1 << 28 {
        (1..count).collect()
    } else {
        let mut rng = Rng::new(seed);
        let n = ((1u64 << 28) / keys).max(16);
        std::iter::once(1)
            .chain((0..n).map(|_| 1 + rng.below(count - 1)))
            .collect()
    };
    let size = c.group().size() as usize;
    let mut best = Extreme::default();
    let mut out = vec![0u32; BLOCK as usize];
    let mut hist = vec![0u64; size];
    for (order, &msg) in msgs.iter().enumerate() {
        hist.iter_mut().for_each(|h| *h = 0);
        let mut k0 = 0;
        while k0 < keys {
            let len = (keys - k0).min(BLOCK) as usize;
            c.eval_block(msg, k0, &mut out[..len]);
            for &y in &out[..len] {
                hist[y as usize] += 1;
            }
            k0 += len as u64;
        }
        for (y, &n) in hist.iter().enumerate() {
            best.offer(n, (msg, msg), y as u64, order as u64);
        }
    }
    best
}
