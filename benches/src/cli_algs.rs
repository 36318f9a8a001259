//! What `uhash mac` computes (`uhash_cli::alg`, the command line's table), one
//! whole message per call on every core of a rayon pool: the long-hash MACs
//! through `hash_into_parallel`, Poly1305-AES through
//! `uhash_cli::alg::poly1305_aes_tag`. Timed with the wall clock; a fresh nonce
//! per call is not needed for timing (the nonce only selects the pad).

use crate::{KeyMode, Row, fill_pseudo_random, looped};

/// The algorithms measured: the default and the fastest long-hash MACs.
const ALGS: [&str; 3] = ["poly1305-aes", "nhx4-mac", "mmh32x4-mac"];

/// The rows.
pub fn rows() -> Vec<Row> {
    ALGS.iter()
        .filter_map(|&name| uhash_cli::alg::find(name))
        .map(|a| {
            Row::new(
                "cli",
                a.name,
                format!("uhash mac --alg {}, every core", a.name),
                "all-cores",
                KeyMode::LongTerm,
                move |_len| {
                    let mut key = vec![0u8; a.key_bytes];
                    fill_pseudo_random(&mut key, 0x0063_6c69);
                    a.fix_random_key(&mut key);
                    let keyed = a.key(&key).expect("a valid key");
                    let nonce = vec![7u8; a.nonce_bytes];
                    looped(move |m: &[u8]| keyed.compute(&nonce, m).unwrap_or_default())
                },
            )
            .all_cores()
            .stream_in_quick()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_the_table() {
        let rows = rows();
        assert_eq!(rows.len(), ALGS.len());
        let msg = vec![5u8; 3 << 20];
        for row in rows {
            let out = row.runner(msg.len()).once(&msg);
            assert_eq!(
                out.len(),
                uhash_cli::alg::find(row.function).unwrap().out_bytes
            );
            assert!(row.is_mac() && !row.is_peer());
        }
    }
}
