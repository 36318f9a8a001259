//! Rows for the `uhash-mmh` crate (MMH32, Toeplitz MMH32, NMH32, MMH64, NH).
//!
//! * `mmh/…`: the fixed-length paper functions, keyed with a key as long as
//!   the message (timed up to 64 KiB: a fixed-length key for 64 MiB would
//!   itself stream from memory). One row per backend for MMH32, NH and
//!   MMH64; the Toeplitz forms (n = 2, 3, 5, 8 outputs: the digest paper's
//!   Table 2 output sizes) with the fastest backend. Keys are 64-byte
//!   aligned, as a user keeping a long-term key would store it (SIMD key
//!   loads then split no cache line).
//! * `mmh-long/…`: the long-message hashes of `uhash_mmh::hash` (16 KiB chunks,
//!   keys from a seed, level 2 mod 2^130−5, level 3 MMH), their MACs, and
//!   the level-1 kernel alone over the same chunks (`…-kernel` rows): the
//!   long-message overhead is `mmh-long/X` over `mmh-long/X-kernel`.
//!   `mmh-long/MMH32-tree`: the alternative long-message mode, MMH §2.4's
//!   hash tree (`Mmh32Tree`, k = 32, keys from the same seed), one-shot;
//!   `…-k256` the same with 1 KiB blocks (k = 256).

use crate::{KeyMode, Row, fill_pseudo_random, looped};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::mac::MacNonce;
use uhash_mmh::long::{CHUNK_BYTES, Mmh32Kernel, NhKernel};
use uhash_mmh::{Engine32, Engine64};

/// `words` pseudo-random 32-bit key words whose first one is 64-byte
/// aligned (as a user who keeps a long-term key would store it: SIMD key
/// loads then never split a cache line).
struct Key32 {
    storage: Vec<u32>,
    offset: usize,
    len: usize,
}

impl Key32 {
    fn words(&self) -> &[u32] {
        &self.storage[self.offset..self.offset + self.len]
    }
}

fn key32(words: usize, seed: u64) -> Key32 {
    let mut b = vec![0u8; 4 * words];
    fill_pseudo_random(&mut b, seed);
    let mut storage = vec![0u32; words + 16];
    let offset = storage.as_ptr().align_offset(64).min(16);
    for (w, c) in storage[offset..].iter_mut().zip(b.chunks_exact(4)) {
        *w = u32::from_le_bytes(c.try_into().expect("4 bytes"));
    }
    Key32 {
        storage,
        offset,
        len: words,
    }
}

/// `len` pseudo-random 64-bit key words.
fn key64(words: usize, seed: u64) -> Vec<u64> {
    let mut b = vec![0u8; 8 * words];
    fill_pseudo_random(&mut b, seed);
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

const SEED: [u8; 16] = *b"mmh bench seed!!";
const FIXED_MAX: usize = 64 << 10;

fn engine32_label(e: Engine32) -> &'static str {
    match e.backend().name() {
        "avx512" => "AVX-512 vpmuludq",
        "avx2" => "AVX2 vpmuludq",
        "neon" => "NEON umlal",
        _ if e.backend().is_asm() => "hand-written assembly",
        _ => "portable",
    }
}

fn engine64_label(e: Engine64) -> &'static str {
    match e.backend().name() {
        "ifma" => "AVX-512 IFMA",
        "mulx" => "BMI2 mulx",
        _ => "portable",
    }
}

/// The fixed-length rows of one 32-bit function for every supported engine.
fn fixed32(
    function: &'static str,
    what: &'static str,
    extra_key_words: usize,
    engines: &[Engine32],
    f: fn(Engine32, &[u32], &[u8]) -> u64,
) -> Vec<Row> {
    engines
        .iter()
        .map(|&e| {
            Row::new(
                "mmh",
                function,
                format!("mmh {what}, {}", engine32_label(e)),
                e.backend().name(),
                KeyMode::LongTerm,
                move |len| {
                    let key = key32(len / 4 + extra_key_words, 0x6d6d_6831 ^ len as u64);
                    looped(move |m: &[u8]| f(e, key.words(), m).to_le_bytes())
                },
            )
            .max_len(FIXED_MAX)
        })
        .collect()
}

fn toeplitz_mmh<const N: usize>(e: Engine32, key: &[u32], m: &[u8]) -> u64 {
    let mut out = [0u32; N];
    let _ = e.mmh32_toeplitz(key, m, &mut out);
    out.iter().fold(0, |a, &x| a ^ u64::from(x))
}

fn toeplitz_nh<const N: usize>(e: Engine32, key: &[u32], m: &[u8]) -> u64 {
    let mut out = [0u64; N];
    let _ = e.nh_toeplitz(key, m, &mut out);
    out.iter().fold(0, |a, &x| a ^ x)
}

/// A long-message hash row (`LongTerm`: keys derived once, outside timing).
macro_rules! long_row {
    ($function:literal, $what:literal, $ty:ty) => {
        Row::new(
            "mmh-long",
            $function,
            format!(
                "mmh {} (16 KiB chunks, {})",
                $what,
                engine32_label(Engine32::detect())
            ),
            "best",
            KeyMode::LongTerm,
            |_len| {
                let mut h = <$ty>::from_seed(&SEED);
                looped(move |m: &[u8]| {
                    h.update(m);
                    h.finalize_reset()
                })
            },
        )
    };
}

/// A MAC row: long-term keys; one AES-128 pad block per message. The nonce
/// is fixed so that a long-term-key row gives the same output for the same
/// message (the time does not depend on the nonce's value; a real sender
/// never reuses one).
macro_rules! mac_row {
    ($function:literal, $what:literal, $ty:ty) => {
        Row::new(
            "mmh-long",
            $function,
            format!("mmh {} (AES-128 pad per message)", $what),
            "best",
            KeyMode::LongTerm,
            |_len| {
                let mac = <$ty>::from_seed(&SEED).expect("mmh seeds never fail");
                let nonce = MacNonce::from_counter(1).expect("1 fits in 12 bytes");
                looped(move |m: &[u8]| mac.authenticate(&nonce, m))
            },
        )
    };
}

/// The level-1 kernel alone over the message's 16 KiB chunks (a shorter
/// last piece is hashed as it is): the baseline of the long-message rows.
fn kernel_row<H: ChunkHash + 'static>(
    function: &'static str,
    what: &'static str,
    make: fn() -> H,
) -> Row {
    Row::new(
        "mmh-long",
        function,
        format!("mmh {what} kernel alone over 16 KiB chunks (no level 2/3), the baseline"),
        "best",
        KeyMode::LongTerm,
        move |_len| {
            let k = make();
            looped(move |m: &[u8]| {
                let mut acc = 0u64;
                let mut out = [0u64; MAX_LANES];
                for c in m.chunks(CHUNK_BYTES) {
                    k.hash_chunk(c, &mut out);
                    acc ^= out[0];
                }
                acc.to_le_bytes()
            })
        },
    )
}

fn seeded<H: ChunkHash>() -> H {
    let mut ks = uhash_base::kdf::KeyStream::new(&SEED, 1);
    H::from_key_stream(&mut ks).expect("mmh kernels accept every key stream")
}

/// The `mmh` rows.
pub fn rows() -> Vec<Row> {
    let e32: Vec<Engine32> = Engine32::all_supported().collect();
    let e64: Vec<Engine64> = Engine64::all_supported().collect();
    let best = &e32[..1];
    let mut rows = Vec::new();
    rows.extend(fixed32("MMH32", "MMH32 (Def. 5)", 0, &e32, |e, k, m| {
        u64::from(e.mmh32(k, m).unwrap_or(0))
    }));
    rows.extend(fixed32("NH", "NH (adjacent pairs)", 0, &e32, |e, k, m| {
        e.nh(k, m).unwrap_or(0)
    }));
    rows.extend(fixed32("NMH32", "NMH32 (Def. 10)", 0, best, |e, k, m| {
        u64::from(e.nmh32(k, m).unwrap_or(0))
    }));
    rows.extend(fixed32(
        "MMH32x2",
        "Toeplitz MMH32, n = 2",
        1,
        best,
        toeplitz_mmh::<2>,
    ));
    rows.extend(fixed32(
        "MMH32x3",
        "Toeplitz MMH32, n = 3",
        2,
        best,
        toeplitz_mmh::<3>,
    ));
    rows.extend(fixed32(
        "MMH32x5",
        "Toeplitz MMH32, n = 5",
        4,
        best,
        toeplitz_mmh::<5>,
    ));
    rows.extend(fixed32(
        "MMH32x8",
        "Toeplitz MMH32, n = 8",
        7,
        best,
        toeplitz_mmh::<8>,
    ));
    rows.extend(fixed32(
        "NHx2",
        "Toeplitz NH, n = 2",
        2,
        best,
        toeplitz_nh::<2>,
    ));
    rows.extend(fixed32(
        "NHx3",
        "Toeplitz NH, n = 3",
        4,
        best,
        toeplitz_nh::<3>,
    ));
    rows.extend(fixed32(
        "NHx5",
        "Toeplitz NH, n = 5",
        8,
        best,
        toeplitz_nh::<5>,
    ));
    rows.extend(fixed32(
        "NHx8",
        "Toeplitz NH, n = 8",
        14,
        best,
        toeplitz_nh::<8>,
    ));
    for &e in &e64 {
        rows.push(
            Row::new(
                "mmh",
                "MMH64",
                format!("mmh MMH64 (§3.2, p = 2^64+13), {}", engine64_label(e)),
                e.backend().name(),
                KeyMode::LongTerm,
                move |len| {
                    let key = key64(len / 8, 0x6d6d_6836 ^ len as u64);
                    looped(move |m: &[u8]| e.mmh64(&key, m).unwrap_or(0).to_le_bytes())
                },
            )
            .max_len(FIXED_MAX),
        );
    }
    rows.push(
        long_row!(
            "MMH32",
            "Mmh32Hash: MMH32 → poly mod 2^130−5 → MMH32, 32-bit output",
            uhash_mmh::Mmh32Hash
        )
        .stream_in_quick(),
    );
    rows.push(kernel_row("MMH32-kernel", "MMH32", seeded::<Mmh32Kernel<1>>).stream_in_quick());
    rows.push(Row::new(
        "mmh-long",
        "MMH32-tree",
        format!(
            "mmh Mmh32Tree: §2.4's MMH32 hash tree, k = 32, 32-bit output ({})",
            engine32_label(Engine32::detect())
        ),
        "best",
        KeyMode::LongTerm,
        |_len| {
            let tree = uhash_mmh::Mmh32Tree::from_seed(&SEED);
            looped(move |m: &[u8]| tree.hash(m).unwrap_or(0).to_le_bytes())
        },
    ));
    rows.push(Row::new(
        "mmh-long",
        "MMH32-tree-k256",
        format!(
            "mmh Mmh32Tree with k = 256 (1 KiB blocks), 32-bit output ({})",
            engine32_label(Engine32::detect())
        ),
        "best",
        KeyMode::LongTerm,
        |_len| {
            let tree = uhash_mmh::Mmh32Tree::from_seed_with(&SEED, 256, Engine32::detect())
                .expect("k = 256 is in range");
            looped(move |m: &[u8]| tree.hash(m).unwrap_or(0).to_le_bytes())
        },
    ));
    rows.push(
        long_row!(
            "MMH32x2",
            "Mmh32x2Hash: Toeplitz n = 2, 64-bit output",
            uhash_mmh::Mmh32x2Hash
        )
        .stream_in_quick(),
    );
    rows.push(kernel_row(
        "MMH32x2-kernel",
        "Toeplitz MMH32 n = 2",
        seeded::<Mmh32Kernel<2>>,
    ));
    rows.push(
        long_row!(
            "NH",
            "NhHash: NH → poly → MMH64, 64-bit output",
            uhash_mmh::NhHash
        )
        .stream_in_quick(),
    );
    rows.push(kernel_row("NH-kernel", "NH", seeded::<NhKernel<1>>));
    rows.push(long_row!(
        "NHx2",
        "Nhx2Hash: Toeplitz NH n = 2, 128-bit output",
        uhash_mmh::Nhx2Hash
    ));
    rows.push(long_row!(
        "NMH32",
        "Nmh32Hash, 32-bit output",
        uhash_mmh::Nmh32Hash
    ));
    rows.push(long_row!(
        "MMH64",
        "Mmh64Hash, 64-bit output",
        uhash_mmh::Mmh64Hash
    ));
    rows.push(mac_row!(
        "MMH32x2-MAC",
        "Mmh32x2Mac: Wegman–Carter over Mmh32x2Hash, 64-bit tag",
        uhash_mmh::Mmh32x2Mac
    ));
    rows.push(mac_row!(
        "MMH32-MAC",
        "Mmh32Mac: Wegman–Carter over Mmh32Hash, 32-bit tag",
        uhash_mmh::Mmh32Mac
    ));
    rows.push(mac_row!(
        "MMH32x4-MAC",
        "Mmh32x4Mac: Wegman–Carter over Mmh32x4Hash, 128-bit tag",
        uhash_mmh::Mmh32x4Mac
    ));
    rows.push(mac_row!(
        "NHx4-MAC",
        "Nhx4Mac: Wegman–Carter over Nhx4Hash, 256-bit tag",
        uhash_mmh::Nhx4Mac
    ));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hash_as_the_crate_does() {
        let msg: Vec<u8> = (0..1024u32).map(|i| i as u8).collect();
        let rows = rows();
        let key = key32(msg.len() / 4, 0x6d6d_6831 ^ msg.len() as u64);
        let want = u64::from(uhash_mmh::mmh32(key.words(), &msg).unwrap())
            .to_le_bytes()
            .to_vec();
        let mmh32: Vec<&Row> = rows
            .iter()
            .filter(|r| r.id().starts_with("mmh/MMH32/"))
            .collect();
        assert!(!mmh32.is_empty());
        for r in mmh32 {
            assert_eq!(r.runner(msg.len()).once(&msg), want, "{}", r.id());
        }
        let mut h = uhash_mmh::Mmh32Hash::from_seed(&SEED);
        h.update(&msg);
        let long = rows
            .iter()
            .find(|r| r.id() == "mmh-long/MMH32/best")
            .unwrap();
        assert_eq!(long.runner(msg.len()).once(&msg), h.finalize().to_vec());
        let tree = rows
            .iter()
            .find(|r| r.id() == "mmh-long/MMH32-tree/best")
            .unwrap();
        let want = uhash_mmh::Mmh32Tree::from_seed(&SEED).hash(&msg).unwrap();
        assert_eq!(
            tree.runner(msg.len()).once(&msg),
            want.to_le_bytes().to_vec()
        );
    }

    #[test]
    fn every_row_is_deterministic() {
        let msg: Vec<u8> = (0..4096u32).map(|i| (i * 7) as u8).collect();
        for row in rows() {
            let mut r = row.runner(msg.len());
            r.run(&msg, 2);
            assert_eq!(r.once(&msg), r.once(&msg), "{}", row.id());
            assert!(
                row.id().is_ascii() && !row.id().contains(' '),
                "{}",
                row.id()
            );
        }
    }
}
