//! The forgery bound of each MAC row, per message length, as its crate's
//! docs state it: the probability that one forgery attempt succeeds, over
//! a uniformly random key, for messages of at most `len` bytes. Where AES
//! makes the pad (every MAC here but plain Poly1305, whose pad is part of
//! its one-time key), AES's distinguishing advantage adds to it. The headline figure groups and labels the MACs by these bounds.
//!
//! | row (family, function) | bound | source |
//! |---|---|---|
//! | Poly1305 (one tag per key) | 8⌈L/16⌉/2^106 (2^-101 at 64 B, 2^-97 at 1 KiB, 2^-91 at 64 KiB, 2^-81 at 64 MiB) | `poly1305-aes` docs, "Security" (the paper's Theorem 3.3) |
//! | Poly1305-AES (up to 2^64 tags under one key) | 1.649 · 8⌈L/16⌉/2^106 (2^-100.3 at 64 B) | `poly1305-aes` docs, "Security" (the paper's §3: AES a permutation, not a random function) |
//! | UMAC-32, -64, -96, -128 | 2^-30, 2^-60, 2^-90, 2^-120 | `umac` docs, "Security" (RFC 4418 §1) |
//! | MMH32-MAC | 6·2^-32 + (c+1)/2^128 + 6·2^-32 | `uhash-mmh` docs, `hash` module |
//! | MMH32x2-MAC, MMH32x4-MAC | (12·2^-32 + (c+1)/2^128 + 6·2^-32)^n, n = 2, 4 | `uhash-mmh` docs, `hash` module |
//! | NHx4-MAC | (2^-32 + (c+1)/2^128 + 6·2^-64)⁴ | `uhash-mmh` docs, `hash` module |
//! | SQHasm2 96-bit MAC (`Asm2x96Mac`) | 2^-84.43 (c ≤ 2^20 chunks) | `sqh` docs, `hash` module |
//! | digestMW 32-bit MAC (`DigestMw32Mac`) | 2^-31 + (c+1)/2^128 + 6·2^-32 | `digest-mw` docs, `hash` module |
//! | DFC MAC (`DfcMac`) | 3(ℓ+1)/2^64, ℓ = ⌈L/8⌉ blocks | `dfc-decorr` docs, `hash` module |
//!
//! c is the number of 16 KiB chunks of the long hashes (at least one).
//! BLAKE3's keyed mode is a PRF with a 256-bit tag: it has no such bound
//! (its forgery probability is 2^-256 plus BLAKE3's PRF advantage).

use crate::Row;

/// Poly1305-AES's factor over ε after up to 2^64 tags under one key:
/// (1 − 2^-64)^(−(2^64+1)/2) < 1.649 (`poly1305-aes` docs, "Security").
const POLY1305_AES_FACTOR: f64 = 1.649;

/// Chunks of a long hash (16 KiB each, at least one) for `len` bytes.
fn chunks(len: usize) -> f64 {
    len.div_ceil(16 << 10).max(1) as f64
}

/// log₂ of a lane's ε raised to `lanes`.
fn lanes(eps: f64, lanes: i32) -> f64 {
    f64::from(lanes) * eps.log2()
}

/// log₂ of the forgery bound of a MAC `family`/`function` (a row's
/// names; `cli` rows by their `uhash mac --alg` name) for messages of at
/// most `len` bytes; `None` for anything that is not a MAC with a stated
/// bound.
#[must_use]
pub fn log2_bound(family: &str, function: &str, len: usize) -> Option<f64> {
    let c = chunks(len);
    let p32 = 2f64.powi(-32);
    let tail = (c + 1.0) * 2f64.powi(-128);
    let b = match (family, function) {
        ("poly1305" | "poly1305-aes", "Poly1305") => {
            (8.0 * len.div_ceil(16).max(1) as f64).log2() - 106.0
        }
        ("poly1305-aes", "Poly1305-AES") | ("cli", "poly1305-aes") => {
            (POLY1305_AES_FACTOR * 8.0 * len.div_ceil(16).max(1) as f64).log2() - 106.0
        }
        ("umac", "UMAC-32") => -30.0,
        ("umac", "UMAC-64") => -60.0,
        ("umac", "UMAC-96") => -90.0,
        ("umac", "UMAC-128") => -120.0,
        ("mmh-long", "MMH32-MAC") => lanes(6.0 * p32 + tail + 6.0 * p32, 1),
        ("mmh-long", "MMH32x2-MAC") => lanes(12.0 * p32 + tail + 6.0 * p32, 2),
        ("mmh-long", "MMH32x4-MAC") | ("cli", "mmh32x4-mac") => {
            lanes(12.0 * p32 + tail + 6.0 * p32, 4)
        }
        ("mmh-long", "NHx4-MAC") | ("cli", "nhx4-mac") => {
            lanes(p32 + tail + 6.0 * 2f64.powi(-64), 4)
        }
        ("sqh-long", "Asm2x96Mac") => -84.43,
        ("digest-long", "DigestMw32Mac") => lanes(2.0 * p32 + tail + 6.0 * p32, 1),
        ("dfc", "DfcMac") => (3.0 * (len.div_ceil(8) as f64 + 1.0)).log2() - 64.0,
        _ => return None,
    };
    Some(b)
}

/// [`log2_bound`] of a row.
#[must_use]
pub fn of_row(row: &Row, len: usize) -> Option<f64> {
    log2_bound(row.family, row.function, len)
}

/// "2⁻⁶⁰": 2 to a whole exponent at least `log2` (rounded towards zero, so
/// the text is still an upper bound).
#[must_use]
pub fn power_text(log2: f64) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let e = log2.ceil() as i64;
    let digits: String = e
        .unsigned_abs()
        .to_string()
        .chars()
        .map(|d| SUP[d.to_digit(10).unwrap_or(0) as usize])
        .collect();
    format!("2{}{digits}", if e < 0 { "⁻" } else { "" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_the_documented_ones() {
        let b = |f, g, len| log2_bound(f, g, len).unwrap();
        // 1.649 · 8 · 4 / 2^106 = 2^-100.28.
        assert!(
            (b("poly1305-aes", "Poly1305-AES", 64) - ((1.649f64 * 32.0).log2() - 106.0)).abs()
                < 1e-9
        );
        assert_eq!(power_text(b("poly1305-aes", "Poly1305-AES", 64)), "2⁻¹⁰⁰");
        assert_eq!(b("poly1305", "Poly1305", 1 << 10), -97.0);
        assert!(b("cli", "poly1305-aes", 64 << 20) > -81.0);
        assert_eq!(b("umac", "UMAC-64", 1 << 20), -60.0);
        // (18·2^-32)^4 = 104976·2^-128.
        assert!(
            (b("mmh-long", "MMH32x4-MAC", 64 << 10) - (104_976f64.log2() - 128.0)).abs() < 1e-6
        );
        assert!((b("mmh-long", "NHx4-MAC", 64 << 20) + 128.0).abs() < 1e-6);
        // 2^-55.7: above 2^-60.
        assert!(b("mmh-long", "MMH32x2-MAC", 64) > -60.0);
        // 27/2^64 at 64 B, 2^-59.2: above 2^-60.
        assert!(b("dfc", "DfcMac", 64) > -60.0);
        assert!((b("digest-long", "DigestMw32Mac", 64) + 29.0).abs() < 1e-6);
        assert_eq!(log2_bound("blake3", "keyed", 64), None);
    }

    #[test]
    fn powers_read_as_upper_bounds() {
        assert_eq!(power_text(-60.0), "2⁻⁶⁰");
        assert_eq!(power_text(-84.43), "2⁻⁸⁴");
        // NHx4-MAC's bound is a hair above 2^-128.
        assert_eq!(power_text(-127.999_999_9), "2⁻¹²⁷");
        assert_eq!(power_text(-111.3), "2⁻¹¹¹");
    }
}
