//! How `--io auto` reads a large regular file for an algorithm with a
//! parallel path: mapped (`map`: every thread hashes its share of one
//! mapping, paying a page fault per page it first touches, and the process
//! pays again, on one thread, to unmap every page at the end) or read with
//! `pread` (`pread`: every thread copies its share out of the page cache
//! into a buffer of its own, piece by piece, and hashes it there: no page
//! is mapped, every byte is copied once). Which is cheaper depends on the
//! machine, not on the algorithm — what a fault costs against a copy, and
//! how each scales with threads — so it is measured, on the file and the
//! thread count at hand: each of the `threads` threads (at most one per
//! 6 MiB of file) reads, in [`ROUNDS`] rounds run on all threads at once,
//! one [`WINDOW`] of its own share through a mapping of the file and then
//! the next window with `pread`, xoring the 8-byte words of each; the
//! mapping is then unmapped on the calling thread, as at exit. A round's
//! map time (plus a round's share of the unmapping) against its `pread`
//! time, each the fastest of the rounds (the first pays for warming up),
//! decides. The probe reads 2 × [`ROUNDS`] × [`WINDOW`] = 3 MiB per thread;
//! each phase of a round took 0.06–0.5 ms in the traces of the machines
//! below (the whole probe was not timed).
//! Files shorter than [`PROBE_MIN`] are mapped without a probe (the choice
//! is worth at most a few milliseconds there), and each choice is kept for
//! the rest of the run, per file system (`st_dev`) and thread count, so
//! that a list of files is probed once (nothing is written to disk). With
//! the environment variable `UHASH_IO_TRACE` set, each probe's times and
//! choice are written to stderr.
//!
//! What it finds (`benches/cli_scaling.sh`, benches/README.md, "Memory
//! speed"): on a 16-core Intel Xeon (8 GiB in tmpfs) one thread maps a
//! little faster than it copies (1.56 s against 1.79 s), two threads are
//! even, and from 4 threads on the copies win, by 1.4× on 16 threads
//! (0.165 s against 0.235 s): the copies scale with threads, the faults do
//! not (touching one byte per page alone takes 0.198 s on 16 threads), and
//! the unmapping at exit runs on one thread. The probe gets 2 to 16
//! threads right there and mostly picks `pread` on one thread (the
//! unmapping's fixed cost weighs on its small windows). On our 2-core
//! Intel VM the two ways are within 15 %, and which wins changes with the
//! VM's state (faults became 4× dearer there after the caches were
//! dropped): hence a probe per run, not a constant.

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

use crate::args::IoMode;
use crate::blocks::read_at;
use crate::map::Mapping;

/// Bytes each probing thread reads in each phase of a round.
pub const WINDOW: usize = 512 << 10;

/// Rounds of the two phases.
const ROUNDS: usize = 3;

/// Files shorter than this are mapped without a probe.
pub const PROBE_MIN: u64 = 256 << 20;

/// The choices made so far in this run: (file system, threads) → mode.
static CHOSEN: Mutex<Option<HashMap<(u64, usize), IoMode>>> = Mutex::new(None);

/// `map` or `pread` for the first `len` bytes of `file` on `threads`
/// threads: measured (module docs), or `map` for a short file or when the
/// probe cannot run (mapping or reading fails: the real read then reports
/// the error).
pub fn choose(file: &File, len: u64, threads: usize) -> IoMode {
    if len < PROBE_MIN {
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
    let times = measure(file, len, threads);
    let mode = match times {
        Some((map, pread)) if pread < map => IoMode::Pread,
        _ => IoMode::Map,
    };
    if std::env::var_os("UHASH_IO_TRACE").is_some() {
        eprintln!("uhash: io probe on {threads} thread(s): (map, pread) = {times:?} -> {mode:?}");
    }
    if let Ok(mut c) = CHOSEN.lock() {
        c.get_or_insert_with(HashMap::new).insert(key, mode);
    }
    mode
}

/// The wall times of one round of the two phases (mapping, then unmapping
/// a round's pages; `pread`), or `None` when either failed.
pub fn measure(file: &File, len: u64, threads: usize) -> Option<(Duration, Duration)> {
    let size = usize::try_from(len).ok()?;
    let probes = threads.clamp(1, (size / (4 * ROUNDS * WINDOW)).max(1));
    let share = size / probes;
    let map = Mapping::new(file, size, false).ok()?;
    let bytes = map.bytes();
    // Thread t's round i: window 2i of its share through the mapping,
    // window 2i + 1 with `pread` into `buf` (written beforehand, so that
    // its pages are in place before the clock runs). (`black_box(at)`: the
    // mapped bytes cannot change, so without it the compiler may read them
    // before the clock starts.)
    let mapped = |t: usize, i: usize| {
        let at = std::hint::black_box(t * share + 2 * i * WINDOW);
        xor_words(&bytes[at..at + WINDOW])
    };
    let read = |t: usize, i: usize, buf: &mut [u8]| {
        read_at(file, buf, (t * share + (2 * i + 1) * WINDOW) as u64)
            .ok()
            .map(|()| xor_words(buf))
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
            std::hint::black_box(mapped(t, i));
            marks.push(Instant::now());
            if sync {
                barrier.wait();
            }
            marks.push(Instant::now());
            std::hint::black_box(read(t, i, &mut buf))?;
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
    let (map_time, pread_time) = (phase(0)?, phase(2)?);
    // Unmapping costs a mapping per page too, on one thread (at exit, for
    // the whole file): a round's share of it is added to the map phase.
    let t = Instant::now();
    drop(map);
    let unmap = t.elapsed() / ROUNDS as u32;
    Some((map_time + unmap, pread_time))
}

/// The xor of the 8-byte words of `b` (whole 64-byte lines; `b` is a
/// window), in eight lanes so that the loads do not wait on one another.
fn xor_words(b: &[u8]) -> u64 {
    let mut acc = [0u64; 8];
    for line in b.chunks_exact(64) {
        for (a, w) in acc.iter_mut().zip(line.chunks_exact(8)) {
            *a ^= u64::from_le_bytes(w.try_into().unwrap_or_default());
        }
    }
    acc.iter().fold(0, |x, a| x ^ a)
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
