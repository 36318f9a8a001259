//! `summary`: one table (and a CSV and an SVG plot) of every registry row at
//! every message size, from its own light timing loop.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin summary -- [--quick] [--out DIR] [--filter SUBSTR]... [--ghz F] [--wide]
//! ```
//!
//! For each row × size: calibrate a batch of messages so that one sample
//! takes a few milliseconds, take N samples, report the median time per
//! message as TSC cycles/byte (seconds × GHz × 1e9 / bytes) and GB/s.

use std::fmt::Write as _;
use std::time::{Duration, Instant};
use uhash_bench::{Clock, Message, Row, Runner, SIZES, STREAM_LEN, Size};

mod machine;
mod options;
mod table;

use machine::{cpu_features, cpu_model, measured_tsc_ghz, shell_quote, utc_now};
use options::{FULL, Plan, QUICK, parse_args};
use table::{Cell, Result_, render_compact, render_ratios, render_table, sig3, write_outputs};

/// Grows the batch until it takes >= 1 ms, then scales it to the target
/// sample time: the number of messages per sample. Also warms up.
fn calibrate(runner: &mut dyn Runner, msg: &[u8], plan: &Plan, clock: Clock) -> u64 {
    let mut iters = 1u64;
    loop {
        let t = clock.time(|| runner.run(msg, iters)).as_secs_f64();
        if t >= 1e-3 {
            let per_iter = t / iters as f64;
            return ((plan.sample_time.as_secs_f64() / per_iter).round() as u64).max(1);
        }
        let grow = (2e-3 / t.max(1e-9)).clamp(2.0, 100.0);
        iters = (iters as f64 * grow).ceil() as u64;
    }
}

/// Warms up for `plan.warm_up`, then appends `n` samples (ns per message).
fn sample(
    runner: &mut dyn Runner,
    msg: &[u8],
    plan: &Plan,
    clock: Clock,
    iters: u64,
    n: usize,
    out: &mut Vec<f64>,
) {
    let mut spent = Duration::ZERO;
    while spent < plan.warm_up {
        spent += clock.time(|| runner.run(msg, iters));
    }
    for _ in 0..n {
        let t = clock.time(|| runner.run(msg, iters));
        out.push(t.as_secs_f64() * 1e9 / iters as f64);
    }
}

fn summarise(mut ns: Vec<f64>) -> Cell {
    ns.sort_by(f64::total_cmp);
    let q = |p: f64| ns[((ns.len() - 1) as f64 * p).round() as usize];
    Cell {
        median_ns: q(0.5),
        p25_ns: q(0.25),
        p75_ns: q(0.75),
        samples: ns.len(),
    }
}

fn main() {
    let opts = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let plan = if opts.quick { &QUICK } else { &FULL };
    let clock = Clock::from_env();
    let args: Vec<String> = std::env::args().map(|a| shell_quote(&a)).collect();
    let date = utc_now();
    let cpu = cpu_model();

    let mut head = String::new();
    let _ = writeln!(
        head,
        "uhash throughput summary ({})",
        if opts.quick { "quick" } else { "full" }
    );
    let _ = writeln!(head, "command: {}", args.join(" "));
    let _ = writeln!(
        head,
        "   i.e.: cargo run -p uhash-bench --release --bin summary --{}",
        args[1..].iter().fold(String::new(), |s, a| s + " " + a)
    );
    let _ = writeln!(head, "date:    {date}");
    let _ = writeln!(head, "cpu:     {cpu} [{}]", cpu_features());
    if uhash_base::backend::forced_soft() {
        let _ = writeln!(
            head,
            "build:   --cfg uhash_backend=\"soft\": every backend forced to the portable code"
        );
    } else if uhash_base::backend::capped_at_avx2() {
        let _ = writeln!(
            head,
            "build:   --cfg uhash_backend=\"avx2\": AVX-512/IFMA/VBMI2 backends masked \
             (defaults as on an AVX2-only CPU)"
        );
    } else if uhash_base::backend::capped_at_avx512() {
        let _ = writeln!(
            head,
            "build:   --cfg uhash_backend=\"avx512\": IFMA/VBMI2 backends masked \
             (defaults as on an AVX-512 CPU without IFMA)"
        );
    }
    let tsc = measured_tsc_ghz().map_or(String::from("n/a"), |g| format!("{g:.3} GHz"));
    let _ = writeln!(
        head,
        "clock:   cycles = seconds x {} GHz (--ghz); TSC measured here: {tsc}",
        opts.ghz
    );
    let _ = writeln!(
        head,
        "timer:   {} (UHASH_BENCH_CLOCK=wall for wall clock)",
        clock.describe()
    );
    let _ = writeln!(head, "rustc:   {}", env!("UHASH_BENCH_RUSTC"));
    #[cfg(uhash_bench_openssl)]
    let _ = writeln!(head, "openssl: {}", uhash_bench::openssl::version());
    #[cfg(not(uhash_bench_openssl))]
    let _ = writeln!(head, "openssl: not linked (see build warnings)");
    if cfg!(debug_assertions) {
        let _ = writeln!(head, "WARNING: debug build; use --release");
    }
    print!("{head}");
    println!();

    let rows: Vec<Row> = uhash_bench::rows()
        .into_iter()
        .filter(|r| opts.selects(r))
        .collect();
    if rows.is_empty() {
        eprintln!("no row matches the filter");
        std::process::exit(1);
    }

    // The cells, in row order; messages are built once (64 MiB lazily).
    let cells: Vec<(usize, Size)> = rows
        .iter()
        .enumerate()
        .flat_map(|(ri, row)| {
            SIZES
                .iter()
                .filter(move |s| row.runs_at(s.len))
                .filter(move |s| !(s.streamed && opts.quick && !row.stream_in_quick))
                .map(move |s| (ri, *s))
        })
        .collect();
    let cached: Vec<Message> = SIZES
        .iter()
        .map(|s| Message::new(if s.streamed { 0 } else { s.len }))
        .collect();
    let mut stream: Option<Message> = None;

    let started = Instant::now();
    let mut iters: Vec<Option<u64>> = vec![None; cells.len()];
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); cells.len()];
    for round in 1..=plan.rounds {
        let mut line = String::new();
        for (ci, &(ri, size)) in cells.iter().enumerate() {
            let row = &rows[ri];
            let msg = if size.streamed {
                stream
                    .get_or_insert_with(|| Message::new(STREAM_LEN))
                    .bytes()
            } else {
                cached[SIZES.iter().position(|s| *s == size).unwrap_or(0)].bytes()
            };
            let mut runner = row.runner(size.len);
            let runner = runner.as_mut();
            let clock = row.clock(clock);
            let n = iters[ci].get_or_insert_with(|| calibrate(runner, msg, plan, clock));
            let per_round = plan.samples(size.streamed) / plan.rounds;
            sample(runner, msg, plan, clock, *n, per_round, &mut samples[ci]);

            if line.is_empty() {
                let _ = write!(
                    line,
                    "round {round}/{} [{:6.1}s] {}:",
                    plan.rounds,
                    started.elapsed().as_secs_f64(),
                    row.id()
                );
            }
            let last = samples[ci].last().copied().unwrap_or(f64::NAN);
            let _ = write!(
                line,
                " {} {}",
                size.label,
                sig3(last * opts.ghz / size.len as f64)
            );
            if cells.get(ci + 1).is_none_or(|c| c.0 != ri) {
                eprintln!("{line} cycles/byte");
                line.clear();
            }
        }
    }
    let results: Vec<Result_> = cells
        .iter()
        .zip(samples)
        .map(|(&(row, size), ns)| Result_ {
            row,
            size,
            cell: summarise(ns),
        })
        .collect();
    eprintln!("measured in {:.1} s", started.elapsed().as_secs_f64());

    let table = if opts.wide {
        render_table(&rows, &results, &opts, plan)
    } else {
        render_compact(&rows, &results, &opts, plan)
    };
    println!("{table}");
    let ratios = render_ratios(&rows, &results);
    if !ratios.is_empty() {
        println!("{ratios}");
    }

    if let Err(e) = write_outputs(&rows, &results, &opts, plan, &date, &cpu) {
        eprintln!("cannot write to {}: {e}", opts.out.display());
        std::process::exit(1);
    }
}
