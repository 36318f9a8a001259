//! The peers compute what they claim to, and the registry's runners work.

use poly1305::Poly1305;
use poly1305::universal_hash::KeyInit;
use uhash_bench::memory::{Level, xor_words};
use uhash_bench::poly1305_peers::rustcrypto_mac;
use uhash_bench::{KeyMode, Message, SIZES, fill_pseudo_random};

/// RFC 8439 §2.5.2 (key byte 4 is 0x57; also in the project vectors).
const RFC_KEY: &str = "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
const RFC_MSG: &[u8] = b"Cryptographic Forum Research Group";
const RFC_TAG: &str = "a8061dc1305136c6c22b8baf0c0127a9";

fn rfc_key() -> [u8; 32] {
    hex::decode(RFC_KEY).unwrap().try_into().unwrap()
}

/// Lengths around the 16-byte block and the 64-byte AVX2 par-block.
fn lengths() -> impl Iterator<Item = usize> {
    (0..=130).chain([255, 256, 257, 1000, 1024, 4099, 65_536 + 15])
}

#[test]
fn rustcrypto_rfc8439() {
    let key = rfc_key();
    assert_eq!(
        hex::encode(rustcrypto_mac(Poly1305::new(&key.into()), RFC_MSG)),
        RFC_TAG
    );
    // The plain API agrees with the split used for speed.
    let plain = Poly1305::new(&key.into()).compute_unpadded(RFC_MSG);
    assert_eq!(hex::encode(plain), RFC_TAG);
}

#[test]
fn rustcrypto_split_matches_compute_unpadded() {
    let mut key = [0u8; 32];
    let mut msg = vec![0u8; 70_000];
    for (i, len) in lengths().enumerate() {
        fill_pseudo_random(&mut key, i as u64);
        fill_pseudo_random(&mut msg[..len], !(i as u64));
        let keyed = Poly1305::new(&key.into());
        assert_eq!(
            rustcrypto_mac(keyed.clone(), &msg[..len]),
            <[u8; 16]>::from(keyed.compute_unpadded(&msg[..len])),
            "len {len}"
        );
    }
}

#[cfg(uhash_bench_openssl)]
#[test]
fn openssl_rfc8439() {
    let mut ossl = uhash_bench::openssl::Poly1305::new().unwrap();
    assert_eq!(hex::encode(ossl.mac(&rfc_key(), RFC_MSG)), RFC_TAG);
    // The context is reusable: same answer the second time.
    assert_eq!(hex::encode(ossl.mac(&rfc_key(), RFC_MSG)), RFC_TAG);
}

#[cfg(uhash_bench_openssl)]
#[test]
fn openssl_agrees_with_rustcrypto() {
    let mut ossl = uhash_bench::openssl::Poly1305::new().unwrap();
    let mut key = [0u8; 32];
    let mut msg = vec![0u8; 70_000];
    for (i, len) in lengths().enumerate() {
        fill_pseudo_random(&mut key, 1000 + i as u64);
        fill_pseudo_random(&mut msg[..len], 2000 + i as u64);
        assert_eq!(
            ossl.mac(&key, &msg[..len]),
            rustcrypto_mac(Poly1305::new(&key.into()), &msg[..len]),
            "len {len}"
        );
    }
    // All-ones key and message: carries everywhere.
    let ones = [0xffu8; 300];
    let key = [0xffu8; 32];
    assert_eq!(
        ossl.mac(&key, &ones),
        rustcrypto_mac(Poly1305::new(&key.into()), &ones)
    );
}

#[test]
fn poly1305_rows_agree() {
    let rows: Vec<_> = uhash_bench::rows()
        .into_iter()
        .filter(|r| r.family == "poly1305" && r.key_mode == KeyMode::LongTerm)
        .collect();
    assert!(!rows.is_empty());
    #[cfg(uhash_bench_openssl)]
    assert!(rows.iter().any(|r| r.impl_id == "openssl"));
    for size in SIZES.iter().filter(|s| !s.streamed) {
        let msg = Message::new(size.len + 3);
        let msg = &msg.bytes()[..size.len + 3];
        let tags: Vec<Vec<u8>> = rows.iter().map(|r| r.runner(msg.len()).once(msg)).collect();
        assert!(tags.windows(2).all(|w| w[0] == w[1]), "{}", size.label);
    }
}

#[test]
fn every_row_runs_and_keys_behave() {
    let msg = Message::new(1024);
    let msg = msg.bytes();
    for row in uhash_bench::rows() {
        assert!(
            row.id().is_ascii() && !row.id().contains(' '),
            "{}",
            row.id()
        );
        let mut runner = row.runner(msg.len());
        runner.run(msg, 3);
        let (a, b) = (runner.once(msg), runner.once(msg));
        match row.key_mode {
            // The nonce changes between calls: so does the tag.
            _ if row.nonce_per_call => assert_ne!(a, b, "{}", row.id()),
            // Same key, same message, same output.
            KeyMode::LongTerm | KeyMode::Unkeyed => assert_eq!(a, b, "{}", row.id()),
            // The key really changes between calls.
            KeyMode::FreshPerCall => assert_ne!(a, b, "{}", row.id()),
        }
    }
}

#[test]
fn memory_read_levels_agree() {
    let mut buf = vec![0u8; 5000];
    fill_pseudo_random(&mut buf, 7);
    for len in (0..600).chain([4095, 4096, 4097, 5000]) {
        let want = xor_words(&buf[..len], Level::Portable);
        let mut naive = 0u64;
        for chunk in buf[..len].chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            naive ^= u64::from_le_bytes(w);
        }
        assert_eq!(want, naive, "len {len}");
        for level in Level::available() {
            assert_eq!(xor_words(&buf[..len], level), want, "{level:?} len {len}");
        }
    }
}

#[test]
fn ids_are_unique() {
    let mut ids: Vec<String> = uhash_bench::rows().iter().map(|r| r.id()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n);
}
