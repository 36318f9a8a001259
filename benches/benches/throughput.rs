//! Criterion throughput benches: one group per family, every registry row
//! of that family at every message size (16 B … 64 KiB in cache, 64 MiB
//! streamed), `Throughput::Bytes`.
//!
//! Times are measured with [`Clock::from_env`]: by default the thread's CPU
//! time, so that time spent descheduled on a shared machine is excluded.
//!
//! Benchmark ids are `family/function/impl[/fresh-key]/size`, e.g.
//! `poly1305/Poly1305/openssl/fresh-key/64B`; filter with a regex:
//!
//! ```text
//! cargo bench -p uhash-bench --bench throughput -- 'poly1305/.*/(1KiB|64KiB)$'
//! ```

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use std::cell::OnceCell;
use std::time::Duration;
use uhash_bench::{Clock, Message, Row, Runner, SIZES, STREAM_LEN, Size};

/// Times sized so that the whole run (all rows, all sizes) stays near ten
/// minutes; override on the command line (`--measurement-time`,
/// `--warm-up-time`, `--sample-size`).
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(40)
        .nresamples(20_000)
        .without_plots()
}

fn bench_row(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    row: &Row,
    size: &Size,
    msg: &dyn Fn() -> &'static [u8],
    clock: Clock,
) {
    let name = row.id()[row.family.len() + 1..].to_owned();
    // Built lazily: criterion only calls the closure if the filter selects it.
    let mut runner: Option<Box<dyn Runner>> = None;
    group.bench_function(BenchmarkId::new(name, size.label), |b| {
        let runner = runner.get_or_insert_with(|| row.runner(size.len));
        let msg = msg();
        b.iter_custom(|iters| row.clock(clock).time(|| runner.run(msg, iters)));
    });
}

fn leak_message(len: usize) -> &'static [u8] {
    let m: &'static Message = Box::leak(Box::new(Message::new(len)));
    m.bytes()
}

fn throughput(c: &mut Criterion) {
    let rows = uhash_bench::rows();
    let clock = Clock::from_env();
    eprintln!("timing with {}", clock.describe());
    let mut families: Vec<&str> = Vec::new();
    for row in &rows {
        if !families.contains(&row.family) {
            families.push(row.family);
        }
    }

    // Messages live for the whole run; the 64 MiB one is allocated on first use.
    let cached: Vec<&'static [u8]> = SIZES
        .iter()
        .filter(|s| !s.streamed)
        .map(|s| leak_message(s.len))
        .collect();
    let stream: OnceCell<&'static [u8]> = OnceCell::new();
    let stream_msg = || *stream.get_or_init(|| leak_message(STREAM_LEN));

    for family in families {
        let of_family = || rows.iter().filter(move |r| r.family == family);

        let mut group = c.benchmark_group(family);
        for (size, msg) in SIZES.iter().filter(|s| !s.streamed).zip(&cached) {
            group.throughput(Throughput::Bytes(size.len as u64));
            for row in of_family().filter(|r| r.runs_at(size.len)) {
                bench_row(&mut group, row, size, &|| *msg, clock);
            }
        }
        group.finish();

        // Same group name; few, flat samples, since one message is ~10-100 ms.
        let mut group = c.benchmark_group(family);
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(4));
        for size in SIZES.iter().filter(|s| s.streamed) {
            group.throughput(Throughput::Bytes(size.len as u64));
            for row in of_family().filter(|r| r.runs_at(size.len)) {
                bench_row(&mut group, row, size, &stream_msg, clock);
            }
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = throughput
}
criterion_main!(benches);
