// PLACEHOLDER replaced by the polyside branch
//! Placeholder: forwards to [`super::soft64`] until the real float backend
//! is merged from the polyside branch.

/// Placeholder: same contract as [`super::soft64::blocks`].
#[inline]
pub(crate) fn blocks(h: &mut [u64; 3], r: &[u64; 2], data: &[u8], hibit: bool) {
    super::soft64::blocks(h, r, data, hibit);
}
