//! BLAKE3's keyed mode (crate `blake3`): the MAC most Rust users reach for,
//! on one thread (`Hasher::update`) and on every core (`update_rayon`, its
//! `rayon` feature; timed with the wall clock).

use crate::{KeyMode, Row, long_term_key, looped};

/// The BLAKE3 rows.
pub fn rows() -> Vec<Row> {
    let version = "blake3 1.x";
    vec![
        Row::new(
            "blake3",
            "keyed",
            format!("{version}, one thread"),
            "blake3",
            KeyMode::LongTerm,
            |_len| {
                let key = long_term_key();
                looped(move |m: &[u8]| *blake3::keyed_hash(&key, m).as_bytes())
            },
        )
        .stream_in_quick(),
        Row::new(
            "blake3",
            "keyed",
            format!("{version}, update_rayon on every core"),
            "blake3-rayon",
            KeyMode::LongTerm,
            |_len| {
                let key = long_term_key();
                looped(move |m: &[u8]| {
                    *blake3::Hasher::new_keyed(&key)
                        .update_rayon(m)
                        .finalize()
                        .as_bytes()
                })
            },
        )
        .all_cores()
        .stream_in_quick(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_rows_are_blake3_keyed() {
        let msg: Vec<u8> = (0..300_000u32).map(|i| (i * 13) as u8).collect();
        let want = blake3::keyed_hash(&long_term_key(), &msg);
        for row in rows() {
            assert_eq!(
                row.runner(msg.len()).once(&msg),
                want.as_bytes(),
                "{}",
                row.id()
            );
            assert!(row.is_peer() && row.is_mac());
        }
    }
}
