//! Differential fuzzing of the `umac` crate (RFC 4418) against the
//! big-integer reference `uhash_ref::umac`: the fuzzer picks a key, a tag
//! size, a nonce of 1 to 16 bytes, up to four split points and a message
//! (up to ~5 KiB, or that message repeated past one chunk; optionally
//! behind a chunk built so that one iteration's L1 output lands in POLY's
//! escape range, which random input reaches with probability 2^-32); every
//! NH backend this CPU and build run must give the reference tag one-shot,
//! streamed in the given split, through a session, and verify it; RFC 4418's
//! NH kernels (`mmh::Engine32::nh_umac_toeplitz`) must equal the reference
//! NH. Bad nonce lengths must be typed errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mmh::Engine32;
use uhash_ref::umac as reference;
use umac::{Tag, Umac32, Umac64, Umac96, Umac128, UmacNonce};

/// The natural L1 key words of iteration `iter` (big-endian, as NH reads
/// them).
fn l1_words(key: &[u8; 16], iter: usize) -> Vec<u32> {
    reference::kdf(key, 1, 1024 + 48)[16 * iter..16 * iter + 1024]
        .chunks_exact(4)
        .map(|w| u32::from_be_bytes(w.try_into().unwrap()))
        .collect()
}

/// A chunk whose L1 output for iteration `iter` is in POLY's escape range
/// (NH = (2^32 − 1)² + 2·2^31, then + 8192 bits).
fn escaping_chunk(key: &[u8; 16], iter: usize) -> Vec<u8> {
    let k = l1_words(key, iter);
    let mut s = [0u32; 256];
    (s[0], s[4], s[1], s[5]) = (u32::MAX, u32::MAX, 2, 1 << 31);
    (0..256).flat_map(|i| s[i].wrapping_sub(k[i]).to_le_bytes()).collect()
}

macro_rules! check {
    ($ty:ident, $t:literal, $key:expr, $nonce:expr, $msg:expr, $splits:expr) => {{
        let want = reference::umac($key, $nonce.as_bytes(), $msg, $t).unwrap();
        for e in Engine32::all_supported() {
            let mac = $ty::new_with_engine($key, e);
            let tag = mac.authenticate(&$nonce, $msg);
            assert_eq!(tag.as_bytes()[..], want[..], "{e}");
            let mut st = mac.start();
            let mut at = 0;
            for &s in $splits {
                st.update(&$msg[at..s.max(at)]).unwrap();
                at = s.max(at);
            }
            st.update(&$msg[at..]).unwrap();
            assert_eq!(st.finalize(&$nonce), tag, "{e} split");
            let mut session = mac.session();
            assert_eq!(session.authenticate(&$nonce, $msg), tag, "{e} session");
            let received = Tag::<$t>::from_slice(&want).unwrap();
            assert!(mac.verify(&$nonce, $msg, &received).is_ok());
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 16 + 2 + 4 {
        return;
    }
    let (head, rest) = data.split_at(18);
    let key: [u8; 16] = head[..16].try_into().unwrap();
    let (ctrl, nlen) = (head[16], usize::from(head[17] % 17));
    // A nonce of 0 or 17 bytes is a typed error; 1..=16 are nonces.
    if nlen == 0 {
        assert!(UmacNonce::from_slice(&[]).is_err());
        assert!(UmacNonce::from_slice(&data[..17]).is_err());
        return;
    }
    if rest.len() < nlen + 4 {
        return;
    }
    let (nonce, rest) = rest.split_at(nlen);
    let nonce = UmacNonce::from_slice(nonce).unwrap();
    let (cuts, msg) = rest.split_at(4);
    let mut msg = msg[..msg.len().min(5000)].to_vec();
    if ctrl & 0x10 != 0 {
        // Past one chunk and more: the message repeated.
        let unit = msg.clone();
        while !unit.is_empty() && msg.len() < 3000 {
            msg.extend_from_slice(&unit);
        }
    }
    let taglen = 4 * (1 + usize::from(ctrl & 3));
    if ctrl & 0x20 != 0 {
        let mut m = escaping_chunk(&key, usize::from(ctrl >> 6) % (taglen / 4));
        m.extend_from_slice(&msg);
        msg = m;
    }
    let mut splits: Vec<usize> = cuts.iter().map(|&c| c as usize * msg.len() / 255).collect();
    splits.sort_unstable();
    let msg = &msg[..];
    match taglen {
        4 => check!(Umac32, 4, &key, nonce, msg, &splits),
        8 => check!(Umac64, 8, &key, nonce, msg, &splits),
        12 => check!(Umac96, 12, &key, nonce, msg, &splits),
        _ => check!(Umac128, 16, &key, nonce, msg, &splits),
    }
    // The NH kernels on the message's whole blocks, four iterations.
    let blocks = msg.len() / 32;
    if blocks > 0 {
        let k = l1_words(&key, 0);
        let kw: Vec<u32> = k.iter().copied().cycle().take(8 * blocks + 12).collect();
        let kb: Vec<u8> = kw.iter().flat_map(|w| w.to_be_bytes()).collect();
        for e in Engine32::all_supported() {
            let mut out = [0u64; 4];
            e.nh_umac_toeplitz(&kw, &msg[..32 * blocks], &mut out).unwrap();
            for (r, o) in out.iter().enumerate() {
                let want = reference::nh(&kb[16 * r..16 * r + 32 * blocks], &msg[..32 * blocks]);
                assert_eq!(Ok(*o), want, "{e} window {r}");
            }
        }
    }
});
