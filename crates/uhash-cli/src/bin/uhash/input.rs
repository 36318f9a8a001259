//! Reading one input: a regular file is read in cache-sized blocks on
//! every thread and hashed in order as it arrives (`blocks`, Unix), or
//! mapped and hashed in one call on every thread (`--io map`, the default
//! elsewhere and for algorithms slower than a core's copy); a pipe, a
//! terminal or a device is read in large blocks into a streaming state.
//! Measured with the hidden `--io` option on a 2-core AMD EPYC (Zen 5) VM,
//! 1 GiB in the page cache, default MAC, `hyperfine -N`, 2026-11-27, quiet:
//! `blocks` 73 ms (15 runs; 93–97 ms when the hashing thread read nothing
//! itself and competed with two readers), `map` 105–115 ms, `stream` (one
//! thread) 127 ms, `populate` 157 ms, `pread` (one 1 GiB buffer, faulted
//! in) 348 ms; `cat` of the file 95 ms, touching one byte per page of a
//! mapping on 2 threads (`page_touch`) 92–111 ms. Page faults are dear on
//! this machine (about 0.8 µs per 4 KiB page), copying out of the page
//! cache is not: the blocks beat the mapping. Earlier, on an Intel VM where
//! the page touch took 6 ms, the mapping measured 64 ms.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::ThreadPool;
use uhash_cli::alg::Keyed;

use crate::Fail;
use crate::args::IoMode;
use crate::progress;

/// Bytes per `read` from a pipe or device (the streaming path).
pub const BLOCK: usize = 1 << 20;

/// Files shorter than this are read with one `read`, not mapped.
const MAP_MIN: u64 = 1 << 16;

/// One input as named on the command line (`-` is stdin).
pub struct Input {
    /// The name as given (printed in output lines).
    pub name: OsString,
}

/// An opened input.
pub enum Source {
    /// A regular file of `len` bytes (also stdin redirected from one).
    File { file: File, len: u64 },
    /// Anything read front to back.
    Stream(Box<dyn Read + Send>),
}

impl Input {
    /// Whether this is stdin.
    pub fn is_stdin(&self) -> bool {
        self.name == "-"
    }

    /// The name for messages (escaped: [`crate::lines::escape_name`]).
    pub fn display(&self) -> String {
        if self.is_stdin() {
            "standard input".into()
        } else {
            crate::lines::display_name(&self.name)
        }
    }

    /// Opens it: a missing or unreadable file or a directory is an error
    /// naming the path.
    pub fn open(&self) -> Result<Source, Fail> {
        let fail = |e: io::Error| Fail::input(format!("{}: {}", self.display(), plain(&e)));
        let file = if self.is_stdin() {
            match stdin_file() {
                Some(f) => f,
                None => return Ok(Source::Stream(Box::new(io::stdin()))),
            }
        } else {
            File::open(&self.name).map_err(fail)?
        };
        let meta = file.metadata().map_err(fail)?;
        if meta.is_dir() {
            return Err(Fail::input(format!("{}: is a directory", self.display())));
        }
        if meta.is_file() {
            Ok(Source::File {
                file,
                len: meta.len(),
            })
        } else {
            Ok(Source::Stream(Box::new(file)))
        }
    }
}

/// An I/O error without Rust's " (os error N)" suffix.
pub fn plain(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// stdin as a `File` (so that a redirected regular file is mapped too).
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .ok()
        .map(File::from)
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}

/// Single-thread hashing speed (bytes per second, in cache) above which
/// the blocks read on every thread and hashed in order by one beat the
/// mapping hashed on every thread. One core copies about 11 GB/s out of
/// the page cache here (1 GiB in 95 ms by `cat`), and the hashing thread
/// also reads its share of the blocks. Measured on the machine of the
/// module docs, `blocks`/`map` per GiB (`hyperfine -N`, 7 runs, quiet):
/// sqhasm2x128-mac (14 GB/s in the trial) 130/129 ms, sqhe64-mac 105/111
/// ms, digestmw256-mac (24 GB/s) 99/139 ms; dfc-mac (no parallel path) 130
/// against 260 ms in an earlier run.
const BLOCKS_MIN_SPEED: f64 = 20e9;

/// How `--io auto` reads regular files for `alg`: in blocks on every
/// thread (Unix) when the one thread that hashes them keeps up — always
/// for an algorithm without a parallel path, otherwise when a trial of its
/// streaming state (1 MiB in cache) runs at [`BLOCKS_MIN_SPEED`] or more;
/// mapped and hashed on every thread otherwise. (The trial's time depends
/// on the algorithm and the CPU, not on the key: the hashes run in
/// constant time.)
pub fn auto_mode(alg: &uhash_cli::alg::Alg, keyed: &dyn Keyed) -> IoMode {
    if !cfg!(unix) {
        return IoMode::Map;
    }
    if !alg.parallel {
        return IoMode::Blocks;
    }
    // 256 KiB in cache (written, so its pages are in place), hashed once
    // to warm up (code, key schedule), then four times on the clock.
    let data = vec![0x5au8; 256 << 10];
    let mut state = keyed.start();
    if state.update(&data).is_err() {
        return IoMode::Map;
    }
    let t = std::time::Instant::now();
    for _ in 0..4 {
        if state.update(&data).is_err() {
            return IoMode::Map;
        }
    }
    let speed = (4 * data.len()) as f64 / t.elapsed().as_secs_f64().max(1e-9);
    if speed >= BLOCKS_MIN_SPEED {
        IoMode::Blocks
    } else {
        IoMode::Map
    }
}

/// The output of `keyed` for the input `src` under `nonce`.
pub fn digest(
    keyed: &dyn Keyed,
    nonce: &[u8],
    src: Source,
    name: &str,
    mode: IoMode,
    pool: &ThreadPool,
) -> Result<Vec<u8>, Fail> {
    let io_fail = |e: io::Error| Fail::input(format!("{name}: read error: {}", plain(&e)));
    let alg_fail = |e: uhash::base::Error| Fail::input(format!("{name}: {e}"));
    let mode = match mode {
        IoMode::Auto => IoMode::Map,
        m => m,
    };
    match src {
        #[cfg(unix)]
        Source::File { file, len }
            if len >= MAP_MIN && mode == IoMode::Blocks && pool.current_num_threads() > 1 =>
        {
            let done = AtomicU64::new(0);
            let mut state = keyed.start();
            progress::run(name, Some(len), Some(&done), || {
                crate::blocks::hash_file(&file, len, pool.current_num_threads(), &mut *state, &done)
            })
            .map_err(|e| match e {
                crate::blocks::BlockError::Read(e) => io_fail(e),
                crate::blocks::BlockError::Hash(e) => alg_fail(e),
            })?;
            state.finish(nonce).map_err(alg_fail)
        }
        Source::File { file, len }
            if len < MAP_MIN || matches!(mode, IoMode::Stream | IoMode::Blocks) =>
        {
            if len < MAP_MIN {
                let mut buf = Vec::with_capacity(len as usize);
                (&file).take(len).read_to_end(&mut buf).map_err(io_fail)?;
                keyed.compute(nonce, &buf).map_err(alg_fail)
            } else {
                stream(keyed, nonce, Box::new(file), Some(len), name)
            }
        }
        Source::File { file, len } => {
            let size = usize::try_from(len)
                .map_err(|_| Fail::input(format!("{name}: too large to map on this machine")))?;
            let compute = |msg: &[u8]| {
                progress::run(name, Some(len), None, || {
                    pool.install(|| keyed.compute(nonce, msg))
                })
            };
            match mode {
                IoMode::Pread => {
                    let buf = read_parallel(&file, size, pool).map_err(io_fail)?;
                    compute(&buf).map_err(alg_fail)
                }
                _ => {
                    let map = crate::map::Mapping::new(&file, size, mode == IoMode::Populate)
                        .map_err(io_fail)?;
                    compute(map.bytes()).map_err(alg_fail)
                }
            }
        }
        Source::Stream(r) => stream(keyed, nonce, r, None, name),
    }
}

/// Reads `r` in [`BLOCK`]s into a streaming state (one thread).
fn stream(
    keyed: &dyn Keyed,
    nonce: &[u8],
    mut r: Box<dyn Read + Send>,
    len: Option<u64>,
    name: &str,
) -> Result<Vec<u8>, Fail> {
    let done = AtomicU64::new(0);
    let mut state = keyed.start();
    let mut buf = vec![0u8; BLOCK];
    let read = progress::run(name, len, Some(&done), || -> Result<(), Fail> {
        loop {
            let n = match r.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(Fail::input(format!("{name}: read error: {}", plain(&e))));
                }
            };
            state
                .update(&buf[..n])
                .map_err(|e| Fail::input(format!("{name}: {e}")))?;
            done.fetch_add(n as u64, Ordering::Relaxed);
        }
    });
    read?;
    state
        .finish(nonce)
        .map_err(|e| Fail::input(format!("{name}: {e}")))
}

/// The whole file, read with one `pread` per thread of `pool` into one
/// buffer.
#[cfg(unix)]
fn read_parallel(file: &File, len: usize, pool: &ThreadPool) -> io::Result<Vec<u8>> {
    use rayon::prelude::*;
    use std::os::unix::fs::FileExt;
    let mut buf = vec![0u8; len];
    let per = len.div_ceil(pool.current_num_threads()).max(1 << 20);
    pool.install(|| {
        buf.par_chunks_mut(per)
            .enumerate()
            .try_for_each(|(i, part)| file.read_exact_at(part, (i * per) as u64))
    })?;
    Ok(buf)
}

#[cfg(not(unix))]
fn read_parallel(file: &File, len: usize, _pool: &ThreadPool) -> io::Result<Vec<u8>> {
    let mut buf = vec![0u8; len];
    (&*file).read_exact(&mut buf)?;
    Ok(buf)
}

/// The inputs of a command line (stdin when none).
pub fn inputs(files: &[OsString]) -> Result<Vec<Input>, Fail> {
    let names: Vec<OsString> = if files.is_empty() {
        vec![OsString::from("-")]
    } else {
        files.to_vec()
    };
    if names
        .iter()
        .filter(|n| n.as_os_str() == OsStr::new("-"))
        .count()
        > 1
    {
        return Err(Fail::usage(
            "standard input ('-') is named more than once".into(),
        ));
    }
    Ok(names.into_iter().map(|name| Input { name }).collect())
}
