//! A nonce sequence that survives restarts, crashes and power cuts by
//! reserving nonces ahead on disk (Bernstein §3: "Store a safe nonce value —
//! a new nonce larger than any nonce used — on disk alongside the key").

extern crate std;

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::Nonce;
use uhash_core::Error;

/// File magic: identifies a nonce file of this crate.
const MAGIC: [u8; 8] = *b"UHPNONCE";
/// File format version.
const VERSION: u32 = 1;
/// Size of the file: magic, version, 4 zero bytes, bound, !bound.
const FILE_LEN: usize = 48;

/// What went wrong with a [`PersistentNonces`] sequence. Nothing in this
/// module panics; every failure is one of these.
#[derive(Debug)]
#[non_exhaustive]
pub enum PersistError {
    /// An operating-system call failed.
    Io {
        /// What was being done (e.g. `"fsync temporary file"`).
        op: &'static str,
        /// The error from the operating system.
        source: io::Error,
    },
    /// The nonce file exists but is not a valid nonce file (wrong size,
    /// magic, version or check field). The sequence refuses to guess a
    /// bound: repair it by hand with a value larger than every nonce ever
    /// used under the key, or change the key.
    Corrupt {
        /// Which check failed.
        reason: &'static str,
    },
    /// Another handle (in this or another process) holds the lock of this
    /// nonce file; only one writer may hand out nonces at a time.
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

/// The on-disk bytes for `bound`.
fn encode(bound: u128) -> [u8; FILE_LEN] {
    let mut b = [0u8; FILE_LEN];
    b[..8].copy_from_slice(&MAGIC);
    b[8..12].copy_from_slice(&VERSION.to_le_bytes());
    b[16..32].copy_from_slice(&bound.to_le_bytes());
    b[32..48].copy_from_slice(&(!bound).to_le_bytes());
    b
}

/// The bound stored in `bytes`, or why they are not a nonce file.
fn decode(bytes: &[u8]) -> Result<u128, PersistError> {
    let corrupt = |reason| Err(PersistError::Corrupt { reason });
    if bytes.len() != FILE_LEN {
        return corrupt("wrong size (a nonce file is 48 bytes)");
    }
    if bytes[..8] != MAGIC {
        return corrupt("bad magic");
    }
    if bytes[8..12] != VERSION.to_le_bytes() || bytes[12..16] != [0; 4] {
        return corrupt("unsupported version");
    }
    let mut a = [0u8; 16];
    let mut b = [0u8; 16];
    a.copy_from_slice(&bytes[16..32]);
    b.copy_from_slice(&bytes[32..48]);
    let bound = u128::from_le_bytes(a);
    if !bound != u128::from_le_bytes(b) {
        return corrupt("check field does not match the bound");
    }
    Ok(bound)
}

/// Reads and decodes the nonce file at `path` (at most `FILE_LEN + 1` bytes
/// are read, so a huge file is reported as corrupt, not loaded).
fn read_bound(path: &Path) -> Result<u128, PersistError> {
    let f = File::open(path).map_err(io_err("open nonce file"))?;
    let mut bytes = std::vec::Vec::with_capacity(FILE_LEN + 1);
    f.take(FILE_LEN as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io_err("read nonce file"))?;
    decode(&bytes)
}

/// `path` with `suffix` appended to its file name (`nonces` → `nonces.tmp`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// A strictly increasing nonce sequence whose state lives in a file, safe
/// against crashes and power cuts: **no nonce is ever handed out twice, across
/// any number of restarts of the process or the machine** — provided the
/// assumptions below hold. Nonces may be *skipped* (at most `reserve` per
/// crash).
///
/// # How
/// The file (48 bytes: magic, version, the bound `B` as a little-endian
/// `u128` and its complement as a check) stores a *bound*: every nonce ever
/// handed out is `< B` (Bernstein §3's "safe nonce value"). On open, the
/// sequence continues at `B`. Before handing out a nonce `n ≥` the bound
/// known to be on disk, it stores the new bound `n + reserve`:
///
/// 1. write the new file to `<path>.tmp` and `fsync` it,
/// 2. `rename` it over `<path>` (atomic: a reader sees the old or the new
///    file, never a mix),
/// 3. `fsync` the directory, so the rename itself is durable.
///
/// Only after all three succeed is `n` handed out. So at every instant the
/// durable bound exceeds every nonce handed out; after a crash at any point
/// (including inside the three steps) the file holds the old or the new
/// bound, both larger than every nonce handed out. If a step fails, the
/// error is returned, no nonce is handed out, and the next call retries.
/// `reserve` trades file writes (one per `reserve` nonces) against nonces
/// skipped after a crash (at most `reserve`). [`PersistentNonces::close`]
/// stores the exact next nonce, so a clean shutdown skips none.
///
/// # Single writer
/// A handle holds an exclusive advisory lock (`flock`-style,
/// [`File::try_lock`]) on `<path>.lock` for its lifetime; a second handle on
/// the same file, in this or another process, gets [`PersistError::Locked`].
/// The lock is released when the handle is dropped or the process dies (even
/// by `SIGKILL`) — with one caveat: a child process forked by *another
/// thread* at that moment shares the lock until it `exec`s or exits, so an
/// immediate re-open may see `Locked` briefly; retry. Advisory locks may not work on network file systems: there,
/// make sure yourself that only one process uses a nonce file.
///
/// # Assumptions (not guaranteed — these lead to nonce reuse)
/// * The file system honours `fsync` and `rename` atomicity (true for local
///   ext4, XFS, btrfs, APFS, NTFS with working hardware; not for disks or
///   virtual disks that lie about write caches, or mounts with barriers
///   disabled). On non-Unix systems the directory `fsync` (step 3) is not
///   available and is skipped: the rename may not be durable after a power
///   cut there.
/// * The file is never rolled back: restoring it from a backup or snapshot,
///   resuming a virtual machine twice from one snapshot, or copying the key
///   and nonce file to another machine that also sends makes two senders
///   hand out the same nonces. Deleting the file and creating a new one
///   restarts the sequence — only ever do that together with a new key.
/// * One sequence per key: nonces from this file must not be mixed with
///   nonces from any other source under the same key.
///
/// Nonces are handed out up to `2^128 − 2` (the bound must exceed every
/// nonce handed out, and a bound is itself at most `2^128 − 1`); then
/// [`Error::NonceExhausted`].
#[derive(Debug)]
pub struct PersistentNonces {
    /// The nonce file.
    path: PathBuf,
    /// `<path>.tmp`, written then renamed over `path`.
    tmp: PathBuf,
    /// The directory holding `path` (fsynced after each rename).
    dir: PathBuf,
    /// `<path>.lock`, exclusively locked while this handle lives.
    _lock: File,
    /// The next nonce to hand out; every nonce handed out is `< next`.
    next: u128,
    /// A bound known to be durable on disk: `next < durable` may be handed
    /// out without writing.
    durable: u128,
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
    /// [`PersistentNonces::open`]), [`PersistError::Locked`] if another
    /// handle holds the lock, [`Error::InvalidParameter`] (in
    /// [`PersistError::Core`]) if `reserve` is 0, other [`PersistError::Io`]
    /// errors from the file system.
    pub fn create(path: impl AsRef<Path>, first: u128, reserve: u64) -> Result<Self, PersistError> {
        let mut s = Self::locked(path.as_ref(), reserve)?;
        match fs::symlink_metadata(&s.path) {
            Ok(_) => {
                return Err(PersistError::Io {
                    op: "create nonce file",
                    source: io::Error::from(io::ErrorKind::AlreadyExists),
                });
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err("inspect nonce file path")(e)),
        }
        s.store(first)?;
        s.next = first;
        s.durable = first;
        Ok(s)
    }

    /// Opens the existing nonce file at `path`; the sequence continues at
    /// the stored bound. Nonces are reserved `reserve` at a time (the value
    /// used by earlier runs does not matter).
    ///
    /// # Errors
    /// [`PersistError::Io`] (e.g. `NotFound` — a missing file is never
    /// silently replaced by a new sequence starting at 0),
    /// [`PersistError::Corrupt`] for a file that is not a valid nonce file,
    /// [`PersistError::Locked`], or [`Error::InvalidParameter`] if
    /// `reserve` is 0.
    pub fn open(path: impl AsRef<Path>, reserve: u64) -> Result<Self, PersistError> {
        let mut s = Self::locked(path.as_ref(), reserve)?;
        let bound = read_bound(&s.path)?;
        s.next = bound;
        s.durable = bound;
        Ok(s)
    }

    /// Takes the lock and fills in the paths; `next`/`durable` still 0.
    fn locked(path: &Path, reserve: u64) -> Result<Self, PersistError> {
        if reserve == 0 {
            return Err(Error::InvalidParameter {
                name: "reserve",
                reason: "must reserve at least one nonce per file write",
            }
            .into());
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let lock = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(with_suffix(path, ".lock"))
            .map_err(io_err("open lock file"))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(PersistError::Locked),
            Err(TryLockError::Error(e)) => return Err(io_err("lock lock file")(e)),
        }
        Ok(PersistentNonces {
            path: path.to_path_buf(),
            tmp: with_suffix(path, ".tmp"),
            dir,
            _lock: lock,
            next: 0,
            durable: 0,
            reserve: u128::from(reserve),
        })
    }

    /// Durably replaces the file's bound with `bound`: write temp, fsync,
    /// rename, fsync directory.
    fn store(&self, bound: u128) -> Result<(), PersistError> {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&self.tmp)
            .map_err(io_err("create temporary file"))?;
        f.write_all(&encode(bound))
            .map_err(io_err("write temporary file"))?;
        f.sync_all().map_err(io_err("fsync temporary file"))?;
        drop(f);
        fs::rename(&self.tmp, &self.path).map_err(io_err("rename temporary file"))?;
        sync_dir(&self.dir)
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
        if n >= self.durable {
            // The bound must exceed n; saturate at the largest bound.
            let bound = n.saturating_add(self.reserve);
            if bound <= n {
                return Err(Error::NonceExhausted.into());
            }
            self.store(bound)?;
            self.durable = bound;
        }
        // n < durable ≤ u128::MAX, so n + 1 does not overflow.
        self.next = n.saturating_add(1);
        Ok(Nonce::from_counter(n))
    }

    /// The nonce the next call to [`PersistentNonces::next_nonce`] will
    /// return (if it succeeds). Every nonce handed out so far is smaller.
    pub fn peek(&self) -> Nonce {
        Nonce::from_counter(self.next)
    }

    /// The bound known to be durable on disk: nonces below it can be handed
    /// out without a file write.
    pub fn reserved_until(&self) -> u128 {
        self.durable
    }

    /// The nonce file's path.
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
    pub fn close(self) -> Result<(), PersistError> {
        if self.next != self.durable {
            self.store(self.next)?;
        }
        Ok(())
    }
}

/// Makes a completed `rename` in `dir` durable (Unix: fsync the directory).
#[cfg(unix)]
fn sync_dir(dir: &Path) -> Result<(), PersistError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io_err("fsync directory"))
}

/// Non-Unix: directories cannot be opened for fsync through `std`; see the
/// assumptions in [`PersistentNonces`].
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> Result<(), PersistError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::{String, ToString};
    use std::vec::Vec;

    /// Serializes the tests that hold locks: a child spawned by the kill test
    /// inherits (between fork and exec) the open lock files of other test
    /// threads, which would make their re-opens see `Locked` transiently.
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// Takes [`SERIAL`] (ignoring poisoning by a failed test).
    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh empty directory under the system temp dir.
    fn scratch(name: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let d = std::env::temp_dir().join(std::format!(
            "uhash-nonce-{name}-{}-{nanos}",
            std::process::id()
        ));
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn file_format_round_trip() {
        for b in [0, 1, u128::MAX, 0x1234_5678_9abc_def0_0fed_cba9_8765_4321] {
            assert_eq!(decode(&encode(b)).unwrap(), b);
        }
        let good = encode(77);
        assert_eq!(&good[..8], b"UHPNONCE");
        for (i, bytes) in [
            good[..47].to_vec(),
            [&good[..], &[0][..]].concat(),
            Vec::new(),
        ]
        .iter()
        .enumerate()
        {
            assert!(
                matches!(decode(bytes), Err(PersistError::Corrupt { .. })),
                "case {i}"
            );
        }
        // Every single-bit flip is detected.
        for bit in 0..FILE_LEN * 8 {
            let mut b = good;
            b[bit / 8] ^= 1 << (bit % 8);
            assert!(
                matches!(decode(&b), Err(PersistError::Corrupt { .. })),
                "bit {bit}"
            );
        }
    }

    #[test]
    fn increasing_reserving_and_resuming() {
        let _serial = serial();
        let d = scratch("resume");
        let path = d.join("n");
        let mut s = PersistentNonces::create(&path, 10, 4).unwrap();
        assert_eq!(read_bound(&path).unwrap(), 10);
        let got: Vec<u128> = (0..6)
            .map(|_| s.next_nonce().unwrap().to_counter())
            .collect();
        assert_eq!(got, [10, 11, 12, 13, 14, 15]);
        // 10 reserved up to 14, 14 reserved up to 18.
        assert_eq!(read_bound(&path).unwrap(), 18);
        assert_eq!(s.reserved_until(), 18);
        drop(s); // crash-like: no close
        let mut s = PersistentNonces::open(&path, 4).unwrap();
        assert_eq!(s.next_nonce().unwrap().to_counter(), 18); // 16, 17 skipped
        assert_eq!(s.peek().to_counter(), 19);
        s.close().unwrap();
        assert_eq!(read_bound(&path).unwrap(), 19); // clean close: exact
        let mut s = PersistentNonces::open(&path, 1).unwrap();
        assert_eq!(s.next_nonce().unwrap().to_counter(), 19);
        assert_eq!(read_bound(&path).unwrap(), 20);
        assert!(!with_suffix(&path, ".tmp").exists());
        drop(s);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn errors_not_panics() {
        let _serial = serial();
        let d = scratch("errors");
        let path = d.join("n");
        assert!(matches!(
            PersistentNonces::open(&path, 1),
            Err(PersistError::Io { ref source, .. }) if source.kind() == io::ErrorKind::NotFound
        ));
        assert!(matches!(
            PersistentNonces::create(&path, 0, 0),
            Err(PersistError::Core(Error::InvalidParameter { .. }))
        ));
        let s = PersistentNonces::create(&path, 0, 8).unwrap();
        // Single writer: a second handle is refused while the first lives.
        assert!(matches!(
            PersistentNonces::open(&path, 8),
            Err(PersistError::Locked)
        ));
        drop(s);
        assert!(matches!(
            PersistentNonces::create(&path, 0, 8),
            Err(PersistError::Io { ref source, .. }) if source.kind() == io::ErrorKind::AlreadyExists
        ));
        // Corrupt and short files are typed errors.
        for bytes in [&b"short"[..], &[0u8; 48][..], &[0u8; 100_000][..]] {
            fs::write(&path, bytes).unwrap();
            let e = PersistentNonces::open(&path, 8).unwrap_err();
            assert!(matches!(e, PersistError::Corrupt { .. }), "{e}");
            assert!(e.to_string().starts_with("nonce file is corrupt"));
        }
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn exhaustion_never_wraps() {
        let _serial = serial();
        let d = scratch("exhaust");
        let path = d.join("n");
        let mut s = PersistentNonces::create(&path, u128::MAX - 3, 2).unwrap();
        let got: Vec<u128> = (0..3)
            .map(|_| s.next_nonce().unwrap().to_counter())
            .collect();
        assert_eq!(got, [u128::MAX - 3, u128::MAX - 2, u128::MAX - 1]);
        for _ in 0..2 {
            assert!(matches!(
                s.next_nonce(),
                Err(PersistError::Core(Error::NonceExhausted))
            ));
        }
        assert_eq!(read_bound(&path).unwrap(), u128::MAX);
        drop(s);
        let mut s = PersistentNonces::open(&path, 5).unwrap();
        assert!(matches!(
            s.next_nonce(),
            Err(PersistError::Core(Error::NonceExhausted))
        ));
        drop(s);
        fs::remove_dir_all(&d).unwrap();
    }

    /// Environment variable that turns [`kill_child`] into the nonce writer.
    #[cfg(unix)]
    const CHILD_ENV: &str = "UHASH_POLY1305_NONCE_KILL_CHILD";

    /// Child process of [`kill_writer_never_reuses`]: opens the sequence named
    /// by `CHILD_ENV` with a reserve of 3 and prints every nonce it hands out
    /// (one `write` per line, flushed) until it is killed. Does nothing
    /// unless that variable is set.
    #[cfg(unix)]
    #[test]
    #[ignore = "helper process for kill_writer_never_reuses (needs its env var)"]
    fn kill_child() {
        let Some(path) = std::env::var_os(CHILD_ENV) else {
            return;
        };
        if path == "probe" {
            std::println!("READY");
            return;
        }
        let mut seq = PersistentNonces::open(PathBuf::from(path), 3).unwrap();
        let mut out = std::io::stdout();
        for _ in 0..1_000_000 {
            let n = seq.next_nonce().unwrap().to_counter();
            out.write_all(std::format!("NONCE {n}\n").as_bytes())
                .unwrap();
            out.flush().unwrap();
        }
    }

    /// Kills a writer process with SIGKILL at random moments (several
    /// rounds; reserve 3, so about a third of the nonces include a file
    /// write, fsync, rename and directory fsync that the kill can interrupt)
    /// and checks: no nonce is printed twice across all runs, each run's
    /// nonces increase and start above every earlier run's, and after every
    /// kill the bound on disk exceeds every nonce printed so far.
    ///
    /// Under qemu-user (cross-target tests) the test binary cannot re-spawn
    /// itself (the foreign executable is not runnable without the emulator
    /// and its sysroot): a probe child detects that, and on non-x86 targets
    /// the test then prints "skipped" and returns; on x86 a failing probe is
    /// a test failure.
    #[cfg(unix)]
    #[test]
    fn kill_writer_never_reuses() {
        let _serial = serial();
        use std::io::BufRead;
        use std::process::{Command, Stdio};

        let d = scratch("kill");
        let path = d.join("nonces");
        PersistentNonces::create(&path, 1000, 3)
            .unwrap()
            .close()
            .unwrap();
        let exe = std::env::current_exe().unwrap();
        let child_cmd = |arg: &std::ffi::OsStr| {
            let mut c = Command::new(&exe);
            c.args([
                "--exact",
                "nonce::persistent::tests::kill_child",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, arg)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
            c
        };
        // Probe: can this test binary run itself as a child? Under qemu-user
        // (the cross-target test runs) it cannot — the foreign executable is
        // not runnable without the emulator and its sysroot — so the kill
        // test is skipped there, with a message. Natively the probe must work.
        let probe = child_cmd("probe".as_ref()).output();
        let probe_ok = probe
            .as_ref()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("READY"));
        if !probe_ok {
            // This machine is x86_64: there the probe must succeed.
            if cfg!(any(target_arch = "x86_64", target_arch = "x86")) {
                panic!("the test binary cannot re-spawn itself natively: {probe:?}");
            }
            std::println!("kill test skipped: cannot re-spawn the test binary (emulated?)");
            return;
        }
        let mut seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
            | 1;
        std::println!("kill test seed {seed:#x}");
        let mut rand = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };

        let mut seen = std::collections::BTreeSet::new();
        let mut max_seen: Option<u128> = None;
        let (mut killed, mut tmp_left) = (0, 0);
        for round in 0..16 {
            let mut child = child_cmd(path.as_os_str()).spawn().unwrap();
            let stdout = child.stdout.take().unwrap();
            let mut lines = std::io::BufReader::new(stdout).lines();
            let mut run: Vec<u128> = Vec::new();
            let parse = |line: String, run: &mut Vec<u128>| {
                if let Some(v) = line.strip_prefix("NONCE ") {
                    run.push(v.parse().unwrap());
                }
            };
            // Let it hand out a random number of nonces, wait a random
            // moment, then SIGKILL (round 0 is killed at once, possibly
            // inside `open`).
            let want = if round == 0 { 0 } else { rand(400) };
            while (run.len() as u64) < want {
                match lines.next() {
                    Some(l) => parse(l.unwrap(), &mut run),
                    None => break,
                }
            }
            std::thread::sleep(std::time::Duration::from_micros(rand(800)));
            child.kill().unwrap(); // SIGKILL on Unix
            let status = child.wait().unwrap();
            if status.code().is_none() {
                killed += 1;
            }
            for l in lines {
                parse(l.unwrap(), &mut run);
            }
            if with_suffix(&path, ".tmp").exists() {
                tmp_left += 1; // killed between writing the temp file and the rename
            }
            // Checks.
            for w in run.windows(2) {
                assert!(w[0] < w[1], "round {round}: not increasing: {w:?}");
            }
            if let (Some(&first), Some(m)) = (run.first(), max_seen) {
                assert!(first > m, "round {round}: restart at {first} ≤ earlier {m}");
            }
            for &n in &run {
                assert!(seen.insert(n), "round {round}: nonce {n} handed out twice");
            }
            max_seen = seen.last().copied().or(max_seen);
            let bound = read_bound(&path).unwrap();
            if let Some(m) = max_seen {
                assert!(bound > m, "round {round}: bound {bound} ≤ used {m}");
            }
        }
        std::println!(
            "kill test: {} nonces over 16 runs, {killed} killed by signal, temp file left by {tmp_left}",
            seen.len()
        );
        assert!(killed >= 12, "the writer was rarely killed mid-run");
        assert!(seen.len() > 100, "the writer handed out too few nonces");
        // The sequence continues above everything handed out.
        let mut s = PersistentNonces::open(&path, 3).unwrap();
        let next = s.next_nonce().unwrap().to_counter();
        assert!(max_seen.is_some_and(|m| next > m));
        drop(s);
        fs::remove_dir_all(&d).unwrap();
    }
}
