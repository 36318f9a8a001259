//! Damage and crafted files: every single-byte change, writes torn between
//! the slots, generations and bounds at the top.

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::FileExt as _;

use uhash_base::Error;
use uhash_base::nonce_file::{NonceFile, NonceFileError, NonceStore};

use super::{
    ALG, FILE_LEN, KEY, RECORD_LEN, SLOT1, bound, craft, create_at, open, scratch, serial, take,
};

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
