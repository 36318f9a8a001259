//! Rows for the `digest-mw` crate (Nguyen–Roscoe digest, digestMW).
//!
//! * `digest/…`: the fixed-length digestMW (b = 32) with n = 1 (digest),
//!   2, 3, 5, 8 output words (the paper's Table 2 widths: 32, 64, 96, 160,
//!   256 bits), keyed with a key as long as the message (timed up to
//!   64 KiB). digest (n = 1) has one row per backend, the wider forms use
//!   the fastest. Keys are 64-byte aligned.
//! * `digest-long/…`: the long-message hashes of `digest_mw::hash` (16 KiB
//!   chunks, keys from a seed, level 2 mod 2^130−5, level 3 MMH32), the
//!   32-bit MAC, and the level-1 kernel alone over the same chunks
//!   (`…-kernel` rows): the long-message overhead is `digest-long/X` over
//!   `digest-long/X-kernel`.
//!
//! `src/bin/digest_table.rs` prints the paper's Table 2 (digest beside MMH
//! and NH) from the same functions.

use crate::{KeyMode, Row, fill_pseudo_random, looped};
use digest_mw::Engine;
use digest_mw::long::{CHUNK_BYTES, DigestMwKernel};
use uhash_base::long::{ChunkHash, MAX_LANES};
use uhash_base::mac::MacNonce;

const SEED: [u8; 16] = *b"digest bench sd!";
const FIXED_MAX: usize = 64 << 10;

/// `words` pseudo-random key words, the first 64-byte aligned.
struct Key32 {
    storage: Vec<u32>,
    offset: usize,
    len: usize,
}

impl Key32 {
    fn new(words: usize, seed: u64) -> Key32 {
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

    fn words(&self) -> &[u32] {
        &self.storage[self.offset..self.offset + self.len]
    }
}

fn label(e: Engine) -> &'static str {
    match e.backend().name() {
        "ifma" => "AVX-512 IFMA",
        "avx512" => "AVX-512 vpmuludq",
        "avx2" => "AVX2 vpmuludq",
        "neon" => "NEON umull",
        _ if e.backend().is_asm() => "hand-written assembly",
        _ => "portable",
    }
}

fn fixed_row(function: &'static str, n: usize, e: Engine) -> Row {
    Row::new(
        "digest",
        function,
        format!(
            "digest-mw digestMW b = 32, n = {n} ({} bits), {}",
            32 * n,
            label(e)
        ),
        e.backend().name(),
        KeyMode::LongTerm,
        move |len| {
            let key = Key32::new(len / 4 + n, 0x6469_6731 ^ len as u64);
            looped(move |m: &[u8]| {
                let mut out = [0u32; 8];
                let _ = e.digest_mw(key.words(), m, &mut out[..n]);
                out.iter().fold(0u32, |a, &x| a ^ x).to_le_bytes()
            })
        },
    )
    .max_len(FIXED_MAX)
}

macro_rules! long_row {
    ($function:literal, $what:literal, $ty:ty) => {
        Row::new(
            "digest-long",
            $function,
            format!(
                "digest-mw {} (16 KiB chunks, {})",
                $what,
                label(Engine::detect())
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

fn kernel_row<H: ChunkHash + 'static>(function: &'static str, make: fn() -> H) -> Row {
    Row::new(
        "digest-long",
        function,
        "digest-mw digestMW kernel alone over 16 KiB chunks (no level 2/3), the baseline",
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
    H::from_key_stream(&mut ks).expect("digest-mw kernels accept every key stream")
}

/// The `digest-mw` rows.
pub fn rows() -> Vec<Row> {
    let engines: Vec<Engine> = Engine::all_supported().collect();
    let best = engines[0];
    let mut rows: Vec<Row> = engines.iter().map(|&e| fixed_row("digest", 1, e)).collect();
    rows.push(fixed_row("digestMW-64", 2, best));
    rows.push(fixed_row("digestMW-96", 3, best));
    rows.push(fixed_row("digestMW-160", 5, best));
    rows.push(fixed_row("digestMW-256", 8, best));
    rows.push(
        long_row!(
            "DigestMw32",
            "DigestMw32Hash: digest → poly mod 2^130−5 → MMH32, 32-bit output",
            digest_mw::DigestMw32Hash
        )
        .stream_in_quick(),
    );
    rows.push(kernel_row("DigestMw32-kernel", seeded::<DigestMwKernel<1>>).stream_in_quick());
    rows.push(long_row!(
        "DigestMw64",
        "DigestMw64Hash: digestMW n = 2, 64-bit output",
        digest_mw::DigestMw64Hash
    ));
    rows.push(kernel_row("DigestMw64-kernel", seeded::<DigestMwKernel<2>>));
    rows.push(long_row!(
        "DigestMw128",
        "DigestMw128Hash: digestMW n = 4, 128-bit output",
        digest_mw::DigestMw128Hash
    ));
    rows.push(long_row!(
        "DigestMw256",
        "DigestMw256Hash: digestMW n = 8, 256-bit output",
        digest_mw::DigestMw256Hash
    ));
    rows.push(Row::new(
        "digest-long",
        "DigestMw32Mac",
        "digest-mw DigestMw32Mac (AES-128 pad per message)",
        "best",
        KeyMode::LongTerm,
        |_len| {
            let mac = digest_mw::DigestMw32Mac::from_seed(&SEED).expect("seeds never fail");
            let nonce = MacNonce::from_counter(1).expect("1 fits in 12 bytes");
            looped(move |m: &[u8]| mac.authenticate(&nonce, m))
        },
    ));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hash_as_the_crate_does() {
        let msg: Vec<u8> = (0..1024u32).map(|i| (i * 5) as u8).collect();
        let rows = rows();
        let key = Key32::new(msg.len() / 4 + 1, 0x6469_6731 ^ msg.len() as u64);
        let want = digest_mw::digest(key.words(), &msg)
            .unwrap()
            .to_le_bytes()
            .to_vec();
        let digest: Vec<&Row> = rows
            .iter()
            .filter(|r| r.id().starts_with("digest/digest/"))
            .collect();
        assert_eq!(digest.len(), Engine::all_supported().count());
        for r in digest {
            assert_eq!(r.runner(msg.len()).once(&msg), want, "{}", r.id());
        }
        let mut h = digest_mw::DigestMw32Hash::from_seed(&SEED);
        h.update(&msg);
        let long = rows
            .iter()
            .find(|r| r.id() == "digest-long/DigestMw32/best")
            .unwrap();
        assert_eq!(long.runner(msg.len()).once(&msg), h.finalize().to_vec());
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
