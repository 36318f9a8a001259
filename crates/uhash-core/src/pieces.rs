//! A message read in pieces by several threads at once: each thread asks
//! for the bytes of its own range and receives them in order, in pieces
//! of whole units (16-byte blocks, level-1 chunks), as they arrive.
//!
//! A slice in memory is the trivial case (one piece, no copy); a file read
//! with `pread` into a buffer each thread owns is the case it is for: a
//! thread hashes each piece while the piece is still in its own cache, and
//! no page of the file is mapped. The parallel hashes of the family crates
//! (`LongKey::hash_into_parallel_from`, Poly1305's `…_parallel_from`)
//! take any `Pieces` and return the same value as for the slice of its
//! bytes.

/// What [`Pieces::visit`] hands each piece to.
pub type Sink<'a> = dyn FnMut(&[u8]) + 'a;

/// A message of [`Pieces::len`] bytes that can be read from any offset,
/// by several threads at once.
pub trait Pieces: Sync {
    /// Why a read failed (the hashes stop and return it).
    type Error: Send;

    /// The length of the message in bytes.
    fn len(&self) -> u64;

    /// Whether the message is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `f` with the bytes `at .. at + len` of the message, in order,
    /// in consecutive pieces whose lengths are multiples of `unit` (`unit`
    /// ≥ 1), except that the last piece ends at `at + len` (a caller that
    /// needs a short range in one piece passes its length as `unit`). The
    /// caller keeps `at + len ≤ self.len()`.
    ///
    /// # Errors
    /// Whatever reading the bytes returned; `f` has then seen a prefix of
    /// the range, or nothing.
    fn visit(&self, at: u64, len: u64, unit: usize, f: &mut Sink<'_>) -> Result<(), Self::Error>;
}

/// A slice is its own single piece.
impl Pieces for [u8] {
    type Error = core::convert::Infallible;

    fn len(&self) -> u64 {
        self.len() as u64
    }

    fn visit(&self, at: u64, len: u64, _unit: usize, f: &mut Sink<'_>) -> Result<(), Self::Error> {
        // `at + len ≤ self.len()` (the caller's promise), so both fit.
        let (at, len) = (at as usize, len as usize);
        f(&self[at..at + len]);
        Ok(())
    }
}

/// The value of a result whose error cannot happen.
pub fn infallible<T>(r: Result<T, core::convert::Infallible>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => match e {},
    }
}

/// [`Pieces::visit`] with its promises checked: every piece but the last a
/// whole number of `unit`s, and `len` bytes in all. The parallel hashes
/// read through this, so that an implementation that breaks the contract
/// (a short piece, bytes missing) stops with a panic naming it instead of
/// returning a wrong hash.
///
/// # Errors
/// Whatever `msg` returned.
///
/// # Panics
/// When `msg` broke the contract of [`Pieces::visit`].
pub fn visit_checked<P: Pieces + ?Sized>(
    msg: &P,
    at: u64,
    len: u64,
    unit: usize,
    f: &mut Sink<'_>,
) -> Result<(), P::Error> {
    let unit = unit.max(1);
    let mut seen = 0u64;
    msg.visit(at, len, unit, &mut |piece| {
        seen += piece.len() as u64;
        assert!(
            seen <= len && (piece.len() % unit == 0 || seen == len),
            "Pieces::visit broke its contract: a piece of {} bytes (unit {unit}) at {} of {len}",
            piece.len(),
            seen - piece.len() as u64,
        );
        f(piece);
    })?;
    assert_eq!(
        seen, len,
        "Pieces::visit broke its contract: {seen} of {len} bytes"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out pieces of `size` bytes whatever the unit.
    struct Odd<'a>(&'a [u8], usize);

    impl Pieces for Odd<'_> {
        type Error = core::convert::Infallible;

        fn len(&self) -> u64 {
            self.0.len() as u64
        }

        fn visit(&self, at: u64, len: u64, _: usize, f: &mut Sink<'_>) -> Result<(), Self::Error> {
            let range = &self.0[at as usize..(at + len) as usize];
            for p in range.chunks(self.1) {
                f(p);
            }
            Ok(())
        }
    }

    #[test]
    fn whole_units_pass() {
        let msg = [7u8; 100];
        let mut got = 0;
        infallible(visit_checked(&Odd(&msg, 32), 4, 90, 16, &mut |p| {
            got += p.len()
        }));
        assert_eq!(got, 90);
    }

    #[test]
    #[should_panic(expected = "broke its contract")]
    fn a_piece_of_part_of_a_unit_is_caught() {
        let msg = [7u8; 100];
        let _ = visit_checked(&Odd(&msg, 15), 0, 96, 16, &mut |_| {});
    }
}
