//! Helpers shared by the test files.
#![allow(dead_code)]

use sqh::Variant;
use uhash_ref::sqh as r;

/// 32-bit words as little-endian bytes.
pub fn key_bytes(key: &[u32]) -> Vec<u8> {
    key.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The reference function of a variant.
pub fn ref_fn(v: Variant) -> r::VecFn {
    uhash_testkit::reference::sqh(v.name())
}
