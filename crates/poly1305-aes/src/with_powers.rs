//! [`Poly1305WithPowers`]: the opt-in long-term key that keeps the powers
//! of r between messages.

use core::fmt;

use crate::Error;
use crate::final_steps::finish;
use crate::kernels::{Kernels, Powers, partial};
use crate::mac::{MacTag, Poly1305With, Poly1305WithState, ct_check};
use crate::nonce::Nonce;
use crate::pad::{Aes128Pad, PadCipher};

/// Opt-in: a long-term [`Poly1305With`] key that also keeps the powers
/// r^1..r^16 its backend uses (the IFMA backends; the others keep none),
/// computed once here instead of per message. This trades the paper's key
/// agility (nothing precomputed, a key is as cheap as its use) for speed on
/// many medium-length messages under one key; the tags are identical.
/// The powers are wiped on drop.
#[derive(Clone)]
pub struct Poly1305WithPowers<C: PadCipher> {
    mac: Poly1305With<C>,
    /// Zeros where the backend keeps no powers (`ready` false): a plain
    /// value, not an `Option` (see `State`).
    powers: Powers,
    ready: bool,
}

/// [`Poly1305WithPowers`] over AES-128.
pub type Poly1305AesWithPowers = Poly1305WithPowers<Aes128Pad>;

impl<C: PadCipher> Poly1305WithPowers<C> {
    /// Precomputes the powers of `mac`'s r for its backend.
    #[must_use]
    pub fn new(mac: Poly1305With<C>) -> Self {
        let mut powers = Powers::ZERO;
        let (r, engine) = mac.key();
        let ready = engine.key_powers(r, &mut powers);
        Self { mac, powers, ready }
    }

    /// The stored powers, if the backend keeps any.
    fn powers(&self) -> Option<&Powers> {
        self.ready.then_some(&self.powers)
    }

    /// The key without the stored powers.
    #[must_use]
    pub fn key(&self) -> &Poly1305With<C> {
        &self.mac
    }

    /// The authenticator of `msg` under `nonce` (as
    /// [`Poly1305With::authenticate`]).
    #[inline]
    #[must_use]
    pub fn authenticate(&self, nonce: &Nonce, msg: &[u8]) -> MacTag {
        let (r, engine) = self.mac.key();
        let mut h = [0u64; 3];
        let full = msg.len() & !15;
        engine.absorb(&mut h, r, self.powers(), &msg[..full]);
        partial(engine, &mut h, r, &msg[full..]);
        let tag = finish(&h, self.mac.pad(nonce));
        zeroize::Zeroize::zeroize(&mut h);
        MacTag::from_bytes(tag)
    }

    /// Constant-time check that `tag` authenticates `msg` under `nonce`.
    ///
    /// # Errors
    /// [`Error::TagMismatch`] if it does not.
    pub fn verify(&self, nonce: &Nonce, msg: &[u8], tag: &MacTag) -> Result<(), Error> {
        ct_check(&self.authenticate(nonce, msg), tag)
    }

    /// An incremental computation with the stored powers (lent to the
    /// state).
    #[must_use]
    pub fn start(&self) -> Poly1305WithState<'_, C> {
        self.mac.start_with(self.powers())
    }
}

impl<C: PadCipher> Drop for Poly1305WithPowers<C> {
    fn drop(&mut self) {
        // Zeros unless computed (the flag is not secret).
        if self.ready {
            zeroize::Zeroize::zeroize(&mut self.powers);
        }
    }
}

impl<C: PadCipher> fmt::Debug for Poly1305WithPowers<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Poly1305WithPowers")
            .field("backend", &self.mac.backend())
            .finish_non_exhaustive()
    }
}
