//! Does a dropped key-holding value leave its key behind?
//!
//! A test binary installs [`ScanAlloc`] as its global allocator:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOC: uhash_testkit::ScanAlloc = uhash_testkit::ScanAlloc;
//! ```
//!
//! and calls [`assert_wiped`] with the key bytes and a closure that builds
//! the value. The value is built in a heap slot, dropped in place
//! (`ptr::drop_in_place`), and then
//!
//! * the value's own bytes (`size_of::<T>()` at its address), and
//! * every heap block freed while the check runs (the value's buffers, and
//!   any temporary of its constructor), searched as it is freed,
//!
//! must hold no 8-byte window of any of the keys. Windows rather than whole
//! keys also find partial copies: a round key that begins with the key, a
//! limb array, half a key in a buffer.
//!
//! What it cannot see: copies the compiler leaves in registers or on the
//! stack when a value is moved (a documented limit of zeroize-on-drop), and
//! keys kept in a transformed form (radix-2^26 limbs, reduced residues),
//! which are not byte windows of the key. Tests therefore pass every key
//! form the type stores (for a key derived from a seed: the seed and the
//! derived key stream).
//!
//! Reading the bytes of a freed block or a dropped value is outside what
//! Rust's abstract machine defines for uninitialised bytes; the checks are
//! for native test runs, not for Miri.
#![allow(unsafe_code)] // a global allocator and reads of dropped memory

use std::alloc::{GlobalAlloc, Layout, System};
use std::mem::MaybeUninit;
use std::ptr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

/// The window length searched for, in bytes.
pub const WINDOW: usize = 8;

/// The sorted windows being searched for while a check runs (leaked, so a
/// concurrent `dealloc` on another thread never reads freed needles).
struct Needles(Vec<u64>);

static NEEDLES: AtomicPtr<Needles> = AtomicPtr::new(ptr::null_mut());
static HITS: AtomicUsize = AtomicUsize::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);
static SERIAL: Mutex<()> = Mutex::new(());

/// The system allocator, searching each block it frees for the windows of
/// the key under test (only while [`assert_wiped`] runs).
pub struct ScanAlloc;

// SAFETY: every call is forwarded to `System` with the same arguments; the
// only addition is a read of the block being freed, before it is freed.
unsafe impl GlobalAlloc for ScanAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let n = NEEDLES.load(Ordering::Acquire);
        if !n.is_null() {
            // SAFETY: `n` was leaked by `assert_wiped` and is never freed;
            // `block` is `layout.size()` bytes that the caller still owns.
            if unsafe { contains_window(block, layout.size(), &(*n).0) } {
                HITS.fetch_add(1, Ordering::SeqCst);
            }
        }
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(block, layout) }
    }
}

/// Whether the `len` bytes at `p` hold any of `needles` (sorted) at any
/// byte offset.
///
/// # Safety
/// `p` must be valid for reads of `len` bytes.
unsafe fn contains_window(p: *const u8, len: usize, needles: &[u64]) -> bool {
    if len < WINDOW {
        return false;
    }
    (0..=len - WINDOW).any(|i| {
        // SAFETY: i + WINDOW ≤ len.
        let w = unsafe { ptr::read_unaligned(p.add(i).cast::<u64>()) };
        needles.binary_search(&w).is_ok()
    })
}

/// The 8-byte windows of `keys`, sorted. Panics on a key with a window of
/// fewer than four distinct byte values: such a window (zeros, a repeated
/// byte) is found in memory by chance, and a check with it could fail for
/// nothing or, worse, be written off as noise.
fn windows_of(keys: &[&[u8]]) -> Vec<u64> {
    let mut v = Vec::new();
    for key in keys {
        assert!(key.len() >= WINDOW, "a key shorter than {WINDOW} bytes");
        for w in key.windows(WINDOW) {
            let mut distinct = w.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            assert!(
                distinct.len() >= 4,
                "key window {w:02x?} is too regular to search for; use test_key()"
            );
            let mut a = [0u8; WINDOW];
            a.copy_from_slice(w);
            v.push(u64::from_ne_bytes(a));
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// `N` pseudo-random bytes from `seed` (splitmix64): keys whose every
/// 8-byte window is distinctive.
#[must_use]
pub fn test_key<const N: usize>(seed: u64) -> [u8; N] {
    let mut out = [0u8; N];
    crate::rng::SplitMix64::new(seed).fill(&mut out);
    out
}

/// Builds a value with `make`, drops it in place, and fails the test (with
/// `what` in the message) if any 8-byte window of `keys` remains in the
/// value's own memory or in a heap block freed meanwhile. Checks run one at
/// a time. The test binary must install [`ScanAlloc`]; a binary that does
/// not fails here rather than passing unchecked.
pub fn assert_wiped<T>(what: &str, keys: &[&[u8]], make: impl FnOnce() -> T) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let needles: &'static Needles = Box::leak(Box::new(Needles(windows_of(keys))));
    // Building the needles put key windows in dead stack slots; a value
    // built next may copy such bytes into its padding (a move copies
    // padding from wherever its temporary was), which would show the
    // test's own needles. Clear the stack below us first.
    clear_stack();
    // Zeroed, not uninitialised: the slot may reuse a block freed while the
    // needles were built (a Vec's earlier buffers, which hold key windows),
    // and a value's padding bytes are not written when it is built in place
    // — they would show the test's own needles.
    let mut slot: Box<MaybeUninit<T>> = Box::new(MaybeUninit::zeroed());
    assert!(
        INSTALLED.load(Ordering::Relaxed),
        "uhash_testkit::ScanAlloc is not this test binary's global allocator"
    );
    let p = slot.as_mut_ptr();

    HITS.store(0, Ordering::SeqCst);
    NEEDLES.store(ptr::from_ref(needles).cast_mut(), Ordering::Release);
    // SAFETY: `p` is the slot's properly aligned, uninitialised storage.
    unsafe { p.write(make()) };
    // SAFETY: `p` holds the value just written; it is dropped once and never
    // used as a `T` again.
    unsafe { ptr::drop_in_place(p) };
    // SAFETY: the slot is `size_of::<T>()` bytes of our own allocation.
    let inline = unsafe { contains_window(p.cast::<u8>(), size_of::<T>(), &needles.0) };
    NEEDLES.store(ptr::null_mut(), Ordering::Release);
    let freed = HITS.load(Ordering::SeqCst);

    assert!(
        !inline,
        "{what}: a key window remains in the dropped value's memory"
    );
    assert_eq!(
        freed, 0,
        "{what}: {freed} freed heap block(s) still held a key window"
    );
}

/// Overwrites 64 KiB of the stack below the caller with zeros.
#[inline(never)]
fn clear_stack() {
    std::hint::black_box([0u8; 1 << 16]);
}

/// Fails the test if `shown` (a value's `Debug` text) shows any 8-byte
/// window of `keys` in hex (either case) or 4 consecutive key bytes as a
/// Rust array prints them (`[12, 34, 56, 78` or `12, 34, 56, 78`).
pub fn assert_debug_hides(what: &str, shown: &str, keys: &[&[u8]]) {
    for key in keys {
        for w in key.windows(WINDOW) {
            let hex: String = w.iter().map(|b| format!("{b:02x}")).collect();
            assert!(
                !shown.to_lowercase().contains(&hex),
                "{what}: Debug shows key bytes in hex: {shown}"
            );
        }
        for w in key.windows(4) {
            let dec = format!("{w:?}");
            let dec = dec.trim_start_matches('[').trim_end_matches(']');
            assert!(
                !shown.contains(dec),
                "{what}: Debug shows key bytes: {shown}"
            );
        }
    }
}

/// [`assert_debug_hides`] on `make()`'s `Debug` text, then
/// [`assert_wiped`] on a second value from `make`.
pub fn assert_key_holder<T: core::fmt::Debug>(what: &str, keys: &[&[u8]], make: impl Fn() -> T) {
    assert_debug_hides(what, &format!("{:?}", make()), keys);
    assert_wiped(what, keys, make);
}

/// The key forms a type keyed from `seed` by uhash's key expansion
/// (`uhash_base::kdf`, here from its definition in `uhash_ref::kdf`) may
/// store, for a family identifier and lane count: the seed (AES's first
/// round key), the first KiB of the level-1 key stream and each lane's
/// level-2 and level-3 keys — under the seed and under the seed that a
/// Wegman–Carter MAC built from `seed` keys its hash with (level 0xfe) —,
/// and the Wegman–Carter pad key.
#[must_use]
pub fn seeded_keys(seed: &[u8; 16], family: u16, lanes: u8) -> Vec<Vec<u8>> {
    use uhash_ref::kdf::{expand, label};
    let mut keys = Vec::new();
    // The hash's keys from the seed (the hash type's `from_seed`) and from
    // the seed a MAC built from the seed keys its hash with (level 0xfe).
    let hash_seed = expand(seed, label(family, lanes, 0xfe, 0), 16);
    for s in [seed.to_vec(), hash_seed] {
        let s: [u8; 16] = s.as_slice().try_into().unwrap_or([0; 16]);
        keys.push(s.to_vec());
        keys.push(expand(&s, label(family, lanes, 1, 0), 1024));
        for lane in 0..u32::from(lanes) {
            keys.push(expand(&s, label(family, lanes, 2, lane), 16));
            keys.push(expand(&s, label(family, lanes, 3, lane), 24));
        }
    }
    keys.push(expand(seed, label(family, lanes, 0xff, 0), 16));
    keys
}

/// [`assert_key_holder`] for a type keyed from a 16-byte seed (a fresh
/// [`test_key`] per `what`), searching for every form in [`seeded_keys`].
pub fn assert_seeded_key_holder<T: core::fmt::Debug>(
    what: &str,
    family: u16,
    lanes: u8,
    make: impl Fn(&[u8; 16]) -> T,
) {
    let tag = what.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let seed: [u8; 16] = test_key(tag);
    let keys = seeded_keys(&seed, family, lanes);
    let keys: Vec<&[u8]> = keys.iter().map(Vec::as_slice).collect();
    assert_key_holder(what, &keys, || make(&seed));
}

/// [`assert_seeded_key_holder`] for pairs of a long-message hash type and
/// its Wegman–Carter MAC, each line `Hash Mac family, lanes;`: the hash
/// with a partial chunk buffered (300 bytes fed), and the MAC, both keyed
/// by `from_seed`.
#[macro_export]
macro_rules! assert_seeded_hashes_and_macs {
    ($($hash:ident $mac:ident $family:expr, $lanes:literal;)*) => {$(
        $crate::assert_seeded_key_holder(stringify!($hash), $family, $lanes, |seed| {
            let mut h = $hash::from_seed(seed);
            h.update(&[0xa5; 300]); // a partial chunk buffered
            h
        });
        $crate::assert_seeded_key_holder(stringify!($mac), $family, $lanes, |seed| {
            $mac::from_seed(seed).unwrap()
        });
    )*};
}

/// Installs [`ScanAlloc`] as the test binary's global allocator (a wipe
/// test's first line: the freed-memory checks need it).
#[macro_export]
macro_rules! scan_alloc {
    () => {
        #[global_allocator]
        static ALLOC: $crate::ScanAlloc = $crate::ScanAlloc;
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static ALLOC: ScanAlloc = ScanAlloc;

    /// Overwrites its bytes on drop, as zeroize does.
    struct Wiped([u8; 32]);
    impl Drop for Wiped {
        fn drop(&mut self) {
            for b in &mut self.0 {
                // SAFETY: a write through a valid `&mut u8`.
                unsafe { ptr::write_volatile(b, 0) };
            }
        }
    }

    /// A boxed key that is wiped before the box is freed.
    struct WipedBox(Box<[u8; 32]>);
    impl Drop for WipedBox {
        fn drop(&mut self) {
            for b in self.0.iter_mut() {
                // SAFETY: a write through a valid `&mut u8`.
                unsafe { ptr::write_volatile(b, 0) };
            }
        }
    }

    #[test]
    fn wiped_values_pass() {
        let key: [u8; 32] = test_key(1);
        assert_wiped("inline", &[&key], || Wiped(key));
        assert_wiped("boxed", &[&key], || WipedBox(Box::new(key)));
    }

    #[test]
    #[should_panic(expected = "remains in the dropped value's memory")]
    fn a_key_left_inline_is_found() {
        let key: [u8; 32] = test_key(2);
        // Only the middle of the key: windows find partial copies.
        assert_wiped("plain array", &[&key], || {
            let mut a = [0u8; 16];
            a.copy_from_slice(&key[8..24]);
            a
        });
    }

    #[test]
    #[should_panic(expected = "freed heap block(s) still held a key window")]
    fn a_key_left_in_freed_memory_is_found() {
        let key: [u8; 32] = test_key(3);
        assert_wiped("vec", &[&key], || key.to_vec());
    }

    #[test]
    #[should_panic(expected = "freed heap block(s) still held a key window")]
    fn a_temporary_of_the_constructor_is_found() {
        let key: [u8; 32] = test_key(4);
        assert_wiped("temporary", &[&key], || {
            // black_box: the optimiser may otherwise elide the allocation.
            let tmp = std::hint::black_box(Box::new(key));
            Wiped(*tmp)
        });
    }

    #[test]
    #[should_panic(expected = "Debug shows key bytes")]
    fn a_key_in_debug_is_found() {
        let key: [u8; 32] = test_key(5);
        let shown = format!("{:?}", Wiped(key).0);
        assert_debug_hides("array", &shown, &[&key]);
    }

    #[test]
    #[should_panic(expected = "Debug shows key bytes in hex")]
    fn a_key_in_hex_debug_is_found() {
        let key: [u8; 32] = test_key(6);
        let shown: String = key[3..20].iter().map(|b| format!("{b:02X}")).collect();
        assert_debug_hides("hex", &shown, &[&key]);
    }

    #[test]
    #[should_panic(expected = "too regular")]
    fn regular_keys_are_refused() {
        assert_wiped("zeros", &[&[0u8; 16]], || 0u8);
    }
}
