//! The lab's output: the Markdown table on stdout and the CSV file.
//!
//! A probability is written as the exact fraction, then as a multiple of
//! 2^-e with e the output bits, as Nguyen–Roscoe write their b = 7 result:
//! `240/16384 = 1.875·2^-7`.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::Path;

use super::{Group, Row};

/// A number with at most four decimals, trailing zeros dropped
/// (`1.875`, `6`, `0.0313`).
pub fn num(v: f64) -> String {
    if v >= 1e6 {
        return format!("{v:.4e}");
    }
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// `count/keys = r·2^-e`.
pub fn fraction(count: u64, keys: u64, e: u32) -> String {
    let r = count as f64 * f64::from(e).exp2() / keys as f64;
    format!("{count}/{keys} = {}·2^-{e}", num(r))
}

/// A packed group element: `5` or `(5, 2)` for Toeplitz outputs.
pub fn show_group(g: Group, v: u64) -> String {
    if g.n == 1 {
        format!("δ = {v}")
    } else {
        let parts: Vec<String> = (0..g.n)
            .map(|i| ((v / g.q.pow(i)) % g.q).to_string())
            .collect();
        format!("δ = ({})", parts.join(", "))
    }
}

/// `log2` of a probability (−inf for 0).
fn log2(p: f64) -> f64 {
    p.log2()
}

/// The verdict of one bound.
pub fn verdict(row: &Row, i: usize) -> &'static str {
    if row.bounds[i].holds(row.count, row.keys) {
        "holds"
    } else {
        "**EXCEEDED**"
    }
}

/// Prints a family's table header.
pub fn header(family: &str, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "\n### {family}\n")?;
    writeln!(
        out,
        "| construction | b | stat | measured | log2 | bound | measured/bound | verdict | source | pairs | arg-max |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|")
}

/// Prints measured rows as lines of the Markdown table (one per bound).
pub fn rows(rows: &[Row], out: &mut dyn Write) -> io::Result<()> {
    for row in rows {
        let measured = fraction(row.count, row.keys, row.exp);
        let p = row.count as f64 / row.keys as f64;
        let mut argmax = if row.pair.1.is_empty() {
            format!("m = {}", row.pair.0)
        } else {
            format!("{} vs {}", row.pair.0, row.pair.1)
        };
        if !row.value.is_empty() {
            let _ = write!(argmax, ", {}", row.value);
        }
        let name = format!("{} {}", row.name, row.params);
        if row.bounds.is_empty() {
            writeln!(
                out,
                "| {name} | {} | {} | {measured} | {} | — (no bound stated) | — | — | — | {} | {argmax} |",
                row.x,
                row.stat.name(),
                num(log2(p)),
                row.plan
            )?;
        }
        for (i, bound) in row.bounds.iter().enumerate() {
            let first = i == 0;
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} {} | {} | {} | {} | {} | {} |",
                if first { name.as_str() } else { "" },
                row.x,
                row.stat.name(),
                if first { measured.as_str() } else { "″" },
                if first { num(log2(p)) } else { String::new() },
                bound.label,
                bound.text,
                num(p / bound.value),
                verdict(row, i),
                bound.source,
                if first { row.plan.as_str() } else { "" },
                if first { argmax.as_str() } else { "" },
            )?;
        }
    }
    Ok(())
}

/// Quotes a CSV field when needed.
fn csv(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Writes every row and bound as CSV (one line per row and bound; a row
/// without a bound has empty bound columns).
pub fn write_csv(rows: &[Row], path: &Path) -> io::Result<()> {
    let mut f = io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(
        f,
        "family,construction,params,x,exp,stat,plotted,count,keys,probability,log2_probability,\
         ratio_to_2^-exp,bound_label,bound,bound_text,log2_bound,measured_over_bound,verdict,\
         source,pairs,plan,m,m_prime,value"
    )?;
    for row in rows {
        let p = row.count as f64 / row.keys as f64;
        let base = [
            row.family.to_owned(),
            row.name.clone(),
            row.params.clone(),
            row.x.to_string(),
            row.exp.to_string(),
            row.stat.name().to_owned(),
            row.plotted.to_string(),
            row.count.to_string(),
            row.keys.to_string(),
            format!("{p:e}"),
            format!("{:.6}", p.log2()),
            format!("{:.6}", p * f64::from(row.exp).exp2()),
        ];
        let tail = [
            row.pairs.to_string(),
            row.plan.clone(),
            row.pair.0.clone(),
            row.pair.1.clone(),
            row.value.clone(),
        ];
        let mut lines: Vec<Vec<String>> = row
            .bounds
            .iter()
            .enumerate()
            .map(|(i, b)| {
                vec![
                    b.label.to_owned(),
                    format!("{:e}", b.value),
                    b.text.clone(),
                    format!("{:.6}", b.value.log2()),
                    format!("{:.6}", p / b.value),
                    verdict(row, i).trim_matches('*').to_owned(),
                    b.source.to_owned(),
                ]
            })
            .collect();
        if lines.is_empty() {
            lines.push(vec![String::new(); 7]);
        }
        for mid in lines {
            let all: Vec<String> = base
                .iter()
                .chain(mid.iter())
                .chain(tail.iter())
                .map(|s| csv(s))
                .collect();
            writeln!(f, "{}", all.join(","))?;
        }
    }
    f.flush()
}
