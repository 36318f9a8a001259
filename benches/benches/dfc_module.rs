//! Criterion bench of the DFC decorrelation module, one pair of benchmarks
//! per backend (strategy) this CPU supports (`dfc_decorr::Engine`):
//!
//! * `dfc_module/throughput/<backend>`: 1024 independent evaluations
//!   y_i = module(a_i, b_i, x_i) per iteration (pseudo-random a, b, x), via
//!   the backend's batch function — how many the CPU overlaps;
//! * `dfc_module/latency/<backend>`: a dependent chain of 1024 steps
//!   x ← module(a_i, b_i, x) per iteration — the time from x to y, what a
//!   Feistel round pays. For `mulx` every step is an out-of-line call (a
//!   `#[target_feature]` function cannot be inlined into portable code), and
//!   so for the assembly backends, so their latency includes a call and a
//!   return.
//!
//! Throughput is in elements (module calls); times are the measuring
//! thread's CPU time (`uhash_bench::Clock`, `UHASH_BENCH_CLOCK=wall` for the
//! wall clock). After criterion's own report a table converts each median to
//! cycles per call at `UHASH_BENCH_GHZ` (default 2.7, the TSC rate of the
//! reference machine).
//!
//! ```text
//! cargo bench -p uhash-bench --bench dfc_module
//! cargo bench -p uhash-bench --bench dfc_module -- 'latency/(native|float)'
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use dfc_decorr::{Backend, Engine, Kernels, module};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;
use uhash_bench::{Clock, fill_pseudo_random};

/// Module calls per iteration.
const N: usize = 1024;

fn words(seed: u64) -> Vec<u64> {
    let mut bytes = vec![0u8; 8 * N];
    fill_pseudo_random(&mut bytes, seed);
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// N dependent steps x ← f(a_i, b_i, x).
#[inline(always)]
fn chain(f: impl Fn(u64, u64, u64) -> u64, a: &[u64], b: &[u64], mut x: u64) -> u64 {
    for (&ai, &bi) in a.iter().zip(b) {
        x = f(ai, bi, x);
    }
    x
}

/// [`chain`] with the backend's own function (inlinable where possible:
/// the portable strategies' plain functions; otherwise the engine).
fn chain_with(e: Engine, a: &[u64], b: &[u64], x: u64) -> u64 {
    match e.backend() {
        Backend::Native => chain(module::native::module, a, b, x),
        Backend::Fold => chain(module::fold::module, a, b, x),
        Backend::Words32 => chain(module::words32::module, a, b, x),
        Backend::Limbs16 => chain(module::limbs16::module, a, b, x),
        Backend::Float => chain(module::float::module, a, b, x),
        Backend::Float16x32 => chain(module::float16x32::module, a, b, x),
        _ => chain(|a, b, x| e.module(a, b, x), a, b, x),
    }
}

fn bench(c: &mut Criterion) {
    let clock = Clock::from_env();
    eprintln!("timing with {}", clock.describe());
    let (a, b, x) = (words(1), words(2), words(3));
    let mut group = c.benchmark_group("dfc_module");
    group.throughput(Throughput::Elements(N as u64));
    for s in Engine::all_supported() {
        group.bench_function(
            BenchmarkId::new("throughput", s.backend().name()),
            |bench| {
                let mut y = vec![0u64; N];
                bench.iter_custom(|iters| {
                    clock.time(|| {
                        for _ in 0..iters {
                            s.module_batch(black_box(&a), black_box(&b), black_box(&x), &mut y)
                                .expect("equal lengths");
                            black_box(&mut y);
                        }
                    })
                });
            },
        );
        group.bench_function(BenchmarkId::new("latency", s.backend().name()), |bench| {
            bench.iter_custom(|iters| {
                clock.time(|| {
                    let mut v = x[0];
                    for _ in 0..iters {
                        v = chain_with(s, black_box(&a), black_box(&b), v);
                    }
                    black_box(v);
                })
            });
        });
    }
    group.finish();
}

/// Where criterion writes its estimates: `$CRITERION_HOME`, else
/// `$CARGO_TARGET_DIR/criterion`, else `<target>/criterion` next to this
/// executable (`<target>/release/deps/dfc_module-…`).
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

/// The median point estimate (ns per iteration) of one benchmark, read from
/// criterion's `new/estimates.json`.
fn median_ns(dir: &std::path::Path, kind: &str, s: Engine) -> Option<f64> {
    let path = dir
        .join("dfc_module")
        .join(kind)
        .join(s.backend().name())
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
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
    println!(
        "\nDFC module, criterion medians (last run of each benchmark), {N} calls per iteration, cycles at {ghz} GHz:"
    );
    println!(
        "{:<10} {:>16} {:>16} {:>16} {:>16}",
        "backend", "thr ns/call", "thr cycles/call", "lat ns/call", "lat cycles/call"
    );
    for s in Engine::all_supported() {
        let per_call = |kind| median_ns(&dir, kind, s).map(|ns| ns / N as f64);
        let cell =
            |v: Option<f64>, scale: f64| v.map_or("-".to_owned(), |v| format!("{:.2}", v * scale));
        let (t, l) = (per_call("throughput"), per_call("latency"));
        println!(
            "{:<10} {:>16} {:>16} {:>16} {:>16}",
            s.backend().name(),
            cell(t, 1.0),
            cell(t, ghz),
            cell(l, 1.0),
            cell(l, ghz)
        );
    }
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(40)
        .without_plots()
        .configure_from_args();
    bench(&mut c);
    c.final_summary();
    summary();
}
