//! Whether a file is in the page cache, told from a sample of its pages
//! read without waiting (`preadv2` with `RWF_NOWAIT`, Linux 4.14 and
//! later: a read that would have to wait for the disk fails with `EAGAIN`
//! instead). `mincore` and `cachestat` would say more, but only for files
//! the caller owns or may write; a read is allowed wherever the file can
//! be read at all. A sampled page that is missing may be read in by the
//! kernel in the background (a few pages each), which is all the sample
//! costs besides one system call per page.

use std::fs::File;

/// Pages sampled, one in the middle of each of this many equal stripes of
/// the file.
pub const SAMPLES: u64 = 16;

/// How many of the [`SAMPLES`] pages of the first `len` bytes of `file`
/// are in the page cache, or `None` where that cannot be told: outside
/// Linux, and on file systems that do not read without waiting (tmpfs,
/// whose pages are memory anyway, is one).
pub fn cached_samples(file: &File, len: u64) -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use rustix::io::{Errno, ReadWriteFlags, preadv2};
        use std::io::IoSliceMut;
        let mut cached = 0;
        for i in 0..SAMPLES {
            let at = len / (2 * SAMPLES) * (2 * i + 1);
            let mut byte = [0u8; 1];
            match preadv2(
                file,
                &mut [IoSliceMut::new(&mut byte)],
                at,
                ReadWriteFlags::NOWAIT,
            ) {
                Ok(_) => cached += 1,
                Err(Errno::AGAIN) => {}
                Err(_) => return None,
            }
        }
        Some(cached)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (file, len);
        None
    }
}

/// Whether a file of which `cached` of the [`SAMPLES`] pages are in the
/// page cache is taken to be mostly on disk: a quarter of them or more
/// are not.
pub fn mostly_on_disk(cached: u64) -> bool {
    SAMPLES.saturating_sub(cached) * 4 >= SAMPLES
}
