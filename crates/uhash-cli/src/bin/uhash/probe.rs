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
//! the file, the thread count and the algorithm at hand: each of the
//! `threads` threads (at most one per 12 MiB of file) takes, in [`ROUNDS`]
//! rounds run on all threads at once, one [`WINDOW`] of its own share as
//! `map` takes a window (mapped, hashed by a streaming state of the
//! algorithm, released) and then the next window as `pread` takes a piece
//! (copied, hashed). The fastest round of each (the first pays for warming
//! up) decides. The probe reads 2 × [`ROUNDS`] × [`WINDOW`] = 6 MiB per
//! thread; on the 2-core VM below a phase takes 0.2–0.55 ms and the whole
//! probe 1.9–5.4 ms (`UHASH_IO_TRACE` lines).
//! A file mostly not in the page cache (a sample of 16 of its pages,
//! [`crate::residency`], taken where a probe would run) is mapped without
//! a probe: the probe would time
//! the disk, not a fault against a copy, and read 6 MiB per thread out of
//! order to do it. Mapped, each thread reads its segments front to back,
//! so the disk gets one stream per thread. On the 2-core VM, 1 GiB on its
//! disk dropped from the page cache before each run (5 rounds in rotated
//! order, medians, s): `dd bs=1M` 2.49, mapped on two threads 1.04, on one
//! 1.19; `pread` on two threads 1.56 against 1.62 mapped in another set of
//! rounds (benches/README.md, "Memory speed", where this disk's quirks
//! are).
//! Files shorter than [`PROBE_MIN`] are mapped without a probe (the choice
//! is worth at most a few milliseconds there), and each choice is kept for
//! the rest of the run, per file system (`st_dev`) and thread count, so
//! that a list of files is probed once (nothing is written to disk: what a
//! fault costs changes with the machine's state, see below). With the
//! environment variable `UHASH_IO_TRACE` set, each probe's times, choice
//! and duration are written to stderr.
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

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

use uhash_cli::alg::Keyed;

use crate::args::IoMode;
use crate::blocks::read_at;
use crate::map::Mapping;

/// Bytes each probing thread hashes in each phase of a round (one
/// [`crate::blocks::BLOCK`], the piece `pread` reads at a time).
pub const WINDOW: usize = crate::blocks::BLOCK;

/// Rounds of the two phases.
const ROUNDS: usize = 3;

/// Files shorter than this are mapped without a probe.
pub const PROBE_MIN: u64 = 256 << 20;

/// The choices made so far in this run: (file system, threads) → mode.
static CHOSEN: Mutex<Option<HashMap<(u64, usize), IoMode>>> = Mutex::new(None);

/// `map` or `pread` for hashing the first `len` bytes of `file` with
/// `keyed` on `threads` threads: measured (module docs), or `map` for a
/// short file, for a file mostly not in the page cache
/// ([`crate::residency`]), or when the probe cannot run (mapping or
/// reading fails: the real read then reports the error).
pub fn choose(file: &File, len: u64, threads: usize, keyed: &dyn Keyed) -> IoMode {
    if len < PROBE_MIN {
        return IoMode::Map;
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
        return IoMode::Map;
    }
    let key = (device_of(file), threads);
    if let Some(m) = CHOSEN
        .lock()
        .ok()
        .and_then(|c| c.as_ref()?.get(&key).copied())
    {
        return m;
    }
    let start = Instant::now();
    let times = measure(file, len, threads, keyed);
    let mode = match times {
        Some((map, pread)) if pread < map => IoMode::Pread,
        _ => IoMode::Map,
    };
    trace(format_args!(
        "probe on {threads} thread(s): (map, pread) = {times:?} -> {mode:?} (probe: {:?})",
        start.elapsed()
    ));
    if let Ok(mut c) = CHOSEN.lock() {
        c.get_or_insert_with(HashMap::new).insert(key, mode);
    }
    mode
}

/// The wall times of one round of the two phases (a window mapped, hashed
/// and released; a window read with `pread` and hashed), or `None` when
/// either failed.
pub fn measure(
    file: &File,
    len: u64,
    threads: usize,
    keyed: &dyn Keyed,
) -> Option<(Duration, Duration)> {
    let size = usize::try_from(len).ok()?;
    let probes = threads.clamp(1, (size / (4 * ROUNDS * WINDOW)).max(1));
    let share = size / probes;
    let map = Mapping::new(file, size, false).ok()?;
    let bytes = map.bytes();
    // Thread t's round i: window 2i of its share as `crate::map::MapRead`
    // reads a window (mapped in one call, hashed, released), window 2i + 1
    // as `crate::pread` reads a piece (copied into `buf`, written
    // beforehand so that its pages are in place, and hashed there). Each
    // window is hashed by a streaming state of `keyed` on the probing
    // thread: the algorithm's own kernels, at their speed from memory and
    // from cache.
    let mapped = |t: usize, i: usize| {
        let at = t * share + 2 * i * WINDOW;
        map.populate(at, WINDOW);
        let hashed = keyed.start().update(&bytes[at..at + WINDOW]).is_ok();
        map.release(at, WINDOW);
        hashed.then_some(())
    };
    let read = |t: usize, i: usize, buf: &mut [u8]| {
        read_at(file, buf, (t * share + (2 * i + 1) * WINDOW) as u64).ok()?;
        keyed.start().update(buf).ok()
    };
    // Each thread's spans: ROUNDS × (map start, map end, pread start,
    // pread end); the rounds are synchronised, so that every phase runs on
    // all threads at once.
    let barrier = Barrier::new(probes);
    let one = |t: usize, sync: bool| -> Option<Vec<Instant>> {
        let mut buf = vec![1u8; WINDOW];
        let mut marks = Vec::with_capacity(4 * ROUNDS);
        for i in 0..ROUNDS {
            if sync {
                barrier.wait();
            }
            marks.push(Instant::now());
            mapped(t, i)?;
            marks.push(Instant::now());
            if sync {
                barrier.wait();
            }
            marks.push(Instant::now());
            read(t, i, &mut buf)?;
            marks.push(Instant::now());
        }
        Some(marks)
    };
    let spans: Vec<Vec<Instant>> = if probes == 1 {
        // One thread: on the calling thread (`--threads 1` starts none).
        vec![one(0, false)?]
    } else {
        // The calling thread only waits: on a machine with `threads` cores
        // it would be one too many.
        let spans: Vec<Option<Vec<Instant>>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..probes)
                .map(|t| {
                    let one = &one;
                    s.spawn(move || one(t, true))
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().ok().flatten())
                .collect()
        });
        spans.into_iter().collect::<Option<_>>()?
    };
    // A phase's wall time runs from the first thread's start to the last
    // one's end; each kind's time is its fastest round (the first round
    // also pays for warming up: caches, page tables, clock speed).
    let phase = |k: usize| {
        (0..ROUNDS)
            .filter_map(|i| {
                let first = spans.iter().map(|s| s[4 * i + k]).min()?;
                let last = spans.iter().map(|s| s[4 * i + k + 1]).max()?;
                Some(last - first)
            })
            .min()
    };
    Some((phase(0)?, phase(2)?))
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
