//! `mmh_report`: the `uhash-mmh` crate's measurements, side by side in one run.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin mmh_report -- [--samples N] [--ghz F] [--skip-memory] [--section 1|2|3|4|5]
//! ```
//!
//! 1. **Long-message overhead**: each `mmh-long` hash (and MAC) against the
//!    level-1 kernel alone over the same 16 KiB chunks, at 64 KiB (in cache)
//!    — the paper's "the hashing tree adds less than 10%".
//! 2. **The MMH paper's Table 1 regenerated**: 32-bit (`Mmh32Hash`) and 64-bit
//!    (`Mmh32x2Hash`, Toeplitz n = 2) output. "Message in cache" as the paper
//!    ran it: a long message (1 MiB here) whose bytes all come from the same
//!    small buffer (16 KiB = one chunk, fed 64 times), so every access hits
//!    the cache;
//!    also whole 8 KiB and 64 KiB messages. "Message in memory": 64 MiB
//!    streamed. Beside the paper's figures converted to cycles/byte
//!    (cycles/byte = MHz · 8 / (Mbit/s)).
//! 3. **The digest paper's Table 2 rows for MMH and NH** (Nguyen–Roscoe FSE
//!    2012: 8 KiB inputs, 32…256-bit MMH outputs, 64…512-bit NH outputs),
//!    fixed-length functions with the fastest backend, beside the paper's
//!    cycles/byte (1 GHz Athlon 64 X2).
//! 4. **Streaming from memory**: the long-message hashes at 64 MiB against
//!    `memory/read` (a plain AVX-512 read) measured alternately.
//! 5. **The §2.4 hash tree against the polynomial long mode**: `Mmh32Tree`
//!    (k = 32, the paper's, and k = 256) and `Mmh32Hash` (all 32-bit
//!    output) at 1 KiB, 64 KiB and 1 MiB, sampled alternately, beside their
//!    collision bounds.
//!
//! Rows are the registry's (`uhash_bench::rows()`), timed with its clock
//! (thread CPU time by default). Every cell is the median of `--samples`
//! samples; paired cells are sampled alternately so that load from other
//! processes hits both alike.

use std::collections::HashMap;
use uhash_bench::{Clock, Message, Row, Runner, STREAM_LEN};

/// A platform of the MMH paper's Table 1: name, clock in MHz, and Mbit/s
/// (message in memory, message in cache) for the 64-bit and 32-bit outputs.
type PaperRow = (&'static str, f64, [(f64, f64); 2]);

struct Opts {
    samples: usize,
    ghz: f64,
    memory: bool,
    /// Only this section (1..=4), if given.
    section: Option<u32>,
}

impl Opts {
    fn wants(&self, section: u32) -> bool {
        self.section.is_none_or(|s| s == section)
    }
}

fn parse() -> Opts {
    let mut o = Opts {
        samples: 31,
        ghz: 2.7,
        memory: true,
        section: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--samples" => o.samples = args.next().and_then(|v| v.parse().ok()).unwrap_or(31),
            "--ghz" => o.ghz = args.next().and_then(|v| v.parse().ok()).unwrap_or(2.7),
            "--skip-memory" => o.memory = false,
            "--section" => o.section = args.next().and_then(|v| v.parse().ok()),
            _ => {
                eprintln!(
                    "usage: mmh_report [--samples N] [--ghz F] [--skip-memory] [--section 1|2|3|4|5]"
                );
                std::process::exit(2);
            }
        }
    }
    o
}

/// A row's runner at one length, with the iteration count of ~4 ms samples.
struct Cell {
    runner: Box<dyn Runner>,
    iters: u64,
    ns: Vec<f64>,
}

impl Cell {
    fn new(row: &Row, msg: &[u8], clock: Clock, target_s: f64) -> Cell {
        let mut runner = row.runner(msg.len());
        runner.run(msg, 3);
        let mut iters = 1u64;
        loop {
            let t = clock.time(|| runner.run(msg, iters)).as_secs_f64();
            if t >= target_s || iters >= 1 << 30 {
                iters = ((iters as f64) * target_s / t.max(1e-9)).ceil().max(1.0) as u64;
                break;
            }
            iters *= 4;
        }
        Cell {
            runner,
            iters,
            ns: Vec::new(),
        }
    }

    fn sample(&mut self, msg: &[u8], clock: Clock) {
        let t = clock.time(|| self.runner.run(msg, self.iters));
        self.ns.push(t.as_secs_f64() * 1e9 / self.iters as f64);
    }

    fn median_ns(&self) -> f64 {
        let mut v = self.ns.clone();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }
}

/// Times the rows with these ids at `len`, sampled round-robin; returns the
/// median ns per message of each.
fn measure(rows: &[Row], ids: &[&str], len: usize, samples: usize, clock: Clock) -> Vec<f64> {
    let msg = Message::new(len);
    let msg = msg.bytes();
    let target = if len >= STREAM_LEN { 0.05 } else { 0.004 };
    let mut cells: Vec<Cell> = ids
        .iter()
        .map(|id| {
            let row = rows
                .iter()
                .find(|r| r.id() == *id)
                .unwrap_or_else(|| panic!("no row {id}"));
            Cell::new(row, msg, clock, target)
        })
        .collect();
    for _ in 0..samples {
        for c in &mut cells {
            c.sample(msg, clock);
        }
    }
    cells.iter().map(Cell::median_ns).collect()
}

fn cpb(ns: f64, len: usize, ghz: f64) -> f64 {
    ns * ghz / len as f64
}

fn gbs(ns: f64, len: usize) -> f64 {
    len as f64 / ns
}

fn main() {
    let o = parse();
    let clock = Clock::from_env();
    let rows = uhash_bench::rows();
    let best = uhash_mmh::Engine32::detect().backend().name();
    println!(
        "mmh report — timer: {}; cycles = seconds × {} GHz (TSC); medians of {} samples",
        clock.describe(),
        o.ghz,
        o.samples
    );
    println!(
        "backend (32-bit kernels): {best}; MMH64: {}",
        uhash_mmh::Engine64::detect().backend().name()
    );

    // 1. Long-message overhead over the kernel alone.
    if o.wants(1) {
        println!(
            "\n## 1. Long-message overhead at 64 KiB (16 KiB chunks; kernel alone = level 1 only)\n"
        );
        println!("| hash | kernel alone cpb | long-message cpb | overhead |");
        println!("|---|---|---|---|");
        let len = 64 << 10;
        for (long, kernel) in [
            ("mmh-long/MMH32/best", "mmh-long/MMH32-kernel/best"),
            ("mmh-long/MMH32-MAC/best", "mmh-long/MMH32-kernel/best"),
            ("mmh-long/MMH32x2/best", "mmh-long/MMH32x2-kernel/best"),
            ("mmh-long/MMH32x2-MAC/best", "mmh-long/MMH32x2-kernel/best"),
            ("mmh-long/NH/best", "mmh-long/NH-kernel/best"),
        ] {
            let m = measure(&rows, &[kernel, long], len, o.samples, clock);
            println!(
                "| `{long}` | {:.4} | {:.4} | {:+.1}% |",
                cpb(m[0], len, o.ghz),
                cpb(m[1], len, o.ghz),
                (m[1] / m[0] - 1.0) * 100.0
            );
        }
    }

    // 2. The MMH paper's Table 1.
    if o.wants(2) {
        println!("\n## 2. MMH paper, Table 1, regenerated (cycles/byte; GB/s)\n");
        println!(
            "Paper: Mbit/s converted with cycles/byte = MHz·8/(Mbit/s). Here: `Mmh32Hash` (32-bit output) and `Mmh32x2Hash` (Toeplitz n = 2, 64-bit output), long-message mode (16 KiB chunks, level 2 mod 2^130−5, level 3 MMH).\n"
        );
        println!("| platform | output | message in memory | message in cache |");
        println!("|---|---|---|---|");
        let paper: [PaperRow; 3] = [
            (
                "150 MHz PowerPC 604",
                150.0,
                [(390.0, 417.0), (597.0, 820.0)],
            ),
            (
                "150 MHz Pentium Pro",
                150.0,
                [(296.0, 356.0), (556.0, 813.0)],
            ),
            (
                "200 MHz Pentium Pro",
                200.0,
                [(380.0, 500.0), (645.0, 1080.0)],
            ),
        ];
        for (name, mhz, outs) in paper {
            for (label, (mem, cache)) in ["64-bit", "32-bit"].iter().zip(outs) {
                println!(
                    "| {name} (paper) | {label} | {:.2} cpb ({mem} Mbit/s) | {:.2} cpb ({cache} Mbit/s) |",
                    mhz * 8.0 / mem,
                    mhz * 8.0 / cache
                );
            }
        }
        let mut cells: HashMap<(&str, usize), f64> = HashMap::new();
        let sizes: Vec<usize> = if o.memory {
            vec![8 << 10, 64 << 10, STREAM_LEN]
        } else {
            vec![8 << 10, 64 << 10]
        };
        for &len in &sizes {
            let ids = ["mmh-long/MMH32x2/best", "mmh-long/MMH32/best"];
            let samples = if len >= STREAM_LEN {
                o.samples.min(9)
            } else {
                o.samples
            };
            let m = measure(&rows, &ids, len, samples, clock);
            cells.insert((ids[0], len), m[0]);
            cells.insert((ids[1], len), m[1]);
        }
        // The paper's "message in cache": one long message from one small buffer.
        let buf = Message::new(16 << 10);
        let buf = buf.bytes();
        let mut in_cache: HashMap<&str, f64> = HashMap::new();
        {
            let mut h32 = uhash_mmh::Mmh32Hash::from_seed(&[5; 16]);
            let mut h64 = uhash_mmh::Mmh32x2Hash::from_seed(&[5; 16]);
            let mut s32 = Vec::new();
            let mut s64 = Vec::new();
            for _ in 0..o.samples {
                s32.push(clock.time(|| {
                    for _ in 0..16 {
                        for _ in 0..64 {
                            h32.update(std::hint::black_box(buf));
                        }
                        std::hint::black_box(h32.finalize_reset());
                    }
                }));
                s64.push(clock.time(|| {
                    for _ in 0..16 {
                        for _ in 0..64 {
                            h64.update(std::hint::black_box(buf));
                        }
                        std::hint::black_box(h64.finalize_reset());
                    }
                }));
            }
            for (id, mut v) in [("mmh-long/MMH32/best", s32), ("mmh-long/MMH32x2/best", s64)] {
                v.sort();
                in_cache.insert(id, v[v.len() / 2].as_secs_f64() * 1e9 / 16.0);
            }
        }
        for (label, id) in [
            ("64-bit", "mmh-long/MMH32x2/best"),
            ("32-bit", "mmh-long/MMH32/best"),
        ] {
            let cache = |len: usize| {
                let ns = cells[&(id, len)];
                format!(
                    "{:.4} cpb ({:.1} GB/s) at {} KiB",
                    cpb(ns, len, o.ghz),
                    gbs(ns, len),
                    len >> 10
                )
            };
            let mem = if o.memory {
                let ns = cells[&(id, STREAM_LEN)];
                format!(
                    "{:.4} cpb ({:.1} GB/s), 64 MiB",
                    cpb(ns, STREAM_LEN, o.ghz),
                    gbs(ns, STREAM_LEN)
                )
            } else {
                "(skipped)".to_owned()
            };
            let long = in_cache[id];
            println!(
                "| this machine ({best}) | {label} | {mem} | {:.4} cpb ({:.1} GB/s): a 1 MiB message fed from one 16 KiB buffer; whole messages: {}; {} |",
                cpb(long, 1 << 20, o.ghz),
                gbs(long, 1 << 20),
                cache(8 << 10),
                cache(64 << 10)
            );
        }
    }

    // 3. The digest paper's Table 2.
    if o.wants(3) {
        println!("\n## 3. Nguyen–Roscoe, Table 2: MMH and NH (fixed-length, 8 KiB inputs)\n");
        println!("| MMH output | paper cpb | here cpb | NH output | paper cpb | here cpb |");
        println!("|---|---|---|---|---|---|");
        let len = 8 << 10;
        let t2: [(usize, f64, f64); 5] = [
            (1, 0.31, 0.23),
            (2, 0.57, 0.39),
            (3, 0.76, 0.62),
            (5, 1.37, 1.15),
            (8, 2.31, 1.90),
        ];
        for (n, p_mmh, p_nh) in t2 {
            let mmh_id = if n == 1 {
                format!("mmh/MMH32/{best}")
            } else {
                format!("mmh/MMH32x{n}/{best}")
            };
            let nh_id = if n == 1 {
                format!("mmh/NH/{best}")
            } else {
                format!("mmh/NHx{n}/{best}")
            };
            let m = measure(&rows, &[&mmh_id, &nh_id], len, o.samples, clock);
            println!(
                "| {} bits | {p_mmh} | {:.4} | {} bits | {p_nh} | {:.4} |",
                32 * n,
                cpb(m[0], len, o.ghz),
                64 * n,
                cpb(m[1], len, o.ghz)
            );
        }
    }

    // 4. Streaming from memory.
    if o.memory && o.wants(4) {
        println!("\n## 4. 64 MiB streamed from memory, against a plain read in the same run\n");
        println!("| row | cpb | GB/s | × memory/read |");
        println!("|---|---|---|---|");
        let read_id = rows
            .iter()
            .find(|r| r.family == "memory")
            .map(Row::id)
            .expect("the memory/read row");
        for id in [
            "mmh-long/MMH32/best",
            "mmh-long/NH/best",
            "mmh-long/MMH32x2/best",
        ] {
            let m = measure(&rows, &[&read_id, id], STREAM_LEN, o.samples.min(9), clock);
            for (i, rid) in [&read_id[..], id].iter().enumerate() {
                println!(
                    "| `{rid}` | {:.4} | {:.2} | {:.3} |",
                    cpb(m[i], STREAM_LEN, o.ghz),
                    gbs(m[i], STREAM_LEN),
                    m[i] / m[0]
                );
            }
        }
    }
    // 5. The hash tree against the polynomial long mode.
    if o.wants(5) {
        println!(
            "\n## 5. MMH §2.4 hash tree (`Mmh32Tree`) vs the polynomial long mode (`Mmh32Hash`), 32-bit output\n"
        );
        println!("| length | mode | cpb | GB/s | ε | time / `Mmh32Hash` |");
        println!("|---|---|---|---|---|---|");
        for (len, label) in [
            (1usize << 10, "1 KiB"),
            (64 << 10, "64 KiB"),
            (1 << 20, "1 MiB"),
        ] {
            let m = measure(
                &rows,
                &[
                    "mmh-long/MMH32/best",
                    "mmh-long/MMH32-tree/best",
                    "mmh-long/MMH32-tree-k256/best",
                ],
                len,
                o.samples,
                clock,
            );
            println!(
                "| {label} | `Mmh32Hash` (polynomial level 2) | {:.4} | {:.2} | ≈ 12·2^-32 | 1 |",
                cpb(m[0], len, o.ghz),
                gbs(m[0], len),
            );
            for (i, k) in [(1, 32usize), (2, 256)] {
                let h = uhash_mmh::tree::tree_height(len as u64, k).unwrap_or(0);
                println!(
                    "| {label} | `Mmh32Tree` k = {k} | {:.4} | {:.2} | {}·2^-32 (h = {h}) | {:.2} |",
                    cpb(m[i], len, o.ghz),
                    gbs(m[i], len),
                    6 * h,
                    m[i] / m[0]
                );
            }
        }
    }
}
