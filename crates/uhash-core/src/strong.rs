//! Lemma 1 of Etzel–Patel–Ramzan (*Square Hash*, CRYPTO 1999): any
//! Δ-universal family becomes strongly universal by adding an independent,
//! uniformly random group element.
//!
//! # Definition
//! For a family h_x: D → G over an abelian group G, the adapter is keyed by
//! (x, b) with b ∈ G and computes
//! ```text
//! h′_{x,b}(m) = h_x(m) + b            (the group operation of G)
//! ```
//! # Bound
//! If h is ε-almost-Δ-universal over G (Pr_x[h_x(m) − h_x(m′) = δ] ≤ ε for
//! all m ≠ m′, δ), then for all m ≠ m′ and α, β ∈ G, with b uniform and
//! independent of x, Pr[h′(m) = α ∧ h′(m′) = β] = Pr[h_x(m) − h_x(m′) =
//! α − β] · Pr[b = α − h_x(m)] ≤ ε/|G| (the paper's proof with ε in place of
//! 1/|R|; ε = 1/|G| gives strong universality, Thm. 2 for SQHU).
//!
//! The adapter is generic: it wraps any function returning a [`Group`]
//! element — a Square Hash value in Z_p ([`crate::pw::Elem`]), an MMH32
//! output in Z/2^32 (`u32`), or several lanes at once (`[G; N]`, the product
//! group, where b has one uniform component per lane). `b` is zeroized on
//! drop. Uniformity of b over G is the caller's duty (for Z_p: reject or
//! reduce a random value below p; a value reduced from a wider uniform
//! string is only close to uniform).

use crate::pw::Elem;
use zeroize::Zeroize;

/// An abelian group whose operation the adapter uses.
pub trait Group: Copy + Zeroize {
    /// The group operation.
    #[must_use]
    fn op(&self, other: &Self) -> Self;
}

macro_rules! wrapping_group {
    ($($t:ty)*) => {$(
        /// Z/2^b under addition (wrapping).
        impl Group for $t {
            #[inline]
            fn op(&self, other: &Self) -> Self {
                self.wrapping_add(*other)
            }
        }
    )*};
}
wrapping_group!(u8 u16 u32 u64 u128);

/// Z_{p_W} under addition (operands must be residues, as every `Elem`
/// produced by reduction is).
impl<const W: usize> Group for Elem<W> {
    #[inline]
    fn op(&self, other: &Self) -> Self {
        self.add(other)
    }
}

/// The product group G^N, component by component.
impl<G: Group, const N: usize> Group for [G; N]
where
    [G; N]: Zeroize,
{
    #[inline]
    fn op(&self, other: &Self) -> Self {
        let mut out = *self;
        for (o, b) in out.iter_mut().zip(other) {
            *o = o.op(b);
        }
        out
    }
}

/// Lemma 1's adapter: `h` followed by `+ b`. See the [module docs](self).
#[derive(Clone)]
pub struct Strong<H, G: Group> {
    h: H,
    b: G,
}

impl<H, G: Group> Strong<H, G> {
    /// The adapter over `h` with the offset `b` (uniform in G for the bound).
    pub fn new(h: H, b: G) -> Self {
        Self { h, b }
    }

    /// The wrapped hash.
    pub fn inner(&self) -> &H {
        &self.h
    }

    /// `v + b`: the adapter applied to a value the caller computed with the
    /// wrapped hash.
    #[must_use]
    pub fn offset(&self, v: &G) -> G {
        v.op(&self.b)
    }

    /// h′(m) = h(m) + b, for a wrapped hash given as a fallible function.
    ///
    /// # Errors
    /// What `h` returns.
    pub fn hash<M: ?Sized, E>(&self, m: &M) -> Result<G, E>
    where
        H: Fn(&M) -> Result<G, E>,
    {
        Ok(self.offset(&(self.h)(m)?))
    }
}

impl<H, G: Group> core::fmt::Debug for Strong<H, G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Strong").finish_non_exhaustive()
    }
}

impl<H, G: Group> Drop for Strong<H, G> {
    fn drop(&mut self) {
        self.b.zeroize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_in_each_group() {
        let s = Strong::new(|m: &u32| Ok::<_, ()>(m.wrapping_mul(3)), 5u32);
        assert_eq!(
            s.hash(&u32::MAX),
            Ok(u32::MAX.wrapping_mul(3).wrapping_add(5))
        );
        let lanes = Strong::new(|m: &[u64; 2]| Ok::<_, ()>(*m), [1u64, u64::MAX]);
        assert_eq!(lanes.hash(&[2, 2]), Ok([3, 1]));
        // Z_p with p = 2^32 + 15: (p − 1) + 2 = 1.
        let pm1 = Elem::<1>::from_limbs_reduced(&[14, 1]);
        let two = Elem::<1>::from_words(&[2]);
        let z = Strong::new(|_: &()| Ok::<_, ()>(pm1), two);
        assert_eq!(z.hash(&()).unwrap(), Elem::<1>::from_words(&[1]));
    }

    /// Z/251 for an exhaustive check.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct F251(u32);
    impl Zeroize for F251 {
        fn zeroize(&mut self) {
            self.0.zeroize();
        }
    }
    impl Group for F251 {
        fn op(&self, other: &Self) -> Self {
            F251((self.0 + other.0) % 251)
        }
    }

    #[test]
    fn exhaustive_strong_universality_small_group() {
        // h_x(m) = x·m mod 251 is Δ-universal; through the adapter every
        // pair of outputs (α, β) of two messages is hit by exactly one key
        // (x, b): probability 1/251².
        const P: u32 = 251;
        let (m, n) = (3u32, 10u32);
        let mut count = [[0u8; P as usize]; P as usize];
        for x in 0..P {
            for b in 0..P {
                let s = Strong::new(move |m: &u32| Ok::<_, ()>(F251(x * m % P)), F251(b));
                let hm = s.hash(&m).unwrap().0;
                let hn = s.hash(&n).unwrap().0;
                count[hm as usize][hn as usize] += 1;
            }
        }
        assert!(count.iter().flatten().all(|&c| c == 1));
    }
}
