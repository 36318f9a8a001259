//! Rows for the `nhpoly1305` crate, on every backend of the NH engine
//! this build and CPU run (`…/avx512`, `…/avx2`, `…/soft`, …):
//!
//! * `nhpoly1305/NhAdiantum/<backend>`: Adiantum's 4-pass NH alone over
//!   each 1 KiB chunk of the message (no Poly1305): the baseline.
//! * `nhpoly1305/NHPoly1305/<backend>`: the whole hash (NH per chunk, then
//!   Poly1305 over 32 bytes a chunk), one-shot.
//!
//! Compare with `mmh/NH/…` (the MMH paper's NH, one pass) and
//! `mmh-long/NHx2`, `mmh-long/NHx4-MAC`.

use crate::{KeyMode, Row, looped};
use nhpoly1305::{Engine32, NhAdiantum, NhPoly1305};

/// A fixed bench key of `N` bytes.
fn key<const N: usize>() -> [u8; N] {
    let mut k = [0u8; N];
    crate::fill_pseudo_random(&mut k, 0x6e68_706f_6c79);
    k
}

/// The rows of this crate.
#[must_use]
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for e in Engine32::all_supported() {
        let b = e.backend().name();
        rows.push(Row::new(
            "nhpoly1305",
            "NhAdiantum",
            format!("nhpoly1305 NhAdiantum (4-pass NH) alone over each 1 KiB chunk, {b}"),
            b,
            KeyMode::LongTerm,
            move |_len| {
                let nh = NhAdiantum::new_with_engine(&key(), e);
                looped(move |m: &[u8]| {
                    let mut acc = [0u8; 32];
                    for c in m.chunks(1024) {
                        // The bench sizes are whole 16-byte units.
                        let out = nh.compute(c).unwrap_or_default();
                        for (a, o) in acc.iter_mut().zip(out) {
                            *a ^= o;
                        }
                    }
                    acc
                })
            },
        ));
        rows.push(Row::new(
            "nhpoly1305",
            "NHPoly1305",
            format!("nhpoly1305 NhPoly1305 (NH + Poly1305, s = 0), {b}"),
            b,
            KeyMode::LongTerm,
            move |_len| {
                let h = NhPoly1305::new_with_engine(&key(), e);
                looped(move |m: &[u8]| h.compute(m))
            },
        ));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hash_as_the_crate_does() {
        let msg: Vec<u8> = (0..3000u32).map(|i| (i * 7) as u8).collect();
        let k: [u8; 1088] = key();
        let want = NhPoly1305::new(&k).compute(&msg).to_vec();
        let rows = rows();
        let hp: Vec<&Row> = rows
            .iter()
            .filter(|r| r.id().starts_with("nhpoly1305/NHPoly1305/"))
            .collect();
        assert!(!hp.is_empty());
        for r in hp {
            assert_eq!(r.runner(msg.len()).once(&msg), want, "{}", r.id());
        }
    }
}
