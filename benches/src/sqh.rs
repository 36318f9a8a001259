//! Rows for the `sqh` crate (Square Hash).
//!
//! * `sqh/…`: the fixed-length paper functions (SQHasm2, SQHE, SQHc2 with
//!   w = 3, the paper's 96-bit output; SQHasm2 and SQHE with w = 4), keyed
//!   with a key as long as the message (timed up to 64 KiB), one row per
//!   backend;
//! * `sqh-long/…`: the long-message hashes of `sqh::hash` (SQHasm2 and SQHE
//!   at 32, 64, 96, 128-bit output; keys from a seed) and the 96-bit MACs.

use crate::{KeyMode, Row, fill_pseudo_random, looped};
use sqh::{Engine, Variant};
use uhash_base::mac::MacNonce;

const SEED: [u8; 16] = *b"sqh bench seed!!";
const FIXED_MAX: usize = 64 << 10;

fn label(e: Engine) -> &'static str {
    match e.backend().name() {
        "ifma" => "AVX-512 IFMA (w = 3 SQHasm2/SQHE; else AVX2/AVX-512)",
        "avx512" => "AVX-512 vpmuludq, 8 elements per step",
        "avx2" => "AVX2 vpmuludq, 4 elements per step",
        _ if e.backend().is_asm() => "hand-written assembly",
        _ => "portable, 32-bit limbs",
    }
}

fn key_words(words: usize, seed: u64) -> Vec<u32> {
    let mut b = vec![0u8; 4 * words];
    fill_pseudo_random(&mut b, seed);
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect()
}

fn fixed<const W: usize>(function: &'static str, what: &'static str, v: Variant) -> Vec<Row> {
    Engine::all_supported()
        .map(|e| {
            Row::new(
                "sqh",
                function,
                format!("sqh {what}, {}", label(e)),
                e.backend().name(),
                KeyMode::LongTerm,
                move |len| {
                    // Whole elements only: a trailing partial element is not
                    // hashed (the function would reject it).
                    let k = (len / (4 * W)).max(1);
                    let key = key_words(k * W, 0x5147_4800 ^ len as u64);
                    looped(move |m: &[u8]| {
                        let m = &m[..(m.len() / (4 * W)) * 4 * W];
                        let mut out = [0u8; 24];
                        if let Ok(v) = e.hash::<W>(v, &key, m) {
                            v.write_le_bytes(&mut out);
                        }
                        out
                    })
                },
            )
            .max_len(FIXED_MAX)
        })
        .collect()
}

macro_rules! long_row {
    ($function:literal, $what:literal, $ty:ty) => {
        Row::new(
            "sqh-long",
            $function,
            format!("sqh {} ({})", $what, label(Engine::detect_long())),
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

/// The `sqh` rows.
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    rows.extend(fixed::<3>(
        "SQHasm2-96",
        "SQHasm2 (Def. 10), w = 3",
        Variant::Asm2,
    ));
    rows.extend(fixed::<3>("SQHE-96", "SQHE (Def. 13), w = 3", Variant::E));
    rows.extend(fixed::<3>("SQH2-96", "SQH2 (§6), w = 3", Variant::Sqh2));
    rows.extend(fixed::<3>(
        "SQHc2-96",
        "SQHc2 (Def. 12), w = 3",
        Variant::C2,
    ));
    rows.extend(fixed::<4>(
        "SQHasm2-128",
        "SQHasm2 (Def. 10), w = 4",
        Variant::Asm2,
    ));
    rows.extend(fixed::<4>("SQHE-128", "SQHE (Def. 13), w = 4", Variant::E));
    rows.push(long_row!(
        "Asm2x32",
        "SQHasm2 32-bit long hash",
        sqh::Asm2x32Hash
    ));
    rows.push(long_row!(
        "Asm2x64",
        "SQHasm2 64-bit long hash",
        sqh::Asm2x64Hash
    ));
    rows.push(long_row!(
        "Asm2x96",
        "SQHasm2 96-bit long hash",
        sqh::Asm2x96Hash
    ));
    rows.push(long_row!(
        "Asm2x128",
        "SQHasm2 128-bit long hash",
        sqh::Asm2x128Hash
    ));
    rows.push(long_row!(
        "Sqhe32",
        "SQHE 32-bit long hash",
        sqh::Sqhe32Hash
    ));
    rows.push(long_row!(
        "Sqhe64",
        "SQHE 64-bit long hash",
        sqh::Sqhe64Hash
    ));
    rows.push(long_row!(
        "Sqhe96",
        "SQHE 96-bit long hash",
        sqh::Sqhe96Hash
    ));
    rows.push(long_row!(
        "Sqhe128",
        "SQHE 128-bit long hash",
        sqh::Sqhe128Hash
    ));
    rows.push(Row::new(
        "sqh-long",
        "Asm2x96Mac",
        "sqh SQHasm2 96-bit MAC (AES-128 pad per message)",
        "best",
        KeyMode::LongTerm,
        |_len| {
            let mac = sqh::Asm2x96Mac::from_seed(&SEED).expect("sqh seeds never fail");
            let nonce = MacNonce::from_counter(1).expect("1 fits in 12 bytes");
            looped(move |m: &[u8]| mac.authenticate(&nonce, m))
        },
    ));
    rows
}
