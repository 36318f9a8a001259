//! `page_touch`: two floors under any tool that maps its input. Map a file
//! and, on N threads each taking a contiguous share of it,
//! - read one byte of every 4 KiB page (the default): what the page faults
//!   alone cost;
//! - or, with `--words`, xor every 8-byte little-endian word (a last
//!   partial word padded with zeros): the page faults plus streaming every
//!   byte through a core, the least any MAC of the file can cost.
//!
//! Optionally the pages are populated by the kernel up front
//! (`MAP_POPULATE`). `benches/cli_scaling.sh` and `benches/cli_duel.sh`
//! time it beside `uhash mac`, `b3sum --keyed` and `openssl mac`.
//!
//! ```text
//! page_touch FILE [--threads N] [--populate] [--words]
//! ```
//!
//! Prints the xor of what was read (so that no read can be skipped) and
//! the time the mapping and the reading took. Both definitions stay
//! exactly so: a floor that can be made slower measures nothing.

use std::time::Instant;

#[cfg(unix)]
fn main() {
    use std::os::fd::AsRawFd;

    let mut args = std::env::args().skip(1);
    let mut path = None;
    let mut threads = 1usize;
    let mut populate = false;
    let mut words = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" => {
                threads = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| die("--threads needs a positive number"));
            }
            "--populate" => populate = true,
            "--words" => words = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return;
            }
            _ if path.is_none() => path = Some(a),
            _ => die(&format!("unexpected argument {a:?}")),
        }
    }
    let path = path.unwrap_or_else(|| die(USAGE));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| die(&format!("{path}: {e}")));
    let len = file
        .metadata()
        .map(|m| m.len() as usize)
        .unwrap_or_else(|e| die(&format!("{path}: {e}")));
    if len == 0 {
        die(&format!("{path}: empty"));
    }
    let start = Instant::now();
    #[cfg(target_os = "linux")]
    let flags = libc::MAP_PRIVATE | if populate { libc::MAP_POPULATE } else { 0 };
    #[cfg(not(target_os = "linux"))]
    let flags = libc::MAP_PRIVATE;
    // SAFETY: a fresh read-only private mapping of an open file, of its
    // length; the result is checked against MAP_FAILED below.
    let ptr = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ,
            flags,
            file.as_raw_fd(),
            0,
        )
    };
    if ptr == libc::MAP_FAILED {
        die(&format!(
            "{path}: mmap failed: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: `ptr` is a readable mapping of `len` bytes that stays mapped
    // until the `munmap` below, after every reader has finished.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    let per = len.div_ceil(threads).next_multiple_of(4096);
    let read = if words { xor_words } else { xor_pages };
    let x = std::thread::scope(|s| {
        let handles: Vec<_> = bytes
            .chunks(per)
            .map(|part| s.spawn(move || read(part)))
            .collect();
        handles
            .into_iter()
            .fold(0u64, |a, h| a ^ h.join().unwrap_or(0))
    });
    let took = start.elapsed();
    // SAFETY: unmaps the mapping made above; `bytes` is not used again.
    unsafe { libc::munmap(ptr, len) };
    println!(
        "xor {x:016x}: {} {} of {path} on {threads} thread(s){} in {:.3} s",
        if words {
            "read the words of"
        } else {
            "touched"
        },
        if words {
            format!("{len} bytes")
        } else {
            format!("{} pages", len.div_ceil(4096))
        },
        if populate { " (MAP_POPULATE)" } else { "" },
        took.as_secs_f64()
    );
}

const USAGE: &str = "usage: page_touch FILE [--threads N] [--populate] [--words]";

/// One byte of every 4 KiB page of `part` (its first byte on).
fn xor_pages(part: &[u8]) -> u64 {
    part.iter().step_by(4096).fold(0, |a, &b| a ^ u64::from(b))
}

/// Every 8-byte little-endian word of `part`, the last partial one padded
/// with zeros.
fn xor_words(part: &[u8]) -> u64 {
    let mut words = part.chunks_exact(8);
    let x = words.by_ref().fold(0, |a, w| {
        a ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))
    });
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    x ^ u64::from_le_bytes(last)
}

#[cfg(not(unix))]
fn main() {
    die("page_touch needs mmap (Unix)");
}

fn die(msg: &str) -> ! {
    eprintln!("page_touch: {msg}");
    std::process::exit(2);
}
