//! Criterion bench of Square Hash, and the paper's comparison (Etzel–Patel–
//! Ramzan, Tables 1–2) regenerated on this machine.
//!
//! * `sqh/paper96/<impl>/<bytes>`: one block of 2112 bits (264 bytes) or
//!   1056 bits (132 bytes) hashed to 96 bits under a key as long as the
//!   block, as the paper times it (no tree, no pad), and 16380 bytes (one
//!   long-message chunk of w = 3) to separate per-block costs from the
//!   per-element rate:
//!   - `mmh96-*`: MMH32 with the Toeplitz construction, 3 outputs (the
//!     paper's "3 times MMH 66 words"), `uhash-mmh` crate, portable and the
//!     fastest backend;
//!   - `sqh1-*`: SQH1 = SQHasm with the SQHasm2 optimisation, w = 3;
//!   - `sqh2-*`: SQH2 = carries dropped: SQHE (Def. 13), w = 3;
//!   - `sqhc2-*`: SQHc2 (Def. 12), w = 3, exact sums.
//! * `sqh/square-vs-mul/w<w>`: 1024 squarings mod p_w with the half-product
//!   square against 1024 general products a·a (`uhash_base::pw`).
//! * `sqh/long/<type>`: the long-message hashes over 64 KiB.
//!
//! After criterion's report a table converts the medians to cycles/byte at
//! `UHASH_BENCH_GHZ` (default 2.7, the TSC rate of the reference machine)
//! and prints the SQH/MMH speed ratios beside the paper's.
//!
//! ```text
//! cargo bench -p uhash-bench --bench sqh
//! cargo bench -p uhash-bench --bench sqh -- paper96
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;
use uhash_base::pw::Elem;
use uhash_bench::Clock;
use uhash_testkit::data::filled as bytes;

const SIZES: [usize; 3] = [264, 132, 16380];

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect()
}

type Impl = (&'static str, Box<dyn Fn(&[u32], &[u8]) -> u64>);

fn impls() -> Vec<Impl> {
    let mut v: Vec<Impl> = Vec::new();
    let mmh_engines = [
        ("mmh96-soft", uhash_mmh::Engine32::portable()),
        ("mmh96-best", uhash_mmh::Engine32::detect()),
    ];
    for (name, e) in mmh_engines {
        v.push((
            name,
            Box::new(move |k: &[u32], m: &[u8]| {
                let mut out = [0u32; 3];
                let _ = e.mmh32_toeplitz(k, m, &mut out);
                u64::from(out[0] ^ out[1] ^ out[2])
            }),
        ));
    }
    for e in sqh::Engine::all_supported() {
        let b = e.backend().name();
        for (what, variant) in [
            ("sqh1", sqh::Variant::Asm2),
            ("sqh2", sqh::Variant::E),
            ("sqhc2", sqh::Variant::C2),
        ] {
            let name: &'static str = Box::leak(format!("{what}-{b}").into_boxed_str());
            v.push((
                name,
                Box::new(move |k: &[u32], m: &[u8]| {
                    e.hash::<3>(variant, k, m)
                        .map_or(0, |v| u64::from(v.limbs()[0]))
                }),
            ));
        }
    }
    v
}

fn bench(c: &mut Criterion) {
    let clock = Clock::from_env();
    eprintln!("timing with {}", clock.describe());
    let mut group = c.benchmark_group("sqh/paper96");
    for len in SIZES {
        let msg = bytes(len, 1);
        let key = words(&bytes(len + 8, 2)); // MMH Toeplitz needs k + 2 words
        group.throughput(Throughput::Bytes(len as u64));
        for (name, f) in impls() {
            group.bench_function(BenchmarkId::new(name, len), |b| {
                b.iter_custom(|iters| {
                    clock.time(|| {
                        for _ in 0..iters {
                            black_box(f(black_box(&key), black_box(&msg)));
                        }
                    })
                });
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("sqh/square-vs-mul");
    group.throughput(Throughput::Elements(1024));
    macro_rules! sq {
        ($($w:literal)+) => {$(
            let xs: Vec<Elem<$w>> = words(&bytes(4 * $w * 1024, $w))
                .chunks_exact($w)
                .map(|c| Elem::<$w>::from_words(c.try_into().expect("w words")))
                .collect();
            group.bench_function(BenchmarkId::new("square", $w), |b| {
                b.iter_custom(|iters| clock.time(|| {
                    for _ in 0..iters {
                        let mut acc = Elem::<$w>::ZERO;
                        for x in black_box(&xs) {
                            acc = acc.add(&x.square());
                        }
                        black_box(acc);
                    }
                }))
            });
            group.bench_function(BenchmarkId::new("mul", $w), |b| {
                b.iter_custom(|iters| clock.time(|| {
                    for _ in 0..iters {
                        let mut acc = Elem::<$w>::ZERO;
                        for x in black_box(&xs) {
                            acc = acc.add(&x.mul(x));
                        }
                        black_box(acc);
                    }
                }))
            });
        )+};
    }
    sq!(1 2 3 4 5);
    group.finish();

    let mut group = c.benchmark_group("sqh/long");
    let msg = bytes(64 << 10, 3);
    group.throughput(Throughput::Bytes(msg.len() as u64));
    macro_rules! long {
        ($($t:ident)+) => {$(
            group.bench_function(stringify!($t), |b| {
                let mut h = sqh::$t::from_seed(&[9; 16]);
                b.iter_custom(|iters| clock.time(|| {
                    for _ in 0..iters {
                        h.update(black_box(&msg));
                        black_box(h.finalize_reset());
                    }
                }))
            });
        )+};
    }
    long!(Asm2x32Hash Asm2x64Hash Asm2x96Hash Asm2x128Hash Sqhe32Hash Sqhe64Hash Sqhe96Hash Sqhe128Hash);
    group.finish();
}

/// Where criterion writes its estimates (as `benches/dfc_module.rs`).
fn criterion_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return Some(home.into());
    }
    if let Some(t) = std::env::var_os("CARGO_TARGET_DIR") {
        return Some(PathBuf::from(t).join("criterion"));
    }
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.parent()?.join("criterion"))
}

/// The median (ns per iteration) of one benchmark from criterion's JSON.
fn median_ns(path: PathBuf) -> Option<f64> {
    let text = std::fs::read_to_string(path.join("new/estimates.json")).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let at = rest.find("\"point_estimate\":")? + "\"point_estimate\":".len();
    let rest = &rest[at..];
    let end = rest.find([',', '}'])?;
    rest[..end].trim().parse().ok()
}

fn summary() {
    let ghz: f64 = std::env::var("UHASH_BENCH_GHZ")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2.7);
    let Some(dir) = criterion_dir() else {
        return;
    };
    let dir = dir.join("sqh_paper96");
    println!(
        "\nSquare Hash vs MMH, 96-bit output, one block, cycles/byte at {ghz} GHz (criterion medians):"
    );
    println!(
        "{:<14} {:>10} {:>10} {:>12} {:>20} {:>20}",
        "impl", "264 B c/B", "132 B c/B", "16380 B c/B", "MMH-soft/this", "MMH-best/this"
    );
    let names: Vec<&str> = impls().iter().map(|(n, _)| *n).collect();
    let cpb = |name: &str, len: usize| {
        median_ns(dir.join(name).join(len.to_string())).map(|ns| ns * ghz / len as f64)
    };
    for name in &names {
        let cells: Vec<String> = SIZES
            .iter()
            .map(|&l| cpb(name, l).map_or("-".into(), |v| format!("{v:.2}")))
            .collect();
        let ratio = |base: &str| {
            SIZES
                .iter()
                .map(|&l| match (cpb(base, l), cpb(name, l)) {
                    (Some(b), Some(t)) => format!("{:.2}", b / t),
                    _ => "-".into(),
                })
                .collect::<Vec<_>>()
                .join("/")
        };
        println!(
            "{:<14} {:>10} {:>10} {:>12} {:>20} {:>20}",
            name,
            cells[0],
            cells[1],
            cells[2],
            ratio("mmh96-soft"),
            ratio("mmh96-best")
        );
    }
    println!("(ratios: 264 B / 132 B / 16380 B; > 1 means faster than that MMH)");
    println!(
        "paper (ARM7, Tables 1-2): SQH1 1.24x/1.27x, SQH2 1.31x/1.33x faster than MMH (2112/1056-bit blocks)"
    );
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(30)
        .without_plots()
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    summary();
}
