//! The long-message kernels, hashes and MACs against their reference
//! composition (`uhash_ref::long` over `uhash_ref::sqh`, keys from
//! `uhash_ref::kdf`), for every backend, small chunk sizes chosen at run
//! time, arbitrary splits of the input, the `UniversalHash` trait path, and
//! the MAC.

use proptest::prelude::*;
use sqh::long::{Asm2Kernel, SqheKernel, chunk_bytes, lane_bits, lanes};
use sqh::universal_hash::{KeyInit, UniversalHash};
use sqh::{Asm2x96Hash, Asm2x96Mac, Engine, MacNonce, Sqhe32Hash, Sqhe128Hash};

const ASM2: u16 = uhash_testkit::long::SQH_ASM2;
const SQHE: u16 = 0x020D;

/// The reference long hash of a (family, w) kernel with chunk size `chunk`.
fn reference_hash(fam: u16, w: usize, chunk: usize, seed: &[u8; 16], msg: &[u8]) -> Vec<u8> {
    uhash_testkit::long::sqh_hash(fam, w, (lanes(w), lane_bits(w)), chunk, seed, msg)
}

/// The streaming hash fed in `splits` (its last chunk through
/// `hash_padded_chunk`), checked against the one-shot hash (its last chunk
/// through `hash_tail`) and against hashing again.
use uhash_testkit::long::streamed as production;

fn check(fam: u16, w: usize, chunk_elems: usize, seed: &[u8; 16], msg: &[u8], splits: &[usize]) {
    let chunk = chunk_elems * 4 * w;
    let want = reference_hash(fam, w, chunk, seed, msg);
    for e in Engine::all_supported() {
        macro_rules! run {
            ($k:ident, $w:literal) => {
                production(
                    |ks| $k::<$w>::from_key_stream_with(ks, chunk, e),
                    seed,
                    msg,
                    splits,
                )
            };
        }
        let got = match (fam, w) {
            (ASM2, 1) => run!(Asm2Kernel, 1),
            (ASM2, 2) => run!(Asm2Kernel, 2),
            (ASM2, 3) => run!(Asm2Kernel, 3),
            (ASM2, 4) => run!(Asm2Kernel, 4),
            (ASM2, _) => run!(Asm2Kernel, 5),
            (_, 1) => run!(SqheKernel, 1),
            (_, 2) => run!(SqheKernel, 2),
            (_, 3) => run!(SqheKernel, 3),
            (_, 4) => run!(SqheKernel, 4),
            (_, _) => run!(SqheKernel, 5),
        };
        assert_eq!(
            got,
            want,
            "fam {fam:#x} w={w} chunk={chunk} backend {}",
            e.backend()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn long_vs_reference(e in any::<bool>(), w in 1usize..=5, chunk_elems in 1usize..=40,
                         seed in any::<[u8; 16]>(),
                         msg in proptest::collection::vec(any::<u8>(), 0..1200),
                         splits in proptest::collection::vec(0usize..70, 0..6)) {
        check(if e { SQHE } else { ASM2 }, w, chunk_elems, &seed, &msg, &splits);
    }
}

#[test]
fn all_ones_and_chunk_edges() {
    let seed = [0xa5; 16];
    for w in 1..=5 {
        let chunk = 5 * 4 * w;
        for len in [0, 1, chunk - 1, chunk, chunk + 1, 4 * chunk, 5 * chunk + 3] {
            let msg = vec![0xff; len];
            check(ASM2, w, 5, &seed, &msg, &[]);
            check(SQHE, w, 5, &seed, &msg, &[1, 7]);
        }
    }
}

/// The padding table (rows per 16 elements): a last chunk ending at every
/// element of a 37-element chunk (rows 0, 1, 2 and none), on an element
/// boundary and inside an element, streaming and one-shot.
#[test]
fn padding_table_edges() {
    let seed = [0x3c; 16];
    let elems = 37;
    for w in 1..=5 {
        let chunk = elems * 4 * w;
        let msg: Vec<u8> = (0..2 * chunk).map(|i| (i * 11 + 5) as u8).collect();
        for n in 0..=elems {
            for extra in [0, 1, 4 * w - 1] {
                let len = (chunk + 4 * w * n + extra).min(2 * chunk);
                check(ASM2, w, elems, &seed, &msg[..len], &[chunk / 3]);
                check(SQHE, w, elems, &seed, &msg[..len - chunk], &[]);
            }
        }
    }
}

#[test]
fn default_chunks_and_types() {
    assert_eq!(chunk_bytes(3), 16380);
    assert_eq!(chunk_bytes(4), 16384);
    // The ready-made types equal LongHash over the default kernel, and the
    // reference at the default chunk, across two chunks.
    let seed = [7u8; 16];
    let msg: Vec<u8> = (0..40_000u32).map(|i| (i * 31 + 7) as u8).collect();
    let want96 = reference_hash(ASM2, 3, chunk_bytes(3), &seed, &msg);
    let mut h = Asm2x96Hash::from_seed(&seed);
    for part in msg.chunks(1000) {
        h.update(part);
    }
    assert_eq!(h.finalize().to_vec(), want96);
    let want32 = reference_hash(SQHE, 1, chunk_bytes(1), &seed, &msg);
    let mut h = Sqhe32Hash::from_seed(&seed);
    assert_eq!(h.compute(&msg).to_vec(), want32);
    h.update(&msg);
    assert_eq!(h.finalize().to_vec(), want32);
    // Every backend of a ready-made type agrees.
    let want128 = reference_hash(SQHE, 4, chunk_bytes(4), &seed, &msg);
    for e in Engine::all_supported() {
        let mut h = Sqhe128Hash::from_seed_with_engine(&seed, e);
        h.update(&msg);
        assert_eq!(h.finalize().to_vec(), want128, "{}", e.backend());
    }
    // The trait path with whole blocks equals the byte API.
    let mut t = <Sqhe128Hash as KeyInit>::new(&seed.into());
    let blocks: Vec<_> = msg[..16 * 2000]
        .chunks_exact(16)
        .map(|b| sqh::universal_hash::Block::<Sqhe128Hash>::try_from(b).unwrap())
        .collect();
    UniversalHash::update(&mut t, &blocks);
    let mut bytes = Sqhe128Hash::from_seed(&seed);
    bytes.update(&msg[..16 * 2000]);
    assert_eq!(
        UniversalHash::finalize(t).to_vec(),
        bytes.finalize().to_vec()
    );
}

#[test]
fn mac_matches_reference_and_verifies() {
    let seed = [3u8; 16];
    let msg = b"Square Hash: fast message authentication".repeat(50);
    let nonce = MacNonce::from_counter(9).unwrap();
    let mac = Asm2x96Mac::from_seed(&seed).unwrap();
    let tag = uhash_testkit::mac::wegman_carter_paths(&mac, &nonce, &msg);
    let (hash_seed, pad_key) = uhash_ref::mac::from_seed_keys(&seed, ASM2, 3);
    let h = reference_hash(ASM2, 3, chunk_bytes(3), &hash_seed, &msg);
    let want = uhash_ref::mac::wegman_carter(&pad_key, nonce.as_bytes(), 32, &h).unwrap();
    assert_eq!(tag.as_bytes(), &want[..]);
}

#[test]
fn chunk_sizes_are_checked() {
    let mut ks = uhash_base::kdf::KeyStream::new(&[0; 16], 0);
    let e = Engine::portable();
    for bad in [0, 4, 13, chunk_bytes(3) + 12] {
        assert!(
            Asm2Kernel::<3>::from_key_stream_with(&mut ks, bad, e).is_err(),
            "{bad}"
        );
        assert!(
            SqheKernel::<3>::from_key_stream_with(&mut ks, bad, e).is_err(),
            "{bad}"
        );
    }
    assert!(Asm2Kernel::<2>::from_key(&[1; 9], 40, e).is_err());
    assert!(Asm2Kernel::<2>::from_key(&[1; 10], 40, e).is_ok());
    assert_eq!(
        SqheKernel::<2>::from_key(&[1; 12], 40, e).unwrap().chunk(),
        40
    );
}

/// Feature `std`: `std::io::Write` on the hash types and the MAC state.
#[cfg(feature = "std")]
#[test]
fn io_write() {
    use std::io::Write;
    let seed = [5u8; 16];
    let msg = vec![7u8; 20_000];
    let mut h = sqh::Sqhe96Hash::from_seed(&seed);
    h.write_all(&msg).unwrap();
    assert_eq!(
        h.finalize(),
        sqh::Sqhe96Hash::from_seed(&seed).compute(&msg)
    );
    let mac = Asm2x96Mac::from_seed(&seed).unwrap();
    let nonce = MacNonce::from_counter(1).unwrap();
    let mut st = mac.start();
    st.write_all(&msg).unwrap();
    assert_eq!(st.finalize(&nonce), mac.authenticate(&nonce, &msg));
}
