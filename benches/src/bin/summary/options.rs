//! The command line of `summary` and the timing plan of each mode.

use std::path::{Path, PathBuf};
use std::time::Duration;

const USAGE: &str = "\
usage: summary [--quick] [--out DIR] [--filter SUBSTR]... [--ghz F] [--wide] [--list]
  --quick          fewer samples; the 64 MiB size only for the rows marked for it
  --out DIR        where summary.csv, summary.svg/.png (one panel per family) and
                   headline.svg/.png (MACs vs the peers, GB/s) go
                   (default: $CARGO_TARGET_DIR or <workspace>/target, + /uhash-summary)
  --filter SUBSTR  only rows whose id or label contains SUBSTR (case-insensitive);
                   given more than once, rows that match any of them
  --ghz F          TSC frequency for cycles/byte (default 2.7)
  --wide           the full table (labels, cycles/byte and GB/s at every size);
                   the default fits 100 columns (the CSV always has everything)
  --list           print every row's id and label, and exit";

pub(crate) struct Options {
    pub(crate) quick: bool,
    pub(crate) wide: bool,
    pub(crate) out: PathBuf,
    /// Substrings a row must match one of (none: every row).
    pub(crate) filter: Vec<String>,
    pub(crate) ghz: f64,
}

/// Timing plan of one mode.
///
/// The sweep over all cells (row × size) is repeated `rounds` times and each
/// visit takes a share of the cell's samples, so that a burst of load from
/// other processes spreads over all cells instead of spoiling one; the
/// median is taken over the pooled samples.
pub(crate) struct Plan {
    /// Sweeps over all cells.
    pub(crate) rounds: usize,
    /// Samples per cell per round (in-cache sizes, streamed size).
    pub(crate) per_round: (usize, usize),
    /// Target duration of one sample.
    pub(crate) sample_time: Duration,
    /// Time spent running a cell before sampling, at each visit.
    pub(crate) warm_up: Duration,
}

impl Plan {
    pub(crate) fn samples(&self, streamed: bool) -> usize {
        self.rounds
            * if streamed {
                self.per_round.1
            } else {
                self.per_round.0
            }
    }
}

pub(crate) const QUICK: Plan = Plan {
    rounds: 3,
    per_round: (7, 2),
    sample_time: Duration::from_millis(4),
    warm_up: Duration::from_millis(20),
};

pub(crate) const FULL: Plan = Plan {
    rounds: 5,
    per_round: (10, 3),
    sample_time: Duration::from_millis(8),
    warm_up: Duration::from_millis(100),
};

impl Options {
    /// Whether the filters select `row`.
    pub(crate) fn selects(&self, row: &uhash_bench::Row) -> bool {
        self.filter.is_empty() || self.filter.iter().any(|f| row.matches(f))
    }
}

pub(crate) fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        quick: false,
        wide: false,
        out: default_out_dir(),
        filter: Vec::new(),
        ghz: 2.7,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--quick" => o.quick = true,
            "--wide" => o.wide = true,
            "--out" => o.out = PathBuf::from(value("--out")?),
            "--filter" => o.filter.push(value("--filter")?),
            "--ghz" => {
                o.ghz = value("--ghz")?
                    .parse()
                    .ok()
                    .filter(|g: &f64| *g > 0.0)
                    .ok_or("--ghz needs a positive number")?;
            }
            "--list" => {
                // A reader that stops early (`| head`) ends the listing
                // quietly, as a closed pipe ends `ls`.
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                for r in uhash_bench::rows() {
                    if writeln!(out, "{}\t{}", r.id(), r.label()).is_err() {
                        break;
                    }
                }
                std::process::exit(0);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(o)
}

fn default_out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join("target")
        });
    target.join("uhash-summary")
}
