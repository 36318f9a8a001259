//! Poly1305-AES (skeleton of the `polyside` branch: only the nonce module
//! and the soft32/float block functions; the real crate root comes from the
//! other branch).
#![no_std]

#[cfg(feature = "std")]
extern crate std;

#[allow(dead_code)]
mod backend;
pub mod nonce;
