//! The targets of a `uhash_base::long::SeededHash` type (mmh, digest-mw and
//! sqh name instances of it, so they share these): its one-shot and streaming
//! hash, and its Wegman–Carter MAC (authenticate, verify, streaming
//! finalize and verify), keyed from the 16-byte seed on a forced backend.

use uhash_base::Backend;
use uhash_base::mac::{MacHash, MacNonce, WegmanCarter};

use super::{Target, array, pieces, verdict};

/// Message lengths of the long hashes: empty, short, past the vector
/// kernels' blocks, and one full 16 KiB chunk plus a partial one.
pub(crate) const LONG_LENS: &[usize] = &[0, 33, 1031, 16384 + 100];

/// What the targets need of a long hash type beyond [`MacHash`].
pub(crate) trait LongType: MacHash + 'static {
    /// Its engine.
    type Engine: Copy + 'static;
    /// The type's name.
    const NAME: &'static str;
    /// `from_seed_with_engine`.
    fn keyed(seed: &[u8; 16], e: Self::Engine) -> Self;
    /// `compute`.
    fn one_shot(&self, msg: &[u8]) -> Vec<u8>;
    /// `update` in three pieces, then `finalize`.
    fn streamed(self, msg: &[u8]) -> Vec<u8>;
}

/// Implements [`LongType`] for `SeededHash` types.
macro_rules! long_types {
    ($engine:ty: $($t:ident)+) => {$(
        impl $crate::ct::long::LongType for $t {
            type Engine = $engine;
            const NAME: &'static str = stringify!($t);
            fn keyed(seed: &[u8; 16], e: $engine) -> Self {
                $t::from_seed_with_engine(seed, e)
            }
            fn one_shot(&self, msg: &[u8]) -> Vec<u8> {
                self.compute(msg).to_vec()
            }
            fn streamed(mut self, msg: &[u8]) -> Vec<u8> {
                for p in $crate::ct::pieces(msg) {
                    self.update(p);
                }
                self.finalize().to_vec()
            }
        }
    )+};
}
pub(crate) use long_types;

/// The MAC over `T` on engine `e`, every key from the seed (as
/// `WegmanCarter::from_seed`, with the hash forced onto `e`).
fn mac<T: LongType>(seed: &[u8], e: T::Engine) -> WegmanCarter<T> {
    let seed = array::<16>(seed);
    let hash_seed = uhash_base::mac::hash_seed::<T>(&seed);
    let pad = uhash_base::mac::pad_key::<T>(&seed);
    WegmanCarter::new(T::keyed(&hash_seed, e), &pad)
}

/// The hash's use: `compute`, and the same streamed in three pieces
/// through its MAC state (`LongState`, as `update`/`finalize`).
fn use_hash<T: LongType>(h: &T, msg: &[u8]) -> Vec<u8> {
    let mut v = h.one_shot(msg);
    let mut st = h.new_state();
    for p in pieces(msg) {
        h.absorb(&mut st, p);
    }
    v.extend(h.finish(&mut st).as_ref());
    v
}

/// The MAC's use: authenticate, verify, and both streamed.
fn use_mac<T: LongType>(m: &WegmanCarter<T>, nonce: &[u8], msg: &[u8]) -> Vec<u8> {
    let n = MacNonce::from_bytes(array(nonce));
    let tag = m.authenticate(&n, msg);
    let mut v = tag.as_ref().to_vec();
    v.push(verdict(&m.verify(&n, msg, &tag)));
    let mut s = m.start();
    for p in pieces(msg) {
        s.update(p);
    }
    v.extend(s.finalize(&n).as_ref());
    let mut s = m.start();
    for p in pieces(msg) {
        s.update(p);
    }
    v.push(verdict(&s.verify(&n, &tag)));
    v
}

/// The hash and MAC targets of `T` on `e` (backend `b`).
pub(crate) fn targets<T: LongType>(
    out: &mut Vec<Target>,
    family: &'static str,
    e: T::Engine,
    b: Backend,
) {
    out.push(
        Target::new(
            family,
            format!(
                "{}::{{from_seed_with_engine, compute, update, finalize}}",
                T::NAME
            ),
            b.name(),
            16,
            0,
            LONG_LENS,
            move |i| {
                let h = T::keyed(&array(i.key), e);
                let mut v = use_hash(&h, i.msg);
                v.extend(h.streamed(i.msg));
                v
            },
        )
        .with_keyed(move |key| {
            let h = T::keyed(&array(key), e);
            Box::new(move |_, msg| use_hash(&h, msg))
        }),
    );
    out.push(
        Target::new(
            family,
            format!(
                "WegmanCarter<{}>::{{authenticate, verify, start/update/finalize, start/update/verify}}",
                T::NAME
            ),
            b.name(),
            16,
            12,
            LONG_LENS,
            move |i| use_mac(&mac::<T>(i.key, e), i.nonce, i.msg),
        )
        .with_keyed(move |key| {
            let m = mac::<T>(key, e);
            Box::new(move |nonce, msg| use_mac(&m, nonce, msg))
        }),
    );
}
