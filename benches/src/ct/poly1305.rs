//! `poly1305-aes`: Poly1305 (RFC 8439 one-time key: compute, verify, the
//! `UniversalHash` block path), Poly1305-AES (key check, AES pad,
//! authenticate, verify, streaming), the same over another pad cipher,
//! the long-term key with stored powers, and the batch (Poly1305-AES and
//! Poly1305, eight lanes on IFMA), on every backend of the engine.

use poly1305_aes::batch::{Batch, Job};
use poly1305_aes::universal_hash::{KeyInit, UniversalHash};
use poly1305_aes::{
    Aes128Pad, Block, Engine, Key, MacTag, Nonce, PadCipher, Poly1305, Poly1305Aes,
    Poly1305AesWithPowers, Poly1305With, Tag,
};

use super::{Target, array, pieces, verdict};

const F: &str = "poly1305-aes";

/// Short (scalar), just past the IFMA threshold (256 B), past the
/// radix-2^26 threshold (1 KiB), and long, each with a partial block.
const LENS: &[usize] = &[0, 15, 16, 100, 256 + 17, 1024 + 33, 4096 + 5];

/// The bits of a Poly1305-AES key k ‖ r that may be set: all of k, and r
/// with r[3], r[7], r[11], r[15] < 16 and r[4], r[8], r[12] multiples of 4
/// (the paper's 2^106 keys). The others are public zeros.
fn key_mask(keys: usize) -> Vec<u8> {
    let mut one = [0xffu8; 32];
    for i in [3, 7, 11, 15] {
        one[16 + i] = 0x0f;
    }
    for i in [4, 8, 12] {
        one[16 + i] = 0xfc;
    }
    one.repeat(keys)
}

/// Jobs of the batch targets (more than the eight lanes of one vector).
const JOBS: usize = 9;

/// Job j's message: a prefix of `msg`, each a different length.
fn job_msg(msg: &[u8], j: usize) -> &[u8] {
    &msg[..msg.len() * (j + 1) / JOBS]
}

/// A Poly1305-AES-style MAC's use (`Poly1305With` and
/// `Poly1305WithPowers` share the streaming state): authenticate, verify,
/// and both streamed in three pieces.
macro_rules! use_mac {
    ($mac:expr, $i:expr) => {{
        let (mac, i) = (&$mac, $i);
        let n = Nonce::from_bytes(array(i.nonce));
        let tag = mac.authenticate(&n, i.msg);
        let mut v = tag.as_bytes().to_vec();
        v.push(verdict(&mac.verify(&n, i.msg, &tag)));
        let mut s = mac.start();
        for p in pieces(i.msg) {
            s.update(p);
        }
        v.extend(s.finalize(&n).as_bytes());
        let mut s = mac.start();
        for p in pieces(i.msg) {
            s.update(p);
        }
        v.push(verdict(&s.verify(&n, &tag)));
        v
    }};
}

/// The poly1305-aes targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    out.push(Target::new(
        F,
        "Aes128Pad::{new, encrypt_pad}",
        "-",
        16,
        16,
        &[0],
        |i| {
            let mut b = array::<16>(i.nonce);
            Aes128Pad::new(&array(i.key)).encrypt_pad(&mut b);
            b.to_vec()
        },
    ));
    for e in Engine::all_supported() {
        let b = e.backend();
        out.push(Target::new(
            F,
            "Poly1305::{new_with_backend, compute_unpadded, verify_unpadded, UniversalHash update/update_padded/finalize}",
            b.name(),
            32,
            0,
            LENS,
            move |i| {
                let key: [u8; 32] = array(i.key);
                let p = Poly1305::new_with_backend(&key, b).expect("backend");
                let t = p.clone().compute_unpadded(i.msg);
                let mut v = t.to_vec();
                v.push(verdict(&p.clone().verify_unpadded(i.msg, &t)));
                let mut u = p;
                let (blocks, _) = i.msg.as_chunks::<16>();
                let blocks: Vec<Block> = blocks.iter().map(|b| (*b).into()).collect();
                u.update(&blocks);
                u.update_padded(&i.msg[16 * blocks.len()..]);
                let t2: Tag = u.finalize();
                v.extend(t2.as_slice());
                v
            },
        ));
        if b == Engine::detect().backend() {
            out.push(Target::new(
                F,
                "Poly1305::{mac, KeyInit::new}",
                b.name(),
                32,
                0,
                LENS,
                move |i| {
                    let key: [u8; 32] = array(i.key);
                    let mut v = Poly1305::mac(&key, i.msg).to_vec();
                    let k: Key = key.into();
                    v.extend(Poly1305::new(&k).compute_unpadded(i.msg).as_slice());
                    v
                },
            ));
        }
        out.push(
            Target::new(
                F,
                "Poly1305Aes::{new (key check), with_backend, authenticate, verify, start/update/finalize, start/update/verify}",
                b.name(),
                32,
                16,
                LENS,
                move |i| {
                    let mac = Poly1305Aes::new(&array(i.key))
                        .expect("valid key")
                        .with_backend(b)
                        .expect("backend");
                    use_mac!(mac, i)
                },
            )
            .with_key_mask(key_mask(1)),
        );
        out.push(
            Target::new(
                F,
                "Poly1305AesWithPowers::{new, authenticate, verify, start/update/finalize, start/update/verify}",
                b.name(),
                32,
                16,
                LENS,
                move |i| {
                    let mac = Poly1305AesWithPowers::new(
                        Poly1305Aes::new(&array(i.key))
                            .expect("valid key")
                            .with_backend(b)
                            .expect("backend"),
                    );
                    use_mac!(mac, i)
                },
            )
            .with_key_mask(key_mask(1)),
        );
        out.push(
            Target::new(
                F,
                "Poly1305With<aes::Aes128>::{from_cipher, authenticate}",
                b.name(),
                32,
                16,
                &[100],
                move |i| {
                    let k: [u8; 16] = array(i.key);
                    let cipher = aes::Aes128::new(&k.into());
                    let mac = Poly1305With::from_cipher(cipher, &array(&i.key[16..]))
                        .expect("valid key")
                        .with_backend(b)
                        .expect("backend");
                    let n = Nonce::from_bytes(array(i.nonce));
                    mac.authenticate(&n, i.msg).as_bytes().to_vec()
                },
            )
            .with_key_mask(key_mask(1)),
        );
        out.push(
            Target::new(
                F,
                format!("Batch::{{with_backend, poly1305_aes, poly1305}} ({JOBS} jobs)"),
                b.name(),
                32 * JOBS,
                16,
                &[0, 9 * 100, 9 * (256 + 17), 9 * 1100],
                move |i| {
                    let batch = Batch::with_backend(b).expect("backend");
                    let keys: Vec<[u8; 32]> = i.key.chunks_exact(32).map(array).collect();
                    let nonces: Vec<Nonce> = (0..JOBS)
                        .map(|j| {
                            let mut n: [u8; 16] = array(i.nonce);
                            n[15] ^= j as u8;
                            Nonce::from_bytes(n)
                        })
                        .collect();
                    let jobs: Vec<Job<'_>> = (0..JOBS)
                        .map(|j| Job {
                            key: &keys[j],
                            nonce: &nonces[j],
                            msg: job_msg(i.msg, j),
                        })
                        .collect();
                    let mut tags = vec![MacTag::default(); JOBS];
                    batch.poly1305_aes(&jobs, &mut tags).expect("batch");
                    let mut v: Vec<u8> = tags.iter().flat_map(|t| *t.as_bytes()).collect();
                    let msgs: Vec<&[u8]> = (0..JOBS).map(|j| job_msg(i.msg, j)).collect();
                    let mut tags = vec![Tag::default(); JOBS];
                    batch.poly1305(&keys, &msgs, &mut tags).expect("batch");
                    v.extend(tags.iter().flat_map(|t| t.to_vec()));
                    v
                },
            )
            .with_key_mask(key_mask(JOBS)),
        );
    }
}
