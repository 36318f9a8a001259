//! `summary`: one table (and a CSV and an SVG plot) of every registry row at
//! every message size, from its own light timing loop.
//!
//! ```text
//! cargo run -p uhash-bench --release --bin summary -- [--quick] [--out DIR] [--filter SUBSTR] [--ghz F]
//! ```
//!
//! For each row × size: calibrate a batch of messages so that one sample
//! takes a few milliseconds, take N samples, report the median time per
//! message as TSC cycles/byte (seconds × GHz × 1e9 / bytes) and GB/s.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use uhash_bench::figures;
use uhash_bench::{Clock, Message, Row, Runner, SIZES, STREAM_LEN, Size};

const USAGE: &str = "\
usage: summary [--quick] [--out DIR] [--filter SUBSTR] [--ghz F] [--wide] [--list]
  --quick          fewer samples; the 64 MiB size only for the rows marked for it
  --out DIR        where summary.csv, summary.svg/.png (one panel per family) and
                   headline.svg/.png (our best MAC vs the peers) go
                   (default: $CARGO_TARGET_DIR or <workspace>/target, + /uhash-summary)
  --filter SUBSTR  only rows whose id or label contains SUBSTR (case-insensitive)
  --ghz F          TSC frequency for cycles/byte (default 2.7)
  --wide           the full table (labels, cycles/byte and GB/s at every size);
                   the default fits 100 columns (the CSV always has everything)
  --list           print every row's id and label, and exit";

struct Options {
    quick: bool,
    wide: bool,
    out: PathBuf,
    filter: Option<String>,
    ghz: f64,
}

/// Timing plan of one mode.
///
/// The sweep over all cells (row × size) is repeated `rounds` times and each
/// visit takes a share of the cell's samples, so that a burst of load from
/// other processes spreads over all cells instead of spoiling one; the
/// median is taken over the pooled samples.
struct Plan {
    /// Sweeps over all cells.
    rounds: usize,
    /// Samples per cell per round (in-cache sizes, streamed size).
    per_round: (usize, usize),
    /// Target duration of one sample.
    sample_time: Duration,
    /// Time spent running a cell before sampling, at each visit.
    warm_up: Duration,
}

impl Plan {
    fn samples(&self, streamed: bool) -> usize {
        self.rounds
            * if streamed {
                self.per_round.1
            } else {
                self.per_round.0
            }
    }
}

const QUICK: Plan = Plan {
    rounds: 3,
    per_round: (7, 2),
    sample_time: Duration::from_millis(4),
    warm_up: Duration::from_millis(20),
};

const FULL: Plan = Plan {
    rounds: 5,
    per_round: (10, 3),
    sample_time: Duration::from_millis(8),
    warm_up: Duration::from_millis(100),
};

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        quick: false,
        wide: false,
        out: default_out_dir(),
        filter: None,
        ghz: 2.7,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--quick" => o.quick = true,
            "--wide" => o.wide = true,
            "--out" => o.out = PathBuf::from(value("--out")?),
            "--filter" => o.filter = Some(value("--filter")?),
            "--ghz" => {
                o.ghz = value("--ghz")?
                    .parse()
                    .ok()
                    .filter(|g: &f64| *g > 0.0)
                    .ok_or("--ghz needs a positive number")?;
            }
            "--list" => {
                for r in uhash_bench::rows() {
                    println!("{}\t{}", r.id(), r.label());
                }
                std::process::exit(0);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(o)
}

fn default_out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join("target")
        });
    target.join("uhash-summary")
}

/// Median, 25th and 75th percentile of the per-message time of one cell.
struct Cell {
    median_ns: f64,
    p25_ns: f64,
    p75_ns: f64,
    samples: usize,
}

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

/// `v` with three significant digits.
fn sig3(v: f64) -> String {
    match v {
        v if !v.is_finite() => "-".into(),
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v if v >= 1.0 => format!("{v:.2}"),
        v => format!("{v:.3}"),
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

fn cpu_features() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        let mut f = Vec::new();
        macro_rules! check {
            ($($feat:tt),*) => {$(
                if std::is_x86_feature_detected!($feat) {
                    f.push($feat);
                }
            )*};
        }
        check!("avx2", "bmi2", "adx", "avx512f", "avx512vl", "avx512ifma");
        f.join(" ")
    }
    #[cfg(not(target_arch = "x86_64"))]
    String::from("(not x86_64)")
}

/// TSC ticks per second, measured against the OS clock over ~50 ms.
#[cfg(target_arch = "x86_64")]
fn measured_tsc_ghz() -> Option<f64> {
    // SAFETY: RDTSC is available on every x86_64 CPU.
    let c0 = unsafe { core::arch::x86_64::_rdtsc() };
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_millis(50) {}
    // SAFETY: as above.
    let c1 = unsafe { core::arch::x86_64::_rdtsc() };
    Some((c1 - c0) as f64 / t0.elapsed().as_secs_f64() / 1e9)
}

#[cfg(not(target_arch = "x86_64"))]
fn measured_tsc_ghz() -> Option<f64> {
    None
}

/// `YYYY-MM-DD HH:MM UTC` from the system clock.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

fn shell_quote(a: &str) -> String {
    if !a.is_empty()
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        a.to_owned()
    } else {
        format!("'{}'", a.replace('\'', r"'\''"))
    }
}

fn csv_field(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

struct Result_ {
    row: usize,
    size: Size,
    cell: Cell,
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
        .filter(|r| opts.filter.as_deref().is_none_or(|f| r.matches(f)))
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

    if let Err(e) = write_outputs(&rows, &results, &opts, plan, &date, &cpu) {
        eprintln!("cannot write to {}: {e}", opts.out.display());
        std::process::exit(1);
    }
}

fn cpb(r: &Result_, ghz: f64) -> f64 {
    r.cell.median_ns * ghz / r.size.len as f64
}

fn gbps(r: &Result_) -> f64 {
    r.size.len as f64 / r.cell.median_ns
}

fn render_table(rows: &[Row], results: &[Result_], opts: &Options, plan: &Plan) -> String {
    let sizes: Vec<&Size> = SIZES
        .iter()
        .filter(|s| results.iter().any(|r| r.size == **s))
        .collect();
    let find = |ri: usize, s: &Size| results.iter().find(|r| r.row == ri && r.size == *s);
    let labels: Vec<String> = rows.iter().map(Row::label).collect();
    let lw = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    const CW: usize = 13;

    let mut t = String::new();
    let _ = writeln!(
        t,
        "TSC cycles/byte ({} GHz; lower is better) and GB/s (higher is better); median of {} samples ({} at 64MiB) from {} rounds",
        opts.ghz,
        plan.samples(false),
        plan.samples(true),
        plan.rounds
    );
    let _ = write!(t, "{:<lw$} |", "row");
    for s in &sizes {
        let _ = write!(t, "{:>CW$} |", s.label);
    }
    let _ = writeln!(t, " cycles/msg       | IQR/med");
    let _ = write!(t, "{:<lw$} |", "");
    for _ in &sizes {
        let _ = write!(t, "{:>CW$} |", "cpb   GB/s");
    }
    let _ = writeln!(t, "{:>8} {:>8} | max %", "16B", "64B");
    let total = lw + 2 + sizes.len() * (CW + 2) + 28;
    let _ = writeln!(t, "{}", "-".repeat(total));
    for (ri, label) in labels.iter().enumerate() {
        let pad = lw - label.chars().count();
        let _ = write!(t, "{label}{} |", " ".repeat(pad));
        for s in &sizes {
            let cell = find(ri, s).map_or_else(
                || "-".into(),
                |r| format!("{:>6} {:>6}", sig3(cpb(r, opts.ghz)), sig3(gbps(r))),
            );
            let _ = write!(t, "{cell:>CW$} |");
        }
        for len in [16, 64] {
            let v = results
                .iter()
                .find(|r| r.row == ri && r.size.len == len)
                .map_or_else(
                    || "-".into(),
                    |r| format!("{:.0}", r.cell.median_ns * opts.ghz),
                );
            let _ = write!(t, "{v:>8} ");
        }
        let noise = results
            .iter()
            .filter(|r| r.row == ri)
            .map(|r| (r.cell.p75_ns - r.cell.p25_ns) / r.cell.median_ns * 100.0)
            .fold(0f64, f64::max);
        let _ = writeln!(t, "| {noise:5.1}");
    }
    let _ = writeln!(
        t,
        "key modes: [long-term key] = key set-up outside the timed loop; [fresh key per call] = a new key set for every message (sizes up to {} B)",
        uhash_bench::FRESH_KEY_MAX_LEN
    );
    let _ = write!(
        t,
        "IQR/med = largest (75th - 25th percentile) / median over the row's cells: the run's noise"
    );
    t
}

/// The widest line of [`render_compact`].
const COMPACT_WIDTH: usize = 100;

/// The default table: row ids (cut to fit), cycles/byte at every size and
/// the noise; at most [`COMPACT_WIDTH`] columns. GB/s is `--ghz` divided by
/// cycles/byte, so it is left to `--wide` and the CSV.
fn render_compact(rows: &[Row], results: &[Result_], opts: &Options, plan: &Plan) -> String {
    let sizes: Vec<&Size> = SIZES
        .iter()
        .filter(|s| results.iter().any(|r| r.size == **s))
        .collect();
    let find = |ri: usize, len: usize| results.iter().find(|r| r.row == ri && r.size.len == len);
    const CW: usize = 5;
    // id | sizes… | IQR
    let fixed = 2 + sizes.len() * (CW + 1) + 2 + 5;
    let ids: Vec<String> = rows.iter().map(Row::id).collect();
    let lw = ids
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(10, COMPACT_WIDTH.saturating_sub(fixed).max(10));
    let cut = |s: &str| {
        if s.chars().count() <= lw {
            s.to_owned()
        } else {
            s.chars().take(lw - 1).collect::<String>() + "…"
        }
    };

    let mut t = String::new();
    let _ = writeln!(
        t,
        "TSC cycles/byte at {} GHz (lower is better; GB/s = {} / cpb)",
        opts.ghz, opts.ghz
    );
    let _ = writeln!(
        t,
        "medians of {} samples ({} at 64MiB), {} rounds",
        plan.samples(false),
        plan.samples(true),
        plan.rounds
    );
    let _ = write!(t, "{:<lw$} |", "row (family/function/impl)");
    for s in &sizes {
        let _ = write!(t, " {:>CW$}", s.label);
    }
    let _ = writeln!(t, " |  IQR");
    let _ = writeln!(t, "{}", "-".repeat(lw + fixed));
    for (ri, id) in ids.iter().enumerate() {
        let _ = write!(t, "{:<lw$} |", cut(id));
        for s in &sizes {
            let v = find(ri, s.len).map_or_else(|| "-".into(), |r| sig3(cpb(r, opts.ghz)));
            let _ = write!(t, " {v:>CW$}");
        }
        let noise = results
            .iter()
            .filter(|r| r.row == ri)
            .map(|r| (r.cell.p75_ns - r.cell.p25_ns) / r.cell.median_ns * 100.0)
            .fold(0f64, f64::max);
        let _ = writeln!(t, " | {noise:3.0}%");
    }
    let _ = writeln!(
        t,
        "/fresh-key: a new key for every message (up to {} B)",
        uhash_bench::FRESH_KEY_MAX_LEN
    );
    let _ = writeln!(
        t,
        "all-cores, blake3-rayon: on every core, timed with the wall clock"
    );
    let _ = writeln!(
        t,
        "IQR: the largest (75th - 25th percentile) / median of the row's cells"
    );
    let _ = write!(t, "full labels and GB/s: --wide, or the CSV");
    t
}

fn write_outputs(
    rows: &[Row],
    results: &[Result_],
    opts: &Options,
    plan: &Plan,
    date: &str,
    cpu: &str,
) -> std::io::Result<()> {
    std::fs::create_dir_all(&opts.out)?;
    let mut csv = String::from(
        "row,impl,size,median_ns,cpb,gbps,samples,key_mode,id,size_label,p25_ns,p75_ns\n",
    );
    for r in results {
        let row = &rows[r.row];
        let _ = writeln!(
            csv,
            "{},{},{},{:.3},{:.4},{:.4},{},{},{},{},{:.3},{:.3}",
            csv_field(&format!("{}/{}", row.family, row.function)),
            csv_field(&row.implementation),
            r.size.len,
            r.cell.median_ns,
            cpb(r, opts.ghz),
            gbps(r),
            r.cell.samples,
            csv_field(row.key_mode.describe()),
            csv_field(&row.id()),
            r.size.label,
            r.cell.p25_ns,
            r.cell.p75_ns,
        );
    }
    let csv_path = opts.out.join("summary.csv");
    std::fs::write(&csv_path, csv)?;

    let subtitle = format!(
        "{cpu} · {date} · {} run, median of {} samples ({} at 64 MiB), TSC cycles at {} GHz",
        if opts.quick { "quick" } else { "full" },
        plan.samples(false),
        plan.samples(true),
        opts.ghz
    );
    let cells: Vec<figures::Cell> = results
        .iter()
        .map(|r| figures::Cell {
            row: r.row,
            len: r.size.len,
            cpb: cpb(r, opts.ghz),
            gbps: gbps(r),
        })
        .collect();
    let written =
        figures::write(&opts.out, rows, &cells, &subtitle).map_err(std::io::Error::other)?;
    for p in std::iter::once(csv_path).chain(written) {
        println!("wrote {}", p.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_table_fits_100_columns() {
        let rows = uhash_bench::rows();
        let mut results = Vec::new();
        for (ri, r) in rows.iter().enumerate() {
            for s in SIZES.iter().filter(|s| r.runs_at(s.len)) {
                results.push(Result_ {
                    row: ri,
                    size: *s,
                    cell: Cell {
                        median_ns: 123.456 * s.len as f64,
                        p25_ns: 100.0 * s.len as f64,
                        p75_ns: 150.0 * s.len as f64,
                        samples: 9,
                    },
                });
            }
        }
        let opts = Options {
            quick: true,
            wide: false,
            out: PathBuf::new(),
            filter: None,
            ghz: 2.7,
        };
        let t = render_compact(&rows, &results, &opts, &QUICK);
        for line in t.lines() {
            assert!(
                line.chars().count() <= COMPACT_WIDTH,
                "{} wide: {line}",
                line.chars().count()
            );
        }
        assert!(t.contains("poly1305/Poly1305/openssl"));
        let wide = render_table(&rows, &results, &opts, &QUICK);
        assert!(wide.lines().any(|l| l.chars().count() > COMPACT_WIDTH));
    }
}
