//! A home whose every byte is zeroed when the value in it is dropped —
//! padding and the unused bytes of a smaller enum variant included.
//!
//! `zeroize` wipes a value field by field, as its type defines; the bytes
//! between fields and the tail of a short enum variant are no field's, and
//! they hold whatever the value's temporary copies left there — key bytes a
//! constructor had on the stack, for instance. [`Wiped`] runs the value's
//! own `Drop` and then overwrites all `size_of::<T>()` bytes.
#![allow(unsafe_code)] // writing zeros over a dropped value's storage.

use core::mem::{ManuallyDrop, size_of};
use core::ops::{Deref, DerefMut};
use core::sync::atomic::{Ordering, compiler_fence};

/// `T`, whose storage is zeroed byte by byte after `T` is dropped.
///
/// Note: as with any zeroize-on-drop type, moving a `Wiped<T>` copies its
/// bytes and the old place is not wiped; this clears the final home.
#[derive(Default)]
pub struct Wiped<T>(ManuallyDrop<T>);

impl<T> Wiped<T> {
    /// Wraps a value.
    pub const fn new(value: T) -> Self {
        Self(ManuallyDrop::new(value))
    }
}

impl<T> Deref for Wiped<T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Wiped<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Clone> Clone for Wiped<T> {
    fn clone(&self) -> Self {
        Self::new(T::clone(self))
    }
}

impl<T> Drop for Wiped<T> {
    fn drop(&mut self) {
        // SAFETY: the value is dropped here once; it is not used after.
        unsafe { ManuallyDrop::drop(&mut self.0) };
        let p = core::ptr::from_mut(&mut self.0).cast::<u8>();
        for i in 0..size_of::<T>() {
            // SAFETY: `p + i` lies in this field's own storage
            // (`ManuallyDrop<T>` has `T`'s layout); the value there was
            // dropped above, so the bytes are plain memory to overwrite.
            // Volatile: the stores are not removed as dead.
            unsafe { core::ptr::write_volatile(p.add(i), 0) };
        }
        compiler_fence(Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tag at byte 0, payload at byte 8: `Small` leaves bytes 1..8 (padding)
    /// and 9..40 (the tail of the larger variant) unwritten.
    #[allow(dead_code)]
    #[repr(C, u8)]
    enum Padded {
        Small(u8),
        Big([u64; 4]),
    }

    #[test]
    fn every_byte_is_zero_after_drop() {
        const SIZE: usize = size_of::<Wiped<Padded>>();
        assert_eq!(SIZE, 40);
        let mut slot = core::mem::MaybeUninit::<Wiped<Padded>>::uninit();
        let p = slot.as_mut_ptr();
        // SAFETY: `p` is the slot's storage; after the value is written,
        // bytes other than the tag (0) and the payload (8) are padding or
        // the unused tail, which may hold any bytes — a constructor's key
        // copies, here 0xAA; the value is dropped once and not used after.
        let after = unsafe {
            p.write(Wiped::new(Padded::Small(7)));
            let b = p.cast::<u8>();
            for i in (1..SIZE).filter(|&i| i != 8) {
                b.add(i).write(0xAA);
            }
            core::ptr::drop_in_place(p);
            core::slice::from_raw_parts(b, SIZE)
        };
        assert!(after.iter().all(|&b| b == 0), "{after:?}");
    }
}
