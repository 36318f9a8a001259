//! `umac`: UMAC-32/64/96/128 (RFC 4418): key derivation, authenticate,
//! verify, streaming finalize and verify, and the session with its PDF
//! cache, on every backend of the NH engine; one message past 16 MiB per
//! type reaches POLY-128.

use umac::{Engine32, Umac, Umac32, Umac64, Umac96, Umac128, UmacNonce};

use super::{Target, array, pieces, verdict};

const F: &str = "umac";

/// Empty, one byte, one NH block, one L1 chunk, past it (POLY-64), a few
/// chunks with a tail.
const LENS: &[usize] = &[0, 1, 32, 1024, 1025, 3000 + 5];
/// Past 2^14 L1 chunks (16 MiB): POLY-128.
const POLY128: &[usize] = &[(1 << 24) + 1024 + 5];
/// Nonce bytes (OpenSSH's 8-byte counters).
const NONCE: usize = 8;

/// The nonce bits that stay secret for a tag of `tag_bytes`: all but the
/// pad index in the low bits of the last byte (2 bits for UMAC-32, 1 for
/// UMAC-64, none above).
fn index_public(tag_bytes: usize) -> Vec<u8> {
    let mut m = vec![0xff; NONCE];
    m[NONCE - 1] = match tag_bytes {
        4 => 0xfc,
        8 => 0xfe,
        _ => 0xff,
    };
    m
}

/// Why the pad index bits are public.
const INDEX_NOTE: &str = "RFC 4418 §3.3: the low bits of the nonce (public) choose the pad's words in the AES block (UMAC-32: 2 bits, UMAC-64: 1)";

/// The nonce as the MAC takes it.
fn nonce(b: &[u8]) -> UmacNonce {
    UmacNonce::from_slice(b).expect("nonce length")
}

/// The four UMAC types, for the targets.
trait UmacType: 'static {
    const NAME: &'static str;
    const TAG_BYTES: usize;
    /// `new_with_engine`.
    fn keyed(key: &[u8], e: Engine32) -> Self;
    /// `authenticate`.
    fn tag(&self, n: &UmacNonce, msg: &[u8]) -> Vec<u8>;
    /// authenticate, verify, and both streamed in three pieces.
    fn use_mac(&self, n: &UmacNonce, msg: &[u8]) -> Vec<u8>;
    /// A session: authenticate and verify under `n`, finalize a streamed
    /// message under `next`.
    fn use_session(&self, n: &UmacNonce, next: &UmacNonce, msg: &[u8]) -> Vec<u8>;
}

impl<const TAG: usize, const ITERS: usize> UmacType for Umac<TAG, ITERS> {
    const NAME: &'static str = match TAG {
        4 => "Umac32",
        8 => "Umac64",
        12 => "Umac96",
        _ => "Umac128",
    };
    const TAG_BYTES: usize = TAG;
    fn keyed(key: &[u8], e: Engine32) -> Self {
        Self::new_with_engine(&array(key), e)
    }
    // The registry's nonces are 8-byte counters: the keys' length.
    fn tag(&self, n: &UmacNonce, msg: &[u8]) -> Vec<u8> {
        self.authenticate(n, msg)
            .expect("8-byte nonce")
            .as_bytes()
            .to_vec()
    }
    fn use_mac(&self, n: &UmacNonce, msg: &[u8]) -> Vec<u8> {
        let tag = self.authenticate(n, msg).expect("8-byte nonce");
        let mut v = tag.as_bytes().to_vec();
        v.push(verdict(&self.verify(n, msg, &tag)));
        let mut s = self.start();
        for p in pieces(msg) {
            s.update(p).expect("length");
        }
        v.extend(s.finalize(n).expect("8-byte nonce").as_bytes());
        let mut s = self.start();
        for p in pieces(msg) {
            s.update(p).expect("length");
        }
        v.push(verdict(&s.verify(n, &tag)));
        v
    }
    fn use_session(&self, n: &UmacNonce, next: &UmacNonce, msg: &[u8]) -> Vec<u8> {
        let mut session = self.session();
        let tag = session.authenticate(n, msg).expect("8-byte nonce");
        let mut v = tag.as_bytes().to_vec();
        v.push(verdict(&session.verify(n, msg, &tag)));
        let mut s = self.start();
        s.update(msg).expect("length");
        v.extend(session.finalize(s, next).expect("8-byte nonce").as_bytes());
        v
    }
}

/// The nonce after `n` (as a big-endian counter).
fn next(n: &[u8]) -> UmacNonce {
    UmacNonce::from_counter(u64::from_be_bytes(array(n)).wrapping_add(1))
}

/// The targets of UMAC type `T` on engine `e`.
fn targets_of<T: UmacType>(out: &mut Vec<Target>, e: Engine32) {
    let b = e.backend().name();
    out.push(
        Target::new(
            F,
            format!(
                "{}::{{new_with_engine, authenticate, verify, start/update/finalize, start/update/verify}}",
                T::NAME
            ),
            b,
            16,
            NONCE,
            LENS,
            move |i| T::keyed(i.key, e).use_mac(&nonce(i.nonce), i.msg),
        )
        .with_keyed(move |key| {
            let m = T::keyed(key, e);
            Box::new(move |n, msg| m.use_mac(&nonce(n), msg))
        })
        .with_public_nonce_bits(index_public(T::TAG_BYTES), INDEX_NOTE),
    );
    out.push(
        Target::new(
            F,
            format!("{}::session {{authenticate, verify, finalize}}", T::NAME),
            b,
            16,
            NONCE,
            LENS,
            move |i| T::keyed(i.key, e).use_session(&nonce(i.nonce), &next(i.nonce), i.msg),
        )
        .with_keyed(move |key| {
            let m = T::keyed(key, e);
            Box::new(move |n, msg| m.use_session(&nonce(n), &next(n), msg))
        })
        .with_public_nonce_bits(
            vec![0; NONCE],
            "the session's pad cache hits when the nonce's AES block is the last one: the nonce (public) decides",
        ),
    );
    if e.backend() == Engine32::detect().backend() {
        out.push(
            Target::new(
                F,
                format!("{}::authenticate (POLY-128)", T::NAME),
                b,
                16,
                NONCE,
                POLY128,
                move |i| T::keyed(i.key, e).tag(&nonce(i.nonce), i.msg),
            )
            .with_public_nonce_bits(index_public(T::TAG_BYTES), INDEX_NOTE),
        );
    }
}

/// The umac targets.
pub(super) fn targets(out: &mut Vec<Target>) {
    for e in Engine32::all_supported() {
        targets_of::<Umac32>(out, e);
        targets_of::<Umac64>(out, e);
        targets_of::<Umac96>(out, e);
        targets_of::<Umac128>(out, e);
    }
}
