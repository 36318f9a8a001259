//! Rows for `uhash-base` itself, before any family lands:
//!
//! * `core/poly1305-polynomial`: the scalar field mod 2^130−5 evaluating
//!   Poly1305's polynomial (no AES) — the engine of level 2 of long-message
//!   hashing and the portable baseline the `poly1305-aes` crate improves on;
//! * `long/L2+L3`: the cost the long-message construction adds on top of a
//!   level-1 kernel. The kernel here is a near-free xor of the chunk's words
//!   (one AVX-512 pass), so `LongHash<xor>` minus `xor alone` is the level-2
//!   and level-3 overhead per byte; multiply by 1024 for cycles per KiB.

use crate::memory::{Level, xor_fn};
use crate::{KeyMode, Row, looped};
use uhash_base::kdf::{self, KeyStream};
use uhash_base::long::{ChunkHash, LongHash, MAX_LANES};
use uhash_base::p130::{Fe130, Multiplier, horner};

const KEY: [u8; 32] = [
    0x85, 0xd6, 0xbe, 0x78, 0x57, 0x55, 0x6d, 0x33, 0x7f, 0x44, 0x52, 0xfe, 0x42, 0xd5, 0x06, 0xa8,
    0x01, 0x03, 0x80, 0x8a, 0xfb, 0x0d, 0xb2, 0xfd, 0x4a, 0xbf, 0xf6, 0xaf, 0x41, 0x49, 0xf5, 0x1b,
];

fn r_and_s(key: &[u8; 32]) -> (Multiplier, u128) {
    let mut r = [0u8; 16];
    r.copy_from_slice(&key[..16]);
    let mut s = [0u8; 16];
    s.copy_from_slice(&key[16..]);
    (Multiplier::from_clamped_r(&r), u128::from_le_bytes(s))
}

/// The chunk size of the overhead rows (the design's default level-1 chunk).
pub const CHUNK: usize = 1024;

/// A level-1 kernel that costs (almost) only reading the chunk.
#[derive(Clone)]
pub struct XorKernel<const N: usize> {
    xor: fn(&[u8]) -> u64,
}

impl<const N: usize> ChunkHash for XorKernel<N> {
    const CHUNK_BYTES: usize = CHUNK;
    const LANES: usize = N;
    const LANE_BITS: u32 = 64;
    const FAMILY: u16 = kdf::family::GENERIC;
    type Chunk = [u8; CHUNK];

    fn zero_chunk() -> Self::Chunk {
        [0; CHUNK]
    }

    fn from_key_stream(_: &mut KeyStream) -> Result<Self, uhash_base::Error> {
        Ok(Self {
            xor: xor_fn(Level::detect()),
        })
    }

    fn hash_chunk(&self, chunk: &[u8], out: &mut [u64; MAX_LANES]) {
        let x = (self.xor)(chunk);
        for (i, o) in out.iter_mut().enumerate().take(N) {
            *o = x ^ i as u64;
        }
    }
}

fn long_row<const N: usize>(label: &'static str) -> Row {
    Row::new(
        "long",
        "L2+L3",
        format!("LongHash over the xor kernel, {N} lane(s) of 64 bits, 1 KiB chunks"),
        label,
        KeyMode::LongTerm,
        |_len| {
            let mut h = LongHash::<XorKernel<N>>::from_seed(&[7; 16]).expect("xor kernel keys");
            looped(move |m: &[u8]| {
                h.update(m);
                h.finalize_lanes()[0].to_le_bytes()
            })
        },
    )
}

/// The uhash-base rows.
pub fn rows() -> Vec<Row> {
    let level = Level::detect();
    vec![
        Row::new(
            "core",
            "poly1305-polynomial",
            "uhash-base p130 scalar (radix 2^44, u128 products)",
            "p130-scalar",
            KeyMode::LongTerm,
            |_len| {
                let (r, s) = r_and_s(&KEY);
                looped(move |m: &[u8]| horner(&r, Fe130::ZERO, m).finish_with(s))
            },
        ),
        Row::new(
            "core",
            "poly1305-polynomial",
            "uhash-base p130 scalar (radix 2^44, u128 products)",
            "p130-scalar",
            KeyMode::FreshPerCall,
            |_len| {
                let mut counter = 0u64;
                looped(move |m: &[u8]| {
                    // a new key for every message: the counter changes r and s
                    counter = counter.wrapping_add(1);
                    let mut key = KEY;
                    for (k, c) in key.iter_mut().zip(counter.to_le_bytes()) {
                        *k ^= c;
                    }
                    for (k, c) in key[16..].iter_mut().zip(counter.to_le_bytes()) {
                        *k ^= c;
                    }
                    let (r, s) = r_and_s(&key);
                    horner(&r, Fe130::ZERO, m).finish_with(s)
                })
            },
        ),
        Row::new(
            "long",
            "L2+L3",
            format!("xor kernel alone ({}), the baseline", level.name()),
            "xor-alone",
            KeyMode::Unkeyed,
            move |_len| {
                let xor = xor_fn(level);
                looped(move |m: &[u8]| xor(m).to_le_bytes())
            },
        ),
        long_row::<1>("longhash-1-lane"),
        long_row::<2>("longhash-2-lanes"),
        long_row::<4>("longhash-4-lanes"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polynomial_row_gives_the_rfc_tag() {
        let (r, s) = r_and_s(&KEY);
        let tag = horner(&r, Fe130::ZERO, b"Cryptographic Forum Research Group").finish_with(s);
        assert_eq!(tag.to_vec(), hex_tag("a8061dc1305136c6c22b8baf0c0127a9"));
    }

    fn hex_tag(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }
}
