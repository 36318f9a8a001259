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

/// A ratio the summary prints under the table, one line per implementation
/// that runs both functions: the median time of `function` over that of
/// `baseline`, same family, same implementation (backend), same key mode,
/// at each of [`RATIO_LENS`].
pub(crate) struct Ratio {
    pub(crate) family: &'static str,
    pub(crate) function: &'static str,
    pub(crate) baseline: &'static str,
    /// What the ratio is held to, in words (printed above the lines).
    pub(crate) goal: &'static str,
}

/// The ratios printed under the table.
pub(crate) const RATIOS: &[Ratio] = &[Ratio {
    family: "nhpoly1305",
    function: "NHPoly1305",
    baseline: "NhAdiantum",
    goal: "#33's goal: at most 1.15x",
}];

/// The message lengths of the ratios (in cache): 4 KiB and 64 KiB.
pub(crate) const RATIO_LENS: [usize; 2] = [4 << 10, 64 << 10];

/// The [`RATIOS`] lines for the rows measured (empty if none has both rows).
pub(crate) fn render_ratios(rows: &[Row], results: &[Result_]) -> String {
    let at = |ri: usize, len: usize| {
        results
            .iter()
            .find(|r| r.row == ri && r.size.len == len)
            .map(|r| r.cell.median_ns)
    };
    let label = |len: usize| {
        SIZES
            .iter()
            .find(|s| s.len == len)
            .map_or_else(|| format!("{len}B"), |s| s.label.to_owned())
    };
    let mut t = String::new();
    for ratio in RATIOS {
        let mut lines = Vec::new();
        for (ri, row) in rows.iter().enumerate() {
            if row.family != ratio.family || row.function != ratio.function {
                continue;
            }
            let Some(bi) = rows.iter().position(|b| {
                b.family == row.family
                    && b.function == ratio.baseline
                    && b.impl_id == row.impl_id
                    && b.key_mode == row.key_mode
            }) else {
                continue;
            };
            let cells: Vec<String> = RATIO_LENS
                .iter()
                .map(|&len| {
                    let r = match (at(ri, len), at(bi, len)) {
                        (Some(f), Some(b)) => format!("{:.3}x", f / b),
                        _ => "-".into(),
                    };
                    format!("{r} at {}", label(len))
                })
                .collect();
            lines.push(format!(
                "{} / {} on {}: {}",
                ratio.function,
                ratio.baseline,
                rows[ri].impl_id,
                cells.join(", ")
            ));
        }
        if !lines.is_empty() {
            let _ = writeln!(
                t,
                "{f}/{} over {f}/{}: median time per message on the same backend ({}):",
                ratio.function,
                ratio.baseline,
                ratio.goal,
                f = ratio.family
            );
            for l in lines {
                let _ = writeln!(t, "  {l}");
            }
        }
    }
    t.trim_end().to_owned()
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
            filter: Vec::new(),
            ghz: 2.7,
        };
        let t = render_compact(&rows, &results, &opts, &QUICK);
        // Every size is a column, 4 KiB between 1 KiB and 8 KiB.
        let head = t.lines().find(|l| l.starts_with("row ")).unwrap();
        let labels: Vec<&str> = head.split_whitespace().collect();
        let cols: Vec<&str> = SIZES.iter().map(|s| s.label).collect();
        assert!(labels.windows(cols.len()).any(|w| w == cols), "{head}");
        assert!(head.contains("1KiB  4KiB  8KiB"), "{head}");
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

    /// Results of `rows` at every size they run: `per_byte(row) × len` ns.
    fn fake(rows: &[Row], per_byte: impl Fn(&Row, usize) -> f64) -> Vec<Result_> {
        let mut results = Vec::new();
        for (ri, r) in rows.iter().enumerate() {
            for s in SIZES.iter().filter(|s| r.runs_at(s.len)) {
                let ns = per_byte(r, s.len) * s.len as f64;
                results.push(Result_ {
                    row: ri,
                    size: *s,
                    cell: Cell {
                        median_ns: ns,
                        p25_ns: ns,
                        p75_ns: ns,
                        samples: 1,
                    },
                });
            }
        }
        results
    }

    #[test]
    fn ratios_pair_each_backend_with_its_own_baseline() {
        let rows = uhash_bench::rows();
        // NHPoly1305 on backend number k: (1 + k/8) × its NhAdiantum at
        // 4 KiB, 1.25 × at 64 KiB; the backends' NH rows differ by 10×.
        let backends: Vec<&str> = rows
            .iter()
            .filter(|r| r.family == "nhpoly1305" && r.function == "NHPoly1305")
            .map(|r| r.impl_id)
            .collect();
        assert!(!backends.is_empty());
        let k = |r: &Row| backends.iter().position(|b| *b == r.impl_id).unwrap_or(0) as f64;
        let results = fake(&rows, |r, len| {
            let nh = 0.1 * 10f64.powf(k(r));
            match (r.family, r.function, len) {
                ("nhpoly1305", "NHPoly1305", 4096) => nh * (1.0 + k(r) / 8.0),
                ("nhpoly1305", "NHPoly1305", _) => nh * 1.25,
                _ => nh,
            }
        });
        let t = render_ratios(&rows, &results);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 1 + backends.len(), "{t}");
        assert!(
            lines[0].starts_with("nhpoly1305/NHPoly1305 over nhpoly1305/NhAdiantum")
                && lines[0].contains("1.15x"),
            "{t}"
        );
        for (i, b) in backends.iter().enumerate() {
            let want = format!(
                "NHPoly1305 / NhAdiantum on {b}: {:.3}x at 4KiB, 1.250x at 64KiB",
                1.0 + i as f64 / 8.0
            );
            assert_eq!(lines[1 + i].trim(), want, "{t}");
        }
        // No line without both rows: the filter left out the baselines.
        let only: Vec<Row> = uhash_bench::rows()
            .into_iter()
            .filter(|r| r.function != "NhAdiantum")
            .collect();
        let results = fake(&only, |_, _| 1.0);
        assert_eq!(render_ratios(&only, &results), "");
    }
}
