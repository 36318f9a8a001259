//! Nonces for Poly1305-AES and the sequences a sender draws them from.
//!
//! Bernstein, *The Poly1305-AES message-authentication code*, §2 "Nonces"
//! and §3 "Responsibilities of the user": each message is sent with a
//! 16-byte nonce `n`, and **the sender must never use the same nonce for two
//! different messages** — the security guarantee (forgery probability at
//! most `δ + 14·D·⌈L/16⌉/2^106` for `C ≤ 2^64` messages) "is not true if
//! the nonce-uniqueness rule is violated": two tags under one nonce reveal
//! the difference of two polynomial values, from which `r` can be solved.
//! The receiver needs no state; nonces need not be secret or random, only
//! unique.
//!
//! The paper's suggestion is "an increasing sequence of nonces in, e.g.,
//! reverse-lexicographic order of 16-byte strings", i.e. a counter read as a
//! little-endian integer ([`Nonce::from_u128`]), and for a key stored on
//! disk, "a safe nonce value — a new nonce larger than any nonce used — on
//! disk alongside the key".
//!
//! | item | what it guarantees |
//! |---|---|
//! | [`Nonce`] | the 16-byte value; no guarantee by itself |
//! | [`NonceCounter`] | strictly increasing nonces **within one process lifetime**; a typed error instead of wrapping around |
//! | [`FreshNonce`] | a nonce one of these sequences handed out, as a token that one tag consumes ([`crate::IncrementalMac::tag`] takes only these) |
//! | `PersistentNonces` (feature `std`) | strictly increasing nonces **across restarts, crashes and power cuts** of one machine, by reserving ahead in a file bound to the key (`uhash_base::nonce_file`): another key's file, a damaged file or one of the earlier formats is refused, never silently restarted |
//!
//! What no sequence here can guarantee: uniqueness across *copies* of the
//! state. Two senders sharing a key (two machines, two containers, two
//! processes each with its own `NonceCounter`), a key file copied to another
//! machine together with its nonce file, a nonce file restored from a backup
//! or snapshot, or a virtual machine resumed twice from the same snapshot
//! all hand out the same nonces again. Give each sender its own key, or a
//! disjoint nonce range ([`NonceCounter::with_range`]), and never roll a
//! nonce file back. (A second nonce file *created* for the same key starts
//! at its own random nonce, so two such files share a nonce only with
//! negligible probability; a copied or restored file is indistinguishable
//! from the original, and no check can catch it.)

#[cfg(feature = "std")]
mod file;
mod value;
#[cfg(feature = "std")]
pub use file::{NonceFileError, PersistError, PersistentNonces};
pub use value::{FreshNonce, Nonce};

use uhash_base::Error;

/// An in-memory, strictly increasing nonce sequence (`no_std`): hands out
/// [`Nonce::from_u128`]`(first)`, `(first + 1)`, …, up to and including
/// `last`, then returns [`Error::NonceExhausted`] forever — it never wraps
/// around.
///
/// Guarantee: within one value of this type, no nonce is returned twice, and
/// each is larger (as a counter) than the previous one. Not guaranteed:
/// anything across process restarts (a new `NonceCounter::new()` starts at 0
/// again — use `PersistentNonces` with `std`, or persist
/// [`NonceCounter::peek`] yourself *before* using the nonces), or across
/// clones: `Clone` is deliberately not implemented, since two clones would
/// hand out the same nonces.
#[derive(Debug)]
pub struct NonceCounter {
    /// The next counter to hand out, `None` once `last` has been handed out.
    next: Option<u128>,
    /// The last counter this sequence may hand out.
    last: u128,
}

impl NonceCounter {
    /// The full sequence `0, 1, …, 2^128 − 1`.
    pub const fn new() -> Self {
        NonceCounter {
            next: Some(0),
            last: u128::MAX,
        }
    }

    /// The sequence `first, first + 1, …, 2^128 − 1` (for example, resuming
    /// from a value stored elsewhere that is larger than every nonce used).
    pub const fn starting_at(first: u128) -> Self {
        NonceCounter {
            next: Some(first),
            last: u128::MAX,
        }
    }

    /// The sequence `first, …, last` (inclusive): a disjoint range per
    /// sender lets several senders share one key safely.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `first > last`.
    pub const fn with_range(first: u128, last: u128) -> Result<Self, Error> {
        if first > last {
            return Err(Error::InvalidParameter {
                name: "first",
                reason: "the first nonce of a range must not exceed the last",
            });
        }
        Ok(NonceCounter {
            next: Some(first),
            last,
        })
    }

    /// Hands out the next nonce.
    ///
    /// # Errors
    /// [`Error::NonceExhausted`] once the last nonce of the range has been
    /// handed out (and on every later call).
    pub fn next_nonce(&mut self) -> Result<Nonce, Error> {
        let n = self.next.ok_or(Error::NonceExhausted)?;
        self.next = if n == self.last {
            None
        } else {
            // n < last ≤ u128::MAX, so n + 1 does not overflow.
            n.checked_add(1)
        };
        Ok(Nonce::from_u128(n))
    }

    /// [`Self::next_nonce`] as a [`FreshNonce`], the token that
    /// [`crate::IncrementalMac::tag`] takes (a value this sequence hands out
    /// once, consumed by one tag).
    ///
    /// # Errors
    /// As [`Self::next_nonce`].
    pub fn next_fresh(&mut self) -> Result<FreshNonce, Error> {
        self.next_nonce().map(FreshNonce::issued)
    }

    /// The nonce the next call to [`NonceCounter::next_nonce`] would return,
    /// or `None` if the sequence is exhausted. Every nonce handed out so far
    /// is smaller than it (as a counter).
    pub const fn peek(&self) -> Option<Nonce> {
        match self.next {
            Some(n) => Some(Nonce::from_u128(n)),
            None => None,
        }
    }
}

impl Default for NonceCounter {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for NonceCounter {
    type Item = Nonce;

    /// The next nonce, or `None` once exhausted (the sequence is fused: it
    /// never starts again).
    fn next(&mut self) -> Option<Nonce> {
        self.next_nonce().ok()
    }
}

impl core::iter::FusedIterator for NonceCounter {}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn nonce_bytes_and_counter() {
        let n = Nonce::from_u128(0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10);
        assert_eq!(
            n.as_bytes(),
            &[
                0x10, 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03,
                0x02, 0x01
            ]
        );
        assert_eq!(n.to_counter(), 0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10);
        assert_eq!(Nonce::from_bytes(*n.as_bytes()), n);
        assert_eq!(Nonce::from_counter(n.to_counter()), Ok(n));
        assert_eq!(Nonce::from([7; 16]).as_ref(), &[7u8; 16][..]);
        assert_eq!(Nonce::from_u128(1).as_bytes()[0], 1);
    }

    #[test]
    fn counter_increases() {
        let mut c = NonceCounter::starting_at(41);
        let a = c.next_nonce().unwrap().to_counter();
        let b = c.next_nonce().unwrap().to_counter();
        assert_eq!((a, b), (41, 42));
        assert_eq!(c.peek(), Some(Nonce::from_u128(43)));
        let mut d = NonceCounter::new();
        let v: std::vec::Vec<u128> = d.by_ref().take(5).map(|n| n.to_counter()).collect();
        assert_eq!(v, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn counter_never_wraps() {
        let mut c = NonceCounter::starting_at(u128::MAX - 1);
        assert_eq!(c.next_nonce().unwrap().to_counter(), u128::MAX - 1);
        assert_eq!(c.next_nonce().unwrap().to_counter(), u128::MAX);
        assert_eq!(c.next_nonce(), Err(Error::NonceExhausted));
        assert_eq!(c.next_nonce(), Err(Error::NonceExhausted));
        assert_eq!(c.peek(), None);
        assert_eq!(c.next(), None);
    }

    #[test]
    fn ranges() {
        let mut c = NonceCounter::with_range(5, 6).unwrap();
        assert_eq!(c.next().map(|n| n.to_counter()), Some(5));
        assert_eq!(c.next().map(|n| n.to_counter()), Some(6));
        assert_eq!(c.next(), None);
        assert_eq!(c.next_nonce(), Err(Error::NonceExhausted));
        let mut one = NonceCounter::with_range(9, 9).unwrap();
        assert_eq!(one.next_nonce().unwrap().to_counter(), 9);
        assert!(one.next_nonce().is_err());
        assert!(matches!(
            NonceCounter::with_range(7, 6),
            Err(Error::InvalidParameter { .. })
        ));
    }
}
