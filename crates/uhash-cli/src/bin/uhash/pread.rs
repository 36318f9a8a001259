//! A regular file read with `pread` on every thread, each thread hashing
//! what it read (`--io pread`): the file is cut into the segments of the
//! algorithm's parallel path (`Keyed::compute_from`), and the thread that
//! takes a segment reads it in [`crate::blocks::BLOCK`]-sized pieces into a
//! buffer of its own and hashes each piece while it is still in that
//! core's cache. No page of the file is mapped (no page faults), and no
//! block crosses from one core's cache to another's (as in `blocks`, where
//! one thread hashes what the others read).
//!
//! Memory: one block per thread.

use std::cell::RefCell;
use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};

use uhash::base::pieces::{Pieces, Sink};

use crate::blocks::{BLOCK, read_at};

/// The first `len` bytes of `file`, read in pieces; `done` counts the
/// bytes read.
#[derive(Clone, Copy)]
pub struct FileRead<'a> {
    /// The file.
    pub file: &'a File,
    /// Its length when it was opened.
    pub len: u64,
    /// Bytes read so far (for the progress line).
    pub done: &'a AtomicU64,
}

thread_local! {
    /// Each thread's block buffer, kept between segments and inputs.
    static BUF: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

impl Pieces for FileRead<'_> {
    type Error = io::Error;

    fn len(&self) -> u64 {
        self.len
    }

    fn visit(&self, at: u64, len: u64, unit: usize, f: &mut Sink<'_>) -> Result<(), io::Error> {
        BUF.with(|buf| {
            let mut buf = buf.borrow_mut();
            for (pos, n) in crate::spans::spans(at, len, unit, BLOCK) {
                if buf.len() < n {
                    buf.resize(n, 0);
                }
                read_at(self.file, &mut buf[..n], pos)?;
                f(&buf[..n]);
                self.done.fetch_add(n as u64, Ordering::Relaxed);
            }
            Ok(())
        })
    }
}
