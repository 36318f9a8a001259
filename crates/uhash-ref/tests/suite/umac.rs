//! RFC 4418 UMAC: the reference against all 152 published vectors
//! (umac's `tests/vectors/umac{32,64,96,128}_rfc4418.jsonl`, RFC 4418 Appendix and
//! nettle's additions, long messages included) and hand-checked pieces of
//! the definition.

use std::fs;
use std::path::PathBuf;

use num_bigint::BigUint;
use serde_json::Value;
use uhash_ref::umac::{kdf, l1_hash, l2_hash, l3_hash, nh, pdf, poly, uhash, umac};

/// One published record: key, nonce, the whole message, the tag length and
/// the tag.
struct Vector {
    at: String,
    key: [u8; 16],
    nonce: Vec<u8>,
    msg: Vec<u8>,
    taglen: usize,
    out: Vec<u8>,
}

fn hex_field(v: &Value, name: &str, at: &str) -> Vec<u8> {
    let s = v
        .get(name)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{at}: missing {name}"));
    hex::decode(s).unwrap_or_else(|e| panic!("{at}: {name}: {e}"))
}

fn vectors() -> Vec<Vector> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../umac/tests/vectors");
    let mut out = Vec::new();
    for (file, taglen) in [
        ("umac32", 4),
        ("umac64", 8),
        ("umac96", 12),
        ("umac128", 16),
    ] {
        let name = format!("{file}_rfc4418.jsonl");
        let text = fs::read_to_string(dir.join(&name)).expect("vector file");
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let at = format!("{name}:{}", n + 1);
            let v: Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(v["fn"], file, "{at}");
            assert!(
                v["src"].as_str().is_some_and(|s| !s.is_empty()),
                "{at}: src"
            );
            let unit = hex_field(&v, "msg", &at);
            let len = v["msg_len"].as_u64().expect("msg_len") as usize;
            let msg: Vec<u8> = if len == unit.len() {
                unit
            } else {
                unit.iter().copied().cycle().take(len).collect()
            };
            out.push(Vector {
                key: hex_field(&v, "key", &at).try_into().expect("16-byte key"),
                nonce: hex_field(&v, "nonce", &at),
                msg,
                taglen,
                out: hex_field(&v, "out", &at),
                at,
            });
        }
    }
    out
}

/// Whether the vectors of 1 MiB and more run here: natively on x86-64,
/// elsewhere (CI runs those targets under qemu-user, where production is
/// checked against the vectors) only with `UHASH_LONG=1`.
fn long_vectors() -> bool {
    cfg!(target_arch = "x86_64") || std::env::var("UHASH_LONG").is_ok_and(|v| v == "1")
}

#[test]
fn all_152_vectors() {
    let v = vectors();
    assert_eq!(v.len(), 152);
    // The four files share keys and messages: UHASH-128 of each (key,
    // message) once; UHASH with fewer iterations is its prefix (the KDF is
    // a counter mode, so every key of UHASH-32/64/96 is a prefix of
    // UHASH-128's), and each tag is that prefix xor the PDF.
    let mut hashes: Vec<([u8; 16], Vec<u8>, Vec<u8>)> = Vec::new();
    let mut checked = 0;
    for t in &v {
        assert_eq!(t.out.len(), t.taglen, "{}", t.at);
        if t.msg.len() <= 4096 {
            assert_eq!(
                umac(&t.key, &t.nonce, &t.msg, t.taglen).as_deref(),
                Ok(&t.out[..]),
                "{}",
                t.at
            );
        }
        if t.msg.len() >= 1 << 20 && !long_vectors() {
            continue;
        }
        let h = match hashes.iter().find(|(k, m, _)| *k == t.key && *m == t.msg) {
            Some((_, _, h)) => h.clone(),
            None => {
                let h = uhash(&t.key, &t.msg, 16).unwrap();
                hashes.push((t.key, t.msg.clone(), h.clone()));
                h
            }
        };
        let pad = pdf(&t.key, &t.nonce, t.taglen).unwrap();
        let tag: Vec<u8> = h[..t.taglen].iter().zip(&pad).map(|(a, b)| a ^ b).collect();
        assert_eq!(tag, t.out, "{} (msg_len {})", t.at, t.msg.len());
        checked += 1;
    }
    assert!(checked == 152 || !long_vectors(), "{checked}");
}

#[test]
fn kdf_counter_is_big_endian_from_one() {
    use aes::cipher::{BlockCipherEncrypt, KeyInit};
    let k = *b"abcdefghijklmnop";
    let y = kdf(&k, 3, 40);
    assert_eq!(y.len(), 40);
    for i in 0..3u64 {
        let mut b = [0u8; 16];
        b[7] = 3;
        b[8..].copy_from_slice(&(i + 1).to_be_bytes());
        let mut blk = b.into();
        aes::Aes128::new(&k.into()).encrypt_block(&mut blk);
        let blk: [u8; 16] = blk.into();
        let n = (40 - 16 * i as usize).min(16);
        assert_eq!(y[16 * i as usize..16 * i as usize + n], blk[..n]);
    }
}

#[test]
fn pdf_consecutive_nonces_share_one_block() {
    let k = *b"abcdefghijklmnop";
    // UMAC-64: the low bit of the nonce picks a half of one AES block.
    let a = pdf(&k, &[1, 2, 3, 4, 5, 6, 7, 8], 8).unwrap();
    let b = pdf(&k, &[1, 2, 3, 4, 5, 6, 7, 9], 8).unwrap();
    let block = pdf(&k, &[1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0], 16).unwrap();
    assert_eq!(a, block[..8]);
    assert_eq!(b, block[8..]);
    // UMAC-32: the low two bits pick a quarter.
    for i in 0..4u8 {
        let q = pdf(&k, &[7, 4 + i], 4).unwrap();
        let block = pdf(&k, &[7, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 16).unwrap();
        assert_eq!(q, block[4 * i as usize..4 * i as usize + 4]);
    }
    assert!(pdf(&k, &[], 8).is_err());
    assert!(pdf(&k, &[0; 17], 8).is_err());
    assert!(pdf(&k, &[0; 16], 5).is_err());
}

#[test]
fn nh_pairs_word_j_with_word_j_plus_4() {
    // Message words (little-endian) m0 = 3, m4 = 5; key words (big-endian)
    // k0 = 1, k4 = 2, every other word zero: (3 + 1)·(5 + 2) = 28.
    let mut msg = [0u8; 32];
    msg[0] = 3;
    msg[16] = 5;
    let mut key = [0u8; 32];
    key[3] = 1;
    key[19] = 2;
    assert_eq!(nh(&key, &msg), Ok(28));
    // Additions wrap mod 2^32, the sum mod 2^64.
    let msg = [0xff; 32];
    let mut key = [0u8; 32];
    key[3] = 2; // k0 = 2: (2^32 − 1 + 2) mod 2^32 = 1
    let big = u64::from(u32::MAX) * u64::from(u32::MAX);
    assert_eq!(
        nh(&key, &msg),
        Ok(u64::from(u32::MAX).wrapping_add(big.wrapping_mul(3)))
    );
    assert!(nh(&key, &[0; 31]).is_err());
    assert!(nh(&key[..28], &msg).is_err());
}

#[test]
fn l1_chunks_padding_and_lengths() {
    let key: Vec<u8> = (0..1024u32).map(|i| (i * 7 + 1) as u8).collect();
    // The empty message is one empty chunk: NH of 32 zero bytes, length 0.
    let empty = l1_hash(&key, &[]).unwrap();
    assert_eq!(empty, nh(&key, &[0; 32]).unwrap().to_be_bytes());
    // 1025 bytes: a full chunk (+ 8192 bits) and one byte (+ 8 bits).
    let msg: Vec<u8> = (0..1025u32).map(|i| i as u8).collect();
    let a = l1_hash(&key, &msg).unwrap();
    assert_eq!(a.len(), 16);
    let first = nh(&key, &msg[..1024]).unwrap().wrapping_add(8192);
    let mut last = [0u8; 32];
    last[0] = msg[1024];
    let second = nh(&key, &last).unwrap().wrapping_add(8);
    assert_eq!(a[..8], first.to_be_bytes());
    assert_eq!(a[8..], second.to_be_bytes());
}

#[test]
fn poly_escapes_words_in_the_top_range() {
    let p = (BigUint::from(1u8) << 64u32) - 59u8;
    let range = (BigUint::from(1u8) << 64u32) - (BigUint::from(1u8) << 32u32);
    let k = BigUint::from(0x0123_4567_89abu64);
    let m = u64::MAX - 5; // ≥ 2^64 − 2^32: marker, then m − 59
    let y = poly(64, &range, &k, &m.to_be_bytes());
    let y1 = (&k + (&p - 1u8)) % &p;
    assert_eq!(y, (&k * y1 + BigUint::from(m - 59)) % &p);
    let small = poly(64, &range, &k, &5u64.to_be_bytes());
    assert_eq!(small, &k + 5u8);
}

#[test]
fn l2_switches_to_128_bits_after_2_pow_17_bytes() {
    let key: [u8; 24] = core::array::from_fn(|i| (i * 29 + 3) as u8);
    let msg: Vec<u8> = (0..(1 << 17) + 8).map(|i: u32| (i * 13) as u8).collect();
    let short = l2_hash(&key, &msg[..1 << 17]);
    assert_eq!(short[..8], [0; 8]);
    let long = l2_hash(&key, &msg);
    assert_ne!(long[..8], [0; 8], "a 128-bit residue (almost surely)");
}

#[test]
fn l3_xors_the_second_key() {
    let k1 = [0u8; 64];
    let k2 = [1, 2, 3, 4];
    assert_eq!(l3_hash(&k1, &k2, &[0xff; 16]), k2);
    let mut k1 = [0u8; 64];
    k1[7] = 2; // Q_1 = 2
    let mut m = [0u8; 16];
    m[1] = 3; // P_1 = 3
    assert_eq!(l3_hash(&k1, &[0; 4], &m), [0, 0, 0, 6]);
}
