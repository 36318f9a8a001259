//! A nonce sequence that survives restarts, crashes and power cuts by
//! reserving nonces ahead on disk (Bernstein §3: "Store a safe nonce value —
//! a new nonce larger than any nonce used — on disk alongside the key").

extern crate std;

mod record;

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use record::Record;

use super::Nonce;
use uhash_base::Error;

/// What went wrong with a [`PersistentNonces`] sequence. Nothing in this
/// module panics; every failure is one of these.
#[derive(Debug)]
#[non_exhaustive]
pub enum PersistError {
    /// An operating-system call failed.
    Io {
        /// What was being done (e.g. `"fsync nonce file"`).
        op: &'static str,
        /// The error from the operating system.
        source: io::Error,
    },
    /// The nonce file exists but is not a valid nonce file (wrong size, or
    /// no record with the right magic, version and check fields). The
    /// sequence refuses to guess a bound: repair it by hand with a value
    /// larger than every nonce ever used under the key, or change the key.
    Corrupt {
        /// Which check failed.
        reason: &'static str,
    },
    /// Another handle (in this or another process, through this or any
    /// other name of the same file) holds the lock of this nonce file; only
    /// one writer may hand out nonces at a time.
    Locked,
    /// A parameter error or [`Error::NonceExhausted`].
    Core(Error),
}

impl core::fmt::Display for PersistError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PersistError::Io { op, source } => write!(f, "nonce file: {op}: {source}"),
            PersistError::Corrupt { reason } => write!(f, "nonce file is corrupt: {reason}"),
            PersistError::Locked => {
                f.write_str("nonce file is locked by another handle (single writer only)")
            }
            PersistError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PersistError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PersistError::Io { source, .. } => Some(source),
            PersistError::Core(e) => Some(e),
            _ => None,
        }
    }
}

impl From<Error> for PersistError {
    fn from(e: Error) -> Self {
        PersistError::Core(e)
    }
}

/// Maps an `io::Error` to [`PersistError::Io`] with a description.
fn io_err(op: &'static str) -> impl FnOnce(io::Error) -> PersistError {
    move |source| PersistError::Io { op, source }
}

/// How many times [`PersistentNonces::open`] re-opens a path that was
/// replaced between its open and its lock before giving up.
const OPEN_ATTEMPTS: usize = 8;

/// A strictly increasing nonce sequence whose state lives in a file, safe
/// against crashes and power cuts: **no nonce is ever handed out twice, across
/// any number of restarts of the process or the machine, and whichever
/// name (path, symlink, hard link, relative or absolute) each run opens the
/// file by** — provided the assumptions below hold. Nonces may be
/// *skipped* (at most `reserve` per crash).
///
/// # How
/// The file stores a *bound* `B`: every nonce ever handed out is `< B`
/// (Bernstein §3's "safe nonce value"). On open, the sequence continues at
/// `B`. Before handing out a nonce `n ≥` the bound known to be on disk, it
/// stores the new bound `n + reserve`, in place: the file holds two
/// records (bound, generation, check fields) in separate 4 KiB blocks, and
/// a write replaces the older record with the new bound and the next
/// generation, then `fsync`s the file. Only after that succeeds is `n`
/// handed out. A reader takes the valid record of the larger generation, so
/// a write torn by a crash or power cut leaves the previous bound readable;
/// at every instant the durable bound exceeds every nonce handed out. If a
/// write fails, the error is returned, no nonce is handed out, and the next
/// call retries. `reserve` trades writes (one per `reserve` nonces) against
/// nonces skipped after a crash (at most `reserve`).
/// [`PersistentNonces::close`] stores the exact next nonce, so a clean
/// shutdown skips none.
///
/// The file is never replaced or renamed once created: symlinks to it stay
/// symlinks, hard links keep naming it. [`PersistentNonces::create`] writes
/// the whole file under a temporary name and hard-links it into place
/// (which fails if the name exists), so a half-written nonce file is never
/// visible under its name. The format is in `record.rs`; files of the
/// earlier format (48 bytes, rewritten by rename) are read and upgraded in
/// place by the first write.
///
/// # Single writer
/// A handle holds an exclusive advisory lock (`flock`-style,
/// [`File::try_lock`]) on the nonce file itself — the file, not its name —
/// for its lifetime, taken before the bound is read. A second handle on the
/// same file, in this or another process and through any name, gets
/// [`PersistError::Locked`]. After taking the lock, `open` checks that the
/// path still names the locked file (on Unix: same device and inode) and
/// starts over if the file was replaced meanwhile. The lock is released
/// when the handle is dropped or the process dies (even by `SIGKILL`) — with
/// one caveat: a child process forked by *another thread* at that moment
/// shares the lock until it `exec`s or exits, so an immediate re-open may
/// see `Locked` briefly; retry. Advisory locks may not work on network file
/// systems: there, make sure yourself that only one process uses a nonce
/// file.
///
/// # Assumptions (not guaranteed — these lead to nonce reuse)
/// * The file system honours `fsync` (true for local ext4, XFS, btrfs, APFS,
///   NTFS with working hardware; not for disks or virtual disks that lie
///   about write caches, or mounts with barriers disabled), and supports
///   hard links (for `create`).
/// * The file is never rolled back or duplicated: restoring it from a backup
///   or snapshot, resuming a virtual machine twice from one snapshot, a
///   *copy* of the file (a copy is a different file with its own lock), or
///   the key and nonce file copied to another machine that also sends all
///   make two senders hand out the same nonces. Deleting the file and
///   creating a new one restarts the sequence — only ever do that together
///   with a new key.
/// * One sequence per key: nonces from this file must not be mixed with
///   nonces from any other source under the same key.
///
/// Nonces are handed out up to `2^128 − 2` (the bound must exceed every
/// nonce handed out, and a bound is itself at most `2^128 − 1`); then
/// [`Error::NonceExhausted`].
#[derive(Debug)]
pub struct PersistentNonces {
    /// The path the file was opened by.
    path: PathBuf,
    /// The nonce file, open for reading and writing and exclusively locked
    /// while this handle lives.
    file: File,
    /// The record on disk (its generation names the slot written next).
    on_disk: Record,
    /// The next nonce to hand out; every nonce handed out is `< next`.
    next: u128,
    /// How far ahead to reserve (≥ 1).
    reserve: u128,
}

impl PersistentNonces {
    /// Creates a new nonce file at `path` whose first nonce is `first`, and
    /// opens it. Nonces are reserved `reserve` at a time.
    ///
    /// # Errors
    /// [`PersistError::Io`] with kind `AlreadyExists` if `path` exists (an
    /// existing sequence is never overwritten; use
    /// [`PersistentNonces::open`]), [`Error::InvalidParameter`] (in
    /// [`PersistError::Core`]) if `reserve` is 0, other [`PersistError::Io`]
    /// errors from the file system.
    pub fn create(path: impl AsRef<Path>, first: u128, reserve: u64) -> Result<Self, PersistError> {
        let path = path.as_ref();
        let reserve = check_reserve(reserve)?;
        let on_disk = Record {
            generation: 1,
            bound: first,
        };
        let tmp = temporary_name(path);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err("create temporary nonce file"))?;
        // The lock is taken before the file has a public name, so no other
        // handle can ever hold it first.
        let linked = lock(&file)
            .and_then(|()| {
                file.write_all(&record::new_file(on_disk))
                    .map_err(io_err("write nonce file"))
            })
            .and_then(|()| file.sync_all().map_err(io_err("fsync nonce file")))
            .and_then(|()| fs::hard_link(&tmp, path).map_err(io_err("create nonce file")));
        let removed = fs::remove_file(&tmp).map_err(io_err("remove temporary nonce file"));
        linked?;
        removed?;
        sync_dir(path)?;
        Ok(Self {
            path: path.to_path_buf(),
            file,
            on_disk,
            next: first,
            reserve,
        })
    }

    /// Opens the existing nonce file at `path` (following symlinks); the
    /// sequence continues at the stored bound. Nonces are reserved
    /// `reserve` at a time (the value used by earlier runs does not matter).
    ///
    /// # Errors
    /// [`PersistError::Io`] (e.g. `NotFound` — a missing file is never
    /// silently replaced by a new sequence starting at 0),
    /// [`PersistError::Corrupt`] for a file that is not a valid nonce file,
    /// [`PersistError::Locked`], or [`Error::InvalidParameter`] if
    /// `reserve` is 0.
    pub fn open(path: impl AsRef<Path>, reserve: u64) -> Result<Self, PersistError> {
        let path = path.as_ref();
        let reserve = check_reserve(reserve)?;
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
            let mut bytes = std::vec::Vec::with_capacity(record::FILE_LEN + 1);
            (&mut file)
                .take(record::FILE_LEN as u64 + 1)
                .read_to_end(&mut bytes)
                .map_err(io_err("read nonce file"))?;
            let on_disk =
                record::current(&bytes).map_err(|reason| PersistError::Corrupt { reason })?;
            return Ok(Self {
                path: path.to_path_buf(),
                file,
                on_disk,
                next: on_disk.bound,
                reserve,
            });
        }
        Err(PersistError::Io {
            op: "open nonce file",
            source: io::Error::other("the path kept naming a different file"),
        })
    }

    /// Durably stores `bound` in the slot of the next generation.
    fn store(&mut self, bound: u128) -> Result<(), PersistError> {
        let rec = Record {
            generation: self.on_disk.generation.wrapping_add(1),
            bound,
        };
        write_at(&self.file, rec.offset(), &rec.encode()).map_err(io_err("write nonce file"))?;
        // `sync_all`, not `sync_data`: the first write to an upgraded
        // version 1 file changes its size.
        self.file.sync_all().map_err(io_err("fsync nonce file"))?;
        self.on_disk = rec;
        Ok(())
    }

    /// [`Self::next_nonce`] as a [`crate::FreshNonce`], the token that
    /// [`crate::IncrementalMac::tag`] takes.
    ///
    /// # Errors
    /// As [`Self::next_nonce`].
    pub fn next_fresh(&mut self) -> Result<crate::FreshNonce, PersistError> {
        self.next_nonce().map(crate::FreshNonce::issued)
    }

    /// Hands out the next nonce, first storing a new bound `n + reserve` if
    /// `n` is not yet covered by the bound on disk.
    ///
    /// # Errors
    /// [`PersistError::Io`] if storing the bound fails (no nonce is handed
    /// out; a later call retries), [`Error::NonceExhausted`] (in
    /// [`PersistError::Core`]) once `2^128 − 2` has been handed out.
    pub fn next_nonce(&mut self) -> Result<Nonce, PersistError> {
        let n = self.next;
        if n >= self.on_disk.bound {
            // The bound must exceed n; saturate at the largest bound.
            let bound = n.saturating_add(self.reserve);
            if bound <= n {
                return Err(Error::NonceExhausted.into());
            }
            self.store(bound)?;
        }
        // n < bound ≤ u128::MAX, so n + 1 does not overflow.
        self.next = n.saturating_add(1);
        Ok(Nonce::from_u128(n))
    }

    /// The nonce the next call to [`PersistentNonces::next_nonce`] will
    /// return (if it succeeds). Every nonce handed out so far is smaller.
    pub fn peek(&self) -> Nonce {
        Nonce::from_u128(self.next)
    }

    /// The bound known to be durable on disk: nonces below it can be handed
    /// out without a file write.
    pub fn reserved_until(&self) -> u128 {
        self.on_disk.bound
    }

    /// The path the file was opened by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Stores the exact next nonce as the bound (so a clean shutdown skips no
    /// nonces) and releases the lock. Dropping the handle without `close` is
    /// also safe; the next run then skips the unused reserved nonces.
    ///
    /// # Errors
    /// [`PersistError::Io`] if the write fails; the file then still holds a
    /// bound larger than every nonce handed out.
    pub fn close(mut self) -> Result<(), PersistError> {
        if self.next != self.on_disk.bound {
            self.store(self.next)?;
        }
        Ok(())
    }
}

/// `reserve` as a `u128`, or the error for 0.
fn check_reserve(reserve: u64) -> Result<u128, PersistError> {
    if reserve == 0 {
        return Err(Error::InvalidParameter {
            name: "reserve",
            reason: "must reserve at least one nonce per file write",
        }
        .into());
    }
    Ok(u128::from(reserve))
}

/// Takes the exclusive lock of `file` without waiting.
fn lock(file: &File) -> Result<(), PersistError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(PersistError::Locked),
        Err(TryLockError::Error(e)) => Err(io_err("lock nonce file")(e)),
    }
}

/// A fresh name beside `path` for [`PersistentNonces::create`]'s temporary
/// file (process id and time: two creators never share one).
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
fn still_named(path: &Path, file: &File) -> Result<bool, PersistError> {
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
fn still_named(_path: &Path, _file: &File) -> Result<bool, PersistError> {
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
    use std::io::Seek;
    file.seek(io::SeekFrom::Start(offset))?;
    file.write_all(bytes)
}

/// Makes the new name of a created file durable (Unix: fsync the
/// directory holding `path`).
#[cfg(unix)]
fn sync_dir(path: &Path) -> Result<(), PersistError> {
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
fn sync_dir(_path: &Path) -> Result<(), PersistError> {
    Ok(())
}
