//! The nonce value and the token of a nonce handed out once (re-exported
//! by `nonce.rs`; the sequences that hand them out build on this file).

/// A 16-byte Poly1305-AES nonce (Bernstein §2 "Nonces"): the block that is
/// encrypted under the AES key `k` to give the one-time pad `AES_k(n)` —
/// the workspace's [`uhash_base::Nonce`] with 16 bytes.
///
/// Any 16 bytes are a valid nonce; what matters is that the sender never
/// uses one twice under the same key (see the [module docs](crate::nonce)). The
/// counter form [`Nonce::from_u128`] (or the checked
/// [`Nonce::from_counter`], which never fails for 16 bytes) reads the 16
/// bytes as an unsigned little-endian integer, so increasing counters are
/// the paper's "reverse-lexicographic order of 16-byte strings";
/// [`Nonce::to_counter`] is the inverse.
pub type Nonce = uhash_base::Nonce<16>;

/// A nonce handed out once by a sequence that never repeats
/// ([`crate::NonceCounter::next_fresh`], `PersistentNonces::next_fresh`),
/// for [`crate::IncrementalMac::tag`], which consumes it. It cannot be built from a
/// value, copied or cloned, so one token makes one tag (see the
/// [`crate::incremental`] docs).
#[derive(Debug, PartialEq, Eq)]
pub struct FreshNonce(Nonce);

impl FreshNonce {
    /// Wraps a nonce that its sequence hands out exactly once (crate-only:
    /// the sequences call it).
    pub(crate) const fn issued(n: Nonce) -> Self {
        Self(n)
    }

    /// The nonce's value (to send along with the tag; the token stays
    /// needed for the tag itself).
    #[must_use]
    pub fn nonce(&self) -> &Nonce {
        &self.0
    }

    /// The value, for the tag that consumes the token (crate-only).
    pub(crate) fn into_nonce(self) -> Nonce {
        self.0
    }
}
