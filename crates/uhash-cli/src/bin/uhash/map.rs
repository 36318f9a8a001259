//! A regular file mapped read-only into memory (`memmap2`): the one
//! `unsafe` block of the command line.
#![allow(unsafe_code)]

use std::fs::File;
use std::io;

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
}
