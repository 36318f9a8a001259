//! The §5 protocol example (`examples/manual_auth.rs`) run with fixed keys:
//! an honest run gives equal codes (and equal to the reference digest′ of
//! k_A ⊕ k_B over the framed pair), a changed m_A or m_B gives different
//! codes, bytes moved from one message to the other give different codes
//! (the attack that defeats the bare m_A ‖ m_B), a changed k_A fails the
//! commitment; and `main` itself runs.

#[path = "../../examples/manual_auth.rs"]
mod example;

use digest_mw::manual_auth::pair_code;
use example::{Attack, KEY_BYTES, Outcome, Tamper, run};

fn keys(seed: u8) -> ([u8; KEY_BYTES], [u8; KEY_BYTES]) {
    let mut ka = [0u8; KEY_BYTES];
    let mut kb = [0u8; KEY_BYTES];
    for i in 0..KEY_BYTES {
        ka[i] = (i as u8).wrapping_mul(37).wrapping_add(seed);
        kb[i] = (i as u8).wrapping_mul(91) ^ seed.wrapping_mul(3);
    }
    (ka, kb)
}

fn xor(ka: &[u8; KEY_BYTES], kb: &[u8; KEY_BYTES]) -> Vec<u8> {
    ka.iter().zip(kb).map(|(x, y)| x ^ y).collect()
}

/// The reference digest′ (uhash-ref) of `msg` under k.
fn reference(k: &[u8], msg: &[u8]) -> u64 {
    uhash_ref::digest::digest_prime(32, &k[..36], &k[36..], msg).unwrap()
}

/// LE64(|m_A|) ‖ m_A ‖ LE64(|m_B|) ‖ m_B, written out independently of the
/// library.
fn framed(ma: &[u8], mb: &[u8]) -> Vec<u8> {
    let mut v = (ma.len() as u64).to_le_bytes().to_vec();
    v.extend_from_slice(ma);
    v.extend_from_slice(&(mb.len() as u64).to_le_bytes());
    v.extend_from_slice(mb);
    v
}

#[test]
fn honest_runs_agree_with_the_reference() {
    for seed in 0..16u8 {
        let (ka, kb) = keys(seed);
        let (ma, mb) = (b"data of A".as_slice(), b"data of B, longer".as_slice());
        let Outcome::Codes { a, b } = run(ma, mb, &ka, &kb, Attack::default()) else {
            panic!("commitment failed in an honest run");
        };
        assert_eq!(a, b);
        assert_eq!(
            u64::from(a.value()),
            reference(&xor(&ka, &kb), &framed(ma, mb))
        );
    }
}

#[test]
fn tampering_is_seen() {
    let mut differ = 0;
    for seed in 0..16u8 {
        let (ka, kb) = keys(seed);
        let flip: Tamper<'_> = &|m: &mut Vec<u8>| m[0] ^= 0x80;
        for attack in [
            Attack {
                ma_to_b: Some(flip),
                ..Attack::default()
            },
            Attack {
                mb_to_a: Some(flip),
                ..Attack::default()
            },
        ] {
            match run(b"data of A", b"data of B", &ka, &kb, attack) {
                Outcome::Codes { a, b } => differ += usize::from(a != b),
                Outcome::BadCommitment => panic!("k_A was not touched"),
            }
        }
        let bad_key = |k: &mut [u8; KEY_BYTES]| k[3] ^= 1;
        let attack = Attack {
            ka_to_b: Some(&bad_key),
            ..Attack::default()
        };
        assert_eq!(run(b"a", b"b", &ka, &kb, attack), Outcome::BadCommitment);
    }
    // Each run collides with probability at most 2^-31 + θ_c.
    assert_eq!(differ, 32);
}

/// The attacker appends X to m_A on its way to B and prepends X to m_B on
/// its way to A. Over the bare concatenation both devices hash
/// m_A ‖ X ‖ m_B and show equal codes (checked here with the reference, so
/// this test would have caught the old encoding); over the framed pair the
/// codes differ.
#[test]
fn moving_bytes_between_the_messages_is_seen() {
    let mut differ = 0;
    for (seed, x) in (0..16u8).zip([&b"X"[..], b"evil", &[0u8; 9], &[0xffu8; 64]].repeat(4)) {
        let (ka, kb) = keys(seed);
        let (ma, mb) = (b"data of A".as_slice(), b"data of B".as_slice());
        let k = xor(&ka, &kb);
        // What each side holds after the attack.
        let ma_at_b = [ma, x].concat();
        let mb_at_a = [x, mb].concat();
        // The bare concatenation is fooled with probability 1 …
        assert_eq!(
            reference(&k, &[ma, &mb_at_a].concat()),
            reference(&k, &[&ma_at_b[..], mb].concat()),
            "seed {seed}"
        );
        // … the framed pair (the library helper the example uses) is not.
        assert_ne!(
            pair_code(32, &k, ma, &mb_at_a).unwrap(),
            pair_code(32, &k, &ma_at_b, mb).unwrap()
        );
        let append: Tamper<'_> = &|m: &mut Vec<u8>| m.extend_from_slice(x);
        let prepend: Tamper<'_> = &|m: &mut Vec<u8>| {
            m.splice(0..0, x.iter().copied());
        };
        let attack = Attack {
            ma_to_b: Some(append),
            mb_to_a: Some(prepend),
            ..Attack::default()
        };
        match run(ma, mb, &ka, &kb, attack) {
            Outcome::Codes { a, b } => differ += usize::from(a != b),
            Outcome::BadCommitment => panic!("k_A was not touched"),
        }
    }
    assert_eq!(differ, 16);
}

#[test]
fn pair_code_rejects_bad_keys() {
    assert!(pair_code(32, &[0u8; 45], b"a", b"b").is_err());
    assert!(pair_code(24, &[0u8; 52], b"a", b"b").is_err());
    assert!(pair_code(16, &[7u8; 44], b"a", b"b").is_ok());
}

#[test]
fn example_main_runs() {
    example::demo().unwrap();
}
