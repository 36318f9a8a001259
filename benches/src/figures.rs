//! The summary's two figures, each as SVG and PNG (`plotters`; text in the
//! Roboto subset bundled under `crates/uhash-cli/assets/fonts`, so the PNG needs no system
//! font):
//!
//! * **families** (`summary.svg`, `summary.png`): one small panel per
//!   family, cycles/byte against message length (both axes logarithmic),
//!   with at most six lines each: the family's best row, its portable row,
//!   the peers doing the same job (OpenSSL and RustCrypto Poly1305, BLAKE3
//!   keyed, one thread each) and the memory-read ceiling. The colours mean
//!   the same in every panel.
//! * **headline** (`headline.svg`, `headline.png`): at 64 B, 1 KiB, 64 KiB
//!   and 64 MiB, GB/s of our best MAC against OpenSSL, RustCrypto and
//!   BLAKE3 (at 64 MiB also both on every core).

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::{KeyMode, Row, SIZES};

/// Text in the tool's bundled font (crates/uhash-cli/assets/fonts).
use uhash_cli::epsilon::plot::{FAMILY, axis_look, drawing_error, register_font};

/// One measured cell: row index, message length, cycles/byte, GB/s.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    /// Index into the rows.
    pub row: usize,
    /// Message length in bytes.
    pub len: usize,
    /// Cycles per byte.
    pub cpb: f64,
    /// GB/s.
    pub gbps: f64,
}

/// A line's role, which fixes its colour and style in every panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Best,
    Portable,
    OpenSsl,
    RustCrypto,
    Blake3,
    Ceiling,
}

impl Role {
    fn color(self) -> RGBColor {
        match self {
            Role::Best => RGBColor(31, 119, 180),
            Role::Portable => RGBColor(23, 190, 207),
            Role::OpenSsl => RGBColor(214, 39, 40),
            Role::RustCrypto => RGBColor(255, 127, 14),
            Role::Blake3 => RGBColor(44, 160, 44),
            Role::Ceiling => RGBColor(90, 90, 90),
        }
    }

    fn dashed(self) -> bool {
        matches!(self, Role::Portable | Role::Ceiling)
    }

    /// The peer role of a row, if it is one.
    fn of_peer(row: &Row) -> Option<Role> {
        if row.key_mode != KeyMode::LongTerm || row.all_cores {
            return None;
        }
        match row.impl_id {
            "openssl" if row.family == "poly1305" => Some(Role::OpenSsl),
            "rustcrypto" if row.family == "poly1305" => Some(Role::RustCrypto),
            "blake3" => Some(Role::Blake3),
            _ => None,
        }
    }
}

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

/// A row of ours that can stand for its family: one thread, a long-term
/// key, the whole function (not a kernel alone).
fn candidate(row: &Row) -> bool {
    row.key_mode == KeyMode::LongTerm
        && !row.all_cores
        && !row.is_peer()
        && !row.function.ends_with("-kernel")
        && !row.function.contains("encrypt")
}

/// The cells of row `ri`, by length.
fn points(cells: &[Cell], ri: usize) -> Vec<(usize, f64, f64)> {
    let mut p: Vec<(usize, f64, f64)> = cells
        .iter()
        .filter(|c| c.row == ri && c.cpb.is_finite() && c.cpb > 0.0)
        .map(|c| (c.len, c.cpb, c.gbps))
        .collect();
    p.sort_by_key(|x| x.0);
    p
}

/// How a row ranks for "best": its cycles/byte at the longest in-cache
/// size it was timed at (64 KiB for most), so rows timed up to 64 KiB only
/// compete fairly with rows timed at 64 MiB.
fn score(cells: &[Cell], ri: usize) -> f64 {
    points(cells, ri)
        .iter()
        .rfind(|p| p.0 <= 64 << 10)
        .map_or(f64::INFINITY, |p| p.1)
}

struct Line {
    role: Role,
    label: String,
    /// (log2 length, cycles/byte).
    points: Vec<(f64, f64)>,
}

/// The panels: (title, lines).
fn panels(rows: &[Row], cells: &[Cell]) -> Vec<(String, Vec<Line>)> {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if let Some(p) = panel_of(r)
            && !names.contains(&p)
        {
            names.push(p);
        }
    }
    let line = |ri: usize, role: Role, what: &str| Line {
        role,
        label: format!("{what}{}", short_label(&rows[ri])),
        points: points(cells, ri)
            .iter()
            .map(|p| ((p.0 as f64).log2(), p.1))
            .collect(),
    };
    let best_of = |it: &mut dyn Iterator<Item = usize>| {
        it.map(|ri| (score(cells, ri), ri))
            .filter(|(s, _)| s.is_finite())
            .min_by(|a, b| a.0.total_cmp(&b.0))
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
        let mut lines = vec![line(best, Role::Best, "best: ")];
        let soft = |ri: &usize| rows[*ri].impl_id.contains("soft");
        let same_fn = |ri: &usize| rows[*ri].function == rows[best].function;
        let portable = best_of(&mut mine.iter().copied().filter(|ri| soft(ri) && same_fn(ri)));
        if let Some(p) = portable.filter(|&p| p != best) {
            lines.push(line(p, Role::Portable, "portable: "));
        }
        for (ri, r) in rows.iter().enumerate() {
            if let Some(role) = Role::of_peer(r) {
                let what = if role == Role::Blake3 {
                    "peer: BLAKE3 "
                } else {
                    "peer: "
                };
                lines.push(line(ri, role, what));
            } else if r.is_ceiling() {
                lines.push(line(ri, Role::Ceiling, "ceiling: "));
            }
        }
        lines.retain(|l| !l.points.is_empty());
        out.push((name.to_owned(), lines));
    }
    out
}

/// A row's label without the family prefix, cut to fit a legend.
fn short_label(row: &Row) -> String {
    let mut s = format!("{} · {}", row.function, row.implementation);
    if s.chars().count() > 58 {
        s = s.chars().take(57).collect::<String>() + "…";
    }
    s
}

/// "16 B", "1 KiB", "64 MiB" for a power of two.
fn size_label(len: f64) -> String {
    SIZES
        .iter()
        .find(|s| (s.len as f64 - len).abs() < 0.5)
        .map(|s| {
            let digits = s.label.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            format!("{digits} {}", &s.label[digits.len()..])
        })
        .unwrap_or_default()
}

/// Pixels per legend line under a panel.
const LEGEND_LINE: u32 = 17;

fn draw_panel<DB: DrawingBackend>(
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
        .caption(title, (FAMILY, 22))
        .margin(10)
        .x_label_area_size(24)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1, (lo..hi).log_scale())
        .map_err(drawing_error)?;
    axis_look(chart.configure_mesh().x_labels(24), 13, 14)
        .x_label_formatter(&|x| size_label(x.exp2()))
        .y_label_formatter(&|y| {
            if *y >= 10.0 {
                format!("{y:.0}")
            } else {
                format!("{y}")
            }
        })
        .y_desc("cycles/byte (log)")
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

/// One bar of the headline chart.
struct Bar {
    label: String,
    gbps: f64,
    color: RGBColor,
}

/// The bars at `len`: our best MAC (one thread), the Poly1305 peers and
/// BLAKE3 (one thread); at the streamed size also our MACs and BLAKE3 on
/// every core.
fn bars(rows: &[Row], cells: &[Cell], len: usize) -> Vec<Bar> {
    let at = |ri: usize| cells.iter().find(|c| c.row == ri && c.len == len);
    let mut out = Vec::new();
    let ours = (0..rows.len())
        .filter(|&ri| candidate(&rows[ri]) && rows[ri].is_mac())
        .filter_map(|ri| at(ri).map(|c| (ri, c.gbps)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((ri, gbps)) = ours {
        out.push(Bar {
            label: format!("uhash best MAC: {}", rows[ri].id()),
            gbps,
            color: Role::Best.color(),
        });
    }
    let streamed = SIZES.iter().any(|s| s.streamed && s.len == len);
    for (ri, r) in rows.iter().enumerate() {
        let role = Role::of_peer(r);
        let Some(c) = at(ri) else { continue };
        let (label, color) = match role {
            Some(Role::OpenSsl) => ("OpenSSL Poly1305".to_owned(), Role::OpenSsl.color()),
            Some(Role::RustCrypto) => ("RustCrypto poly1305".to_owned(), Role::RustCrypto.color()),
            Some(Role::Blake3) => ("BLAKE3 keyed, one thread".to_owned(), Role::Blake3.color()),
            _ if streamed && r.all_cores && r.family == "cli" => (
                format!("uhash mac --alg {}, every core", r.function),
                Role::Portable.color(),
            ),
            _ if streamed && r.all_cores && r.family == "blake3" => (
                "BLAKE3 keyed, every core".to_owned(),
                RGBColor(116, 196, 118),
            ),
            _ => continue,
        };
        out.push(Bar {
            label,
            gbps: c.gbps,
            color,
        });
    }
    out
}

fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    bars: &[Bar],
) -> Result<(), String> {
    let max = bars.iter().map(|b| b.gbps).fold(0f64, f64::max).max(1e-3);
    let n = bars.len().max(1) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, 22))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(8)
        .build_cartesian_2d(0f64..max * 1.05, 0f64..n)
        .map_err(drawing_error)?;
    axis_look(chart.configure_mesh().disable_y_mesh(), 13, 14)
        .disable_y_axis()
        .x_desc("GB/s (higher is better)")
        .draw()
        .map_err(drawing_error)?;
    for (i, b) in bars.iter().enumerate() {
        let y = n - 1.0 - i as f64;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, y + 0.12), (b.gbps, y + 0.88)],
                b.color.mix(0.55).filled(),
            )))
            .map_err(drawing_error)?;
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{}: {:.2} GB/s", b.label, b.gbps),
                (max * 0.01, y + 0.62),
                (FAMILY, 14).into_font().color(&BLACK),
            )))
            .map_err(drawing_error)?;
    }
    Ok(())
}

/// Draws item `i` of a figure into its area.
type DrawFn<'a, DB> = dyn Fn(usize, &DrawingArea<DB, Shift>) -> Result<(), String> + 'a;

/// Renders one figure as `NAME.svg` and `NAME.png` in `dir`: `items`
/// (title, data) drawn by `draw` in a grid of `cols` columns.
macro_rules! svg_and_png {
    ($dir:expr, $name:literal, $size:expr, $title:expr, $subtitle:expr, $cols:expr, $items:expr, $draw:ident) => {{
        let svg = $dir.join(concat!($name, ".svg"));
        let draw_svg =
            |i: usize, a: &DrawingArea<SVGBackend, Shift>| $draw(a, &$items[i].0, &$items[i].1);
        render(
            SVGBackend::new(&svg, $size).into_drawing_area(),
            $title,
            $subtitle,
            $cols,
            &draw_svg,
            $items.len(),
        )?;
        let png = $dir.join(concat!($name, ".png"));
        let draw_png =
            |i: usize, a: &DrawingArea<BitMapBackend, Shift>| $draw(a, &$items[i].0, &$items[i].1);
        render(
            BitMapBackend::new(&png, $size).into_drawing_area(),
            $title,
            $subtitle,
            $cols,
            &draw_png,
            $items.len(),
        )?;
        [svg, png]
    }};
}

fn render<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
    cols: usize,
    draw: &DrawFn<'_, DB>,
    count: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (head, body) = root.split_vertically(56);
    head.draw_text(title, &(FAMILY, 24).into_font().color(&BLACK), (16, 6))
        .map_err(|e| e.to_string())?;
    head.draw_text(
        subtitle,
        &(FAMILY, 14).into_font().color(&BLACK.mix(0.7)),
        (16, 34),
    )
    .map_err(|e| e.to_string())?;
    let rows = count.div_ceil(cols);
    for (i, area) in body
        .split_evenly((rows, cols))
        .iter()
        .enumerate()
        .take(count)
    {
        draw(i, area)?;
    }
    root.present().map_err(|e| e.to_string())
}

/// Writes both figures into `dir`; returns the paths written.
///
/// # Errors
/// A drawing or file error, as text.
pub fn write(
    dir: &Path,
    rows: &[Row],
    cells: &[Cell],
    subtitle: &str,
) -> Result<Vec<PathBuf>, String> {
    register_font()?;
    let mut written = Vec::new();
    let panels = panels(rows, cells);
    if !panels.is_empty() {
        let cols = panels.len().min(3);
        let size = (
            620 * cols as u32,
            56 + 540 * panels.len().div_ceil(cols) as u32,
        );
        let title =
            "uhash: cycles/byte per family (best backend, portable, peers, memory-read ceiling)";
        written.extend(svg_and_png!(
            dir, "summary", size, title, subtitle, cols, panels, draw_panel
        ));
    }
    let all: Vec<(String, Vec<Bar>)> = [64usize, 1 << 10, 64 << 10, 64 << 20]
        .iter()
        .map(|&len| {
            (
                format!("{} messages", size_label(len as f64)),
                bars(rows, cells, len),
            )
        })
        .filter(|(_, b)| !b.is_empty())
        .collect();
    if !all.is_empty() {
        let cols = all.len().min(2);
        let size = (
            820 * cols as u32,
            56 + 330 * all.len().div_ceil(cols) as u32,
        );
        let title = "uhash vs OpenSSL, RustCrypto and BLAKE3: MAC throughput";
        written.extend(svg_and_png!(
            dir, "headline", size, title, subtitle, cols, all, draw_bars
        ));
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_from_a_few_rows() {
        let rows = crate::rows();
        let mut cells = Vec::new();
        for (ri, r) in rows.iter().enumerate() {
            for (k, s) in SIZES.iter().enumerate() {
                if r.runs_at(s.len) {
                    let cpb = 0.1 + (ri % 7) as f64 * 0.3 + 4.0 / (k + 1) as f64;
                    cells.push(Cell {
                        row: ri,
                        len: s.len,
                        cpb,
                        gbps: 2.7 / cpb,
                    });
                }
            }
        }
        let dir = std::env::temp_dir().join(format!("uhash-figures-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let written = write(&dir, &rows, &cells, "test").unwrap();
        assert_eq!(written.len(), 4);
        for p in &written {
            assert!(
                std::fs::metadata(p).unwrap().len() > 1000,
                "{}",
                p.display()
            );
        }
        let svg = std::fs::read_to_string(dir.join("summary.svg")).unwrap();
        for name in ["mmh", "poly1305", "OpenSSL", "blake3", "ceiling"] {
            assert!(svg.contains(name), "{name}");
        }
        // At most six lines per panel: best, portable, three peers, ceiling.
        for (_, lines) in panels(&rows, &cells) {
            let labels: Vec<&str> = lines.iter().map(|l| l.label.as_str()).collect();
            assert!(lines.len() <= 6, "{labels:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
