//! `page_layout`: how the pages of a file in the page cache lie in physical
//! memory, which the figures of `benches/cli_scaling.sh` depend on (the
//! hardware prefetchers do well on pages next to each other; on the 2-core
//! VM of benches/README.md, "Memory speed", `page_touch --words` took
//! 0.129–0.141 s on a 1 GiB tmpfs file with 91 % of its pages in runs of 16
//! or more and 0.153–0.168 s on one with about 30 %).
//!
//! ```text
//! page_layout FILE
//! ```
//!
//! Maps the file, reads one byte of every page (which maps it, and reads it
//! into the page cache if it was not there), and reads each page's frame
//! number from `/proc/self/pagemap` (Linux; without `CAP_SYS_ADMIN` the
//! kernel gives zeros, and the line says that the layout is unknown).
//! Prints one line: the share of the file's pages in runs of physically
//! contiguous pages of at least 16 and of at least 512 (a 2 MiB folio).

#[cfg(target_os = "linux")]
fn main() {
    use std::os::unix::fs::FileExt;

    let path = match std::env::args().nth(1) {
        Some(p) if p != "-h" && p != "--help" => p,
        _ => die("usage: page_layout FILE"),
    };
    let file = std::fs::File::open(&path).unwrap_or_else(|e| die(&format!("{path}: {e}")));
    // SAFETY: a read-only mapping of a file this process opened; the bytes
    // are only read (one per page, into a checksum nobody trusts), so a
    // concurrent writer can change a value read but nothing else.
    let map = unsafe { memmap2::Mmap::map(&file) }
        .unwrap_or_else(|e| die(&format!("{path}: mmap failed: {e}")));
    if map.is_empty() {
        die(&format!("{path}: empty"));
    }
    let page = page_size();
    let pages = map.len().div_ceil(page);
    let touched = map.iter().step_by(page).fold(0u8, |a, &b| a ^ b);
    std::hint::black_box(touched);
    let entries = std::fs::File::open("/proc/self/pagemap")
        .and_then(|pm| {
            let mut raw = vec![0u8; 8 * pages];
            pm.read_exact_at(&mut raw, (map.as_ptr() as usize / page * 8) as u64)?;
            Ok(raw)
        })
        .unwrap_or_else(|e| die(&format!("/proc/self/pagemap: {e}")));
    let frames: Vec<u64> = entries
        .chunks_exact(8)
        .map(|e| frame(u64::from_le_bytes(e.try_into().expect("8 bytes"))))
        .collect();
    drop(map);
    println!("{path}: {}", describe(&frames));
}

/// The page frame number of a pagemap entry: bits 0–54 when bit 63 says
/// the page is present, else 0 (as the kernel gives without
/// `CAP_SYS_ADMIN`).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn frame(entry: u64) -> u64 {
    if entry >> 63 == 1 {
        entry & ((1 << 55) - 1)
    } else {
        0
    }
}

/// The line for a file whose pages have these frame numbers (in file
/// order): all zero means the kernel did not give them.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn describe(frames: &[u64]) -> String {
    if frames.iter().all(|&f| f == 0) {
        return format!(
            "{} pages, layout unknown (no page frame numbers: needs CAP_SYS_ADMIN)",
            frames.len()
        );
    }
    let runs = runs(frames);
    let share = |min: usize| {
        let n: usize = runs.iter().filter(|&&r| r >= min).sum();
        100.0 * n as f64 / frames.len() as f64
    };
    format!(
        "{} pages, {:.0} % in physically contiguous runs of >= 16 pages, {:.0} % in runs of >= 512",
        frames.len(),
        share(16),
        share(512)
    )
}

/// The lengths of the runs of consecutive frame numbers, in order.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn runs(frames: &[u64]) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut len = 0usize;
    for (i, &f) in frames.iter().enumerate() {
        if i > 0 && f == frames[i - 1].wrapping_add(1) {
            len += 1;
        } else {
            if len > 0 {
                runs.push(len);
            }
            len = 1;
        }
    }
    runs.push(len);
    runs
}

/// The size of a page of memory (4 KiB where it cannot be asked).
#[cfg(target_os = "linux")]
fn page_size() -> usize {
    // SAFETY: `sysconf` has no preconditions; it returns −1 on failure.
    let n = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(n).ok().filter(|&n| n > 0).unwrap_or(4096)
}

#[cfg(not(target_os = "linux"))]
fn main() {
    die("page_layout needs /proc/self/pagemap (Linux)");
}

fn die(msg: &str) -> ! {
    eprintln!("page_layout: {msg}");
    std::process::exit(2);
}

#[cfg(test)]
mod tests {
    use super::{describe, frame, runs};

    #[test]
    fn a_frame_counts_only_for_a_present_page() {
        assert_eq!(frame((1 << 63) | (1 << 55) | 0x1234), 0x1234);
        assert_eq!(frame(0x1234), 0);
        assert_eq!(frame(1 << 63), 0);
    }

    #[test]
    fn runs_are_the_stretches_of_consecutive_frames() {
        assert_eq!(runs(&[7]), [1]);
        assert_eq!(runs(&[5, 6, 7, 9, 10, 3]), [3, 2, 1]);
        assert_eq!(runs(&[4, 3, 2]), [1, 1, 1]);
        let long: Vec<u64> = (100..612).chain(1000..1016).chain([5]).collect();
        assert_eq!(runs(&long), [512, 16, 1]);
        assert_eq!(
            describe(&long),
            "529 pages, 100 % in physically contiguous runs of >= 16 pages, 97 % in runs of >= 512"
        );
    }

    #[test]
    fn zero_frames_say_the_layout_is_unknown() {
        assert!(describe(&[0, 0, 0]).contains("layout unknown"));
    }
}
