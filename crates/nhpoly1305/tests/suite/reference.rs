//! Every backend ≡ the big-integer reference (`uhash_ref::nhpoly1305`,
//! written from the paper): NH at every unit count, NHPoly1305 at lengths
//! around every unit and chunk boundary, one-shot and with any split of
//! the input, through the byte API and `std::io::Write`.

use nhpoly1305::{NhAdiantum, NhPoly1305};
use proptest::prelude::*;
use uhash_testkit::data::bytes;

use crate::{engines, key};

fn lengths() -> impl Strategy<Value = usize> {
    prop_oneof![
        prop::sample::select(vec![
            0usize, 1, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 1008, 1023, 1024, 1025, 1040, 2047,
            2048, 2049, 3072, 4095, 4096, 4097, 5120, 8192, 8193, 9000,
            // a full batch of 16 NH outputs, and one more chunk
            16384, 17409,
        ]),
        0usize..5000,
        (1usize..10, 0usize..48).prop_map(|(c, d)| (c * 1024 + d).saturating_sub(16)),
    ]
}

/// NHPoly1305 of `msg` fed in the pieces that `cuts` (sorted offsets)
/// mark.
fn streamed(h: &mut NhPoly1305, msg: &[u8], cuts: &[usize]) -> [u8; 16] {
    let mut at = 0;
    for &c in cuts {
        h.update(&msg[at..c]);
        at = c;
    }
    h.update(&msg[at..]);
    h.finalize_reset()
}

proptest! {
    #[test]
    fn nh_every_backend(seed in any::<u64>(), units in 1usize..=64, kseed in any::<u64>()) {
        let k: [u8; 1072] = key(kseed);
        let msg = bytes(16 * units, seed);
        let want = uhash_ref::nhpoly1305::nh_adiantum(&k, &msg).unwrap();
        for e in engines() {
            prop_assert_eq!(NhAdiantum::new_with_engine(&k, e).compute(&msg).unwrap(), want, "{} {}", e, units);
        }
        prop_assert_eq!(nhpoly1305::nh_adiantum(&k, &msg).unwrap(), want);
    }

    #[test]
    fn nhpoly1305_every_backend_and_split(
        kseed in any::<u64>(),
        len in lengths(),
        seed in any::<u64>(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let k: [u8; 1088] = key(kseed);
        let msg = bytes(len, seed);
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(len + 1)).collect();
        cuts.sort_unstable();
        let want = uhash_ref::nhpoly1305::nhpoly1305(&k, &msg);
        for e in engines() {
            let mut h = NhPoly1305::new_with_engine(&k, e);
            prop_assert_eq!(h.compute(&msg), want, "{} len {}", e, len);
            prop_assert_eq!(streamed(&mut h, &msg, &cuts), want, "{} len {} cuts {:?}", e, len, cuts);
            // after finalize_reset, the same state again
            prop_assert_eq!(streamed(&mut h, &msg, &[]), want, "{} len {} after reset", e, len);
        }
    }
}

/// Extreme words: all-ones message and key (every 32-bit addition wraps,
/// every product is near 2^64) and all zeros, at 1 and 64 units.
#[test]
fn extreme_words() {
    for (kb, mb) in [(0xff, 0xff), (0x00, 0x00), (0xff, 0x01), (0x01, 0xff)] {
        let k = [kb; 1088];
        for len in [16, 1024, 1040, 4096] {
            let msg = vec![mb; len];
            let nk: &[u8; 1072] = k[16..].try_into().unwrap();
            let want_nh =
                (len <= 1024).then(|| uhash_ref::nhpoly1305::nh_adiantum(nk, &msg).unwrap());
            let want = uhash_ref::nhpoly1305::nhpoly1305(&k, &msg);
            for e in engines() {
                if let Some(w) = want_nh {
                    assert_eq!(
                        NhAdiantum::new_with_engine(nk, e).compute(&msg).unwrap(),
                        w,
                        "{e}"
                    );
                }
                assert_eq!(
                    NhPoly1305::new_with_engine(&k, e).compute(&msg),
                    want,
                    "{e} {len}"
                );
            }
        }
    }
}

/// The kernel itself at key and message lengths the types never pass: it
/// sums the whole units that both cover (as the portable kernel does),
/// reading nothing beyond either slice.
#[test]
fn kernel_partial_cover() {
    use nhpoly1305::Engine32;
    use uhash_mmh::Kernels32;
    let k: [u8; 1072] = key(7);
    let mut words = [0u32; 268];
    uhash_mmh::nh_adiantum_key_layout(&k, &mut words).unwrap();
    let msg = bytes(1024 + 40, 8);
    let soft = Engine32::portable();
    for e in engines() {
        for kw in [0usize, 3, 12, 15, 16, 17, 20, 31, 100, 268] {
            for ml in [0usize, 15, 16, 40, 64, 80, 1000, 1064] {
                assert_eq!(
                    e.nh_adiantum_sums(&words[..kw], &msg[..ml]),
                    soft.nh_adiantum_sums(&words[..kw], &msg[..ml]),
                    "{e} key words {kw} msg {ml}"
                );
            }
        }
    }
}
