//! The UMAC checks both UMAC targets make (`umac`, `umac_long`): one tag
//! computed every way the crate offers on the chosen NH backend against
//! the portable backend's one-shot tag, and that against the reference.

use uhash::umac::{Engine32, Tag, Umac, UmacNonce};
use uhash_ref::umac as reference;

/// `Umac<TAG, ITERS>` on `e`: one-shot, streamed in `splits`, through a
/// session and by `verify` must give the portable backend's tag, which
/// must be the reference's where `check_reference`; a nonce of another
/// length under the same key is a typed error (RFC 4418 zero-pads nonces:
/// `04` and `04 00` would share a pad).
pub fn tags<const TAG: usize, const ITERS: usize>(
    e: Engine32,
    key: &[u8; 16],
    nonce: &UmacNonce,
    msg: &[u8],
    splits: &[usize],
    check_reference: bool,
) {
    let nlen = nonce.as_bytes().len();
    let make = |e| {
        Umac::<TAG, ITERS>::new_with_engine(key, e)
            .for_nonce_len(nlen)
            .unwrap()
    };
    let want = make(Engine32::portable()).authenticate(nonce, msg).unwrap();
    if check_reference {
        let r = reference::umac(key, nonce.as_bytes(), msg, TAG).unwrap();
        assert_eq!(want.as_bytes()[..], r[..], "portable len {}", msg.len());
    }
    let mac = make(e);
    let tag = mac.authenticate(nonce, msg).unwrap();
    assert_eq!(tag, want, "{e} len {}", msg.len());
    let other = UmacNonce::from_slice(&[0; 17][..if nlen == 16 { 1 } else { nlen + 1 }]).unwrap();
    assert!(matches!(
        mac.authenticate(&other, msg),
        Err(uhash::umac::Error::InvalidNonceLength { .. })
    ));
    let mut st = mac.start();
    crate::feed(msg, splits, |piece| st.update(piece).unwrap());
    assert_eq!(st.finalize(nonce), Ok(tag), "{e} split {splits:?}");
    let mut session = mac.session();
    assert_eq!(session.authenticate(nonce, msg), Ok(tag), "{e} session");
    let received = Tag::<TAG>::from_slice(want.as_bytes()).unwrap();
    assert!(mac.verify(nonce, msg, &received).is_ok());
}

/// [`tags`] for a tag of `taglen` (4, 8, 12 or 16) bytes.
pub fn tags_of_len(
    taglen: usize,
    e: Engine32,
    key: &[u8; 16],
    nonce: &UmacNonce,
    msg: &[u8],
    splits: &[usize],
    check_reference: bool,
) {
    match taglen {
        4 => tags::<4, 1>(e, key, nonce, msg, splits, check_reference),
        8 => tags::<8, 2>(e, key, nonce, msg, splits, check_reference),
        12 => tags::<12, 3>(e, key, nonce, msg, splits, check_reference),
        _ => tags::<16, 4>(e, key, nonce, msg, splits, check_reference),
    }
}
