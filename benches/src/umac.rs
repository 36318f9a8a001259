//! Rows for the `umac` crate: RFC 4418 UMAC-32, UMAC-64, UMAC-96 and
//! UMAC-128 (UMAC-64 and UMAC-128 are OpenSSH's `umac-64@openssh.com` and
//! `umac-128@openssh.com`).
//!
//! * `umac/UMAC-32/uhash`, `umac/UMAC-64/uhash`, `umac/UMAC-96/uhash`,
//!   `umac/UMAC-128/uhash` (and `-soft`, `-asm` where
//!   the build and CPU run them): a long-term key, one tag per message, the
//!   nonce an 8-byte big-endian counter incremented per message (OpenSSH's
//!   packet sequence number), the pad's AES block computed per message.
//! * `umac/UMAC-64/uhash-session`: the same through a session, which keeps
//!   the last PDF block: two consecutive UMAC-64 nonces share one AES call
//!   (what OpenSSH's `umac.c` does with its own cache).
//! * `…/fresh-key`: a new key per message — the RFC 4418 KDF (about 80
//!   AES-128 blocks: L1, L2, L3 and PDF keys) and the PDF key schedule,
//!   then one tag: the 16 B figure is the key set-up cost.
//!
//! Every row's time per message is the summary's cycles/byte × length.
//! OpenSSH's `umac.c` is not a row (its C code is not built here); the
//! `umac` crate's notes give a side-by-side measurement.

use crate::{FreshKey, KeyMode, Row, long_term_key, looped};
use umac::{Backend, Umac32, Umac64, Umac96, Umac128, UmacNonce};

/// The first 16 bytes of a 32-byte bench key (UMAC keys are AES-128 keys).
fn key16(k: &[u8; 32]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out.copy_from_slice(&k[..16]);
    out
}

/// The backends timed: the default, the portable code and (where this
/// build and CPU run it) the fastest assembly.
fn backends() -> Vec<(Option<Backend>, &'static str, &'static str)> {
    let mut b = vec![
        (None, "uhash", "default backend"),
        (Some(Backend::Soft), "uhash-soft", "soft"),
    ];
    if Umac64::new_with_backend(&[0; 16], Backend::Asm).is_ok() {
        b.push((Some(Backend::Asm), "uhash-asm", "hand-written assembly"));
    }
    b
}

/// The rows of one UMAC type.
macro_rules! umac_rows {
    ($rows:ident, $ty:ident, $function:literal, $what:literal) => {
        for (backend, id, name) in backends() {
            let make = move |key: &[u8; 16]| match backend {
                None => $ty::new(key),
                Some(b) => $ty::new_with_backend(key, b).expect("checked in backends()"),
            };
            let mut row = Row::new(
                "umac",
                $function,
                format!(
                    "uhash umac {} ({name}, nonce counter, AES pad per message)",
                    $what
                ),
                id,
                KeyMode::LongTerm,
                move |_len| {
                    let mac = make(&key16(&long_term_key()));
                    let mut n = 0u64;
                    looped(move |m: &[u8]| {
                        n += 1;
                        // 8 bytes, the key's nonce length
                        mac.authenticate(&UmacNonce::from_counter(n), m)
                            .expect("8-byte nonce")
                    })
                },
            )
            .nonce_per_call();
            if backend.is_none() {
                row = row.stream_in_quick();
            }
            $rows.push(row);
            $rows.push(Row::new(
                "umac",
                $function,
                format!(
                    "uhash umac {} ({name}): key set-up (KDF, PDF key) and one tag",
                    $what
                ),
                id,
                KeyMode::FreshPerCall,
                move |_len| {
                    let mut keys = FreshKey::new(0x756d_6163);
                    looped(move |m: &[u8]| {
                        make(&key16(keys.next_key()))
                            .authenticate(&UmacNonce::from_counter(1), m)
                            .expect("8-byte nonce")
                    })
                },
            ));
        }
    };
}

/// The `umac` rows.
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    umac_rows!(rows, Umac32, "UMAC-32", "UMAC-32 (RFC 4418, 4-byte tag)");
    umac_rows!(rows, Umac64, "UMAC-64", "UMAC-64 (RFC 4418, 8-byte tag)");
    rows.push(
        Row::new(
            "umac",
            "UMAC-64",
            "uhash umac UMAC-64 session (the last PDF block cached: consecutive nonces share it)",
            "uhash-session",
            KeyMode::LongTerm,
            |_len| {
                // A session borrows its key: the bench keeps the key for the
                // process (one per length row, a few KiB).
                let mac: &'static Umac64 =
                    Box::leak(Box::new(Umac64::new(&key16(&long_term_key()))));
                let mut session = mac.session();
                let mut n = 0u64;
                looped(move |m: &[u8]| {
                    n += 1;
                    session
                        .authenticate(&UmacNonce::from_counter(n), m)
                        .expect("8-byte nonce")
                })
            },
        )
        .nonce_per_call(),
    );
    umac_rows!(rows, Umac96, "UMAC-96", "UMAC-96 (RFC 4418, 12-byte tag)");
    umac_rows!(
        rows,
        Umac128,
        "UMAC-128",
        "UMAC-128 (RFC 4418, 16-byte tag)"
    );
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_tag_as_the_crate_does() {
        let msg: Vec<u8> = (0..3000u32).map(|i| (i * 7) as u8).collect();
        let key = key16(&long_term_key());
        let rows = rows();
        for f in ["UMAC-32", "UMAC-64", "UMAC-96", "UMAC-128"] {
            assert!(
                rows.iter().any(|r| r.id() == format!("umac/{f}/uhash")),
                "{f}"
            );
        }
        for row in rows {
            let mut r = row.runner(msg.len());
            let got = r.once(&msg);
            if row.key_mode == KeyMode::LongTerm {
                let n = UmacNonce::from_counter(1);
                let want = match row.function {
                    "UMAC-32" => Umac32::new(&key)
                        .authenticate(&n, &msg)
                        .unwrap()
                        .as_bytes()
                        .to_vec(),
                    "UMAC-64" => Umac64::new(&key)
                        .authenticate(&n, &msg)
                        .unwrap()
                        .as_bytes()
                        .to_vec(),
                    "UMAC-96" => Umac96::new(&key)
                        .authenticate(&n, &msg)
                        .unwrap()
                        .as_bytes()
                        .to_vec(),
                    "UMAC-128" => Umac128::new(&key)
                        .authenticate(&n, &msg)
                        .unwrap()
                        .as_bytes()
                        .to_vec(),
                    other => panic!("unexpected row function {other}"),
                };
                assert_eq!(got, want, "{}", row.id());
            }
            assert!(
                row.id().is_ascii() && !row.id().contains(' '),
                "{}",
                row.id()
            );
        }
    }
}
