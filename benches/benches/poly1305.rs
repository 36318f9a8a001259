//! Criterion group for Poly1305 and Poly1305-AES: every registry row of
//! the `poly1305` and `poly1305-aes` families (ours on the default and the
//! soft backend, the batch and stored-powers forms, RustCrypto `poly1305`
//! 0.9, OpenSSL 3 `EVP_MAC`) side by side in one run, at every in-cache
//! size (16 B … 64 KiB), `Throughput::Bytes`, timed on
//! [`uhash_bench::Clock::from_env`] (thread CPU time by default).
//!
//! ```text
//! cargo bench -p uhash-bench --bench poly1305
//! cargo bench -p uhash-bench --bench poly1305 -- '(1KiB|64KiB)$'
//! ```
//!
//! Cycles per byte = seconds × 2.7e9 / bytes (the TSC rate here); the
//! `summary` binary (`--filter poly1305`) prints the same rows as a table.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::time::Duration;
use uhash_bench::{Clock, Message, SIZES};

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(30)
        .without_plots()
}

fn poly1305(c: &mut Criterion) {
    let clock = Clock::from_env();
    let rows: Vec<_> = uhash_bench::rows()
        .into_iter()
        .filter(|r| r.family == "poly1305" || r.family == "poly1305-aes")
        .collect();
    let mut group = c.benchmark_group("poly1305");
    for size in SIZES.iter().filter(|s| !s.streamed) {
        let msg = Message::new(size.len);
        group.throughput(Throughput::Bytes(size.len as u64));
        for row in rows.iter().filter(|r| r.runs_at(size.len)) {
            let mut runner = None;
            group.bench_function(BenchmarkId::new(row.id(), size.label), |b| {
                let runner = runner.get_or_insert_with(|| row.runner(size.len));
                b.iter_custom(|iters| clock.time(|| runner.run(msg.bytes(), iters)));
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = config();
    targets = poly1305
}
criterion_main!(benches);
