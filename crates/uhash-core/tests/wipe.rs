//! Every key-holding type of uhash-base, dropped in place, leaves no 8-byte
//! window of its key in its own memory or in heap memory it freed, and its
//! `Debug` text shows none (see `uhash_testkit::wipe` for the method and
//! its limits).
#![cfg(not(miri))]

use aes::cipher::KeyInit;
use uhash_base::kdf::{self, KeyStream, LEVEL_L1, LEVEL_L2, LEVEL_L3};
use uhash_base::long::{ChunkHash, LongHash, LongKey, MAX_LANES};
use uhash_base::mac::{MacHash, WegmanCarter};
use uhash_base::strong::Strong;
use uhash_base::{Error, Secret, Tag};
use uhash_testkit::{assert_key_holder, test_key};
use zeroize::Zeroize;

uhash_testkit::scan_alloc!();

#[test]
fn secret() {
    let k: [u8; 32] = test_key(1);
    assert_key_holder("Secret", &[&k], || Secret::new(k));
}

/// The `aes` dependency wipes its round keys (its `zeroize` feature); the
/// first round key is the key itself.
#[test]
fn aes_round_keys() {
    let k: [u8; 16] = test_key(2);
    assert_key_holder("aes::Aes128", &[&k], || aes::Aes128::new(&k.into()));
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[test]
fn aes_ni_round_keys() {
    let k: [u8; 16] = test_key(3);
    if uhash_base::aesni::Aes128Ni::new(&k).is_none() {
        return; // no AES-NI: the type cannot be built
    }
    assert_key_holder("Aes128Ni", &[&k], || {
        uhash_base::aesni::Aes128Ni::new(&k).unwrap()
    });
}

#[test]
fn key_stream() {
    let seed: [u8; 16] = test_key(4);
    let stream: [u8; 64] = kdf::expand_array(&seed, 77);
    assert_key_holder("KeyStream", &[&seed, &stream], || {
        let mut ks = KeyStream::new(&seed, 77);
        let mut first = [0u8; 5];
        ks.fill(&mut first); // 11 stream bytes stay buffered
        first.zeroize();
        ks
    });
}

/// A hash with no key: the MAC's pad key is all there is to find.
#[derive(Clone, Debug)]
struct Keyless;

impl MacHash for Keyless {
    const LANE_BITS: u32 = 64;
    const PAD_LABEL: u64 = 0;
    type Out = Tag<8>;
    type State = u64;
    fn from_seed(_: &[u8; 16]) -> Result<Self, Error> {
        Ok(Self)
    }
    fn hash_message(&self, msg: &[u8]) -> Tag<8> {
        let mut st = 0;
        self.absorb(&mut st, msg);
        self.finish(&mut st)
    }
    fn new_state(&self) -> u64 {
        0
    }
    fn absorb(&self, st: &mut u64, data: &[u8]) {
        *st = data
            .iter()
            .fold(*st, |a, &b| a.rotate_left(8) ^ u64::from(b));
    }
    fn finish(&self, st: &mut u64) -> Tag<8> {
        let t = Tag::from_bytes(st.to_le_bytes());
        *st = 0;
        t
    }
}

#[test]
fn wegman_carter_pad_key() {
    let pad: [u8; 16] = test_key(5);
    assert_key_holder("WegmanCarter", &[&pad], || WegmanCarter::new(Keyless, &pad));
}

/// A level-1 kernel with 64-bit lanes (so the level-3 key is stored as its
/// own bytes) that wipes its key.
#[derive(Clone, Debug)]
struct Kernel([u64; 8]);

impl Drop for Kernel {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl ChunkHash for Kernel {
    const CHUNK_BYTES: usize = 64;
    const LANES: usize = 1;
    const LANE_BITS: u32 = 64;
    const FAMILY: u16 = kdf::family::GENERIC;
    type Chunk = [u8; 64];
    fn zero_chunk() -> Self::Chunk {
        [0; 64]
    }
    fn from_key_stream(ks: &mut KeyStream) -> Result<Self, Error> {
        Ok(Self(core::array::from_fn(|_| ks.next_u64())))
    }
    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        out[0] = chunk
            .chunks_exact(8)
            .zip(self.0)
            .map(|(m, k)| u64::from_le_bytes(m.try_into().unwrap()).wrapping_mul(k))
            .fold(0, u64::wrapping_add);
    }
}

#[test]
fn long_hash_key_and_state() {
    let seed: [u8; 16] = test_key(6);
    let label = |level| kdf::label(kdf::family::GENERIC, 1, level, 0);
    let l1: [u8; 64] = kdf::expand_array(&seed, label(LEVEL_L1));
    let l2: [u8; 16] = kdf::expand_array(&seed, label(LEVEL_L2));
    let l3: [u8; 24] = kdf::expand_array(&seed, label(LEVEL_L3));
    let keys: [&[u8]; 4] = [&seed, &l1, &l2, &l3];
    assert_key_holder("LongHash", &keys, || {
        let mut h = LongHash::<Kernel>::from_seed(&seed).unwrap();
        h.update(&[0x5a; 200]); // message bytes buffered
        h
    });
    assert_key_holder("LongKey", &keys, || {
        LongKey::<Kernel>::from_seed(&seed).unwrap()
    });
}

#[test]
fn strong_offset() {
    let b: [u8; 16] = test_key(7);
    assert_key_holder("Strong", &[&b], || Strong::new((), u128::from_le_bytes(b)));
}

#[cfg(feature = "alloc")]
#[test]
fn key_words() {
    let k: [u8; 256] = test_key(8);
    assert_key_holder("KeyWords", &[&k], || {
        let mut words = k
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()));
        uhash_base::keybuf::KeyWords::from_fn(32, || words.next().unwrap())
    });
}
