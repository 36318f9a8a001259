//! Rows for the DFC block cipher (`dfc-decorr`'s `cipher` module).
//!
//! * `dfc/DFC-encrypt/dfc-decorr`: the message buffer encrypted in ECB
//!   (whole 16-byte blocks, a partial tail is ignored), long-term 256-bit
//!   key, with the backend `Dfc` picks on this CPU (AVX-512 `RT` lookup if
//!   present). Blocks go four at a time through the interleaved path, so
//!   this is block *throughput*: cycles/byte × 16 = cycles per block.
//! * `dfc/DFC-encrypt/soft`: the same with the portable backend.
//!
//! The key schedule is done once, outside the timed loop; its cost and the
//! latency of one isolated block are measured by the `dfc_cipher` criterion
//! bench (`benches/dfc_cipher.rs`).

use crate::{KeyMode, Row, long_term_key, looped};
use dfc_decorr::cipher::Dfc;
use uhash_base::Backend;

/// ECB encryption of `msg`'s whole blocks into `out`; returns the last
/// ciphertext block (zeros for an empty message).
pub fn ecb_encrypt(dfc: &Dfc, msg: &[u8], out: &mut Vec<[u8; 16]>) -> [u8; 16] {
    let (blocks, _tail) = msg.as_chunks::<16>();
    out.clear();
    out.extend_from_slice(blocks);
    dfc.encrypt_blocks_be(out);
    out.last().copied().unwrap_or_default()
}

fn row(impl_id: &'static str, backend: Option<Backend>) -> Row {
    let probe = Dfc::new_from_key(&long_term_key()).expect("32-byte key");
    let probe = match backend {
        Some(b) => probe.with_backend(b).expect("backend checked by rows()"),
        None => probe,
    };
    Row::new(
        "dfc",
        "DFC-encrypt",
        format!(
            "dfc-decorr DFC v1 ECB, 256-bit key, 4 blocks interleaved ({} backend)",
            probe.backend()
        ),
        impl_id,
        KeyMode::LongTerm,
        move |len| {
            let mut dfc = Dfc::new_from_key(&long_term_key()).expect("32-byte key");
            if let Some(b) = backend {
                dfc = dfc.with_backend(b).expect("backend checked by rows()");
            }
            let mut out: Vec<[u8; 16]> = Vec::with_capacity(len / 16);
            looped(move |m: &[u8]| ecb_encrypt(&dfc, m, &mut out))
        },
    )
}

/// The DFC rows: the best backend on this CPU, plus the portable one when
/// they differ.
pub fn rows() -> Vec<Row> {
    let best = Dfc::new_from_key(&[0; 16]).expect("key").backend();
    let mut rows = vec![row("dfc-decorr", None)];
    if best != Backend::Soft {
        rows.push(row("soft", Some(Backend::Soft)));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecb_row_matches_a_nist_vector() {
        // NIST Tables KAT, KEYSIZE=128 #1.
        let dfc = Dfc::new_from_key(&[0; 16]).unwrap();
        let pt: Vec<u8> = (0u8..16).collect();
        let mut out = Vec::new();
        let last = ecb_encrypt(&dfc, &pt, &mut out);
        assert_eq!(hex::encode(last), "630420709e777ff6cb1c65231362c5e3");
    }

    #[test]
    fn rows_agree() {
        let msg = crate::Message::new(1024);
        let outs: Vec<Vec<u8>> = rows()
            .iter()
            .map(|r| r.runner(1024).once(msg.bytes()))
            .collect();
        assert!(outs.windows(2).all(|w| w[0] == w[1]));
    }
}
