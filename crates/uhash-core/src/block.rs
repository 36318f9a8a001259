//! Streaming input: the pending partial block of a state. A state that
//! takes a message in blocks keeps the bytes that do not yet fill one
//! until a later call completes it; [`top_up`] is that step, written once
//! for every family's state.

/// Moves bytes from the front of `data` into the free end `buf[*used..]`
/// of the pending block `buf`, until the block is full or `data` is spent;
/// `*used` counts the bytes taken and `data` is advanced past them.
/// Returns `true` when the block is full (`*used == buf.len()`), for the
/// caller to absorb it; otherwise `data` is empty.
///
/// # Panics
/// When `*used > buf.len()` (the caller keeps `*used` within its block).
#[inline]
pub fn top_up(buf: &mut [u8], used: &mut usize, data: &mut &[u8]) -> bool {
    let take = (buf.len() - *used).min(data.len());
    buf[*used..*used + take].copy_from_slice(&data[..take]);
    *used += take;
    *data = &data[take..];
    *used == buf.len()
}

#[cfg(test)]
mod tests {
    use super::top_up;

    #[test]
    fn fills_then_reports_a_full_block() {
        let mut buf = [0u8; 4];
        let mut used = 1;
        let mut data: &[u8] = &[1, 2];
        assert!(!top_up(&mut buf, &mut used, &mut data));
        assert_eq!((buf, used, data.len()), ([0, 1, 2, 0], 3, 0));
        let mut data: &[u8] = &[3, 4, 5];
        assert!(top_up(&mut buf, &mut used, &mut data));
        assert_eq!((buf, used, data), ([0, 1, 2, 3], 4, &[4u8, 5][..]));
    }
}
