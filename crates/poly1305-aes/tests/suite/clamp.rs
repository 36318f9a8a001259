//! The paper's key format (Bernstein §2 "Keys"): `clamp_r` gives the r the
//! reference `uhash-ref` clamps to, `Poly1305Aes::new` accepts exactly the
//! clamped r (typed error otherwise), and `new_clamped` is `new` of the
//! clamped key, with the reference's tags.

use poly1305_aes::{Error, Nonce, Poly1305Aes, clamp_r};
use proptest::prelude::*;
use uhash_ref::poly1305 as reference;

proptest! {
    #[test]
    fn clamp_new_and_new_clamped(key in prop::array::uniform32(any::<u8>()),
                                 nonce in prop::array::uniform16(any::<u8>()),
                                 msg in prop::collection::vec(any::<u8>(), 0..300)) {
        let k: [u8; 16] = key[..16].try_into().unwrap();
        let r: [u8; 16] = key[16..].try_into().unwrap();
        let mut c = r;
        clamp_r(&mut c);
        prop_assert_eq!(c, reference::clamp(&r));
        prop_assert!(reference::r_is_clamped(&c));
        // `new` accepts a key iff its r is in the paper's format
        match Poly1305Aes::new(&key) {
            Ok(_) => prop_assert!(reference::r_is_clamped(&r)),
            Err(e) => {
                prop_assert!(!reference::r_is_clamped(&r));
                prop_assert!(matches!(e, Error::InvalidKey { .. }), "{e:?}");
            }
        }
        let mut clamped_key = key;
        clamped_key[16..].copy_from_slice(&c);
        let by_new = Poly1305Aes::new(&clamped_key).expect("a clamped r is a key");
        let by_new_clamped = Poly1305Aes::new_clamped(&key);
        let n = Nonce::from_bytes(nonce);
        let want = reference::poly1305_aes(&k, &c, &nonce, &msg).unwrap();
        prop_assert_eq!(by_new.authenticate(&n, &msg), want);
        prop_assert_eq!(by_new_clamped.authenticate(&n, &msg), want);
    }
}

#[test]
fn every_single_forbidden_bit_is_rejected_and_clamped_away() {
    let ok = {
        let mut r = [0xffu8; 16];
        clamp_r(&mut r);
        r
    };
    let mut key = [0x5au8; 32];
    key[16..].copy_from_slice(&ok);
    assert!(Poly1305Aes::new(&key).is_ok());
    let mut forbidden = 0;
    for byte in 0..16 {
        for bit in 0..8 {
            let mut r = ok;
            r[byte] |= 1 << bit;
            if r == ok {
                continue;
            }
            forbidden += 1;
            key[16..].copy_from_slice(&r);
            assert!(
                matches!(Poly1305Aes::new(&key), Err(Error::InvalidKey { .. })),
                "byte {byte} bit {bit}"
            );
            clamp_r(&mut r);
            assert_eq!(r, ok);
        }
    }
    assert_eq!(forbidden, 128 - 106);
}
