//! How `--io auto` reads a large regular file for an algorithm with a
//! parallel path: mapped (`map`, [`crate::map::MapRead`]: every thread
//! hashes its share of one mapping in windows, each window's pages mapped
//! in one call, hashed from memory and unmapped again) or read with `pread`
//! (`pread`, [`crate::pread`]: every thread copies its share out of the
//! page cache into a buffer of its own, piece by piece, and hashes it
//! there: no page is mapped, every byte is copied once). Which is cheaper
//! depends on the machine — what mapping and unmapping a page costs against
//! copying it, how each scales with threads, how fast the algorithm's
//! kernels read from memory rather than from cache — so it is measured, on
//! the file, the thread count and the algorithm at hand, by the hash
//! itself ([`Probing`]): each thread reads the first windows it is given
//! alternately as `map` takes them (at least [`MAP_TIMED`] and at most
//! [`MAP_STEP_MAX`] bytes per step, in the windows `map` takes on this many
//! threads, [`crate::map::window`], or one of the step's length where those
//! are longer: mapped, hashed, released) and as `pread` takes
//! a piece (of [`WINDOW`] bytes: copied, hashed), and times each step (one
//! cut to less than a quarter by the end of its range is read but not
//! counted). After [`STEPS`](figures::STEPS) steps a thread settles the
//! choice, if no thread has, on the fastest step of each kind per MiB (the
//! first pays for warming up) that it and the threads before it timed —
//! provided its own figures are steady (the fastest of each kind confirmed
//! by a second within [`STEADY`](figures::STEADY)) and clear (one kind
//! faster by [`CLEAR`](figures::CLEAR)); otherwise it times more, up to
//! [`STEPS_MAX`](figures::STEPS_MAX) ([`figures::ready`]), so that a stall of the
//! machine during the first steps does not make the choice. From then on
//! every thread reads the rest of its share the chosen way. The windows
//! timed are windows of the message, hashed once: the probe costs only
//! what the slower way loses on the steps of that kind (before, a
//! separate probe hashed 6 MiB per thread for nothing and synchronised
//! the threads for each phase: 2.7–4.8 ms of a 78 ms run on two threads).
//! With the environment variable `UHASH_IO_TRACE` set, each choice, the
//! times it was made on and when it was made are written to stderr.
//!
//! A file mostly not in the page cache (a sample of 16 of its pages,
//! [`crate::residency`]) is mapped without a probe: the probe would time
//! the disk, not a fault against a copy. Mapped, each thread reads its
//! segments front to back, so the disk gets one stream per thread. On the
//! 2-core VM, 1 GiB on its disk dropped from the page cache before each run
//! (5 rounds in rotated order, medians, s): `dd bs=1M` 2.49, mapped on two
//! threads 1.04, on one 1.19; `pread` on two threads 1.56 against 1.62
//! mapped in another set of rounds (benches/README.md, "Memory speed",
//! where this disk's quirks are).
//! Files shorter than [`PROBE_MIN`] are mapped without a probe (the choice
//! is worth at most a few milliseconds there), and each choice is kept for
//! the rest of the run, per file system (`st_dev`) and thread count, so
//! that a list of files is probed once (nothing is written to disk: what a
//! fault costs changes with the machine's state, see below).
//!
//! What it finds (`benches/cli_scaling.sh`, benches/README.md, "Memory
//! speed"): on the 2-core Intel VM, 1 GiB in tmpfs, `map` takes 0.19 s on
//! one thread and 0.10 s on two, `pread` 0.29 s and 0.14 s (the copy out
//! of the page cache, 62 % of a one-thread `pread` profile, runs at about
//! 6 GB/s), and the probe picks `map`; in the spells when the same VM
//! maps pages four times slower (after the caches were dropped, `touch`
//! 0.43 s instead of 0.09 s) `pread` wins (0.29 s against 0.36 s on one
//! thread, 0.155 s against 0.169 s on two) and `auto` follows it (0.30 s,
//! 0.145 s). On a 16-core Intel Xeon (8 GiB, before the windows: the whole
//! file mapped, and unmapped at exit on one thread) the copies won from 4
//! threads on, by 1.4× on 16 (0.165 s against 0.235 s), because the faults
//! did not scale and the unmapping ran on one thread; how the windows
//! compare there has not been measured, which is one more reason to
//! measure rather than fix the choice.

use std::cell::Cell;
use std::collections::HashMap;
use std::fs::File;
use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use uhash::base::pieces::{Pieces, Sink};

use crate::args::IoMode;
use crate::map::MapRead;
use crate::pread::FileRead;

mod figures;

use figures::Best;

/// Bytes of `pread` a thread times per step (one [`crate::blocks::BLOCK`],
/// the piece `pread` reads at a time).
const WINDOW: usize = crate::blocks::BLOCK;

/// Bytes of `map` a thread times at least per step: on one thread, four
/// of its 1 MiB windows. One window takes some 0.2 ms there, and single
/// windows varied up to 4× within a run (most in a process started after a
/// pause), where `pread`'s pieces varied little: timed one window per
/// step, 7 of 150 runs started 0.1 s apart chose `pread`, which took
/// 0.202–0.234 s against 0.151–0.206 s for `map` in such runs; timed four
/// at a time, with the rules of [`figures::ready`], none of 150 did
/// (2-core Intel VM, 1 GiB in tmpfs, nhx4-mac, `UHASH_IO_TRACE=1`).
const MAP_TIMED: usize = 4 << 20;

/// Bytes of `map` a thread times at most per step: one window of up to
/// 16 MiB. The windows of more than one thread are 64 MiB, four times as
/// long: timed whole, the three `map` steps of each thread's first six
/// (up to six of twelve) would span 384 MiB (768 MiB) on two threads
/// before the choice, and a file of a few hundred MiB would end first.
/// The shorter window of a step costs what 16 MiB windows cost against
/// 64 MiB on two threads, for the steps alone: up to 3.6 %
/// (`crate::map::window`).
const MAP_STEP_MAX: usize = 16 << 20;

/// Files shorter than this are mapped without a probe.
const PROBE_MIN: u64 = 256 << 20;

/// The choices made so far in this run: (file system, threads) → mode.
static CHOSEN: Mutex<Option<HashMap<(u64, usize), IoMode>>> = Mutex::new(None);

/// `map` or `pread` for reading the first `len` bytes of `file` on
/// `threads` threads when that is known without reading it: `map` for a
/// short file or one mostly not in the page cache ([`crate::residency`]),
/// or the choice made earlier in this run for the same file system and
/// thread count; `None` when it is to be measured ([`Probing`]).
pub fn known(file: &File, len: u64, threads: usize) -> Option<IoMode> {
    if len < PROBE_MIN {
        return Some(IoMode::Map);
    }
    // Sampled where a probe would run, and never kept: whether a file is
    // cached is a property of the file.
    let cached = crate::residency::cached_samples(file, len);
    if let Some(cached) = cached.filter(|&c| crate::residency::mostly_on_disk(c)) {
        trace(format_args!(
            "{cached} of {} sampled pages in the page cache -> {:?} (not probed)",
            crate::residency::SAMPLES,
            IoMode::Map
        ));
        return Some(IoMode::Map);
    }
    CHOSEN
        .lock()
        .ok()
        .and_then(|c| c.as_ref()?.get(&(device_of(file), threads)).copied())
}

/// Tells the [`Probing`] readers apart in the threads' own records.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// What a thread has timed for one [`Probing`] reader.
#[derive(Clone, Copy)]
struct Own {
    /// The reader ([`Probing::id`]).
    id: u64,
    /// Steps timed so far.
    steps: u32,
    /// The fastest steps of each kind (`map`, `pread`).
    best: [Best; 2],
}

thread_local! {
    /// This thread's record, for the reader it worked for last.
    static OWN: Cell<Own> = const {
        Cell::new(Own { id: 0, steps: 0, best: [Best::NONE; 2] })
    };
}

/// A file read by `--io auto` while the choice between `map` and `pread` is
/// measured on it (module docs): the same bytes, in the same pieces'
/// order, as either reader gives.
pub struct Probing<'a> {
    /// The file mapped, read in windows.
    map: MapRead<'a>,
    /// The file read with `pread`.
    read: FileRead<'a>,
    /// Bytes timed per step: of `map` (its windows, at least
    /// [`MAP_TIMED`] and at most [`MAP_STEP_MAX`]) and of `pread`
    /// ([`WINDOW`]); smaller in the tests.
    timed: [usize; 2],
    /// The thread count the choice is kept for, and the file system.
    key: (u64, usize),
    /// This reader, in the threads' records.
    id: u64,
    /// 0 while measuring, then 1 + the index of the choice (`map`, `pread`).
    chosen: AtomicU8,
    /// The fastest steps of each kind timed by the threads that
    /// finished.
    best: Mutex<[Best; 2]>,
    /// When the reader was made (for the trace).
    start: Instant,
}

impl<'a> Probing<'a> {
    /// A reader of `file` through `map` and `read`, for `threads` threads.
    pub fn new(file: &File, threads: usize, map: MapRead<'a>, read: FileRead<'a>) -> Self {
        Probing {
            map,
            read,
            timed: [map.window.clamp(MAP_TIMED, MAP_STEP_MAX), WINDOW],
            key: (device_of(file), threads),
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            chosen: AtomicU8::new(0),
            best: Mutex::new([Best::NONE; 2]),
            start: Instant::now(),
        }
    }

    /// The choice, once one thread has made it.
    pub fn chosen(&self) -> Option<IoMode> {
        match self.chosen.load(Ordering::Acquire) {
            1 => Some(IoMode::Map),
            2 => Some(IoMode::Pread),
            _ => None,
        }
    }

    /// Pools a thread's fastest steps (of `steps` it timed) and, if no
    /// thread has yet, makes the choice from what is pooled.
    fn settle(&self, own: [Best; 2], steps: u32) {
        let Ok(mut best) = self.best.lock() else {
            return;
        };
        *best = [best[0].merge(own[0]), best[1].merge(own[1])];
        let (map, pread) = (best[0].fastest(), best[1].fastest());
        let mode = match (map, pread) {
            (Some(m), Some(p)) if p < m => IoMode::Pread,
            _ => IoMode::Map,
        };
        let code = if mode == IoMode::Pread { 2 } else { 1 };
        if self
            .chosen
            .compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            trace(format_args!(
                "probe on {} thread(s): (map, pread) per MiB = ({map:?}, {pread:?}) -> {mode:?} ({steps} steps, {:?} after the start)",
                self.key.1,
                self.start.elapsed()
            ));
            if let Ok(mut c) = CHOSEN.lock() {
                c.get_or_insert_with(HashMap::new).insert(self.key, mode);
            }
        }
    }
}

impl Pieces for Probing<'_> {
    type Error = io::Error;

    fn len(&self) -> u64 {
        self.read.len
    }

    fn visit(&self, at: u64, len: u64, unit: usize, f: &mut Sink<'_>) -> Result<(), io::Error> {
        let end = at + len;
        let mut pos = at;
        while pos < end {
            match self.chosen() {
                Some(IoMode::Pread) => return self.read.visit(pos, end - pos, unit, f),
                Some(_) => return self.map.visit(pos, end - pos, unit, f),
                None => {}
            }
            let mut own = OWN.with(Cell::get);
            if own.id != self.id {
                own = Own {
                    id: self.id,
                    steps: 0,
                    best: [Best::NONE; 2],
                };
            }
            // The next step of whole units, read and timed the way this
            // thread's turn says: on even steps `map` (in the windows it
            // maps at a time), on odd ones one piece of `pread`.
            let kind = (own.steps % 2) as usize;
            let size = self.timed[kind];
            let Some((_, n)) = crate::spans::spans(pos, end - pos, unit, size).next() else {
                break;
            };
            let t = Instant::now();
            if kind == 0 {
                self.map.visit(pos, n as u64, unit, f)?;
            } else {
                self.read.visit(pos, n as u64, unit, f)?;
            }
            pos += n as u64;
            // Per MiB (the two kinds' steps differ in size); a step cut
            // short by the end of the range is read but not counted: its
            // fixed costs (a system call, a release) would weigh too much.
            if n.saturating_mul(4) < size {
                continue;
            }
            let per_mib = t.elapsed().as_secs_f64() * (1 << 20) as f64 / n as f64;
            own.best[kind] = own.best[kind].with(Duration::from_secs_f64(per_mib));
            own.steps += 1;
            OWN.with(|o| o.set(own));
            if figures::ready(own.steps, &own.best) {
                self.settle(own.best, own.steps);
            }
        }
        Ok(())
    }
}

/// Writes `what` to stderr when the environment variable `UHASH_IO_TRACE`
/// is set.
fn trace(what: std::fmt::Arguments<'_>) {
    if std::env::var_os("UHASH_IO_TRACE").is_some() {
        eprintln!("uhash: io {what}");
    }
}

/// The file system `file` lies on (0 where unknown).
fn device_of(file: &File) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        file.metadata().map_or(0, |m| m.dev())
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Mapping;
    use figures::STEPS;

    /// A file of `len` pseudo-random bytes in the temporary directory (one
    /// `name` per test: the tests run at once), open and mapped, removed
    /// when dropped.
    struct Scratch {
        path: std::path::PathBuf,
        bytes: Vec<u8>,
        file: File,
        map: Mapping,
        done: AtomicU64,
    }

    impl Scratch {
        fn new(len: usize, name: &str) -> Scratch {
            let bytes = uhash_testkit::data::bytes(len, 31);
            let path =
                std::env::temp_dir().join(format!("uhash-probe-{name}-{}", std::process::id()));
            std::fs::write(&path, &bytes).unwrap();
            let file = File::open(&path).unwrap();
            let map = Mapping::new(&file, len, false).unwrap();
            let done = AtomicU64::new(0);
            Scratch {
                path,
                bytes,
                file,
                map,
                done,
            }
        }

        /// A [`Probing`] reader of the file for `threads` threads, mapping
        /// `window` bytes at a time, as `input.rs` makes it.
        fn reader(&self, threads: usize, window: usize) -> Probing<'_> {
            let windows = MapRead {
                map: &self.map,
                window,
                done: &self.done,
            };
            let read = FileRead {
                file: &self.file,
                len: self.bytes.len() as u64,
                done: &self.done,
            };
            Probing::new(&self.file, threads, windows, read)
        }

        /// [`Scratch::reader`] timing `map` steps of one `window` and
        /// `pread` steps of `piece` bytes.
        fn probing(&self, threads: usize, window: usize, piece: usize) -> Probing<'_> {
            let mut p = self.reader(threads, window);
            p.timed = [window, piece];
            p
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// Read through [`Probing`] by several threads at once, each range
    /// arrives whole and in order, in pieces of whole units but the last,
    /// both while the steps are timed and after the choice; a thread that
    /// timed its steps makes the choice, and it is kept for the file
    /// system and thread count.
    #[test]
    fn probing_reads_every_byte_in_order_and_settles() {
        let s = Scratch::new((3 << 20) + 4099, "order");
        let len = s.bytes.len() as u64;
        let threads = 3;
        let p = s.probing(threads, 96 << 10, 40 << 10);
        assert_eq!(p.chosen(), None);
        // Three ranges of different units, one per thread; the first and
        // the last are long enough for STEPS_MAX steps.
        let ranges = [
            (0u64, 1u64 << 20, 16usize),
            (1 << 20, 1 << 20, 4099),
            (2 << 20, len - (2 << 20), 1),
        ];
        std::thread::scope(|sc| {
            for (at, n, unit) in ranges {
                let (p, whole) = (&p, &s.bytes);
                sc.spawn(move || {
                    let mut got = Vec::new();
                    let mut short = 0;
                    p.visit(at, n, unit, &mut |piece| {
                        short += usize::from(piece.len() % unit != 0);
                        got.extend_from_slice(piece);
                    })
                    .unwrap();
                    assert_eq!(got, whole[at as usize..(at + n) as usize], "{at}");
                    assert!(short <= 1, "{at}: {short} pieces of part units");
                });
            }
        });
        let mode = p.chosen().expect("a thread timed its windows");
        assert_eq!(s.done.load(Ordering::Relaxed), len);
        assert_eq!(known(&s.file, PROBE_MIN, threads), Some(mode));
        // A new reader times its own windows from the start.
        let again = s.probing(threads, 96 << 10, 40 << 10);
        assert_eq!(again.chosen(), None);
        let mut got = Vec::new();
        again
            .visit(0, len, 16, &mut |piece| got.extend_from_slice(piece))
            .unwrap();
        assert_eq!(got, s.bytes);
        assert!(again.chosen().is_some());
    }

    /// The choice is the kind with the smaller time per MiB, made once: a
    /// later thread's figures are pooled but change nothing.
    #[test]
    fn the_faster_kind_per_mib_is_chosen_once() {
        let s = Scratch::new(4096, "once");
        let ms = |n: u64| Best::NONE.with(Duration::from_millis(n));
        // Thread counts no other test uses: the choice is kept per count.
        for (threads, own, want) in [
            (5, [ms(2), ms(1)], IoMode::Pread),
            (6, [ms(1), ms(2)], IoMode::Map),
            (7, [ms(1), Best::NONE], IoMode::Map),
        ] {
            let p = s.probing(threads, WINDOW, WINDOW);
            p.settle(own, STEPS);
            assert_eq!(p.chosen(), Some(want), "{threads}");
            p.settle([ms(9), ms(0)], STEPS);
            assert_eq!(p.chosen(), Some(want), "{threads}: settled once");
            assert_eq!(known(&s.file, PROBE_MIN, threads), Some(want));
        }
    }

    /// A `map` step is at least MAP_TIMED bytes, in `map`'s own windows,
    /// and at most MAP_STEP_MAX: four of one thread's 1 MiB, 16 MiB of
    /// more threads' 64 MiB; a `pread` step is one piece.
    #[test]
    fn a_map_step_spans_map_timed_bytes() {
        let s = Scratch::new(4096, "timed");
        for (window, want) in [
            (1 << 20, MAP_TIMED),
            (16 << 20, 16 << 20),
            (crate::map::window(2), MAP_STEP_MAX),
        ] {
            assert_eq!(s.reader(2, window).timed, [want, WINDOW], "{window}");
        }
    }
}
