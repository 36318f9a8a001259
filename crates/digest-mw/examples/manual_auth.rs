//! The pairwise manual authentication protocol of Nguyen–Roscoe §5, run
//! between two parties in one process, with digest′ (b = 32) as the short
//! universal hash h:
//!
//! ```text
//! 1. A →N B : m_A, hash(A ‖ k_A)        (commit to k_A)
//! 2. B →N A : m_B, k_B
//! 3. A →N B : k_A                       (open; B checks the commitment)
//! 4. A ←E→ B: h(k*, ⟨m_A, m_B⟩),  k* = k_A ⊕ k_B
//! ```
//!
//! ⟨m_A, m_B⟩ = LE64(|m_A|) ‖ m_A ‖ LE64(|m_B|) ‖ m_B
//! ([`digest_mw::manual_auth::pair_code`]): with the bare m_A ‖ m_B an
//! attacker who appends X to m_A on its way to B and prepends X to m_B on
//! its way to A makes both devices hash the same bytes and show equal codes.
//!
//! →N is the normal link (an attacker may change anything on it), ←E→ the
//! empirical channel: the two owners read the short codes to each other and
//! compare them. k_A and k_B are fresh random keys of 256 + 32 + 128 bits
//! (k₁ ‖ k₂ of digest′ with a 128-bit k₂), so k* is fresh in every run.
//!
//! `cargo run -p digest-mw --example manual_auth` runs an honest exchange,
//! one where an attacker replaces m_A on the normal link, and the
//! append/prepend attack above; the test `tests/suite/manual_auth.rs` runs the
//! same code with fixed keys.

use digest_mw::K1_BYTES_32;
use digest_mw::ShortCode;
use digest_mw::manual_auth::pair_code;
use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq;

/// k = k₁ (36 bytes for b = 32) ‖ k₂ (16 bytes).
pub const KEY_BYTES: usize = K1_BYTES_32 + 16;

/// What an attacker on the normal link may do to a message's data.
pub type Tamper<'a> = &'a dyn Fn(&mut Vec<u8>);

/// What an attacker on the normal link may do to the opened k_A.
pub type TamperKey<'a> = &'a dyn Fn(&mut [u8; KEY_BYTES]);

/// The outcome of one run: the code each owner sees, or why B aborted.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both computed a code; the owners compare them.
    Codes {
        /// The code A's device shows.
        a: ShortCode,
        /// The code B's device shows.
        b: ShortCode,
    },
    /// The opened k_A does not match the commitment.
    BadCommitment,
}

/// The commitment hash(A ‖ k_A) (SHA-256 of the identity and the key).
fn commit(id: &[u8], key: &[u8; KEY_BYTES]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(id);
    h.update(key);
    h.finalize().into()
}

/// digest′(k_A ⊕ k_B, ⟨m_A, m_B⟩).
fn code(ka: &[u8; KEY_BYTES], kb: &[u8; KEY_BYTES], ma: &[u8], mb: &[u8]) -> ShortCode {
    let mut k = [0u8; KEY_BYTES];
    for (k, (a, b)) in k.iter_mut().zip(ka.iter().zip(kb)) {
        *k = a ^ b;
    }
    let out = pair_code(32, &k, ma, mb).expect("a 52-byte key is k1 (36) ‖ k2 (16)");
    k.fill(0);
    out
}

/// What the attacker on the normal link does in one run.
#[derive(Clone, Copy, Default)]
pub struct Attack<'a> {
    /// Changes m_A on its way to B.
    pub ma_to_b: Option<Tamper<'a>>,
    /// Changes m_B on its way to A.
    pub mb_to_a: Option<Tamper<'a>>,
    /// Changes the opened k_A on its way to B.
    pub ka_to_b: Option<TamperKey<'a>>,
}

/// One run of the protocol under `attack`.
pub fn run(
    ma: &[u8],
    mb: &[u8],
    ka: &[u8; KEY_BYTES],
    kb: &[u8; KEY_BYTES],
    attack: Attack<'_>,
) -> Outcome {
    // 1. A → B: m_A, hash(A ‖ k_A).
    let c = commit(b"A", ka);
    let mut ma_at_b = ma.to_vec();
    if let Some(t) = attack.ma_to_b {
        t(&mut ma_at_b);
    }
    // 2. B → A: m_B, k_B (A now knows k_B; B cannot change it any more).
    let mut mb_at_a = mb.to_vec();
    if let Some(t) = attack.mb_to_a {
        t(&mut mb_at_a);
    }
    let kb_at_a = *kb;
    // 3. A → B: k_A; B checks it against the commitment.
    let mut ka_at_b = *ka;
    if let Some(t) = attack.ka_to_b {
        t(&mut ka_at_b);
    }
    if !bool::from(commit(b"A", &ka_at_b).ct_eq(&c)) {
        return Outcome::BadCommitment;
    }
    // 4. Both compute h(k*, ⟨m_A, m_B⟩) from what they hold.
    Outcome::Codes {
        a: code(ka, &kb_at_a, ma, &mb_at_a),
        b: code(&ka_at_b, kb, &ma_at_b, mb),
    }
}

/// Fresh key bytes from the operating system (Unix `/dev/urandom`).
#[allow(dead_code)]
fn random_key() -> std::io::Result<[u8; KEY_BYTES]> {
    use std::io::Read;
    let mut k = [0u8; KEY_BYTES];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut k)?;
    Ok(k)
}

#[allow(dead_code)]
fn main() -> std::io::Result<()> {
    demo()
}

/// The three runs `main` prints: an honest one, one where m_A is replaced
/// on the normal link, and one where bytes are moved from m_B to m_A.
pub fn demo() -> std::io::Result<()> {
    let ma = b"A's public key: 3059301306072a8648ce3d0201...".to_vec();
    let mb = b"B's public key: 30593013060a2a8648ce3d0301...".to_vec();
    let swap: Tamper<'_> = &|m: &mut Vec<u8>| m[16] ^= 1;
    let append: Tamper<'_> = &|m: &mut Vec<u8>| m.extend_from_slice(b"X");
    let prepend: Tamper<'_> = &|m: &mut Vec<u8>| m.insert(0, b'X');
    let runs = [
        ("honest run:  ", Attack::default()),
        (
            "m_A replaced:",
            Attack {
                ma_to_b: Some(swap),
                ..Attack::default()
            },
        ),
        (
            "X moved:     ",
            Attack {
                ma_to_b: Some(append),
                mb_to_a: Some(prepend),
                ..Attack::default()
            },
        ),
    ];
    for (name, attack) in runs {
        let (ka, kb) = (random_key()?, random_key()?);
        match run(&ma, &mb, &ka, &kb, attack) {
            Outcome::Codes { a, b } => {
                println!("{name} A reads {a}, B reads {b}: {}", verdict(a, b));
            }
            Outcome::BadCommitment => println!("{name} commitment failed"),
        }
    }
    Ok(())
}

#[allow(dead_code)]
fn verdict(a: ShortCode, b: ShortCode) -> &'static str {
    if a == b {
        "codes match, accept"
    } else {
        "codes differ, reject"
    }
}
