//! A hand-written SVG line plot: cycles/byte against message length, both
//! axes logarithmic, one line per row, legend below the plot.

use std::fmt::Write as _;

/// One line of the plot.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// Series with the same group share a colour (e.g. one implementation
    /// in several key modes).
    pub group: String,
    /// Draw dashed (used for fresh-key rows).
    pub dashed: bool,
    /// `(message length in bytes, cycles per byte)`, any order.
    pub points: Vec<(f64, f64)>,
}

/// What to draw.
#[derive(Clone, Debug)]
pub struct Plot {
    /// Title line.
    pub title: String,
    /// Second line under the title (machine, date).
    pub subtitle: String,
    /// Y axis label.
    pub y_label: String,
    /// X ticks: `(length in bytes, label)`.
    pub x_ticks: Vec<(f64, String)>,
    /// The lines.
    pub series: Vec<Series>,
}

const PALETTE: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

const WIDTH: f64 = 960.0;
const LEFT: f64 = 90.0;
const RIGHT: f64 = 40.0;
const TOP: f64 = 70.0;
const PLOT_H: f64 = 440.0;
const LEGEND_LINE: f64 = 20.0;

/// Escapes text for SVG.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Y ticks 1, 2, 5 × 10^k inside `[lo, hi]`, each with whether it gets a
/// label (only the decades when the range is wide).
fn y_ticks(lo: f64, hi: f64) -> Vec<(f64, bool)> {
    let decades = hi.log10() - lo.log10();
    let steps = [1.0, 2.0, 5.0];
    let mut ticks = Vec::new();
    let mut p = lo.log10().floor() as i32;
    while 10f64.powi(p) <= hi * 1.0001 {
        for s in steps {
            let t = s * 10f64.powi(p);
            if t >= lo * 0.9999 && t <= hi * 1.0001 {
                ticks.push((t, s == 1.0 || decades <= 4.0));
            }
        }
        p += 1;
    }
    ticks
}

fn fmt_tick(v: f64) -> String {
    if v >= 1.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').to_owned()
    }
}

impl Plot {
    /// Renders the plot as a standalone SVG document.
    pub fn to_svg(&self) -> String {
        let pts = || self.series.iter().flat_map(|s| s.points.iter());
        let finite = |v: &f64| v.is_finite() && *v > 0.0;
        let ys: Vec<f64> = pts().map(|p| p.1).filter(finite).collect();
        let xs: Vec<f64> = pts()
            .map(|p| p.0)
            .chain(self.x_ticks.iter().map(|t| t.0))
            .filter(finite)
            .collect();
        let (mut ylo, mut yhi) = ys
            .iter()
            .fold((f64::INFINITY, 0f64), |(l, h), &y| (l.min(y), h.max(y)));
        if ys.is_empty() {
            (ylo, yhi) = (0.1, 10.0);
        }
        // Pad to the enclosing 1-2-5 steps.
        ylo = [1.0, 2.0, 5.0]
            .iter()
            .map(|s| s * 10f64.powf(ylo.log10().floor()))
            .rfind(|t| *t <= ylo)
            .unwrap_or(ylo);
        yhi = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|s| s * 10f64.powf(yhi.log10().floor()))
            .find(|t| *t >= yhi)
            .unwrap_or(yhi);
        if yhi / ylo < 10.0 {
            yhi = ylo * 10.0;
        }
        let (xlo, xhi) = xs
            .iter()
            .fold((f64::INFINITY, 0f64), |(l, h), &x| (l.min(x), h.max(x)));
        let (xlo, xhi) = if xs.is_empty() {
            (1.0, 2.0)
        } else {
            (xlo / 1.25, xhi * 1.25)
        };

        let plot_w = WIDTH - LEFT - RIGHT;
        let x = |v: f64| LEFT + (v.log2() - xlo.log2()) / (xhi.log2() - xlo.log2()) * plot_w;
        let y = |v: f64| TOP + (yhi.log10() - v.log10()) / (yhi.log10() - ylo.log10()) * PLOT_H;
        let legend_top = TOP + PLOT_H + 70.0;
        let height = legend_top + LEGEND_LINE * self.series.len() as f64 + 20.0;

        let mut s = String::new();
        let w = &mut s;
        let _ = writeln!(
            w,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="13">"#
        );
        let _ = writeln!(
            w,
            r#"<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="white"/>"#
        );
        let _ = writeln!(
            w,
            r#"<text x="{}" y="26" text-anchor="middle" font-size="17" font-weight="bold">{}</text>"#,
            WIDTH / 2.0,
            escape(&self.title)
        );
        let _ = writeln!(
            w,
            r##"<text x="{}" y="46" text-anchor="middle" font-size="12" fill="#444">{}</text>"##,
            WIDTH / 2.0,
            escape(&self.subtitle)
        );
        // Grid and ticks.
        let bottom = TOP + PLOT_H;
        for (t, labelled) in y_ticks(ylo, yhi) {
            let yy = y(t);
            let major = (t.log10() - t.log10().round()).abs() < 1e-9;
            let stroke = if major { "#bbb" } else { "#e8e8e8" };
            let _ = writeln!(
                w,
                r#"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{stroke}"/>"#,
                LEFT + plot_w,
            );
            if labelled {
                let _ = writeln!(
                    w,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                    LEFT - 8.0,
                    yy + 4.5,
                    fmt_tick(t)
                );
            }
        }
        for (v, label) in &self.x_ticks {
            let xx = x(*v);
            let _ = writeln!(
                w,
                r##"<line x1="{xx:.1}" y1="{TOP}" x2="{xx:.1}" y2="{bottom}" stroke="#e4e4e4"/><text x="{xx:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
                bottom + 18.0,
                escape(label)
            );
        }
        let _ = writeln!(
            w,
            r#"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{PLOT_H}" fill="none" stroke="black"/>"#
        );
        let _ = writeln!(
            w,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">message length (bytes, log scale)</text>"#,
            LEFT + plot_w / 2.0,
            bottom + 42.0
        );
        let _ = writeln!(
            w,
            r#"<text transform="translate(24 {:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
            TOP + PLOT_H / 2.0,
            escape(&self.y_label)
        );
        // Lines, markers, legend.
        let mut groups: Vec<&str> = Vec::new();
        for (i, series) in self.series.iter().enumerate() {
            let g = groups
                .iter()
                .position(|g| *g == series.group)
                .unwrap_or_else(|| {
                    groups.push(&series.group);
                    groups.len() - 1
                });
            let color = PALETTE[g % PALETTE.len()];
            let dash = if series.dashed {
                r#" stroke-dasharray="7 4""#
            } else if g >= PALETTE.len() {
                r#" stroke-dasharray="2 3""#
            } else {
                ""
            };
            let mut points: Vec<(f64, f64)> = series
                .points
                .iter()
                .copied()
                .filter(|(a, b)| finite(a) && finite(b))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let path: Vec<String> = points
                .iter()
                .map(|&(a, b)| format!("{:.1},{:.1}", x(a), y(b)))
                .collect();
            let _ = writeln!(
                w,
                r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="2"{dash}/>"#,
                path.join(" ")
            );
            for &(a, b) in &points {
                let _ = writeln!(
                    w,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="3.2" fill="{color}"/>"#,
                    x(a),
                    y(b)
                );
            }
            let ly = legend_top + LEGEND_LINE * i as f64;
            let _ = writeln!(
                w,
                r#"<line x1="{LEFT}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{color}" stroke-width="2"{dash}/><circle cx="{:.1}" cy="{ly:.1}" r="3.2" fill="{color}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
                LEFT + 36.0,
                LEFT + 18.0,
                LEFT + 46.0,
                ly + 4.5,
                escape(&series.label)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_cover_range() {
        let t: Vec<f64> = y_ticks(0.5, 20.0).iter().map(|t| t.0).collect();
        assert_eq!(t, vec![0.5, 1.0, 2.0, 5.0, 10.0, 20.0]);
        assert!(
            y_ticks(0.01, 1000.0)
                .iter()
                .all(|&(t, l)| l == (t.log10().fract() == 0.0))
        );
        assert_eq!(fmt_tick(0.05), "0.05");
    }

    #[test]
    fn svg_is_well_formed_enough() {
        let plot = Plot {
            title: "t & <t>".into(),
            subtitle: String::new(),
            y_label: "cpb".into(),
            x_ticks: vec![(16.0, "16B".into()), (1024.0, "1KiB".into())],
            series: vec![Series {
                label: "a".into(),
                group: "a".into(),
                dashed: true,
                points: vec![(1024.0, 0.5), (16.0, 3.0), (64.0, f64::NAN)],
            }],
        };
        let svg = plot.to_svg();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("t &amp; &lt;t&gt;"));
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert!(!svg.contains("NaN"));
    }
}
