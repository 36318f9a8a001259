//! The reference functions (`uhash_ref`) by the names the production
//! variants go by.

use uhash_ref::sqh as r;

/// The Square Hash variants of `uhash_ref::sqh`, by `sqh::Variant::name`.
const SQH: [(&str, r::VecFn); 8] = [
    ("sqh_star", r::sqh_star),
    ("sqh_asm", r::sqh_asm),
    ("sqh_asm2", r::sqh_asm2),
    ("sqh_c", r::sqh_c),
    ("sqh_c2", r::sqh_c2),
    ("sqh_e", r::sqh_e),
    ("sqh_asm2_mod_p", r::sqh_asm2_mod_p),
    ("sqh2", r::sqh2),
];

/// The reference function of the Square Hash variant named `name`
/// (`sqh::Variant::name`). Panics on an unknown name.
#[must_use]
pub fn sqh(name: &str) -> r::VecFn {
    SQH.iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no reference Square Hash variant {name}"))
        .1
}
