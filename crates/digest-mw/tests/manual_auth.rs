//! The §5 protocol example (`examples/manual_auth.rs`) run with fixed keys:
//! an honest run gives equal codes (and equal to the reference digest′ of
//! k_A ⊕ k_B), a changed m_A or m_B gives different codes, a changed k_A
//! fails the commitment; and `main` itself runs.

#[path = "../examples/manual_auth.rs"]
mod manual_auth;

use manual_auth::{KEY_BYTES, Outcome, Tamper, run};

fn keys(seed: u8) -> ([u8; KEY_BYTES], [u8; KEY_BYTES]) {
    let mut ka = [0u8; KEY_BYTES];
    let mut kb = [0u8; KEY_BYTES];
    for i in 0..KEY_BYTES {
        ka[i] = (i as u8).wrapping_mul(37).wrapping_add(seed);
        kb[i] = (i as u8).wrapping_mul(91) ^ seed.wrapping_mul(3);
    }
    (ka, kb)
}

#[test]
fn honest_runs_agree_with_the_reference() {
    for seed in 0..16u8 {
        let (ka, kb) = keys(seed);
        let (ma, mb) = (b"data of A".as_slice(), b"data of B, longer".as_slice());
        let Outcome::Codes { a, b } = run(ma, mb, &ka, &kb, None, None) else {
            panic!("commitment failed in an honest run");
        };
        assert_eq!(a, b);
        let k: Vec<u8> = ka.iter().zip(&kb).map(|(x, y)| x ^ y).collect();
        let m = [ma, mb].concat();
        let r = uhash_ref::digest::digest_prime(32, &k[..36], &k[36..], &m).unwrap();
        assert_eq!(u64::from(a.value()), r);
    }
}

#[test]
fn tampering_is_seen() {
    let mut differ = 0;
    for seed in 0..16u8 {
        let (ka, kb) = keys(seed);
        let flip: Tamper<'_> = &|m: &mut Vec<u8>| m[0] ^= 0x80;
        match run(b"data of A", b"data of B", &ka, &kb, Some(flip), None) {
            Outcome::Codes { a, b } => differ += usize::from(a != b),
            Outcome::BadCommitment => panic!("k_A was not touched"),
        }
        let bad_key = |k: &mut [u8; KEY_BYTES]| k[3] ^= 1;
        assert_eq!(
            run(b"a", b"b", &ka, &kb, None, Some(&bad_key)),
            Outcome::BadCommitment
        );
    }
    // Each run collides with probability at most 2^-31 + θ_c.
    assert_eq!(differ, 16);
}

#[test]
fn example_main_runs() {
    manual_auth::demo().unwrap();
}
