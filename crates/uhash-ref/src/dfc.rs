//! The decorrelation module of the AES candidate DFC — Noilhan, *Software
//! Optimization of Decorrelation Module*, §2 (and the DFC specification by
//! Gilbert, Girault, Hoogvorst, Noilhan, Pornin, Poupard, Stern, Vaudenay).

use num_bigint::BigUint;

use crate::RefError;
use crate::primes::next_prime_above_pow2;
use crate::util::{check_key_words, check_msg_words, check_range, low_u64, pow2};

/// The DFC decorrelation module (Noilhan, **§2** "Calculation of
/// ax + b mod 2^64 + 13 mod 2^64"):
///
/// `dfc_module(a, b, x) = ((a·x + b) mod (2^64 + 13)) mod 2^64`,
///
/// with `a, b, x` 64-bit unsigned integers and `a·x + b` computed over the
/// integers (it is at most `2^128 − 2^64`). When `(a·x + b) mod (2^64 + 13)`
/// lands in `[2^64, 2^64 + 12]` the result is that value minus `2^64`, i.e.
/// `0..=12`.
pub fn dfc_module(a: u64, b: u64, x: u64) -> u64 {
    let p = pow2(64) + 13u32;
    let value = BigUint::from(a) * BigUint::from(x) + BigUint::from(b);
    low_u64(&((value % p) % pow2(64)))
}

/// The Horner hash over Z_(2^64+13) built from the module (the
/// `dfc-decorr` crate's `DfcHash`), written straight from its definition:
///
/// * split `msg` (L bytes) into ⌈L/8⌉ blocks of 8 bytes, zero-padding the
///   last one; block i is the little-endian integer m_i;
/// * append the length block m_{ℓ+1} = L;
/// * acc = 0, then acc ← (a·acc + m_i) mod (2^64 + 13) for every block, in
///   order, over the integers (acc stays a residue below 2^64 + 13);
/// * the result is ((a·acc + b) mod (2^64 + 13)) mod 2^64.
///
/// An empty message gives b.
pub fn horner_hash(a: u64, b: u64, msg: &[u8]) -> u64 {
    let p = pow2(64) + 13u32;
    let a = BigUint::from(a);
    let mut blocks: Vec<BigUint> = msg
        .chunks(8)
        .map(|chunk| {
            let mut block = [0u8; 8];
            block[..chunk.len()].copy_from_slice(chunk);
            BigUint::from_bytes_le(&block)
        })
        .collect();
    blocks.push(BigUint::from(msg.len()));
    let mut acc = BigUint::ZERO;
    for m in blocks {
        acc = (&a * acc + m) % &p;
    }
    low_u64(&(((&a * acc + BigUint::from(b)) % &p) % pow2(64)))
}

/// The decorrelation module at a reduced word width — the "same shape"
/// with `bits`-bit words (used by the ε lab, `uhash epsilon dfc`):
///
/// `dfc_module_b(bits, a, b, x) = ((a·x + b) mod p_bits) mod 2^bits`,
///
/// `p_bits = next_prime_above_pow2(bits)`, the smallest prime above
/// `2^bits`, as `2^64 + 13` is the smallest prime above `2^64`: with
/// `bits = 64` this is [`dfc_module`].
///
/// # Errors
/// `bits` outside `1..=64` (`InvalidParameter`); `a` or `b` not below
/// `2^bits` (`InvalidKey`); `x` not below `2^bits` (`InvalidMessage`).
pub fn dfc_module_b(bits: u32, a: u64, b: u64, x: u64) -> Result<u64, RefError> {
    check_range("bits", bits, 1, 64)?;
    check_key_words(&[a, b], bits)?;
    check_msg_words(&[x], bits)?;
    let p = next_prime_above_pow2(bits);
    let value = BigUint::from(a) * BigUint::from(x) + BigUint::from(b);
    Ok(low_u64(&((value % p) % pow2(bits))))
}

/// The Horner hash of [`horner_hash`] with its byte and block sizes as
/// parameters (used by the ε lab at a reduced width): the message is a
/// sequence of `unit_bits`-bit units (`msg[i] < 2^unit_bits`), a block is
/// `units_per_block` units read little-endian (the last one zero-padded),
/// the length block is the number of units, and the prime is the smallest
/// one above `2^B`, `B = unit_bits·units_per_block`:
///
/// acc = 0; acc ← (a·acc + m_i) mod p for every block and then the length;
/// the result is `((a·acc + b) mod p) mod 2^B`.
///
/// With `unit_bits = 8`, `units_per_block = 8` this is [`horner_hash`]
/// (bytes, 8-byte blocks, `p = 2^64 + 13`).
///
/// # Errors
/// `B` outside `1..=64` or a zero parameter (`InvalidParameter`); `a`, `b`
/// not below `2^B` (`InvalidKey`); a unit not below `2^unit_bits`
/// (`InvalidMessage`).
pub fn horner_hash_units(
    unit_bits: u32,
    units_per_block: u32,
    a: u64,
    b: u64,
    msg: &[u64],
) -> Result<u64, RefError> {
    let block_bits = unit_bits.saturating_mul(units_per_block);
    check_range("unit_bits", unit_bits, 1, 64)?;
    check_range("block bits", block_bits, 1, 64)?;
    check_key_words(&[a, b], block_bits)?;
    check_msg_words(msg, unit_bits)?;
    let p = next_prime_above_pow2(block_bits);
    let a = BigUint::from(a);
    let mut blocks: Vec<BigUint> = msg
        .chunks(units_per_block as usize)
        .map(|chunk| {
            chunk
                .iter()
                .enumerate()
                .map(|(j, &u)| BigUint::from(u) << (unit_bits * j as u32))
                .sum()
        })
        .collect();
    blocks.push(BigUint::from(msg.len()));
    let mut acc = BigUint::ZERO;
    for m in blocks {
        acc = (&a * acc + m) % &p;
    }
    Ok(low_u64(
        &(((&a * acc + BigUint::from(b)) % &p) % pow2(block_bits)),
    ))
}

/// The DFC (v1) constants, derived from e at first use: the fractional part
/// of e in hexadecimal, cut into 32-bit words EES[0], EES[1], … (most
/// significant first), computed as Σ_{k≥2} 2^N / k! with big integers.
struct DfcConstants {
    rt: [u32; 64],
    kd: u64,
    kc: u32,
    ka: [u64; 4],
    kb: [u64; 4],
    ks: [u32; 8],
}

fn dfc_constants() -> &'static DfcConstants {
    static CONSTANTS: std::sync::OnceLock<DfcConstants> = std::sync::OnceLock::new();
    CONSTANTS.get_or_init(|| {
        // 68 words are needed; 64 guard bits absorb the truncation error of
        // the series (under 2^10 with these many terms).
        let words = 68u32;
        let n = 32 * words + 64;
        let one = BigUint::from(1u8) << n;
        let mut frac = BigUint::ZERO;
        let mut term = one.clone();
        let mut k = 1u32;
        while term > BigUint::ZERO {
            term /= BigUint::from(k);
            if k >= 2 {
                frac += &term;
            }
            k += 1;
        }
        let ees = |i: u32| -> u32 {
            let w = (&frac >> (n - 32 * (i + 1))) & BigUint::from(u32::MAX);
            u32::try_from(&w).unwrap_or(0)
        };
        let pair = |i: u32| u64::from(ees(i)) << 32 | u64::from(ees(i + 1));
        DfcConstants {
            rt: core::array::from_fn(|i| ees(i as u32)),
            kd: pair(64),
            kc: ees(66),
            ka: [0, pair(0), pair(2), pair(4)],
            kb: [0, pair(6), pair(8), pair(10)],
            ks: core::array::from_fn(|i| ees(12 + i as u32)),
        }
    })
}

/// DFC's round function RF_K(x) = CP(((a·x + b) mod (2^64+13)) mod 2^64) for
/// the round key K = a ‖ b, with CP(y) = ((yr ⊕ RT[yl >> 26]) ‖ (yl ⊕ KC)) + KD mod 2^64.
fn dfc_round(c: &DfcConstants, k: u128, x: u64) -> u64 {
    let y = dfc_module((k >> 64) as u64, k as u64, x);
    let (yl, yr) = ((y >> 32) as u32, y as u32);
    let z = u64::from(yr ^ c.rt[(yl >> 26) as usize]) << 32 | u64::from(yl ^ c.kc);
    z.wrapping_add(c.kd)
}

/// The Feistel network over `keys`: (L, R) ← (R, RF(R) ⊕ L) per key, output R ‖ L.
fn dfc_feistel(c: &DfcConstants, keys: &[u128], block: u128) -> u128 {
    let (mut l, mut r) = ((block >> 64) as u64, block as u64);
    for &k in keys {
        (l, r) = (r, dfc_round(c, k, r) ^ l);
    }
    u128::from(r) << 64 | u128::from(l)
}

/// The eight round keys of DFC (v1) for a key of 1..=32 bytes (its bit
/// length is 8 × the byte length).
fn dfc_round_keys(key: &[u8]) -> Result<[u128; 8], RefError> {
    if key.is_empty() || key.len() > 32 {
        return Err(RefError::InvalidKey(format!(
            "DFC keys are 1 to 32 bytes, got {}",
            key.len()
        )));
    }
    let c = dfc_constants();
    // PK = the key followed by the first 256 − keylength bits of KS.
    let mut ks = [0u8; 32];
    for (i, w) in c.ks.iter().enumerate() {
        ks[4 * i..4 * i + 4].copy_from_slice(&w.to_be_bytes());
    }
    let mut pk_bytes = key.to_vec();
    pk_bytes.extend_from_slice(&ks[..32 - key.len()]);
    let pk: Vec<u64> = pk_bytes
        .chunks_exact(4)
        .map(|w| u64::from(u32::from_be_bytes([w[0], w[1], w[2], w[3]])))
        .collect();
    let cat = |hi: u64, lo: u64| hi << 32 | lo;
    // PK_1..PK_8 are pk[0..8]
    let (oap, obp) = (cat(pk[0], pk[7]), cat(pk[4], pk[3]));
    let (eap, ebp) = (cat(pk[1], pk[6]), cat(pk[5], pk[2]));
    let ok: Vec<u128> = (0..4)
        .map(|i| u128::from(oap ^ c.ka[i]) << 64 | u128::from(obp ^ c.kb[i]))
        .collect();
    let ek: Vec<u128> = (0..4)
        .map(|i| u128::from(eap ^ c.ka[i]) << 64 | u128::from(ebp ^ c.kb[i]))
        .collect();
    let mut rk = [0u128; 8];
    let mut prev = 0u128;
    for (i, slot) in rk.iter_mut().enumerate() {
        // RK_{i+1}: odd rounds (i + 1 odd) use OK, even rounds EK
        let keys = if i % 2 == 0 { &ok } else { &ek };
        prev = dfc_feistel(c, keys, prev);
        *slot = prev;
    }
    Ok(rk)
}

/// DFC (v1) encryption of one 16-byte block, big-endian as in the NIST
/// files, for a key of 1..=32 bytes. Written from the AES-submission
/// description (`shared/seeds/dfc-cipher-notes.md`) with the constants
/// derived from e here, independently of the production crate's tables.
///
/// # Errors
/// An empty key or one longer than 32 bytes.
pub fn dfc_encrypt(key: &[u8], block: &[u8; 16]) -> Result<[u8; 16], RefError> {
    let rk = dfc_round_keys(key)?;
    Ok(dfc_feistel(dfc_constants(), &rk, u128::from_be_bytes(*block)).to_be_bytes())
}

/// DFC (v1) decryption: the Feistel network with the round keys reversed.
///
/// # Errors
/// An empty key or one longer than 32 bytes.
pub fn dfc_decrypt(key: &[u8], block: &[u8; 16]) -> Result<[u8; 16], RefError> {
    let mut rk = dfc_round_keys(key)?;
    rk.reverse();
    Ok(dfc_feistel(dfc_constants(), &rk, u128::from_be_bytes(*block)).to_be_bytes())
}
