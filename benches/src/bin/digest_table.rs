//! `digest_table`: the Nguyen–Roscoe (FSE 2012) Table 2 regenerated on this
//! machine, in one run: digest (digestMW, b = 32), MMH (Toeplitz MMH32) and
//! NH (Toeplitz NH, twice the output length: the same collision bound) at
//! 32, 64, 96, 160 and 256-bit digest/MMH output, on random messages in
//! cache (keys and message 64-byte aligned), fixed-length functions with
//! the fastest backend (and every backend for digest), beside the paper's figures (1 GHz Athlon 64 X2).
//!
//! ```text
//! cargo run -p uhash-bench --release --bin digest_table -- [--samples N] [--len BYTES] [--ghz F]
//! ```
//!
//! Every cell is the median of `--samples` samples (each one batch timed
//! with the registry's clock, thread CPU time by default); the cells of one
//! row are sampled alternately so that load from other processes hits them
//! alike. Cycles/byte = seconds × `--ghz` (default 2.7, the TSC rate) × 1e9
//! / bytes.

use std::hint::black_box;
use std::time::Duration;

use digest_mw::Engine;
use uhash_bench::{Clock, fill_pseudo_random};
use uhash_mmh::Engine32;

/// Output bits of digest/MMH (NH has twice as many), and the paper's cycles
/// per byte for digest, MMH and NH.
const PAPER: [(usize, [f64; 3]); 5] = [
    (32, [0.53, 0.31, 0.23]),
    (64, [1.05, 0.57, 0.39]),
    (96, [1.54, 0.76, 0.62]),
    (160, [2.13, 1.37, 1.15]),
    (256, [3.44, 2.31, 1.90]),
];

struct Opts {
    samples: usize,
    len: usize,
    ghz: f64,
}

fn parse() -> Opts {
    let mut o = Opts {
        samples: 31,
        len: 8192,
        ghz: 2.7,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next();
        match (a.as_str(), v) {
            ("--samples", Some(v)) => o.samples = v.parse().expect("--samples N"),
            ("--len", Some(v)) => o.len = v.parse().expect("--len BYTES"),
            ("--ghz", Some(v)) => o.ghz = v.parse().expect("--ghz F"),
            _ => {
                eprintln!("usage: digest_table [--samples N] [--len BYTES] [--ghz F]");
                std::process::exit(2);
            }
        }
    }
    assert!(
        o.len >= 8 && o.len.is_multiple_of(8),
        "--len must be a multiple of 8"
    );
    o
}

/// `n` pseudo-random key words, the first 64-byte aligned (as a user keeping
/// a long-term key would store it; the long-message kernels' keys are).
struct Key {
    storage: Vec<u32>,
    offset: usize,
    len: usize,
}

impl Key {
    fn words(&self) -> &[u32] {
        &self.storage[self.offset..self.offset + self.len]
    }
}

fn words(n: usize, seed: u64) -> Key {
    let mut b = vec![0u8; 4 * n];
    fill_pseudo_random(&mut b, seed);
    let mut storage = vec![0u32; n + 16];
    let offset = storage.as_ptr().align_offset(64).min(16);
    for (w, c) in storage[offset..].iter_mut().zip(b.chunks_exact(4)) {
        *w = u32::from_le_bytes(c.try_into().expect("4 bytes"));
    }
    Key {
        storage,
        offset,
        len: n,
    }
}

type Job = Box<dyn FnMut(&[u8]) -> u64>;

/// digestMW (b = 32) with n = bits/32 output words on `engine`.
fn digest_job(engine: Engine, n: usize, len: usize) -> Job {
    let key = words(len / 4 + n, 0xd1);
    Box::new(move |m| {
        let mut out = [0u32; 8];
        engine
            .digest_mw(key.words(), m, &mut out[..n])
            .expect("valid lengths");
        out.iter().fold(0, |a, &x| a ^ u64::from(x))
    })
}

/// Toeplitz MMH32 with n outputs.
fn mmh_job(n: usize, len: usize) -> Job {
    let e = Engine32::detect();
    let key = words(len / 4 + n, 0xa1);
    Box::new(move |m| {
        let mut out = [0u32; 8];
        e.mmh32_toeplitz(key.words(), m, &mut out[..n])
            .expect("valid lengths");
        out.iter().fold(0, |a, &x| a ^ u64::from(x))
    })
}

/// Toeplitz NH with n 64-bit outputs (2n·32 bits).
fn nh_job(n: usize, len: usize) -> Job {
    let e = Engine32::detect();
    let key = words(len / 4 + 2 * n, 0xb1);
    Box::new(move |m| {
        let mut out = [0u64; 8];
        e.nh_toeplitz(key.words(), m, &mut out[..n])
            .expect("valid lengths");
        out.iter().fold(0, |a, &x| a ^ x)
    })
}

/// Medians (cycles/byte) of the jobs, sampled alternately.
fn measure(jobs: &mut [Job], msg: &[u8], o: &Opts, clock: Clock) -> Vec<f64> {
    // Batch size: about 0.5 ms of the first job.
    let mut iters = 1u64;
    loop {
        let t = clock.time(|| {
            for _ in 0..iters {
                black_box(jobs[0](black_box(msg)));
            }
        });
        if t > Duration::from_micros(500) || iters > 1 << 24 {
            break;
        }
        iters *= 2;
    }
    let mut samples = vec![Vec::with_capacity(o.samples); jobs.len()];
    for _ in 0..o.samples {
        for (j, s) in jobs.iter_mut().zip(&mut samples) {
            let t = clock.time(|| {
                for _ in 0..iters {
                    black_box(j(black_box(msg)));
                }
            });
            s.push(t.as_secs_f64() * o.ghz * 1e9 / (iters as f64 * msg.len() as f64));
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2]
        })
        .collect()
}

fn main() {
    let o = parse();
    let clock = Clock::from_env();
    // The message 64-byte aligned too.
    let mut buf = vec![0u8; o.len + 64];
    let off = buf.as_ptr().align_offset(64).min(64);
    let msg = &mut buf[off..off + o.len];
    fill_pseudo_random(msg, 0x5eed);
    let msg: &[u8] = msg;
    let engines: Vec<Engine> = Engine::all_supported().collect();
    println!(
        "# Nguyen–Roscoe Table 2 on this machine: {} B random messages in cache, \
         cycles/byte at {} GHz, median of {} samples, clock: {}",
        o.len,
        o.ghz,
        o.samples,
        clock.describe()
    );
    println!(
        "# digest = digestMW (b = 32) [{}]; MMH = Toeplitz MMH32 [{}]; NH = Toeplitz NH [{}], 2× the output",
        engines
            .iter()
            .map(|e| e.backend().name())
            .collect::<Vec<_>>()
            .join(", "),
        Engine32::detect().backend().name(),
        Engine32::detect().backend().name()
    );
    print!("| bits | NH bits |");
    for e in &engines {
        print!(" digest {} |", e.backend().name());
    }
    println!(" MMH | NH | digest/NH | paper digest | paper MMH | paper NH |");
    print!("|---|---|");
    for _ in &engines {
        print!("---|");
    }
    println!("---|---|---|---|---|---|");
    for (bits, paper) in PAPER {
        let n = bits / 32;
        let mut jobs: Vec<Job> = engines.iter().map(|&e| digest_job(e, n, o.len)).collect();
        jobs.push(mmh_job(n, o.len));
        jobs.push(nh_job(n, o.len));
        let cpb = measure(&mut jobs, msg, &o, clock);
        print!("| {bits} | {} |", 2 * bits);
        for c in &cpb[..engines.len()] {
            print!(" {c:.4} |");
        }
        let (mmh, nh) = (cpb[engines.len()], cpb[engines.len() + 1]);
        println!(
            " {mmh:.4} | {nh:.4} | {:.2} | {} | {} | {} |",
            cpb[0] / nh,
            paper[0],
            paper[1],
            paper[2]
        );
    }
}
