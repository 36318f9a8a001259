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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// The sample tells a file dropped from the page cache
    /// (`posix_fadvise(POSIX_FADV_DONTNEED)` once it is on disk) from the
    /// same file read back in. The file lies under the workspace's
    /// `target/` (on disk: tmpfs would answer `None`).
    #[test]
    fn sample_tells_a_dropped_file_from_a_cached_one() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/residency");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("sample.bin");
        let len = 4u64 << 20;
        let mut f = File::create(&path).unwrap();
        f.write_all(&vec![7u8; len as usize]).unwrap();
        f.sync_all().unwrap();
        let f = File::open(&path).unwrap();
        rustix::fs::fadvise(&f, 0, None, rustix::fs::Advice::DontNeed).unwrap();
        let dropped = cached_samples(&f, len);
        assert_eq!(dropped, Some(0), "{}", path.display());
        assert!(mostly_on_disk(0));
        // Read back (the sample has only started reading a few pages).
        (&f).read_to_end(&mut Vec::new()).unwrap();
        assert_eq!(cached_samples(&f, len), Some(SAMPLES));
        assert!(!mostly_on_disk(SAMPLES));
        assert!(!mostly_on_disk(SAMPLES - SAMPLES / 4 + 1));
        assert!(mostly_on_disk(SAMPLES - SAMPLES / 4));
        let _ = std::fs::remove_file(&path);
    }
}
