//! Measured vs bound as the width grows: one panel per construction group,
//! x = the width in bits, y = log2 of the probability. Each construction is
//! one colour: the measured worst case as a solid line with dots, its bounds
//! as dashed lines (first bound: long dashes; second: short dashes; third:
//! dots). Written as SVG and PNG (`plotters`); the PNG's text uses the
//! bundled Roboto subset (`assets/fonts`), so no system font is needed.

use std::path::Path;
use std::sync::Once;

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Bound, Row};

/// The bundled font (Apache-2.0, see `assets/fonts/README.md`).
static FONT: &[u8] = include_bytes!("../../assets/fonts/Roboto-Regular-subset.ttf");

/// The font family every text of the figures is drawn in: the bundled
/// font, registered under this name by [`register_font`].
pub const FAMILY: &str = "sans-serif";

/// Registers the bundled font as [`FAMILY`] (once per process), for the
/// ε plots and the benchmarks' figures alike.
///
/// # Errors
/// When the bundled font cannot be read.
pub fn register_font() -> Result<(), String> {
    static REGISTER: Once = Once::new();
    let mut ok = true;
    REGISTER.call_once(|| {
        ok = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT).is_ok();
    });
    if ok {
        Ok(())
    } else {
        Err("the bundled font could not be read".into())
    }
}

/// The look of every figure's axes (the ε plots and the benchmarks'
/// figures): tick labels of `label` points and axis descriptions of `desc`
/// points in [`FAMILY`], no light grid lines, faint bold ones.
pub fn axis_look<'m, 'a, 'b, X, Y, DB>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    label: u32,
    desc: u32,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged<ValueType: std::fmt::Debug>,
    Y: Ranged<ValueType: std::fmt::Debug>,
    DB: DrawingBackend,
{
    mesh.label_style((FAMILY, label))
        .axis_desc_style((FAMILY, desc))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
}

/// A drawing error as the text the figures' functions return.
pub fn drawing_error<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    e.to_string()
}

const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
];

const PANEL_W: u32 = 720;
const PANEL_H: u32 = 520;

/// One line of a panel.
struct Line {
    /// Identity within the panel.
    key: String,
    /// The legend text.
    label: String,
    color: RGBColor,
    /// 0 = measured, 1.. = bound index + 1.
    style: usize,
    points: Vec<(f64, f64)>,
}

/// Adds a point to the line `key` (created with its legend `label`,
/// `color` and `style`).
fn push(
    lines: &mut Vec<Line>,
    key: String,
    label: String,
    color: RGBColor,
    style: usize,
    pt: (f64, f64),
) {
    if !pt.1.is_finite() {
        return;
    }
    match lines.iter_mut().find(|l| l.key == key) {
        Some(l) => l.points.push(pt),
        None => lines.push(Line {
            key,
            label,
            color,
            style,
            points: vec![pt],
        }),
    }
}

/// A bound's formula in terms of the x axis: `6·2^-7` at x = 7 reads
/// `6·2^-b`, `72·2^-14` reads `72·2^-2b`; `1/p_b² = 1/131²` reads `1/p_b²`.
fn formula(b: &Bound, x: u32, sym: &str) -> String {
    if let Some(f) = &b.legend {
        return f.clone();
    }
    let text = b.text.split(" = ").next().unwrap_or("");
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("2^-") {
        out.push_str(&rest[..i + 3]);
        rest = &rest[i + 3..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        let n: u32 = rest[..digits].parse().unwrap_or(0);
        let e = match n {
            _ if n == x => sym.to_owned(),
            _ if n == 2 * x => format!("2{sym}"),
            _ if n + 3 == x => format!("({sym}-3)"),
            _ => n.to_string(),
        };
        out.push_str(&e);
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

/// The x-axis description and symbol of a panel.
fn axis(panel: &str) -> (&'static str, &'static str) {
    if panel.starts_with("Square Hash") {
        ("element width L = l·w (bits)", "L")
    } else if panel.starts_with("trunc") {
        ("output width b′ (bits)", "b′")
    } else {
        ("word width b (bits)", "b")
    }
}

/// The short name of a bound's source: up to its first `:` or ` (`.
fn short(source: &str) -> &str {
    let cut = [source.find(':'), source.find(" (")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(source.len());
    &source[..cut]
}

/// The panels in order of first appearance, each with its lines.
fn panels(rows: &[Row]) -> Vec<(String, Vec<Line>)> {
    let mut out: Vec<(String, Vec<Line>)> = Vec::new();
    for row in rows.iter().filter(|r| r.plotted) {
        let pi = match out.iter().position(|(p, _)| p == row.panel) {
            Some(i) => i,
            None => {
                out.push((row.panel.to_owned(), Vec::new()));
                out.len() - 1
            }
        };
        let lines = &mut out[pi].1;
        let group = format!("{} {}", row.name, row.params);
        let measured = format!("{group}: measured");
        let groups: Vec<&str> = lines
            .iter()
            .filter(|l| l.style == 0)
            .map(|l| l.key.as_str())
            .collect();
        let gi = groups
            .iter()
            .position(|g| *g == measured)
            .unwrap_or(groups.len());
        let color = COLORS[gi % COLORS.len()];
        let x = f64::from(row.x);
        let p = row.count as f64 / row.keys as f64;
        let label = format!("{group}: measured {}", row.stat.name());
        push(lines, measured, label, color, 0, (x, p.log2()));
        for (i, b) in row.bounds.iter().enumerate() {
            // One line per bound statement shared by several constructions
            // (the same source giving the same value at this width), else
            // one per construction.
            let y = b.value.log2();
            let shared = format!("{}|{}", b.label, b.source);
            let clash = lines
                .iter()
                .any(|l| l.key == shared && l.points.iter().any(|&(px, py)| px == x && py != y));
            let f = formula(b, row.x, axis(row.panel).1);
            let (key, label) = if clash {
                (
                    format!("{group}|{}", b.label),
                    format!("{group}: {} bound {f}", b.label),
                )
            } else {
                (
                    shared,
                    format!("{} bound {f} ({})", b.label, short(b.source)),
                )
            };
            if !lines
                .iter()
                .any(|l| l.key == key && l.points.contains(&(x, y)))
            {
                push(lines, key, label, color, i + 1, (x, y));
            }
        }
    }
    out
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[Line],
) -> Result<(), String> {
    let pts = lines.iter().flat_map(|l| l.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Ok(());
    }
    let (y0, y1) = ((y0 - 1.0).floor(), (y1 + 1.0).ceil().max(1.0));
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(52)
        .build_cartesian_2d(x0 - 0.5..x1 + 0.5, y0..y1)
        .map_err(drawing_error)?;
    axis_look(
        chart
            .configure_mesh()
            .x_desc(axis(title).0)
            .y_desc("log2 probability")
            .x_labels((x1 - x0) as usize + 2)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}")),
        14,
        16,
    )
    .draw()
    .map_err(drawing_error)?;
    for line in lines {
        let mut points = line.points.clone();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let color = line.color;
        let style = ShapeStyle {
            color: color.to_rgba(),
            filled: false,
            stroke_width: if line.style == 0 { 2 } else { 1 },
        };
        let anno = match line.style {
            0 => chart
                .draw_series(LineSeries::new(points.clone(), style))
                .map_err(drawing_error)?,
            s => {
                let (dash, gap) = match s {
                    1 => (9, 5),
                    2 => (4, 4),
                    _ => (2, 5),
                };
                chart
                    .draw_series(DashedLineSeries::new(points.clone(), dash, gap, style))
                    .map_err(drawing_error)?
            }
        };
        let s = line.style;
        anno.label(line.label.clone()).legend(move |(x, y)| {
            let st = ShapeStyle {
                color: color.to_rgba(),
                filled: true,
                stroke_width: if s == 0 { 2 } else { 1 },
            };
            if s == 0 {
                PathElement::new(vec![(x, y), (x + 22, y)], st)
            } else {
                let (a, b) = if s == 1 { (x, x + 9) } else { (x + 4, x + 8) };
                PathElement::new(vec![(a, y), (b, y)], st)
            }
        });
        if line.style == 0 {
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
                .map_err(drawing_error)?;
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font((FAMILY, 14))
        .draw()
        .map_err(drawing_error)?;
    Ok(())
}

fn draw_all<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    panels: &[(String, Vec<Line>)],
    cols: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let rows = panels.len().div_ceil(cols);
    let areas = root.split_evenly((rows, cols));
    for ((title, lines), area) in panels.iter().zip(areas.iter()) {
        draw_panel(area, title, lines)?;
    }
    root.present().map_err(|e| e.to_string())
}

/// Writes the plot of `rows` as SVG and PNG.
pub fn draw(rows: &[Row], svg: &Path, png: &Path) -> Result<(), String> {
    register_font()?;
    let panels = panels(rows);
    if panels.is_empty() {
        return Ok(());
    }
    let cols = panels.len().min(3);
    let size = (
        PANEL_W * cols as u32,
        PANEL_H * panels.len().div_ceil(cols) as u32,
    );
    draw_all(
        SVGBackend::new(svg, size).into_drawing_area(),
        &panels,
        cols,
    )?;
    draw_all(
        BitMapBackend::new(png, size).into_drawing_area(),
        &panels,
        cols,
    )
}
