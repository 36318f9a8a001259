//! Differential fuzzing of the `umac` crate (RFC 4418) against the
//! big-integer reference `uhash_ref::umac`: the input chooses the NH
//! backend (any `uhash::mmh::Engine32` this CPU and build run), a key, a tag
//! size, a nonce of 1 to 16 bytes, up to four split points and a message
//! of up to 40 KiB expanded from a short description (so L1 runs over many
//! 1 KiB chunks and L2's POLY over their outputs), optionally behind a
//! chunk built so that one iteration's L1 output lands in POLY's escape
//! range (which random input reaches with probability 2^-32); the backend
//! must give the reference tag one-shot, streamed in the given split,
//! through a session, and verify it; RFC 4418's NH kernel
//! (`uhash::mmh::Engine32::nh_umac_toeplitz`) must equal the reference NH. Bad
//! nonce lengths must be typed errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use uhash::mmh::Engine32;
use uhash::umac::{Tag, Umac32, Umac64, Umac96, Umac128, UmacNonce};
use uhash_fuzz::{Input, feed, message, pick, splits};
use uhash_ref::umac as reference;
use uhash_testkit::umac::{escaping_chunk, l1_key};

/// The longest message: 40 L1 chunks.
const MAX_MSG: usize = 40 * 1024;

macro_rules! check {
    ($ty:ident, $t:literal, $e:expr, $key:expr, $nonce:expr, $msg:expr, $splits:expr) => {{
        let e = $e;
        let want = reference::umac($key, $nonce.as_bytes(), $msg, $t).unwrap();
        let nlen = $nonce.as_bytes().len();
        let mac = $ty::new_with_engine($key, e).for_nonce_len(nlen).unwrap();
        let tag = mac.authenticate(&$nonce, $msg).unwrap();
        // A nonce of another length under this key is a typed error (RFC
        // 4418 zero-pads nonces: `04` and `04 00` would share a pad).
        let other = UmacNonce::from_slice(&[0; 17][..if nlen == 16 { 1 } else { nlen + 1 }]).unwrap();
        assert!(matches!(
            mac.authenticate(&other, $msg),
            Err(uhash::umac::Error::InvalidNonceLength { .. })
        ));
        assert_eq!(tag.as_bytes()[..], want[..], "{e} len {}", $msg.len());
        let mut st = mac.start();
        feed($msg, $splits, |piece| st.update(piece).unwrap());
        assert_eq!(st.finalize(&$nonce), Ok(tag), "{e} split {:?}", $splits);
        let mut session = mac.session();
        assert_eq!(session.authenticate(&$nonce, $msg), Ok(tag), "{e} session");
        let received = Tag::<$t>::from_slice(&want).unwrap();
        assert!(mac.verify(&$nonce, $msg, &received).is_ok());
    }};
}

fuzz_target!(|data: &[u8]| {
    let mut inp = Input::new(data);
    let engines: Vec<Engine32> = Engine32::all_supported().collect();
    let Some(e) = pick(&mut inp, &engines) else {
        return;
    };
    let key: [u8; 16] = inp.array();
    let (ctrl, nlen) = (inp.byte(), usize::from(inp.byte() % 17));
    // A nonce of 0 or 17 bytes is a typed error; 1..=16 are nonces.
    if nlen == 0 {
        assert!(UmacNonce::from_slice(&[]).is_err());
        assert!(UmacNonce::from_slice(&[0; 17]).is_err());
        return;
    }
    let nonce: [u8; 16] = inp.array();
    let nonce = UmacNonce::from_slice(&nonce[..nlen]).unwrap();
    let cuts: [u8; 4] = inp.array();
    let mut msg = message(&mut inp, MAX_MSG, 1024);
    let taglen = 4 * (1 + usize::from(ctrl & 3));
    if ctrl & 0x20 != 0 {
        let mut m = escaping_chunk(&key, usize::from(ctrl >> 6) % (taglen / 4));
        m.extend_from_slice(&msg);
        msg = m;
    }
    let splits = splits(cuts, msg.len(), 1024);
    let msg = &msg[..];
    match taglen {
        4 => check!(Umac32, 4, e, &key, nonce, msg, &splits),
        8 => check!(Umac64, 8, e, &key, nonce, msg, &splits),
        12 => check!(Umac96, 12, e, &key, nonce, msg, &splits),
        _ => check!(Umac128, 16, e, &key, nonce, msg, &splits),
    }
    // The NH kernel on the message's whole blocks (up to 4 KiB),
    // four iterations.
    let blocks = (msg.len() / 32).min(128);
    if blocks > 0 {
        let k = l1_key(&key, 0);
        let kw: Vec<u32> = k.iter().copied().cycle().take(8 * blocks + 12).collect();
        let kb: Vec<u8> = kw.iter().flat_map(|w| w.to_be_bytes()).collect();
        let mut out = [0u64; 4];
        e.nh_umac_toeplitz(&kw, &msg[..32 * blocks], &mut out)
            .unwrap();
        for (r, o) in out.iter().enumerate() {
            let want = reference::nh(&kb[16 * r..16 * r + 32 * blocks], &msg[..32 * blocks]);
            assert_eq!(Ok(*o), want, "{e} window {r}");
        }
    }
});
