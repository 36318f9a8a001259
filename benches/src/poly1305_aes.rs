//! Rows for the `poly1305-aes` crate, beside the RustCrypto and OpenSSL
//! Poly1305 peers of [`crate::poly1305_peers`] (same family and function
//! names, so one `--filter poly1305` run times them side by side).
//!
//! * `poly1305/Poly1305/uhash[-soft|-asm]`: [`poly1305_aes::Poly1305`] on
//!   the default backend (IFMA where present), forced soft and (feature
//!   `asm`, where the kernels run) the hand-written assembly, with a
//!   long-term key (state keyed once, cloned per message) and a fresh key
//!   per call.
//! * `poly1305-aes/Poly1305-AES/…`: the paper's MAC with a long-term key
//!   k ‖ r and a new nonce per message (AES_k(n) per message), ours and
//!   RustCrypto's `poly1305` + `aes` composed the same way.

use crate::{FreshKey, KeyMode, Row, long_term_key, looped};
use poly1305_aes::batch::Batch;
use poly1305_aes::universal_hash::KeyInit;
use poly1305_aes::{Backend, Nonce, Poly1305, Poly1305Aes, Poly1305AesWithPowers};

/// A long-term Poly1305-AES key k ‖ r with r clamped.
fn aes_key() -> [u8; 32] {
    let mut k = long_term_key();
    for i in [19, 23, 27, 31] {
        k[i] &= 15;
    }
    for i in [20, 24, 28] {
        k[i] &= 252;
    }
    k
}

/// The rows.
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    let mut backends = vec![
        (None, "uhash", "uhash poly1305-aes (default backend)"),
        (
            Some(Backend::Soft),
            "uhash-soft",
            "uhash poly1305-aes (soft)",
        ),
    ];
    // The hand-written assembly (feature `asm` of this crate, which turns
    // on `poly1305-aes/asm`), when this build and CPU run it.
    if Poly1305::new_with_backend(&[0; 32], Backend::Asm).is_ok() {
        backends.push((
            Some(Backend::Asm),
            "uhash-asm",
            "uhash poly1305-aes (hand-written assembly)",
        ));
    }
    for (backend, id, name) in backends {
        // Each row's loop is monomorphised around its own constructor: the
        // default rows call `Poly1305::new` as a user does, with no choice
        // of backend in the timed loop.
        match backend {
            None => push_rows(&mut rows, name, id, true, |key: &[u8; 32]| {
                Poly1305::new(&(*key).into())
            }),
            Some(b) => push_rows(&mut rows, name, id, false, move |key: &[u8; 32]| {
                Poly1305::new_with_backend(key, b).expect("checked above")
            }),
        }
    }
    rows.push(
        Row::new(
            "poly1305-aes",
            "Poly1305-AES",
            "uhash poly1305-aes (default backend, AES-NI pad)",
            "uhash",
            KeyMode::LongTerm,
            |_len| {
                let mac = Poly1305Aes::new(&aes_key()).expect("clamped key");
                let mut n = 0u128;
                looped(move |m: &[u8]| {
                    n += 1;
                    mac.authenticate(&Nonce::from_u128(n), m)
                })
            },
        )
        .nonce_per_call(),
    );
    rows.push(
        Row::new(
            "poly1305-aes",
            "Poly1305-AES",
            "uhash poly1305-aes Poly1305AesWithPowers (powers kept for the key)",
            "uhash-powers",
            KeyMode::LongTerm,
            |_len| {
                let mac =
                    Poly1305AesWithPowers::new(Poly1305Aes::new(&aes_key()).expect("clamped key"));
                let mut n = 0u128;
                looped(move |m: &[u8]| {
                    n += 1;
                    mac.authenticate(&Nonce::from_u128(n), m)
                })
            },
        )
        .nonce_per_call(),
    );
    // Key agility: 8 messages of the row's length under 8 different keys
    // per call (Poly1305 one-time keys); the time is per message.
    rows.push(Row::new(
        "poly1305",
        "Poly1305",
        "uhash poly1305-aes batch (8 keys per call, per message)",
        "uhash-batch8",
        KeyMode::FreshPerCall,
        |_len| {
            let mut keys = FreshKey::new(3);
            let batch = Batch::new();
            Box::new(Batch8 {
                keys: [[0; 32]; 8],
                fresh: move || *keys.next_key(),
                batch,
            })
        },
    ));
    rows.push(
        Row::new(
            "poly1305-aes",
            "Poly1305-AES",
            "RustCrypto poly1305 0.9 + aes 0.9",
            "rustcrypto",
            KeyMode::LongTerm,
            |_len| {
                use aes::cipher::{BlockCipherEncrypt, KeyInit as _};
                let key = aes_key();
                let cipher =
                    aes::Aes128::new(&<[u8; 16]>::try_from(&key[..16]).expect("16").into());
                let r: [u8; 16] = key[16..].try_into().expect("16");
                let mut n = 0u128;
                looped(move |m: &[u8]| {
                    n += 1;
                    let mut block = n.to_le_bytes().into();
                    cipher.encrypt_block(&mut block);
                    let mut k = [0u8; 32];
                    k[..16].copy_from_slice(&r);
                    k[16..].copy_from_slice(&block);
                    crate::poly1305_peers::rustcrypto_mac(poly1305::Poly1305::new(&k.into()), m)
                })
            },
        )
        .nonce_per_call(),
    );
    rows
}

/// The long-term-key and fresh-key rows of one backend, whose keyed
/// state `make` builds.
fn push_rows<M>(rows: &mut Vec<Row>, name: &'static str, id: &'static str, stream: bool, make: M)
where
    M: Fn(&[u8; 32]) -> Poly1305 + Copy + 'static,
{
    let mut long = Row::new(
        "poly1305",
        "Poly1305",
        name,
        id,
        KeyMode::LongTerm,
        move |_len| {
            let keyed = make(&long_term_key());
            looped(move |m: &[u8]| <[u8; 16]>::from(keyed.clone().compute_unpadded(m)))
        },
    );
    if stream {
        long = long.stream_in_quick();
    }
    rows.push(long);
    rows.push(Row::new(
        "poly1305",
        "Poly1305",
        name,
        id,
        KeyMode::FreshPerCall,
        move |_len| {
            let mut keys = FreshKey::new(1);
            looped(move |m: &[u8]| <[u8; 16]>::from(make(keys.next_key()).compute_unpadded(m)))
        },
    ));
}

/// Times [`Batch::poly1305`] over 8 copies of the message under 8 fresh
/// keys; `run` counts each batch as 8 messages (its loop runs `iters / 8`
/// batches, at least one), so the per-message figure is comparable.
struct Batch8<F: FnMut() -> [u8; 32]> {
    keys: [[u8; 32]; 8],
    fresh: F,
    batch: Batch,
}

impl<F: FnMut() -> [u8; 32]> crate::Runner for Batch8<F> {
    fn run(&mut self, msg: &[u8], iters: u64) {
        let mut tags = [poly1305_aes::Tag::default(); 8];
        for _ in 0..iters.div_ceil(8) {
            for k in &mut self.keys {
                *k = (self.fresh)();
            }
            let m = std::hint::black_box(msg);
            let msgs = [m; 8];
            self.batch
                .poly1305(&self.keys, &msgs, &mut tags)
                .expect("equal lengths");
            std::hint::black_box(&tags);
        }
    }

    fn once(&mut self, msg: &[u8]) -> Vec<u8> {
        let mut tags = [poly1305_aes::Tag::default(); 8];
        for k in &mut self.keys {
            *k = (self.fresh)();
        }
        self.batch
            .poly1305(&self.keys, &[msg; 8], &mut tags)
            .expect("equal lengths");
        tags.iter().flat_map(|t| t.iter().copied()).collect()
    }
}
