//! The headline figure (`headline.svg`/`.png`): bars of GB/s at four
//! lengths, in two groups of equal strength.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::*;

/// One line of the headline chart: a group's heading or a bar.
pub(super) enum Item {
    Heading(String),
    Bar {
        label: String,
        gbps: f64,
        color: RGBColor,
    },
}

/// The strength every MAC of the second group must reach: a forgery bound
/// of at most 2^-60 per attempt.
const STRONG_LOG2: f64 = -60.0;

/// uhash MACs shown in the second group at each size (the fastest ones,
/// one per function).
pub(super) const STRONG_SHOWN: usize = 3;

/// The headline chart at `len`, in two groups of equal strength:
///
/// 1. Poly1305 and Poly1305-AES (uhash) against the Poly1305 peers (all
///    16-byte tags with the same forgery bound);
/// 2. the fastest uhash MACs (default build, one per function) whose
///    forgery bound at `len` is at most 2^-60, each labelled with it, and
///    BLAKE3 keyed; at the streamed size also `uhash mac` and BLAKE3 on
///    every core.
pub(super) fn headline(rows: &[Row], cells: &[Cell], len: usize) -> Vec<Item> {
    let at = |ri: usize| {
        cells
            .iter()
            .find(|c| c.row == ri && c.len == len && c.gbps.is_finite() && c.gbps > 0.0)
            .map(|c| c.gbps)
    };
    let one = |family: &str, function: &str, impl_id: &str| {
        rows.iter().position(|r| {
            r.family == family
                && r.function == function
                && r.impl_id == impl_id
                && r.key_mode == KeyMode::LongTerm
                && !r.all_cores
        })
    };
    let mut out = Vec::new();
    let ours = Role::Best.color();
    let poly: [(&str, &str, &str, &str, RGBColor); 5] = [
        (
            "poly1305-aes",
            "Poly1305-AES",
            "uhash",
            "uhash Poly1305-AES",
            ours,
        ),
        (
            "poly1305-aes",
            "Poly1305-AES",
            "rustcrypto",
            "RustCrypto poly1305 0.9 + aes 0.9 (Poly1305-AES)",
            Role::RustCrypto.color(),
        ),
        ("poly1305", "Poly1305", "uhash", "uhash Poly1305", ours),
        (
            "poly1305",
            "Poly1305",
            "openssl",
            Role::OpenSsl.peer_words(),
            Role::OpenSsl.color(),
        ),
        (
            "poly1305",
            "Poly1305",
            "rustcrypto",
            Role::RustCrypto.peer_words(),
            Role::RustCrypto.color(),
        ),
    ];
    let bars: Vec<Item> = poly
        .iter()
        .filter_map(|&(family, function, impl_id, label, color)| {
            let gbps = at(one(family, function, impl_id)?)?;
            Some(Item::Bar {
                label: label.to_owned(),
                gbps,
                color,
            })
        })
        .collect();
    if !bars.is_empty() {
        // The weaker of the two (Poly1305-AES after many tags).
        let bound = crate::forgery::log2_bound("poly1305-aes", "Poly1305-AES", len).unwrap_or(0.0);
        out.push(Item::Heading(format!(
            "Poly1305 and Poly1305-AES, 16-byte tags: forgery ≤ {} at this length",
            crate::forgery::power_text(bound)
        )));
        out.extend(bars);
    }

    // The fastest strong MACs of ours, one per function.
    let mut strong: Vec<(f64, usize, f64)> = Vec::new();
    for (ri, r) in rows.iter().enumerate() {
        if !(candidate(r) && default_config(r) && r.is_mac()) || r.function == "Poly1305" {
            continue;
        }
        let (Some(bound), Some(gbps)) = (crate::forgery::of_row(r, len), at(ri)) else {
            continue;
        };
        if bound <= STRONG_LOG2 && !strong.iter().any(|s| rows[s.1].function == r.function) {
            strong.push((gbps, ri, bound));
        }
    }
    strong.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut group: Vec<Item> = strong
        .iter()
        .take(STRONG_SHOWN)
        .map(|&(gbps, ri, bound)| Item::Bar {
            label: format!(
                "uhash {}, forgery ≤ {}",
                function_words(&rows[ri]),
                crate::forgery::power_text(bound)
            ),
            gbps,
            color: ours,
        })
        .collect();
    let streamed = SIZES.iter().any(|s| s.streamed && s.len == len);
    let mut every_core: Option<(f64, usize, f64)> = None;
    for (ri, r) in rows.iter().enumerate() {
        let Some(gbps) = at(ri) else { continue };
        if Role::of_peer(r) == Some(Role::Blake3) {
            group.push(Item::Bar {
                label: "BLAKE3 keyed, one thread (a PRF, 256-bit tag)".to_owned(),
                gbps,
                color: Role::Blake3.color(),
            });
        } else if streamed
            && r.all_cores
            && r.family == "cli"
            && let Some(bound) = crate::forgery::of_row(r, len)
            && bound <= STRONG_LOG2
            && every_core.is_none_or(|e| gbps > e.0)
        {
            every_core = Some((gbps, ri, bound));
        }
    }
    if let Some((gbps, ri, bound)) = every_core {
        group.push(Item::Bar {
            label: format!(
                "uhash mac --alg {}, every core, forgery ≤ {}",
                rows[ri].function,
                crate::forgery::power_text(bound)
            ),
            gbps,
            color: Role::Portable.color(),
        });
    }
    if streamed
        && let Some(ri) = rows
            .iter()
            .position(|r| r.family == "blake3" && r.all_cores)
        && let Some(gbps) = at(ri)
    {
        group.push(Item::Bar {
            label: "BLAKE3 keyed, every core".to_owned(),
            gbps,
            color: RGBColor(116, 196, 118),
        });
    }
    if !group.is_empty() {
        out.push(Item::Heading(format!(
            "Fastest MACs with forgery ≤ {}",
            crate::forgery::power_text(STRONG_LOG2)
        )));
        out.extend(group);
    }
    out
}

pub(super) fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    items: &[Item],
) -> Result<(), String> {
    let max = items
        .iter()
        .map(|i| match i {
            Item::Bar { gbps, .. } => *gbps,
            Item::Heading(_) => 0.0,
        })
        .fold(0f64, f64::max)
        .max(1e-3);
    let n = items.len().max(1) as f64;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FAMILY, 20))
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
    for (i, item) in items.iter().enumerate() {
        let y = n - 1.0 - i as f64;
        match item {
            Item::Heading(text) => {
                chart
                    .draw_series(std::iter::once(Text::new(
                        text.clone(),
                        (0.0, y + 0.75),
                        (FAMILY, 15).into_font().color(&BLACK.mix(0.75)),
                    )))
                    .map_err(drawing_error)?;
            }
            Item::Bar { label, gbps, color } => {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(0.0, y + 0.1), (*gbps, y + 0.9)],
                        color.mix(0.45).filled(),
                    )))
                    .map_err(drawing_error)?;
                chart
                    .draw_series(std::iter::once(Text::new(
                        format!("{label}: {} GB/s", gbps_text(*gbps)),
                        (max * 0.015, y + 0.72),
                        (FAMILY, 14).into_font().color(&BLACK),
                    )))
                    .map_err(drawing_error)?;
            }
        }
    }
    Ok(())
}
