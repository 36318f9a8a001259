//! `dudect`: a statistical constant-time test (Reparaz, Balasch, Verbauwhede,
//! *Dude, is my code constant time?*, DATE 2017) of the constant-time
//! registry (`uhash_bench::ct`), for the backends valgrind cannot execute
//! (AVX-512F, IFMA, ADX/`mulx`, their assembly).
//!
//! ```text
//! cargo run -p uhash-bench --release --features asm --bin dudect -- [--measurements N] [--filter SUBSTR]… [--all] [--lengths ends|all|max] [--max-len BYTES] [--fixed zero|random]
//! ```
//!
//! For every target × message length: two input classes, *fixed* (key,
//! nonce and message all zero bytes, key format bits cleared as for every
//! key) and *random* (fresh random bytes per call); the class of each
//! measurement is drawn at random, so that the classes interleave; each
//! call is timed with `rdtsc` between `lfence`s (the input is written into
//! the same buffer for both classes just before, outside the timed part).
//! Nonce bits that a target declares public (`Target::nonce_mask`: UMAC's
//! pad index and session cache) are random in both classes.
//! The first 10,000 measurements fix dudect's 100 cropping thresholds (the
//! percentiles 1 − 0.5^(10(i+1)/100) of the time) and are discarded; then
//! Welch's t is accumulated for the uncropped times, for each cropping
//! (times above the threshold dropped) and for the second-order test
//! (centred squares), and the largest |t| is reported with the number of
//! measurements behind the uncropped test. |t| < 4.5 after ≥ 10^6
//! measurements: no timing difference found; the planted early exit must
//! exceed it (the run fails otherwise).
//!
//! A target whose key set-up dwarfs its use and does not depend on the
//! backend (the long hashes' 16 KiB chunk keys, UMAC's KDF; `Target::keyed`)
//! is timed after set-up: each measurement draws one of 32 objects keyed
//! beforehand under the fixed key (class fixed) or under 32 random keys
//! (class random). The set-up itself is checked by `ctgrind`.
//!
//! By default only targets on backends listed in
//! `uhash_bench::ct::NOT_UNDER_VALGRIND` run (`--all`: every target);
//! each target is timed at its shortest non-empty message and its longest
//! up to 4200 bytes (`--lengths all`, `--max-len`).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use uhash_bench::ct::{Input, KeyedFn, Rng, Target, needs_statistics, targets};

const USAGE: &str = "usage: dudect [--measurements N] [--filter SUBSTR]… [--all] [--lengths ends|all|max] [--max-len BYTES] [--fixed zero|random]";

/// dudect's number of cropping thresholds.
const PERCENTILES: usize = 100;
/// Measurements that fix the thresholds (discarded).
const WARMUP: usize = 10_000;
/// The threshold of the verdict.
const T_THRESHOLD: f64 = 4.5;
/// Longest message timed by default: every vector path is reached from
/// 256 B (IFMA) or 1 KiB (radix 2^26) on; a full 16 KiB chunk of a long
/// hash adds only the scalar level 2, which `ctgrind` checks.
const MAX_LEN: usize = 4200;

/// Welch's t-test accumulated online (Welford) for two classes.
#[derive(Clone, Copy, Default)]
struct Welch {
    n: [f64; 2],
    mean: [f64; 2],
    m2: [f64; 2],
}

impl Welch {
    fn push(&mut self, class: usize, x: f64) {
        self.n[class] += 1.0;
        let d = x - self.mean[class];
        self.mean[class] += d / self.n[class];
        self.m2[class] += d * (x - self.mean[class]);
    }

    fn t(&self) -> f64 {
        if self.n[0] < 2.0 || self.n[1] < 2.0 {
            return 0.0;
        }
        let v0 = self.m2[0] / (self.n[0] - 1.0);
        let v1 = self.m2[1] / (self.n[1] - 1.0);
        let den = (v0 / self.n[0] + v1 / self.n[1]).sqrt();
        if den == 0.0 {
            0.0
        } else {
            (self.mean[0] - self.mean[1]) / den
        }
    }

    fn count(&self) -> u64 {
        (self.n[0] + self.n[1]) as u64
    }
}

/// Cycles (the TSC) now, ordered against the code around it.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)] // the timestamp counter
fn ticks() -> u64 {
    use core::arch::x86_64::{_mm_lfence, _rdtsc};
    // SAFETY: lfence and rdtsc exist on every x86-64 CPU; they read the
    // timestamp counter and touch no memory.
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

/// Nanoseconds since the first call, where there is no TSC to read.
#[cfg(not(target_arch = "x86_64"))]
fn ticks() -> u64 {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// The result of one target at one message length.
struct Verdict {
    max_t: f64,
    which: String,
    measurements: u64,
    /// Median cycles per class (over the warm-up measurements).
    cycles: [f64; 2],
}

/// Which of a target's message lengths are timed.
#[derive(Clone, Copy)]
enum Lengths {
    /// Every length up to the maximum.
    All,
    /// The shortest non-empty one and the longest up to the maximum (the
    /// scalar path and the vector path).
    Ends,
    /// The longest up to the maximum.
    Max,
}

impl Lengths {
    fn pick(self, lens: &[usize], max_len: usize) -> Vec<usize> {
        let ok: Vec<usize> = lens.iter().copied().filter(|&l| l <= max_len).collect();
        let longest = ok.iter().copied().max();
        let shortest = ok.iter().copied().filter(|&l| l > 0).min().or(longest);
        match self {
            Lengths::All => ok,
            Lengths::Max => longest.into_iter().collect(),
            Lengths::Ends => {
                let mut v: Vec<usize> = shortest.into_iter().chain(longest).collect();
                v.dedup();
                v
            }
        }
    }
}

/// How the fixed class is chosen.
#[derive(Clone, Copy, PartialEq)]
enum Fixed {
    /// Every byte zero (dudect's usual fixed class: special values are
    /// where a data-dependent shortcut would show).
    Zero,
    /// One random value, drawn once per target (no Hamming-weight contrast
    /// with the random class, to tell a data-dependent clock frequency
    /// from a software leak).
    Random,
}

/// Keyed objects per class for a target with a split form.
const POOL: usize = 32;

/// Times `t` on a batch of prepared inputs of both classes.
struct Bench<'a> {
    t: &'a Target,
    stride: usize,
    fixed: Vec<u8>,
    /// Where each input is made before it is copied into `data`.
    scratch: Vec<u8>,
    data: Vec<u8>,
    classes: Vec<usize>,
    /// For a split target: [fixed, random] pools of keyed objects, and the
    /// one each measurement uses.
    pools: Option<[Vec<KeyedFn>; 2]>,
    picks: Vec<usize>,
}

impl<'a> Bench<'a> {
    fn new(t: &'a Target, len: usize, fixed: Fixed, rng: &mut Rng) -> Self {
        let stride = t.key_len + t.nonce_len + len;
        // A batch of inputs prepared before it is timed, at most 4 MiB.
        let batch = ((4 << 20) / stride.max(1)).clamp(16, 1000);
        let mut f = vec![0u8; stride];
        if fixed == Fixed::Random {
            rng.fill(&mut f);
        }
        t.normalize_key(&mut f[..t.key_len]);
        // The fixed pool: POOL objects under the fixed key (the same memory
        // footprint and access pattern as the random pool).
        // Built alternately, so that neither pool sits in memory the other
        // does not share.
        let pools = t.keyed.as_ref().map(|make| {
            let (mut fixed_pool, mut random_pool) = (Vec::new(), Vec::new());
            for _ in 0..POOL {
                fixed_pool.push(make(&f[..t.key_len]));
                let mut k = vec![0u8; t.key_len];
                rng.fill(&mut k);
                t.normalize_key(&mut k);
                random_pool.push(make(&k));
            }
            [fixed_pool, random_pool]
        });
        Self {
            t,
            stride,
            fixed: f,
            scratch: vec![0u8; stride],
            data: vec![0u8; batch * stride],
            classes: vec![0; batch],
            pools,
            picks: vec![0; batch],
        }
    }

    /// A new batch: each measurement's class drawn at random, its input
    /// written (the fixed one, or fresh random bytes).
    fn prepare(&mut self, rng: &mut Rng) {
        let (kl, nl, stride) = (self.t.key_len, self.t.nonce_len, self.stride);
        for ((c, buf), pick) in self
            .classes
            .iter_mut()
            .zip(self.data.chunks_exact_mut(stride))
            .zip(&mut self.picks)
        {
            *c = (rng.next_u64() & 1) as usize;
            *pick = (rng.next_u64() % POOL as u64) as usize;
            // Both classes reach the buffer through the same copy. Written
            // differently (a `memcpy` for one, `rng.fill`'s 8-byte stores
            // for the other), the classes differed in time on code that
            // valgrind finds constant time: |t| = 28 for mmh64 [soft] at
            // 10^6 measurements, 5.5 with this copy.
            if *c == 0 {
                self.scratch.copy_from_slice(&self.fixed);
            } else {
                rng.fill(&mut self.scratch);
                self.t.normalize_key(&mut self.scratch[..kl]);
            }
            buf.copy_from_slice(&self.scratch);
            // Nonce bits a target declares public (UMAC's pad index and
            // pad cache) are not part of the secret class: random in both.
            if let Some(mask) = &self.t.nonce_mask {
                for (b, m) in buf[kl..kl + nl].iter_mut().zip(mask) {
                    *b = (*b & m) | ((rng.next_u64() as u8) & !m);
                }
            }
        }
    }

    /// Times every input of the batch: (class, cycles) to `sink`.
    fn run(&self, mut sink: impl FnMut(usize, f64)) {
        let (kl, nl) = (self.t.key_len, self.t.nonce_len);
        let items = self.classes.iter().zip(self.data.chunks_exact(self.stride));
        for ((&c, buf), &pick) in items.zip(&self.picks) {
            let input = Input {
                key: &buf[..kl],
                nonce: &buf[kl..kl + nl],
                msg: &buf[kl + nl..],
            };
            let (t0, out, t1) = match &self.pools {
                Some(pools) => {
                    let f = &pools[c][pick];
                    let t0 = ticks();
                    let out = f(black_box(input.nonce), black_box(input.msg));
                    (t0, out, ticks())
                }
                None => {
                    let t0 = ticks();
                    let out = (self.t.run)(black_box(&input));
                    (t0, out, ticks())
                }
            };
            black_box(out);
            sink(c, t1.wrapping_sub(t0) as f64);
        }
    }
}

/// dudect on target `t` with `len`-byte messages.
fn test(t: &Target, len: usize, measurements: usize, fixed: Fixed, rng: &mut Rng) -> Verdict {
    let mut bench = Bench::new(t, len, fixed, rng);
    // Warm-up: the cropping thresholds.
    let mut warm = Vec::with_capacity(WARMUP);
    let mut by_class = [Vec::new(), Vec::new()];
    while warm.len() < WARMUP {
        bench.prepare(rng);
        bench.run(|c, x| {
            warm.push(x);
            by_class[c].push(x);
        });
    }
    warm.sort_by(f64::total_cmp);
    let medians = by_class.map(|mut v| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    });
    let n = warm.len();
    let thresholds: Vec<f64> = (0..PERCENTILES)
        .map(|i| {
            let p = 1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / PERCENTILES as f64);
            warm[((p * n as f64) as usize).min(n - 1)]
        })
        .collect();
    let mut raw = Welch::default();
    let mut cropped = vec![Welch::default(); PERCENTILES];
    let mut second = Welch::default();
    while (raw.count() as usize) < measurements {
        bench.prepare(rng);
        bench.run(|class, x| {
            if raw.count() >= WARMUP as u64 {
                // dudect's second-order test: centred squares, once the
                // means have settled.
                let c = x - raw.mean[class];
                second.push(class, c * c);
            }
            raw.push(class, x);
            for (w, &th) in cropped.iter_mut().zip(&thresholds) {
                if x < th {
                    w.push(class, x);
                }
            }
        });
        // A planted leak is certain long before 10^6: stop at |t| > 100.
        if t.planted && raw.count() > WARMUP as u64 && raw.t().abs() > 100.0 {
            break;
        }
    }
    let mut max_t = raw.t();
    let mut which = "uncropped".to_owned();
    for (i, w) in cropped.iter().enumerate() {
        // dudect ignores tests with too few measurements.
        if w.count() > 10_000 && w.t().abs() > max_t.abs() {
            max_t = w.t();
            which = format!(
                "cropped at p{:.4}",
                1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / 100.0)
            );
        }
    }
    if second.count() > 10_000 && second.t().abs() > max_t.abs() {
        max_t = second.t();
        which = "second order".to_owned();
    }
    Verdict {
        max_t,
        which,
        measurements: raw.count(),
        cycles: medians,
    }
}

/// The planted leaks and the A/A control: run whatever the filter.
fn gauge(t: &Target) -> bool {
    t.planted || t.function.starts_with("control: work")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut measurements = 1_000_000usize;
    // Every `--filter` must match (`--filter poly1305 --filter '[avx512]'`).
    let mut filters: Vec<String> = Vec::new();
    let mut all = false;
    let mut lengths = Lengths::Ends;
    let mut max_len = MAX_LEN;
    let mut fixed = Fixed::Zero;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--measurements" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) => measurements = n,
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--filter" => filters.extend(it.next().cloned()),
            "--all" => all = true,
            "--fixed" => match it.next().map(String::as_str) {
                Some("zero") => fixed = Fixed::Zero,
                Some("random") => fixed = Fixed::Random,
                _ => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--lengths" => match it.next().map(String::as_str) {
                Some("all") => lengths = Lengths::All,
                Some("ends") => lengths = Lengths::Ends,
                Some("max") => lengths = Lengths::Max,
                _ => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--max-len" => match it.next().and_then(|v| v.parse().ok()) {
                Some(n) => max_len = n,
                None => {
                    eprintln!("{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let chosen: Vec<Target> = targets()
        .into_iter()
        .filter(|t| gauge(t) || all || needs_statistics(&t.backend))
        .filter(|t| gauge(t) || filters.iter().all(|f| t.id().contains(f.as_str())))
        .collect();
    println!(
        "dudect: {} targets, {measurements} measurements per target and length, |t| threshold {T_THRESHOLD}",
        chosen.len()
    );
    println!(
        "{:>9} {:>9} {:>11} {:>11}  {:6} target [backend] (len) [test]",
        "max |t|", "meas.", "med fixed", "med random", ""
    );
    let start = Instant::now();
    let mut rng = Rng::new(0xd0de_c7c7);
    let (mut fails, mut planted_missed) = (0, 0);
    for t in &chosen {
        let lens = lengths.pick(&t.msg_lens, max_len);
        for len in lens {
            let v = test(t, len, measurements, fixed, &mut rng);
            let leak = v.max_t.abs() >= T_THRESHOLD;
            let mark = match (t.planted_timing, leak) {
                (false, false) => "ok",
                (false, true) if t.planted => "found",
                (false, true) => {
                    fails += 1;
                    "LEAK?"
                }
                (true, true) => "found",
                (true, false) => {
                    planted_missed += 1;
                    "MISSED"
                }
            };
            println!(
                "{:>9.2} {:>9} {:>11.1} {:>11.1}  {mark:6} {} ({len} B{}) [{}]",
                v.max_t.abs(),
                v.measurements,
                v.cycles[0],
                v.cycles[1],
                t.id(),
                if t.keyed.is_some() {
                    ", keyed beforehand"
                } else {
                    ""
                },
                v.which
            );
        }
    }
    println!("dudect: {:.0} s", start.elapsed().as_secs_f64());
    // The planted early exit must show (the other planted leaks cost
    // nothing measurable: a branch over one instruction, an L1 table read).
    if planted_missed > 0 {
        println!("dudect: no planted leak found: the measurement is blind");
        return ExitCode::from(3);
    }
    if fails > 0 {
        println!("dudect: {fails} target × length with |t| ≥ {T_THRESHOLD}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
