//! `dfc-decorr`: the decorrelation module and its batch form in every
//! strategy, the Horner hash and its MAC, and the DFC cipher (key schedule,
//! RT lookup, confusion permutation, round function, encryption and
//! decryption of one and of many blocks) on every cipher backend.

use dfc_decorr::cipher::{CipherEngine, Dfc, confusion_permutation, round_function, rt_lookup_ct};
use dfc_decorr::{DfcHash, DfcMac, Engine, module_batch_with, module_with};
use uhash_base::mac::MacNonce;

use super::{Target, array, pieces, verdict, words64};

const F: &str = "dfc-decorr";

/// Blocks of the batch and ECB targets (past the cipher's parallel group).
const BLOCKS: usize = 11;

/// The dfc-decorr targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    for e in Engine::all_supported() {
        out.push(Target::new(
            F,
            format!("module_with, module_batch_with ({BLOCKS} triples)"),
            e.backend().name(),
            16 * BLOCKS,
            0,
            &[8 * BLOCKS],
            move |i| {
                let k = words64(i.key);
                let (a, b) = k.split_at(BLOCKS);
                let x = words64(i.msg);
                let mut y = vec![0u64; BLOCKS];
                module_batch_with(e, a, b, &x, &mut y).expect("batch lengths");
                y.push(module_with(e, a[0], b[0], x[0]));
                y.iter().flat_map(|w| w.to_le_bytes()).collect()
            },
        ));
    }
    out.push(Target::new(
        F,
        "DfcHash::{from_key, from_seed, compute, update, finalize}",
        "-",
        16,
        0,
        &[0, 7, 8, 100],
        |i| {
            let h = DfcHash::from_key(&array(i.key));
            let mut v = h.compute(i.msg).to_le_bytes().to_vec();
            let mut s = DfcHash::from_seed(&array(i.key));
            for p in pieces(i.msg) {
                s.update(p);
            }
            v.extend(s.finalize().to_le_bytes());
            v
        },
    ));
    out.push(Target::new(
        F,
        "DfcMac::{from_seed, authenticate, verify, start/update/finalize}",
        "-",
        16,
        12,
        &[0, 7, 100],
        |i| {
            let m = DfcMac::from_seed(&array(i.key)).expect("seeded");
            let n = MacNonce::from_bytes(array(i.nonce));
            let tag = m.authenticate(&n, i.msg);
            let mut v = tag.as_bytes().to_vec();
            v.push(verdict(&m.verify(&n, i.msg, &tag)));
            let mut s = m.start();
            for p in pieces(i.msg) {
                s.update(p);
            }
            v.extend(s.finalize(&n).as_bytes());
            v
        },
    ));
    out.push(Target::new(
        F,
        "cipher::{rt_lookup_ct, confusion_permutation, round_function}",
        "-",
        16,
        0,
        &[8],
        |i| {
            let k = words64(i.key);
            let x = u64::from_le_bytes(array(i.msg));
            let mut v = rt_lookup_ct(x as u32).to_le_bytes().to_vec();
            v.extend(confusion_permutation(x).to_le_bytes());
            v.extend(round_function(k[0], k[1], x).to_le_bytes());
            v
        },
    ));
    for ce in CipherEngine::all_supported() {
        for key_len in [16, 24, 32, 5] {
            out.push(Target::new(
                F,
                format!(
                    "Dfc::{{new_from_key ({}-bit key schedule), with_engine, encrypt/decrypt_block_be, encrypt/decrypt_blocks_be ({BLOCKS})}}",
                    8 * key_len
                ),
                ce.backend().name(),
                key_len,
                0,
                &[16 * BLOCKS],
                move |i| {
                    let c = Dfc::new_from_key(i.key).expect("key length").with_engine(ce);
                    let mut blocks: Vec<[u8; 16]> = i.msg.chunks_exact(16).map(array).collect();
                    let mut v = c.encrypt_block_be(&blocks[0]).to_vec();
                    v.extend(c.decrypt_block_be(&blocks[1]));
                    c.encrypt_blocks_be(&mut blocks);
                    v.extend(blocks.iter().flatten());
                    c.decrypt_blocks_be(&mut blocks);
                    v.extend(blocks.iter().flatten());
                    v
                },
            ));
        }
    }
}
