//! The summary's two figures, each as SVG and PNG (`plotters`; text in the
//! Roboto subset bundled under `crates/uhash-cli/assets/fonts`, so the PNG needs no system
//! font):
//!
//! Both plot GB/s (higher is better); cycles/byte stay in the table. Every
//! label is in words (no row ids).
//!
//! * **families** (`summary.svg`, `summary.png`): one small panel per
//!   family, GB/s against message length (both axes logarithmic), with at
//!   most six lines each: the family's fastest row (one thread, long-term
//!   key, no assembly), the same function's portable code, the peers
//!   (OpenSSL and RustCrypto Poly1305, BLAKE3 keyed, one thread each) and
//!   the memory-read ceiling. The colours mean the same in every panel.
//! * **headline** (`headline.svg`, `headline.png`): at 64 B, 1 KiB, 64 KiB
//!   and 64 MiB, bars of GB/s in two groups of equal strength: uhash's
//!   Poly1305-AES and Poly1305 against RustCrypto's Poly1305-AES and the
//!   OpenSSL and RustCrypto Poly1305 (the same 16-byte tag and forgery
//!   bound), then the fastest uhash MACs whose forgery bound at that
//!   length is at most 2^-60 (one bar per function, each labelled with
//!   its bound from [`crate::forgery`]) beside BLAKE3 keyed (at 64 MiB
//!   also `uhash mac` and BLAKE3 on every core). Every uhash bar is one
//!   named type of the default build with its run-time backend.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::{KeyMode, Row, SIZES};

/// Text in the tool's bundled font (crates/uhash-cli/assets/fonts).
use uhash_cli::epsilon::plot::{FAMILY, axis_look, drawing_error, register_font};

mod families;
mod headline;

use families::{draw_panel, panels};
#[cfg(test)]
use headline::STRONG_SHOWN;
use headline::{Item, draw_bars, headline};

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

/// A line's or bar's role, which fixes its colour and style everywhere.
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

    /// The peer role of a row, if it is one (one thread, long-term key).
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

    /// What a peer row is, in words.
    fn peer_words(self) -> &'static str {
        match self {
            Role::OpenSsl => "OpenSSL 3 Poly1305",
            Role::RustCrypto => "RustCrypto poly1305 0.9",
            Role::Blake3 => "BLAKE3 keyed, one thread",
            Role::Ceiling => "reading the message (the ceiling)",
            Role::Best | Role::Portable => "uhash",
        }
    }
}

/// A row of ours that can stand for its family: one thread, a long-term
/// key, the whole function (not a kernel alone), in the default build (no
/// assembly: feature `asm` is off by default).
fn candidate(row: &Row) -> bool {
    row.key_mode == KeyMode::LongTerm
        && !row.all_cores
        && !row.is_peer()
        && !row.impl_id.contains("asm")
        && !row.function.ends_with("-kernel")
        && !row.function.contains("encrypt")
}

/// The configuration a user of the default build gets from the type: the
/// backend chosen at run time (not one forced, not a variant type).
fn default_config(row: &Row) -> bool {
    matches!(row.impl_id, "uhash" | "best" | "dfc-decorr")
}

/// A function's name in words (`Asm2x96Mac` → "SQHasm2 96-bit MAC").
fn function_words(row: &Row) -> String {
    let f = row.function;
    let named = match f {
        "Asm2x96Mac" => Some("SQHasm2 96-bit MAC"),
        "DigestMw32Mac" => Some("digestMW 32-bit MAC"),
        "DfcHash" => Some("DFC hash"),
        "DfcMac" => Some("DFC MAC"),
        "digest" => Some("digest"),
        "MMH32-tree" => Some("MMH32 hash tree"),
        "MMH32-tree-k256" => Some("MMH32 hash tree, k = 256"),
        _ => None,
    };
    if let Some(n) = named {
        return n.to_owned();
    }
    let is_mac = f.to_ascii_lowercase().contains("mac") || f.starts_with("Poly1305");
    let long = row.family.ends_with("-long") && !is_mac;
    let name = [
        ("Asm2x", "SQHasm2 "),
        ("Sqhe", "SQHE "),
        ("DigestMw", "digestMW "),
    ]
    .iter()
    .find_map(|(p, w)| {
        f.strip_prefix(p)
            .filter(|n| n.chars().all(|c| c.is_ascii_digit()))
            .map(|n| format!("{w}{n}-bit"))
    })
    .unwrap_or_else(|| f.to_owned());
    if long {
        format!("{name} hash")
    } else if row.family == "mmh" || row.family == "sqh" || row.family == "digest" {
        format!("{name}, fixed length")
    } else {
        name
    }
}

/// A row's implementation id in words.
fn backend_words(impl_id: &str) -> &str {
    match impl_id {
        "uhash" | "best" | "dfc-decorr" => "default backend",
        "uhash-soft" | "soft" | "portable" => "portable code",
        "avx512" => "AVX-512",
        "avx2" => "AVX2",
        "ifma" => "AVX-512 IFMA",
        "mulx" => "BMI2 mulx",
        "neon" => "NEON",
        "uhash-session" => "session (PDF block kept)",
        "uhash-powers" => "powers of r kept",
        other => other,
    }
}

/// A row of ours in words: "uhash UMAC-64, default backend".
fn our_words(row: &Row) -> String {
    format!(
        "uhash {}, {}",
        function_words(row),
        backend_words(row.impl_id)
    )
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

/// The label of a tick of the message-length axis (log2 scale): that of a
/// size, left out where the next size is less than 4× longer (4 KiB beside
/// 8 KiB), whose labels would overlap; the points are drawn all the same.
fn axis_label(len: f64) -> String {
    let crowded = SIZES
        .windows(2)
        .any(|w| (w[0].len as f64 - len).abs() < 0.5 && w[1].len < 4 * w[0].len);
    if crowded {
        String::new()
    } else {
        size_label(len)
    }
}

/// GB/s to three significant digits at most.
fn gbps_text(g: f64) -> String {
    if g >= 100.0 {
        format!("{g:.0}")
    } else if g >= 10.0 {
        format!("{g:.1}")
    } else if g >= 1.0 {
        format!("{g:.2}")
    } else {
        format!("{g:.3}")
    }
}

/// Draws item `i` of a figure into its area.
type DrawFn<'a, DB> = dyn Fn(usize, &DrawingArea<DB, Shift>) -> Result<(), String> + 'a;

/// Renders one figure as `NAME.svg` and `NAME.png` in `dir`: a title, the
/// lines under it, and `items` (title, data) drawn by `draw` in a grid of
/// `cols` columns.
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
    subtitle: &[String],
    cols: usize,
    draw: &DrawFn<'_, DB>,
    count: usize,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (head, body) = root.split_vertically(head_height(subtitle));
    head.draw_text(title, &(FAMILY, 24).into_font().color(&BLACK), (16, 6))
        .map_err(|e| e.to_string())?;
    for (i, line) in subtitle.iter().enumerate() {
        head.draw_text(
            line,
            &(FAMILY, 14).into_font().color(&BLACK.mix(0.7)),
            (16, 36 + 19 * i as i32),
        )
        .map_err(|e| e.to_string())?;
    }
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

/// Pixels above the panels: the title and the lines under it.
fn head_height(subtitle: &[String]) -> u32 {
    40 + 19 * subtitle.len() as u32
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
        let lines = [
            subtitle.to_owned(),
            "Each family's fastest row (one thread, one long-term key, no assembly), \
             the same function's portable code, the peers and the memory-read ceiling."
                .to_owned(),
        ];
        let size = (
            620 * cols as u32,
            head_height(&lines) + 540 * panels.len().div_ceil(cols) as u32,
        );
        let title = "uhash per family: GB/s by message length (higher is better)";
        written.extend(svg_and_png!(
            dir, "summary", size, title, &lines, cols, panels, draw_panel
        ));
    }
    let all: Vec<(String, Vec<Item>)> = [64usize, 1 << 10, 64 << 10, 64 << 20]
        .iter()
        .map(|&len| {
            (
                format!("{} messages", size_label(len as f64)),
                headline(rows, cells, len),
            )
        })
        .filter(|(_, b)| !b.is_empty())
        .collect();
    if !all.is_empty() {
        let cols = all.len().min(2);
        let lines = [
            subtitle.to_owned(),
            "One thread and one long-term key unless marked; uhash's default build \
             (the backend chosen at run time)."
                .to_owned(),
            "Forgery: the probability that one forgery attempt succeeds, from each crate's docs \
             (plus AES's advantage where AES makes the pad)."
                .to_owned(),
        ];
        let most = all.iter().map(|a| a.1.len()).max().unwrap_or(1) as u32;
        let size = (
            820 * cols as u32,
            head_height(&lines) + (90 + 27 * most) * all.len().div_ceil(cols) as u32,
        );
        let title = "uhash MACs against OpenSSL, RustCrypto and BLAKE3: GB/s (higher is better)";
        written.extend(svg_and_png!(
            dir, "headline", size, title, &lines, cols, all, draw_bars
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
        for name in ["MMH", "Poly1305", "OpenSSL", "BLAKE3", "ceiling", "GB/s"] {
            assert!(svg.contains(name), "{name}");
        }
        // The length axis: 8 KiB labelled, 4 KiB (one octave below it) not.
        // (plotters writes each text on a line of its own).
        assert!(svg.contains("\n8 KiB\n") && svg.contains("\n1 KiB\n"));
        assert!(!svg.contains("\n4 KiB\n"));
        assert_eq!(axis_label(4096.0), "");
        assert_eq!(axis_label(8192.0), "8 KiB");
        // Labels in words: no row ids.
        for svg in ["summary.svg", "headline.svg"] {
            let text = std::fs::read_to_string(dir.join(svg)).unwrap();
            for id in ["/uhash", "/best", "cycles/byte", "Asm2x96Mac"] {
                assert!(!text.contains(id), "{svg}: {id}");
            }
        }
        // At most six lines per panel: best, portable, three peers, ceiling.
        for (_, lines) in panels(&rows, &cells) {
            let labels: Vec<&str> = lines.iter().map(|l| l.label.as_str()).collect();
            assert!(lines.len() <= 6, "{labels:?}");
        }
        // The headline: the Poly1305 group, then MACs of at most 2^-60 only.
        for len in [64, 1 << 10, 64 << 10] {
            let items = headline(&rows, &cells, len);
            let heads: Vec<&str> = items
                .iter()
                .filter_map(|i| match i {
                    Item::Heading(h) => Some(h.as_str()),
                    Item::Bar { .. } => None,
                })
                .collect();
            assert_eq!(heads.len(), 2, "{heads:?}");
            assert!(heads[0].starts_with("Poly1305 and Poly1305-AES"));
            assert!(heads[1].contains("2⁻⁶⁰"));
            let second = items
                .iter()
                .skip_while(|i| !matches!(i, Item::Heading(h) if h.contains("2⁻⁶⁰")));
            let mut ours = 0;
            for i in second {
                if let Item::Bar { label, .. } = i
                    && label.starts_with("uhash ")
                {
                    ours += 1;
                    let weak = ["UMAC-32", "MMH32-MAC", "MMH32x2-MAC", "digestMW 32", "DFC"];
                    assert!(!weak.iter().any(|w| label.contains(w)), "{label}");
                    assert!(label.contains("forgery ≤ 2⁻"), "{label}");
                }
            }
            assert!((1..=STRONG_SHOWN).contains(&ours), "{len}: {ours}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
