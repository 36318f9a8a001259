//! Incremental Poly1305-AES (paper §1: "Poly1305-AES is … incremental"):
//! after one chunk of a long message changes, the new polynomial value in
//! O(log L) multiplications, and a new tag — only under a fresh nonce.
//!
//! The polynomial value of a message of q chunks is
//! H = Σ cᵢ·r^(q−i+1) mod p (chunks numbered from 1, p = 2^130 − 5; the
//! full value below p, not the 16-byte tag). It is linear in the chunks: if
//! chunk i changes from c to c′ (same length, so the same padding bit),
//!
//! H′ = H + (c′ − c)·r^(q−i+1) mod p,
//!
//! one product and r^(q−i+1) by square-and-multiply: at most
//! 2⌈log₂(q + 1)⌉ + 1 products instead of q. [`IncrementalMac`] keeps H (and
//! q and the message length), never the message: the caller passes the
//! chunk's old and new bytes.
//!
//! # Nonces
//! A tag is (H + AES_k(n)) mod 2^128. Tagging the changed message under the
//! nonce of an earlier tag would reveal H′ − H = (c′ − c)·r^(q−i+1), from
//! which r follows: nonce reuse. So [`IncrementalMac::tag`] takes a
//! [`FreshNonce`], which only a sequence that never repeats hands out
//! ([`crate::NonceCounter::next_fresh`], `PersistentNonces::next_fresh`
//! with feature `std`), which cannot be built, copied or cloned, and which
//! the tag consumes. A nonce used for one tag cannot be passed again:
//!
//! ```compile_fail,E0382
//! use poly1305_aes::{IncrementalMac, NonceCounter, Poly1305Aes};
//! let mac = Poly1305Aes::new(&[0x0c; 32])?;
//! let mut nonces = NonceCounter::new();
//! let mut msg = vec![7u8; 4096];
//! let mut inc = IncrementalMac::new(&mac, &msg);
//! let n = nonces.next_fresh()?;
//! let (_n1, _tag1) = inc.tag(n);
//! inc.replace_chunk(3, &msg[48..64], &[9; 16])?;
//! let (_n2, _tag2) = inc.tag(n); // the old nonce again: use of a moved value
//! # Ok::<(), poly1305_aes::Error>(())
//! ```
//!
//! nor can a plain [`crate::Nonce`] be passed, nor a [`FreshNonce`] be made
//! from one:
//!
//! ```compile_fail,E0308
//! use poly1305_aes::{IncrementalMac, Nonce, Poly1305Aes};
//! let mac = Poly1305Aes::new(&[0x0c; 32])?;
//! let inc = IncrementalMac::new(&mac, b"message");
//! let _ = inc.tag(Nonce::from_u128(1)); // expected `FreshNonce`
//! # Ok::<(), poly1305_aes::Error>(())
//! ```
//!
//! ```compile_fail,E0423
//! use poly1305_aes::{FreshNonce, Nonce};
//! let _ = FreshNonce(Nonce::from_u128(1)); // private field: no constructor
//! ```
//!
//! What the types cannot see: nonces from two different sequences under one
//! key (see [`crate::nonce`]).
//!
//! ```
//! use poly1305_aes::{IncrementalMac, NonceCounter, Poly1305Aes};
//! let mac = Poly1305Aes::new(&[0x0c; 32])?;
//! let mut nonces = NonceCounter::new();
//! let mut msg = vec![7u8; 1 << 20];
//! let mut inc = IncrementalMac::new(&mac, &msg);
//! let (n1, tag1) = inc.tag(nonces.next_fresh()?);
//! assert_eq!(tag1, mac.authenticate(&n1, &msg));
//! // change chunk 1000 (bytes 16000..16016): about 40 products, not 65536
//! inc.replace_chunk(1000, &msg[16000..16016], b"sixteen new byte")?;
//! msg[16000..16016].copy_from_slice(b"sixteen new byte");
//! let (n2, tag2) = inc.tag(nonces.next_fresh()?);
//! assert_ne!(n1, n2);
//! assert_eq!(tag2, mac.authenticate(&n2, &msg));
//! # Ok::<(), poly1305_aes::Error>(())
//! ```

use core::fmt;

use zeroize::Zeroize;

use crate::Error;
use crate::field::{from_fe, pow, r_fe, to_fe};
use crate::final_steps::finish;
use crate::kernels::{Kernels, partial};
use crate::mac::{MacTag, Poly1305With};
use crate::nonce::{FreshNonce, Nonce};
use crate::pad::PadCipher;

/// A message's Poly1305-AES polynomial value kept for incremental updates
/// (see the [module docs](self)): H = Σ cᵢ·r^(q−i+1) mod (2^130 − 5) in
/// full (below p), the chunk count q and the message length. Holds a value
/// from which, with the message, r could be solved: wiped on drop, never
/// printed.
pub struct IncrementalMac<'k, C: PadCipher> {
    mac: &'k Poly1305With<C>,
    /// H, canonical (below p), as three 64-bit limbs.
    h: [u64; 3],
    len: usize,
}

impl<'k, C: PadCipher> IncrementalMac<'k, C> {
    /// The polynomial value of `msg` under `mac`'s r, computed with its
    /// backend (the whole message: O(L)).
    #[must_use]
    pub fn new(mac: &'k Poly1305With<C>, msg: &[u8]) -> Self {
        let (r, engine) = mac.key();
        let mut h = [0u64; 3];
        let full = msg.len() & !15;
        engine.absorb(&mut h, r, None, &msg[..full]);
        partial(engine, &mut h, r, &msg[full..]);
        let mut x = to_fe(&h);
        h.zeroize();
        let h = from_fe(x);
        x.zeroize();
        Self {
            mac,
            h,
            len: msg.len(),
        }
    }

    /// The message length in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the message is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of chunks q = ⌈len/16⌉.
    #[must_use]
    pub fn chunks(&self) -> usize {
        self.len.div_ceil(16)
    }

    /// Chunk `index` (from 0: bytes 16·index .. 16·index + 16, the last one
    /// shorter if the length is not a multiple of 16) changes from `old` to
    /// `new`: H ← H + (c′ − c)·r^(q − index) mod p, in at most
    /// 2⌈log₂(q + 1)⌉ + 1 products. `old` must be the chunk's current bytes
    /// (they are not checked: the value would then be that of another
    /// message).
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `index` is not a chunk of the message
    /// or `old` or `new` is not that chunk's length (nothing changes).
    pub fn replace_chunk(&mut self, index: usize, old: &[u8], new: &[u8]) -> Result<(), Error> {
        let q = self.chunks();
        if index >= q {
            return Err(Error::InvalidParameter {
                name: "index",
                reason: "not a chunk of the message (chunks are numbered from 0)",
            });
        }
        let want = (self.len - 16 * index).min(16);
        if old.len() != want || new.len() != want {
            return Err(Error::InvalidParameter {
                name: "new",
                reason: "old and new must both be the chunk's length (16, or the last chunk's)",
            });
        }
        // c′ − c = new − old as integers (the padding bits cancel), as the
        // residue new + (p − old): p − old = 2^130 − 5 − old computed with
        // a borrow, not a branch; the sum is below 2^128 + 2^130 (h₂ ≤ 4).
        let le = |b: &[u8]| {
            let mut w = [0u8; 16];
            w[..b.len()].copy_from_slice(b);
            let v = u128::from_le_bytes(w);
            w.zeroize();
            v
        };
        let (mut o, mut n) = (le(old), le(new));
        let (low, borrow) = (u128::MAX - 4).overflowing_sub(o); // 2^128 − 5 − old
        let (low, carry) = low.overflowing_add(n);
        let mut d = [
            low as u64,
            (low >> 64) as u64,
            3 - u64::from(borrow) + u64::from(carry),
        ];
        let rp = pow(r_fe(self.mac.key().0), (q - index) as u64);
        let mut x = to_fe(&self.h) + to_fe(&d) * &rp;
        self.h = from_fe(x);
        let mut rp = rp;
        rp.zeroize();
        x.zeroize();
        d.zeroize();
        o.zeroize();
        n.zeroize();
        Ok(())
    }

    /// The tag (H + AES_k(n)) mod 2^128 of the current message under the
    /// fresh nonce `nonce`, which the tag consumes; returns the nonce (to
    /// send with the tag) and the tag — the same as
    /// [`Poly1305With::authenticate`] of the current message under that
    /// nonce.
    #[must_use]
    pub fn tag(&self, nonce: FreshNonce) -> (Nonce, MacTag) {
        let n = nonce.into_nonce();
        (n, MacTag::from_bytes(finish(&self.h, self.mac.pad(&n))))
    }
}

impl<C: PadCipher> fmt::Debug for IncrementalMac<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IncrementalMac")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

impl<C: PadCipher> Drop for IncrementalMac<'_, C> {
    fn drop(&mut self) {
        self.h.zeroize();
    }
}
