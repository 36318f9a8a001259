//! A nonce sequence that survives restarts, crashes and power cuts, kept in
//! a file bound to one key, one algorithm and one nonce width (feature
//! `nonce-file`).
//!
//! Bernstein, *The Poly1305-AES message-authentication code*, §3: "Store a
//! safe nonce value — a new nonce larger than any nonce used — on disk
//! alongside the key". [`NonceStore`] (any width from 1 to 16 bytes, chosen
//! at run time) and [`NonceFile<N>`] (the width as a type, handing out
//! [`Nonce<N>`](crate::Nonce)) do that, and refuse loudly — with a
//! [`NonceFileError`], never a panic — whatever could make them hand out a
//! nonce twice:
//!
//! | situation | result |
//! |---|---|
//! | the file was made for another key | [`NonceFileError::WrongKey`], nothing written |
//! | … for another algorithm or nonce width | [`NonceFileError::WrongAlgorithm`], [`NonceFileError::WrongWidth`] |
//! | one slot damaged (torn write, flipped byte) | the other slot, which holds a bound above every nonce handed out |
//! | both slots damaged, or two valid slots that disagree | [`NonceFileError::Corrupt`] |
//! | a file of the earlier poly1305-aes formats | [`NonceFileError::Legacy`] until [`NonceStore::adopt`]ed |
//! | the nonces or the record generations run out | [`NonceFileError::Exhausted`], never a wrap-around |
//! | a second writer on the same file, through any name | [`NonceFileError::Locked`] |
//!
//! # How
//! The file stores a *bound* `B`: every nonce ever handed out is `< B`. On
//! open the sequence continues at `B`. Before handing out a nonce `n ≥` the
//! bound on disk it stores the new bound `n + reserve` (at most the largest
//! the width allows) with the next generation, in place, in both slots of
//! the file in turn (slot 0, `fsync`, slot 1, `fsync`); only then is `n`
//! handed out. So each slot, at every instant, holds a bound above every
//! nonce handed out or is damaged, and a reader that falls back from a
//! damaged slot to the other never goes back. `reserve` trades writes (two
//! per `reserve` nonces) against nonces skipped after a crash (at most
//! `reserve`); [`NonceStore::close`] stores the exact next nonce, so a clean
//! shutdown skips none. The format is in `nonce_file/record.rs`, byte for
//! byte.
//!
//! The file is never replaced or renamed once created: symlinks to it stay
//! symlinks, hard links keep naming it. [`NonceStore::create`] writes the
//! whole file under a temporary name and hard-links it into place (which
//! fails if the name exists), so a half-written nonce file is never visible
//! under its name.
//!
//! # Binding to a key
//! Each file holds a random 16-byte salt and the key check value
//! `SHA-256("uhash nonce-file key check v3\0" ‖ salt ‖ key)`, compared in
//! constant time on every open, before anything is written. The key check
//! value reveals nothing about a uniformly random key beyond letting a
//! guess be checked, which needs the whole key.
//!
//! # Two files for one key
//! Nothing can tell two files made for one key apart; so that they do not
//! start at the same nonce, [`NonceStore::create`] starts each file at a
//! point `s` drawn uniformly at random from the lower half of the nonce
//! space, `[0, 2^(8w−1))` for `w`-byte nonces (leaving at least
//! `2^(8w−1) − 1` nonces above it). If two files are created independently
//! for one key and each spans at most `T` consecutive counter values (the
//! nonces handed out plus those skipped), they share a nonce with
//! probability at most `2T / 2^(8w−1)`: for 8-byte nonces and `T = 2^32`
//! at most `2^−30`, for 12-byte nonces at most `2^−62`, for 16-byte nonces
//! at most `2^−94`. This is a safety net, not a licence: one file per key.
//!
//! # Single writer
//! A handle holds an exclusive advisory lock (`flock`-style,
//! [`File::try_lock`]) on the nonce file itself — the file, not its name —
//! for its lifetime, taken before the file is read. A second handle on the
//! same file, in this or another process and through any name, gets
//! [`NonceFileError::Locked`]. After taking the lock, `open` checks that the
//! path still names the locked file (on Unix: same device and inode) and
//! starts over if the file was replaced meanwhile. The lock is released
//! when the handle is dropped or the process dies (even by `SIGKILL`) —
//! with one caveat: a child process forked by *another thread* at that
//! moment shares the lock until it `exec`s or exits, so an immediate
//! re-open may see `Locked` briefly; retry. Advisory locks may not work on
//! network file systems: there, make sure yourself that only one process
//! uses a nonce file.
//!
//! # Assumptions (not guaranteed — these lead to nonce reuse)
//! * The file system honours `fsync` (true for local ext4, XFS, btrfs,
//!   APFS, NTFS with working hardware; not for disks that lie about write
//!   caches, or mounts with barriers disabled), and supports hard links
//!   (for `create`).
//! * The file is never rolled back or duplicated: restoring it from a
//!   backup or snapshot, resuming a virtual machine twice from one
//!   snapshot, a *copy* of the file (a copy is a different file with its
//!   own lock), or the key and nonce file copied to another machine that
//!   also sends all make two senders hand out the same nonces. A copy is a
//!   valid file for the key, so no check here can catch it.
//! * One sequence per key: nonces from this file must not be mixed with
//!   nonces from any other source under the same key.
//!
//! ```
//! use uhash_base::nonce_file::{NonceFile, NonceFileError};
//!
//! let dir = std::env::temp_dir().join(format!("uhash-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("mac.nonces");
//! let key = [7u8; 32];
//! let mut nonces = NonceFile::<12>::create(&path, "wc-mmh32", &key, 64)?;
//! let a = nonces.next_nonce()?;
//! let b = nonces.next_nonce()?;
//! assert!(b.to_counter() == a.to_counter() + 1);
//! nonces.close()?;
//! // Another key, or another algorithm, is refused before anything is written.
//! assert!(matches!(
//!     NonceFile::<12>::open(&path, "wc-mmh32", &[8u8; 32], 64),
//!     Err(NonceFileError::WrongKey)
//! ));
//! let mut again = NonceFile::<12>::open(&path, "wc-mmh32", &key, 64)?;
//! assert!(again.next_nonce()?.to_counter() > b.to_counter());
//! # drop(again);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), NonceFileError>(())
//! ```

mod file_error;
mod legacy;
mod record;
mod sys;
mod typed;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::vec::Vec;

pub use file_error::NonceFileError;
use record::{Header, Record, Unreadable};
pub use typed::NonceFile;

use crate::Error;

/// A strictly increasing sequence of nonces of `width` bytes (1 to 16,
/// chosen at run time), kept in a file bound to one key and one algorithm:
/// **no nonce is handed out twice, across any number of restarts of the
/// process or the machine, whichever name each run opens the file by** —
/// provided the assumptions in the [module docs](self) hold. Nonces may be *skipped* (at most `reserve` per crash).
///
/// A nonce is the counter [`NonceStore::next_counter`] returns, written as
/// `width` little-endian bytes ([`NonceStore::next_bytes`]); every counter
/// handed out is below `2^(8·width)` (below `2^128 − 1` for 16 bytes).
pub struct NonceStore {
    /// The path the file was opened by.
    path: PathBuf,
    /// The nonce file, open for reading and writing and exclusively locked
    /// while this handle lives.
    file: File,
    /// The record read or last written in full (its header is the file's).
    on_disk: Record,
    /// Whether `on_disk` is in both slots (else the next nonce needs a write).
    synced: bool,
    /// The largest generation that may be on disk (a failed write may have
    /// left its generation in slot 0).
    generation: u64,
    /// The next nonce to hand out; every nonce handed out is `< next`.
    next: u128,
    /// How far ahead to reserve (≥ 1).
    reserve: u128,
}

/// Prints no salt and no key check value.
impl core::fmt::Debug for NonceStore {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("NonceStore")
            .field("path", &self.path)
            .field("alg", &self.alg())
            .field("width", &self.width())
            .field("next", &self.next)
            .field("reserved_until", &self.on_disk.bound)
            .finish_non_exhaustive()
    }
}

impl NonceStore {
    /// Creates a new nonce file at `path` for nonces of `width` bytes under
    /// `key` and the algorithm named `alg`, and opens it. Its salt and its
    /// first nonce are drawn from the operating system's random source, the
    /// first nonce uniformly from `[0, 2^(8·width − 1))` (see the [module
    /// docs](self#two-files-for-one-key) for what that guarantees). Nonces
    /// are reserved `reserve` at a time.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] with kind `AlreadyExists` if `path` exists
    /// (an existing file is never overwritten; use [`NonceStore::open`]),
    /// [`NonceFileError::Invalid`] for `reserve` 0, a width outside 1 to 16,
    /// an algorithm name that is empty, longer than 64 bytes or not
    /// printable ASCII, or an empty key; other [`NonceFileError::Io`] errors
    /// from the file system or the random source.
    pub fn create(
        path: impl AsRef<Path>,
        alg: &str,
        width: usize,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        check_reserve(reserve)?;
        record::check_params(alg, width, key)?;
        let mut r = [0u8; 32];
        sys::random(&mut r)?;
        let mut salt = [0u8; 16];
        salt.copy_from_slice(&r[..16]);
        let mut start = [0u8; 16];
        start.copy_from_slice(&r[16..]);
        // width ≤ 16: the mask keeps the low 8·width − 1 bits.
        let first = u128::from_le_bytes(start) & (u128::MAX >> (129 - 8 * width));
        Self::create_with(path, alg, width, key, reserve, first, salt)
    }

    /// [`NonceStore::create`] with the first nonce and the salt given (for
    /// tests that need a known file; a real file takes random ones).
    ///
    /// # Errors
    /// As [`NonceStore::create`]; [`NonceFileError::Invalid`] also if
    /// `first` is not below the largest bound of the width.
    #[doc(hidden)]
    pub fn create_with(
        path: impl AsRef<Path>,
        alg: &str,
        width: usize,
        key: &[u8],
        reserve: u64,
        first: u128,
        salt: [u8; 16],
    ) -> Result<Self, NonceFileError> {
        let path = path.as_ref();
        let reserve = check_reserve(reserve)?;
        let header = Header::new(alg, width, salt, key)?;
        if first >= record::limit(width) {
            return Err(Error::InvalidParameter {
                name: "first",
                reason: "the first nonce must be below the largest bound of the width",
            }
            .into());
        }
        let on_disk = Record {
            header,
            generation: 1,
            bound: first,
        };
        let file = sys::create_new(path, &record::new_file(&on_disk))?;
        Ok(Self::with(path, file, on_disk, true, reserve))
    }

    /// Opens the existing nonce file at `path` (following symlinks) for
    /// nonces of `width` bytes under `key` and the algorithm `alg`; the
    /// sequence continues at the stored bound. Nonces are reserved
    /// `reserve` at a time (the value used by earlier runs does not
    /// matter). Every check is made before anything is written.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] (e.g. `NotFound`: a missing file is never
    /// silently replaced by a new sequence), [`NonceFileError::Locked`],
    /// [`NonceFileError::Legacy`] for a file of the earlier poly1305-aes
    /// formats, [`NonceFileError::Corrupt`], [`NonceFileError::WrongAlgorithm`],
    /// [`NonceFileError::WrongWidth`], [`NonceFileError::WrongKey`] (in
    /// this order of checking), [`NonceFileError::Invalid`] for parameters
    /// as in [`NonceStore::create`].
    pub fn open(
        path: impl AsRef<Path>,
        alg: &str,
        width: usize,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        let path = path.as_ref();
        let (reserve, file, bytes) = checked_and_locked(path, alg, width, key, reserve)?;
        let (on_disk, synced) = record::current(&bytes).map_err(|e| match e {
            Unreadable::Legacy => NonceFileError::Legacy,
            Unreadable::Corrupt(reason) => NonceFileError::Corrupt { reason },
        })?;
        let h = &on_disk.header;
        if h.alg() != alg {
            return Err(NonceFileError::WrongAlgorithm {
                found: h.alg().into(),
                expected: alg.into(),
            });
        }
        if h.width() != width {
            return Err(NonceFileError::WrongWidth {
                found: h.width(),
                expected: width,
            });
        }
        if !h.key_matches(key) {
            return Err(NonceFileError::WrongKey);
        }
        Ok(Self::with(path, file, on_disk, synced, reserve))
    }

    /// Binds a nonce file of the earlier poly1305-aes formats (version 1 or
    /// 2, 16-byte nonces, no key check value) to `key` and `alg` in place,
    /// keeping its bound (the largest among its valid records), and returns
    /// the opened store. The key cannot be checked against such a file: give
    /// the key it was used with, once.
    ///
    /// The new record (fresh salt, generation 1) is written first to the
    /// slot that does *not* hold the old file's largest bound (slot 1 for a
    /// version 1 file), `fsync`, then to the other, `fsync`. A crash in
    /// between leaves either the old file with its largest bound intact
    /// (adopt again) or one valid new slot, which [`NonceStore::open`]
    /// reads by the one-slot rule.
    ///
    /// # Errors
    /// [`NonceFileError::Invalid`] if the file is already of the current
    /// format (one valid slot is enough: open it instead),
    /// [`NonceFileError::Corrupt`] if it is neither, [`NonceFileError::WrongWidth`]
    /// unless `width` is 16, and the errors of [`NonceStore::open`] for the
    /// file system, the lock and the parameters.
    pub fn adopt(
        path: impl AsRef<Path>,
        alg: &str,
        width: usize,
        key: &[u8],
        reserve: u64,
    ) -> Result<Self, NonceFileError> {
        let path = path.as_ref();
        let (reserve, file, bytes) = checked_and_locked(path, alg, width, key, reserve)?;
        match record::current(&bytes) {
            Err(Unreadable::Legacy) => {}
            Ok(_) => {
                return Err(Error::InvalidParameter {
                    name: "path",
                    reason: "the nonce file is already bound to a key: open it instead",
                }
                .into());
            }
            Err(Unreadable::Corrupt(reason)) => return Err(NonceFileError::Corrupt { reason }),
        }
        let (bound, holder) =
            legacy::newest(&bytes, record::FILE_LEN).ok_or(NonceFileError::Corrupt {
                reason: "no valid record of an earlier format",
            })?;
        if width != 16 {
            return Err(NonceFileError::WrongWidth {
                found: 16,
                expected: width,
            });
        }
        let mut salt = [0u8; 16];
        sys::random(&mut salt)?;
        let on_disk = Record {
            header: Header::new(alg, width, salt, key)?,
            generation: 1,
            bound,
        };
        let rec = on_disk.encode();
        let first = record::SLOTS[1 - holder];
        let second = record::SLOTS[holder];
        sys::write_durably(&file, first, &rec)?;
        sys::write_durably(&file, second, &rec)?;
        Ok(Self::with(path, file, on_disk, true, reserve))
    }

    /// The handle of an opened, locked `file` whose current record is
    /// `on_disk` (in both slots if `synced`): the sequence goes on at its
    /// bound.
    fn with(path: &Path, file: File, on_disk: Record, synced: bool, reserve: u128) -> Self {
        Self {
            path: path.to_path_buf(),
            file,
            on_disk,
            synced,
            generation: on_disk.generation,
            next: on_disk.bound,
            reserve,
        }
    }

    /// Durably stores `bound` with the next generation in both slots.
    fn store(&mut self, bound: u128) -> Result<(), NonceFileError> {
        let generation = self
            .generation
            .checked_add(1)
            .ok_or(NonceFileError::Exhausted)?;
        let rec = Record {
            generation,
            bound,
            ..self.on_disk
        };
        // From here on slot 0 may hold this generation, whatever happens.
        self.generation = generation;
        self.synced = false;
        let bytes = rec.encode();
        for at in record::SLOTS {
            sys::write_durably(&self.file, at, &bytes)?;
        }
        self.on_disk = rec;
        self.synced = true;
        Ok(())
    }

    /// Hands out the next nonce as an integer (its bytes: the `width`
    /// little-endian bytes of it), first storing a new bound
    /// `n + reserve` (at most the largest bound of the width) in both slots
    /// if `n` is not yet covered by the bound on disk.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] if storing the bound fails (no nonce is handed
    /// out; a later call retries), [`NonceFileError::Exhausted`] once the
    /// last nonce of the width has been handed out (`2^(8·width) − 1`, or
    /// `2^128 − 2` for 16 bytes) or the record generation is used up.
    pub fn next_counter(&mut self) -> Result<u128, NonceFileError> {
        let n = self.next;
        if n >= self.on_disk.bound || !self.synced {
            let limit = record::limit(self.width());
            let bound = n.checked_add(self.reserve).map_or(limit, |b| b.min(limit));
            if bound <= n {
                return Err(NonceFileError::Exhausted);
            }
            self.store(bound)?;
        }
        // n < bound ≤ 2^128 − 1: no overflow.
        self.next = n.checked_add(1).ok_or(NonceFileError::Exhausted)?;
        Ok(n)
    }

    /// [`NonceStore::next_counter`] as its `width` little-endian bytes.
    ///
    /// # Errors
    /// As [`NonceStore::next_counter`].
    pub fn next_bytes(&mut self) -> Result<Vec<u8>, NonceFileError> {
        let n = self.next_counter()?;
        Ok(n.to_le_bytes()[..self.width()].to_vec())
    }

    /// The counter the next call to [`NonceStore::next_counter`] will
    /// return (if it succeeds). Every nonce handed out so far is smaller.
    pub fn peek(&self) -> u128 {
        self.next
    }

    /// The bound of the record this handle read or last wrote: every nonce
    /// handed out is below it, and once it is in both slots the nonces below
    /// it are handed out without a file write.
    pub fn reserved_until(&self) -> u128 {
        self.on_disk.bound
    }

    /// The path the file was opened by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The nonce width in bytes.
    pub fn width(&self) -> usize {
        self.on_disk.header.width()
    }

    /// The algorithm the file is bound to.
    pub fn alg(&self) -> &str {
        self.on_disk.header.alg()
    }

    /// Stores the exact next nonce as the bound in both slots (so a clean
    /// shutdown skips no nonces) and releases the lock. Dropping the handle
    /// without `close` is also safe; the next run then skips the unused
    /// reserved nonces.
    ///
    /// # Errors
    /// [`NonceFileError::Io`] if a write fails, [`NonceFileError::Exhausted`]
    /// if the generation is used up; the file then still holds a bound
    /// larger than every nonce handed out.
    pub fn close(mut self) -> Result<(), NonceFileError> {
        if !self.synced || self.next != self.on_disk.bound {
            self.store(self.next)?;
        }
        Ok(())
    }
}

/// The parameters of [`NonceStore::open`] and [`NonceStore::adopt`]
/// checked, then the file at `path` opened, locked and read: `reserve` as
/// a `u128`, the file and its bytes.
fn checked_and_locked(
    path: &Path,
    alg: &str,
    width: usize,
    key: &[u8],
    reserve: u64,
) -> Result<(u128, File, Vec<u8>), NonceFileError> {
    let reserve = check_reserve(reserve)?;
    record::check_params(alg, width, key)?;
    let (file, bytes) = sys::open_locked(path)?;
    Ok((reserve, file, bytes))
}

/// `reserve` as a `u128`, or the error for 0.
fn check_reserve(reserve: u64) -> Result<u128, NonceFileError> {
    if reserve == 0 {
        return Err(Error::InvalidParameter {
            name: "reserve",
            reason: "must reserve at least one nonce per file write",
        }
        .into());
    }
    Ok(u128::from(reserve))
}
