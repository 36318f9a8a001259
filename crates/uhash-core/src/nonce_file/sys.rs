//! The file-system operations of the store: locking, in-place writes,
//! durable names, random bytes.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::vec::Vec;

use super::file_error::{NonceFileError, io_err};
use super::record::FILE_LEN;

/// How many times [`open_locked`] re-opens a path that was replaced between
/// its open and its lock before giving up.
const OPEN_ATTEMPTS: usize = 8;

/// Opens the existing file at `path` for reading and writing, takes its
/// lock, makes sure `path` still names it, and reads it (at most
/// `FILE_LEN + 1` bytes, so an overlong file shows as such).
pub(super) fn open_locked(path: &Path) -> Result<(File, Vec<u8>), NonceFileError> {
    for _ in 0..OPEN_ATTEMPTS {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(io_err("open nonce file"))?;
        lock(&file)?;
        if !still_named(path, &file)? {
            continue; // replaced between open and lock: start over
        }
        let mut bytes = Vec::with_capacity(FILE_LEN + 1);
        (&mut file)
            .take(FILE_LEN as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io_err("read nonce file"))?;
        return Ok((file, bytes));
    }
    Err(NonceFileError::Io {
        op: "open nonce file",
        source: io::Error::other("the path kept naming a different file"),
    })
}

/// Creates `path` holding `bytes`, never overwriting anything: the bytes go
/// to a temporary name (locked, written, `fsync`ed), which is hard-linked to
/// `path` (failing if `path` exists, a dangling symlink included) and
/// removed; then the directory is `fsync`ed. Returns the locked file.
pub(super) fn create_new(path: &Path, bytes: &[u8]) -> Result<File, NonceFileError> {
    let tmp = temporary_name(path);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(io_err("create temporary nonce file"))?;
    // The lock is taken before the file has a public name, so no other
    // handle can ever hold it first.
    let linked = lock(&file)
        .and_then(|()| write_at(&file, 0, bytes).map_err(io_err("write nonce file")))
        .and_then(|()| file.sync_all().map_err(io_err("fsync nonce file")))
        .and_then(|()| fs::hard_link(&tmp, path).map_err(io_err("create nonce file")));
    let removed = fs::remove_file(&tmp).map_err(io_err("remove temporary nonce file"));
    linked?;
    removed?;
    sync_dir(path)?;
    Ok(file)
}

/// Writes `bytes` at `offset` of `file` and `fsync`s it (`sync_all`: a
/// write may extend the file).
pub(super) fn write_durably(
    file: &File,
    offset: usize,
    bytes: &[u8],
) -> Result<(), NonceFileError> {
    write_at(file, offset as u64, bytes).map_err(io_err("write nonce file"))?;
    file.sync_all().map_err(io_err("fsync nonce file"))
}

/// Fills `buf` from the operating system's random source.
pub(super) fn random(buf: &mut [u8]) -> Result<(), NonceFileError> {
    getrandom::fill(buf).map_err(|e| NonceFileError::Io {
        op: "read random bytes",
        source: io::Error::other(e),
    })
}

/// Takes the exclusive lock of `file` without waiting.
fn lock(file: &File) -> Result<(), NonceFileError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(NonceFileError::Locked),
        Err(TryLockError::Error(e)) => Err(io_err("lock nonce file")(e)),
    }
}

/// A fresh name beside `path` for a temporary file (process id and time:
/// two creators never share one).
fn temporary_name(path: &Path) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut s = path.as_os_str().to_os_string();
    s.push(std::format!(".{}-{nanos}.tmp", std::process::id()));
    PathBuf::from(s)
}

/// Whether `path` still names the open `file` (Unix: same device and inode).
#[cfg(unix)]
fn still_named(path: &Path, file: &File) -> Result<bool, NonceFileError> {
    use std::os::unix::fs::MetadataExt;
    let by_handle = file.metadata().map_err(io_err("inspect nonce file"))?;
    match fs::metadata(path) {
        Ok(by_name) => Ok(by_name.dev() == by_handle.dev() && by_name.ino() == by_handle.ino()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(io_err("inspect nonce file path")(e)),
    }
}

/// Non-Unix: an open file cannot be replaced under its name there (Windows
/// refuses to delete or rename over a file opened without sharing).
#[cfg(not(unix))]
fn still_named(_path: &Path, _file: &File) -> Result<bool, NonceFileError> {
    Ok(true)
}

/// Writes `bytes` at `offset` of `file` without moving a shared cursor.
#[cfg(unix)]
fn write_at(file: &File, offset: u64, bytes: &[u8]) -> io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, offset)
}

/// Writes `bytes` at `offset` of `file`.
#[cfg(not(unix))]
fn write_at(mut file: &File, offset: u64, bytes: &[u8]) -> io::Result<()> {
    use std::io::{Seek, Write};
    file.seek(io::SeekFrom::Start(offset))?;
    file.write_all(bytes)
}

/// Makes the new name of a created file durable (Unix: fsync the
/// directory holding `path`).
#[cfg(unix)]
fn sync_dir(path: &Path) -> Result<(), NonceFileError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io_err("fsync directory"))
}

/// Non-Unix: directories cannot be opened for fsync through `std`; a new
/// file's name may not be durable after a power cut there.
#[cfg(not(unix))]
fn sync_dir(_path: &Path) -> Result<(), NonceFileError> {
    Ok(())
}
