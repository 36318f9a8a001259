//! `uhash_base::nonce_file` as an attacker (or an unlucky operator) would
//! use it: a second file for the key, another key, algorithm or width,
//! every single-byte change of the file, crafted generations and bounds,
//! writes torn between the two slots, files of the earlier format, and
//! writer processes opening one file through different names, racing, and
//! killed with SIGKILL at random moments. Whatever happens, no nonce is
//! handed out twice and every run continues above all earlier nonces — or
//! the store refuses with a typed error.
//!
//! The writers are this test binary run again as a child (`child_writer`,
//! driven by environment variables). Under qemu-user (cross-target runs) a
//! binary cannot re-spawn itself; a probe detects that and the process tests
//! print "skipped" there — natively (x86) a failing probe is a failure.
#![cfg(unix)]

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{FileExt as _, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
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

// ------------------------------------------------ damage and crafted files

/// Attack 2: one flipped byte in the newest record used to fall back to the
/// older record. Every byte of the file, changed two ways, in a file in the
/// middle of a reservation and in a cleanly closed one: the open is
/// refused, or the sequence continues above every nonce handed out.
#[test]
fn every_single_byte_change_is_refused_or_continues_above() {
    let _serial = serial();
    let d = scratch("flip");
    let path = d.join("n");
    let mut s = create_at(&path, 1000, 7);
    let mut issued = take(&mut s, 10);
    drop(s); // bound 1014 on disk
    let reserving = fs::read(&path).unwrap();
    let top_reserving = *issued.last().unwrap();
    let mut s = open(&path, 7).unwrap();
    issued.extend(take(&mut s, 5));
    s.close().unwrap(); // bound 1019, exact
    let closed = fs::read(&path).unwrap();
    let top = *issued.last().unwrap();
    let (mut refused, mut continued) = (0, 0);
    // Changed in place, one byte at a time (rewriting the whole file each
    // time makes ext4 flush it: minutes on a busy disk).
    let raw = fs::OpenOptions::new().write(true).open(&path).unwrap();
    for (good, top) in [(&reserving, top_reserving), (&closed, top)] {
        assert_eq!(good.len(), FILE_LEN);
        raw.write_all_at(good, 0).unwrap();
        for (i, &byte) in good.iter().enumerate() {
            for x in [0x01u8, 0xff] {
                raw.write_all_at(&[byte ^ x], i as u64).unwrap();
                match open(&path, 3) {
                    Ok(s) => {
                        assert!(s.peek() > top, "byte {i} ^ {x:#x}: back to {}", s.peek());
                        continued += 1;
                    }
                    Err(_) => refused += 1,
                }
            }
            raw.write_all_at(&[byte], i as u64).unwrap();
        }
    }
    drop(raw);
    println!("{continued} changes continued above, {refused} refused");
    // A few of them hand out nonces for real.
    for i in [0, 100, 150, 2000, SLOT1, SLOT1 + 130] {
        let mut bad = closed.clone();
        bad[i] ^= 0xff;
        fs::write(&path, &bad).unwrap();
        let mut s = open(&path, 3).unwrap();
        let n = s.next_counter().unwrap();
        assert!(n > top, "byte {i}: {n}");
        s.close().unwrap();
        // The write repaired a spoiled slot (the bytes between the slots
        // are never read or written again).
        if !(RECORD_LEN..SLOT1).contains(&i) {
            assert_eq!(fs::read(&path).unwrap()[i], closed[i], "byte {i}");
        }
    }
    // Both slots spoiled: refused.
    let mut bad = closed.clone();
    bad[10] ^= 1;
    bad[SLOT1 + 10] ^= 1;
    fs::write(&path, &bad).unwrap();
    assert!(matches!(
        open(&path, 3),
        Err(NonceFileError::Corrupt { .. })
    ));
    fs::remove_dir_all(&d).unwrap();
}

/// A write torn between the two slots (slot 0 new, slot 1 old; or slot 0
/// torn part-way): the next run continues above every nonce handed out.
#[test]
fn a_write_torn_between_the_slots_continues_above() {
    let _serial = serial();
    let d = scratch("torn");
    let path = d.join("n");
    let mut s = create_at(&path, 0, 10);
    let issued = take(&mut s, 10); // 0..10 under bound 10
    let old = fs::read(&path).unwrap();
    // The next nonce (10) stores bound 20 in both slots first.
    assert_eq!(s.next_counter().unwrap(), 10);
    drop(s);
    let new = fs::read(&path).unwrap();
    let top = *issued.last().unwrap();
    // Crash after slot 0: nonce 10 was never handed out.
    let mut torn = old.clone();
    torn[..RECORD_LEN].copy_from_slice(&new[..RECORD_LEN]);
    for cut in 0..=RECORD_LEN {
        let mut t = old.clone();
        t[..cut].copy_from_slice(&new[..cut]);
        fs::write(&path, &t).unwrap();
        let s = open(&path, 10).unwrap();
        assert!(s.peek() > top, "cut {cut}");
        assert!(s.peek() == 10 || s.peek() == 20, "cut {cut}: {}", s.peek());
    }
    fs::write(&path, &torn).unwrap();
    let mut s = open(&path, 10).unwrap();
    assert_eq!(s.peek(), 20);
    assert_eq!(s.next_counter().unwrap(), 20);
    drop(s);
    // Slot 1 torn part-way during the second write: slot 0 is whole.
    let mut t = new.clone();
    t[SLOT1 + 60..SLOT1 + 90].copy_from_slice(&old[SLOT1 + 60..SLOT1 + 90]);
    t[..RECORD_LEN].copy_from_slice(&new[..RECORD_LEN]);
    fs::write(&path, &t).unwrap();
    assert_eq!(open(&path, 10).unwrap().peek(), 20);
    fs::remove_dir_all(&d).unwrap();
}

/// Attack 3: the generation used to wrap at 2^64, and a crafted file made
/// three runs hand out the same nonce. Now the generation runs out loudly.
#[test]
fn a_crafted_generation_at_the_top_is_exhausted_never_reused() {
    let _serial = serial();
    let d = scratch("gen");
    let path = d.join("n");
    create_at(&path, 0, 2).close().unwrap();
    let mut f = fs::read(&path).unwrap();
    craft(&mut f, u64::MAX - 1, 100);
    fs::write(&path, &f).unwrap();
    let mut seen = BTreeSet::new();
    // Run 1: one store left (generation 2^64 − 1).
    let mut s = open(&path, 2).unwrap();
    for n in take(&mut s, 2) {
        assert!(seen.insert(n));
    }
    assert!(matches!(s.next_counter(), Err(NonceFileError::Exhausted)));
    assert!(matches!(s.next_counter(), Err(NonceFileError::Exhausted)));
    drop(s);
    // Runs 2 and 3: nothing more, ever.
    for run in 2..=3 {
        let mut s = open(&path, 2).unwrap();
        assert_eq!(s.peek(), 102, "run {run}");
        assert!(matches!(s.next_counter(), Err(NonceFileError::Exhausted)));
        // Nothing to store: the bound on disk is exact.
        s.close().unwrap();
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [100, 101]);
    // A file already at 2^64 − 1 hands out nothing and stays as it is.
    craft(&mut f, u64::MAX, 100);
    fs::write(&path, &f).unwrap();
    let mut s = open(&path, 2).unwrap();
    assert!(matches!(s.next_counter(), Err(NonceFileError::Exhausted)));
    drop(s);
    assert_eq!(fs::read(&path).unwrap(), f);
    // A crafted bound beyond the width is refused.
    NonceStore::create_with(d.join("w1"), ALG, 1, &KEY, 2, 0, [3; 16])
        .unwrap()
        .close()
        .unwrap();
    let mut w1 = fs::read(d.join("w1")).unwrap();
    craft(&mut w1, 5, 257);
    fs::write(d.join("w1"), &w1).unwrap();
    assert!(matches!(
        NonceStore::open(d.join("w1"), ALG, 1, &KEY, 2),
        Err(NonceFileError::Corrupt { .. })
    ));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_top_of_the_width_is_exhausted_never_wraps() {
    let _serial = serial();
    let d = scratch("top");
    // 1-byte nonces: 250 ..= 255, then nothing.
    let p = d.join("w1");
    let mut s = NonceFile::<1>::create_with(&p, ALG, &KEY, 4, 250, [3; 16]).unwrap();
    let got: Vec<u8> = (0..6)
        .map(|_| s.next_nonce().unwrap().as_bytes()[0])
        .collect();
    assert_eq!(got, [250, 251, 252, 253, 254, 255]);
    assert!(matches!(s.next_nonce(), Err(NonceFileError::Exhausted)));
    drop(s);
    let mut s = NonceFile::<1>::open(&p, ALG, &KEY, 4).unwrap();
    assert_eq!(s.peek(), 256);
    assert!(matches!(s.next_nonce(), Err(NonceFileError::Exhausted)));
    s.close().unwrap();
    // 16-byte nonces: up to 2^128 − 2.
    let p = d.join("w16");
    let mut s = create_at(&p, u128::MAX - 3, 2);
    assert_eq!(
        take(&mut s, 3),
        [u128::MAX - 3, u128::MAX - 2, u128::MAX - 1]
    );
    for _ in 0..2 {
        assert!(matches!(s.next_counter(), Err(NonceFileError::Exhausted)));
    }
    drop(s);
    assert_eq!(bound(&p), u128::MAX);
    assert!(matches!(
        open(&p, 5).unwrap().next_counter(),
        Err(NonceFileError::Exhausted)
    ));
    // A first nonce beyond the width is a parameter error.
    assert!(matches!(
        NonceStore::create_with(d.join("x"), ALG, 2, &KEY, 1, 1 << 16, [0; 16]),
        Err(NonceFileError::Invalid(Error::InvalidParameter { .. }))
    ));
    fs::remove_dir_all(&d).unwrap();
}

// ------------------------------------------------------ the earlier format

/// A format 1 file (48 bytes).
fn v1(bound: u128) -> Vec<u8> {
    let mut b = b"UHPNONCE".to_vec();
    b.extend(1u32.to_le_bytes());
    b.extend([0; 4]);
    b.extend(bound.to_le_bytes());
    b.extend((!bound).to_le_bytes());
    b
}

/// A format 2 file (4160 bytes) with records (generation, bound) in its slots.
fn v2(slots: [Option<(u64, u128)>; 2]) -> Vec<u8> {
    let mut f = vec![0u8; SLOT1 + 64];
    for (at, r) in [0, SLOT1].into_iter().zip(slots) {
        if let Some((g, b)) = r {
            let mut rec = b"UHPNONCE".to_vec();
            rec.extend(2u32.to_le_bytes());
            rec.extend([0; 4]);
            rec.extend(g.to_le_bytes());
            rec.extend(b.to_le_bytes());
            rec.extend((!g).to_le_bytes());
            rec.extend((!b).to_le_bytes());
            f[at..at + 64].copy_from_slice(&rec);
        }
    }
    f
}

#[test]
fn legacy_files_are_refused_until_adopted_and_keep_their_bound() {
    let _serial = serial();
    let d = scratch("legacy");
    let path = d.join("n");
    for (i, (file, kept)) in [
        (v1(500), 500u128),
        (v2([None, Some((1, 700))]), 700),
        (v2([Some((2, 900)), Some((1, 700))]), 900),
        (v2([Some((2, 900)), Some((3, 905))]), 905),
        // A clean close lowered the bound in the newer record: the larger stays.
        (v2([Some((4, 950)), Some((5, 930))]), 950),
    ]
    .into_iter()
    .enumerate()
    {
        fs::write(&path, &file).unwrap();
        assert!(matches!(open(&path, 2), Err(NonceFileError::Legacy)), "{i}");
        assert_eq!(fs::read(&path).unwrap(), file, "{i}: open wrote");
        // Only 16-byte nonces were ever kept in these files.
        assert!(matches!(
            NonceStore::adopt(&path, ALG, 12, &KEY, 2),
            Err(NonceFileError::WrongWidth { found: 16, .. })
        ));
        let mut s = NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap();
        assert_eq!((s.peek(), s.reserved_until()), (kept, kept), "{i}");
        assert_eq!(s.next_counter().unwrap(), kept);
        drop(s);
        assert_eq!(fs::metadata(&path).unwrap().len(), FILE_LEN as u64);
        // Now bound to the key, like any new file.
        assert!(matches!(
            NonceStore::open(&path, ALG, W, &[1; 32], 2),
            Err(NonceFileError::WrongKey)
        ));
        assert!(matches!(
            NonceStore::adopt(&path, ALG, W, &KEY, 2),
            Err(NonceFileError::Invalid(_))
        ));
        let mut s = open(&path, 2).unwrap();
        assert_eq!(s.next_counter().unwrap(), kept + 2, "{i}");
        s.close().unwrap();
    }
    fs::remove_dir_all(&d).unwrap();
}

/// A crash during `adopt`: after its first write the new slot is read by
/// the one-slot rule; a first write torn part-way leaves the old file's
/// largest bound, which a second `adopt` keeps.
#[test]
fn an_interrupted_adopt_keeps_the_bound() {
    let _serial = serial();
    let d = scratch("adopt-crash");
    let path = d.join("n");
    // The largest bound in slot 0 (format 1) and in slot 1 (format 2).
    for (legacy, kept) in [
        (v1(500), 500u128),
        (v2([Some((2, 900)), Some((3, 905))]), 905),
        (v2([Some((4, 990)), Some((3, 905))]), 990),
    ] {
        fs::write(&path, &legacy).unwrap();
        NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap();
        let adopted = fs::read(&path).unwrap();
        // The first write went to the slot without the largest bound.
        let first = if kept == 905 { 0 } else { SLOT1 };
        let mut half = legacy.clone();
        half.resize(half.len().max(first + RECORD_LEN), 0);
        for cut in [RECORD_LEN, 1, 40, 100, 167] {
            let mut h = half.clone();
            h[first..first + cut].copy_from_slice(&adopted[first..first + cut]);
            fs::write(&path, &h).unwrap();
            let s = if cut == RECORD_LEN {
                open(&path, 2).unwrap()
            } else {
                assert!(matches!(open(&path, 2), Err(NonceFileError::Legacy)));
                NonceStore::adopt(&path, ALG, W, &KEY, 2).unwrap()
            };
            assert_eq!(s.peek(), kept, "cut {cut}");
        }
    }
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
