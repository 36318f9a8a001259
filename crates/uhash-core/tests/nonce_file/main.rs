//! `uhash_base::nonce_file` as an attacker (or an unlucky operator) would
//! use it: a second file for the key, another key, algorithm or width,
//! every single-byte change of the file, crafted generations and bounds,
//! writes torn between the two slots, files of the earlier format, and
//! writer processes opening one file through different names, racing, and
//! killed with SIGKILL at random moments. Whatever happens, no nonce is
//! handed out twice and every run continues above all earlier nonces — or
//! the store refuses with a typed error.
//!
//! The writers are this test binary run again as a child
//! (`processes::child_writer`, driven by environment variables). Under
//! qemu-user (cross-target runs) a binary cannot re-spawn itself; a probe
//! detects that and the process tests print "skipped" there — natively
//! (x86) a failing probe is a failure.
#![cfg(unix)]

mod damage;
mod legacy;
mod processes;

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use sha2::{Digest as _, Sha256};
use uhash_base::Error;
use uhash_base::nonce_file::{NonceFile, NonceFileError, NonceStore};

/// The key, algorithm and width of most files here.
const KEY: [u8; 32] = [0x5a; 32];
const ALG: &str = "poly1305-aes";
const W: usize = 16;
/// Size of a nonce file and the offset of slot 1.
const FILE_LEN: usize = 4264;
const SLOT1: usize = 4096;
const RECORD_LEN: usize = 168;

/// Serialises the tests: a child forked by one test thread holds (between
/// fork and exec) the open lock files of the others.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh empty directory under the system temp dir.
fn scratch(name: &str) -> PathBuf {
    scratch_in(std::env::temp_dir(), name)
}

/// A fresh empty directory in memory (`/dev/shm`) where there is one, else
/// under the system temp dir: for the process tests, whose thousands of
/// `fsync`s test nothing there (a killed process loses no page cache) and
/// would take minutes on a busy disk.
fn scratch_mem(name: &str) -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = match fs::metadata(shm) {
        Ok(m) if m.is_dir() && !m.permissions().readonly() => shm.to_path_buf(),
        _ => std::env::temp_dir(),
    };
    scratch_in(base, name)
}

fn scratch_in(base: PathBuf, name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let d = base.join(format!(
        "uhash-nonce-file-{name}-{}-{nanos}",
        std::process::id()
    ));
    fs::create_dir_all(&d).unwrap();
    d
}

fn open(path: &Path, reserve: u64) -> Result<NonceStore, NonceFileError> {
    NonceStore::open(path, ALG, W, &KEY, reserve)
}

fn create_at(path: &Path, first: u128, reserve: u64) -> NonceStore {
    NonceStore::create_with(path, ALG, W, &KEY, reserve, first, [3; 16]).unwrap()
}

/// The bound on disk, read through a fresh handle (nothing is written).
fn bound(path: &Path) -> u128 {
    open(path, 1).unwrap().reserved_until()
}

/// `n` nonces from `s`.
fn take(s: &mut NonceStore, n: usize) -> Vec<u128> {
    (0..n).map(|_| s.next_counter().unwrap()).collect()
}

/// Recomputes the checksum of the record at `at` in `file`.
fn reseal(file: &mut [u8], at: usize) {
    let d = Sha256::digest(&file[at..at + 152]);
    file[at + 152..at + RECORD_LEN].copy_from_slice(&d[..16]);
}

/// Rewrites the generation and bound of both slots of `file`, resealed.
fn craft(file: &mut [u8], generation: u64, bound: u128) {
    for at in [0, SLOT1] {
        file[at + 128..at + 136].copy_from_slice(&generation.to_le_bytes());
        file[at + 136..at + 152].copy_from_slice(&bound.to_le_bytes());
        reseal(file, at);
    }
}

// ------------------------------------------------------ binding to a key

/// Attack 1: a second file for the same key used to start at nonce 0 again.
#[test]
fn two_files_for_one_key_hand_out_disjoint_nonces() {
    let _serial = serial();
    let d = scratch("two");
    for width in [16, 12, 8, 4] {
        let mut runs = Vec::new();
        for i in 0..2 {
            let p = d.join(format!("n{width}-{i}"));
            let mut s = NonceStore::create(&p, ALG, width, &KEY, 16).unwrap();
            let first = s.peek();
            assert!(
                first < 1u128 << (8 * width - 1),
                "width {width}: start {first:#x} not in the lower half"
            );
            runs.push(take(&mut s, 200));
            assert_eq!(s.next_bytes().unwrap().len(), width);
        }
        let a: BTreeSet<_> = runs[0].iter().collect();
        assert!(
            runs[1].iter().all(|n| !a.contains(n)),
            "width {width}: two files for one key share a nonce"
        );
    }
    // The starts of 1-byte files stay below 128.
    for i in 0..20 {
        let s = NonceStore::create(d.join(format!("w1-{i}")), ALG, 1, &KEY, 1).unwrap();
        assert!(s.peek() < 128);
    }
    // The documented limit: two files made with the same start (only
    // possible through the test constructor, or with probability at most
    // 2T/2^(8w−1) at random) do share nonces. One file per key.
    let mut a = NonceStore::create_with(d.join("same-a"), ALG, 8, &KEY, 4, 77, [1; 16]).unwrap();
    let mut b = NonceStore::create_with(d.join("same-b"), ALG, 8, &KEY, 4, 77, [2; 16]).unwrap();
    assert_eq!(a.next_counter().unwrap(), b.next_counter().unwrap());
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn another_key_algorithm_or_width_is_refused_and_nothing_is_written() {
    let _serial = serial();
    let d = scratch("bind");
    let path = d.join("n");
    let mut s = create_at(&path, 40, 5);
    take(&mut s, 3);
    drop(s);
    let before = fs::read(&path).unwrap();
    let mut other_key = KEY;
    other_key[31] ^= 1;
    for key in [&other_key[..], &KEY[..31], &[KEY, KEY].concat()[..]] {
        assert!(matches!(
            NonceStore::open(&path, ALG, W, key, 5),
            Err(NonceFileError::WrongKey)
        ));
    }
    match NonceStore::open(&path, "umac-64", W, &KEY, 5) {
        Err(NonceFileError::WrongAlgorithm { found, expected }) => {
            assert_eq!((found.as_str(), expected.as_str()), (ALG, "umac-64"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        NonceStore::open(&path, ALG, 12, &KEY, 5),
        Err(NonceFileError::WrongWidth {
            found: 16,
            expected: 12
        })
    ));
    assert!(matches!(
        NonceFile::<8>::open(&path, ALG, &KEY, 5),
        Err(NonceFileError::WrongWidth {
            found: 16,
            expected: 8
        })
    ));
    assert_eq!(fs::read(&path).unwrap(), before, "a refused open wrote");
    // The right binding continues above every nonce.
    let mut f = NonceFile::<16>::open(&path, ALG, &KEY, 5).unwrap();
    assert_eq!(f.next_nonce().unwrap().to_counter(), 45);
    assert_eq!((f.alg(), f.store().width()), (ALG, 16));
    fs::remove_dir_all(&d).unwrap();
}

// ------------------------------------------------- parameters and errors

#[test]
fn increasing_reserving_and_resuming() {
    let _serial = serial();
    let d = scratch("resume");
    let path = d.join("n");
    let mut s = create_at(&path, 10, 4);
    assert_eq!(s.reserved_until(), 10);
    assert_eq!(take(&mut s, 6), [10, 11, 12, 13, 14, 15]);
    // 10 reserved up to 14, 14 reserved up to 18.
    assert_eq!(s.reserved_until(), 18);
    drop(s); // crash-like: no close
    assert_eq!(bound(&path), 18);
    let mut s = open(&path, 4).unwrap();
    assert_eq!(s.next_counter().unwrap(), 18); // 16, 17 skipped
    assert_eq!(s.peek(), 19);
    s.close().unwrap();
    assert_eq!(bound(&path), 19); // clean close: exact
    let mut s = open(&path, 1).unwrap();
    assert_eq!(s.next_bytes().unwrap(), 19u128.to_le_bytes());
    assert_eq!(s.reserved_until(), 20);
    assert_eq!((s.alg(), s.width(), s.path()), (ALG, W, path.as_path()));
    let shown = format!("{s:?}");
    assert!(!shown.contains("salt") && !shown.contains("kcv"), "{shown}");
    drop(s);
    assert_eq!(fs::metadata(&path).unwrap().len(), FILE_LEN as u64);
    names_intact(&d);
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn errors_not_panics() {
    let _serial = serial();
    let d = scratch("errors");
    let path = d.join("n");
    assert!(matches!(
        open(&path, 1),
        Err(NonceFileError::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::NotFound
    ));
    let long = "x".repeat(65);
    for (alg, width, key, reserve) in [
        (ALG, W, &KEY[..], 0),
        (ALG, 0, &KEY[..], 1),
        (ALG, 17, &KEY[..], 1),
        ("", W, &KEY[..], 1),
        ("has space", W, &KEY[..], 1),
        (long.as_str(), W, &KEY[..], 1),
        (ALG, W, &[][..], 1),
    ] {
        for r in [
            NonceStore::create(&path, alg, width, key, reserve),
            NonceStore::open(&path, alg, width, key, reserve),
            NonceStore::adopt(&path, alg, width, key, reserve),
        ] {
            assert!(
                matches!(
                    r,
                    Err(NonceFileError::Invalid(Error::InvalidParameter { .. }))
                ),
                "{alg:?} {width} {reserve}: {r:?}"
            );
        }
    }
    assert!(
        fs::symlink_metadata(&path).is_err(),
        "a refused create wrote"
    );
    let s = NonceStore::create(&path, ALG, W, &KEY, 8).unwrap();
    // Single writer: a second handle is refused while the first lives.
    assert!(matches!(open(&path, 8), Err(NonceFileError::Locked)));
    drop(s);
    // An existing name is never overwritten, a dangling symlink included.
    std::os::unix::fs::symlink("nowhere", d.join("dangling")).unwrap();
    for p in [&path, &d.join("dangling")] {
        assert!(matches!(
            NonceStore::create(p, ALG, W, &KEY, 8),
            Err(NonceFileError::Io { ref source, .. }) if source.kind() == std::io::ErrorKind::AlreadyExists
        ));
    }
    fs::remove_file(d.join("dangling")).unwrap();
    names_intact(&d);
    // Corrupt, short and huge files are typed errors, for open and adopt.
    for bytes in [
        &b"short"[..],
        &[0u8; 48][..],
        &[0u8; 4160][..],
        &[0u8; FILE_LEN][..],
        &[0u8; 100_000][..],
    ] {
        fs::write(&path, bytes).unwrap();
        let e = open(&path, 8).unwrap_err();
        assert!(matches!(e, NonceFileError::Corrupt { .. }), "{e}");
        assert!(e.to_string().starts_with("nonce file is corrupt"));
        let e = NonceStore::adopt(&path, ALG, W, &KEY, 8).unwrap_err();
        assert!(matches!(e, NonceFileError::Corrupt { .. }), "{e}");
    }
    fs::remove_dir_all(&d).unwrap();
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
