//! The short code of the §5 pairwise manual-authentication protocol:
//! digest′(k*, ⟨m_A, m_B⟩), with the pair of messages framed.
//!
//! ```text
//! pair_code(b, k*, m_A, m_B) = digest′_b(k*, LE64(|m_A|) ‖ m_A ‖ LE64(|m_B|) ‖ m_B)
//! ```
//!
//! # Why the framing
//! The paper writes the hashed data as m_A ‖ m_B. Hashing the bare
//! concatenation is forgeable with probability 1: an attacker on the normal
//! link who appends X to m_A on its way to B, and prepends the same X to
//! m_B on its way to A, makes A hash m_A ‖ (X ‖ m_B) and B hash
//! (m_A ‖ X) ‖ m_B — the same bytes, so the two devices show equal codes
//! while each holds a message the other never sent. With each message
//! preceded by its length as a fixed-size integer, two different pairs
//! (m_A, m_B) ≠ (m_A′, m_B′) are always two different byte strings (the
//! encoding is injective: the first 8 bytes fix where m_A ends), so the
//! codes of different pairs collide only with digest′'s probability
//! (Theorem 4: 2^(1−b) + θ_c). `tests/suite/manual_auth.rs` runs the attack.

use uhash_base::Error;

use crate::digest_prime::DigestPrime;
use crate::short_code::ShortCode;

/// digest′ with word width `b` ∈ {16, 32} under `key` = k₁ ‖ k₂ of the
/// framed pair `LE64(|m_A|) ‖ m_A ‖ LE64(|m_B|) ‖ m_B` (see the
/// [module docs](self) for why it is framed).
///
/// # Errors
/// As [`DigestPrime::from_key`]: [`Error::InvalidParameter`] for another
/// `b`, [`Error::InvalidKeyLength`] for a key shorter than k₁ plus 10 bytes.
pub fn pair_code(b: u32, key: &[u8], m_a: &[u8], m_b: &[u8]) -> Result<ShortCode, Error> {
    let mut d = DigestPrime::from_key(b, key)?;
    for m in [m_a, m_b] {
        d.update(&(m.len() as u64).to_le_bytes()).update(m);
    }
    Ok(d.finalize())
}
