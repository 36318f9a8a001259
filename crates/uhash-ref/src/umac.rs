//! UMAC — RFC 4418, *UMAC: Message Authentication Code using Universal
//! Hashing* (T. Krovetz, ed., March 2006), written as the RFC's pseudocode
//! states it: strings are byte vectors, `str2uint` is big-endian, the
//! modular steps are big-integer `%`.
//!
//! The RFC's 32- and 64-bit operations `+_32`, `+_64` and `*_64` (NH) are
//! written with Rust's wrapping `u32`/`u64` arithmetic, which is their
//! definition (addition and multiplication modulo 2^32 or 2^64); every
//! other reduction (POLY modulo 2^64 − 59 and 2^128 − 159, L3 modulo
//! 2^36 − 5) is a [`BigUint`] `%`.
//!
//! | RFC section | here |
//! |---|---|
//! | 3.2 KDF | [`kdf`] |
//! | 3.3 PDF | [`pdf`] |
//! | 5.1.1 L1-HASH, 5.1.2 NH | [`l1_hash`], [`nh`] |
//! | 5.2.1 L2-HASH, 5.2.2 POLY | [`l2_hash`], [`poly`] |
//! | 5.3.1 L3-HASH | [`l3_hash`] |
//! | 5 UHASH | [`uhash`] |
//! | 4 UMAC | [`umac`] |
//!
//! Tag lengths are 4, 8, 12 or 16 bytes (UMAC-32, -64, -96, -128), nonces
//! 1 to 16 bytes, keys 16 bytes (AES-128); messages of any length.

use aes::cipher::{BlockCipherEncrypt, KeyInit};
use num_bigint::BigUint;

use crate::RefError;
use crate::util::pow2;

/// The block length of AES, `BLOCKLEN` (bytes).
const BLOCKLEN: usize = 16;

/// AES-128 of one block: the RFC's `ENCIPHER(K, P)`.
fn encipher(k: &[u8; 16], p: &[u8; 16]) -> [u8; 16] {
    let mut b = (*p).into();
    aes::Aes128::new(k.into()).encrypt_block(&mut b);
    b.into()
}

/// `str2uint`: a byte string as a big-endian unsigned integer.
fn str2uint(s: &[u8]) -> BigUint {
    BigUint::from_bytes_be(s)
}

/// `uint2str(x, n)`: the `n`-byte big-endian string of `x < 2^(8n)`.
fn uint2str(x: &BigUint, n: usize) -> Vec<u8> {
    let b = x.to_bytes_be();
    let mut out = vec![0u8; n.saturating_sub(b.len())];
    out.extend_from_slice(&b[b.len().saturating_sub(n)..]);
    out
}

/// `prime(36)`, `prime(64)`, `prime(128)`: 2^36 − 5, 2^64 − 59, 2^128 − 159.
fn prime(bits: u32) -> BigUint {
    let c: u32 = match bits {
        36 => 5,
        64 => 59,
        _ => 159,
    };
    pow2(bits) - c
}

/// §3.2 KDF: the first `numbytes` bytes of
/// `ENCIPHER(K, uint2str(index, 8) ‖ uint2str(i, 8))` for i = 1, 2, ….
#[must_use]
pub fn kdf(k: &[u8; 16], index: u64, numbytes: usize) -> Vec<u8> {
    let n = numbytes.div_ceil(BLOCKLEN);
    let mut y = Vec::with_capacity(n * BLOCKLEN);
    for i in 1..=n as u64 {
        let mut t = [0u8; 16];
        t[..8].copy_from_slice(&index.to_be_bytes());
        t[8..].copy_from_slice(&i.to_be_bytes());
        y.extend_from_slice(&encipher(k, &t));
    }
    y.truncate(numbytes);
    y
}

/// The tag length `taglen` (4, 8, 12 or 16), or an error.
fn check_taglen(taglen: usize) -> Result<(), RefError> {
    if matches!(taglen, 4 | 8 | 12 | 16) {
        Ok(())
    } else {
        Err(RefError::InvalidParameter(format!(
            "taglen must be 4, 8, 12 or 16 bytes, got {taglen}"
        )))
    }
}

/// §3.3 PDF: the `taglen`-byte pad of `nonce` (1 to 16 bytes).
///
/// For `taglen` 4 or 8, the low bits of the nonce (`str2uint(Nonce) mod
/// (16/taglen)`) select which `taglen` bytes of the AES block are the pad,
/// and are cleared before encryption.
///
/// # Errors
/// `InvalidParameter` for another `taglen`; `InvalidMessage` for a nonce
/// of 0 or more than 16 bytes.
pub fn pdf(k: &[u8; 16], nonce: &[u8], taglen: usize) -> Result<Vec<u8>, RefError> {
    check_taglen(taglen)?;
    if nonce.is_empty() || nonce.len() > BLOCKLEN {
        return Err(RefError::InvalidMessage(format!(
            "the nonce must have 1 to 16 bytes, got {}",
            nonce.len()
        )));
    }
    let mut nonce = nonce.to_vec();
    let mut index = 0usize;
    if taglen == 4 || taglen == 8 {
        let modulus = BigUint::from(BLOCKLEN / taglen);
        let idx = str2uint(&nonce) % &modulus;
        index = idx.iter_u64_digits().next().unwrap_or(0) as usize;
        let mask = uint2str(&idx, nonce.len());
        for (n, m) in nonce.iter_mut().zip(&mask) {
            *n ^= m;
        }
    }
    nonce.resize(BLOCKLEN, 0);
    let kprime: [u8; 16] = kdf(k, 0, 16)
        .try_into()
        .map_err(|_| RefError::InvalidKey("KDF output".into()))?;
    let block: [u8; 16] = nonce
        .try_into()
        .map_err(|_| RefError::InvalidMessage("nonce".into()))?;
    let t = encipher(&kprime, &block);
    Ok(t[index * taglen..(index + 1) * taglen].to_vec())
}

/// §5.1.2 NH: `K` and `M` as 32-bit words, `K` read big-endian
/// (`str2uint`), `M` after ENDIAN-SWAP, i.e. read little-endian;
/// `Y = Σ over 8-word blocks, j = 0..4, of (m_{i+j} +_32 k_{i+j}) *_64
/// (m_{i+j+4} +_32 k_{i+j+4})`, summed with `+_64`; output `uint2str(Y, 8)`
/// as the integer Y.
///
/// # Errors
/// `InvalidMessage` unless `msg` is a multiple of 32 bytes;
/// `KeyTooShort` (in 32-bit words) unless `key` is at least as long as
/// `msg`.
pub fn nh(key: &[u8], msg: &[u8]) -> Result<u64, RefError> {
    if !msg.len().is_multiple_of(32) {
        return Err(RefError::InvalidMessage(format!(
            "NH takes a multiple of 32 bytes, got {}",
            msg.len()
        )));
    }
    if key.len() < msg.len() {
        return Err(RefError::KeyTooShort {
            needed: msg.len() / 4,
            got: key.len() / 4,
        });
    }
    let k: Vec<u32> = key
        .chunks_exact(4)
        .map(|w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let m: Vec<u32> = msg
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let t = m.len();
    let mut y: u64 = 0;
    let mut i = 0;
    while i < t {
        for j in 0..4 {
            let a = m[i + j].wrapping_add(k[i + j]);
            let b = m[i + j + 4].wrapping_add(k[i + j + 4]);
            y = y.wrapping_add(u64::from(a).wrapping_mul(u64::from(b)));
        }
        i += 8;
    }
    Ok(y)
}

/// §5.1.1 L1-HASH under a 1024-byte key: the message in chunks of 1024
/// bytes (the last 1 to 1024 bytes; the empty message is one empty chunk),
/// each zero-padded to a multiple of 32 bytes ("the nearest positive
/// multiple": the empty chunk becomes 32 zero bytes), hashed with NH, plus
/// its bit length modulo 2^64, as 8 big-endian bytes each.
///
/// # Errors
/// `KeyTooShort` for a key shorter than 1024 bytes.
pub fn l1_hash(key: &[u8], msg: &[u8]) -> Result<Vec<u8>, RefError> {
    if key.len() < 1024 {
        return Err(RefError::KeyTooShort {
            needed: 256,
            got: key.len() / 4,
        });
    }
    let t = msg.len().div_ceil(1024).max(1);
    let mut y = Vec::with_capacity(8 * t);
    for i in 0..t {
        let chunk = &msg[(1024 * i).min(msg.len())..(1024 * (i + 1)).min(msg.len())];
        let len_bits = 8 * chunk.len() as u64;
        let mut padded = chunk.to_vec();
        let padded_len = chunk.len().div_ceil(32).max(1) * 32;
        padded.resize(padded_len, 0);
        let a = nh(key, &padded)?.wrapping_add(len_bits);
        y.extend_from_slice(&a.to_be_bytes());
    }
    Ok(y)
}

/// §5.2.2 POLY(wordbits, maxwordrange, k, M): with p = prime(wordbits),
/// offset = 2^wordbits − p, marker = p − 1, y = 1 and for each
/// `wordbits`-bit word m of M (big-endian): if m ≥ maxwordrange,
/// y = (k·y + marker) mod p and then y = (k·y + (m − offset)) mod p; else
/// y = (k·y + m) mod p.
#[must_use]
pub fn poly(wordbits: u32, maxwordrange: &BigUint, k: &BigUint, msg: &[u8]) -> BigUint {
    let wordbytes = (wordbits / 8) as usize;
    let p = prime(wordbits);
    let offset = pow2(wordbits) - &p;
    let marker = &p - 1u32;
    let mut y = BigUint::from(1u32);
    for word in msg.chunks(wordbytes) {
        let m = str2uint(word);
        if &m >= maxwordrange {
            y = (k * &y + &marker) % &p;
            y = (k * &y + (&m - &offset)) % &p;
        } else {
            y = (k * &y + &m) % &p;
        }
    }
    y
}

/// §5.2.1 L2-HASH under a 24-byte key: keys masked with
/// 0x01FFFFFF01FFFFFF (k64, bytes 1..8) and 0x01FFFFFF01FFFFFF01FFFFFF01FFFFFF
/// (k128, bytes 9..24); a message of at most 2^17 bytes is POLY over
/// 64-bit words; a longer one is POLY-64 over its first 2^17 bytes, then
/// POLY-128 over `uint2str(y, 16)` followed by the rest, a 0x80 byte and
/// zeros to a multiple of 16 bytes. Output 16 bytes.
#[must_use]
pub fn l2_hash(key: &[u8; 24], msg: &[u8]) -> [u8; 16] {
    let mask64 = str2uint(&[0x01, 0xff, 0xff, 0xff, 0x01, 0xff, 0xff, 0xff]);
    let mask128 = str2uint(&[
        0x01, 0xff, 0xff, 0xff, 0x01, 0xff, 0xff, 0xff, 0x01, 0xff, 0xff, 0xff, 0x01, 0xff, 0xff,
        0xff,
    ]);
    let k64 = str2uint(&key[..8]) & mask64;
    let k128 = str2uint(&key[8..]) & mask128;
    let range64 = pow2(64) - pow2(32);
    let y = if msg.len() <= 1 << 17 {
        poly(64, &range64, &k64, msg)
    } else {
        let m1 = &msg[..1 << 17];
        let mut m2 = msg[1 << 17..].to_vec();
        m2.push(0x80);
        while !m2.len().is_multiple_of(16) {
            m2.push(0);
        }
        let y = poly(64, &range64, &k64, m1);
        let mut input = uint2str(&y, 16);
        input.extend_from_slice(&m2);
        poly(128, &(pow2(128) - pow2(96)), &k128, &input)
    };
    let mut out = [0u8; 16];
    out.copy_from_slice(&uint2str(&y, 16));
    out
}

/// §5.3.1 L3-HASH: y = Σ_{i=1..8} (str2uint(K1[8i−7..8i]) mod prime(36))
/// · str2uint(M[2i−1..2i]), y mod prime(36) mod 2^32, as 4 bytes, xor K2.
#[must_use]
pub fn l3_hash(k1: &[u8; 64], k2: &[u8; 4], msg: &[u8; 16]) -> [u8; 4] {
    let p36 = prime(36);
    let mut y = BigUint::from(0u32);
    for i in 0..8 {
        let q = str2uint(&k1[8 * i..8 * i + 8]) % &p36;
        y += q * str2uint(&msg[2 * i..2 * i + 2]);
    }
    let y = (y % &p36) % pow2(32);
    let mut out = [0u8; 4];
    out.copy_from_slice(&uint2str(&y, 4));
    for (o, k) in out.iter_mut().zip(k2) {
        *o ^= k;
    }
    out
}

/// §5 UHASH: `taglen / 4` iterations, iteration i with the L1 key
/// `KDF(K, 1, 1024 + 16·(iters − 1))[16(i−1)..16(i−1) + 1024]` and its
/// slices of `KDF(K, 2, 24·iters)`, `KDF(K, 3, 64·iters)`,
/// `KDF(K, 4, 4·iters)`; L2 is skipped (B = zeroes(8) ‖ A) when the
/// message is at most 1024 bytes.
///
/// # Errors
/// `InvalidParameter` for a `taglen` other than 4, 8, 12, 16.
pub fn uhash(k: &[u8; 16], msg: &[u8], taglen: usize) -> Result<Vec<u8>, RefError> {
    check_taglen(taglen)?;
    let iters = taglen / 4;
    let l1key = kdf(k, 1, 1024 + (iters - 1) * 16);
    let l2key = kdf(k, 2, iters * 24);
    let l3key1 = kdf(k, 3, iters * 64);
    let l3key2 = kdf(k, 4, iters * 4);
    let mut y = Vec::with_capacity(taglen);
    for i in 0..iters {
        let l1key_i = &l1key[i * 16..i * 16 + 1024];
        let l2key_i: &[u8; 24] = l2key[i * 24..(i + 1) * 24]
            .try_into()
            .map_err(|_| RefError::InvalidKey("L2 key".into()))?;
        let l3key1_i: &[u8; 64] = l3key1[i * 64..(i + 1) * 64]
            .try_into()
            .map_err(|_| RefError::InvalidKey("L3 key".into()))?;
        let l3key2_i: &[u8; 4] = l3key2[i * 4..(i + 1) * 4]
            .try_into()
            .map_err(|_| RefError::InvalidKey("L3 key".into()))?;
        let a = l1_hash(l1key_i, msg)?;
        let b: [u8; 16] = if msg.len() <= 1024 {
            let mut b = [0u8; 16];
            b[8..].copy_from_slice(&a);
            b
        } else {
            l2_hash(l2key_i, &a)
        };
        y.extend_from_slice(&l3_hash(l3key1_i, l3key2_i, &b));
    }
    Ok(y)
}

/// §4 UMAC: `UHASH(K, M, taglen) xor PDF(K, Nonce, taglen)`.
///
/// # Errors
/// `InvalidParameter` for a `taglen` other than 4, 8, 12, 16;
/// `InvalidMessage` for a nonce of 0 or more than 16 bytes.
pub fn umac(k: &[u8; 16], nonce: &[u8], msg: &[u8], taglen: usize) -> Result<Vec<u8>, RefError> {
    let pad = pdf(k, nonce, taglen)?;
    let hash = uhash(k, msg, taglen)?;
    Ok(hash.iter().zip(&pad).map(|(h, p)| h ^ p).collect())
}
