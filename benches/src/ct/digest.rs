//! `digest-mw`: digest, trunc and digestMW (b = 16, 32, 64; n = 1..9),
//! digest′ (b = 16, 32; one-shot, streaming, the §5 pair code), the short
//! code comparison, and the four long hashes with their MACs, on every
//! backend of the engine (b = 32; b = 16 and 64 run the portable code).

use digest_mw::{
    DigestMw32Hash, DigestMw64Hash, DigestMw128Hash, DigestMw256Hash, DigestPrime, DigestPrimeOver,
    Engine, PrimeInner, Word, digest_prime_mmh32, digest_prime_nh, digest_prime16, digest_prime32,
    manual_auth,
};

use super::long::{self, long_types};
use super::{Target, pieces};

const F: &str = "digest-mw";

long_types!(Engine: DigestMw32Hash DigestMw64Hash DigestMw128Hash DigestMw256Hash);

/// Key bytes: the longest message plus 9 words of 8 bytes.
const KEY: usize = 1032 + 9 * 8;

/// The key as b-bit words.
fn key_words<W: Word>(key: &[u8]) -> Vec<W> {
    key.chunks_exact(W::BYTES).map(W::read_le).collect()
}

/// digest, trunc (every b′ of a few) and digestMW for n = 1..9 with b-bit
/// words, outputs as u64 bytes.
fn all_of_width<W: Word>(e: Engine, key: &[u8], msg: &[u8]) -> Vec<u8> {
    let k = key_words::<W>(key);
    let mut v = e
        .digest(&k, msg)
        .expect("digest")
        .to_u64()
        .to_le_bytes()
        .to_vec();
    for bits in [1, W::BITS / 2 + 1, W::BITS - 1, W::BITS] {
        let t = e.digest_trunc(&k, msg, bits).expect("digest_trunc");
        v.extend(t.to_u64().to_le_bytes());
    }
    for n in 1..=9 {
        let mut o = vec![W::default(); n];
        e.digest_mw(&k, msg, &mut o).expect("digest_mw");
        v.extend(o.iter().flat_map(|w| w.to_u64().to_le_bytes()));
    }
    v
}

/// The digest-mw targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    for e in Engine::all_supported() {
        let b = e.backend();
        out.push(Target::new(
            F,
            "Engine::{digest, digest_trunc, digest_mw (n = 1..9)} b = 32",
            b.name(),
            KEY,
            0,
            &[4, 60, 1028],
            move |i| all_of_width::<u32>(e, i.key, i.msg),
        ));
        // b = 16 and 64 never reach the engine's kernel: once is enough.
        if b == Engine::detect().backend() {
            out.push(Target::new(
                F,
                "Engine::{digest, digest_trunc, digest_mw (n = 1..9)} b = 16",
                b.name(),
                KEY,
                0,
                &[2, 62, 1030],
                move |i| all_of_width::<u16>(e, i.key, i.msg),
            ));
            out.push(Target::new(
                F,
                "Engine::{digest, digest_trunc, digest_mw (n = 1..9)} b = 64",
                b.name(),
                KEY,
                0,
                &[8, 56, 1032],
                move |i| all_of_width::<u64>(e, i.key, i.msg),
            ));
        }
        long::targets::<DigestMw32Hash>(out, F, e, b);
        long::targets::<DigestMw64Hash>(out, F, e, b);
        long::targets::<DigestMw128Hash>(out, F, e, b);
        long::targets::<DigestMw256Hash>(out, F, e, b);
    }
    // digest′ hashes with SHA-256 and then runs the detected engine.
    let detected = Engine::detect().backend();
    out.push(Target::new(
        F,
        "digest_prime16, digest_prime32, DigestPrime (streaming), manual_auth::pair_code, ShortCode::ct_eq",
        detected.name(),
        48,
        0,
        &[0, 100],
        |i| {
            let (k1_16, k2) = (&i.key[..34], &i.key[34..]);
            let k1_32 = &i.key[..36];
            let mut v = digest_prime16(k1_16, k2, i.msg)
                .expect("digest_prime16")
                .to_le_bytes()
                .to_vec();
            v.extend(
                digest_prime32(k1_32, &i.key[36..], i.msg)
                    .expect("digest_prime32")
                    .to_le_bytes(),
            );
            let mut d = DigestPrime::new(32, k1_32, &i.key[36..]).expect("DigestPrime");
            for p in pieces(i.msg) {
                d.update(p);
            }
            let code = d.finalize();
            v.extend(code.value().to_le_bytes());
            let pair = manual_auth::pair_code(16, i.key, i.msg, &i.msg[i.msg.len() / 2..])
                .expect("pair_code");
            v.extend(pair.value().to_le_bytes());
            v.push(u8::from(code.ct_eq(&code)));
            v.push(u8::from(code.ct_eq(&pair)));
            v
        },
    ));
    for e in uhash_mmh::Engine32::all_supported() {
        out.push(Target::new(
            F,
            "digest_prime_mmh32, digest_prime_nh, DigestPrimeOver (streaming)",
            e.backend().name(),
            48,
            0,
            &[0, 100],
            move |i| {
                let (k1, k2) = i.key.split_at(32);
                let mut v = Vec::new();
                for inner in [PrimeInner::Mmh32, PrimeInner::Nh] {
                    let mut d = DigestPrimeOver::new(inner, k1, k2).expect("DigestPrimeOver");
                    for p in pieces(i.msg) {
                        d.update(p);
                    }
                    v.extend(d.finalize_with(e).to_le_bytes());
                }
                v.extend(digest_prime_nh(k1, k2, i.msg).expect("nh").to_le_bytes());
                v.extend(
                    digest_prime_mmh32(k1, k2, i.msg)
                        .expect("mmh32")
                        .to_le_bytes(),
                );
                v
            },
        ));
    }
}
