//! `PersistentNonces` as an attacker (or an unlucky operator) would use it:
//! writer processes opening one nonce file through different names (the
//! same path, a symlink, a hard link, a relative path), racing, handing over,
//! and killed with SIGKILL at random moments. Whatever happens, no nonce is
//! handed out twice and every run continues above all earlier nonces.
//!
//! The writers are this test binary run again as a child (`child_writer`,
//! driven by environment variables). Under qemu-user (cross-target runs) a
//! binary cannot re-spawn itself; a probe detects that and the process tests
//! print "skipped" there — natively (x86) a failing probe is a failure.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::{Mutex, MutexGuard};

use poly1305_aes::Error;
use poly1305_aes::nonce::{PersistError, PersistentNonces};

/// Serialises the tests: a child forked by one test thread holds (between
/// fork and exec) the open lock files of the others.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh empty directory under the system temp dir.
fn scratch(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let d = std::env::temp_dir().join(format!("uhash-nonce-{name}-{}-{nanos}", std::process::id()));
    fs::create_dir_all(&d).unwrap();
    d
}

/// The bound on disk, read through a fresh handle (nothing is written).
fn bound(path: &Path) -> u128 {
    PersistentNonces::open(path, 1).unwrap().reserved_until()
}

// ---------------------------------------------------------------- the child

const ENV_PATH: &str = "UHASH_NONCE_CHILD_PATH";
const ENV_RESERVE: &str = "UHASH_NONCE_CHILD_RESERVE";
const ENV_COUNT: &str = "UHASH_NONCE_CHILD_COUNT";
const ENV_HOLD: &str = "UHASH_NONCE_CHILD_HOLD";

/// Starts every line the child prints for the parent (libtest prints its
/// own text around them, on the same lines).
const MARK: &str = "@@";

/// The writer process: opens `ENV_PATH` (relative to its working
/// directory) with `ENV_RESERVE`, prints `OPENED`, then `NONCE n` for
/// `ENV_COUNT` nonces (each line flushed); then, with `ENV_HOLD`, prints
/// `HOLDING` and keeps the lock until killed, else exits without `close`.
/// Prints `LOCKED` or `ERROR …` if the open fails. Does nothing unless
/// `ENV_PATH` is set.
#[test]
#[ignore = "helper process for the tests of this file (needs its env vars)"]
fn child_writer() {
    let Some(path) = std::env::var_os(ENV_PATH) else {
        return;
    };
    let mut out = std::io::stdout();
    let mut say = |s: String| {
        out.write_all(MARK.as_bytes()).unwrap();
        out.write_all(s.as_bytes()).unwrap();
        out.write_all(b"\n").unwrap();
        out.flush().unwrap();
    };
    if path == "probe" {
        return say("READY".into());
    }
    let var = |k| std::env::var(k).unwrap().parse::<u64>().unwrap();
    let mut seq = match PersistentNonces::open(PathBuf::from(path), var(ENV_RESERVE)) {
        Ok(s) => s,
        Err(PersistError::Locked) => return say("LOCKED".into()),
        Err(e) => return say(format!("ERROR {e}")),
    };
    say("OPENED".into());
    for _ in 0..var(ENV_COUNT) {
        let n = seq.next_nonce().unwrap().to_counter();
        say(format!("NONCE {n}"));
    }
    if std::env::var_os(ENV_HOLD).is_some() {
        say("HOLDING".into());
        std::thread::sleep(std::time::Duration::from_secs(600));
    }
}

/// A running writer and what it has printed so far.
struct Writer {
    child: Child,
    lines: std::io::Lines<BufReader<ChildStdout>>,
    nonces: Vec<u128>,
    events: Vec<String>,
}

impl Writer {
    /// Starts a writer on `name` (resolved in `cwd`).
    fn spawn(cwd: &Path, name: &Path, reserve: u64, count: u64, hold: bool) -> Writer {
        let mut c = child_command(name.as_os_str());
        c.current_dir(cwd)
            .env(ENV_RESERVE, reserve.to_string())
            .env(ENV_COUNT, count.to_string());
        if hold {
            c.env(ENV_HOLD, "1");
        }
        let mut child = c.spawn().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Writer {
            child,
            lines,
            nonces: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Reads one line; false at end of output.
    fn step(&mut self) -> bool {
        match self.lines.next() {
            Some(l) => {
                let l = l.unwrap();
                let Some((_, said)) = l.split_once(MARK) else {
                    return true; // libtest's own output
                };
                match said.strip_prefix("NONCE ") {
                    Some(n) => self.nonces.push(n.parse().unwrap()),
                    None => self.events.push(said.to_string()),
                }
                true
            }
            None => false,
        }
    }

    /// Reads until an event line `e` (or the end); whether it came.
    fn until(&mut self, e: &str) -> bool {
        while !self.events.iter().any(|x| x == e) {
            if !self.step() {
                return false;
            }
        }
        true
    }

    /// Reads until at least `n` nonces were printed (or the end).
    fn until_nonces(&mut self, n: usize) {
        while self.nonces.len() < n && self.step() {}
    }

    /// Reads everything and waits; true if it was killed by a signal.
    fn finish(mut self) -> (Vec<u128>, Vec<String>, bool) {
        while self.step() {}
        let status = self.child.wait().unwrap();
        (self.nonces, self.events, status.code().is_none())
    }

    /// SIGKILL, then [`Writer::finish`].
    fn kill(mut self) -> (Vec<u128>, Vec<String>, bool) {
        self.child.kill().unwrap();
        self.finish()
    }
}

/// This test binary, running `child_writer` with `ENV_PATH` = `arg`.
fn child_command(arg: &std::ffi::OsStr) -> Command {
    let mut c = Command::new(std::env::current_exe().unwrap());
    c.args(["--exact", "child_writer", "--ignored", "--nocapture"])
        .args(["--test-threads=1"])
        .env(ENV_PATH, arg)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    c
}

/// Whether this binary can run itself as a child (not under qemu-user).
/// Panics on x86, where it must.
fn can_spawn() -> bool {
    let probe = child_command("probe".as_ref()).output();
    let ok = probe
        .as_ref()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("@@READY"));
    if !ok {
        if cfg!(any(target_arch = "x86_64", target_arch = "x86")) {
            panic!("the test binary cannot re-spawn itself natively: {probe:?}");
        }
        println!("process test skipped: cannot re-spawn the test binary (emulated?)");
    }
    ok
}

/// The second names of one nonce file `dir/n` that the tests open it by.
#[derive(Clone, Copy, Debug)]
enum Alias {
    /// `dir/n` again.
    Same,
    /// `dir/link` → `n`.
    Symlink,
    /// `dir/hard`, a second hard link.
    HardLink,
    /// `n`, relative to the working directory `dir`.
    Relative,
}

const ALIASES: [Alias; 4] = [
    Alias::Same,
    Alias::Symlink,
    Alias::HardLink,
    Alias::Relative,
];

/// Creates the alias (once) and returns the name to open it by.
fn alias(dir: &Path, a: Alias) -> PathBuf {
    match a {
        Alias::Same => dir.join("n"),
        Alias::Symlink => {
            let l = dir.join("link");
            if fs::symlink_metadata(&l).is_err() {
                std::os::unix::fs::symlink("n", &l).unwrap();
            }
            l
        }
        Alias::HardLink => {
            let h = dir.join("hard");
            if fs::symlink_metadata(&h).is_err() {
                fs::hard_link(dir.join("n"), &h).unwrap();
            }
            h
        }
        Alias::Relative => PathBuf::from("n"),
    }
}

/// Every name still names the one file: the symlink is a symlink, the hard
/// link shares the inode, and nothing else was left in the directory.
fn names_intact(dir: &Path) {
    let n = fs::metadata(dir.join("n")).unwrap();
    if let Ok(l) = fs::symlink_metadata(dir.join("link")) {
        assert!(l.file_type().is_symlink(), "the symlink was replaced");
        assert_eq!(fs::metadata(dir.join("link")).unwrap().ino(), n.ino());
    }
    if let Ok(h) = fs::metadata(dir.join("hard")) {
        assert_eq!(h.ino(), n.ino(), "the hard link no longer names the file");
        assert_eq!(n.nlink(), 2);
    }
    for e in fs::read_dir(dir).unwrap() {
        let name = e.unwrap().file_name();
        assert!(
            ["n", "link", "hard"].contains(&name.to_str().unwrap()),
            "left behind: {name:?}"
        );
    }
}

/// Adds `run` to `seen`: increasing, above every earlier nonce, none twice.
fn record(seen: &mut BTreeSet<u128>, run: &[u128], what: &str) {
    for w in run.windows(2) {
        assert!(w[0] < w[1], "{what}: not increasing: {w:?}");
    }
    if let (Some(&first), Some(&max)) = (run.first(), seen.last()) {
        assert!(first > max, "{what}: starts at {first} ≤ earlier {max}");
    }
    for &n in run {
        assert!(seen.insert(n), "{what}: nonce {n} handed out twice");
    }
}

// ---------------------------------------------------------------- the tests

#[test]
fn a_second_writer_through_any_name_is_locked_then_takes_over() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    for a in ALIASES {
        let dir = scratch("names");
        let path = dir.join("n");
        PersistentNonces::create(&path, 1000, 3)
            .unwrap()
            .close()
            .unwrap();
        let name = alias(&dir, a);
        let mut first = Writer::spawn(&dir, &path, 3, 50, true);
        assert!(first.until("HOLDING"), "{a:?}: {:?}", first.events);
        // Through the other name: refused, in another process and in this one.
        let (n, ev, _) = Writer::spawn(&dir, &name, 3, 10, false).finish();
        assert_eq!((n.len(), ev), (0, vec!["LOCKED".to_string()]), "{a:?}");
        assert!(
            matches!(
                PersistentNonces::open(dir.join(&name), 3),
                Err(PersistError::Locked)
            ),
            "{a:?}"
        );
        let (firsts, _, killed) = first.kill();
        assert!(killed && firsts.len() == 50, "{a:?}");
        // Hand-over through the other name continues above every nonce.
        let (seconds, ev, _) = Writer::spawn(&dir, &name, 3, 20, false).finish();
        assert_eq!(ev, ["OPENED"], "{a:?}");
        let mut seen = BTreeSet::new();
        record(&mut seen, &firsts, "first writer");
        record(&mut seen, &seconds, &format!("second writer via {a:?}"));
        assert!(bound(&path) > *seen.last().unwrap());
        names_intact(&dir);
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// Two writers started together through two names of one file (the attack
/// that once gave a million repeated nonces in 0.3 s): one is refused, or
/// runs after the other, and no nonce is handed out twice.
#[test]
fn racing_writers_through_two_names_never_share_a_nonce() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    for round in 0..24 {
        let dir = scratch("race");
        let path = dir.join("n");
        PersistentNonces::create(&path, 0, 1)
            .unwrap()
            .close()
            .unwrap();
        let other = alias(&dir, ALIASES[1 + round % 3]);
        let a = Writer::spawn(&dir, &path, 1 + round as u64 % 2, 300, false);
        let b = Writer::spawn(&dir, &other, 1 + round as u64 % 2, 300, false);
        let (na, ea, _) = a.finish();
        let (nb, eb, _) = b.finish();
        let mut all = BTreeSet::new();
        for n in na.iter().chain(&nb) {
            assert!(all.insert(*n), "round {round}: nonce {n} handed out twice");
        }
        let opened = [&ea, &eb]
            .iter()
            .filter(|e| e.contains(&"OPENED".to_string()))
            .count();
        assert!(opened >= 1, "round {round}: {ea:?} {eb:?}");
        assert!(bound(&path) > *all.last().unwrap());
        names_intact(&dir);
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// 100 writers per reserve (1, 3, 1000), each through one of the names,
/// killed with SIGKILL at a random moment (possibly inside `open` or a
/// write): no nonce twice, every run above all earlier ones, and after each
/// kill the bound on disk above everything handed out.
#[test]
fn killed_writers_never_reuse_a_nonce() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
        | 1;
    println!("kill test seed {seed:#x}");
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for reserve in [1u64, 3, 1000] {
        let dir = scratch("kill");
        let path = dir.join("n");
        PersistentNonces::create(&path, 1000, reserve)
            .unwrap()
            .close()
            .unwrap();
        let mut seen = BTreeSet::new();
        let mut killed = 0;
        for round in 0..100 {
            let a = ALIASES[round % 4];
            let name = alias(&dir, a);
            let mut w = Writer::spawn(&dir, &name, reserve, 1_000_000, false);
            // Round 0 of each reserve is killed at once, possibly in `open`.
            let want = if round == 0 { 0 } else { rand(300) as usize };
            w.until_nonces(want);
            std::thread::sleep(std::time::Duration::from_micros(rand(500)));
            let (run, events, by_signal) = w.kill();
            killed += usize::from(by_signal);
            assert!(
                events.iter().all(|e| e == "OPENED"),
                "reserve {reserve}, round {round}: {events:?}"
            );
            record(
                &mut seen,
                &run,
                &format!("reserve {reserve}, round {round} via {a:?}"),
            );
            if let Some(&m) = seen.last() {
                assert!(bound(&path) > m, "reserve {reserve}, round {round}");
            }
        }
        println!(
            "reserve {reserve}: {} nonces over 100 runs, {killed} killed by signal",
            seen.len()
        );
        assert!(killed >= 90, "the writers were rarely killed mid-run");
        assert!(seen.len() > 1000, "the writers handed out too few nonces");
        names_intact(&dir);
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn increasing_reserving_and_resuming() {
    let _serial = serial();
    let d = scratch("resume");
    let path = d.join("n");
    let mut s = PersistentNonces::create(&path, 10, 4).unwrap();
    assert_eq!(s.reserved_until(), 10);
    let got: Vec<u128> = (0..6)
        .map(|_| s.next_nonce().unwrap().to_counter())
        .collect();
    assert_eq!(got, [10, 11, 12, 13, 14, 15]);
    // 10 reserved up to 14, 14 reserved up to 18.
    assert_eq!(s.reserved_until(), 18);
    drop(s); // crash-like: no close
    assert_eq!(bound(&path), 18);
    let mut s = PersistentNonces::open(&path, 4).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 18); // 16, 17 skipped
    assert_eq!(s.peek().to_counter(), 19);
    s.close().unwrap();
    assert_eq!(bound(&path), 19); // clean close: exact
    let mut s = PersistentNonces::open(&path, 1).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 19);
    assert_eq!(s.reserved_until(), 20);
    drop(s);
    assert_eq!(fs::metadata(&path).unwrap().len(), 4160);
    names_intact(&d);
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn errors_not_panics() {
    let _serial = serial();
    let d = scratch("errors");
    let path = d.join("n");
    assert!(matches!(
        PersistentNonces::open(&path, 1),
        Err(PersistError::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::NotFound
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
    // An existing name is never overwritten, a dangling symlink included.
    std::os::unix::fs::symlink("nowhere", d.join("dangling")).unwrap();
    for p in [&path, &d.join("dangling")] {
        assert!(matches!(
            PersistentNonces::create(p, 0, 8),
            Err(PersistError::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::AlreadyExists
        ));
    }
    fs::remove_file(d.join("dangling")).unwrap();
    names_intact(&d);
    // Corrupt, short and huge files are typed errors.
    for bytes in [
        &b"short"[..],
        &[0u8; 48][..],
        &[0u8; 4160][..],
        &[0u8; 100_000][..],
    ] {
        fs::write(&path, bytes).unwrap();
        let e = PersistentNonces::open(&path, 8).unwrap_err();
        assert!(matches!(e, PersistError::Corrupt { .. }), "{e}");
        assert!(e.to_string().starts_with("nonce file is corrupt"));
    }
    fs::remove_dir_all(&d).unwrap();
}

/// A file of the first format (48 bytes, bound 500) is read, continued above
/// its bound, and upgraded in place by the first write.
#[test]
fn version_1_files_continue() {
    let _serial = serial();
    let d = scratch("v1");
    let path = d.join("n");
    let mut v1 = b"UHPNONCE".to_vec();
    v1.extend(1u32.to_le_bytes());
    v1.extend([0; 4]);
    v1.extend(500u128.to_le_bytes());
    v1.extend((!500u128).to_le_bytes());
    fs::write(&path, &v1).unwrap();
    let mut s = PersistentNonces::open(&path, 2).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 500);
    drop(s);
    assert_eq!(fs::metadata(&path).unwrap().len(), 4160);
    let mut s = PersistentNonces::open(&path, 2).unwrap();
    assert_eq!(s.next_nonce().unwrap().to_counter(), 502);
    s.close().unwrap();
    assert_eq!(bound(&path), 503);
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
    drop(s);
    assert_eq!(bound(&path), u128::MAX);
    let mut s = PersistentNonces::open(&path, 5).unwrap();
    assert!(matches!(
        s.next_nonce(),
        Err(PersistError::Core(Error::NonceExhausted))
    ));
    drop(s);
    fs::remove_dir_all(&d).unwrap();
}
