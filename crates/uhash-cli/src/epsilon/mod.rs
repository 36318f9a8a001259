//! # The ε lab: measured collision probabilities beside the proven bounds
//!
//! Every family of the workspace states a bound ε on its collision (or
//! difference) probability; several of those bounds are this project's own
//! derivations. The lab runs each construction **at a reduced word width**
//! b, where every key can be enumerated, and measures
//!
//! * **collision**: max over message pairs m ≠ m′ of Pr_k[h_k(m) = h_k(m′)];
//! * **Δ**: max over pairs and δ of Pr_k[h_k(m) − h_k(m′) = δ] (the
//!   ε of ε-AΔU, in the output group of the construction);
//! * for some families also the **joint** probability max Pr[h(m) = y ∧
//!   h(m′) = y′] (DFC, strong universality) and the **distribution**
//!   probability max_{m≠0,y} Pr[h(m) = y] (Nguyen–Roscoe's εd);
//!
//! and prints each beside the theorem's bound at that width. Each
//! probability is exact for the pair it names (all keys are counted); the
//! maximum is over every pair (`exhaustive`) or over a stated search
//! ([`engine`]). So a measured value above a bound refutes the bound (or the
//! implementation), and a measured value below it is evidence, exact at the
//! widths where all pairs are measured.
//!
//! The constructions are the papers' definitions with b-bit words
//! ([`mmh`], [`toeplitz`], [`nmh`], [`nh`], [`sqh`], [`digest`], [`dfc`],
//! [`poly1305`], [`long`], [`tree`], [`nh_adiantum`], [`nhpoly`]); each is
//! tested equal to the width-generic big-integer reference `uhash-ref`
//! (`tests/suite/epsilon.rs`, `tests/suite/epsilon_nhpoly1305.rs`).
//! `docs/epsilon.md` has the method, the full
//! tables, the plots and the findings.
//!
//! The lab's families are the built-in list [`FAMILIES`] and the [`Entry`]s
//! a family of the registry declares in its `Family::epsilon`
//! ([`crate::family`]; `nhpoly1305` is the first): [`families`] lists both,
//! [`specs`] and [`default_widths`] look a name up in both.
//!
//! Entry point: [`run`] (the `uhash epsilon` subcommand).

pub mod dfc;
pub mod digest;
pub mod engine;
pub mod long;
mod messages;
pub use messages::{VarMsgs, all_pairs, edge_values, pack, unpack, unpack_n, vectors};
pub mod mmh;
pub mod nh;
pub mod nh_adiantum;
pub mod nhpoly;
pub mod nmh;
pub mod plan;
pub mod plot;
pub mod poly1305;
pub mod report;
mod search;
pub mod sqh;
pub mod toeplitz;
pub mod tree;

use std::io::Write;
use std::path::PathBuf;

pub use engine::{Construction, Extras, Group, Measured, Plan};

/// The statistic a row reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    /// max Pr[h(m) = h(m′)].
    Collision,
    /// max Pr[h(m) − h(m′) = δ].
    Delta,
    /// max Pr[h(m) = y ∧ h(m′) = y′].
    Joint,
    /// max Pr[h(m) = y], m ≠ 0.
    Dist,
}

impl Stat {
    /// Short name for tables and CSV.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Collision => "collision",
            Stat::Delta => "Δ",
            Stat::Joint => "joint",
            Stat::Dist => "dist",
        }
    }
}

/// One bound a measurement is compared with.
#[derive(Clone, Debug)]
pub struct Bound {
    /// Whose: `ours` (this project's derivation), `paper` (the paper's
    /// figure), `claim` (a figure quoted without proof), `ideal`.
    pub label: &'static str,
    /// The bound as a probability.
    pub value: f64,
    /// The bound as written, e.g. `6·2^-7`.
    pub text: String,
    /// Where it is stated.
    pub source: &'static str,
    /// The formula for plot legends when it is not `text` with the
    /// exponent written in terms of b (e.g. `N_c2·2^-L`).
    pub legend: Option<String>,
}

impl Bound {
    /// `coef·2^-e`.
    pub fn pow2(label: &'static str, coef: f64, e: u32, source: &'static str) -> Self {
        Bound {
            label,
            value: coef * (-f64::from(e)).exp2(),
            text: format!("{}·2^-{e}", report::num(coef)),
            source,
            legend: None,
        }
    }

    /// The same bound with a legend formula for the plots.
    pub fn with_legend(mut self, formula: &str) -> Self {
        self.legend = Some(formula.to_owned());
        self
    }

    /// Any value, written as given.
    pub fn custom(label: &'static str, value: f64, text: String, source: &'static str) -> Self {
        Bound {
            label,
            value,
            text,
            source,
            legend: None,
        }
    }

    /// Whether `count` keys out of `keys` stay within the bound.
    pub fn holds(&self, count: u64, keys: u64) -> bool {
        count as f64 <= self.value * keys as f64 * (1.0 + 1e-12)
    }
}

/// One construction at one width, ready to measure.
pub struct Spec {
    /// The family (the CLI name).
    pub family: &'static str,
    /// The plot panel it is drawn in.
    pub panel: &'static str,
    /// The construction, e.g. `MMH_b`.
    pub name: String,
    /// Its fixed parameters, e.g. `k=2`.
    pub params: String,
    /// The width on the plot's x axis (b, or L = l·w for Square Hash).
    pub x: u32,
    /// The output bits e used to write probabilities as r·2^-e.
    pub exp: u32,
    /// The construction.
    pub cons: Box<dyn Construction>,
    /// Joint / distribution counts wanted.
    pub extras: Extras,
    /// The statistics reported and their bounds; the first is plotted.
    pub stats: Vec<(Stat, Vec<Bound>)>,
}

/// A measured row: a spec's statistic, its extreme and its bounds.
#[derive(Clone, Debug)]
pub struct Row {
    /// The family.
    pub family: &'static str,
    /// The plot panel.
    pub panel: &'static str,
    /// The construction.
    pub name: String,
    /// Its parameters.
    pub params: String,
    /// The x-axis width.
    pub x: u32,
    /// Output bits for r·2^-e.
    pub exp: u32,
    /// The statistic.
    pub stat: Stat,
    /// Keys realising it (numerator).
    pub count: u64,
    /// All keys (denominator).
    pub keys: u64,
    /// The arg-max pair, as text.
    pub pair: (String, String),
    /// The arg-max δ / (y, y′) / y, as text.
    pub value: String,
    /// The bounds.
    pub bounds: Vec<Bound>,
    /// Pairs measured.
    pub pairs: u64,
    /// How the pairs were chosen.
    pub plan: String,
    /// Whether this is the spec's plotted statistic.
    pub plotted: bool,
}

/// How pairs are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every pair where the work (pairs × keys) is at most [`AUTO_LIMIT`],
    /// the search otherwise.
    Auto,
    /// Every pair (widths where that exceeds [`engine::EXHAUSTIVE_LIMIT`]
    /// are skipped).
    Exhaustive,
    /// The search with this many random pairs (at most [`SAMPLES_LIMIT`]
    /// in [`run`]).
    Samples(u64),
}

/// Options of [`run`].
#[derive(Clone, Debug)]
pub struct Options {
    /// One width, or the family's default sweep.
    pub bits: Option<u32>,
    /// Pair selection.
    pub mode: Mode,
    /// Where to write `epsilon.csv`, `epsilon.png`, `epsilon.svg`.
    pub out: Option<PathBuf>,
    /// The search's RNG seed.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bits: None,
            mode: Mode::Auto,
            out: None,
            seed: 1,
        }
    }
}

/// The largest work (pairs × keys) measured exhaustively in [`Mode::Auto`].
pub const AUTO_LIMIT: u64 = 1 << 32;

/// The most random pairs [`Mode::Samples`] takes (2^40). The search keeps
/// one chunk of pairs in memory whatever the count, but every pair is
/// measured under every key: 2^40 pairs are days of work at the smallest
/// widths, so a larger count is refused (by [`run`]) rather than run for
/// ever.
pub const SAMPLES_LIMIT: u64 = 1 << 40;

/// The most keys per pair the lab enumerates.
pub const KEY_LIMIT: u64 = 1 << 26;

/// A family's entry in the lab, declared by the family itself in the
/// registry (`Family::epsilon` in [`crate::family`]) rather than in
/// [`FAMILIES`]: its name on the command line, its line in `uhash epsilon
/// --help`, its default width sweep and its specs at one width (empty
/// outside its range).
#[derive(Debug)]
pub struct Entry {
    /// The name on the command line (`uhash epsilon NAME`).
    pub name: &'static str,
    /// What it measures, for `--help`.
    pub about: &'static str,
    /// The default width sweep.
    pub widths: fn() -> Vec<u32>,
    /// The specs at one width.
    pub specs: fn(u32) -> Vec<Spec>,
}

/// The entries the registry's families declare, in registry order.
pub fn registered() -> impl Iterator<Item = &'static Entry> {
    crate::family::FAMILIES
        .iter()
        .flat_map(|f| f.epsilon.iter())
}

/// The registered entry named `name`.
fn entry(name: &str) -> Option<&'static Entry> {
    registered().find(|e| e.name == name)
}

/// Every family of the lab with its description: [`FAMILIES`], then the
/// [`registered`] entries.
pub fn families() -> Vec<(&'static str, &'static str)> {
    FAMILIES
        .iter()
        .copied()
        .chain(registered().map(|e| (e.name, e.about)))
        .collect()
}

/// The built-in families, as named on the command line, with their
/// descriptions (the registry's entries are added by [`families`]).
pub const FAMILIES: &[(&str, &str)] = &[
    ("mmh", "MMH_b and H_b (Lemma 7), k = 2 words"),
    ("toeplitz", "Toeplitz MMH_b, n = 2 outputs, k = 2 words"),
    ("nmh", "NMH_b, k = 2 and 4 words"),
    ("nh", "NH_w (2 words) and Toeplitz NH_w (4 words, n = 2)"),
    (
        "sqh",
        "SQH, SQH*, SQHasm, SQHasm2, SQHc, SQHc2, SQHE, SQH2 with l-bit words, w = 1, 2",
    ),
    ("digest", "Nguyen–Roscoe digest, t = 1 and 2 words"),
    ("digest-mw", "digestMW, n = 2 outputs, t = 1 and 2 words"),
    ("trunc", "trunc_b'(digest_b), t = 1, every b' < b"),
    (
        "dfc",
        "the DFC module ((a·x + b) mod p) mod 2^b, p the smallest prime above 2^b, and its Horner hash",
    ),
    (
        "poly1305",
        "Poly1305's polynomial mod the largest prime below 2^(b+2), r clamped and not",
    ),
    (
        "long",
        "the long-message composite: MMH_b chunks, polynomial, MMH_b",
    ),
    (
        "tree",
        "MMH §2.4's hash tree: MMH_b levels of k = 2 words, the length at the root",
    ),
];

/// The specs of a family at one width (empty when the width is outside the
/// family's range).
pub fn specs(family: &str, b: u32) -> Option<Vec<Spec>> {
    Some(match family {
        "mmh" => mmh::specs(b),
        "toeplitz" | "mmh-toeplitz" => toeplitz::specs(b),
        "nmh" => nmh::specs(b),
        "nh" => nh::specs(b),
        "sqh" => sqh::specs(b),
        "digest" => digest::specs(b, digest::Kind::Digest),
        "digest-mw" => digest::specs(b, digest::Kind::DigestMw),
        "trunc" => digest::specs(b, digest::Kind::Trunc),
        "dfc" => dfc::specs(b),
        "poly1305" => poly1305::specs(b),
        "long" => long::specs(b),
        "tree" => tree::specs(b),
        _ => return entry(family).map(|e| (e.specs)(b)),
    })
}

/// The default width sweep of a family.
pub fn default_widths(family: &str) -> Vec<u32> {
    match family {
        "mmh" => (2..=10).collect(),
        "toeplitz" | "mmh-toeplitz" => (2..=7).collect(),
        "nmh" => (2..=9).collect(),
        "nh" => (2..=8).collect(),
        "sqh" => (2..=8).collect(),
        "digest" => (2..=10).collect(),
        "digest-mw" => (2..=7).collect(),
        "trunc" => (2..=8).collect(),
        "dfc" => (2..=10).collect(),
        "poly1305" => (4..=12).step_by(2).collect(),
        "long" => (3..=5).collect(),
        "tree" => (3..=4).collect(),
        _ => entry(family).map_or_else(Vec::new, |e| (e.widths)()),
    }
}

/// The family names [`run`] accepts (`all` runs every family).
pub fn family_names() -> Vec<&'static str> {
    families().iter().map(|f| f.0).collect()
}

/// The prime as a `u64` (`uhash-ref` computes it).
pub fn to_u64(p: &uhash_ref::BigUint) -> u64 {
    p.iter_u64_digits().next().unwrap_or(0)
}

/// The smallest prime above 2^bits (`uhash_ref::primes`).
pub fn prime_above(bits: u32) -> u64 {
    to_u64(&uhash_ref::primes::next_prime_above_pow2(bits))
}

/// The largest prime below 2^bits (`uhash_ref::primes`).
pub fn prime_below(bits: u32) -> u64 {
    to_u64(&uhash_ref::primes::prev_prime_below_pow2(bits))
}

/// The most integers in (−p, p) congruent to one value mod 2^bits: the
/// factor that the final `mod 2^bits` of a Z_p output costs (3 in MMH's
/// Thm. 8 and Square Hash's Thm. 6, 8 in Poly1305's Thm. 3.3).
pub fn wrap_count(p: u64, bits: u32) -> u64 {
    let m = 1i128 << bits;
    let p = i128::from(p);
    // For each residue v in [0, 2^bits): #{j : −p < v + j·2^bits < p}.
    let count = |v: i128| {
        let lo = (-p - v).div_euclid(m) + 1;
        let hi = (p - 1 - v).div_euclid(m);
        (hi - lo + 1).max(0) as u64
    };
    (0..m).map(count).max().unwrap_or(0)
}

/// Measures one spec with the chosen mode; `None` with a reason when it is
/// skipped.
pub fn measure_spec(spec: &Spec, mode: Mode, seed: u64) -> Result<Vec<Row>, String> {
    let c = spec.cons.as_ref();
    let keys = c.key_count();
    if keys > KEY_LIMIT {
        return Err(format!(
            "{} {} b={}: {keys} keys per pair exceed the lab's limit of 2^26",
            spec.name, spec.params, spec.x
        ));
    }
    let work = engine::exhaustive_work(c);
    let plan = match mode {
        Mode::Exhaustive if work > engine::EXHAUSTIVE_LIMIT => {
            return Err(format!(
                "{} {} b={}: every pair is {work} pair-keys, over the limit of 2^36; use --samples",
                spec.name, spec.params, spec.x
            ));
        }
        Mode::Exhaustive => Plan::Exhaustive,
        Mode::Auto if work <= AUTO_LIMIT => Plan::Exhaustive,
        Mode::Auto => Plan::Search {
            samples: ((1u64 << 26) / keys).clamp(32, 4096),
            seed,
        },
        Mode::Samples(n) => Plan::Search { samples: n, seed },
    };
    let m = plan::measure(c, plan, spec.extras);
    let plan_text = match plan {
        Plan::Exhaustive => format!("all {} pairs", m.pairs),
        Plan::Search { samples, seed } => {
            format!("search: {} pairs ({samples} random, seed {seed})", m.pairs)
        }
    };
    let g = c.group();
    let mut rows = Vec::new();
    for (i, (stat, bounds)) in spec.stats.iter().enumerate() {
        let (e, value) = match stat {
            Stat::Collision => (m.collision, String::new()),
            Stat::Delta => (m.delta, report::show_group(g, m.delta.value)),
            Stat::Joint => {
                let j = m.joint.unwrap_or_default();
                let s = g.size();
                (j, format!("(y, y′) = ({}, {})", j.value / s, j.value % s))
            }
            Stat::Dist => {
                let d = m.dist.unwrap_or_default();
                (d, format!("y = {}", d.value))
            }
        };
        let pair = if *stat == Stat::Dist {
            (c.show(e.pair.0), String::new())
        } else {
            (c.show(e.pair.0), c.show(e.pair.1))
        };
        rows.push(Row {
            family: spec.family,
            panel: spec.panel,
            name: spec.name.clone(),
            params: spec.params.clone(),
            x: spec.x,
            exp: spec.exp,
            stat: *stat,
            count: e.count,
            keys: m.keys,
            pair,
            value,
            bounds: bounds.clone(),
            pairs: m.pairs,
            plan: plan_text.clone(),
            plotted: i == 0,
        });
    }
    Ok(rows)
}

/// Remarks a family prints under its table: the paper's tightness remark
/// for digest, the bound comparison for Toeplitz MMH.
pub fn notes(family: &str, rows: &[Row]) -> Vec<String> {
    match family {
        "digest" => digest::notes(rows),
        "toeplitz" | "mmh-toeplitz" => toeplitz::notes(rows),
        _ => Vec::new(),
    }
}

/// Runs `family` (or `all`), prints the table on `out`, writes CSV and
/// plots under `opts.out`. Returns the rows; an error for an unknown family,
/// a sample count over [`SAMPLES_LIMIT`] or an output that cannot be
/// written.
pub fn run(family: &str, opts: &Options, out: &mut dyn Write) -> Result<Vec<Row>, String> {
    let families: Vec<&str> = if family == "all" {
        family_names()
    } else if specs(family, 4).is_some() {
        vec![family]
    } else {
        return Err(format!(
            "unknown family '{family}' (known: all, {})",
            family_names().join(", ")
        ));
    };
    if let Mode::Samples(n) = opts.mode
        && n > SAMPLES_LIMIT
    {
        return Err(format!(
            "--samples {n} is over the limit of 2^40 = {SAMPLES_LIMIT} random pairs \
             (each is measured under every key)"
        ));
    }
    let io = |e: std::io::Error| e.to_string();
    let mut rows = Vec::new();
    for fam in families {
        let widths = opts.bits.map_or_else(|| default_widths(fam), |b| vec![b]);
        let mut fam_rows = Vec::new();
        let mut skipped = Vec::new();
        report::header(fam, out).map_err(io)?;
        for b in widths {
            for spec in specs(fam, b).unwrap_or_default() {
                match measure_spec(&spec, opts.mode, opts.seed) {
                    Ok(r) => {
                        report::rows(&r, out).map_err(io)?;
                        out.flush().map_err(io)?;
                        fam_rows.extend(r);
                    }
                    Err(why) => skipped.push(why),
                }
            }
        }
        for s in &skipped {
            writeln!(out, "\nskipped: {s}").map_err(io)?;
        }
        for note in notes(fam, &fam_rows) {
            writeln!(out, "\n{note}").map_err(io)?;
        }
        rows.extend(fam_rows);
    }
    if let Some(dir) = &opts.out {
        std::fs::create_dir_all(dir).map_err(io)?;
        report::write_csv(&rows, &dir.join("epsilon.csv")).map_err(io)?;
        plot::draw(&rows, &dir.join("epsilon.svg"), &dir.join("epsilon.png"))?;
        writeln!(
            out,
            "wrote {}, epsilon.svg, epsilon.png",
            dir.join("epsilon.csv").display()
        )
        .map_err(io)?;
    }
    Ok(rows)
}
