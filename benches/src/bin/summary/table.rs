//! The results: one cell per row × size, the table (compact and wide), the
//! CSV and the figures.

use std::fmt::Write as _;

use uhash_bench::figures;
use uhash_bench::{Row, SIZES, Size};

use crate::options::{Options, Plan};

/// Median, 25th and 75th percentile of the per-message time of one cell.
pub(crate) struct Cell {
    pub(crate) median_ns: f64,
    pub(crate) p25_ns: f64,
    pub(crate) p75_ns: f64,
    pub(crate) samples: usize,
}

/// `v` with three significant digits.
pub(crate) fn sig3(v: f64) -> String {
    match v {
        v if !v.is_finite() => "-".into(),
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v if v >= 1.0 => format!("{v:.2}"),
        v => format!("{v:.3}"),
    }
}

pub(crate) fn csv_field(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

pub(crate) struct Result_ {
    pub(crate) row: usize,
    pub(crate) size: Size,
    pub(crate) cell: Cell,
}

pub(crate) fn cpb(r: &Result_, ghz: f64) -> f64 {
    r.cell.median_ns * ghz / r.size.len as f64
}

pub(crate) fn gbps(r: &Result_) -> f64 {
    r.size.len as f64 / r.cell.median_ns
}

pub(crate) fn render_table(
    rows: &[Row],
    results: &[Result_],
    opts: &Options,
    plan: &Plan,
) -> String {
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
pub(crate) fn render_compact(
    rows: &[Row],
    results: &[Result_],
    opts: &Options,
    plan: &Plan,
) -> String {
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

pub(crate) fn write_outputs(
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
    use std::path::PathBuf;

    use super::*;
    use crate::options::QUICK;

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
