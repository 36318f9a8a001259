//! RustCrypto compatibility: client code written for RustCrypto's
//! `poly1305` 0.9 compiles against this crate with only its Cargo
//! dependency changed (`poly1305 = { package = "poly1305-aes", path = … }`,
//! here `use poly1305_aes as poly1305;`). The code below is written the way
//! such clients (and RustCrypto's own tests) write it — the crate-root
//! `Poly1305`, `Key`, `Block`, `Tag`, `KEY_SIZE`, `BLOCK_SIZE` and the
//! re-exported `universal_hash` traits, `Tag` as the `UniversalHash` output
//! block — and checks it against the RFC 8439 vectors and RustCrypto's
//! test vectors.

use crate::common;

use common::{hexf, hexv, records};
use poly1305_aes as poly1305;

use poly1305::universal_hash::{KeyInit, UniversalHash};
use poly1305::{BLOCK_SIZE, Block, KEY_SIZE, Key, Poly1305, Tag};

/// A client function with RustCrypto's signatures: `Key` in, `Tag` out.
fn client_mac(key: &Key, msg: &[u8]) -> Tag {
    Poly1305::new(key).compute_unpadded(msg)
}

/// A client that authenticates an AEAD-style transcript: padded AAD, then
/// whole blocks and a padded tail through `update_padded`, then `finalize`
/// (RFC 8439 §2.8 without the lengths block).
fn client_padded(key: &[u8; KEY_SIZE], aad: &[u8], body: &[u8]) -> Tag {
    let mut mac = Poly1305::new(key.into());
    mac.update_padded(aad);
    mac.update_padded(body);
    mac.finalize()
}

fn hex16(s: &str) -> [u8; 16] {
    hex::decode(s).unwrap().try_into().unwrap()
}

#[test]
fn sizes_and_types_are_rustcryptos() {
    assert_eq!((KEY_SIZE, BLOCK_SIZE), (32, 16));
    let key: Key = [7u8; 32].into();
    let block: Block = [1u8; 16].into();
    let tag: Tag = client_mac(&key, b"abc");
    // `Tag` is the UniversalHash output block (not a byte array).
    let out: poly1305::universal_hash::Block<Poly1305> = tag;
    assert_eq!(out.len(), 16);
    let mut p = Poly1305::new(&key);
    p.update(&[block]);
    let _: Tag = p.finalize();
    assert_eq!(
        Poly1305::new_from_slice(&[0u8; 31]).err(),
        Some(poly1305::universal_hash::common::InvalidLength)
    );
}

/// The 16 RFC 8439 vectors (appendix A.3 and §2.5.2), four ways.
#[test]
fn rfc8439_vectors_through_the_rustcrypto_api() {
    let recs = records("poly1305_rfc8439.jsonl");
    assert_eq!(recs.len(), 16);
    for v in &recs {
        let key_bytes: [u8; 32] = hexf(v, "key");
        let key = Key::from(key_bytes);
        let msg = hexv(v, "msg");
        let want: [u8; 16] = hexf(v, "out");
        let want_tag = Tag::from(want);

        // compute_unpadded
        assert_eq!(client_mac(&key, &msg), want_tag);
        assert_eq!(client_mac(&key, &msg).as_slice(), &want[..]);

        // update with whole blocks, then the tail unpadded
        let (blocks, tail) = Block::slice_as_chunks(&msg);
        let mut p = Poly1305::new(&key);
        p.update(blocks);
        assert_eq!(p.compute_unpadded(tail), want_tag);

        // UniversalHash::verify of a whole-block message (the padded tag
        // equals the unpadded one only when no tail is padded)
        if tail.is_empty() {
            let mut p = Poly1305::new(&key);
            p.update_padded(&msg);
            assert!(p.clone().verify(&want_tag).is_ok());
            let mut bad = want_tag;
            bad[0] ^= 1;
            assert!(p.verify(&bad).is_err());
        }

        // new_from_slice (KeyInit's provided constructor)
        let p = Poly1305::new_from_slice(&key_bytes).unwrap();
        assert_eq!(p.compute_unpadded(&msg), want_tag);
    }
}

/// RustCrypto `poly1305` 0.9's own test vectors, written as its tests are.
#[test]
fn rustcrypto_test_vectors() {
    // NaCl (crypto_onetimeauth)
    let key =
        hex::decode("eea6a7251c1e72916d11c2cb214d3c252539121d8e234e652d651fa4c8cff880").unwrap();
    let key: [u8; 32] = key.try_into().unwrap();
    let msg = hex::decode(
        "8e993b9f48681273c29650ba32fc76ce48332ea7164d96a4476fb8c531a1186a\
         c0dfc17c98dce87b4da7f011ec48c97271d2c20f9b928fe2270d6fb863d51738\
         b48eeee314a7cc8ab932164548e526ae90224368517acfeabd6bb3732bc0e9da\
         99832b61ca01b6de56244a9e88d5f9b37973f622a43d14a6599b1f654cb45a74\
         e355a5",
    )
    .unwrap();
    let result = Poly1305::new(&key.into()).compute_unpadded(&msg);
    assert_eq!(
        result.as_slice(),
        &hex16("f3ffc7703f9400e52a7dfb4b3d3305d9")
    );

    // donna self test 1: r = 2, s = 0, m = 2^129 − 1 → 3
    let mut key = [0u8; 32];
    key[0] = 2;
    let mut poly = Poly1305::new(&key.into());
    poly.update(&[[0xff; 16].into()]);
    assert_eq!(
        poly.finalize().as_slice(),
        &hex16("03000000000000000000000000000000")
    );

    // donna self test 2: 256 tags fed back as blocks
    let total_key =
        hex::decode("01020304050607fffefdfcfbfaf9ffffffffffffffffffffffffffff00000000").unwrap();
    let total_key: [u8; 32] = total_key.try_into().unwrap();
    let mut tpoly = Poly1305::new(&total_key.into());
    for i in 0..256 {
        let key = [i as u8; KEY_SIZE];
        let msg = vec![i as u8; 256];
        let tag = Poly1305::new(&key.into()).compute_unpadded(&msg[..i]);
        tpoly.update(&[tag]);
    }
    assert_eq!(
        tpoly.finalize().as_slice(),
        &hex16("64afe2e8d6ad7bbdd287f97c44623d39")
    );

    // TLS (draft-agl-tls-chacha20poly1305-04 §7)
    let key = b"this is 32-byte key for Poly1305";
    let msg = [0u8; 32];
    let mut poly = Poly1305::new(key.into());
    poly.update(Block::slice_as_chunks(&msg).0);
    assert_eq!(
        poly.finalize().as_slice(),
        &hex16("49ec78090e481ec6c26b33b91ccc0307")
    );

    // RFC 7539 §2.5.2
    let key =
        hex::decode("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b").unwrap();
    let key: [u8; 32] = key.try_into().unwrap();
    let msg = b"Cryptographic Forum Research Group";
    let result = Poly1305::new(&key.into()).compute_unpadded(msg);
    assert_eq!(
        result.as_slice(),
        &hex16("a8061dc1305136c6c22b8baf0c0127a9")
    );

    // update_padded with the RFC 8439 §2.8.2 key and AAD
    let key: [u8; 32] =
        hex::decode("7bac2b252db447af09b67a55a4e955840ae1d6731075d9eb2a9375783ed553ff")
            .unwrap()
            .try_into()
            .unwrap();
    let aad = hex::decode("50515253c0c1c2c3c4c5c6c7").unwrap();
    assert_eq!(
        client_padded(&key, &aad, &[]).as_slice(),
        &hex16("ada56caa480fe6f5067039244a3d76ba")
    );
}
