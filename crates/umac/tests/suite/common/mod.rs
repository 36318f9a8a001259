//! Shared by the test files: the published vectors, the four MAC types
//! behind one trait, every engine.
#![allow(dead_code)]

use uhash_testkit::vectors;
use umac::{Engine32, Tag, Umac32, Umac64, Umac96, Umac128, UmacNonce};

/// One published record.
pub struct Vector {
    pub at: String,
    pub key: [u8; 16],
    pub nonce: Vec<u8>,
    pub msg_unit: Vec<u8>,
    pub msg_len: usize,
    pub taglen: usize,
    pub out: Vec<u8>,
}

impl Vector {
    /// The whole message (`msg` repeated up to `msg_len`).
    pub fn msg(&self) -> Vec<u8> {
        self.msg_unit
            .iter()
            .copied()
            .cycle()
            .take(self.msg_len)
            .collect()
    }
}

/// The 152 records of `tests/vectors/umac{32,64,96,128}_rfc4418.jsonl`.
pub fn vectors() -> Vec<Vector> {
    let mut out = Vec::new();
    for taglen in [4, 8, 12, 16] {
        let file = format!("umac{}", 8 * taglen);
        let name = format!("{file}_rfc4418.jsonl");
        for (n, v) in vectors::read(&name).into_iter().enumerate() {
            let at = format!("{name}: record {}", n + 1);
            assert_eq!(v["fn"], file, "{at}");
            assert!(
                v["src"].as_str().is_some_and(|s| !s.is_empty()),
                "{at}: src"
            );
            out.push(Vector {
                key: vectors::hex_n(&v, "key"),
                nonce: vectors::hex(&v, "nonce"),
                msg_unit: vectors::hex(&v, "msg"),
                msg_len: v["msg_len"].as_u64().expect("msg_len") as usize,
                taglen,
                out: vectors::hex(&v, "out"),
                at,
            });
        }
    }
    out
}

/// Every engine of the NH kernels this CPU and build run.
pub fn engines() -> Vec<Engine32> {
    Engine32::all_supported().collect()
}

/// The four MAC types behind one interface (tags as byte vectors).
pub trait Mac: Sized {
    const TAG: usize;
    fn keyed(key: &[u8; 16], e: Engine32) -> Self;
    fn tag(&self, nonce: &UmacNonce, msg: &[u8]) -> Vec<u8>;
    /// Streaming, `msg` cut at `cuts` (sorted offsets).
    fn streamed(&self, nonce: &UmacNonce, msg: &[u8], cuts: &[usize]) -> Vec<u8>;
    /// Through a session, for each nonce in turn.
    fn session_tags(&self, nonces: &[UmacNonce], msg: &[u8]) -> Vec<Vec<u8>>;
    fn verifies(&self, nonce: &UmacNonce, msg: &[u8], tag: &[u8]) -> bool;
}

/// `mac` (a clone) for nonces of `nonce`'s length (each key takes one).
fn for_nonce<M: Clone + ForNonceLen>(mac: &M, nonce: &UmacNonce) -> M {
    mac.clone().nonce_len_of(nonce.as_bytes().len())
}

/// The MAC types' `for_nonce_len`, behind one trait.
pub trait ForNonceLen: Sized {
    fn nonce_len_of(self, len: usize) -> Self;
}

macro_rules! mac {
    ($t:ty, $n:literal) => {
        impl ForNonceLen for $t {
            fn nonce_len_of(self, len: usize) -> Self {
                self.for_nonce_len(len).unwrap()
            }
        }

        impl Mac for $t {
            const TAG: usize = $n;
            fn keyed(key: &[u8; 16], e: Engine32) -> Self {
                <$t>::new_with_engine(key, e)
            }
            fn tag(&self, nonce: &UmacNonce, msg: &[u8]) -> Vec<u8> {
                let mac = for_nonce(self, nonce);
                mac.authenticate(nonce, msg).unwrap().as_bytes().to_vec()
            }
            fn streamed(&self, nonce: &UmacNonce, msg: &[u8], cuts: &[usize]) -> Vec<u8> {
                let mac = for_nonce(self, nonce);
                let mut s = mac.start();
                let mut at = 0;
                for &c in cuts.iter().chain([&msg.len()]) {
                    let c = c.clamp(at, msg.len());
                    s.update(&msg[at..c]).unwrap();
                    at = c;
                }
                s.finalize(nonce).unwrap().as_bytes().to_vec()
            }
            fn session_tags(&self, nonces: &[UmacNonce], msg: &[u8]) -> Vec<Vec<u8>> {
                let Some(first) = nonces.first() else {
                    return Vec::new();
                };
                let mac = for_nonce(self, first);
                let mut session = mac.session();
                nonces
                    .iter()
                    .map(|n| session.authenticate(n, msg).unwrap().as_bytes().to_vec())
                    .collect()
            }
            fn verifies(&self, nonce: &UmacNonce, msg: &[u8], tag: &[u8]) -> bool {
                let tag = Tag::<$n>::from_slice(tag).unwrap();
                for_nonce(self, nonce).verify(nonce, msg, &tag).is_ok()
            }
        }
    };
}

mac!(Umac32, 4);
mac!(Umac64, 8);
mac!(Umac96, 12);
mac!(Umac128, 16);

/// Runs `$body` with `$M` bound to the MAC type of `taglen` bytes.
#[macro_export]
macro_rules! with_mac {
    ($taglen:expr, $M:ident => $body:expr) => {
        match $taglen {
            4 => {
                type $M = umac::Umac32;
                $body
            }
            8 => {
                type $M = umac::Umac64;
                $body
            }
            12 => {
                type $M = umac::Umac96;
                $body
            }
            _ => {
                type $M = umac::Umac128;
                $body
            }
        }
    };
}

/// Pseudo-random bytes (xorshift64*), deterministic.
#[allow(unused_imports)] // not every test file uses it
pub use uhash_testkit::data::filled as bytes;

/// The tag of the reference, `uhash_ref::umac::umac`.
pub fn reference(key: &[u8; 16], nonce: &[u8], msg: &[u8], taglen: usize) -> Vec<u8> {
    uhash_ref::umac::umac(key, nonce, msg, taglen).expect("valid arguments")
}

/// Whether the long (16 MiB) comparisons with the reference run here:
/// natively on x86-64, elsewhere (CI runs those targets under qemu-user)
/// only with `UHASH_LONG=1`.
pub fn long_tests() -> bool {
    cfg!(target_arch = "x86_64") || std::env::var("UHASH_LONG").is_ok_and(|v| v == "1")
}
