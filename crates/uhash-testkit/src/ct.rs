//! Constant-time checks with valgrind memcheck (the "ctgrind" technique):
//! mark the secret bytes *undefined*, run the function, and memcheck
//! reports every conditional branch and every memory address computed
//! from them ("Conditional jump or move depends on uninitialised value",
//! "Use of uninitialised value of size 8" in an address). Arithmetic on
//! undefined bytes is silent, so a constant-time function runs clean.
//!
//! The marks are valgrind client requests (the equivalent of `memcheck.h`'s
//! `VALGRIND_MAKE_MEM_UNDEFINED` / `_DEFINED`): a special no-op instruction
//! sequence that valgrind intercepts and a real CPU executes as four
//! rotations that cancel and an `xchg rbx, rbx`. Outside valgrind they do
//! nothing; on targets other than x86-64 (and under Miri) they compile to
//! nothing.

/// memcheck's client request numbers (`memcheck.h`:
/// `VG_USERREQ_TOOL_BASE('M','C')` + offset).
const MC_BASE: u64 = (b'M' as u64) << 24 | (b'C' as u64) << 16;
const MAKE_MEM_UNDEFINED: u64 = MC_BASE + 1;
const MAKE_MEM_DEFINED: u64 = MC_BASE + 2;
/// `VG_USERREQ__SET_VBITS`: one validity bit per data bit (1 = undefined).
const SET_VBITS: u64 = MC_BASE + 9;
/// `valgrind.h`: `VG_USERREQ__RUNNING_ON_VALGRIND`.
const RUNNING_ON_VALGRIND: u64 = 0x1001;
/// `valgrind.h`: `VG_USERREQ__COUNT_ERRORS`.
const COUNT_ERRORS: u64 = 0x1201;

/// The request numbers as `memcheck.h` and `valgrind.h` name them, so that
/// a harness can print them and CI compare them with the installed headers
/// (`VG_USERREQ__MAKE_MEM_UNDEFINED`, …, in that order).
pub const REQUESTS: [(&str, u64); 5] = [
    ("VG_USERREQ__MAKE_MEM_UNDEFINED", MAKE_MEM_UNDEFINED),
    ("VG_USERREQ__MAKE_MEM_DEFINED", MAKE_MEM_DEFINED),
    ("VG_USERREQ__SET_VBITS", SET_VBITS),
    ("VG_USERREQ__RUNNING_ON_VALGRIND", RUNNING_ON_VALGRIND),
    ("VG_USERREQ__COUNT_ERRORS", COUNT_ERRORS),
];

/// One client request; returns `default` when not running under valgrind.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[allow(unsafe_code)] // the client-request instruction sequence
fn request(default: u64, args: &[u64; 6]) -> u64 {
    let mut result = default;
    // SAFETY: four rotations of rdi by 3 + 13 + 61 + 51 = 128 bits (rdi is
    // declared clobbered anyway) and `xchg rbx, rbx`, which changes no
    // register; valgrind reads the six words at rax and writes rdx.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            out("rdi") _,
            options(nostack),
        );
    }
    result
}

/// No client requests here.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
fn request(default: u64, _args: &[u64; 6]) -> u64 {
    default
}

/// Whether this process runs under valgrind.
#[must_use]
pub fn running_on_valgrind() -> bool {
    request(0, &[RUNNING_ON_VALGRIND, 0, 0, 0, 0, 0]) != 0
}

/// Marks `bytes` as secret: memcheck treats them as undefined, so any
/// branch or address that depends on them is reported.
pub fn secret(bytes: &[u8]) {
    request(
        0,
        &[
            MAKE_MEM_UNDEFINED,
            bytes.as_ptr() as u64,
            bytes.len() as u64,
            0,
            0,
            0,
        ],
    );
}

/// Marks `bytes` as public again (for example an output that is released,
/// like a tag, before it is compared or printed).
pub fn public(bytes: &[u8]) {
    request(
        0,
        &[
            MAKE_MEM_DEFINED,
            bytes.as_ptr() as u64,
            bytes.len() as u64,
            0,
            0,
            0,
        ],
    );
}

/// Marks the bits of `bytes` that are set in `mask` as secret and the others
/// as public (`mask.len()` must equal `bytes.len()`; a shorter mask covers
/// a prefix). For a key whose format fixes some bits (Poly1305's r: 22 bits
/// always 0), the fixed bits are public and only the free ones secret:
/// memcheck then follows the 106 secret bits of r exactly, and a check of
/// the fixed bits is not a secret-dependent branch.
pub fn secret_bits(bytes: &[u8], mask: &[u8]) {
    let n = bytes.len().min(mask.len());
    let r = request(
        0,
        &[
            SET_VBITS,
            bytes.as_ptr() as u64,
            mask.as_ptr() as u64,
            n as u64,
            0,
            0,
        ],
    );
    // 0: not under valgrind; 1: done; 3: not addressable (then nothing was
    // marked, and a check that relied on it would pass in silence).
    assert!(r <= 1, "VALGRIND_SET_VBITS failed ({r})");
}

/// The number of errors memcheck has reported so far in this process (0
/// outside valgrind). A harness reads it before and after a function to
/// attribute the errors to it.
#[must_use]
pub fn error_count() -> u64 {
    request(0, &[COUNT_ERRORS, 0, 0, 0, 0, 0])
}

/// [`public`] for the bytes of any value, `Copy` or not (a `Result`, a
/// `Vec`'s inline part): its `size_of_val` bytes at its address.
pub fn public_ref<T: ?Sized>(v: &T) {
    request(
        0,
        &[
            MAKE_MEM_DEFINED,
            core::ptr::from_ref(v).cast::<u8>() as u64,
            size_of_val(v) as u64,
            0,
            0,
            0,
        ],
    );
}

/// [`secret`] for the bytes of any plain value (a key array, a struct of
/// integers).
pub fn secret_value<T: Copy>(v: &T) {
    // Only the address and size are passed to valgrind.
    request(
        0,
        &[
            MAKE_MEM_UNDEFINED,
            core::ptr::from_ref(v) as u64,
            size_of::<T>() as u64,
            0,
            0,
            0,
        ],
    );
}

/// [`public`] for the bytes of any plain value.
pub fn public_value<T: Copy>(v: &T) {
    request(
        0,
        &[
            MAKE_MEM_DEFINED,
            core::ptr::from_ref(v) as u64,
            size_of::<T>() as u64,
            0,
            0,
            0,
        ],
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Natively every request returns its default and changes nothing.
    #[test]
    fn requests_are_no_ops_natively() {
        if running_on_valgrind() {
            return;
        }
        let key = [7u8; 32];
        secret(&key);
        public(&key);
        secret_value(&1234u64);
        secret_bits(&key, &[0x0f; 32]);
        public_ref(&Ok::<u8, ()>(3));
        assert_eq!(key, [7u8; 32]);
        assert_eq!(error_count(), 0);
        assert_eq!(request(42, &[0, 0, 0, 0, 0, 0]), 42);
    }
}
