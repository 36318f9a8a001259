//! How a range handed to [`uhash::base::pieces::Pieces::visit`] is cut by
//! the command line's readers (`pread`, mapped windows): into spans of the
//! same size, a whole number of the caller's units and about `target`
//! bytes, the last one ending at the range's end.

/// The spans (offset, length) of `at .. at + len` in pieces of whole
/// `unit`s of at most `target` bytes (at least one unit), in order.
pub fn spans(at: u64, len: u64, unit: usize, target: usize) -> impl Iterator<Item = (u64, usize)> {
    let unit = unit.max(1);
    let piece = ((target / unit).max(1) * unit) as u64;
    let end = at + len;
    (at..end)
        .step_by(usize::try_from(piece).unwrap_or(usize::MAX))
        .map(move |pos| (pos, (end - pos).min(piece) as usize))
}

#[cfg(test)]
mod tests {
    use super::spans;

    #[test]
    fn whole_units_then_the_rest() {
        let s: Vec<_> = spans(5, 100, 16, 40).collect();
        assert_eq!(s, [(5, 32), (37, 32), (69, 32), (101, 4)]);
        // A unit above the target: one unit a piece.
        let s: Vec<_> = spans(0, 50, 30, 8).collect();
        assert_eq!(s, [(0, 30), (30, 20)]);
        assert_eq!(spans(9, 0, 16, 64).count(), 0);
    }
}
