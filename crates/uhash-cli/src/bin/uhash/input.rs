//! Reading one input. A regular file is read in one of these ways
//! (`--io`, hidden; `auto` by default):
//! - `map`: mapped and hashed on every thread (each page costs a fault);
//! - `pread`: read with `pread` on every thread in cache-sized pieces, each
//!   thread hashing what it read (each byte costs a copy; `crate::pread`);
//! - `blocks`: read in blocks on every thread and hashed in order by one
//!   (for the algorithms without a parallel path; `crate::blocks`);
//! - `stream`, `populate`: one thread reading into a streaming state, and
//!   `map` with the pages mapped up front (for measurements).
//!
//! `auto` takes `blocks` for an algorithm without a parallel path and, for
//! the others, `map` or `pread` as each thread's first windows of the file,
//! timed both ways while it is hashed, measure (`crate::probe`; why each
//! wins where it does: benches/README.md,
//! "Memory speed"), or `map` unprobed for a file mostly not in the page
//! cache (`crate::residency`). A pipe, a terminal or a device is read in
//! large blocks into a streaming state.

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

/// How `--io auto` reads regular files for `alg`: in blocks read on every
/// thread and hashed in order by one (Unix) for an algorithm without a
/// parallel path; for the others `auto` stays, and each file is mapped or
/// read with `pread` on every thread as [`crate::probe`] measures.
pub fn auto_mode(alg: &uhash_cli::alg::Alg) -> IoMode {
    match (cfg!(unix), alg.parallel) {
        (false, _) => IoMode::Map,
        (true, false) => IoMode::Blocks,
        (true, true) => IoMode::Auto,
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
    let threads = pool.current_num_threads();
    let mode = match (mode, &src) {
        #[cfg(unix)]
        (IoMode::Auto, Source::File { file, len }) => {
            // Still `Auto` when the choice is measured while reading.
            crate::probe::known(file, *len, threads).unwrap_or(IoMode::Auto)
        }
        (IoMode::Auto, _) => IoMode::Map,
        (m, _) => m,
    };
    match src {
        #[cfg(unix)]
        Source::File { file, len } if len >= MAP_MIN && mode == IoMode::Blocks && threads > 1 => {
            let done = AtomicU64::new(0);
            let mut state = keyed.start();
            progress::run(name, Some(len), Some(&done), || {
                crate::blocks::hash_file(&file, len, pool.current_num_threads(), &mut *state, &done)
            })
            .map_err(|e| read_fail(e, name))?;
            state.finish(nonce).map_err(alg_fail)
        }
        #[cfg(unix)]
        Source::File { file, len } if len >= MAP_MIN && mode == IoMode::Pread => {
            let done = AtomicU64::new(0);
            let msg = crate::pread::FileRead {
                file: &file,
                len,
                done: &done,
            };
            let tag = progress::run(name, Some(len), Some(&done), || {
                pool.install(|| keyed.compute_from(nonce, &msg))
            });
            match tag {
                Some(tag) => tag.map_err(|e| read_fail(e, name)),
                // No parallel path: the blocks, hashed in order.
                None => digest(
                    keyed,
                    nonce,
                    Source::File { file, len },
                    name,
                    IoMode::Blocks,
                    pool,
                ),
            }
        }
        Source::File { file, len }
            if len < MAP_MIN || matches!(mode, IoMode::Stream | IoMode::Blocks | IoMode::Pread) =>
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
            let populate = mode == IoMode::Populate;
            let map = crate::map::Mapping::new(&file, size, populate).map_err(io_fail)?;
            let done = AtomicU64::new(0);
            // `map`: in windows mapped and released on every thread, where
            // the algorithm has a parallel path (`crate::map`); otherwise,
            // and for `populate`, the whole mapping as one slice. `auto`
            // still to be measured: those windows or `pread`, as the first
            // windows of each thread time them (`crate::probe`).
            let windows = crate::map::MapRead {
                map: &map,
                window: crate::map::window(threads),
                done: &done,
            };
            #[cfg(unix)]
            let probing = (mode == IoMode::Auto).then(|| {
                let read = crate::pread::FileRead {
                    file: &file,
                    len,
                    done: &done,
                };
                crate::probe::Probing::new(&file, threads, windows, read)
            });
            #[cfg(unix)]
            let msg: &uhash_cli::alg::FilePieces<'_> = match &probing {
                Some(p) => p,
                None => &windows,
            };
            #[cfg(not(unix))]
            let msg: &uhash_cli::alg::FilePieces<'_> = &windows;
            let windowed = (!populate)
                .then(|| {
                    progress::run(name, Some(len), Some(&done), || {
                        pool.install(|| keyed.compute_from(nonce, msg))
                    })
                })
                .flatten();
            match windowed {
                Some(tag) => tag.map_err(|e| read_fail(e, name)),
                None => progress::run(name, Some(len), None, || {
                    pool.install(|| keyed.compute(nonce, map.bytes()))
                })
                .map_err(alg_fail),
            }
        }
        Source::Stream(r) => stream(keyed, nonce, r, None, name),
    }
}

/// The message of a failed read in pieces of `name`.
fn read_fail(e: uhash_cli::alg::ReadError, name: &str) -> Fail {
    match e {
        uhash_cli::alg::ReadError::Read(e) => {
            Fail::input(format!("{name}: read error: {}", plain(&e)))
        }
        uhash_cli::alg::ReadError::Hash(e) => Fail::input(format!("{name}: {e}")),
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
