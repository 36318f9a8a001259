//! What a thread of [`super::Probing`] keeps of the steps it timed (the
//! two fastest of each kind, [`Best`]) and when they are enough to settle
//! the choice ([`ready`]).

use std::time::Duration;

/// Steps each thread times at least: three of each kind, alternately.
pub(super) const STEPS: u32 = 6;

/// Steps each thread times at most: a thread goes on timing, past
/// [`STEPS`], until the fastest step of each kind is confirmed by a
/// second one within [`STEADY`] times it ([`Best::steady`]) and one kind
/// is faster than the other by [`CLEAR`] ([`ready`]).
pub(super) const STEPS_MAX: u32 = 12;

/// How much slower than the fastest step of its kind a second one may be
/// and still confirm it.
pub(super) const STEADY: f64 = 1.5;

/// How much faster per MiB one kind must be than the other for the choice
/// to be made before [`STEPS_MAX`] steps. On the 2-core Intel VM (1 GiB in
/// tmpfs, `UHASH_IO_TRACE=1`, 4 MiB `map` steps) `pread` took 1.32–1.73×
/// `map`'s time per MiB in 95 % of 300 one-thread runs (median 1.55) and
/// 1.28–1.81× in 75 two-thread runs (median 1.43); with one 1 MiB window
/// per step, two runs that a stall made choose `pread` had it 1.03× and
/// 1.14× faster.
pub(super) const CLEAR: f64 = 1.25;

/// The two fastest steps of one kind, in time per MiB, fastest first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Best([Option<Duration>; 2]);

impl Best {
    /// None timed.
    pub(super) const NONE: Best = Best([None; 2]);

    /// These and `t`: the two fastest.
    pub(super) fn with(self, t: Duration) -> Best {
        match self.0 {
            [Some(a), _] if t < a => Best([Some(t), Some(a)]),
            [Some(a), Some(b)] if t >= b => Best([Some(a), Some(b)]),
            [Some(a), _] => Best([Some(a), Some(t)]),
            [None, _] => Best([Some(t), None]),
        }
    }

    /// The two fastest of these and `other`'s.
    pub(super) fn merge(self, other: Best) -> Best {
        other.0.into_iter().flatten().fold(self, Best::with)
    }

    /// The fastest, if any was timed.
    pub(super) fn fastest(self) -> Option<Duration> {
        self.0[0]
    }

    /// Whether the fastest is confirmed: a second step took at most
    /// [`STEADY`] times as long. A step slowed by something else on the
    /// machine (a stall of the virtual machine, another process on the
    /// core) is not confirmed by one that was not, and the thread times
    /// more steps.
    fn steady(self) -> bool {
        match self.0 {
            [Some(a), Some(b)] => b.as_secs_f64() <= a.as_secs_f64() * STEADY,
            _ => false,
        }
    }
}

/// Whether a thread that timed `steps` steps, the fastest of each kind
/// (`map`, `pread`) in `best`, has enough to settle the choice: [`STEPS`]
/// with the fastest of each kind confirmed and one kind clearly the
/// faster, else [`STEPS_MAX`]. Going on costs little where the kinds are
/// close (either is about as good) and catches a choice that a stall of
/// the machine would have made.
pub(super) fn ready(steps: u32, best: &[Best; 2]) -> bool {
    let clear = match best.map(Best::fastest) {
        [Some(m), Some(p)] => {
            let (m, p) = (m.as_secs_f64(), p.as_secs_f64());
            m.max(p) >= m.min(p) * CLEAR
        }
        _ => false,
    };
    steps >= STEPS_MAX || (steps >= STEPS && clear && best.iter().all(|b| b.steady()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Times per MiB in µs as the steps of one kind that a thread timed.
    fn best_of(us: &[u64]) -> Best {
        us.iter()
            .map(|&u| Duration::from_micros(u))
            .fold(Best::NONE, Best::with)
    }

    /// The two fastest steps are kept, fastest first, whatever the order
    /// they come in, and merging keeps the two fastest of both.
    #[test]
    fn best_keeps_the_two_fastest() {
        let us = |a: u64, b: u64| {
            Best([
                Some(Duration::from_micros(a)),
                Some(Duration::from_micros(b)),
            ])
        };
        assert_eq!(best_of(&[]), Best::NONE);
        assert_eq!(best_of(&[7]), Best([Some(Duration::from_micros(7)), None]));
        for order in [
            [3, 1, 2],
            [1, 2, 3],
            [2, 3, 1],
            [3, 2, 1],
            [1, 3, 2],
            [2, 1, 3],
        ] {
            assert_eq!(best_of(&order), us(1, 2), "{order:?}");
        }
        assert_eq!(best_of(&[5, 5, 9]), us(5, 5));
        assert_eq!(best_of(&[4, 8]).merge(best_of(&[6, 2])), us(2, 4));
        assert_eq!(best_of(&[4]).merge(Best::NONE), best_of(&[4]));
        assert_eq!(best_of(&[1, 2]).fastest(), Some(Duration::from_micros(1)));
    }

    /// A thread settles after STEPS steps when the fastest of each kind is
    /// confirmed and one kind is clearly faster, and otherwise goes on
    /// timing up to STEPS_MAX. `stalled` and `quiet` are the steps of two
    /// one-thread runs on the 2-core VM (µs per MiB, one 1 MiB `map`
    /// window per step): in the first a stall slowed the `map` windows
    /// and `pread` won with a fixed number of steps. `close` is built on
    /// the fastest steps of a third such run (`map` 371, `pread` 325),
    /// with second steps made up to be steady.
    #[test]
    fn a_thread_goes_on_timing_until_its_figures_are_steady() {
        let ready =
            |steps: u32, map: &[u64], pread: &[u64]| ready(steps, &[best_of(map), best_of(pread)]);
        let stalled = ([400, 888, 972], [318, 616, 1863]);
        assert!(!ready(STEPS, &stalled.0, &stalled.1));
        assert!(ready(STEPS_MAX, &stalled.0, &stalled.1));
        let quiet = ([221, 238, 365], [317, 460, 901]);
        assert!(ready(STEPS, &quiet.0, &quiet.1));
        assert!(!ready(STEPS - 1, &quiet.0, &quiet.1));
        // One kind unconfirmed is enough to go on, and a kind timed once
        // is not confirmed.
        assert!(!ready(STEPS, &quiet.0, &stalled.1));
        assert!(!ready(STEPS + 2, &[210], &quiet.1));
        // Steady but close: on, up to STEPS_MAX; a clear margin either
        // way settles.
        let close = ([371, 380, 402], [325, 331, 790]);
        assert!(!ready(STEPS, &close.0, &close.1));
        assert!(ready(STEPS_MAX, &close.0, &close.1));
        assert!(ready(STEPS, &[300, 310], &[376, 390]));
        assert!(ready(STEPS, &[376, 390], &[300, 310]));
        assert!(!ready(STEPS, &[300, 310], &[374, 390]));
        // The confirmation margin, 1.5.
        assert!(best_of(&[200, 300]).steady());
        assert!(!best_of(&[200, 301]).steady());
    }
}
