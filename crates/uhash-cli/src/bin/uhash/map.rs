//! A regular file mapped read-only into memory (`memmap2`), and read
//! through the mapping in windows: the one module of the command line with
//! `unsafe` blocks.
//!
//! [`MapRead`] is how `--io map` hashes a file on every thread: each thread
//! takes segments of the algorithm's parallel split (`Keyed::compute_from`)
//! and walks each in windows of [`window`] bytes — the kernel maps a
//! window's pages in one call (`MADV_POPULATE_READ`) instead of one page
//! fault per 16 pages, the window is hashed, and its pages are unmapped
//! again (`MADV_DONTNEED`) while their page structures are still in the
//! core's cache, on the thread that mapped them, instead of all at once on
//! one thread at exit. Measured on a 1 GiB file in tmpfs on the 2-core
//! Intel VM of benches/README.md ("Memory speed"): Poly1305-AES on one
//! thread 0.24 s mapped whole, 0.22 s in windows of 1 MiB (the
//! unmapping's share of the profile went from 12 % to 2 %); on two threads
//! 0.14 s and 0.12 s in windows of 16 MiB. (With the IFMA kernel's
//! prefetch, added after: 0.19 s and 0.10 s.)
#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};

use uhash::base::pieces::{Pieces, Sink};

/// A read-only mapping of a whole file (or nothing, for an empty file).
pub struct Mapping(Option<memmap2::Mmap>);

impl Mapping {
    /// Maps the first `len` bytes of `file` (its length when it was
    /// opened); with `populate`, the kernel maps every page up front
    /// (`MAP_POPULATE` on Linux) instead of on first touch.
    pub fn new(file: &File, len: usize, populate: bool) -> io::Result<Mapping> {
        if len == 0 {
            return Ok(Mapping(None));
        }
        let mut opts = memmap2::MmapOptions::new();
        opts.len(len);
        if populate {
            opts.populate();
        }
        // SAFETY: the mapping is read-only, and `Mapping` hands out its bytes
        // only for as long as it lives. What no mapping can rule out is
        // another process changing the file meanwhile, against the promise
        // of `&[u8]` that the bytes do not change (the assumption every tool
        // that maps its input makes: b3sum, ripgrep): a write makes the hash
        // cover a mix of old and new bytes, as a `read` racing the writer
        // would; a truncation makes the next touch of a page past the new
        // end raise SIGBUS, which ends the process before the line of this
        // input is written.
        let map = unsafe { opts.map(file) }?;
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        Ok(Mapping(Some(map)))
    }

    /// The mapped bytes.
    pub fn bytes(&self) -> &[u8] {
        self.0.as_deref().unwrap_or_default()
    }

    /// Has the kernel map the pages of bytes `at .. at + len` now, in one
    /// call (`MADV_POPULATE_READ`, Linux 5.14 and later). Where that is
    /// not available, or fails, nothing happens: the pages are then mapped
    /// when first touched, and a page that cannot be read raises the same
    /// signal it would have.
    pub fn populate(&self, at: usize, len: usize) {
        #[cfg(target_os = "linux")]
        if let Some(m) = &self.0 {
            let _ = m.advise_range(memmap2::Advice::PopulateRead, at, len);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = (at, len);
    }

    /// Unmaps this process's view of the whole pages within bytes
    /// `at .. at + len` (`MADV_DONTNEED`; a no-op outside Unix or where it
    /// fails). The bytes do not change: a later read of them maps the
    /// same pages of the page cache again (a page fault, nothing else).
    pub fn release(&self, at: usize, len: usize) {
        #[cfg(unix)]
        if let Some(m) = &self.0 {
            let page = page_size();
            let (start, end) = (at.next_multiple_of(page), (at + len) / page * page);
            if start < end {
                // SAFETY: `MADV_DONTNEED` on a shared, read-only mapping of
                // a file only drops page-table entries: the pages stay in
                // the page cache, and the next read of any of these bytes
                // faults the same page in again, with the same bytes (the
                // file, as `Mapping::new` assumes, is not changed
                // meanwhile). No byte behind a `&[u8]` handed out by
                // `bytes` changes value, and the range lies within the
                // mapping (`advise_range` checks it).
                let _ = unsafe {
                    m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
                };
            }
        }
        #[cfg(not(unix))]
        let _ = (at, len);
    }
}

/// The size of a page of memory (4 KiB where it cannot be asked).
#[cfg(unix)]
fn page_size() -> usize {
    // SAFETY: `sysconf` has no preconditions; it returns −1 on failure.
    let n = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(n).ok().filter(|&n| n > 0).unwrap_or(4096)
}

/// Bytes a thread maps, hashes and releases at a time with `threads`
/// threads. One thread: 1 MiB (the page structures of a window, 16 KiB of
/// them, are still cached when its pages are released). More threads:
/// 64 MiB, because unmapping pages of a process that runs on other cores
/// interrupts each of them to flush its TLB, and fewer releases send fewer
/// interrupts. Measured with Poly1305-AES on 1 GiB (2-core Intel VM,
/// medians of 11, s): one thread 0.210 / 0.199 / 0.216 in windows of
/// 256 KiB / 1 MiB / 4 MiB (0.206 in 1 MiB windows without `populate`);
/// two threads 0.120 / 0.115 / 0.109 / 0.107 in windows of 1 / 4 / 16 /
/// 64 MiB (0.114 in 16 MiB windows without `populate`; in a C prototype of
/// the same loop on two threads, 64 KiB windows took 0.30 s against 0.10 s
/// for 1 MiB). Later, with the kernels' L2 request one page ahead
/// (`uhash_base::prefetch`), two threads, 16 → 64 MiB, medians of 9 in
/// turns: poly1305-aes 0.0787 → 0.0790 and 0.0675 → 0.0653, nhx4-mac 0.0823
/// → 0.0806 and 0.0720 → 0.0696, mmh32x4-mac 0.0813 → 0.0798 and 0.0700 →
/// 0.0675, on files with 26 % and 84 % of their pages physically
/// contiguous (benches/README.md, "Memory speed"). The probe times `map`
/// in steps of at most 16 MiB all the same (`probe::MAP_STEP_MAX`).
pub fn window(threads: usize) -> usize {
    if threads <= 1 { 1 << 20 } else { 64 << 20 }
}

/// A mapped file as [`Pieces`]: each visited range is handed out in
/// windows, each populated before and released after it is hashed (module
/// docs); `done` counts the bytes hashed.
#[derive(Clone, Copy)]
pub struct MapRead<'a> {
    /// The mapping.
    pub map: &'a Mapping,
    /// Bytes per window ([`window`]).
    pub window: usize,
    /// Bytes hashed so far (for the progress line).
    pub done: &'a AtomicU64,
}

impl Pieces for MapRead<'_> {
    type Error = io::Error;

    fn len(&self) -> u64 {
        self.map.bytes().len() as u64
    }

    fn visit(&self, at: u64, len: u64, unit: usize, f: &mut Sink<'_>) -> Result<(), io::Error> {
        let bytes = self.map.bytes();
        for (pos, n) in crate::spans::spans(at, len, unit, self.window) {
            // `at + len ≤ self.len()` (the caller's promise): it fits.
            let pos = pos as usize;
            self.map.populate(pos, n);
            f(&bytes[pos..pos + n]);
            self.map.release(pos, n);
            self.done.fetch_add(n as u64, Ordering::Relaxed);
        }
        Ok(())
    }
}
