//! Heap storage for a long key (and for the long-message chunk buffer):
//! 64-byte aligned (so that a SIMD load at a block boundary never splits a
//! cache line), zeroized on drop, never printed.

use alloc::vec::Vec;
use zeroize::Zeroize;

/// `len` words of type `T`, the first one 64-byte aligned.
pub(crate) struct KeyWords<T: Copy + Default + Zeroize> {
    buf: Vec<T>,
    off: usize,
    len: usize,
}

impl<T: Copy + Default + Zeroize> KeyWords<T> {
    /// Extra words allocated so that an aligned start exists.
    const SLACK: usize = 64 / core::mem::size_of::<T>();

    /// `len` words, filled in order by `next`.
    pub(crate) fn from_fn(len: usize, mut next: impl FnMut() -> T) -> Self {
        let mut buf = alloc::vec![T::default(); len + Self::SLACK];
        let off = buf.as_ptr().align_offset(64).min(Self::SLACK);
        for w in buf.iter_mut().skip(off).take(len) {
            *w = next();
        }
        Self { buf, off, len }
    }

    /// The words.
    #[inline(always)]
    pub(crate) fn words(&self) -> &[T] {
        self.buf.get(self.off..self.off + self.len).unwrap_or(&[])
    }

    /// The words, mutably.
    #[inline(always)]
    pub(crate) fn words_mut(&mut self) -> &mut [T] {
        self.buf
            .get_mut(self.off..self.off + self.len)
            .unwrap_or(&mut [])
    }
}

impl<T: Copy + Default + Zeroize> Zeroize for KeyWords<T> {
    fn zeroize(&mut self) {
        self.buf.zeroize();
        self.buf.resize(self.len + Self::SLACK, T::default());
    }
}

impl<T: Copy + Default + Zeroize> Clone for KeyWords<T> {
    fn clone(&self) -> Self {
        let mut it = self.words().iter();
        Self::from_fn(self.len, || it.next().copied().unwrap_or_default())
    }
}

impl<T: Copy + Default + Zeroize> Drop for KeyWords<T> {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}
