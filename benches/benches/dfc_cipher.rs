//! Criterion benches for the DFC block cipher (`dfc_decorr::cipher`):
//!
//! * `dfc_cipher/encrypt-latency/<backend>`: one block whose ciphertext is
//!   the next plaintext — a dependent chain, so this is the latency of one
//!   isolated block encryption (key schedule excluded);
//! * `dfc_cipher/encrypt-block/<backend>`: one block per call on a fixed
//!   input (independent calls: out-of-order execution overlaps them);
//! * `dfc_cipher/ecb-64/<backend>`: 64 blocks in ECB through the 4-way
//!   interleaved path (throughput; `Throughput::Elements` counts blocks);
//! * `dfc_cipher/key-schedule/<bits>`: `Dfc::new_from_key` for 128-, 192-
//!   and 256-bit keys (best backend);
//! * `dfc_cipher/strategy-latency/<strategy>` and
//!   `dfc_cipher/strategy-ecb-64/<strategy>`: the same latency and ECB
//!   measurements with each strategy of the decorrelation module
//!   (`dfc_decorr::Engine::all_supported()`: `native`, `fold`, `mulx`,
//!   `words32`, `limbs16`, `float`, `float16x32`, and the assembly with
//!   feature `asm`) inside every round, on the best cipher backend — the
//!   paper's Table 3, per strategy.
//!
//! After criterion, a summary prints medians in cycles at the 2.7 GHz TSC
//! (`UHASH_TSC_GHZ` overrides): the backends, the key schedule, and the
//! regenerated Table 3 (cycles per block encryption per strategy, beside
//! the paper's figure for the same strategy; the cost of one module
//! evaluation per strategy is the `dfc_module` bench's). The summary alone:
//! `cargo bench -p uhash-bench --bench dfc_cipher -- --summary-only`.
//!
//! ```text
//! cargo bench -p uhash-bench --bench dfc_cipher
//! cargo bench -p uhash-bench --features asm --bench dfc_cipher -- strategy
//! ```

use criterion::{BenchmarkId, Criterion, Throughput};
use dfc_decorr::Engine;
use dfc_decorr::cipher::Dfc;
use std::hint::black_box;
use std::time::Duration;
use uhash_base::Backend;
use uhash_bench::{Clock, long_term_key};

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(40)
        .without_plots()
        .configure_from_args()
}

fn backends() -> Vec<Backend> {
    [Backend::Avx512, Backend::Soft]
        .into_iter()
        .filter(|&b| cipher(b).is_some())
        .collect()
}

fn cipher(backend: Backend) -> Option<Dfc> {
    Dfc::new_from_key(&long_term_key())
        .expect("32-byte key")
        .with_backend(backend)
        .ok()
}

/// The cipher with module strategy `module` on the best cipher backend.
fn with_strategy(module: Engine) -> Dfc {
    Dfc::new_from_key_with(&long_term_key(), module).expect("32-byte key")
}

/// The paper's Table 3 figures (cycles for one DFC block) for the column
/// each strategy reproduces.
fn paper_figures(module: Backend) -> &'static str {
    match module {
        Backend::Native => {
            "Best, 64×64→128 (Alpha `umulh`): 21164 310, 21264 231 (asm); IA-64 240 (est.)"
        }
        Backend::Fold => "— (the signed route of §2; no column)",
        Backend::Mulx | Backend::MulxAsm => "Best, ASM with add-with-carry: Pentium II 392",
        Backend::Aarch64Asm => "Best, ASM `umulq`/`umulh`: Alpha 21164 310, 21264 231",
        Backend::Words32 | Backend::Armv4Asm => {
            "64-bit C: 21164 526, Pentium II 1262, UltraSPARC 875, 21264 335"
        }
        Backend::Limbs16 => "ANSI C: 21164 2562, Pentium II 2592, UltraSPARC 4160",
        Backend::Float => "Best, C with floats (9 × 24×24): UltraSPARC 775",
        Backend::Float16x32 => "C with floats, the 8 × 16×32 alternative (no figure)",
        _ => "—",
    }
}

/// `iters` dependent block encryptions.
fn chain(dfc: &Dfc, iters: u64) -> [u8; 16] {
    let mut b = [0x5au8; 16];
    for _ in 0..iters {
        b = dfc.encrypt_block_be(black_box(&b));
    }
    b
}

fn benches(c: &mut Criterion, clock: Clock) {
    let mut g = c.benchmark_group("dfc_cipher");
    for backend in backends() {
        let dfc = cipher(backend).expect("supported");
        let name = backend.name();
        g.throughput(Throughput::Elements(1));
        g.bench_function(BenchmarkId::new("encrypt-latency", name), |b| {
            b.iter_custom(|iters| {
                clock.time(|| {
                    black_box(chain(&dfc, iters));
                })
            })
        });
        g.bench_function(BenchmarkId::new("encrypt-block", name), |b| {
            let pt = [0x5au8; 16];
            b.iter_custom(|iters| {
                clock.time(|| {
                    for _ in 0..iters {
                        black_box(dfc.encrypt_block_be(black_box(&pt)));
                    }
                })
            })
        });
        g.throughput(Throughput::Elements(64));
        let mut blocks = vec![[0x5au8; 16]; 64];
        g.bench_function(BenchmarkId::new("ecb-64", name), |b| {
            b.iter_custom(|iters| {
                clock.time(|| {
                    for _ in 0..iters {
                        dfc.encrypt_blocks_be(black_box(&mut blocks));
                    }
                })
            })
        });
    }
    for module in Engine::all_supported() {
        let dfc = with_strategy(module);
        let name = module.backend().name();
        g.throughput(Throughput::Elements(1));
        g.bench_function(BenchmarkId::new("strategy-latency", name), |b| {
            b.iter_custom(|iters| {
                clock.time(|| {
                    black_box(chain(&dfc, iters));
                })
            })
        });
        g.throughput(Throughput::Elements(64));
        let mut blocks = vec![[0x5au8; 16]; 64];
        g.bench_function(BenchmarkId::new("strategy-ecb-64", name), |b| {
            b.iter_custom(|iters| {
                clock.time(|| {
                    for _ in 0..iters {
                        dfc.encrypt_blocks_be(black_box(&mut blocks));
                    }
                })
            })
        });
    }
    g.throughput(Throughput::Elements(1));
    let key = long_term_key();
    for bytes in [16, 24, 32] {
        g.bench_function(BenchmarkId::new("key-schedule", 8 * bytes), |b| {
            b.iter_custom(|iters| {
                clock.time(|| {
                    for _ in 0..iters {
                        black_box(Dfc::new_from_key(black_box(&key[..bytes])).expect("key"));
                    }
                })
            })
        });
    }
    g.finish();
}

/// Median over `samples` batches of `f(n)` (which does `n` units of work),
/// in nanoseconds per unit.
fn median_ns(clock: Clock, samples: usize, n: u64, mut f: impl FnMut(u64)) -> f64 {
    f(n); // warm up
    let mut t: Vec<f64> = (0..samples)
        .map(|_| clock.time(|| f(n)).as_nanos() as f64 / n as f64)
        .collect();
    t.sort_by(f64::total_cmp);
    t[samples / 2]
}

fn summary(clock: Clock) {
    let ghz: f64 = std::env::var("UHASH_TSC_GHZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.7);
    println!();
    println!(
        "DFC block cipher, cycles at {ghz} GHz (median of 51 batches, {}):",
        clock.describe()
    );
    println!("{:<44} {:>10} {:>10}", "measurement", "ns", "cycles");
    let line = |what: String, ns: f64| {
        println!("{what:<44} {ns:>10.2} {:>10.0}", ns * ghz);
    };
    for backend in backends() {
        let dfc = cipher(backend).expect("supported");
        let name = backend.name();
        line(
            format!("one block, latency ({name})"),
            median_ns(clock, 51, 20_000, |n| {
                black_box(chain(&dfc, n));
            }),
        );
        let mut blocks = vec![[0x5au8; 16]; 64];
        line(
            format!("ECB, per block, 4-way interleaved ({name})"),
            median_ns(clock, 51, 64 * 300, |n| {
                for _ in 0..n / 64 {
                    dfc.encrypt_blocks_be(black_box(&mut blocks));
                }
            }),
        );
    }
    let key = long_term_key();
    for bytes in [16, 24, 32] {
        line(
            format!("key schedule, {}-bit key", 8 * bytes),
            median_ns(clock, 51, 3_000, |n| {
                for _ in 0..n {
                    black_box(Dfc::new_from_key(black_box(&key[..bytes])).expect("key"));
                }
            }),
        );
    }
    table3(clock, ghz);
}

/// The paper's Table 3 regenerated: cycles per block with each module
/// strategy in every round (best cipher backend), latency of one block and
/// ECB throughput, beside the paper's figure for that strategy.
fn table3(clock: Clock, ghz: f64) {
    let backend = Dfc::new_from_key(&[0; 16]).expect("key").backend();
    println!();
    println!(
        "Table 3 regenerated: cycles per DFC block by module strategy ({backend} cipher backend, \
         median of 51 batches)"
    );
    println!(
        "| strategy | one block, latency | ECB, per block (4 interleaved) | paper (cycles per block) |"
    );
    println!("|---|---|---|---|");
    for module in Engine::all_supported() {
        let dfc = with_strategy(module);
        let lat = median_ns(clock, 51, 5_000, |n| {
            black_box(chain(&dfc, n));
        });
        let mut blocks = vec![[0x5au8; 16]; 64];
        let ecb = median_ns(clock, 51, 64 * 80, |n| {
            for _ in 0..n / 64 {
                dfc.encrypt_blocks_be(black_box(&mut blocks));
            }
        });
        println!(
            "| `{}` | {:.0} | {:.0} | {} |",
            module.backend().name(),
            lat * ghz,
            ecb * ghz,
            paper_figures(module.backend())
        );
    }
}

fn main() {
    let clock = Clock::from_env();
    eprintln!("timing with {}", clock.describe());
    if !std::env::args().any(|a| a == "--summary-only") {
        let mut c = config();
        benches(&mut c, clock);
        c.final_summary();
    }
    summary(clock);
}
