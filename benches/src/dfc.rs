//! Rows for the Horner hash over Z_(2^64+13) (`dfc-decorr`'s `hash`
//! module) and its Wegman–Carter MAC:
//!
//! * `dfc/DfcHash/dfc-decorr`: `DfcHash` with a long-term key — Horner's
//!   rule split over groups of 8 blocks with the powers a, …, a⁸ of the
//!   key (one product acc·a⁸ and one lazy reduction per group on the
//!   dependent chain, seven independent products of blocks), single
//!   `uhash_base::p64::horner_step`s for the blocks after the last group;
//! * `dfc/DfcHash/dfc-decorr/fresh-key`: the same with a new key a ‖ b per
//!   message (key set-up computes the seven powers a², …, a⁸);
//! * `dfc/DfcMac/dfc-decorr`: `DfcMac` (the hash plus one AES-128 pad
//!   block per message), long-term key, a new counter nonce per message.
//!
//! The cost of one module evaluation per strategy (throughput and latency)
//! is measured by the `dfc_module` criterion bench (`benches/dfc_module.rs`).

use crate::{FreshKey, KeyMode, Row, long_term_key, looped};
use dfc_decorr::{DfcHash, DfcMac, Nonce};

/// The 16-byte key a ‖ b at the front of a 32-byte bench key.
fn key16(key: &[u8; 32]) -> [u8; 16] {
    let mut k = [0u8; 16];
    k.copy_from_slice(&key[..16]);
    k
}

/// The DFC hash and MAC rows.
pub fn rows() -> Vec<Row> {
    vec![
        Row::new(
            "dfc",
            "DfcHash",
            "dfc-decorr Horner hash mod 2^64+13 (8 blocks per step with the powers a..a^8)",
            "dfc-decorr",
            KeyMode::LongTerm,
            |_len| {
                let mut h = DfcHash::from_key(&key16(&long_term_key()));
                looped(move |m: &[u8]| {
                    h.update(m);
                    h.finalize_reset().to_le_bytes()
                })
            },
        ),
        Row::new(
            "dfc",
            "DfcHash",
            "dfc-decorr Horner hash mod 2^64+13 (8 blocks per step with the powers a..a^8)",
            "dfc-decorr",
            KeyMode::FreshPerCall,
            |_len| {
                let mut keys = FreshKey::new(3);
                looped(move |m: &[u8]| {
                    let mut h = DfcHash::from_key(&key16(keys.next_key()));
                    h.update(m);
                    h.finalize().to_le_bytes()
                })
            },
        ),
        Row::new(
            "dfc",
            "DfcMac",
            "dfc-decorr Wegman–Carter over DfcHash, AES-128 pad, counter nonce",
            "dfc-decorr",
            KeyMode::LongTerm,
            |_len| {
                let mac =
                    DfcMac::from_seed(&key16(&long_term_key())).expect("DfcHash seeds never fail");
                let mut counter = 0u64;
                looped(move |m: &[u8]| {
                    counter = counter.wrapping_add(1);
                    let nonce = Nonce::from_counter(counter.into()).expect("a 64-bit counter fits");
                    mac.authenticate(&nonce, m)
                })
            },
        )
        .nonce_per_call(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hash_as_the_crate_does() {
        let msg = b"the quick brown fox jumps over the lazy dog";
        let key = key16(&long_term_key());
        let mut want = DfcHash::from_key(&key);
        want.update(msg);
        let want = want.finalize().to_le_bytes().to_vec();
        let rows = rows();
        assert_eq!(rows[0].runner(msg.len()).once(msg), want);
        // Tags from the MAC row differ per call (a new nonce each time).
        let mut mac = rows[2].runner(msg.len());
        assert_ne!(mac.once(msg), mac.once(msg));
    }
}
