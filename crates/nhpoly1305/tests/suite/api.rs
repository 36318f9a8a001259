//! The API around the hash: bad lengths are typed errors (never a panic),
//! the RustCrypto `UniversalHash` paths agree with the byte API, `Debug`
//! shows no key, backends can be forced.

use nhpoly1305::universal_hash::{KeyInit, Reset, UniversalHash};
use nhpoly1305::{Backend, Error, NhAdiantum, NhPoly1305};
use uhash_testkit::data::bytes;

use crate::key;

#[test]
fn nh_bad_lengths_are_errors() {
    let k: [u8; 1072] = key(1);
    let nh = NhAdiantum::new(&k);
    for len in [0usize, 1, 8, 15, 17, 31, 1000, 1025, 1040, 2048] {
        let msg = vec![0u8; len];
        for r in [nh.compute(&msg), nhpoly1305::nh_adiantum(&k, &msg)] {
            assert!(
                matches!(r, Err(Error::InvalidMessageLength { got, .. }) if got == len),
                "{len}: {r:?}"
            );
        }
        assert!(
            uhash_ref::nhpoly1305::nh_adiantum(&k, &msg).is_err(),
            "{len}"
        );
    }
    for len in (16..=1024).step_by(16) {
        assert!(nh.compute(&vec![0u8; len]).is_ok(), "{len}");
    }
}

#[test]
fn empty_message_is_zero_and_padding_is_zeros() {
    let k: [u8; 1088] = key(2);
    let h = NhPoly1305::new(&k);
    assert_eq!(h.compute(b""), [0u8; 16]);
    // zero padding: a message and the same with zero bytes up to the unit
    assert_eq!(h.compute(b"abc"), h.compute(b"abc\0\0"));
    assert_ne!(h.compute(b"abc"), h.compute(b"abd"));
}

#[test]
fn universal_hash_paths() {
    let k: [u8; 1088] = key(3);
    let msg = bytes(2 * 1024 + 100, 4);
    uhash_testkit::long::universal_hash_paths(
        || NhPoly1305::new(&k),
        |d| NhPoly1305::new(&k).compute(d).to_vec(),
        16,
        &msg,
        "NhPoly1305",
    );
    // Reset forgets what was absorbed.
    let mut h = NhPoly1305::new(&k);
    UniversalHash::update_padded(&mut h, b"junk");
    Reset::reset(&mut h);
    h.update(b"x");
    assert_eq!(h.finalize(), NhPoly1305::new(&k).compute(b"x"));
}

#[test]
fn key_init() {
    let k: [u8; 1088] = key(8);
    let msg = bytes(1500, 9);
    let want = NhPoly1305::new(&k).compute(&msg);
    let mut h = <NhPoly1305 as KeyInit>::new(&k.into());
    h.update(&msg);
    assert_eq!(h.finalize(), want);
    let h = <NhPoly1305 as KeyInit>::new_from_slice(&k).unwrap();
    assert_eq!(h.compute(&msg), want);
    for len in [0, 16, 1072, 1087, 1089] {
        assert!(
            <NhPoly1305 as KeyInit>::new_from_slice(&vec![0; len]).is_err(),
            "{len}"
        );
    }
}

#[test]
fn debug_hides_the_key_and_backends_are_forced() {
    let k: [u8; 1088] = [0xa5; 1088];
    let text = format!(
        "{:?} {:?}",
        NhPoly1305::new(&k),
        NhAdiantum::new(&[0xa5; 1072])
    );
    assert!(!text.contains("a5") && !text.contains("165"), "{text}");
    let h = NhPoly1305::new_with_backend(&k, Backend::Soft).unwrap();
    assert_eq!(h.backend(), Backend::Soft);
    assert_eq!(h.poly_backend(), Backend::Soft);
    assert_eq!(
        NhPoly1305::new(&k).poly_backend(),
        poly1305_aes::Engine::detect().backend()
    );
    assert!(matches!(
        NhPoly1305::new_with_backend(&k, Backend::Ifma),
        Err(Error::UnsupportedBackend(Backend::Ifma))
    ));
}

#[cfg(feature = "std")]
#[test]
fn io_write() {
    use std::io::Write;
    let k: [u8; 1088] = key(5);
    let msg = bytes(3000, 6);
    let mut h = NhPoly1305::new(&k);
    h.write_all(&msg).unwrap();
    assert_eq!(h.finalize(), NhPoly1305::new(&k).compute(&msg));
}

/// Under `--cfg uhash_backend="avx2"` the default is no AVX-512 backend
/// (ARCHITECTURE.md: the AVX2 column of docs/choosing.md).
#[test]
fn default_within_the_avx2_cap() {
    let k: [u8; 1088] = key(7);
    uhash_testkit::expect::assert_within_cap("nhpoly1305", NhPoly1305::new(&k).backend());
}
