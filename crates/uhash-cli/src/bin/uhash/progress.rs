//! The progress line: on stderr, only when stderr is a terminal and the
//! input is over [`THRESHOLD`] bytes (or a stream that has passed it);
//! redrawn four times a second and erased when the input is done.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Inputs larger than this (1 GiB) get a progress line.
pub const THRESHOLD: u64 = 1 << 30;

const TICK: Duration = Duration::from_millis(250);

fn gib(n: u64) -> f64 {
    n as f64 / f64::from(1u32 << 30)
}

/// The progress text: bytes done (when counted), the total (when known),
/// the time so far.
fn line(name: &str, len: Option<u64>, done: Option<u64>, secs: f64) -> String {
    match (done, len) {
        (Some(d), Some(l)) if l > 0 => format!(
            "{name}: {:.1} of {:.1} GiB ({:.0}%), {secs:.1} s",
            gib(d),
            gib(l),
            d as f64 * 100.0 / l as f64
        ),
        (Some(d), _) => format!("{name}: {:.1} GiB, {secs:.1} s", gib(d)),
        (None, Some(l)) => format!("{name}: {:.1} GiB on every thread, {secs:.1} s", gib(l)),
        (None, None) => format!("{name}: {secs:.1} s"),
    }
}

/// Runs `f`, drawing the progress of the input `name` (`len` bytes if
/// known; `done` counts the bytes read so far, where they are counted).
pub fn run<T>(name: &str, len: Option<u64>, done: Option<&AtomicU64>, f: impl FnOnce() -> T) -> T {
    let big = len.is_none_or(|l| l > THRESHOLD);
    if !big || !std::io::stderr().is_terminal() {
        return f();
    }
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            let start = Instant::now();
            let mut drawn = false;
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                let d = done.map(|c| c.load(Ordering::Relaxed));
                if len.is_none() && d.is_some_and(|d| d <= THRESHOLD) {
                    continue;
                }
                let text = line(name, len, d, start.elapsed().as_secs_f64());
                let _ = write!(std::io::stderr(), "\r\x1b[Kuhash: {text}");
                drawn = true;
            }
            if drawn {
                let _ = write!(std::io::stderr(), "\r\x1b[K");
            }
        });
        let out = f();
        drop(stop);
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(
            line("a", Some(4 << 30), Some(1 << 30), 1.25),
            "a: 1.0 of 4.0 GiB (25%), 1.2 s"
        );
        assert_eq!(line("-", None, Some(3 << 29), 2.0), "-: 1.5 GiB, 2.0 s");
        assert_eq!(
            line("b", Some(2 << 30), None, 0.5),
            "b: 2.0 GiB on every thread, 0.5 s"
        );
    }
}
