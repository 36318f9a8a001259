//! Toeplitz key windows (MMH §2.4; digestMW, Nguyen–Roscoe Thm. 3; NH's
//! multi-word form).
//!
//! An n-word output hashes the same k-word message under n keys that are
//! overlapping windows of one key: window i (0-based) is
//! `key[i·shift .. i·shift + k]`. MMH and digestMW shift by one word; NH
//! shifts by two (one word pair). The key must hold k + shift·(n − 1) words;
//! a longer key is used by its prefix (MMH §3.4).

use crate::Error;

/// The key length in words that an n-window Toeplitz hash of k words needs.
///
/// Returns [`Error::InvalidParameter`] when n or k is zero or the length
/// overflows.
pub const fn key_words_needed(k: usize, n: usize, shift: usize) -> Result<usize, Error> {
    if n == 0 {
        return Err(Error::InvalidParameter {
            name: "n",
            reason: "the number of output words must be at least 1",
        });
    }
    if k == 0 {
        return Err(Error::InvalidParameter {
            name: "k",
            reason: "the message must hold at least one word",
        });
    }
    match shift.checked_mul(n - 1) {
        Some(s) => match s.checked_add(k) {
            Some(total) => Ok(total),
            None => Err(Error::InvalidParameter {
                name: "n",
                reason: "key length overflows usize",
            }),
        },
        None => Err(Error::InvalidParameter {
            name: "n",
            reason: "key length overflows usize",
        }),
    }
}

/// The n windows of `key` of k words each, shifted by `shift` words.
///
/// # Errors
/// [`Error::KeyTooShort`] if `key` has fewer than k + shift·(n−1) words;
/// [`Error::InvalidParameter`] if n or k is zero.
pub fn windows<T>(
    key: &[T],
    k: usize,
    n: usize,
    shift: usize,
) -> Result<impl ExactSizeIterator<Item = &[T]> + Clone, Error> {
    let needed = key_words_needed(k, n, shift)?;
    if key.len() < needed {
        return Err(Error::KeyTooShort {
            needed,
            got: key.len(),
        });
    }
    Ok((0..n).map(move |i| &key[i * shift..i * shift + k]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_overlap() {
        let key = [1, 2, 3, 4, 5, 6];
        let w: [&[i32]; 3] = {
            let mut it = windows(&key, 3, 3, 1).unwrap();
            [it.next().unwrap(), it.next().unwrap(), it.next().unwrap()]
        };
        assert_eq!(w, [&[1, 2, 3][..], &[2, 3, 4], &[3, 4, 5]]);
        let mut nh = windows(&key, 2, 3, 2).unwrap();
        assert_eq!(nh.next().unwrap(), &[1, 2]);
        assert_eq!(nh.nth(1).unwrap(), &[5, 6]);
        assert!(matches!(
            windows(&key, 4, 3, 2),
            Err(Error::KeyTooShort { needed: 8, got: 6 })
        ));
        assert!(windows(&key, 0, 1, 1).is_err());
        assert!(windows(&key, 1, 0, 1).is_err());
        assert!(key_words_needed(1, usize::MAX, 2).is_err());
    }
}
