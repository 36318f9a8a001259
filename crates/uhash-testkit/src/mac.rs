//! The paths of a Wegman–Carter MAC ([`WegmanCarter`]) over one message:
//! one-shot, streaming, verification and rejection; [`bit_flipped`], the
//! wrong tag of the rejection tests.

use uhash_base::mac::{MacHash, MacNonce, WegmanCarter};

/// The one-shot tag of `msg` under `nonce`, returned after checking that
/// it verifies; that the streaming state gives it, fed the first third of
/// the message and then the rest in pieces of 333 bytes; that a state fed
/// the whole message at once verifies it; and that the tag with its first
/// bit flipped is rejected.
pub fn wegman_carter_paths<H: MacHash>(
    mac: &WegmanCarter<H>,
    nonce: &MacNonce,
    msg: &[u8],
) -> H::Out {
    let tag = mac.authenticate(nonce, msg);
    assert!(mac.verify(nonce, msg, &tag).is_ok(), "one-shot verify");
    let mut st = mac.start();
    let (first, rest) = msg.split_at(msg.len() / 3);
    st.update(first);
    for piece in rest.chunks(333) {
        st.update(piece);
    }
    assert_eq!(st.finalize(nonce), tag, "streamed in pieces");
    let mut st = mac.start();
    st.update(msg);
    assert!(st.verify(nonce, &tag).is_ok(), "streaming verify");
    let bad = bit_flipped(tag, 0);
    assert!(mac.verify(nonce, msg, &bad).is_err(), "a flipped bit");
    tag
}

/// `tag` with its bit `bit` flipped (bit 0 is the low bit of byte 0): a
/// tag that must not verify.
#[must_use]
pub fn bit_flipped<T: AsMut<[u8]>>(mut tag: T, bit: usize) -> T {
    tag.as_mut()[bit / 8] ^= 1 << (bit % 8);
    tag
}
