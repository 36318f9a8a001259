//! How many inputs reach a comparison, and how many of those the
//! reference: counted per process, printed to stderr when
//! `UHASH_FUZZ_TALLY=1` (fuzz/campaign.sh sets it and reports the last
//! line). An input that returns before comparing anything does not count
//! toward a target's useful rate; every target calls [`record`] (through
//! [`crate::against_reference`]) once per input that compares, and
//! [`input`] once per input.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static INPUTS: AtomicU64 = AtomicU64::new(0);
static COMPARED: AtomicU64 = AtomicU64::new(0);
static REFERENCE: AtomicU64 = AtomicU64::new(0);

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("UHASH_FUZZ_TALLY").is_some_and(|v| v == "1"))
}

/// One input begins (call first in the target). Prints the counts so far
/// at every power of two and every 20,000 inputs.
pub fn input() {
    let n = INPUTS.fetch_add(1, Relaxed);
    if enabled() && n > 0 && (n.is_power_of_two() || n.is_multiple_of(20_000)) {
        let (c, r) = (COMPARED.load(Relaxed), REFERENCE.load(Relaxed));
        eprintln!(
            "uhash-fuzz tally: inputs {n} compared {c} ({:.1}%) reference {r} ({:.1}% of compared)",
            100.0 * c as f64 / n as f64,
            100.0 * r as f64 / c.max(1) as f64
        );
    }
}

/// This input compares the backend with the portable one, and with the
/// reference if `reference`.
pub fn record(reference: bool) {
    COMPARED.fetch_add(1, Relaxed);
    if reference {
        REFERENCE.fetch_add(1, Relaxed);
    }
}
