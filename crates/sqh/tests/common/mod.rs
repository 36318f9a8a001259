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
    match v {
        Variant::Star => r::sqh_star,
        Variant::Asm => r::sqh_asm,
        Variant::Asm2 => r::sqh_asm2,
        Variant::C => r::sqh_c,
        Variant::C2 => r::sqh_c2,
        Variant::E => r::sqh_e,
        Variant::Asm2ModP => r::sqh_asm2_mod_p,
        Variant::Sqh2 => r::sqh2,
    }
}

/// `n` mixed words.
pub fn pattern(n: usize, seed: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| {
            i.wrapping_mul(0x9e37_79b9)
                .wrapping_add(seed)
                .rotate_left(i % 31)
        })
        .collect()
}
