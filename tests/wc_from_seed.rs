//! The Wegman–Carter MACs built from a seed (`WegmanCarter::from_seed`) key
//! their hash from a seed of its own, `expand(seed, label(family, lanes,
//! 0xfe, 0), 16)`, never from the seed itself (`uhash_base::kdf`'s docs):
//!
//! * the pinned tags of `tests/pinned/wegman_carter_from_seed.jsonl`
//!   (computed by the reference, `uhash kat --impl reference`; each record's
//!   `src` says how) — the tags changed with this definition;
//! * the attack it prevents: from two outputs of the plain hash type keyed
//!   with the same seed and one tag, tag − hash (lane by lane) would be the
//!   pad of the tag's nonce and forge the tag of the other message. With
//!   the derived hash seed the forged tag fails `verify`; with the MAC built
//!   the old way (`WegmanCarter::new(H::from_seed(seed), pad_key)`) the same
//!   forgery verifies, so the test does test the attack.

use std::path::Path;

use uhash::base::Tag;
use uhash::base::mac::{MacHash, MacNonce, WegmanCarter, pad_key};

/// The message of the vectors: byte i is i mod 251.
fn message(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

/// The tag of `MAC::from_seed(seed)` as bytes.
fn tag_of<H: MacHash<Out = Tag<N>>, const N: usize>(
    seed: &[u8; 16],
    nonce: &MacNonce,
    msg: &[u8],
    want: &[u8],
) -> Vec<u8> {
    let mac = WegmanCarter::<H>::from_seed(seed).unwrap();
    let tag = mac.authenticate(nonce, msg);
    // the streamed tag and verify agree
    let mut st = mac.start();
    let cut = msg.len() / 3;
    st.update(&msg[..cut]);
    st.update(&msg[cut..]);
    assert_eq!(st.finalize(nonce), tag);
    if let Ok(w) = Tag::<N>::from_slice(want) {
        assert_eq!(mac.verify(nonce, msg, &w).is_ok(), tag == w);
    }
    tag.as_bytes().to_vec()
}

#[test]
fn pinned_from_seed_tags() {
    use uhash::dfc_decorr::DfcMac;
    use uhash::digest_mw::hash::DigestMw64Hash;
    use uhash::mmh::hash::{Mmh32x2Hash, NhHash, Nhx2Hash};
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pinned/wegman_carter_from_seed.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["src"].as_str().is_some_and(|s| !s.is_empty()), "{line}");
        let seed: [u8; 16] = unhex(v["seed"].as_str().unwrap()).try_into().unwrap();
        let nonce = MacNonce::from_slice(&unhex(v["nonce"].as_str().unwrap())).unwrap();
        let msg = message(usize::try_from(v["msg_len"].as_u64().unwrap()).unwrap());
        let want = unhex(v["tag"].as_str().unwrap());
        let got = match v["mac"].as_str().unwrap() {
            "uhash::mmh::hash::Mmh32x2Mac" => tag_of::<Mmh32x2Hash, 8>(&seed, &nonce, &msg, &want),
            "uhash::mmh::hash::NhMac" => tag_of::<NhHash, 8>(&seed, &nonce, &msg, &want),
            "uhash::mmh::hash::Nhx2Mac" => tag_of::<Nhx2Hash, 16>(&seed, &nonce, &msg, &want),
            "uhash::digest_mw::hash::DigestMw64Mac" => {
                tag_of::<DigestMw64Hash, 8>(&seed, &nonce, &msg, &want)
            }
            "uhash::dfc_decorr::DfcMac" => {
                let mac = DfcMac::from_seed(&seed).unwrap();
                mac.authenticate(&nonce, &msg).as_bytes().to_vec()
            }
            other => panic!("unknown MAC {other}"),
        };
        assert_eq!(got, want, "{line}");
        seen += 1;
    }
    assert_eq!(seen, 24);
}

/// a − b lane by lane modulo 2^(8·lane) (lanes little-endian).
fn sub_lanes(lane: usize, a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(a.len());
    for (la, lb) in a.chunks(lane).zip(b.chunks(lane)) {
        let mut borrow = 0i16;
        for (x, y) in la.iter().zip(lb) {
            let d = i16::from(*x) - i16::from(*y) - borrow;
            out.push(d.rem_euclid(256) as u8);
            borrow = i16::from(d < 0);
        }
    }
    out
}

/// a + b lane by lane modulo 2^(8·lane).
fn add_lanes(lane: usize, a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = a.to_vec();
    uhash::base::mac::add_lanes_assign(lane, &mut out, b).unwrap();
    out
}

/// The attack on the MAC over `H` from one seed: returns whether the forged
/// tag verified (under the MAC from `from_seed`, and under the MAC built the
/// old way from the plain hash's own key).
fn forge<H: MacHash<Out = Tag<N>> + Clone, const N: usize>() -> (bool, bool) {
    let seed: [u8; 16] = core::array::from_fn(|i| (7 * i + 3) as u8);
    let nonce = MacNonce::from_counter(42).unwrap();
    let (m1, m2) = (
        b"pay 10 to alice".as_slice(),
        b"pay 99999 to mallory".as_slice(),
    );
    let lane = H::LANE_BITS as usize / 8;
    // Published: the plain hash keyed with the seed, on two messages.
    let plain = H::from_seed(&seed).unwrap();
    let (h1, h2) = (plain.hash_message(m1), plain.hash_message(m2));
    let attempt = |mac: &WegmanCarter<H>| {
        // One tag under nonce N; tag − hash would be N's pad.
        let t1 = mac.authenticate(&nonce, m1);
        let pad = sub_lanes(lane, t1.as_bytes(), h1.as_bytes());
        let forged = Tag::<N>::from_slice(&add_lanes(lane, h2.as_bytes(), &pad)).unwrap();
        mac.verify(&nonce, m2, &forged).is_ok()
    };
    let now = attempt(&WegmanCarter::<H>::from_seed(&seed).unwrap());
    let mut pk = pad_key::<H>(&seed);
    let old = attempt(&WegmanCarter::new(plain.clone(), &pk));
    pk.fill(0);
    (now, old)
}

#[test]
fn plain_hash_outputs_and_a_tag_no_longer_forge() {
    use uhash::dfc_decorr::DfcHash;
    use uhash::digest_mw::hash::DigestMw64Hash;
    use uhash::mmh::hash::{Mmh32x2Hash, Mmh64Hash, NhHash};
    use uhash::sqh::{Asm2x96Hash, Sqhe64Hash};
    let results = [
        ("mmh Mmh32x2", forge::<Mmh32x2Hash, 8>()),
        ("mmh Mmh64", forge::<Mmh64Hash, 8>()),
        ("nh NhHash", forge::<NhHash, 8>()),
        ("sqh Asm2x96", forge::<Asm2x96Hash, 12>()),
        ("sqh Sqhe64", forge::<Sqhe64Hash, 8>()),
        ("digestmw DigestMw64", forge::<DigestMw64Hash, 8>()),
        ("dfc DfcHash", forge::<DfcHash, 8>()),
    ];
    for (name, (now, old)) in results {
        assert!(
            old,
            "{name}: the attack should work on the MAC keyed with the plain hash's key"
        );
        assert!(!now, "{name}: forged tag verified under from_seed");
    }
}
