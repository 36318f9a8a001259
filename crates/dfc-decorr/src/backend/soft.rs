//! **soft** — the DFC cipher's portable backend: the default bodies of
//! [`CipherKernels`], whose CP reads the table `RT` by scanning all 64
//! entries and keeping one with masks
//! ([`rt_lookup_ct`](crate::cipher::rt_lookup_ct)): no secret-dependent
//! address, no branch.

use crate::cipher::CipherKernels;
use uhash_base::backend::Soft;

/// `soft`: the default bodies.
impl CipherKernels for Soft {}
