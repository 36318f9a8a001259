//! A regular file read in cache-sized blocks by several threads and hashed
//! in order by one: N threads copy blocks out of the page cache with
//! `pread` (block i by thread i mod N, into buffers each thread owns and
//! gets back once the block is hashed), and thread 0, the calling thread,
//! also feeds every block to a streaming state in file order. The copy is the expensive
//! part (the page cache is read at memory speed, without the page faults
//! of a mapping), and it runs on every core; the hash, an order of
//! magnitude cheaper, follows the data while it is still in cache.
//!
//! Memory: `N · PER_READER` blocks of [`BLOCK`] bytes at most.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use uhash_cli::alg::{ReadError, Stream};

/// Bytes per block: one L2 (1 MiB on the machines measured), so that a
/// block just copied is still in cache when it is hashed. Measured on the
/// 2-core AMD EPYC machine of `input`'s figures: 64 KiB 176 ms, 128 KiB
/// 122 ms, 256 KiB 100 ms, 512 KiB 97 ms, 1 MiB 93 ms, 4 MiB 98 ms per
/// GiB.
pub const BLOCK: usize = 1 << 20;

/// Buffers per reader thread (one being filled, the others in flight).
const PER_READER: usize = 3;

/// Feeds the first `len` bytes of `file` to `state` in order, read by
/// `readers` threads (at least 1): the calling thread reads block i when
/// i mod `readers` is 0 and hashes every block; `readers` − 1 more
/// threads read the others. `done` counts the bytes hashed.
pub fn hash_file(
    file: &File,
    len: u64,
    readers: usize,
    state: &mut dyn Stream,
    done: &AtomicU64,
) -> Result<(), ReadError> {
    let readers = readers.max(1);
    let nblocks = usize::try_from(len.div_ceil(BLOCK as u64))
        .map_err(|_| ReadError::Read(io::Error::other("file too large")))?;
    let block_range = |i: usize| {
        let start = i as u64 * BLOCK as u64;
        (start, (len - start).min(BLOCK as u64) as usize)
    };
    let (full_tx, full_rx) = mpsc::channel::<(usize, io::Result<Vec<u8>>)>();
    std::thread::scope(|s| {
        // returns[r - 1] hands reader r its buffers back.
        let mut returns = Vec::with_capacity(readers - 1);
        for r in 1..readers {
            let (back_tx, back_rx) = mpsc::channel::<Vec<u8>>();
            returns.push(back_tx);
            let full_tx = full_tx.clone();
            s.spawn(move || {
                let mut spare: Vec<Vec<u8>> = (0..PER_READER).map(|_| vec![0u8; BLOCK]).collect();
                for i in (r..nblocks).step_by(readers) {
                    let Some(mut buf) = spare.pop().or_else(|| back_rx.recv().ok()) else {
                        return; // the hashing thread stopped
                    };
                    let (at, n) = block_range(i);
                    let got = read_at(file, &mut buf[..n], at).map(|()| buf);
                    let failed = got.is_err();
                    if full_tx.send((i, got)).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(full_tx);
        let mut own = vec![0u8; BLOCK];
        // In file order; blocks that arrive early wait in `pending`.
        let mut pending = BTreeMap::new();
        for next in 0..nblocks {
            let (at, n) = block_range(next);
            let r = next % readers;
            if r == 0 {
                read_at(file, &mut own[..n], at).map_err(ReadError::Read)?;
                state.update(&own[..n]).map_err(ReadError::Hash)?;
            } else {
                let buf = loop {
                    if let Some(buf) = pending.remove(&next) {
                        break buf;
                    }
                    let Ok((i, got)) = full_rx.recv() else {
                        return Err(ReadError::Read(io::Error::other("a reader thread stopped")));
                    };
                    pending.insert(i, got.map_err(ReadError::Read)?);
                };
                state.update(&buf[..n]).map_err(ReadError::Hash)?;
                // A reader that has finished no longer listens.
                let _ = returns[r - 1].send(buf);
            }
            done.fetch_add(n as u64, Ordering::Relaxed);
        }
        Ok(())
        // Leaving the scope drops `returns`: a reader still waiting for a
        // buffer (after an error) sees the channel closed and ends.
    })
}

/// Reads exactly `buf.len()` bytes of `file` at `offset`.
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}
