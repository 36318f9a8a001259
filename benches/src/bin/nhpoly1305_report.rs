//! `nhpoly1305_report`: NHPoly1305 against Adiantum's NH alone (#33's goal:
//! within 1.15× on the same backend) and beside the NH rows of `uhash-mmh`,
//! at 4 KiB and 64 KiB (in cache), every backend this build and CPU run.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin nhpoly1305_report -- [--samples N] [--ghz F]
//! ```
//!
//! Rows are the registry's (`uhash_bench::rows()`: `nhpoly1305/…`,
//! `mmh/NH/…` (one pass), `mmh-long/NH/best`, `mmh-long/NHx4-MAC/best`),
//! timed with its clock (thread CPU time by default); the rows of one size
//! are sampled in turn, round after round, so that load from other
//! processes hits them alike; each cell is the median of `--samples`
//! samples of about 2 ms. Cycles/byte = ns/byte × `--ghz` (default 2.7).
//!
//! The `summary` prints the same ratios under its table (its 4KiB and
//! 64KiB columns, fewer samples; `table::RATIOS` there).

use uhash_bench::{Clock, Message, Row, Runner};

/// The rows of the report.
fn wanted(r: &Row) -> bool {
    let id = r.id();
    r.family == "nhpoly1305"
        || id.starts_with("mmh/NH/")
        || id == "mmh-long/NH/best"
        || id == "mmh-long/NHx4-MAC/best"
}

fn main() {
    let (mut samples, mut ghz) = (31usize, 2.7f64);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().unwrap_or_default();
        match a.as_str() {
            "--samples" => samples = v.parse().expect("--samples N"),
            "--ghz" => ghz = v.parse().expect("--ghz F"),
            _ => panic!("usage: nhpoly1305_report [--samples N] [--ghz F]"),
        }
    }
    let clock = Clock::from_env();
    let rows: Vec<Row> = uhash_bench::rows().into_iter().filter(wanted).collect();
    println!(
        "clock: {}; {samples} samples per cell; cycles/byte at {ghz} GHz",
        clock.describe()
    );
    println!("{:<36} {:>10} {:>10}", "row", "4KiB", "64KiB");
    let mut table: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
    for len in [4 << 10, 64 << 10] {
        let msg = Message::new(len);
        let m = msg.bytes();
        let mut runners: Vec<Box<dyn Runner>> = rows.iter().map(|r| r.runner(len)).collect();
        // Iterations per sample: about 2 ms each.
        let iters: Vec<u64> = runners
            .iter_mut()
            .map(|r| {
                let t = clock.time(|| r.run(m, 16)).as_nanos().max(1) as f64 / 16.0;
                ((2e6 / t) as u64).max(1)
            })
            .collect();
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
        for _ in 0..samples {
            for (i, r) in runners.iter_mut().enumerate() {
                let t = clock.time(|| r.run(m, iters[i]));
                times[i].push(t.as_nanos() as f64 / (iters[i] as f64 * len as f64));
            }
        }
        for (i, mut t) in times.into_iter().enumerate() {
            t.sort_by(f64::total_cmp);
            table[i].push(t[t.len() / 2] * ghz);
        }
    }
    for (r, cells) in rows.iter().zip(&table) {
        println!("{:<36} {:>10.4} {:>10.4}", r.id(), cells[0], cells[1]);
    }
    // The goal: NHPoly1305 / NhAdiantum on the same backend.
    for (r, cells) in rows.iter().zip(&table) {
        if r.family != "nhpoly1305" || r.function != "NHPoly1305" {
            continue;
        }
        let nh = rows
            .iter()
            .zip(&table)
            .find(|(o, _)| o.function == "NhAdiantum" && o.impl_id == r.impl_id);
        if let Some((_, base)) = nh {
            println!(
                "NHPoly1305 / NhAdiantum on {}: {:.3}× at 4KiB, {:.3}× at 64KiB",
                r.impl_id,
                cells[0] / base[0],
                cells[1] / base[1]
            );
        }
    }
}
