//! Writer processes opening one file through different names, racing, and
//! killed with SIGKILL at random moments.

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use uhash_base::nonce_file::NonceFileError;

use super::{bound, create_at, names_intact, open, scratch_mem, serial};

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
    let mut seq = match open(Path::new(&path), var(ENV_RESERVE)) {
        Ok(s) => s,
        Err(NonceFileError::Locked) => return say("LOCKED".into()),
        Err(e) => return say(format!("ERROR {e}")),
    };
    say("OPENED".into());
    for _ in 0..var(ENV_COUNT) {
        let n = seq.next_counter().unwrap();
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
    c.args([
        "--exact",
        "processes::child_writer",
        "--ignored",
        "--nocapture",
    ])
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

// ------------------------------------------------------ the process tests

#[test]
fn a_second_writer_through_any_name_is_locked_then_takes_over() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    for a in ALIASES {
        let dir = scratch_mem("names");
        let path = dir.join("n");
        create_at(&path, 1000, 3).close().unwrap();
        let name = alias(&dir, a);
        let mut first = Writer::spawn(&dir, &path, 3, 50, true);
        assert!(first.until("HOLDING"), "{a:?}: {:?}", first.events);
        // Through the other name: refused, in another process and in this one.
        let (n, ev, _) = Writer::spawn(&dir, &name, 3, 10, false).finish();
        assert_eq!((n.len(), ev), (0, vec!["LOCKED".to_string()]), "{a:?}");
        assert!(
            matches!(open(&dir.join(&name), 3), Err(NonceFileError::Locked)),
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

/// Two writers started together through two names of one file: one is
/// refused, or runs after the other, and no nonce is handed out twice.
#[test]
fn racing_writers_through_two_names_never_share_a_nonce() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    for round in 0..24 {
        let dir = scratch_mem("race");
        let path = dir.join("n");
        create_at(&path, 0, 1).close().unwrap();
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
/// killed with SIGKILL at a random moment (possibly inside `open` or
/// between the two slot writes): no nonce twice, every run above all
/// earlier ones, and after each kill the bound on disk above everything
/// handed out.
#[test]
fn killed_writers_never_reuse_a_nonce() {
    let _serial = serial();
    if !can_spawn() {
        return;
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
        | 1;
    println!("kill test seed {seed:#x}");
    let mut rng = uhash_testkit::rng::XorShift64::new(seed);
    let mut rand = move |n: u64| rng.next_u64() % n;
    for reserve in [1u64, 3, 1000] {
        let dir = scratch_mem("kill");
        let path = dir.join("n");
        create_at(&path, 1000, reserve).close().unwrap();
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
