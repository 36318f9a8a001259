//! The per-family figure (`summary.svg`/`.png`): one panel per family, GB/s
//! against message length, at most six lines each.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::*;

/// The panel a row belongs to: its family without `-long`, Poly1305-AES
/// with Poly1305; `None` for rows that are no family of ours.
fn panel_of(row: &Row) -> Option<&'static str> {
    let f = row.family.strip_suffix("-long").unwrap_or(row.family);
    match f {
        "memory" | "core" | "long" | "cli" | "blake3" => None,
        "poly1305-aes" => Some("poly1305"),
        _ if row.is_peer() => None,
        _ => Some(f),
    }
}

/// A panel's title: the family and its crate.
fn panel_title(panel: &str) -> String {
    match panel {
        "mmh" => "MMH and NH (crate uhash-mmh)".to_owned(),
        "poly1305" => "Poly1305 and Poly1305-AES (crate poly1305-aes)".to_owned(),
        "umac" => "UMAC, RFC 4418 (crate umac)".to_owned(),
        "nhpoly1305" => "Adiantum's NH and NHPoly1305 (crate nhpoly1305)".to_owned(),
        "sqh" => "Square Hash (crate sqh)".to_owned(),
        "digest" => "digest and digestMW (crate digest-mw)".to_owned(),
        "dfc" => "DFC hash and MAC (crate dfc-decorr)".to_owned(),
        other => other.to_owned(),
    }
}

/// The cells of row `ri`, by length: (length, GB/s).
fn points(cells: &[Cell], ri: usize) -> Vec<(usize, f64)> {
    let mut p: Vec<(usize, f64)> = cells
        .iter()
        .filter(|c| c.row == ri && c.gbps.is_finite() && c.gbps > 0.0)
        .map(|c| (c.len, c.gbps))
        .collect();
    p.sort_by_key(|x| x.0);
    p
}

/// How a row ranks for "fastest": its GB/s at the longest in-cache size it
/// was timed at (64 KiB for most), so rows timed up to 64 KiB only compete
/// fairly with rows timed at 64 MiB.
fn score(cells: &[Cell], ri: usize) -> f64 {
    points(cells, ri)
        .iter()
        .rfind(|p| p.0 <= 64 << 10)
        .map_or(f64::NEG_INFINITY, |p| p.1)
}

pub(super) struct Line {
    pub(super) role: Role,
    pub(super) label: String,
    /// (log2 length, GB/s).
    pub(super) points: Vec<(f64, f64)>,
}

/// The panels: (title, lines).
pub(super) fn panels(rows: &[Row], cells: &[Cell]) -> Vec<(String, Vec<Line>)> {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if let Some(p) = panel_of(r)
            && !names.contains(&p)
        {
            names.push(p);
        }
    }
    let line = |ri: usize, role: Role, label: String| Line {
        role,
        label,
        points: points(cells, ri)
            .iter()
            .map(|p| ((p.0 as f64).log2(), p.1))
            .collect(),
    };
    let best_of = |it: &mut dyn Iterator<Item = usize>| {
        it.map(|ri| (score(cells, ri), ri))
            .filter(|(s, _)| s.is_finite())
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|x| x.1)
    };
    let mut out = Vec::new();
    for name in names {
        let mine: Vec<usize> = (0..rows.len())
            .filter(|&ri| panel_of(&rows[ri]) == Some(name) && candidate(&rows[ri]))
            .collect();
        let Some(best) = best_of(&mut mine.iter().copied()) else {
            continue;
        };
        let mut lines = vec![line(
            best,
            Role::Best,
            format!("fastest: {}", our_words(&rows[best])),
        )];
        let soft = |ri: &usize| backend_words(rows[*ri].impl_id) == "portable code";
        let same_fn = |ri: &usize| rows[*ri].function == rows[best].function;
        let portable = best_of(&mut mine.iter().copied().filter(|ri| soft(ri) && same_fn(ri)));
        if let Some(p) = portable.filter(|&p| p != best) {
            lines.push(line(
                p,
                Role::Portable,
                format!("same, {}", backend_words(rows[p].impl_id)),
            ));
        }
        for (ri, r) in rows.iter().enumerate() {
            if let Some(role) = Role::of_peer(r) {
                lines.push(line(ri, role, format!("peer: {}", role.peer_words())));
            } else if r.is_ceiling() {
                lines.push(line(
                    ri,
                    Role::Ceiling,
                    Role::Ceiling.peer_words().to_owned(),
                ));
            }
        }
        lines.retain(|l| !l.points.is_empty());
        out.push((panel_title(name), lines));
    }
    out
}

/// A tick of the logarithmic GB/s axis: "0.1", "1", "10".
fn tick_text(y: f64) -> String {
    if y >= 1.0 {
        format!("{y:.0}")
    } else {
        let t = format!("{y:.3}");
        t.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// Pixels per legend line under a panel.
const LEGEND_LINE: u32 = 17;

pub(super) fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[Line],
) -> Result<(), String> {
    let ys = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
    let (lo, hi) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    if lo > hi {
        return Ok(());
    }
    // The legend goes under the chart, never over a line.
    let height = area.dim_in_pixel().1;
    let legend_h = (LEGEND_LINE * lines.len() as u32 + 8).min(height / 2);
    let (plot, legend) = area.split_vertically(height - legend_h);
    let (lo, hi) = (lo / 1.6, hi * 1.6);
    let x0 = (SIZES[0].len as f64).log2() - 0.5;
    let x1 = (SIZES[SIZES.len() - 1].len as f64).log2() + 0.5;
    let mut chart = ChartBuilder::on(&plot)
        .caption(title, (FAMILY, 20))
        .margin(10)
        .x_label_area_size(24)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1, (lo..hi).log_scale())
        .map_err(drawing_error)?;
    axis_look(chart.configure_mesh().x_labels(24), 13, 14)
        .x_label_formatter(&|x| axis_label(x.exp2()))
        .y_label_formatter(&|y| tick_text(*y))
        .y_desc("GB/s (log scale)")
        .draw()
        .map_err(drawing_error)?;
    for (i, line) in lines.iter().enumerate() {
        let color = line.role.color();
        let style = ShapeStyle {
            color: color.to_rgba(),
            filled: false,
            stroke_width: if line.role == Role::Best { 3 } else { 2 },
        };
        if line.role.dashed() {
            chart
                .draw_series(DashedLineSeries::new(line.points.clone(), 8, 5, style))
                .map_err(drawing_error)?;
        } else {
            chart
                .draw_series(LineSeries::new(line.points.clone(), style))
                .map_err(drawing_error)?;
        }
        chart
            .draw_series(
                line.points
                    .iter()
                    .map(|&p| Circle::new(p, 3, color.filled())),
            )
            .map_err(drawing_error)?;
        let y = (LEGEND_LINE * i as u32 + LEGEND_LINE / 2) as i32;
        let (x, end) = (66, if line.role.dashed() { 80 } else { 92 });
        legend
            .draw(&PathElement::new(vec![(x, y), (end, y)], style))
            .map_err(drawing_error)?;
        legend
            .draw(&Text::new(
                line.label.clone(),
                (100, y - 7),
                (FAMILY, 13).into_font().color(&BLACK),
            ))
            .map_err(drawing_error)?;
    }
    Ok(())
}
