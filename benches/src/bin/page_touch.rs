//! `page_touch`: the floor under any tool that maps its input — map a file
//! and read one byte of every 4 KiB page, on N threads (each a contiguous
//! share), optionally with the pages populated by the kernel up front
//! (`MAP_POPULATE`). `benches/cli_duel.sh` times it beside `uhash mac`,
//! `b3sum --keyed` and `openssl mac`.
//!
//! ```text
//! page_touch FILE [--threads N] [--populate]
//! ```
//!
//! Prints the xor of the bytes read (so that no read can be skipped) and
//! the time the mapping and the touching took.

use std::time::Instant;

#[cfg(unix)]
fn main() {
    use std::os::fd::AsRawFd;

    let mut args = std::env::args().skip(1);
    let mut path = None;
    let mut threads = 1usize;
    let mut populate = false;
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
            "-h" | "--help" => {
                println!("usage: page_touch FILE [--threads N] [--populate]");
                return;
            }
            _ if path.is_none() => path = Some(a),
            _ => die(&format!("unexpected argument {a:?}")),
        }
    }
    let path = path.unwrap_or_else(|| die("usage: page_touch FILE [--threads N] [--populate]"));
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
    let per = len.div_ceil(threads);
    let x = std::thread::scope(|s| {
        let handles: Vec<_> = bytes
            .chunks(per)
            .map(|part| s.spawn(move || part.iter().step_by(4096).fold(0u8, |a, &b| a ^ b)))
            .collect();
        handles
            .into_iter()
            .fold(0u8, |a, h| a ^ h.join().unwrap_or(0))
    });
    let took = start.elapsed();
    // SAFETY: unmaps the mapping made above; `bytes` is not used again.
    unsafe { libc::munmap(ptr, len) };
    println!(
        "xor {x:02x}: touched {} pages of {path} on {threads} thread(s){} in {:.3} s",
        len.div_ceil(4096),
        if populate { " (MAP_POPULATE)" } else { "" },
        took.as_secs_f64()
    );
}

#[cfg(not(unix))]
fn main() {
    die("page_touch needs mmap (Unix)");
}

fn die(msg: &str) -> ! {
    eprintln!("page_touch: {msg}");
    std::process::exit(2);
}
